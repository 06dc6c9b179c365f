import Glibc
import Synchronization
import Testing
@testable import CellLayout
@testable import CellLayoutPrepare

/// The scratch region a paragraph's temporaries come from (`ScratchRegion`), and the one
/// each thread lane of an engine keeps between texts (`ScratchSlot`).
struct ScratchRegionTests {
    /// Memory handed out is aligned for its type and disjoint; a request past the block
    /// moves the region to a larger one without touching what was handed out before; after
    /// `reset()` the larger block is the one kept, and hands out from its start.
    @Test func handsOutAlignedDisjointMemoryAndGrows() {
        var region = ScratchRegion(capacity: 64)
        defer { region.free() }
        let bytes = region.allocate(UInt8.self, count: 3)
        let words = region.allocate(Int64.self, count: 5)
        #expect(Int(bitPattern: words.baseAddress) % MemoryLayout<Int64>.alignment == 0)
        #expect(Int(bitPattern: words.baseAddress) >= Int(bitPattern: bytes.baseAddress) + 3)
        for i in 0..<3 { bytes[i] = UInt8(i + 1) }
        for i in 0..<5 { words[i] = Int64(100 + i) }
        // 40 bytes past 3 (aligned to 8) fill the 64: the next request takes a new block.
        let large = region.allocate(Int32.self, count: 100)
        large.initialize(repeating: 7)
        #expect(region.capacity >= 400)
        #expect(Array(bytes) == [1, 2, 3])
        #expect(Array(words) == [100, 101, 102, 103, 104])
        let grown = region.capacity
        region.reset()
        #expect(region.capacity == grown)
        let again = region.allocate(Int32.self, count: 100)
        #expect(again.baseAddress == large.baseAddress)
    }

    /// Texts whose paragraphs leave the plain path (emoji, right to left, several scripts),
    /// prepared one after another on one engine (each reusing the lane's region the last
    /// one wrote over) and on two threads at once, lay out as each does prepared first on
    /// an engine of its own.
    @Test func reusedRegionsKeepEveryTextsData() {
        let texts = Self.texts
        let expected = texts.map { Self.layouts(TextEngine(fonts: TestFonts.library), $0) }
        let engine = TextEngine(fonts: TestFonts.library)
        #expect(texts.map { Self.layouts(engine, $0) } == expected)
        #expect(engine.scratchSlots.current.keptCapacity > 0, "the lane keeps its region")

        let results = Results()
        let shared = TextEngine(fonts: TestFonts.library)
        let threads = (0..<2).map { t in
            startThread {
                // Each thread in its own order, so that both run the same texts at once.
                let order = t == 0 ? Array(texts.indices) : Array(texts.indices.reversed())
                for _ in 0..<3 {
                    for i in order {
                        let layouts = Self.layouts(shared, texts[i])
                        results.all.withLock { all in
                            if let seen = all[i], seen != layouts { all[i] = [[-1]] } else { all[i] = layouts }
                        }
                    }
                }
            }
        }
        for thread in threads { pthread_join(thread, nil) }
        let all = results.all.withLock { $0 }
        #expect(texts.indices.map { all[$0] ?? [] } == expected)
    }

    /// A text prepared while another thread holds the lane's region (taken here) makes a
    /// region of its own and keeps its data; the lane then keeps that region, and the one
    /// given back while the slot is full is freed.
    @Test func aLaneWhoseRegionIsHeldGivesAFreshOne() {
        let texts = Self.texts
        let expected = texts.map { Self.layouts(TextEngine(fonts: TestFonts.library), $0) }
        let engine = TextEngine(fonts: TestFonts.library)
        _ = Self.layouts(engine, texts[0])
        let slot = engine.scratchSlots.current
        var held = slot.take()
        #expect(slot.keptCapacity == 0)
        // What a thread holding the region writes into it while the texts are prepared.
        held.allocate(UInt8.self, count: held.capacity).initialize(repeating: 0xA5)
        #expect(texts.map { Self.layouts(engine, $0) } == expected)
        #expect(slot.keptCapacity > 0)
        slot.give(held)
        #expect(slot.keptCapacity <= ScratchSlot.keptBytes)
        #expect(texts.map { Self.layouts(engine, $0) } == expected)
    }

    /// A paragraph of 10,000 "😀 " (30,000 code units: temporaries of over a megabyte) lays out
    /// with one emoji a line at a width that holds one but not two — UAX #14 breaks after
    /// each space (LB18) and nowhere else (an emoji is ID, a space before it SP) — and the
    /// lane keeps no more than `ScratchSlot.keptBytes` after it: none of its region.
    @Test func aLongTextWorksAndTheLaneKeepsNoMoreThanTheBound() {
        let engine = TextEngine(fonts: TestFonts.library)
        let font = TestFonts.inter17
        let one = engine.prepare("😀", font: font).fit(width: 1000).usedWidth
        #expect(one > 0)
        #expect(engine.scratchSlots.current.keptCapacity == ScratchRegion.initialCapacity)
        let count = 10_000
        let layout = engine.prepare(String(repeating: "😀 ", count: count), font: font).fit(width: one * 1.5)
        #expect(layout.lineCount == count)
        #expect(layout.breakOffsets == Array(stride(from: 3, to: 3 * count, by: 3)))
        #expect(engine.scratchSlots.current.keptCapacity <= ScratchSlot.keptBytes)
        #expect(engine.scratchSlots.current.keptCapacity == 0)
        // The next text makes a region again, and the lane keeps it.
        #expect(engine.prepare("😀 a", font: font).fit(width: 1000).lineCount == 1)
        #expect(engine.scratchSlots.current.keptCapacity == ScratchRegion.initialCapacity)
    }

    /// Texts of the general path: emoji, Hebrew and Arabic with numbers, several scripts,
    /// marks, and several paragraphs; then international slice rows.
    private static let texts: [String] = [
        "Hello 👋🏽 world, 🇫🇷🇩🇪 flags and a family 👨‍👩‍👧",
        "שלום עולם 123 hello (עברית) 😀",
        "مرحبا بالعالم ٣٤ 45 text",
        "नमस्ते दुनिया किशोरी and ไทย ภาษา",
        "Ελληνικά, Русский, 中文字符, 日本語の文 ✨\nsecond paragraph 🎉 here\n\nfourth",
        "e\u{301}le\u{300}ve cafe\u{301} na\u{308}ive 😀😀😀",
    ] + TestFonts.intlSlice.prefix(40).map(\.text)

    /// What `engine` lays `text` out as at a few widths: each line's break offsets, then
    /// its used width and line count.
    private static func layouts(_ engine: TextEngine, _ text: String) -> [[Double]] {
        let prepared = engine.prepare(text, font: TestFonts.inter17)
        return [40.0, 120, 343, 10_000].flatMap { width in
            let layout = prepared.fit(width: width)
            return [layout.breakOffsets.map(Double.init), [layout.usedWidth, Double(layout.lineCount)]]
        }
    }

    /// Each text's layouts as the threads saw them ([[-1]] once two saw different ones).
    private final class Results: Sendable {
        let all = Mutex<[Int: [[Double]]]>([:])
    }
}
