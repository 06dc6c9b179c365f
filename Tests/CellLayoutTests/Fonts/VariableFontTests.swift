@testable import CellLayout
import Foundation
import Testing

/// Variable fonts set as CoreText sets them: the weight through `wght`, `opsz` = the point
/// size (clamped), explicit variations over both; the widths against `hb-shape
/// --variations` on the same file (`Tests/Oracles/variable_widths.py`, which derives each
/// case's axis values by hand and writes `hb-shape-variable.jsonl`).
@Suite struct VariableFontTests {
    static let fontPath = TestFonts.fixture("Fonts/RobotoFlex-Subset.ttf").path

    struct Golden: Sendable, CustomTestStringConvertible {
        let caseName: String, size: Double, weight: FontWeight, variations: [String: Double], system: Bool
        let text: String, hbVariations: String, width: Double
        var testDescription: String { "\(caseName): \(text)" }
    }

    static let goldens: [Golden] = try! TestFonts.jsonLines(TestFonts.fixture("hb-shape-variable.jsonl")).map { row in
        var variations: [String: Double] = [:]
        if case .object(let members)? = row["variations"] {
            for (tag, value) in members { variations[tag] = value.number! }
        }
        return Golden(caseName: row["case"]!.string!, size: row["size"]!.number!,
                      weight: FontWeight(rawValue: row["weight"]!.string!)!, variations: variations,
                      system: row["system"]?.bool ?? false, text: row["text"]!.string!,
                      hbVariations: row["hbVariations"]!.string!, width: row["width"]!.number!)
    }

    /// A library with the Roboto Flex subset added and standing for "system".
    static let library = try! FontLibrary(useSystemFonts: false, systemFontFile: fontPath)
    static let engine = TextEngine(fonts: library)

    static func font(_ golden: Golden) throws -> Font {
        golden.system
            ? try library.font(family: "system", weight: golden.weight, size: golden.size, variations: golden.variations)
            : try library.font(file: fontPath, size: golden.size, weight: golden.weight, variations: golden.variations)
    }

    @Test(arguments: goldens) func widthsEqualHBShapeAtTheSameInstance(_ golden: Golden) throws {
        let font = try Self.font(golden)
        let expected = golden.hbVariations.split(separator: ",").reduce(into: [String: Double]()) {
            let parts = $1.split(separator: "=")
            $0[String(parts[0])] = Double(parts[1])!
        }
        #expect(font.variations == expected)
        let width = Self.engine.prepare(golden.text, font: font).fit(width: 100_000).usedWidth
        #expect(abs(width - golden.width) < 1e-6, "\(width) vs hb-shape \(golden.width)")
    }

    /// The default instance keeps the fast path (no axis set: plain shaping from the face's
    /// tables); any other instance is shaped, as the face's tables hold the default's advances.
    @Test func onlyTheDefaultInstanceIsMeasuredFromTheFacesTables() throws {
        let standard = try Self.library.font(file: Self.fontPath, size: 14, weight: .regular, variations: [:])
        #expect(standard.usesFaceTables)
        let varied = try Self.library.font(file: Self.fontPath, size: 17, weight: .regular, variations: [:])
        #expect(!varied.usesFaceTables)
        #expect(varied !== standard)
    }

    /// UIKit's `wght` values for San Francisco's named weights (WebKit's table: −0.8 → 30,
    /// −0.4 → 274, 0 → 400, 0.23 → 510, 0.3 → 590, 0.4 → 700, 0.56 → 860, 0.62 → 1000; thin,
    /// −0.6, halfway between the first two: 30 + (274 − 30) / 2 = 152).
    @Test func systemWeightsMapToSanFranciscosAxisValues() {
        let expected: [FontWeight: Double] = [.ultralight: 30, .thin: 152, .light: 274, .regular: 400, .medium: 510,
                                              .semibold: 590, .bold: 700, .heavy: 860, .black: 1000]
        for weight in FontWeight.allCases { #expect(weight.systemWeightAxisValue == expected[weight]) }
    }

    @Test func anAxisTheFontLacksOrAValueOutOfRangeIsAnError() {
        #expect(throws: FontError.unknownAxis("GRAD", font: "\"Roboto Flex\"", known: ["opsz", "wght", "wdth"])) {
            try Self.library.font(file: Self.fontPath, size: 17, weight: .regular, variations: ["GRAD": 10])
        }
        #expect(throws: FontError.axisValueOutOfRange("wdth", value: 200, min: 25, max: 151)) {
            try Self.library.font(file: Self.fontPath, size: 17, weight: .regular, variations: ["wdth": 200])
        }
        #expect(throws: FontError.unknownAxis("wght", font: "\"Inter\"", known: [])) {
            try TestFonts.library.font(family: "Inter", size: 17, variations: ["wght": 500])
        }
    }

    /// The file given as the system font answers for "system"; a file that is not a font
    /// is refused when the library is made.
    @Test func theSystemFontFileStandsForSystem() throws {
        let system = try Self.library.font(family: "system", size: 14)
        #expect(system.face.family == "Roboto Flex")
        // Its own metrics: hhea 1900 / −500 over 2048 at 14 pt, not San Francisco's.
        #expect(abs(system.ascender - 14.0 * 1900 / 2048) < 1e-9)
        #expect(throws: FontError.self) {
            try FontLibrary(useSystemFonts: false, systemFontFile: TestFonts.fixture("Fonts/README.md").path)
        }
    }
}
