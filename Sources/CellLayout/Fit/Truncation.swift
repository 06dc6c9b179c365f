/// Builds the last line allowed by a line limit when text is hidden after it.
///
/// The line holds the rest of its paragraph. Word and character wrapping keep the line
/// as it was filled; clipping keeps the whole rest, cut at the edge; the truncating modes
/// keep what fits beside "…" — the start (tail), the end (head) or both (middle), white
/// space next to "…" not counted. When the rest of the paragraph fits but later
/// paragraphs are hidden, the head and middle modes put "…" at the end like tail, since
/// only an ellipsis at the end can say that more follows.
enum Truncation {
    static func lastLine(
        _ filled: LineSpan, of prepared: PreparedText, maxWidth: Int64, ellipsisWidth: Int64, mode: LineBreakMode
    ) -> LineSpan {
        let text = Clusters(paragraph: prepared.paragraphs[Int(filled.paragraph)])
        let start = filled.start
        let end = Int32(text.paragraph.clusterCount)
        var contentEnd = end
        while contentEnd > start, text.isSpace(contentEnd - 1) { contentEnd -= 1 }
        let restWidth = text.width(start..<contentEnd)
        let hiddenAfter = Int(filled.paragraph) < prepared.paragraphs.count - 1
        var line = LineSpan(paragraph: filled.paragraph, start: start, end: end, width: restWidth)

        switch mode {
        case .byWordWrapping, .byCharWrapping:
            return filled
        case .byClipping:
            line.width = min(restWidth, maxWidth)
            return line
        case .byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail:
            if restWidth <= maxWidth && !hiddenAfter { return line }
        }
        let budget = maxWidth - ellipsisWidth
        var prefixEnd = start, suffixStart = contentEnd
        if mode == .byTruncatingTail || restWidth <= maxWidth {
            while prefixEnd < contentEnd, text.width(start..<(prefixEnd + 1)) <= budget { prefixEnd += 1 }
            suffixStart = end
        } else if mode == .byTruncatingHead {
            while suffixStart > start, text.width((suffixStart - 1)..<contentEnd) <= budget { suffixStart -= 1 }
        } else {
            // Take a cluster from the narrower side while one fits.
            while prefixEnd < suffixStart {
                let front = text.width(start..<prefixEnd), back = text.width(suffixStart..<contentEnd)
                let frontFits = text.width(start..<(prefixEnd + 1)) + back <= budget
                let backFits = front + text.width((suffixStart - 1)..<contentEnd) <= budget
                if frontFits && (front <= back || !backFits) {
                    prefixEnd += 1
                } else if backFits {
                    suffixStart -= 1
                } else {
                    break
                }
            }
        }
        while prefixEnd > start, text.isSpace(prefixEnd - 1) { prefixEnd -= 1 }
        while suffixStart < contentEnd, text.isSpace(suffixStart) { suffixStart += 1 }
        line.prefixEnd = prefixEnd
        line.suffixStart = suffixStart
        line.hasEllipsis = true
        line.width = text.width(start..<prefixEnd) + ellipsisWidth
            + (suffixStart < contentEnd ? text.width(suffixStart..<contentEnd) : 0)
        return line
    }

    /// Width arithmetic over a paragraph's clusters.
    private struct Clusters {
        let paragraph: PreparedParagraph

        /// The width of clusters `range` set alone: their advances, less the last one's
        /// kerning with the cluster after the range.
        func width(_ range: Range<Int32>) -> Int64 {
            guard let last = range.last else { return 0 }
            var sum: Int64 = 0
            for c in range { sum += Int64(paragraph.advances[Int(c)]) }
            return sum - Int64(paragraph.kerns[Int(last)])
        }

        func isSpace(_ cluster: Int32) -> Bool {
            paragraph.flags[Int(cluster)] & ClusterFlags.whitespace != 0
        }
    }
}
