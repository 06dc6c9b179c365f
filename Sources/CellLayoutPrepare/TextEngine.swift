import Synchronization
import CellLayoutCore
import CellLayoutFontLibrary

/// Prepares texts for measuring: the entry point of the text pipeline.
///
/// An engine owns the memo of shaped pieces that all its preparations share, so one
/// engine per process (or per font library) is the intended use. Thread-safe: prepare
/// texts from as many threads as you like.
///
/// ```swift
/// let engine = try TextEngine()
/// let font = try engine.fonts.font(family: "Inter", size: 17)
/// let layout = engine.prepare("Hello, world", font: font).fit(width: 343)
/// print(layout.lineCount, layout.usedWidth, layout.height())
/// ```
public final class TextEngine: Sendable {
    /// Where fonts and fallback fonts come from.
    public let fonts: FontLibrary
    package let shapeMemo: BoundedMemo<ShapeKey, ShapedText>
    /// The shape memo's hits, read without its lock: the pieces the memo already had (a
    /// text's common words, which both threads look up at once), kept for the engine's life.
    package let shapeFront: PinnedFront<ShapedText.Storage>
    /// The front, held per thread lane: what a paragraph whose pieces borrow glyphs from
    /// the front holds (`PieceGlyphs`).
    package let shapeFrontHolds: ThreadLanes<FrontHold>
    package let pairMemo: BoundedMemo<PairKey, Int32>
    /// The pair memo's answers, read without its lock: every boundary between pieces asks
    /// the memo for its kerning, and a hit behind the lock cost ~500 instructions.
    /// 16,384 slots (512 KB): 10,000 international rows meet ~7,600 pairs, and at 8,192
    /// slots collisions sent ~13,000 probes on to the memo.
    package let pairFront = LockFreeFront(slotBits: 14)
    /// Where prepared texts keep their packed segments: an arena of their own, so that the
    /// segments of texts prepared one after another lie side by side, which a re-fit streams
    /// through (with the cluster tables between them, `sizes(of:width:)` ran 10 % slower).
    private let segmentArena = TextArena()
    /// Where prepared texts keep their paragraphs' cluster tables, pieces and runs.
    package let tableArena = TextArena()
    /// What each text font needs once, by font id: bounded, so that a stream of ever new
    /// sizes does not keep a table per size (a font dropped here is made again when met).
    private let fontTables = BoundedMemo<Int, FontTables>(maxEntries: 512, maxBytes: 96 << 20) { _, tables in
        tables.byteCount
    }
    /// Per thread lane, the last fonts' tables, held for the lane (`TextFontHold`): most texts
    /// are in the font of a text just before them; the memo's lock, which every text took, was
    /// one lock for both cores, and the font and tables it gives are objects both share.
    private let fontHolds = ThreadLanes { FontHolds() }

    private final class FontHolds: Sendable {
        /// The lane's holds, the one used last first; at most `kept` (a table's rows
        /// alternate between the fonts of their labels).
        let recent = Mutex<[TextFontHold]>([])
        /// Keeps the next lane's holds off this one's cache line.
        let padding = CacheLinePadding()
        static let kept = 4
    }

    /// Per thread lane, the scratch region a paragraph's temporaries come from
    /// (`ParagraphBuilder.build()`): kept between texts, at most `ScratchSlot.keptBytes` a lane.
    package let scratchSlots = ThreadLanes { ScratchSlot() }

    /// What the engine learns once about each font face.
    let faceAnalyses = FaceAnalyses()
    /// Whether plain text is measured from font tables (`PlainShaping`) rather than shaped
    /// by HarfBuzz; the two agree exactly, which tests check with this off.
    package let usesPlainShaping: Bool

    /// "…" and the plain shaping tables of one text font, made once for all lanes: a
    /// class, so that a lane's `TextFontHold` takes them from the memo with one retain
    /// rather than one per reference inside.
    private final class FontTables: Sendable {
        let ellipsis: Ellipsis
        let plain: PlainShaping?

        init(ellipsis: Ellipsis, plain: PlainShaping?) {
            self.ellipsis = ellipsis
            self.plain = plain
        }

        /// About the bytes held.
        var byteCount: Int { 2048 + (plain == nil ? 0 : PlainShaping.byteCount) }
    }

    /// Creates an engine.
    /// - Parameters:
    ///   - fonts: the font library (default: the bundled fonts and the system's).
    ///   - shapeMemoEntries: the most shaped pieces (about one per distinct word) kept;
    ///     0 turns the memo off.
    ///   - shapeMemoBytes: about the most bytes the memo holds.
    public convenience init(fonts: FontLibrary, shapeMemoEntries: Int = 200_000, shapeMemoBytes: Int = 64 << 20) {
        self.init(fonts: fonts, shapeMemoEntries: shapeMemoEntries, shapeMemoBytes: shapeMemoBytes,
                  usesPlainShaping: true)
    }

    package init(fonts: FontLibrary, shapeMemoEntries: Int, shapeMemoBytes: Int, usesPlainShaping: Bool) {
        self.fonts = fonts
        self.usesPlainShaping = usesPlainShaping
        self.shapeMemo = BoundedMemo(maxEntries: shapeMemoEntries, maxBytes: shapeMemoBytes) { key, shaped in
            shaped.byteCount + key.byteCount
        }
        self.pairMemo = BoundedMemo(maxEntries: shapeMemoEntries, maxBytes: shapeMemoBytes / 8) { _, _ in 64 }
        // About one slot per 16 entries the memo may hold, up to 8,192 (512 KB), and an
        // eighth of its bytes; none when the memo keeps nothing.
        let frontSlots = max(0, shapeMemoEntries) / 16
        let front = PinnedFront<ShapedText.Storage>(
            slotBits: frontSlots < 4 ? 0 : min(13, Int.bitWidth - 1 - frontSlots.leadingZeroBitCount),
            maxBytes: shapeMemoEntries > 0 ? max(0, shapeMemoBytes) / 8 : 0)
        self.shapeFront = front
        self.shapeFrontHolds = ThreadLanes { FrontHold(front) }
    }

    /// Creates an engine over a new library of the bundled and system fonts.
    /// - Throws: `FontError` when the bundled fonts cannot be read.
    public convenience init() throws {
        self.init(fonts: try FontLibrary())
    }

    /// How many shaped pieces came from the memo, and how many were shaped.
    public var shapeStatistics: (hits: Int, misses: Int) {
        let memo = shapeMemo.statistics
        return (memo.hits + shapeFront.hits, memo.misses)
    }

    /// Prepares `text` for fitting in `font`: splits hard paragraphs, finds break
    /// opportunities and grapheme clusters, picks fallback fonts, shapes.
    /// - Parameters:
    ///   - text: the text.
    ///   - font: its font.
    ///   - vertical: whose vertical metrics set the line height (default: the font's).
    ///   - paragraphStyle: how the paragraphs are set (default: UIKit's default style).
    ///   - language: the text's language, which picks its fallback fonts and Han forms
    ///     (default: the font library's `FontLibrary/language`).
    /// - Complexity: O(n) in the text's length, plus shaping for pieces the memo lacks.
    public func prepare(_ text: String, font: Font, vertical: VerticalMetrics = .font,
                        paragraphStyle: ParagraphStyle = ParagraphStyle(), language: TextLanguage? = nil) -> PreparedText {
        let hold = hold(for: font)
        let slot = fonts.slot(for: language)
        // The units live only while the paragraphs are built (on the stack for most texts).
        // The builder holds none of self, font and its plain shaping (they live here), and the
        // closures capture them unretained; the paragraphs hold the font through `hold`.
        let engine = Unmanaged.passUnretained(self), textFont = Unmanaged.passUnretained(font)
        let plain = hold.plain.map(Unmanaged.passUnretained)
        let holder = Unmanaged.passUnretained(hold)
        let (utf16Count, paragraphs, segments) = withExtendedLifetime(hold) {
            UTF16Units.withUnits(of: text) { buffer in
                let (paragraphs, segments) = ParagraphBuilder(engine: engine, font: textFont, plain: plain,
                                                              fontHolder: holder, text: buffer, language: slot).build()
                return (buffer.count, paragraphs, segments)
            }
        }
        return PreparedText(fontHold: hold, lineMetrics: LineMetrics(font: font, vertical: vertical),
                            utf16Count: utf16Count, paragraphs: paragraphs, segments: segments,
                            arena: segmentArena, paragraphStyle: paragraphStyle)
    }

    /// Prepares an attributed text: as `prepare(_:font:vertical:paragraphStyle:language:)`, with
    /// each run in its own font (`font` where the run names none) and kerning, pieces
    /// split where runs change, and font kerning across a run boundary only where both
    /// runs have the same font.
    /// - Parameters:
    ///   - text: the runs and the paragraph style.
    ///   - font: the font of runs that name none.
    ///   - vertical: whose vertical metrics set the line heights (default: the fonts').
    ///   - language: the text's language (default: the font library's).
    public func prepare(_ text: AttributedText, font: Font, vertical: VerticalMetrics = .font,
                        language: TextLanguage? = nil) -> PreparedText {
        // Each array made once at the runs' count, and every run's units written into one
        // buffer with room for their UTF-8 count (never fewer units): no array per run, and
        // none that grows run by run (a 3-run row made ~15 such allocations).
        let runCount = text.runs.count
        var starts: [Int] = [], fonts: [Font] = [], plains: [PlainShaping?] = [], kerns: [Int32] = []
        var styles: [RunStyle] = []
        starts.reserveCapacity(runCount)
        fonts.reserveCapacity(runCount)
        plains.reserveCapacity(runCount)
        kerns.reserveCapacity(runCount)
        styles.reserveCapacity(runCount)
        let room = text.runs.reduce(0) { $0 + $1.text.utf8.count }
        let units = [UInt16](unsafeUninitializedCapacity: room) { buffer, count in
            for run in text.runs where !run.text.isEmpty {
                let runFont = run.font ?? font
                let runHold = self.hold(for: runFont)
                let kern = LayoutUnits.rounded(run.kern)
                let natural = LineMetrics(font: runFont, vertical: vertical)
                starts.append(count)
                count += UTF16Units.write(run.text, into: buffer.baseAddress! + count)
                fonts.append(runFont)
                plains.append(runHold.plain)
                kerns.append(kern)
                styles.append(RunStyle(
                    font: runFont,
                    metrics: LineMetrics(ascent: natural.ascent + run.baselineOffset,
                                         descent: natural.descent - run.baselineOffset, gap: natural.gap),
                    baselineOffset: run.baselineOffset, kern: kern, color: run.color, ellipsis: runHold.ellipsis))
            }
        }
        let hold = hold(for: font)
        let runs = RunTable(starts: starts, fonts: fonts, plains: plains, kerns: kerns)
        // The builder holds none of self, font and its plain shaping: they live here (the
        // paragraphs hold the font through `hold`).
        let (paragraphs, segments) = withExtendedLifetime(hold) {
            units.withUnsafeBufferPointer { buffer in
                ParagraphBuilder(engine: Unmanaged.passUnretained(self), font: Unmanaged.passUnretained(font),
                                 plain: hold.plain.map(Unmanaged.passUnretained),
                                 fontHolder: Unmanaged.passUnretained(hold), text: buffer, runs: runs,
                                 language: self.fonts.slot(for: language)).build()
            }
        }
        return PreparedText(fontHold: hold, lineMetrics: LineMetrics(font: font, vertical: vertical),
                            utf16Count: units.count, paragraphs: paragraphs, segments: segments,
                            arena: segmentArena, paragraphStyle: text.paragraphStyle, runStyles: styles)
    }

    /// The font's "…" and plain shaping tables, made once per font rather than once per
    /// text (every prepared text carries the "…" for truncation), held for the calling
    /// thread's lane.
    private func hold(for font: Font) -> TextFontHold {
        let lane = fontHolds.current
        let id = font.id
        let kept = lane.recent.withLock { recent -> TextFontHold? in
            guard let index = recent.firstIndex(where: { $0.fontID == id }) else { return nil }
            if index > 0 { recent.insert(recent.remove(at: index), at: 0) }
            return recent[0]
        }
        if let kept { return kept }
        let tables = sharedTables(for: font)
        let hold = TextFontHold(font: font, ellipsis: tables.ellipsis, plain: tables.plain)
        lane.recent.withLock { recent in
            recent.insert(hold, at: 0)
            if recent.count > FontHolds.kept { recent.removeLast() }
        }
        return hold
    }

    private func sharedTables(for font: Font) -> FontTables {
        fontTables.value(for: font.id) {
            // The builder holds neither self nor font: both live through this call.
            let paragraph = Array("\u{2026}".utf16).withUnsafeBufferPointer { buffer in
                ParagraphBuilder(engine: self, font: font, plain: nil, text: buffer, language: fonts.defaultLanguage)
                    .build().paragraphs[0]
            }
            // Without plain shaping every piece is shaped, so `shaped` is there.
            return FontTables(
                ellipsis: Ellipsis(firstPieceOf: paragraph),
                plain: usesPlainShaping ? PlainShaping(font: font, analyses: faceAnalyses) : nil)
        }
    }
}
