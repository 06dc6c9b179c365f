import CellLayoutPrepare

/// Builds the last line allowed by a line limit when text is hidden after it.
///
/// The line holds the rest of its paragraph. Word and character wrapping keep the line
/// as it was filled; clipping keeps the whole rest, cut at the edge; the truncating modes
/// keep what fits beside "…" — the start (tail), the end (head) or both (middle), white
/// space next to "…" not counted. When the rest of the paragraph fits but later
/// paragraphs are hidden, the head and middle modes put "…" at the end like tail, since
/// only an ellipsis at the end can say that more follows.
package enum Truncation {
    static func lastLine(
        _ filled: LineSpan, of prepared: PreparedText, maxWidth: Int64, mode: LineBreakMode
    ) -> LineSpan {
        let text = Clusters(paragraph: prepared.paragraphs[Int(filled.paragraph)])
        let start = filled.start
        let end = Int32(text.paragraph.clusterCount)
        let contentEnd = text.paragraph.contentEnd(of: start..<end)
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
        // "…" takes the attributes of the text beside it (before it, or after it when
        // nothing is kept before): cut for the run at the line's end, then again if the
        // run beside the cut has another "…".
        let guess = text.run(max(start, contentEnd - 1))
        var (prefixEnd, suffixStart) = cut(text, start..<contentEnd, end: end, mode: mode, fitsWhole: restWidth <= maxWidth,
                                           budget: maxWidth - prepared.ellipsisWidth(run: guess))
        var run = text.run(prefixEnd > start ? prefixEnd - 1 : min(suffixStart, contentEnd - 1))
        if prepared.ellipsisWidth(run: run) != prepared.ellipsisWidth(run: guess) {
            (prefixEnd, suffixStart) = cut(text, start..<contentEnd, end: end, mode: mode, fitsWhole: restWidth <= maxWidth,
                                           budget: maxWidth - prepared.ellipsisWidth(run: run))
            run = text.run(prefixEnd > start ? prefixEnd - 1 : min(suffixStart, contentEnd - 1))
        }
        line.prefixEnd = prefixEnd
        line.suffixStart = suffixStart
        line.hasEllipsis = true
        line.ellipsisRun = Int32(run)
        line.width = text.width(start..<prefixEnd) + prepared.ellipsisWidth(run: run)
            + (suffixStart < contentEnd ? text.width(suffixStart..<contentEnd) : 0)
        return line
    }

    /// Where the kept start ends and the kept end starts in clusters `content` (the line's
    /// visible clusters; `end` is the paragraph's end) for text `budget` wide beside "…".
    private static func cut(_ text: Clusters, _ content: Range<Int32>, end: Int32, mode: LineBreakMode,
                            fitsWhole: Bool, budget: Int64) -> (prefixEnd: Int32, suffixStart: Int32) {
        let start = content.lowerBound, contentEnd = content.upperBound
        var prefixEnd = start, suffixStart = contentEnd
        if mode == .byTruncatingTail || fitsWhole {
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
        prefixEnd = text.paragraph.contentEnd(of: start..<prefixEnd)
        while suffixStart < contentEnd, text.paragraph.isWhiteSpace(Int(suffixStart)) { suffixStart += 1 }
        return (prefixEnd, suffixStart)
    }

    /// Width arithmetic over a paragraph's clusters.
    private struct Clusters {
        let paragraph: PreparedParagraph

        /// The width of clusters `range` set alone: their advances, less the last one's
        /// kerning with the cluster after the range.
        func width(_ range: Range<Int32>) -> Int64 {
            guard let last = range.last else { return 0 }
            var sum: Int64 = 0
            for c in range { sum += paragraph.advance(Int(c)) }
            return sum - paragraph.kern(Int(last))
        }

        /// The attribute run of a cluster (0 in a plain text or an empty line).
        func run(_ cluster: Int32) -> Int { paragraph.run(ofCluster: Int(cluster)) }
    }
}
