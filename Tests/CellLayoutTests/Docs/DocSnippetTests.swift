import Foundation
import Testing

/// Every code block of the documentation runs as written (issue 23): README.md, the DocC
/// articles (`Sources/CellLayout/CellLayout.docc`), and the READMEs of `Integrations/` and
/// `Examples/SnapshotRenderer`. What each kind of block is:
///
/// - `sh`: run by bash (`-e -o pipefail`) in a folder of its own per document, the
///   document's blocks in order (a golden file one block writes is there for the next),
///   with the checkout's `Examples/` and `fonts/`, and the built `layout-cli` on the PATH
///   and at `.build/release/layout-cli`. Full-line comments after the commands are the
///   output they show: `# LINE` a line of standard output, `# stderr: LINE` of standard
///   error (the output starts with them; `…` stands for any text), `# exit N` the exit code
///   (else 0). A block marked `<!-- output -->` right after it is its whole output.
/// - `swift`: compiled and run. Each document's Swift blocks, pasted in order, are one test
///   of `Snippets.generated.swift` (or, when they use swift-snapshot-testing, one suite of
///   `Integrations/SnapshotTesting/Tests/CellLayoutSnapshotTestingTests/Snippets.generated.swift`,
///   which `scripts/test`'s packages stage runs); `print(…) // prints X` checks that it
///   prints X. The generated files must be what the documents hold:
///   `CELL_LAYOUT_REGENERATE=1 swift test --filter DocSnippetTests` rewrites them.
/// - `json`: a format example of JSONFormat.md (`FormatReferenceTests`).
/// - Any other block, or one that is not to run (it installs packages, runs for minutes),
///   is marked `<!-- not run: why -->` on the line before its fence.
@Suite struct DocSnippetTests {
    static let root = TestFonts.packageRoot

    /// The documents whose blocks run.
    static let documents: [String] = {
        let docc = "Sources/CellLayout/CellLayout.docc"
        let articles = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(docc).path)) ?? []
        return ["README.md"] + articles.filter { $0.hasSuffix(".md") }.sorted().map { "\(docc)/\($0)" }
            + ["Integrations/SnapshotTesting/README.md", "Integrations/spark/README.md", "Examples/SnapshotRenderer/README.md"]
    }()

    /// A fenced block: its language, the marker on the line before its fence, its text and
    /// where its fence is.
    struct Block {
        let language: String
        let marker: String?
        let text: String
        let place: String

        var isNotRun: Bool { marker?.hasPrefix("not run: ") == true }
    }

    static func blocks(of document: String) throws -> [Block] {
        let lines = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            .components(separatedBy: "\n")
        var blocks: [Block] = []
        var i = 0
        while i < lines.count {
            guard let language = lines[i].firstMatch(of: /^```(\w*)$/)?.1 else {
                i += 1
                continue
            }
            let marker = i > 0 ? lines[i - 1].firstMatch(of: /^<!-- (.+) -->$/).map { String($0.1) } : nil
            let end = lines[(i + 1)...].firstIndex(of: "```") ?? lines.count
            blocks.append(Block(language: String(language), marker: marker,
                                text: lines[(i + 1)..<end].joined(separator: "\n"), place: "\(document):\(i + 1)"))
            i = end + 1
        }
        return blocks
    }

    @Test(arguments: documents)
    func everyBlockRunsOrIsMarked(_ document: String) throws {
        for block in try Self.blocks(of: document) {
            switch block.language {
            case "sh", "swift":
                #expect(block.marker == nil || block.isNotRun, "\(block.place): unknown marker <!-- \(block.marker ?? "") -->")
            case "json":
                #expect(document.hasSuffix("/JSONFormat.md") && block.marker?.hasPrefix("example: ") == true,
                        "\(block.place): a json block is one of JSONFormat.md's examples (<!-- example: KIND -->)")
            default:
                #expect(block.marker == "output" || block.isNotRun,
                        "\(block.place): a ```\(block.language) block is an <!-- output --> or marked <!-- not run: why -->")
            }
        }
    }

    // MARK: Shell blocks

    @Test(arguments: documents)
    func shellBlocksRunAsWritten(_ document: String) throws {
        let blocks = try Self.blocks(of: document)
        let folder = try Self.scratchClone()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (i, block) in blocks.enumerated() where block.language == "sh" && !block.isNotRun {
            let result = try Self.bash(block.text, in: folder)
            let shown = Self.shownOutput(block.text)
            #expect(result.status == shown.status, "\(block.place): exit \(result.status)\n\(result.stderr)")
            #expect(Self.starts(result.stdout, with: shown.stdout), "\(block.place) printed:\n\(result.stdout)")
            #expect(Self.starts(result.stderr, with: shown.stderr), "\(block.place) wrote on stderr:\n\(result.stderr)")
            if i + 1 < blocks.count, blocks[i + 1].marker == "output" {
                #expect(result.stdout == blocks[i + 1].text + "\n", "\(block.place) printed:\n\(result.stdout)")
            }
        }
    }

    /// The output a block's full-line comments show: `# LINE`, `# stderr: LINE`, `# exit N`.
    static func shownOutput(_ script: String) -> (stdout: [String], stderr: [String], status: Int32) {
        var stdout: [String] = [], stderr: [String] = [], status: Int32 = 0
        for line in script.components(separatedBy: "\n") where line.hasPrefix("# ") {
            let shown = String(line.dropFirst(2))
            if let code = shown.firstMatch(of: /^exit (\d+)$/)?.1 {
                status = Int32(code)!
            } else if shown.hasPrefix("stderr: ") {
                stderr.append(String(shown.dropFirst(8)))
            } else {
                stdout.append(shown)
            }
        }
        return (stdout, stderr, status)
    }

    /// Whether `output`'s lines start with `shown`, `…` in a shown line standing for any text.
    static func starts(_ output: String, with shown: [String]) -> Bool {
        let lines = output.components(separatedBy: "\n")
        guard lines.count >= shown.count else { return false }
        return zip(lines, shown).allSatisfy { line, pattern in
            let pieces = pattern.components(separatedBy: "…")
            var rest = Substring(line)
            for (k, piece) in pieces.enumerated() {
                if k == 0 {
                    guard rest.hasPrefix(piece) else { return false }
                    rest = rest.dropFirst(piece.count)
                } else if k == pieces.count - 1 {
                    return piece.isEmpty || rest.hasSuffix(piece)
                } else {
                    guard let range = rest.range(of: piece) else { return false }
                    rest = rest[range.upperBound...]
                }
            }
            return rest.isEmpty
        }
    }

    /// A folder where a document's commands run as from a clone: the checkout's `Examples`
    /// and `fonts`, an empty DocC resources folder (pictures are drawn into it), and the
    /// built `layout-cli` at `.build/release/layout-cli` and in `bin/`, first on the PATH.
    static func scratchClone() throws -> URL {
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("doc-snippets-\(UUID().uuidString)")
        for path in [".build/release", "bin", "Sources/CellLayout/CellLayout.docc/Resources"] {
            try fm.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        for path in ["Examples", "fonts"] {
            try fm.createSymbolicLink(at: folder.appendingPathComponent(path), withDestinationURL: root.appendingPathComponent(path))
        }
        for path in [".build/release/layout-cli", "bin/layout-cli"] {
            try fm.createSymbolicLink(at: folder.appendingPathComponent(path), withDestinationURL: CLI.executable)
        }
        return folder
    }

    /// `script` run by `bash -e -o pipefail` in `folder`, `folder/bin` first on the PATH,
    /// for at most five minutes.
    static func bash(_ script: String, in folder: URL) throws -> CLI.Result {
        let file = folder.appendingPathComponent(".block.sh")
        try script.write(to: file, atomically: true, encoding: .utf8)
        return try CLI.shell("cd '\(folder.path)' && PATH='\(folder.path)/bin':\"$PATH\" exec /bin/bash -e -o pipefail .block.sh",
                             seconds: 300)
    }

    // MARK: Swift blocks

    /// A generated file: where it is, the modules it imports, and whether it takes the
    /// documents whose blocks import swift-snapshot-testing.
    struct Generated {
        let path: String
        let imports: [String]
        let snapshotTesting: Bool
    }

    static let generatedFiles = [
        Generated(path: "Tests/CellLayoutTests/Docs/Snippets.generated.swift",
                  imports: ["CellLayout", "CellLayoutRender", "Foundation", "Testing"], snapshotTesting: false),
        Generated(path: "Integrations/SnapshotTesting/Tests/CellLayoutSnapshotTestingTests/Snippets.generated.swift",
                  imports: ["CellLayout", "CellLayoutSnapshotTesting", "Foundation", "SnapshotTesting", "Testing"],
                  snapshotTesting: true),
    ]

    /// `file`'s text, from the documents' Swift blocks.
    static func generate(_ file: Generated) throws -> String {
        var parts: [String] = []
        for document in documents {
            let swift = try blocks(of: document).filter { $0.language == "swift" && !$0.isNotRun }
            guard !swift.isEmpty else { continue }
            var imports: Set<String> = []
            var code: [String] = []
            for (k, block) in swift.enumerated() {
                // (Not the block's line: prose edited above it must not make this file stale.)
                code.append("// \(document), Swift block \(k + 1)")
                for line in block.text.components(separatedBy: "\n") {
                    if let module = line.firstMatch(of: /^import (\w+)$/)?.1 {
                        imports.insert(String(module))
                    } else {
                        code.append(checkingPrint(line))
                    }
                }
            }
            guard imports.contains("SnapshotTesting") == file.snapshotTesting else { continue }
            let missing = imports.subtracting(file.imports)
            if !missing.isEmpty { Issue.record("\(document) imports \(missing.sorted()), which \(file.path) lacks") }
            let name = identifier(document)
            if code.contains(where: { $0.contains("@Test") }) {
                // Declarations (tests and what they use): a suite of their own.
                parts.append("/// \(document)\n@Suite struct \(name.prefix(1).uppercased() + name.dropFirst()) {\n"
                    + code.map { $0.isEmpty ? "" : "    \($0)" }.joined(separator: "\n") + "\n}")
            } else {
                parts.append("/// \(document)\n@Test func \(name)() throws {\n"
                    + code.map { $0.isEmpty ? "" : "    \($0)" }.joined(separator: "\n") + "\n}")
            }
        }
        let header = """
            // Generated by DocSnippetTests (Tests/CellLayoutTests/Docs) from the Swift blocks of the
            // documentation, each document's blocks pasted in order: edit the documents, then run
            // CELL_LAYOUT_REGENERATE=1 swift test --filter DocSnippetTests
            \(file.imports.map { "import \($0)" }.joined(separator: "\n"))

            /// What `print(items)` would print, for `print(…) // prints X` lines.
            private func printed(_ items: Any...) -> String { items.map { "\\($0)" }.joined(separator: " ") }
            """
        return header + "\n\n" + parts.joined(separator: "\n\n") + "\n"
    }

    /// `print(X) // prints Y` as a check that X prints Y; any other line as it is.
    static func checkingPrint(_ line: String) -> String {
        guard let match = line.firstMatch(of: /^(\s*)print\((.*)\)\s*\/\/ prints (.*)$/) else { return line }
        let expected = String(match.3).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\(match.1)#expect(printed(\(match.2)) == \"\(expected)\")"
    }

    /// `Sources/CellLayout/CellLayout.docc/GettingStarted.md` → `gettingStarted`,
    /// `Integrations/SnapshotTesting/README.md` → `integrationsSnapshotTestingReadme`.
    static func identifier(_ document: String) -> String {
        let words = document.replacingOccurrences(of: "Sources/CellLayout/CellLayout.docc/", with: "")
            .replacingOccurrences(of: ".md", with: "")
            .split { !$0.isLetter && !$0.isNumber }
            .map { $0 == "README" ? "Readme" : $0.prefix(1).uppercased() + $0.dropFirst() }
        let name = words.joined()
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    @Test(arguments: generatedFiles.map(\.path))
    func generatedSnippetsAreTheDocumentsBlocks(_ path: String) throws {
        let file = try #require(Self.generatedFiles.first { $0.path == path })
        let expected = try Self.generate(file)
        let url = Self.root.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment["CELL_LAYOUT_REGENERATE"] == "1" {
            try expected.write(to: url, atomically: true, encoding: .utf8)
        }
        let current = try? String(contentsOf: url, encoding: .utf8)
        #expect(current == expected, "\(path) is stale: CELL_LAYOUT_REGENERATE=1 swift test --filter DocSnippetTests")
    }
}
