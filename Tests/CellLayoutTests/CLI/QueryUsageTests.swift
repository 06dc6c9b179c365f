import Foundation
import Testing

/// `layout-cli query`'s usage errors (exit 2): a misspelt option is named as such, before
/// any complaint about which question was asked.
@Suite struct QueryUsageTests {
    static let table = Array(#"{"width": 320, "rows": [{"text": "Wi-Fi"}]}"#.utf8)

    @Test(arguments: [
        ["--hit", "280,20", "--bogus"],
        ["--bogus"],
        ["--scroll-to", "0,0", "--bogus"],
        ["--visible", "0", "--viewport-height", "100", "--bogus", "1"],
    ])
    func anUnknownOptionIsNamed(_ arguments: [String]) throws {
        let result = try CLI.run(["query", "-"] + arguments + ["--no-system-fonts"], stdin: Self.table)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: Unknown option '--bogus'\nUsage: layout-cli query "), "\(result.stderr)")
        #expect(!result.stderr.contains("ask exactly one"))
    }

    @Test func aMissingOrDoubleQuestionIsAUsageErrorOfQuery() throws {
        for arguments in [[], ["--hit", "1,1", "--row-at", "3"]] {
            let result = try CLI.run(["query", "-"] + arguments + ["--no-system-fonts"], stdin: Self.table)
            #expect(result.status == 2)
            #expect(result.stderr == """
                Error: ask exactly one of --scroll-to, --row-at, --visible, --hit, --select, --move-section, --move-row
                Usage: layout-cli query [<options>] [<table>]
                  See 'layout-cli query --help' for more information.

                """, "\(result.stderr)")
        }
    }
}
