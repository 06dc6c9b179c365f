import CellLayout
import Foundation
import Testing

/// Issue 21, hangs and unbounded resources, and the smaller input items: one line and one
/// document have a limit (JSONFormat.md, "Limits") and fail at once past it; fonts are
/// opened only when they are regular files; option values are what they look like.
@Suite struct InputLimitsTests {
    static let examples = TestFonts.packageRoot.appendingPathComponent("Examples")

    /// On main before issue 21: memory grew without limit (5 GB in 20 s), killed by the
    /// timeout.
    @Test func anEndlessLineIsRefusedPastTheLineLimit() throws {
        for command in [#"cat /dev/zero | tr '\0' a | "$CLI" measure --width 100"#,
                        #"cat /dev/zero | tr '\0' a | "$CLI" layout --jsonl --width 100"#] {
            let result = try CLI.shell(command, seconds: 30)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr == "<stdin>:1: line longer than 64 MiB, the most one row may hold\n")
        }
    }

    @Test func aLongLineAfterShortOnesIsLocated() throws {
        let result = try CLI.shell(
            #"(echo '{"text": "a"}'; echo; cat /dev/zero | tr '\0' a) | "$CLI" measure --width 100 --no-system-fonts"#,
            seconds: 30)
        #expect(result.status == 1)
        // "a" in Inter Regular: 1,155 of 2,048 units (hb-shape --font-size=2048), × 17 pt =
        // 9.587; one 17-pt line of the system font's metrics is 20.287 pt, 21 rounded up.
        #expect(result.stdout == #"{"id":null,"lines":1,"width":9.587,"height":21}"# + "\n")
        #expect(result.stderr == "<stdin>:3: line longer than 64 MiB, the most one row may hold\n")
    }

    /// On main before issue 21: copied to a temporary file at about 1 GB/s for ever.
    @Test func anEndlessStreamThatIsNotATableFailsAtOnce() throws {
        let garbage = try CLI.shell(#"yes x | "$CLI" layout"#, seconds: 30)
        #expect(garbage.status == 1)
        #expect(garbage.stderr == "<stdin>: invalid JSON: line 1, column 1: expected a value, found 'x'\n")
        let array = try CLI.shell(#"(echo '['; yes '1,') | "$CLI" layout"#, seconds: 30)
        #expect(array.status == 1)
        #expect(array.stderr.hasPrefix(
            "<stdin>: not a table: a table document is a JSON object ({…}), and this one starts with '[' (refused after its first "))
    }

    @Test func aSmallStreamThatIsNotATableGetsTheWholeDocumentsError() throws {
        let result = try CLI.run(["layout"], stdin: Array("[1, 2]".utf8))
        let file = try CLI.run(["layout", "-"], stdin: Array("[1, 2]".utf8))
        #expect(result.status == 1 && result.stderr == file.stderr)
        #expect(result.stderr.hasPrefix("<stdin>: "))
    }

    /// A new empty folder with a FIFO named like a font in it.
    private func folderWithAFIFO() throws -> (URL, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-fonts-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: false)
        let fifo = dir.appendingPathComponent("Blocking.ttf").path
        #expect(mkfifo(fifo, 0o644) == 0)
        return (dir, fifo)
    }

    /// On main before issue 21: blocked for ever opening the FIFO. An error, not a skip:
    /// every other font file in `--font-dir` that cannot be loaded is an error too, and a
    /// font skipped would measure the texts with other numbers.
    @Test func aFIFOAmongTheFontsIsAnErrorNotAHang() throws {
        let (dir, fifo) = try folderWithAFIFO()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inFolder = try CLI.shell("\"$CLI\" measure --width 100 --no-system-fonts --font-dir '\(dir.path)' --text a", seconds: 30)
        #expect(inFolder.status == 1)
        #expect(inFolder.stderr == "--font-dir: cannot read a font from \"\(fifo)\": it is a FIFO, not a regular file\n")
        let named = try CLI.shell("\"$CLI\" measure --width 100 --no-system-fonts --font '\(fifo)' --text a", seconds: 30)
        #expect(named.status == 1)
        #expect(named.stderr == "--font: cannot read a font from \"\(fifo)\": it is a FIFO, not a regular file\n")
        #expect(throws: FontError.notARegularFile(path: "/dev/zero", kind: "a character device")) {
            try FontFace(path: "/dev/zero")
        }
    }

    /// On main before issue 21: `0x10` read as 16, `--size` allowed up to 10,000 while a
    /// run's size stops at 1,000.
    @Test func optionNumbersAreDecimalAndFontSizesShareOneLimit() throws {
        let hex = try CLI.run(["measure", "--width", "0x10", "--text", "a"])
        #expect(hex.status == 1 && hex.stderr == "--width: must be a positive number, got 0x10\n")
        let size = try CLI.run(["measure", "--width", "100", "--size", "1001", "--text", "a"])
        #expect(size.status == 1 && size.stderr == "--size: must be at most 1000, got 1001\n")
        let run = try CLI.run(["measure", "--width", "100"],
                              stdin: Array(#"{"text": [{"text": "a", "font": {"size": 1001}}]}"#.utf8))
        #expect(run.status == 1 && run.stderr == "<stdin>:1: text[0].font.size: must be from 0 to 1000, got 1001\n")
        #expect(try CLI.run(["measure", "--width", "100", "--size", "1000", "--no-system-fonts", "--text", "a"]).status == 0)
    }

    /// On main before issue 21: `-1,0` taken for an option (a usage error, exit 2), and a
    /// huge index trapped converting to Int.
    @Test func negativeAndHugeQueryIndexesAreValues() throws {
        let feed = Self.examples.appendingPathComponent("feed.json").path
        let negative = try CLI.run(["query", feed, "--viewport-height", "667", "--scroll-to", "-1,0", "--position", "top"])
        #expect(negative.status == 1 && negative.stderr == "--scroll-to: no section -1 (the table has 2)\n")
        let select = try CLI.run(["query", feed, "--select", "0,-2"])
        #expect(select.status == 1 && select.stderr.hasPrefix("--select: no row -2 in section 0"))
        let moved = try CLI.run(["query", feed, "--move-section", "-1,0"])
        #expect(moved.status == 1 && moved.stderr == "--move-section: FROM -1 is out of range (the table has 2 sections)\n")
        let huge = try CLI.run(["query", feed, "--move-row", "1e300,0,0,0"])
        #expect(huge.status == 1 && huge.stderr == "--move-row: expected S,R,S2,R2, got 1e300,0,0,0\n")
    }

    /// On main before issue 21: the invalid byte silently became U+FFFD and was measured.
    @Test func invalidUTF8OnTheCommandLineIsRefused() throws {
        let separate = try CLI.shell(#""$CLI" measure --width 100 --text "$(printf 'a\377b')""#)
        #expect(separate.status == 1 && separate.stderr == "--text: not valid UTF-8 (byte 0xFF at byte offset 1)\n")
        let joined = try CLI.shell(#""$CLI" measure --width 100 --text="$(printf 'ab\300')""#)
        #expect(joined.status == 1 && joined.stderr == "--text: not valid UTF-8 (byte 0xC0 at byte offset 2)\n")
        let surrogate = try CLI.shell(#""$CLI" measure --width 100 --text "$(printf 'h\303\251\355\240\200')""#)
        #expect(surrogate.status == 1 && surrogate.stderr == "--text: not valid UTF-8 (byte 0xED at byte offset 3)\n")
        let valid = try CLI.run(["measure", "--width", "100", "--no-system-fonts", "--text", "héllo 😀"])
        #expect(valid.status == 0, "\(valid.stderr)")
    }

    /// On main before issue 21: one warning line per row, 1,000 lines here (100,000 for the
    /// issue's table).
    @Test func manyWarningsAreSummarized() throws {
        let rows = (0..<1000).map { #"{"text": "Row \#($0)"}"# }.joined(separator: ",")
        let result = try CLI.run(["layout", "--no-system-fonts"],
                                 stdin: Array(#"{"width": 1, "sections": [{"rows": [\#(rows)]}]}"#.utf8))
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 21)
        #expect(lines.first?.hasPrefix("<stdin>: sections[0].rows[0]: warning: textLabel is 0 pt wide") == true)
        #expect(lines.last == "<stdin>: warning: 980 more warnings not shown (1,000 in all)")
    }

    /// On main before issue 21: "44, golden 44" for a difference of 0.0004.
    @Test func aCheckShowsTheDigitsThatDiffer() {
        #expect(LayoutDifference(path: "contentHeight", rowID: nil, layout: .number(44), golden: .number(44.0004)).description
                == "contentHeight: 44, golden 44.0004")
        #expect(LayoutDifference(path: "f", rowID: nil, layout: .array([.number(1), .number(2.5)]),
                                 golden: .array([.number(1), .number(2.5001)])).description == "f: [1,2.5], golden [1,2.5001]")
        #expect(LayoutDifference(path: "y", rowID: nil, layout: .number(3), golden: .number(4)).description == "y: 3, golden 4")
    }
}
