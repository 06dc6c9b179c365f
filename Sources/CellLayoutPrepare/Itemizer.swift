import CHarfBuzz
import CellLayoutCore
import CellLayoutFontLibrary

/// Splits a paragraph's clusters into items — runs of one script, one bidi level and one
/// font — the way Pango 1.50 does (`pango_itemize`), so that neutral characters are
/// measured in the font and script of the text around them.
///
/// Scripts: each cluster's script (UAX #24) with Common and Inherited resolved to their
/// neighbours as ICU's and Pango's script iterators do: a neutral continues the run it
/// follows, neutrals at the start of a paragraph take the first real script after them,
/// and a closing bracket takes the script of the bracket it closes.
///
/// Fonts: every cluster but a *neutral* one picks its own font along the fallback
/// chain. A neutral cluster — spaces (Zs, but U+1680, which is visible), controls, format
/// characters (Cf: ZWJ, ZWNJ, bidi marks, the soft hyphen) and variation selectors — picks
/// none: it takes the font of the item it sits in (at the start of an item, the font of
/// the next cluster), so a space between two Hebrew words is drawn in the Hebrew font.
/// When the font changes right after neutrals, they join the next item instead if its font
/// comes earlier in the fallback chain ("the better font"). An item of neutrals only takes
/// the paragraph's own font. Items also end where a run of emoji starts or ends, as Pango's
/// emoji iterator ends them.
///
/// Decision (Decisions.md, "Which font draws a space"): CoreText's rule is not documented;
/// this is Pango's, whose output the engine is checked against, and DirectWrite's
/// (a fallback run keeps its spaces).
package struct Itemizer {
    /// Per cluster: the raw script on input, the resolved one on output.
    package let scripts: Scratch<UInt32>
    /// Per cluster: the first scalar value (brackets are found by it).
    let firsts: Scratch<UInt32>
    /// Per cluster: bidi level.
    package let levels: Scratch<UInt8>
    /// Per cluster: `neutral`, `emoji` bits.
    package let kinds: Scratch<UInt8>
    /// Per cluster: the attribute run (0 in a plain text).
    package let runs: Scratch<UInt16>
    /// Per cluster: the font the cluster picked (anything for neutral clusters) on input,
    /// the font it is drawn in on output.
    package let fonts: UnsafeMutableBufferPointer<Unmanaged<Font>>
    package let count: Int

    package static let neutral: UInt8 = 1
    package static let emoji: UInt8 = 2
    /// A cluster no font of the chain covers, drawn as its font's .notdef glyph
    /// (`PlainShaping.drawsAsNotdef`): the itemizer passes the bit through.
    package static let notdef: UInt8 = 4

    /// The one real script among the raw scripts set so far (Common: none yet).
    private var soleScript = HB_SCRIPT_COMMON.rawValue
    /// Whether two real scripts were set.
    private var scriptsMeet = false
    /// Whether every cluster set so far is in its attribute run's own font.
    private var fontsArePrimary = true

    /// Columns for `count` clusters in `region` (valid until its `reset()`), to be filled by
    /// `set` — every cluster — before `resolve`.
    ///
    /// The six columns share one block (fonts first, 8-byte aligned, then the 4-, 2- and
    /// 1-byte columns), left unset: a paragraph made six allocations, each cleared, that `set`
    /// then wrote over (~2,500 instructions a paragraph with `free()`: 25 M of 2,585 M
    /// preparing 10,000 international rows).
    package init(count: Int, in region: inout ScratchRegion) {
        self.count = count
        // Bytes: 8 (font), 4 (script), 4 (first scalar), 2 (run), 1 (level), 1 (kind).
        let words = region.allocate(UInt64.self, count: (count * 20 + 7) / 8)
        let block = UnsafeMutableRawPointer(words.baseAddress!)
        fonts = UnsafeMutableBufferPointer(start: block.bindMemory(to: Unmanaged<Font>.self, capacity: count),
                                           count: count)
        scripts = Scratch(viewing: (block + 8 * count).bindMemory(to: UInt32.self, capacity: count), count: count)
        firsts = Scratch(viewing: (block + 12 * count).bindMemory(to: UInt32.self, capacity: count), count: count)
        runs = Scratch(viewing: (block + 16 * count).bindMemory(to: UInt16.self, capacity: count), count: count)
        levels = Scratch(viewing: (block + 18 * count).bindMemory(to: UInt8.self, capacity: count), count: count)
        kinds = Scratch(viewing: (block + 19 * count).bindMemory(to: UInt8.self, capacity: count), count: count)
    }

    /// Cluster `c`'s raw values: its script (UAX #24), first scalar, bidi level, kind,
    /// attribute run and font; `isRunFont` when the font is the attribute run's own.
    @inline(__always)
    package mutating func set(_ c: Int, script: UInt32, first: UInt32, level: UInt8, kind: UInt8, run: UInt16,
                              font: Unmanaged<Font>, isRunFont: Bool) {
        if Self.isReal(script), script != soleScript {
            if soleScript == HB_SCRIPT_COMMON.rawValue { soleScript = script } else { scriptsMeet = true }
        }
        if !isRunFont { fontsArePrimary = false }
        scripts[c] = script
        firsts[c] = first
        levels[c] = level
        kinds[c] = kind
        runs[c] = run
        fonts[c] = font
    }

    /// Resolves scripts, then fonts; `primary` is an attribute run's own font, and `rank`
    /// orders fonts by their place in the fallback chain of a primary font (lower is better).
    /// Both unretained, as the items' fonts are: the caller holds every font for the
    /// paragraph, and a strong font returned or passed here was a retain and a release of an
    /// object every thread shares (~3 per international row).
    ///
    /// With `shortcuts` (the default), what `set` saw spares the work that cannot change
    /// anything (`ItemizationTests` resolves random clusters both ways):
    /// - One real script among the clusters (or none): every cluster resolves to it (or to
    ///   Common). No run ever changes script, so neutrals at the start take it, every later
    ///   one continues it, and a closing bracket takes the script of a run that is (or
    ///   becomes) it.
    /// - Every cluster in its attribute run's own font: every item's font is that font, so
    ///   resolving the fonts would write each cluster's font over with itself.
    package func resolve(primary: (Int) -> Unmanaged<Font>, rank: (Unmanaged<Font>, Unmanaged<Font>) -> Int,
                         shortcuts: Bool = true) {
        if shortcuts, !scriptsMeet {
            scripts.buffer.update(repeating: soleScript)
        } else {
            resolveScripts()
        }
        if !shortcuts || !fontsArePrimary { resolveFonts(primary: primary, rank: rank) }
    }

    /// UAX #24 script runs with Common and Inherited resolved to their neighbours, paired
    /// brackets matched (ICU's `usc` iterator and Pango's `PangoScriptIter`).
    private func resolveScripts() {
        var stack: [(pair: Int, script: UInt32)] = []
        var runScript = HB_SCRIPT_COMMON.rawValue
        var runStart = 0
        var stackFloor = 0  // brackets opened before the current run began
        for c in 0..<count {
            var script = scripts[c]
            var closes = false
            if !Self.isReal(script), let pair = Self.bracketPair(firsts[c]) {
                if pair & 1 == 0 {
                    if stack.count < 128 { stack.append((pair, runScript)) }
                } else if let open = stack.lastIndex(where: { $0.pair == pair - 1 }) {
                    stack.removeSubrange((open + 1)...)
                    script = stack[open].script
                    closes = true
                }
            }
            if !Self.isReal(script) || !Self.isReal(runScript) || script == runScript {
                if !Self.isReal(runScript), Self.isReal(script) {
                    runScript = script
                    for k in runStart..<c { scripts[k] = script }
                    for k in stackFloor..<stack.count where !Self.isReal(stack[k].script) { stack[k].script = script }
                }
                scripts[c] = runScript
            } else {
                runScript = script
                runStart = c
                stackFloor = stack.count
                scripts[c] = script
            }
            if closes, let last = stack.indices.last { stack.removeLast(); stackFloor = min(stackFloor, last) }
        }
        if !Self.isReal(runScript) {
            for k in runStart..<count { scripts[k] = runScript }
        }
    }

    /// Pango's font choice for neutrals, run by run (a run: one script, level, attribute
    /// run and emoji-ness): a neutral cluster takes the font of the item it sits in (at the
    /// start of a run, the font of the next cluster), neutrals between two fonts join the
    /// later item when its font is the better one (`rank`, asked only there), and a run of
    /// neutrals only takes its attribute run's own font.
    ///
    /// One pass over the clusters, a run ending where its key changes: it was a pass finding
    /// each run's end and a second over the run (~36 instructions a cluster, 41.5 M of
    /// 2,585 M preparing 10,000 international rows). `ItemizationTests` holds it to the
    /// two passes on random clusters.
    private func resolveFonts(primary: (Int) -> Unmanaged<Font>, rank: (Unmanaged<Font>, Unmanaged<Font>) -> Int) {
        guard count > 0 else { return }
        // The current run: its key and start.
        var script = scripts[0], level = levels[0], run = runs[0], emoji = kinds[0] & Self.emoji
        var runStart = 0
        // The current item's font (nil: the run has no cluster but neutrals yet), where the
        // item starts, and the first of the neutrals just before the cluster (-1: none).
        var itemFont: Unmanaged<Font>? = nil
        var itemStart = 0
        var firstNeutral = -1
        for c in 0..<count {
            let kind = kinds[c]
            if scripts[c] != script || levels[c] != level || runs[c] != run || kind & Self.emoji != emoji {
                if itemFont == nil { fill(runStart..<c, with: primary(Int(run))) }
                script = scripts[c]
                level = levels[c]
                run = runs[c]
                emoji = kind & Self.emoji
                runStart = c
                itemFont = nil
                itemStart = c
                firstNeutral = -1
            }
            if kind & Self.neutral != 0 {
                if firstNeutral < 0 { firstNeutral = c }
                if let itemFont { fonts[c] = itemFont }
                continue
            }
            let font = fonts[c]
            if let current = itemFont {
                if font.toOpaque() != current.toOpaque() {
                    var start = c
                    if firstNeutral > itemStart {
                        let runFont = primary(Int(run))
                        if rank(font, runFont) < rank(current, runFont) {
                            for k in firstNeutral..<c { fonts[k] = font }
                            start = firstNeutral
                        }
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
        if itemFont == nil { fill(runStart..<count, with: primary(Int(run))) }
    }

    /// Sets the font of every cluster of `range` to `font`.
    private func fill(_ range: Range<Int>, with font: Unmanaged<Font>) {
        for k in range { fonts[k] = font }
    }

    /// Whether `script` is a real script rather than Common, Inherited or Unknown.
    @inline(__always)
    static func isReal(_ script: UInt32) -> Bool {
        script != HB_SCRIPT_COMMON.rawValue && script != HB_SCRIPT_INHERITED.rawValue
            && script != HB_SCRIPT_UNKNOWN.rawValue
    }

    /// Whether the scalar is neutral for font choice (Pango's rule): a control, format
    /// character, surrogate, line or paragraph separator, space separator but U+1680, or
    /// variation selector; with Swift's general categories, for any scalar. (Per cluster,
    /// `ScalarTable.isNeutral` asks it past the BMP and `isNeutralInBMP` below it.)
    package static func isNeutralByCategory(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .lineSeparator, .paragraphSeparator: return true
        case .spaceSeparator: return value != 0x1680
        default: return false
        }
    }

    /// The rule for BMP code point `value` (surrogates included) with HarfBuzz's general
    /// categories: Swift's property lookups cost ~400 instructions a code point, HarfBuzz's
    /// ~30. `ScalarTable` keeps its answers; `ItemizationTests` checks it against
    /// `isNeutralByCategory` over the whole BMP.
    package static func isNeutralInBMP(_ value: UInt32) -> Bool {
        if value < 0x80 { return value <= 0x20 || value == 0x7F }
        if (0xFE00...0xFE0F).contains(value) { return true }
        switch hb_unicode_general_category(unicodeFunctions, value) {
        case HB_UNICODE_GENERAL_CATEGORY_CONTROL, HB_UNICODE_GENERAL_CATEGORY_FORMAT,
             HB_UNICODE_GENERAL_CATEGORY_SURROGATE, HB_UNICODE_GENERAL_CATEGORY_LINE_SEPARATOR,
             HB_UNICODE_GENERAL_CATEGORY_PARAGRAPH_SEPARATOR: return true
        case HB_UNICODE_GENERAL_CATEGORY_SPACE_SEPARATOR: return value != 0x1680
        default: return false
        }
    }

    nonisolated(unsafe) private static let unicodeFunctions = hb_unicode_funcs_get_default()

    /// The bracket pair index of `value`: even for an opening bracket, the next odd number
    /// for its closing one; nil for anything else. Pango's table of paired characters.
    static func bracketPair(_ value: UInt32) -> Int? {
        if value < 0x80 {
            switch value {
            case 0x28: return 0
            case 0x29: return 1
            case 0x3C: return 2
            case 0x3E: return 3
            case 0x5B: return 4
            case 0x5D: return 5
            case 0x7B: return 6
            case 0x7D: return 7
            default: return nil
            }
        }
        guard let index = pairedCharacters.firstIndex(of: value) else { return nil }
        return index + 8
    }

    /// Opening and closing brackets past ASCII, in pairs (Pango's `paired_chars`).
    private static let pairedCharacters: [UInt32] = [
        0x00AB, 0x00BB, 0x0F3A, 0x0F3B, 0x0F3C, 0x0F3D, 0x169B, 0x169C, 0x2018, 0x2019,
        0x201A, 0x201B, 0x201C, 0x201D, 0x201E, 0x201F, 0x2039, 0x203A, 0x2045, 0x2046,
        0x207D, 0x207E, 0x208D, 0x208E, 0x27E6, 0x27E7, 0x2983, 0x2984, 0x2985, 0x2986,
        0x3008, 0x3009, 0x300A, 0x300B, 0x300C, 0x300D, 0x300E, 0x300F, 0x3010, 0x3011,
        0x3014, 0x3015, 0x3016, 0x3017, 0x3018, 0x3019, 0x301A, 0x301B, 0xFE59, 0xFE5A,
        0xFE5B, 0xFE5C, 0xFE5D, 0xFE5E, 0xFF08, 0xFF09, 0xFF3B, 0xFF3D, 0xFF5B, 0xFF5D,
        0xFF5F, 0xFF60, 0xFF62, 0xFF63,
    ]
}
