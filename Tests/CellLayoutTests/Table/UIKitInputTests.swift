import CellLayout
import CellLayoutRender
import Foundation
import Testing

/// The input a UIKit developer writes (issue 12 item 6): frames as CGRects, centres, fonts
/// without a size, the table's `rowHeight`, rows hidden by height 0 and the
/// `detailDisclosureButton` view kind, with the expected values derived by hand from
/// UIKit's rules, and the strict errors around them.
@Suite struct UIKitInputTests {
    func table(_ json: String) throws -> TableLayout { try Tables.layout(try JSONParser.parse(json)) }

    /// The decoding error `json` gives, as "path: message".
    func error(_ json: String) throws -> String {
        do {
            _ = try TableDecoder(fonts: TestFonts.library).decode(try JSONParser.parse(json))
        } catch {
            return "\(error)"
        }
        return "no error"
    }

    /// A 320-wide table whose only row is 44 tall and has `view` as its one subview.
    func row(with view: String) -> String {
        #"{"width": 320, "rows": [{"height": 44, "subviews": [\#(view)]}]}"#
    }

    // MARK: Frames and centres

    @Test func aFrameWrittenAsACGRectIsThatRect() throws {
        // `view.frame = CGRect(x: 10, y: 5, width: 100, height: 30)` in the initial 320 × 44
        // bounds. The row has no accessory, so the content view is 320 wide and 43 high
        // (44 − the 1-pt separator); with no autoresizing mask nothing moves: the frame is
        // the rect as written.
        let expected = CGRect(x: 10, y: 5, width: 100, height: 30)
        for frame in [#"[10, 5, 100, 30]"#, #"{"x": 10, "y": 5, "width": 100, "height": 30}"#,
                      #"{"left": 10, "top": 5, "width": 100, "height": 30}"#] {
            let table = try table(row(with: #"{"id": "box", "kind": "view", "frame": \#(frame)}"#))
            #expect(table.sections[0].rows[0].subviews.first?.frame == expected, "\(frame)")
        }
    }

    @Test func aCentreKeepsTheViewsSizeAndMovesIt() throws {
        // `toggle.center = CGPoint(x: 280, y: 22)`: UISwitch is 51 × 31, so its origin is
        // (280 − 25.5, 22 − 15.5) = (254.5, 6.5).
        var table = try table(row(with: #"{"id": "toggle", "kind": "switch", "center": [280, 22]}"#))
        #expect(table.sections[0].rows[0].subviews.first?.frame == CGRect(x: 254.5, y: 6.5, width: 51, height: 31))
        // A CGRect frame, then its centre moved (UIKit code's usual order): the size stays
        // 100 × 20, the origin becomes (160 − 50, 22 − 10) = (110, 12).
        table = try self.table(row(with: #"{"id": "box", "kind": "view", "frame": [0, 0, 100, 20], "center": {"x": 160, "y": 22}}"#))
        #expect(table.sections[0].rows[0].subviews.first?.frame == CGRect(x: 110, y: 12, width: 100, height: 20))
        // A frame giving only a size: centred at (50, 10), origin (0, 0).
        table = try self.table(row(with: #"{"id": "box", "kind": "view", "frame": {"width": 100, "height": 20}, "center": [50, 10]}"#))
        #expect(table.sections[0].rows[0].subviews.first?.frame == CGRect(x: 0, y: 0, width: 100, height: 20))
        // In Swift: an inset-sized axis keeps its size (320 − 10 − 10 = 300) and is centred.
        let rule = FrameRule(left: 10, right: 10, height: 20).centered(at: CGPoint(x: 200, y: 30))
        #expect(rule == FrameRule(centerX: 40, centerY: 8, width: 300, height: 20))
        #expect(FrameRule(CGRect(x: 1, y: 2, width: 3, height: 4)) == FrameRule(left: 1, top: 2, width: 3, height: 4))
    }

    @Test func badFramesAndCentresAreNamed() throws {
        let at = "rows[0].subviews[0]"
        #expect(try error(row(with: #"{"id": "a", "kind": "view", "frame": [1, 2, 3]}"#))
            == "\(at).frame: a frame as an array is [x, y, width, height]: expected 4 numbers, got 3")
        #expect(try error(row(with: #"{"id": "a", "kind": "view", "frame": [1, 2, -3, 4]}"#))
            == "\(at).frame[2]: must be from 0 to 1000000, got -3")
        #expect(try error(row(with: #"{"id": "a", "kind": "view", "frame": [1, "2", 3, 4]}"#))
            == "\(at).frame[1]: expected a number, got a string")
        #expect(try error(row(with: #"{"id": "a", "kind": "view", "frame": {"x": 1, "y": 2, "width": 3}}"#))
            == "\(at).frame: a frame as a CGRect needs \"x\", \"y\", \"width\" and \"height\"")
        #expect(try error(row(with: #"{"id": "a", "kind": "view", "frame": {"x": 1, "y": 2, "width": 3, "height": -1}}"#))
            == "\(at).frame.height: must be from 0 to 1000000, got -1")
        #expect(try error(row(with: #"{"id": "a", "kind": "view", "frame": {"x": 1, "left": 2, "width": 3, "height": 4}}"#))
            == "\(at).frame.left: unknown key (expected one of x, y, width, height)")
        #expect(try error(row(with: #"{"id": "a", "kind": "switch", "frame": {"right": 16}, "center": [1, 2]}"#))
            == "\(at).center: \"center\" places the view: its frame may give its size (or be a CGRect), not \"right\"")
        #expect(try error(row(with: #"{"id": "a", "kind": "switch", "center": [1, 2, 3]}"#))
            == "\(at).center: a point is [x, y]: expected 2 numbers, got 3")
        #expect(try error(row(with: #"{"id": "a", "kind": "switch", "center": {"x": 1}}"#))
            == "\(at).center: a point needs \"x\" and \"y\"")
        #expect(try error(row(with: #"{"id": "a", "kind": "switch", "center": [1e7, 2]}"#))
            == "\(at).center[0]: must be from -1000000 to 1000000, got 10000000")
        // JSON has no NaN: the parser refuses it where it stands.
        #expect(throws: (any Error).self) { try JSONParser.parse(self.row(with: #"{"id": "a", "kind": "view", "frame": [NaN, 0, 1, 1]}"#)) }
    }

    // MARK: Fonts

    @Test func aFontWithoutASizeTakesTheStylesDefaultSize() throws {
        // Profiles.md (iOS 15): textFont 17, subtitleDetailFont 12, value2Font 13 (Footnote);
        // buttonFont 15, a custom label's 17; a font object without "size" keeps that size
        // and says the rest.
        let spec = try TableDecoder(fonts: TestFonts.library).decode(try JSONParser.parse("""
            {"width": 320, "metrics": {"groupedHeaderFont": {"weight": "semibold"}}, "rows": [
              {"text": "a", "font": {"weight": "bold"}},
              {"style": "subtitle", "text": "b", "detailText": "c", "detailFont": {"weight": "bold"}},
              {"style": "value2", "text": "d", "font": {"family": "DejaVu Sans"}},
              {"subviews": [{"id": "l", "kind": "label", "text": "e", "font": {"weight": "bold"}},
                            {"id": "b", "kind": "button", "text": "f", "font": {"italic": true}}]}]}
            """))
        let rows = spec.sections[0].rows
        // The default fonts are text styles (body 17, caption1 12, subheadline 15, footnote
        // 13 at large): a font without a size keeps the style, so it follows the category.
        func styled(_ style: TextStyle, _ weight: FontWeight, family: String = "system") -> FontSpec {
            var spec = FontSpec(textStyle: style)
            spec.weight = weight
            spec.family = family
            return spec
        }
        #expect(rows[0].font == styled(.body, .bold))
        #expect(rows[1].detailFont == styled(.caption1, .bold))
        #expect(rows[2].font == styled(.footnote, .regular, family: "DejaVu Sans"))
        // A custom label's default is UILabel's, the system font at 17 (not a text style).
        #expect(rows[3].subviews[0].font == .system(17, .bold))
        #expect(rows[3].subviews[1].font == FontSpec(size: 15, italic: true))
        #expect(spec.metrics.groupedHeaderFont == styled(.footnote, .semibold))
        #expect(rows[0].font?.pointSize == 17)
        // The row lays out exactly as with the size written out, at large.
        let short = try table(#"{"width": 320, "rows": [{"text": "Bold words wrap", "font": {"weight": "bold"}}]}"#)
        let long = try table(#"{"width": 320, "rows": [{"text": "Bold words wrap", "font": {"size": 17, "weight": "bold"}}]}"#)
        #expect(try Tables.output(short) == Tables.output(long))
        // At AX5 the style is 53 pt (one line 53 × 1.193359375 = 63.248 → 64, row 64 + 23 = 87);
        // the written size stays 17 (21 + 23 = 44).
        let ax5 = try table(#"{"width": 320, "contentSizeCategory": "AX5", "rows": [{"text": "Bold", "font": {"weight": "bold"}}, {"text": "Bold", "font": {"size": 17, "weight": "bold"}}]}"#)
        #expect(ax5.sections[0].rows.map(\.height) == [87, 44])
    }

    @Test func textOnAViewWithoutTextIsRefused() throws {
        #expect(try error(row(with: #"{"id": "a", "kind": "switch", "font": {"weight": "bold"}}"#))
            == "rows[0].subviews[0].font: \"font\" is for a label or a button: a switch has no text")
        #expect(try error(row(with: #"{"id": "a", "kind": "button", "text": "Go", "numberOfLines": 2}"#))
            == "rows[0].subviews[0].numberOfLines: \"numberOfLines\" is for a label, not a button")
    }

    // MARK: Row heights

    @Test func theTablesRowHeightIsEveryRowsThatSetsNone() throws {
        // UITableView.rowHeight = 60: rows without a height of their own are 60; a row's
        // own height wins (heightForRowAt), a fixed 30 or a self-sizing one — one line of
        // 17-pt text, whose 44 minimum wins. y: 0, 60, 90; content height 134.
        let table = try table("""
            {"width": 320, "rowHeight": 60, "rows": [
              {"text": "Plain"}, {"text": "Short", "height": 30}, {"text": "Sized", "height": "auto"}]}
            """)
        #expect(table.sections[0].rows.map(\.height) == [60, 30, 44])
        #expect((0..<3).map { table.rect(of: RowPath(section: 0, row: $0)).minY } == [0, 60, 90])
        #expect(table.contentHeight == 134)
        // The default is self-sizing (automaticDimension), and rows added later follow the table.
        try table.insertRows([CellSpec(text: "Added")], at: RowPath(section: 0, row: 3))
        #expect(table.sections[0].rows[3].height == 60)
        #expect(try self.table(#"{"width": 320, "rowHeight": "auto", "rows": [{"text": "a"}]}"#).sections[0].rows[0].height == 44)
        #expect(try error(#"{"width": 320, "rowHeight": -1, "rows": []}"#) == "rowHeight: must be from 0 to 100000, got -1")
        #expect(try error(#"{"width": 320, "rowHeight": "big", "rows": []}"#) == #"rowHeight: expected a number or "auto", got "big""#)
        #expect(try error(#"{"width": 320, "rowHeight": [44], "rows": []}"#) == #"rowHeight: expected a number or "auto", got an array"#)
    }

    @Test func layoutReadsTheTablesRowHeightAndHiddenRows() throws {
        // The same rules through `layout-cli layout` (standard input): 60 for the row
        // without a height, 0 for the hidden one, which starts where the content ends.
        let result = try CLI.run(["layout", "--no-system-fonts"], stdin: Array("""
            {"width": 320, "rowHeight": 60, "rows": [{"text": "a"}, {"text": "b", "height": 0}]}
            """.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let layout = try JSONParser.parse(result.stdout)
        #expect(Tables.value(layout, at: "sections.0.rows.0.height")?.number == 60)
        #expect(Tables.value(layout, at: "sections.0.rows.1.height")?.number == 0)
        #expect(Tables.value(layout, at: "sections.0.rows.1.y")?.number == 60)
        #expect(Tables.value(layout, at: "contentHeight")?.number == 60)
    }

    /// Rows a, b, c of 44, 0 and 44 points: b is hidden at y 44, c starts at 44 too.
    static let hiddenRow = """
        {"width": 320, "rows": [
          {"text": "Above", "height": 44},
          {"text": "Hidden", "height": 0, "accessory": "checkmark", "selected": true},
          {"text": "Below", "height": 44}]}
        """

    @Test func aRowOfHeightZeroIsHiddenFromQueries() throws {
        let table = try table(Self.hiddenRow)
        #expect(table.rect(of: RowPath(section: 0, row: 1)) == CGRect(x: 0, y: 44, width: 320, height: 0))
        #expect(table.rect(of: RowPath(section: 0, row: 2)).minY == 44 && table.contentHeight == 88)
        // Its content view is 0 high (the separator takes nothing from nothing).
        #expect(table.sections[0].rows[1].contentView.height == 0)
        // y 44 lies in row c: [44, 88); the hidden row holds no point, so no tap finds it.
        #expect(table.row(atY: 44) == RowPath(section: 0, row: 2))
        #expect(table.hitTest(CGPoint(x: 10, y: 44))?.path == RowPath(section: 0, row: 2))
        #expect(table.visibleRows(y: 0, height: 100) == [RowPath(section: 0, row: 0), RowPath(section: 0, row: 2)])
        #expect(table.visibleRows(y: 43.5, height: 1) == [RowPath(section: 0, row: 0), RowPath(section: 0, row: 2)])
    }

    @Test func aRowOfHeightZeroDrawsNothing() throws {
        // The table with the hidden row draws exactly as the table without it: no text,
        // no selection, no checkmark, no separator.
        let (_, hidden) = try RenderTables.render(Self.hiddenRow)
        let (_, without) = try RenderTables.render("""
            {"width": 320, "rows": [{"text": "Above", "height": 44}, {"text": "Below", "height": 44}]}
            """)
        #expect(hidden.pixels == without.pixels)
    }

    // MARK: Detail disclosure button

    @Test func aDetailDisclosureButtonIsTheInfoButton() throws {
        // UIButton(type: .detailDisclosure) is 22 × 22 (Metrics.md `detailButtonSize`):
        // 16 from the right edge, centred, x = 320 − 16 − 22 = 282, y = (44 − 22) / 2 = 11.
        let table = try table(row(with: #"{"id": "info", "kind": "detailDisclosureButton", "frame": {"right": 16, "centerY": 0}}"#))
        #expect(table.sections[0].rows[0].subviews.first?.frame == CGRect(x: 282, y: 11, width: 22, height: 22))
        #expect(table.hitTest(CGPoint(x: 290, y: 20))?.view == .subview("info"))
        #expect(try error(row(with: #"{"id": "info", "kind": "detailDisclosureButton", "text": "i"}"#))
            == "rows[0].subviews[0].text: \"text\" is for a label or a button: a detailDisclosureButton has no text")
        // Drawn as the accessory's info button: blue ink inside its frame, none outside.
        let (drawn, canvas) = try RenderTables.render(row(with: #"{"id": "info", "kind": "detailDisclosureButton", "center": [293, 22]}"#))
        let frame = try #require(drawn.sections[0].rows[0].subviews.first?.frame)
        #expect(frame == CGRect(x: 282, y: 11, width: 22, height: 22))
        #expect(canvas.count(in: frame) { $0.b > 200 && $0.r < 100 } > 50)
        #expect(canvas.count(in: CGRect(x: 0, y: 0, width: 280, height: 43)) { $0.b > 200 && $0.r < 100 } == 0)
    }
}
