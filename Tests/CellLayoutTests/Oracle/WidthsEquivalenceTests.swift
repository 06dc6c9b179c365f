import CellLayout
import Foundation
import Testing

extension OracleTier {
    /// `measure --widths` and `layout --jsonl --widths` against one run per width, byte for byte,
    /// on 5,000 streamed rows (`StreamingTests.input`; `WidthsTests` has the small cases).
    @Suite struct WidthsEquivalenceTests {
        @Test func measureSizesAreTheOneWidthSizesInOrder() throws {
            var input = StreamingTests.input
            input += Array("{\"id\": \"a\", \"text\": \"Hello world\"}\n{\"id\": \"rtl\", \"text\": \"مرحبا بالعالم\"}\n".utf8)
            let list = WidthsTests.widths.map(\.formatted3).joined(separator: ",")
            let multi = try CLI.run(["measure", "--widths", list, "--detail", "--no-system-fonts"], stdin: input)
            #expect(multi.status == 0, "\(multi.stderr)")
            let rows = multi.stdout.split(separator: "\n")
            #expect(rows.count == 5002)
            let singles = try WidthsTests.widths.map { width in
                try CLI.run(["measure", "--width", width.formatted3, "--detail", "--no-system-fonts"], stdin: input)
                    .stdout.split(separator: "\n")
            }
            for (i, row) in rows.enumerated() {
                let expected = "{\"id\":" + singles[0][i].dropFirst(6).prefix(while: { $0 != "," })
                let entries = singles.map { "{" + WidthsTests.fields($0[i], after: expected.dropFirst() + ",") + "}" }
                #expect(row == expected + ",\"sizes\":[" + entries.joined(separator: ",") + "]}")
            }
            // The golden of MeasureCommandTests (hb-shape derivation): "Hello world" at 40 is 4 lines.
            #expect(rows[5000].hasPrefix("{\"id\":\"a\",\"sizes\":[{\"lines\":4,\"width\":34,\"height\":82,\"breaks\":[4,6,10],\"lineTops\":[0,20.287,40.574,60.861]},"))
        }

        @Test func layoutStreamLaysEachRowOutAtEveryWidthWithItsOwnRunningY() throws {
            let list = [320.0, 768, 375]
            let input = StreamingTests.input
            let multi = try CLI.run(["layout", "--jsonl", "-", "--widths", list.map(\.formatted3).joined(separator: ","),
                                     "--quiet", "--no-system-fonts"], stdin: input)
            #expect(multi.status == 0, "\(multi.stderr)")
            let rows = multi.stdout.split(separator: "\n")
            #expect(rows.count == 5000)
            let singles = try list.map { width in
                try CLI.run(["layout", "--jsonl", "-", "--width", width.formatted3, "--quiet", "--no-system-fonts"],
                            stdin: input).stdout.split(separator: "\n")
            }
            for (i, row) in rows.enumerated() {
                let id = "{\"id\":\(i),"
                let entries = singles.map { "{" + $0[i].dropFirst(id.count) }
                #expect(row == id + "\"layouts\":[" + entries.joined(separator: ",") + "]}")
            }
        }
    }
}
