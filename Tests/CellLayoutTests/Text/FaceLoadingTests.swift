import CHarfBuzz
@testable import CellLayout
@testable import CellLayoutFontLibrary
import Foundation
import Testing

/// What a face works out once at load — its BMP coverage bits and its widest glyph — held
/// to HarfBuzz asked another way: the coverage against `hb_set_has` on the face's cmap set
/// for every BMP code point, the widest glyph against one `hb_font_get_glyph_h_advance` per
/// glyph (the first of equals). On the bundled faces, and on Noto Sans CJK's collection
/// (65,535 glyphs, ten faces sharing one 'CFF ' table) when installed (`scripts/deps.sh`).
@Suite struct FaceLoadingTests {
    static func check(_ face: FontFace) {
        let unicodes = hb_set_create()
        defer { hb_set_destroy(unicodes) }
        hb_face_collect_unicodes(face.hbFace, unicodes)
        var differing: [UInt32] = []
        for value in UInt32(0)..<0x10000 where value < 0xD800 || value > 0xDFFF {
            if face.covers(Unicode.Scalar(value)!) != (hb_set_has(unicodes, value) != 0) { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(face.family) \(face.index): \(differing.prefix(10).map { String($0, radix: 16) })")
        var widest = (glyph: 0, units: Int.min)
        for glyph in 0..<Int(hb_face_get_glyph_count(face.hbFace)) {
            let units = Int(hb_font_get_glyph_h_advance(face.unscaled, hb_codepoint_t(glyph)))
            if units > widest.units { widest = (glyph, units) }
        }
        #expect(face.widestAdvance == widest, "\(face.family) \(face.index)")
    }

    @Test func theBundledFacesLoadAsHarfBuzzReadsThem() {
        #expect(TestFonts.library.faces.count >= 11)
        for face in TestFonts.library.faces { Self.check(face) }
    }

    @Test func aCJKCollectionsFacesLoadAsHarfBuzzReadsThem() throws {
        let path = ScriptGoldenTests.cjkPath
        guard FileManager.default.fileExists(atPath: path) else {
            print("FaceLoadingTests: \(path) not installed, skipped")
            return
        }
        for index in [UInt32(0), 1, 3] { Self.check(try FontFace(path: path, index: index)) }
    }

    /// The library's union of its upright faces' coverage answers as a scan of the faces does,
    /// for every BMP code point and a sample past it.
    @Test func theUprightUnionIsTheScanOfTheFaces() {
        let library = TestFonts.library
        #expect(library.faces.contains(where: \.isItalic) || library.faces.count >= 11)
        var differing: [UInt32] = []
        for value in Array(UInt32(0)..<0x10000) + [0x1F600, 0x1F44D, 0x20000, 0xE0067] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let scan = library.faces.contains { !$0.isItalic && $0.covers(scalar) }
            if library.anyUprightFaceCovers(scalar) != scan { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
    }
}
