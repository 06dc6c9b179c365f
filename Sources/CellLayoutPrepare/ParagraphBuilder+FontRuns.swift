import CHarfBuzz
import CellLayoutFontLibrary

/// The second stage of building a paragraph: a font, script, bidi level and attribute run
/// for every cluster, resolved into items (`Itemizer`) the way Pango itemizes.
extension ParagraphBuilder {
    /// A paragraph's clusters itemized: `items` and `flags` are in the builder's scratch
    /// region (the paragraph copies `flags`); the caller hands `fallbackFonts` to the
    /// paragraph, which holds them for its pieces (`PieceFonts`: a piece refers to its font
    /// unretained).
    struct FontRuns {
        /// Per cluster: its font, script, level, kind and attribute run, resolved.
        let items: Itemizer
        /// Per cluster: `ClusterFlags` (white space that hangs at a line end).
        let flags: Scratch<UInt8>
        /// The fallback fonts the clusters picked: the library may drop a font from its
        /// caches at any time, and the items refer to their fonts unretained.
        let fallbackFonts: [Font]
    }

    /// Picks each cluster's font along the fallback chain of its run's font, its script
    /// (UAX #24), its bidi level and its kind (neutral, emoji, .notdef), then resolves
    /// them into items; the tables in `region`.
    func fontRuns(of clusters: ParagraphClusters, _ base: UnsafePointer<UInt16>, _ range: Range<Int>,
                  in region: inout ScratchRegion) -> FontRuns {
        let count = clusters.count
        let flags = Scratch<UInt8>(count: count, in: &region)
        var items = Itemizer(count: count, in: &region)
        // Once per paragraph: loaded from the engine in the loop, the library was retained
        // and released per cluster; unretained (the engine holds it, and the builder's caller
        // the engine), as the library every thread shares was retained per paragraph.
        let library = withEngine { Unmanaged.passUnretained($0.fonts) }
        // Read once per paragraph (each read of a static is a call on Linux).
        let scalarTable = ScalarTable.shared
        // The scalars of a cluster of several code units, decoded in place (allocated at the
        // first such cluster; a cluster has no more scalars than units).
        var scalarBuffer: UnsafeMutableBufferPointer<Unicode.Scalar>? = nil
        var fallbackFonts: [Font] = []
        func held(_ fallback: Font) -> Font {
            if fallback !== fallbackFonts.last { fallbackFonts.append(fallback) }
            return fallback
        }
        var run = 0
        for cluster in 0..<count {
            let units = clusters.units(of: cluster, offset: range.lowerBound)
            // Every font here is held for the whole paragraph — the text's and the runs' own
            // by the caller, fallbacks by `fallbackFonts` — so an unowned reference is sound
            // and spares a retain and release of a font every thread shares, per cluster.
            unowned(unsafe) let clusterFont: Font
            unowned(unsafe) var runFont = font
            // The run's plain tables, held by the builder or the run table like its font, and
            // used through `_withUnsafeGuaranteedRef`: binding an optional reference (`if let`)
            // retains and releases it, per cluster.
            var runPlain = plainReference
            if let runs {
                run = runs.run(at: range.lowerBound + units.lowerBound, from: run)
                runFont = runs.fonts[run]
                runPlain = runs.plains[run].map(Unmanaged.passUnretained)
            }
            var script = HB_SCRIPT_COMMON
            var kind: UInt8 = 0
            var hangs = false
            let first: Unicode.Scalar
            if units.count == 1, let scalar = Unicode.Scalar(base[units.lowerBound]) {
                // Most clusters are one BMP character: no array, one bit test for coverage.
                first = scalar
                // Its script and neutrality: one table entry (a BMP character).
                let entry = scalarTable.entry(scalar.value)
                let neutral = ScalarTable.isNeutral(entry)
                if neutral {
                    kind = Itemizer.neutral
                    clusterFont = runFont
                } else if let runPlain, runPlain._withUnsafeGuaranteedRef({ $0.isPlain(base[units.lowerBound]) }) {
                    clusterFont = runFont
                } else {
                    // Known without the memo (the library holds such a font): no retain, no lock.
                    if let known = library._withUnsafeGuaranteedRef({
                        $0.knownFont(for: scalar, fallingBackFromUnretained: .passUnretained(runFont), language: language)
                    }) {
                        clusterFont = known.takeUnretainedValue()
                    } else {
                        clusterFont = held(library._withUnsafeGuaranteedRef {
                            $0.font(for: scalar, fallingBackFrom: runFont, language: language)
                        })
                    }
                    // (Emoji_Presentation starts at U+231A: no call below it.)
                    if scalar.value >= 0x231A, FontLibrary.prefersEmoji(scalar) {
                        kind = Itemizer.emoji
                    } else if ObjectIdentifier(clusterFont) == ObjectIdentifier(runFont), let runPlain,
                              runPlain._withUnsafeGuaranteedRef({ $0.lacksAndDrawsAsNotdef(scalar) }) {
                        kind = Itemizer.notdef
                    }
                }
                script = ScalarTable.script(of: entry)
                hangs = Self.isHangingSpace(scalar, neutral: neutral)
            } else {
                let buffer = scalarBuffer ?? region.allocate(Unicode.Scalar.self, count: range.count)
                scalarBuffer = buffer
                let scalars = UnsafeBufferPointer(rebasing: buffer[..<Self.decode(base, units, into: buffer.baseAddress!)])
                first = scalars.first ?? "\u{FFFD}"
                var allNeutral = true
                hangs = true
                for scalar in scalars {
                    // (Past the BMP the neutral test reads Swift's properties: asked until a
                    // scalar is not neutral, as the script is until one is specific.)
                    if allNeutral, !scalarTable.isNeutral(scalar) { allNeutral = false }
                    // A space with a visible mark on it is a visible cluster, not white space.
                    if hangs, !Self.isHangingSpace(scalar), !FontLibrary.isInvisible(scalar) { hangs = false }
                    if script == HB_SCRIPT_COMMON {
                        let s = scalarTable.script(of: scalar)
                        if Shaper.isSpecific(s) { script = s }
                    }
                }
                if allNeutral {
                    kind = Itemizer.neutral
                    clusterFont = runFont
                } else {
                    if let known = library._withUnsafeGuaranteedRef({
                        $0.knownFont(for: scalars, fallingBackFromUnretained: .passUnretained(runFont), language: language)
                    }) {
                        clusterFont = known.takeUnretainedValue()
                    } else {
                        clusterFont = held(library._withUnsafeGuaranteedRef {
                            $0.font(for: Array(scalars), fallingBackFrom: runFont, language: language)
                        })
                    }
                    if FontLibrary.prefersEmoji(scalars) { kind = Itemizer.emoji }
                }
            }
            if hangs { flags[cluster] = ClusterFlags.whitespace }
            items.set(cluster, script: script.rawValue, first: first.value, level: clusters.levels?[units.lowerBound] ?? 0,
                      kind: kind, run: UInt16(truncatingIfNeeded: run), font: Unmanaged.passUnretained(clusterFont),
                      isRunFont: ObjectIdentifier(clusterFont) == ObjectIdentifier(runFont))
        }
        // (The closures as arguments: a closure bound to a name first was boxed, the builder
        // copied into it, per paragraph.)
        let textFont = Unmanaged.passUnretained(font)
        items.resolve(primary: { run in runs.map { .passUnretained($0.fonts[run]) } ?? textFont }) { candidate, from in
            library._withUnsafeGuaranteedRef { library in
                candidate._withUnsafeGuaranteedRef { candidate in
                    from._withUnsafeGuaranteedRef { library.fallbackRank(of: candidate, from: $0, language: language) }
                }
            }
        }
        return FontRuns(items: items, flags: flags, fallbackFonts: fallbackFonts)
    }

    /// White space that hangs at a line end: Unicode's White_Space characters (a fixed,
    /// stable list) but the no-break spaces U+00A0, U+2007 and U+202F, which glue words.
    /// (U+0021–U+167F, where only U+0085 is one, and everything past U+3000 answered
    /// first: the switch's range tests cost ~10 instructions for every cluster of Latin,
    /// Cyrillic, Hebrew, Arabic, Devanagari, Thai or CJK text.)
    @inline(__always)
    static func isHangingSpace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value > 0x20 {
            if value < 0x1680 { return value == 0x85 }
            if value > 0x3000 { return false }
        }
        return switch value {
        case 0x09...0x0D, 0x20, 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x2028, 0x2029, 0x205F, 0x3000: true
        default: false
        }
    }

    /// `isHangingSpace(scalar)` for a scalar whose neutrality (`ScalarTable.isNeutral`) is
    /// known: every hanging space is neutral but U+1680 OGHAM SPACE MARK (a space of its own
    /// script), so the range tests are left to neutral clusters (~12 M instructions on 10,000
    /// international rows were those tests for every letter).
    @inline(__always)
    static func isHangingSpace(_ scalar: Unicode.Scalar, neutral: Bool) -> Bool {
        neutral ? isHangingSpace(scalar) : scalar.value == 0x1680
    }

    /// Decodes the UTF-16 units of `range` into `scalars` (a lone surrogate as U+FFFD, as
    /// Swift's `UTF16` decoder gives it) and returns how many scalars they hold. (By hand:
    /// the standard library's decoder, generic over an iterator, cost ~100 instructions a
    /// cluster.)
    @inline(__always)
    private static func decode(_ base: UnsafePointer<UInt16>, _ range: Range<Int>,
                               into scalars: UnsafeMutablePointer<Unicode.Scalar>) -> Int {
        var count = 0
        var i = range.lowerBound
        while i < range.upperBound {
            let unit = UInt32(base[i])
            i += 1
            var value = unit
            if unit & 0xF800 == 0xD800 {
                // A high surrogate followed by a low one is one scalar; anything else lone.
                if unit < 0xDC00, i < range.upperBound, base[i] & 0xFC00 == 0xDC00 {
                    value = 0x10000 + (unit - 0xD800) << 10 + (UInt32(base[i]) - 0xDC00)
                    i += 1
                } else {
                    value = 0xFFFD
                }
            }
            scalars[count] = Unicode.Scalar(value) ?? "\u{FFFD}"
            count += 1
        }
        return count
    }
}
