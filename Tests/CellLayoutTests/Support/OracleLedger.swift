import CellLayout
import Foundation
import Testing

/// The ledger of known differences from the Pango oracle, read from the table in
/// `Tests/Oracles/DISAGREEMENTS.md`, and the exact comparison of a fixture against it.
struct OracleLedger {
    /// Why the engine and Pango part on a row, each with a rule checked on the row's text.
    enum Class: String {
        case thaiDictionary = "thai-dictionary"
        case rightToLeftEmojiBidi = "rtl-emoji-bidi"
        case spaceBeforeNewline = "space-before-newline"

        /// Whether `text` is of this class (DISAGREEMENTS.md, "Classes").
        func fits(_ text: String) -> Bool {
            let scalars = text.unicodeScalars
            switch self {
            case .thaiDictionary: return scalars.contains { (0x0E00...0x0E7F).contains($0.value) }
            case .rightToLeftEmojiBidi:
                return scalars.contains { (0x0590...0x06FF).contains($0.value) } && scalars.contains { $0.value >= 0x1F000 }
            case .spaceBeforeNewline: return text.contains(" \n")
            }
        }
    }

    /// fixture name → "id@width" → class.
    let entries: [String: [String: Class]]
    /// The fixtures the ledger has a line for (with or without differences).
    let fixtures: Set<String>

    static let shared: OracleLedger = try! OracleLedger(
        markdown: String(contentsOf: TestFonts.packageRoot.appendingPathComponent("Tests/Oracles/DISAGREEMENTS.md"),
                         encoding: .utf8))

    /// Reads the rows `| fixture.jsonl | class | id@width, … |` of the ledger table.
    init(markdown: String) throws {
        var entries: [String: [String: Class]] = [:], fixtures = Set<String>()
        for line in markdown.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, cells[0].hasSuffix(".jsonl") else { continue }
            fixtures.insert(cells[0])
            guard cells[2] != "none" else { continue }
            let kind = try #require(Class(rawValue: cells[1]), "unknown class \(cells[1]) in DISAGREEMENTS.md")
            for row in cells[2].split(separator: ",") {
                entries[cells[0], default: [:]][row.trimmingCharacters(in: .whitespaces)] = kind
            }
        }
        self.entries = entries
        self.fixtures = fixtures
    }

    /// One row of an oracle fixture at one width.
    struct Answer {
        let id: Int, width: Double, text: String, lines: Int, breaks: [Int]
    }

    /// Compares `layout` with Pango's `answer` exactly, against the ledger of `fixture`:
    /// a row not listed must agree on line count and break offsets, a listed row must
    /// differ and fit its class. Returns whether the row agreed.
    @discardableResult
    func check(_ layout: TextLayout, against answer: Answer, fixture: String,
               sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        #expect(fixtures.contains(fixture), "\(fixture) has no line in DISAGREEMENTS.md", sourceLocation: sourceLocation)
        let key = "\(answer.id)@\(Int(answer.width))"
        let agrees = layout.lineCount == answer.lines && layout.breakOffsets == answer.breaks
        if let kind = entries[fixture]?[key] {
            #expect(!agrees, "\(fixture) \(key) agrees with Pango now: remove it from DISAGREEMENTS.md",
                    sourceLocation: sourceLocation)
            #expect(kind.fits(answer.text), "\(fixture) \(key) is listed as \(kind.rawValue) but its text is not",
                    sourceLocation: sourceLocation)
        } else {
            #expect(layout.lineCount == answer.lines,
                    "\(fixture) \(key): \(layout.lineCount) lines, Pango \(answer.lines): \(answer.text.prefix(60))",
                    sourceLocation: sourceLocation)
            #expect(layout.breakOffsets == answer.breaks,
                    "\(fixture) \(key): breaks \(layout.breakOffsets.prefix(12)), Pango \(answer.breaks.prefix(12))",
                    sourceLocation: sourceLocation)
        }
        return agrees
    }

    /// Checks every row of slice fixture `fixture` at every width of `widths` (the order of
    /// the rows' `lines` and `breaks`) with `check`, each row prepared once by `prepare`.
    /// Returns how many row-widths agreed with Pango and how many the ledger lists for the
    /// fixture, for the caller to check that the two cover the slice.
    func checkSlice(_ rows: [TestFonts.SliceRow], fixture: String, widths: [Double],
                    prepare: (String) -> PreparedText,
                    sourceLocation: SourceLocation = #_sourceLocation) -> (agreeing: Int, listed: Int) {
        var agreeing = 0
        for row in rows {
            let prepared = prepare(row.text)
            for (i, width) in widths.enumerated() {
                let answer = Answer(id: row.id, width: width, text: row.text, lines: row.lines[i], breaks: row.breaks[i])
                if check(prepared.fit(width: width), against: answer, fixture: fixture, sourceLocation: sourceLocation) {
                    agreeing += 1
                }
            }
        }
        return (agreeing, listed(in: fixture).count)
    }

    /// The ledger's entries for `fixture` (to check that each names a row of it).
    func listed(in fixture: String) -> Set<String> { Set(entries[fixture].map { Array($0.keys) } ?? []) }
}
