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
        let paragraph = prepared.paragraphs[Int(filled.paragraph)]
        let start = filled.start
        let end = Int32(paragraph.clusterCount)
        var contentEnd = end
        while contentEnd > start, isSpace(paragraph, contentEnd - 1) { contentEnd -= 1 }
        var restWidth: Int64 = 0
        for c in start..<contentEnd { restWidth += advance(paragraph, c) }
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
        var front: Int64 = 0, back: Int64 = 0
        let tail = mode == .byTruncatingTail || restWidth <= maxWidth
        if tail {
            while prefixEnd < contentEnd, front + advance(paragraph, prefixEnd) <= budget {
                front += advance(paragraph, prefixEnd)
                prefixEnd += 1
            }
            suffixStart = end
        } else if mode == .byTruncatingHead {
            while suffixStart > start, back + advance(paragraph, suffixStart - 1) <= budget {
                back += advance(paragraph, suffixStart - 1)
                suffixStart -= 1
            }
        } else {
            while true {
                let frontNext = prefixEnd < suffixStart ? advance(paragraph, prefixEnd) : Int64.max
                let backNext = prefixEnd < suffixStart ? advance(paragraph, suffixStart - 1) : Int64.max
                let frontFits = frontNext != .max && front + back + frontNext <= budget
                let backFits = backNext != .max && front + back + backNext <= budget
                if frontFits && (front <= back || !backFits) {
                    front += frontNext
                    prefixEnd += 1
                } else if backFits {
                    back += backNext
                    suffixStart -= 1
                } else {
                    break
                }
            }
        }
        while prefixEnd > start, isSpace(paragraph, prefixEnd - 1) {
            prefixEnd -= 1
            front -= advance(paragraph, prefixEnd)
        }
        while suffixStart < contentEnd, isSpace(paragraph, suffixStart) {
            back -= advance(paragraph, suffixStart)
            suffixStart += 1
        }
        line.prefixEnd = prefixEnd
        line.suffixStart = suffixStart
        line.hasEllipsis = true
        line.width = front + ellipsisWidth + back
        return line
    }

    private static func advance(_ paragraph: PreparedParagraph, _ cluster: Int32) -> Int64 {
        Int64(paragraph.advances[Int(cluster)])
    }

    private static func isSpace(_ paragraph: PreparedParagraph, _ cluster: Int32) -> Bool {
        paragraph.flags[Int(cluster)] & ClusterFlags.whitespace != 0
    }
}
