import CellLayout
import Foundation
import Synchronization
import Testing

extension OracleTier {
    /// The same input gives byte-identical output whichever thread lays it out and whatever the
    /// caches hold: every corpus row measured on the calling thread alone against the same rows
    /// on many threads sharing one engine. (Tables on all cores against row by row:
    /// `InputHygieneTests`.)
    @Suite struct DeterminismTests {
        static let widths = [200.0, 343.0, 600.0]
        static let threads = 8

        /// Everything a renderer takes from a measured text, written as JSON (numbers in their
        /// shortest exact form, so equal bytes mean equal doubles): per width the line count,
        /// size, break offsets and every line's box, and at 343 every glyph run's font, glyphs,
        /// positions, offsets and extent (the runs come from the same shaped pieces at every width).
        static func output(_ prepared: PreparedText) -> [UInt8] {
            var writer = JSONWriter()
            for width in widths {
                let layout = prepared.fit(width: width)
                writer.raw("[")
                writer.write(Double(layout.lineCount))
                writer.write(layout.usedWidth)
                writer.write(layout.height())
                for offset in layout.breakOffsets { writer.write(Double(offset)) }
                for (i, line) in layout.lines.enumerated() {
                    for number in [Double(line.utf16Range.lowerBound), Double(line.utf16Range.upperBound),
                                   line.width, line.x, line.y, line.height, line.baseline] {
                        writer.write(number)
                    }
                    for run in width == 343 ? layout.glyphRuns(ofLine: i) : [] {
                        writer.write(run.font.face.path)
                        writer.write(run.font.size)
                        writer.write(run.x)
                        writer.write(run.width)
                        writer.raw(run.isRightToLeft ? "r" : "l")
                        for glyph in run.glyphs { writer.write(Double(glyph)) }
                        for point in run.positions { writer.write(point.x); writer.write(point.y) }
                        for offset in run.utf16Offsets { writer.write(Double(offset)) }
                    }
                }
                writer.raw("]")
            }
            return writer.bytes
        }

        /// `body(i)` for i in 0..<count on `threads` threads of their own, which take the next
        /// index as they finish one (so neighbouring rows run on different threads).
        static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> [UInt8]) -> [[UInt8]] {
            let next = Atomic<Int>(0)
            let results = Mutex([[UInt8]](repeating: [], count: count))
            let done = DispatchSemaphore(value: 0)
            for _ in 0..<threads {
                let thread = Thread {
                    while case let i = next.wrappingAdd(1, ordering: .relaxed).oldValue, i < count {
                        let bytes = body(i)
                        results.withLock { $0[i] = bytes }
                    }
                    done.signal()
                }
                thread.start()
            }
            for _ in 0..<threads { done.wait() }
            return results.withLock { $0 }
        }

        /// One engine per side, each with its own font library, so no cache is shared between
        /// them; the threaded one has a small shape memo, so entries are evicted and shaped
        /// again while other threads read them.
        static func expectSameOnOneThreadAndMany(_ texts: [String]) throws {
            let alone = TextEngine(fonts: try FontLibrary(useSystemFonts: false))
            let aloneFont = try alone.fonts.font(family: "Inter", size: 17)
            let expected = texts.map { output(alone.prepare($0, font: aloneFont)) }
            let shared = TextEngine(fonts: try FontLibrary(useSystemFonts: false), shapeMemoEntries: 256)
            let sharedFont = try shared.fonts.font(family: "Inter", size: 17)
            let threaded = onThreads(texts.count) { output(shared.prepare(texts[$0], font: sharedFont)) }
            var differing: [Int] = []
            for i in texts.indices where threaded[i] != expected[i] { differing.append(i) }
            #expect(differing.isEmpty, "\(differing.count) of \(texts.count) rows differ, first \(differing.prefix(10))")
        }

        /// The corpus a clone has: the 5,023 rows of the committed Pango slices (every 3rd row of
        /// public-10k that Inter covers, every 5th of public-intl-10k), all scripts and lengths.
        @Test func everyCommittedCorpusRowMeasuresTheSameOnOneThreadAndOnEight() throws {
            let texts = TestFonts.sliceTexts
            try #require(texts.count == 5023)
            try Self.expectSameOnOneThreadAndMany(texts)
        }
    }
}
