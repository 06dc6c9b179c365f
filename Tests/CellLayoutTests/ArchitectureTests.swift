import Foundation
import Testing

/// The stages' graph: what Package.swift declares, what the Architecture article draws, and
/// what the sources import agree, and every edge points down the pipeline.
struct ArchitectureTests {
    /// The pipeline's stages, bottom first.
    static let stages = ["CellLayoutCore", "CellLayoutFontLibrary", "CellLayoutPrepare", "CellLayoutFit",
                         "CellLayoutCell", "CellLayoutTable", "CellLayoutJSON", "CellLayout"]
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each stage's dependencies among the stages, as Package.swift declares them.
    static func declaredGraph() throws -> [String: [String]] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var graph: [String: [String]] = [:]
        for stage in stages {
            // `.target(name: "X")` has no dependencies; `.target(` then `name: "X",` on the next
            // line has its dependencies up to the closing of that call. (Searching for
            // `name: "X",` alone found the product `.library(name: "CellLayout", …)` and ran
            // the one-line target's call into the next target's.)
            if manifest.contains(".target(name: \"\(stage)\")") {
                graph[stage] = []
                continue
            }
            guard let start = manifest.range(of: ".target(\n            name: \"\(stage)\",") else { continue }
            let rest = manifest[start.upperBound...]
            let end = rest.range(of: "\n        ),")?.lowerBound ?? rest.range(of: ")")!.lowerBound
            let call = rest[..<end]
            graph[stage] = stages.filter { call.contains("\"\($0)\"") }
        }
        return graph
    }

    @Test func everyStageDependsOnlyOnEarlierStages() throws {
        let graph = try Self.declaredGraph()
        #expect(Set(graph.keys) == Set(Self.stages))
        for (stage, dependencies) in graph {
            let rank = Self.stages.firstIndex(of: stage)!
            for dependency in dependencies {
                #expect(Self.stages.firstIndex(of: dependency)! < rank, "\(stage) -> \(dependency) points up")
            }
        }
    }

    @Test func theArchitectureArticleDrawsTheDeclaredGraph() throws {
        let article = try String(contentsOf: Self.root.appendingPathComponent(
            "Sources/CellLayout/CellLayout.docc/Architecture.md"), encoding: .utf8)
        var drawn: [String: [String]] = [:]
        let block = article.components(separatedBy: "## The graph")[1].components(separatedBy: "```")[1]
        for line in block.split(separator: "\n") {
            let sides = line.components(separatedBy: " -> ")
            let stage = sides[0].trimmingCharacters(in: .whitespaces)
            drawn[stage] = sides.count > 1 ? sides[1].components(separatedBy: ", ") : []
        }
        #expect(drawn == (try Self.declaredGraph()))
    }

    @Test func noSourceFileImportsALaterStage() throws {
        for (rank, stage) in Self.stages.enumerated() {
            let folder = Self.root.appendingPathComponent("Sources/\(stage)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "\(stage) has no sources")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where line.contains("import CellLayout") {
                    let module = line.split(separator: " ").last.map(String.init) ?? ""
                    guard let imported = Self.stages.firstIndex(of: module) else { continue }
                    #expect(imported < rank, "\(stage)/\(file) imports \(module), a later stage")
                }
            }
        }
    }
}
