import CHarfBuzz
@testable import CellLayout
import Testing

/// Itemization: scripts resolved to their neighbours, neutrals in the font of their run,
/// visible clusters never hanging. Widths are derived with `hb-shape` (HarfBuzz 6.0) on
/// the bundled files at `--font-size=17408` (17 × 1024, the engine's grid) and checked
/// against Pango 1.50 (Tests/Oracles/pango_lines.c with Inter-Regular.otf and
/// DejaVuSans.ttf); each derivation is written beside its golden.
@Suite struct ItemizationTests {
    func width(_ text: String) -> Double {
        TestFonts.engine.prepare(text, font: TestFonts.inter17).fit(width: 1000).usedWidth
    }

    /// A space followed by a vowel sign is one visible cluster, not hanging white space.
    /// Neither bundled font has U+093F, so the cluster is shaped in Inter (the paragraph's
    /// font) as space + .notdef: `hb-shape --font-file=Inter-Regular.otf --script=deva
    /// " ि"` gives advances 4896 + 17309 = 22205 / 1024 = 21.685 pt. (It measured 0.)
    /// The neutral rule with HarfBuzz's general categories (`isNeutralInBMP`), and the
    /// neutral bits `ScalarTable` keeps of it, are the rule spelled with Swift's properties
    /// (`isNeutralByCategory`) for every BMP code point.
    @Test func neutralTableIsTheRuleOverTheWholeBMP() {
        var differing: [UInt32] = []
        let table = ScalarTable()
        for value in UInt32(0)..<0x10000 {
            let bit = Itemizer.isNeutralInBMP(value)
            if bit != ScalarTable.isNeutral(table.entry(value)) { differing.append(value) }
            let expected = Unicode.Scalar(value).map(Itemizer.isNeutralByCategory) ?? true  // surrogates: Cs
            if bit != expected { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0, radix: 16) })")
    }

    @Test func spaceWithAVowelSignIsVisible() {
        #expect(abs(width(" \u{093F}") - 21.685) < 0.001)
        #expect(abs(width("a \u{093F}") - width("a") - 21.685) < 0.002)
    }

    /// UAX #14 allows a break between a space and a combining mark after it (LB10), inside
    /// what UAX #29 makes one grapheme; the line breaks there, as ICU reports and Pango
    /// takes it: Pango 1.50 with Inter-Regular.otf at width 60 breaks "Hello \u{301}world"
    /// at 6, the first line 44.553 pt wide (the hanging space left out). It broke at 8.
    @Test func aLineBreaksBetweenASpaceAndTheMarkAfterIt() {
        let layout = TestFonts.engine.prepare("Hello \u{301}world", font: TestFonts.inter17).fit(width: 60)
        #expect(layout.breakOffsets == [6])
        #expect(abs(layout.usedWidth - 44.553) < 0.001)
    }

    /// "?." inside Hebrew is shaped with the Hebrew script (right to left, Inter has no
    /// Hebrew kerning for it): DejaVu "שלום" (hebr, he) = 38523 units, Inter "?." (hebr)
    /// = 4797 + 8828 = 13625; 52148 / 1024 = 50.926 pt, Pango 50.926. It measured 49.404,
    /// with Latin kerning.
    @Test func punctuationInHebrewTakesTheHebrewScript() {
        #expect(abs(width("\u{05E9}\u{05DC}\u{05D5}\u{05DD}?.") - 50.926) < 0.001)
    }

    /// A space between Hebrew words is drawn in the Hebrew words' font (DejaVu Sans), as
    /// Pango draws it: `hb-shape --font-file=DejaVuSans.ttf --script=hebr --language=he
    /// "שלום עולם"` = 81143 units = 79.241 pt, Pango 79.241. With Inter's space it was 78.618.
    @Test func spaceBetweenFallbackWordsTakesTheirFont() {
        let text = "\u{05E9}\u{05DC}\u{05D5}\u{05DD} \u{05E2}\u{05D5}\u{05DC}\u{05DD}"
        #expect(abs(width(text) - 79.241) < 0.001)
        let runs = TestFonts.engine.prepare(text, font: TestFonts.inter17).fit(width: 1000).glyphRuns(ofLine: 0)
        #expect(runs.allSatisfy { $0.font.face.family == "DejaVu Sans" })
    }

    /// When the font changes right after a space, the space goes to the font earlier in the
    /// chain (Pango's "better font"): in "שלום !" the "!" is Inter's, so the space is too.
    /// DejaVu "שלום" (hebr) 38523 units + Inter " !" (hebr) 4896 + 4847 = 48266 / 1024 =
    /// 47.135 pt, Pango 47.135. (In "שלום 123" the digits are a bidi run of their own, so
    /// the space stays with the Hebrew, in both.)
    @Test func spaceBeforeABetterFontJoinsIt() {
        let text = "\u{05E9}\u{05DC}\u{05D5}\u{05DD} !"
        #expect(abs(width(text) - 47.135) < 0.001)
        let paragraph = TestFonts.engine.prepare(text, font: TestFonts.inter17).paragraphs[0]
        let spaceFont = paragraph.pieces.first { $0.utf16Start <= 4 && 4 < $0.utf16End }!.font
        #expect(spaceFont === TestFonts.inter17)
    }

    /// Scripts: Common characters continue the run before them, leading ones take the first
    /// real script, and a closing bracket takes the script of the bracket it closes.
    @Test func neutralsTakeTheScriptOfTheirRun() {
        func scripts(_ text: String) -> [hb_script_t] {
            let paragraph = TestFonts.engine.prepare(text, font: TestFonts.inter17).paragraphs[0]
            return paragraph.pieces.map(\.script)
        }
        // "(שלום) abc": "(" opens in Hebrew (leading Common takes Hebrew), ")" closes it.
        let pieces = TestFonts.engine.prepare("(\u{05E9}\u{05DC}\u{05D5}\u{05DD}) abc", font: TestFonts.inter17)
            .paragraphs[0].pieces
        let close = pieces.first { $0.utf16Start <= 5 && 5 < $0.utf16End }!
        #expect(close.script == HB_SCRIPT_HEBREW)
        #expect(pieces.last!.script == HB_SCRIPT_LATIN)
        #expect(scripts("123 \u{0410}\u{0411}").allSatisfy { $0 == HB_SCRIPT_CYRILLIC })
    }

    /// `Itemizer.resolve`'s shortcuts (one real script: every cluster takes it; every font
    /// its run's own: nothing to move) against resolving in full, on random clusters: scripts
    /// drawn from Latin, Hebrew, Han, Common, Inherited and Unknown (a quarter of the cases
    /// with one real script, a quarter with none), brackets among the first scalars, neutral
    /// and emoji kinds, two levels, three attribute runs over three fonts, and half of the
    /// cases with every cluster in its run's font. It fails if a shortcut gives any cluster
    /// another script or font than the full resolution.
    @Test func resolveShortcutsAgreeWithTheFullResolution() throws {
        let library = TestFonts.library
        let fonts = try [TestFonts.inter17, library.font(family: "DejaVu Sans", size: 17),
                         library.font(family: "Inter", size: 13)]
        let real = [HB_SCRIPT_LATIN, HB_SCRIPT_HEBREW, HB_SCRIPT_HAN].map(\.rawValue)
        let neutral = [HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_UNKNOWN].map(\.rawValue)
        let firsts: [UInt32] = [0x28, 0x29, 0x5B, 0x5D, 0x300C, 0x300D, 0x61, 0x20, 0x5D0]
        var generator = SystemRandomNumberGenerator()
        var differing: [String] = []
        var shortcutCases = 0
        for _ in 0..<4000 {
            let count = Int.random(in: 1...24, using: &generator)
            let realScripts: [UInt32] = switch Int.random(in: 0..<4, using: &generator) {
            case 0: []
            case 1: [real.randomElement(using: &generator)!]
            default: real
            }
            let runFonts = (0..<3).map { _ in fonts.randomElement(using: &generator)! }
            let primaryFonts = Bool.random(using: &generator)
            let runCount = Int.random(in: 1...3, using: &generator)
            var region = ScratchRegion()
            defer { region.free() }
            var full = Itemizer(count: count, in: &region)
            var quick = Itemizer(count: count, in: &region)
            var run = 0
            for c in 0..<count {
                if run + 1 < runCount, Int.random(in: 0..<5, using: &generator) == 0 { run += 1 }
                let script = Bool.random(using: &generator) || realScripts.isEmpty
                    ? neutral.randomElement(using: &generator)! : realScripts.randomElement(using: &generator)!
                let font = primaryFonts ? runFonts[run] : fonts.randomElement(using: &generator)!
                let kind = [0, 0, Itemizer.neutral, Itemizer.emoji].randomElement(using: &generator)!
                let level = UInt8.random(in: 0...1, using: &generator)
                let first = firsts.randomElement(using: &generator)!
                full.set(c, script: script, first: first, level: level, kind: kind, run: UInt16(run),
                         font: .passUnretained(font), isRunFont: font === runFonts[run])
                quick.set(c, script: script, first: first, level: level, kind: kind, run: UInt16(run),
                          font: .passUnretained(font), isRunFont: font === runFonts[run])
            }
            if realScripts.count <= 1 || primaryFonts { shortcutCases += 1 }
            let rank = { (font: Font, primary: Font) -> Int in
                font === primary ? 0 : 1 + fonts.firstIndex { $0 === font }!
            }
            full.resolve(primary: { .passUnretained(runFonts[$0]) },
                         rank: { rank($0.takeUnretainedValue(), $1.takeUnretainedValue()) }, shortcuts: false)
            quick.resolve(primary: { .passUnretained(runFonts[$0]) },
                          rank: { rank($0.takeUnretainedValue(), $1.takeUnretainedValue()) })
            let same = (0..<count).allSatisfy {
                full.scripts[$0] == quick.scripts[$0] && full.fonts[$0].toOpaque() == quick.fonts[$0].toOpaque()
            }
            if !same { differing.append("\((0..<count).map { full.scripts[$0] }) \(realScripts)") }
        }
        #expect(shortcutCases > 2000)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// `Itemizer`'s font resolution (one pass, runs ending where their key changes) against
    /// the rule done run by run as it was before (`fontsRunByRun`: find a run's end, then
    /// resolve the run), on random clusters: three scripts, two levels, three attribute runs
    /// over three fonts, emoji in streaks, a third of the clusters neutral, fonts drawn from
    /// four so that neutrals often sit between two fonts and ranks decide. It fails if any
    /// cluster gets another font.
    @Test func fontResolutionAgreesWithTheRunByRunRule() throws {
        let library = TestFonts.library
        let fonts = try [TestFonts.inter17, library.font(family: "DejaVu Sans", size: 17),
                         library.font(family: "Inter", size: 13), library.font(family: "DejaVu Sans", size: 13)]
        let scripts = [HB_SCRIPT_LATIN, HB_SCRIPT_HEBREW, HB_SCRIPT_HAN].map(\.rawValue)
        var generator = SystemRandomNumberGenerator()
        var differing: [String] = []
        var ranked = 0
        for _ in 0..<4000 {
            let count = Int.random(in: 1...40, using: &generator)
            let runFonts = (0..<3).map { _ in fonts.randomElement(using: &generator)! }
            var region = ScratchRegion()
            defer { region.free() }
            var items = Itemizer(count: count, in: &region)
            var run = 0, script = scripts[0], level: UInt8 = 0, emoji: UInt8 = 0
            for c in 0..<count {
                // Keys change now and then, so that runs form; a third of the clusters are neutral.
                if run < 2, Int.random(in: 0..<8, using: &generator) == 0 { run += 1 }
                if Int.random(in: 0..<8, using: &generator) == 0 { script = scripts.randomElement(using: &generator)! }
                if Int.random(in: 0..<10, using: &generator) == 0 { level ^= 1 }
                if Int.random(in: 0..<10, using: &generator) == 0 { emoji ^= Itemizer.emoji }
                let kind = emoji | (Int.random(in: 0..<3, using: &generator) == 0 ? Itemizer.neutral : 0)
                let font = Int.random(in: 0..<3, using: &generator) == 0
                    ? runFonts[run] : fonts.randomElement(using: &generator)!
                items.set(c, script: script, first: 0x61, level: level, kind: kind, run: UInt16(run),
                          font: .passUnretained(font), isRunFont: font === runFonts[run])
            }
            let raw = (0..<count).map { items.fonts[$0] }
            var asked = 0
            let rank = { (font: Font, primary: Font) -> Int in
                asked += 1
                return font === primary ? 0 : 1 + fonts.firstIndex { $0 === font }!
            }
            items.resolve(primary: { .passUnretained(runFonts[$0]) },
                          rank: { rank($0.takeUnretainedValue(), $1.takeUnretainedValue()) }, shortcuts: false)
            if asked > 0 { ranked += 1 }
            let expected = Self.fontsRunByRun(items, raw: raw, primary: { runFonts[$0] }, rank: rank)
            if (0..<count).contains(where: { items.fonts[$0].toOpaque() != expected[$0].toOpaque() }) {
                differing.append("\((0..<count).map { "\(items.kinds[$0])/\(items.runs[$0])/\(fonts.firstIndex(of: raw[$0].takeUnretainedValue())!)" })")
            }
        }
        #expect(ranked > 500)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// The fonts `items` resolves to from its clusters' fonts `raw`, run by run: a pass
    /// finding where a run (one script, level, attribute run and emoji-ness) ends, then the
    /// rule over the run — the itemizer's code before it became one pass.
    static func fontsRunByRun(_ items: Itemizer, raw: [Unmanaged<Font>], primary: (Int) -> Font,
                              rank: (Font, Font) -> Int) -> [Unmanaged<Font>] {
        var fonts = raw
        var runStart = 0
        while runStart < items.count {
            var runEnd = runStart + 1
            while runEnd < items.count, items.scripts[runEnd] == items.scripts[runStart],
                  items.levels[runEnd] == items.levels[runStart], items.runs[runEnd] == items.runs[runStart],
                  (items.kinds[runEnd] & Itemizer.emoji) == (items.kinds[runStart] & Itemizer.emoji) {
                runEnd += 1
            }
            let runFont = primary(Int(items.runs[runStart]))
            var itemFont: Unmanaged<Font>? = nil
            var itemStart = runStart
            var firstNeutral = -1
            for c in runStart..<runEnd {
                if items.kinds[c] & Itemizer.neutral != 0 {
                    if firstNeutral < 0 { firstNeutral = c }
                    if let itemFont { fonts[c] = itemFont }
                    continue
                }
                let font = fonts[c]
                if let current = itemFont {
                    if font.toOpaque() != current.toOpaque() {
                        var start = c
                        if firstNeutral > itemStart,
                           rank(font.takeUnretainedValue(), runFont) < rank(current.takeUnretainedValue(), runFont) {
                            for k in firstNeutral..<c { fonts[k] = font }
                            start = firstNeutral
                        }
                        itemStart = start
                        itemFont = font
                    }
                } else {
                    for k in itemStart..<c { fonts[k] = font }
                    itemFont = font
                }
                firstNeutral = -1
            }
            if itemFont == nil {
                for k in runStart..<runEnd { fonts[k] = .passUnretained(runFont) }
            }
            runStart = runEnd
        }
        return fonts
    }
}
