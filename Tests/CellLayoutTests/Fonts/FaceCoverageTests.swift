@testable import CellLayout
@testable import CellLayoutFontLibrary
import Testing

/// A face's coverage bits (`FontFace.bmpCoverage`, `smpCoverage`, read once at load from
/// the cmap's code points) say what HarfBuzz's cmap lookup says, code point by code point.
@Suite struct FaceCoverageTests {
    /// Every code point of the first two planes (U+0000–U+1FFFF, surrogates aside), for the
    /// bundled faces and the system faces that plane-1 characters fall back to (emoji, math
    /// letters, Linear B, Gothic, cuneiform, Egyptian hieroglyphs, when the machine has
    /// fonts for them) and that Thai, Devanagari, Hebrew, Arabic, Georgian and Hangul fall
    /// back to: `covers` is `hb_font_get_nominal_glyph` (`coversPastPlaneOne`, the
    /// cmap through HarfBuzz, which `covers` asks past plane 1). Among them are faces that map
    /// plane-1 code points (Noto Color Emoji, DejaVu Sans) and faces that map none (Inter).
    @Test func theCoverageBitsAreTheCmaps() throws {
        let library = try FontLibrary(useSystemFonts: true, language: "en")
        let inter = try library.font(family: "Inter", size: 17)
        var faces = library.faces
        let planeOne: [Unicode.Scalar] = ["\u{1F600}", "\u{1D400}", "\u{10000}", "\u{10330}", "\u{12000}", "\u{13000}"]
        let bmpScripts: [Unicode.Scalar] = ["\u{E01}", "\u{915}", "\u{5D0}", "\u{628}", "\u{10D0}", "\u{AC00}"]
        for scalar in planeOne + bmpScripts {
            let face = library.font(for: scalar, fallingBackFrom: inter, language: library.defaultLanguage).face
            if !faces.contains(where: { $0 === face }) { faces.append(face) }
        }
        if faces.count > library.faces.count + 2 {  // (system faces found: on a bare machine, the bundled only)
            #expect(faces.contains { $0.smpCoverage.isEmpty })
        }
        #expect(faces.contains { !$0.smpCoverage.isEmpty })
        for face in faces {
            var differing: [UInt32] = []
            var covered = 0
            for value in UInt32(0)...0x1FFFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let bits = face.covers(scalar)
                if bits { covered += 1 }
                if bits != face.coversPastPlaneOne(value) { differing.append(value) }
            }
            #expect(covered > 0, "\(face.family)")
            #expect(differing.count == 0, "\(face.family): \(differing.prefix(5).map { String($0, radix: 16) })")
        }
    }
}
