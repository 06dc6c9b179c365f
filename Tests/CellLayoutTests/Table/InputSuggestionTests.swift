import CellLayout
import Foundation
import Testing

/// Errors that suggest the fix (issue 23 item 3): "did you mean" for unknown keys and values,
/// every accepted form named where a value has several (frames, points, sizes, fonts), and
/// UIKit's CGRect spellings accepted as frames. Each message is the whole text a user sees
/// after the path (SPEC.md's `path: message`).
@Suite struct InputSuggestionTests {
    /// The decoding error of a 375-wide table whose only row is `row`.
    func error(row: String) throws -> String {
        try error(#"{"width": 375, "rows": [\#(row)]}"#)
    }

    /// The decoding error `json` gives, as "path: message".
    func error(_ json: String) throws -> String {
        do {
            _ = try TableDecoder(fonts: TestFonts.library).decode(try JSONParser.parse(json))
        } catch {
            return "\(error)"
        }
        return "no error"
    }

    static let frameForms = #"a frame is a CGRect — [x, y, width, height], {"x", "y", "width", "height"}, "#
        + #"{"origin": {"x", "y"}, "size": {"width", "height"}} or "{{x, y}, {width, height}}" — or a rule of "#
        + "left, right, top, bottom, centerX, centerY, width, widthFraction, height, heightFraction"

    @Test func unknownKeysSuggestTheNearestKnownOne() throws {
        // A UIKit property name spelt nothing like the format's key (a synonym).
        #expect(try error(row: #"{"title": "Wi-Fi"}"#) == #"rows[0].title: unknown key (did you mean "text"?)"#)
        // The format's key inside UIKit's property name.
        #expect(try error(row: #"{"text": "Wi-Fi", "accessoryType": "checkmark"}"#)
            == #"rows[0].accessoryType: unknown key (did you mean "accessory"?)"#)
        #expect(try error(row: #"{"text": "Wi-Fi", "imageView": {"width": 29, "height": 29}}"#)
            == #"rows[0].imageView: unknown key (did you mean "image"?)"#)
        // Typos: one edit, and a swap of two letters.
        #expect(try error(row: #"{"text": "Wi-Fi", "numberOfLine": 2}"#)
            == #"rows[0].numberOfLine: unknown key (did you mean "numberOfLines"?)"#)
        #expect(try error(row: #"{"text": "Wi-Fi", "heigth": 60}"#) == #"rows[0].heigth: unknown key (did you mean "height"?)"#)
        #expect(try error(row: #"{"text": "Wi-Fi", "font": {"name": "Inter", "size": 17}}"#)
            == #"rows[0].font.name: unknown key (did you mean "family"?)"#)
        #expect(try error(#"{"width": 375, "metrics": {"separatorThicknes": 1}, "rows": []}"#)
            == #"metrics.separatorThicknes: unknown key (did you mean "separatorThickness"?)"#)
        // A key inside two: both named.
        #expect(try error(row: #"{"text": "Wi-Fi", "lines": 2}"#)
            == #"rows[0].lines: unknown key (did you mean "numberOfLines" or "detailNumberOfLines"?)"#)
        // Nothing near: the keys are listed, as before.
        #expect(try error(row: #"{"text": "Wi-Fi", "safeArea": {"left": 1}}"#).hasPrefix(
            "rows[0].safeArea: unknown key (expected one of id, style, text, detailText, font,"))
    }

    @Test func unknownValuesSuggestTheNearestNameAndListThemAll() throws {
        #expect(try error(row: #"{"text": "Wi-Fi", "lineBreakMode": "truncateTail"}"#)
            == #"rows[0].lineBreakMode: unknown line break mode "truncateTail" (did you mean "tail"? expected one of word, char, clip, head, tail, middle)"#)
        #expect(try error(row: #"{"text": "Wi-Fi", "style": "UITableViewCellStyleSubtitel"}"#)
            == #"rows[0].style: unknown cell style "UITableViewCellStyleSubtitel" (did you mean "subtitle"? expected one of default, value1, value2, subtitle)"#)
        #expect(try error(row: #"{"text": "Wi-Fi", "font": {"weight": "semi-bold"}}"#)
            == #"rows[0].font.weight: unknown font weight "semi-bold" (did you mean "semibold"? expected one of ultralight, thin, light, regular, medium, semibold, bold, heavy, black)"#)
        #expect(try error(row: #"{"text": "Wi-Fi", "accessory": "disclosure"}"#)
            == #"rows[0].accessory: unknown accessory "disclosure" (did you mean "disclosureIndicator" or "detailDisclosureButton"? expected one of none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton, or {"view": …})"#)
        // As near one name as another (ios9: ios6, ios7, ios8): no guess.
        #expect(try error(#"{"width": 375, "platform": "ios9", "rows": []}"#)
            == #"platform: unknown platform "ios9" (expected one of ios6, ios7, ios8, ios11, ios13, ios15)"#)
    }

    // MARK: Frames, points, sizes and fonts in every spelling

    @Test func aCGRectInUIKitsSpellingsIsThatRect() throws {
        // `CGRect(origin: CGPoint(x: 10, y: 6), size: CGSize(width: 100, height: 31))`, and the
        // string NSStringFromCGRect prints for it: the frame as written (no mask, 320-wide table).
        let expected = CGRect(x: 10, y: 6, width: 100, height: 31)
        for frame in [#"{"origin": {"x": 10, "y": 6}, "size": {"width": 100, "height": 31}}"#,
                      #"{"origin": [10, 6], "size": [100, 31]}"#, #""{{10, 6}, {100, 31}}""#, #""{{10,6},{100,31}}""#] {
            let table = try Tables.layout(try JSONParser.parse(
                #"{"width": 320, "rows": [{"height": 44, "subviews": [{"id": "box", "kind": "view", "frame": \#(frame)}]}]}"#))
            #expect(table.sections[0].rows[0].subviews.first?.frame == expected, "\(frame)")
        }
        // NSStringFromCGPoint for a centre: the 51 × 31 switch centred at (280, 22).
        let centred = try Tables.layout(try JSONParser.parse(
            #"{"width": 320, "rows": [{"height": 44, "subviews": [{"id": "s", "kind": "switch", "center": "{280, 22}"}]}]}"#))
        #expect(centred.sections[0].rows[0].subviews.first?.frame == CGRect(x: 254.5, y: 6.5, width: 51, height: 31))
        // NSStringFromCGSize and [w, h] for an image: 29 × 29 at the leading margin either way.
        let images = try ["[29, 29]", #""{29, 29}""#, #"{"width": 29, "height": 29}"#].map { size in
            try Tables.layout(try JSONParser.parse(#"{"width": 320, "rows": [{"text": "A", "image": \#(size)}]}"#))
                .sections[0].rows[0].imageView
        }
        #expect(images[0] != nil && images.allSatisfy { $0 == images[0] })
    }

    @Test func badFramesSizesAndFontsNameEveryForm() throws {
        let view = #"{"id": "a", "kind": "view", "frame": FRAME}"#
        func frame(_ frame: String) throws -> String {
            try error(row: #"{"subviews": [\#(view.replacingOccurrences(of: "FRAME", with: frame))]}"#)
        }
        #expect(try frame(#"{"orign": [10, 6], "size": [51, 31]}"#)
            == #"rows[0].subviews[0].frame.orign: unknown key (did you mean "origin"?)"#)
        #expect(try frame(#"{"orign": [10, 6]}"#)
            == #"rows[0].subviews[0].frame.orign: unknown key (did you mean "origin"? \#(Self.frameForms))"#)
        #expect(try frame("true") == "rows[0].subviews[0].frame: expected a frame, got a boolean (\(Self.frameForms))")
        #expect(try frame(#"{"origin": [10, 6]}"#)
            == #"rows[0].subviews[0].frame: a frame as UIKit nests it needs "origin" and "size""#)
        #expect(try frame(#""{{10, 6}, {51}}""#)
            == #"rows[0].subviews[0].frame: expected a CGRect as NSStringFromCGRect writes it, "{{x, y}, {width, height}}" (a size not negative), got "{{10, 6}, {51}}""#)
        #expect(try error(row: #"{"text": "A", "image": 29}"#)
            == #"rows[0].image: expected a size, got a number (a size is {"width", "height"}, [width, height] or "{width, height}")"#)
        let fonts = #"a font is an object: {"family", "size", "weight", "italic"}, {"file", "size"} or {"textStyle"}"#
        #expect(try error(row: #"{"text": "A", "font": "body"}"#)
            == #"rows[0].font: expected a font, got a string (\#(fonts); for a text style write {"textStyle": "body"})"#)
        #expect(try error(row: #"{"text": "A", "font": "Helvetica"}"#)
            == #"rows[0].font: expected a font, got a string (\#(fonts); for a family write {"family": "Helvetica"})"#)
        #expect(try error(row: #"{"text": "A", "font": 17}"#)
            == #"rows[0].font: expected a font, got a number (\#(fonts); for the system font at a size write {"size": 17})"#)
    }
}
