import CellLayout
import Foundation
import Testing

/// The metric profiles' ledger (issue 20): `Fixtures/Profiles/metric-profiles.json` holds
/// every UIKit number per iOS generation with its sources, and the tables of
/// `Profiles.md` are generated from it. These tests check the ledger is whole (every
/// metric has a value for every profile, every source it cites exists) and that the
/// article shows exactly what the ledger says; `CELL_LAYOUT_REGENERATE=1 swift test
/// --filter ProfileLedgerTests` rewrites the article's generated part.
@Suite struct ProfileLedgerTests {
    /// The ledger, parsed.
    static func ledger() throws -> JSONValue {
        try JSONParser.parse(try String(contentsOf: TestFonts.fixture("Profiles/metric-profiles.json"), encoding: .utf8))
    }

    /// `Sources/CellLayout/CellLayout.docc/Profiles.md` in the checkout.
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CellLayout/CellLayout.docc/Profiles.md")

    /// The line after which `Profiles.md` is generated.
    static let marker = "<!-- Generated from Tests/CellLayoutTests/Fixtures/Profiles/metric-profiles.json by ProfileLedgerTests: edit the ledger, not the tables below. -->"

    @Test func everyMetricHasEveryProfileAndCitesKnownSources() throws {
        let ledger = try Self.ledger()
        let profiles = ledger["profiles"]!.array!.map { $0["name"]!.string! }
        let sources = Set(ledger["sources"]!.array!.map { $0["id"]!.string! })
        #expect(profiles == ["ios6", "ios7", "ios8", "ios11", "ios13", "ios15"])
        for metric in ledger["metrics"]!.array! {
            let name = metric["name"]!.string!
            guard case .object(let values) = metric["values"]! else { Issue.record("\(name): no values"); continue }
            #expect(values.map(\.key) == profiles, "\(name)")
            for (profile, value) in values {
                #expect(value["v"] != nil, "\(name).\(profile)")
                for source in value["src"]!.array! {
                    #expect(sources.contains(source.string!), "\(name).\(profile) cites \(source)")
                }
                // An unsourced number says what its estimate rests on.
                if value["src"]!.array!.isEmpty, value["v"]!.string != "n/a" {
                    #expect(value["note"]?.string?.isEmpty == false, "\(name).\(profile) is unsourced without a note")
                }
            }
        }
    }

    @Test func articleShowsTheLedger() throws {
        let generated = Self.render(try Self.ledger())
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let head = try #require(text.range(of: Self.marker).map { String(text[..<$0.upperBound]) })
        if ProcessInfo.processInfo.environment["CELL_LAYOUT_REGENERATE"] == "1" {
            try (head + "\n" + generated).write(to: Self.article, atomically: true, encoding: .utf8)
        }
        let current = try String(contentsOf: Self.article, encoding: .utf8)
        #expect(current == head + "\n" + generated, "Profiles.md is stale: CELL_LAYOUT_REGENERATE=1 swift test --filter ProfileLedgerTests")
    }

    /// The Markdown of the ledger: the profiles, one table per group of metrics (each
    /// cell the value and its sources, or *unsourced*), the notes, the sources and the
    /// count of unsourced values.
    static func render(_ ledger: JSONValue) -> String {
        let profiles = ledger["profiles"]!.array!
        let names = profiles.map { $0["name"]!.string! }
        var out = "\n## Profiles\n\n| profile | releases | where UIKit's numbers changed |\n|---|---|---|\n"
        for profile in profiles {
            out += "| `\(profile["name"]!.string!)` | \(profile["releases"]!.string!) | \(profile["cut"]!.string!) |\n"
        }
        var groups: [String] = []
        var byGroup: [String: [JSONValue]] = [:]
        for metric in ledger["metrics"]!.array! {
            let group = metric["group"]!.string!
            if byGroup[group] == nil { groups.append(group) }
            byGroup[group, default: []].append(metric)
        }
        var notes: [String] = []
        var counted = 0, unsourced = 0
        for group in groups {
            out += "\n## \(group)\n\n| metric | " + names.map { "`\($0)`" }.joined(separator: " | ") + " |\n"
            out += "|---|" + names.map { _ in "---|" }.joined() + "\n"
            for metric in byGroup[group]! {
                let name = metric["name"]!.string!
                var row = "| `\(name)` |"
                for profile in names {
                    let value = metric["values"]![profile]!
                    let text = describe(value["v"]!)
                    let cited = value["src"]!.array!.map { $0.string! }
                    if text != "n/a" {
                        counted += 1
                        if cited.isEmpty { unsourced += 1 }
                    }
                    row += " " + text
                    if text != "n/a" { row += cited.isEmpty ? " *unsourced*" : " [" + cited.joined(separator: ", ") + "]" }
                    if let note = value["note"]?.string { notes.append("- `\(name)`, `\(profile)`: \(note)") }
                    row += " |"
                }
                out += row + "\n"
            }
            out += "\n" + byGroup[group]!.map { "- `\($0["name"]!.string!)`: \($0["meaning"]!.string!)" }.joined(separator: "\n") + "\n"
        }
        out += "\n## Notes\n\n" + notes.joined(separator: "\n") + "\n"
        out += "\n## Sources\n\n| id | kind | what it shows | where |\n|---|---|---|---|\n"
        for source in ledger["sources"]!.array! {
            out += "| \(source["id"]!.string!) | \(source["kind"]!.string!) | \(source["title"]!.string!) | \(source["where"]!.string!) |\n"
        }
        out += "\n\(counted) values, \(unsourced) of them unsourced.\n"
        return out
    }

    /// A ledger value as the article shows it.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(let n): n == n.rounded() ? String(Int(n)) : String(n)
        case .string(let s): s
        case .bool(let b): b ? "yes" : "no"
        default: "?"
        }
    }
}
