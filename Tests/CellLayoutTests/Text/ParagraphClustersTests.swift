@testable import CellLayoutPrepare
import Testing

/// `ParagraphClusters`' tables against the same tables built the plain way from ICU's
/// answers alone: the clusters are ICU's grapheme clusters split at every line break ICU
/// reports inside one (a space then a combining mark), each cluster's start and units follow
/// from its end, and a line may break after a cluster exactly when ICU reports a break at
/// its end before the paragraph's; the segments end after those clusters and the last.
@Suite struct ParagraphClustersTests {
    /// Pieces the random paragraphs are made of: letters, ideographs and Hangul (one code
    /// unit a cluster), marks (after a letter and after a space), Thai (ICU's dictionary),
    /// an emoji ZWJ sequence, a flag, a surrogate pair, digits and punctuation.
    static let pieces = ["a", "Z", "é", "e\u{301}", " ", " \u{301}", "  ", "世", "界", "日本", "가", "각",
                         "क्ष", "नि", "ไทย", "ภาษา", "👩\u{200D}💻", "🇯🇵", "𝒜", "1", "2024", "-", "(", ")",
                         "。", "、", "!", "\u{200D}", "\t", "\u{A0}", "—", "「", "」"]

    /// The tables built from ICU's grapheme ends and line breaks alone.
    static func expected(_ units: [UInt16]) -> (starts: [Int32], unitToCluster: [Int32], breakAfter: [Bool]) {
        units.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!, length = buffer.count
            var graphemeEnds = [Int32](repeating: 0, count: length + 1)
            let count = GraphemeBreaks.icuEnds(base, length, into: &graphemeEnds)
            let breaks = LineBreaks.icuOpportunities(base, length)
            let ends = Set(graphemeEnds[0..<count]).union(breaks.filter { Int($0) < length }).sorted()
            var starts: [Int32] = [], unitToCluster: [Int32] = [], breakAfter: [Bool] = []
            var start: Int32 = 0
            for (cluster, end) in ends.enumerated() {
                starts.append(start)
                unitToCluster += Array(repeating: Int32(cluster), count: Int(end - start))
                breakAfter.append(Int(end) < length && breaks.contains(end))
                start = end
            }
            starts.append(Int32(length))
            return (starts, unitToCluster, breakAfter)
        }
    }

    @Test func randomParagraphsHaveICUsClustersAndBreaks() {
        var random = TextPropertyTests.SeededRandom(state: 30)
        var differing: [String] = []
        var oneUnitParagraphs = 0
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 1...16, using: &random)).map { _ in
                Self.pieces.randomElement(using: &random)!
            }.joined()
            let units = Array(text.utf16)
            let expected = Self.expected(units)
            let offset = Int.random(in: 0...50, using: &random)
            units.withUnsafeBufferPointer { buffer in
                var region = ScratchRegion()
                defer { region.free() }
                let clusters = ParagraphClusters(buffer.baseAddress!, length: units.count, offset: offset, in: &region)
                if clusters.count == units.count { oneUnitParagraphs += 1 }
                let starts = (0...clusters.count).map { clusters.starts[$0] - Int32(offset) }
                let unitToCluster = (0..<units.count).map { clusters.unitToCluster[$0] }
                let breakAfter = (0..<clusters.count).map { clusters.breakAfter[$0] }
                // The segments end after each cluster ICU breaks after, and after the last.
                let expectedEnds = expected.breakAfter.indices.filter {
                    expected.breakAfter[$0] || $0 == expected.breakAfter.count - 1
                }.map { $0 + 1 }
                let segmentEnds = Array(clusters.segmentEnds)
                if starts != expected.starts || unitToCluster != expected.unitToCluster
                    || breakAfter != expected.breakAfter || segmentEnds != expectedEnds, differing.count < 5 {
                    differing.append("\(text.debugDescription): starts \(starts) (ICU \(expected.starts)), "
                                     + "breakAfter \(breakAfter) (ICU \(expected.breakAfter)), "
                                     + "segment ends \(segmentEnds) (ICU \(expectedEnds))")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing)")
        // Both paths are taken: paragraphs of one-unit clusters only, and the others.
        #expect(oneUnitParagraphs > 100 && oneUnitParagraphs < 2_900, "\(oneUnitParagraphs)")
    }
}
