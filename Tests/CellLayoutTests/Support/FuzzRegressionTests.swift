import Foundation
import Testing

/// Every input a fuzzing run found that crashed or broke a property
/// (`Tests/Fuzz/regressions/TARGET/`), run through the same target code as the fuzzers
/// (`FuzzTargets`, shared with Tests/Fuzz): a regression stops the suite with the
/// property's message. Under `scripts/sanitize` they also run with ASan and LSan.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions")

    static func inputs(_ target: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent(target), includingPropertiesForKeys: nil)
            .sorted { $0.path < $1.path }
    }

    @Test(arguments: ["json", "measure", "font", "render"])
    func everyRegressionInputPasses(target: String) throws {
        let run: ([UInt8]) -> Void = switch target {
        case "json": FuzzTargets.json
        case "measure": FuzzTargets.measure
        case "font": FuzzTargets.font
        default: FuzzTargets.render
        }
        let files = (try? Self.inputs(target)) ?? []
        for file in files { run(Array(try Data(contentsOf: file))) }
    }

    @Test func fontsFoundByFuzzingAreCovered() throws {
        // The font target's finds so far: a face without glyphs (leaked its HarfBuzz face
        // when refused) and faces whose positioning gives lines a negative width.
        #expect(try Self.inputs("font").count >= 5)
    }
}
