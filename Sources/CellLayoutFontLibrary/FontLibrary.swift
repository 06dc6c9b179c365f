import CellLayoutFonts
import Foundation
import Synchronization
import CellLayoutCore

/// Finds fonts by family, weight and size, or by file, and the fallback fonts for
/// characters a font cannot draw.
///
/// The library knows the bundled fonts (Inter in nine weights, DejaVu Sans as the
/// wide-coverage fallback, Noto Color Emoji for emoji), the fonts in any directories it is given, and — when
/// `useSystemFonts` is on — the fonts fontconfig finds on the machine. A text's fallback
/// chain is: its own font, the bundled and added faces in the order they were found,
/// then the system fonts that cover the character.
///
/// The chain depends on the text's language (`TextLanguage`): system fonts come in
/// fontconfig's order for it, and among added faces the one designed for the language's Han
/// orthography (`FontFace/designLanguage`) comes first for Han, as CoreText's cascade list
/// for a language does. Each language has its own chain, cached apart.
///
/// Thread-safe: every mutable table sits behind a lock, and the fonts it hands out are
/// immutable.
public final class FontLibrary: Sendable {
    /// The family `"system"` resolves to.
    public static let defaultFamily = "Inter"

    /// The faces of the bundled and added font files, in load order.
    public let faces: [FontFace]
    /// One bit per BMP code point that some upright face of `faces` maps: the union of their
    /// coverage bits (`anyUprightFaceCovers`).
    @usableFromInline let uprightCoverage: [UInt64]
    /// Whether system fonts (through fontconfig) may serve lookups and fallback.
    public let useSystemFonts: Bool
    /// The face of the user's system font file (`init`'s `systemFontFile`), or nil: the
    /// bundled Inter stands in for `"system"`.
    public let systemFontFace: FontFace?
    /// Whose vertical metrics the bundled stand-in reports for `"system"` (San Francisco's
    /// unless asked otherwise).
    public let systemFontMetrics: VerticalMetrics

    private let system: SystemFonts
    /// The fonts made, by face, size and slant: bounded, so that ever new sizes (Dynamic
    /// Type, zoom) do not keep a font each forever. A font dropped here lives on in what
    /// holds it (prepared texts hold theirs); asked for again while it lives, it is the same
    /// object (`liveFonts`), else it is made anew.
    private let fonts: BoundedMemo<FontKey, Font>
    /// Every font made that something still holds, by its key: one object per key while held.
    private let liveFonts = LiveObjects<FontKey, Font>()
    private let systemFaces = Mutex<[SystemFonts.FileFace: FontFace]>([:])
    /// Each language slot's list of system fonts, read without a lock.
    private let systemLists = SystemListSlots()
    /// The fallback font of each font, language and cluster, bounded like `fonts` (64 per font).
    private let fallbacks: BoundedMemo<FallbackKey, Font>
    /// The one-character answers of `fallbacks`, read without a lock or a retain.
    @usableFromInline let front = FallbackFront()
    /// `fallbackRank`'s answers for system fonts, read without a lock.
    private let ranks = FallbackRanks()
    /// The languages texts were prepared in, as the caches key them.
    private let languages: Mutex<Languages>
    /// The slot of texts that name no language: the library's `language`.
    package let defaultLanguage: LanguageSlot
    /// fontconfig's name of the library's language (slot 0), read without the lock.
    private let defaultFontconfigName: String?

    /// About the most fonts (face, size and slant) the library keeps at once.
    package static let fontsKept = 1024

    /// How many fonts the library keeps now.
    package var keptFontCount: Int { fonts.count }

    /// How many fonts the table of live fonts names now (live ones and not yet swept ones).
    package var liveFontEntryCount: Int { liveFonts.entryCount }

    private struct FontKey: MemoKey {
        let face: ObjectIdentifier
        let size: Double
        var slanted = false
        var variations: [FontVariation] = []
        var vertical = VerticalMetrics.font

        /// The face's address, the size's bits, the slant, the metrics and the axis values,
        /// folded: the `Hasher` of the synthesized hash (with the metrics' raw String) cost
        /// ~750 instructions per fallback miss (each asks `font(face:size:)`). Equal keys have
        /// equal hashes (`+ 0` makes -0.0 the bits of 0.0, which it equals); the axes' tags
        /// are not hashed (keys that differ only by them just share a hash).
        var memoHash: UInt64 {
            var h = MemoHash.mix(UInt64(UInt(bitPattern: face)), (size + 0).bitPattern)
            h = MemoHash.mix(h, (slanted ? 1 : 0) | (vertical == .font ? 0 : 2) | UInt64(variations.count) << 2)
            for variation in variations { h = MemoHash.mix(h, (variation.value + 0).bitPattern) }
            return h
        }
    }

    /// A font, a language and a cluster's scalar values: the first three inline, so that usual
    /// clusters are looked up without allocating (and without the Unicode normalization a
    /// String key would hash through).
    private struct FallbackKey: MemoKey {
        let fontID: Int
        let language: UInt16
        let first: UInt32
        let second: UInt32
        let third: UInt32
        let rest: [UInt32]

        init(fontID: Int, language: UInt16, _ cluster: [Unicode.Scalar]) {
            self.fontID = fontID
            self.language = language
            first = cluster.count > 0 ? cluster[0].value : 0
            second = cluster.count > 1 ? cluster[1].value : 0
            third = cluster.count > 2 ? cluster[2].value : 0
            rest = cluster.count > 3 ? cluster.dropFirst(3).map(\.value) : []
        }

        init(fontID: Int, language: UInt16, _ scalar: Unicode.Scalar) {
            self.fontID = fontID
            self.language = language
            first = scalar.value
            second = 0
            third = 0
            rest = []
        }

        var memoHash: UInt64 {
            var h = MemoHash.mix(UInt64(bitPattern: Int64(fontID)), UInt64(first) << 32 | UInt64(second))
            h = MemoHash.mix(h, UInt64(language) << 32 | UInt64(third))
            for scalar in rest { h = MemoHash.mix(h, UInt64(scalar)) }
            return h
        }
    }

    /// Creates a library of the bundled fonts plus the fonts found in `fontDirectories`.
    /// - Parameters:
    ///   - fontDirectories: folders searched (not recursively into hidden folders) for
    ///     `.otf`, `.ttf` and `.ttc` files; their faces come after the bundled ones.
    ///   - useSystemFonts: whether fontconfig's fonts may be used for family lookups and
    ///     fallback. Off gives the same results on every machine.
    ///   - language: the language of texts that name none, a BCP 47 tag ("ja", "zh-Hans",
    ///     "zh-Hant", "ko", …; see `TextLanguage`), so that Han characters are drawn in a
    ///     Japanese, Simplified or Traditional Chinese, or Korean font as CoreText's cascade
    ///     list does; nil takes the locale's (`TextLanguage.locale()`: `LC_ALL`,
    ///     `LC_CTYPE`, `LANG`).
    /// - Throws: `FontError.unreadableFile` when a directory cannot be read or the
    ///   bundled fonts are missing; `FontError.invalidLanguage` for a tag that is not BCP 47.
    ///   - systemFontFile: a font file `"system"` stands for (San Francisco from a Mac, say,
    ///     which the user has the right to use): its own metrics, weights through its `wght`
    ///     axis as UIKit sets SF's (`FontWeight.systemWeightAxisValue`), optical size and
    ///     tracking by point size. Nil: the bundled Inter stands in for widths.
    ///   - systemFontMetrics: whose vertical metrics the bundled stand-in reports for
    ///     `"system"`: San Francisco's (the default: an iPhone's line heights) or `.font`,
    ///     Inter's own. Ignored with `systemFontFile`.
    /// - Throws: `FontError.unreadableFile` when a directory cannot be read or the
    ///   bundled fonts are missing, or `systemFontFile` holds no font;
    ///   `FontError.malformedFile` for a damaged `systemFontFile`;
    ///   `FontError.invalidLanguage` for a tag that is not BCP 47.
    public convenience init(fontDirectories: [URL] = [], useSystemFonts: Bool = true, language: String? = nil,
                            systemFontFile: String? = nil, systemFontMetrics: VerticalMetrics = .sanFrancisco) throws {
        try self.init(fontDirectories: fontDirectories, useSystemFonts: useSystemFonts, language: language,
                      systemFontFile: systemFontFile, systemFontMetrics: systemFontMetrics, fontsKept: Self.fontsKept)
    }

    /// The library, keeping about `fontsKept` fonts (tests drop fonts sooner).
    package init(fontDirectories: [URL] = [], useSystemFonts: Bool, language: String? = nil, systemFontFile: String? = nil,
         systemFontMetrics: VerticalMetrics = .sanFrancisco, fontsKept: Int) throws {
        fonts = BoundedMemo(maxEntries: fontsKept, maxBytes: .max) { _, _ in 0 }
        fallbacks = BoundedMemo(maxEntries: 64 * fontsKept, maxBytes: .max) { _, _ in 0 }
        guard let bundled = bundledFontsDirectory else {
            throw FontError.unreadableFile(path: "<bundled fonts>")
        }
        var resolved: TextLanguage?
        if let language {
            guard let parsed = TextLanguage(language) else { throw FontError.invalidLanguage(language) }
            resolved = parsed
        } else {
            resolved = TextLanguage.locale()
        }
        var faces: [FontFace] = []
        for directory in [bundled] + fontDirectories {
            for path in try Self.fontFiles(in: directory) {
                // Every face of a collection: Noto Sans CJK's JP, KR, SC, TC and HK faces
                // are chosen among by language.
                for index in 0..<FontFace.faceCount(path: path) {
                    faces.append(try FontFace(path: path, index: index))
                }
            }
        }
        self.faces = faces
        var union = [UInt64](repeating: 0, count: 0x10000 / 64)
        for face in faces where !face.isItalic {
            for word in union.indices { union[word] |= face.bmpCoverage[word] }
        }
        self.uprightCoverage = union
        self.systemFontFace = try systemFontFile.map { try FontFace(path: $0) }
        self.systemFontMetrics = systemFontMetrics
        self.useSystemFonts = useSystemFonts
        self.language = resolved
        self.system = SystemFonts()
        let key = LanguageKey(fontconfig: useSystemFonts ? resolved.flatMap { SystemFonts.knownLanguage($0.fontconfigName) } : nil,
                              han: resolved?.han)
        defaultLanguage = LanguageSlot(id: 0, han: key.han)
        defaultFontconfigName = key.fontconfig
        languages = Mutex(Languages(slots: [key: defaultLanguage], keys: [key]))
    }

    /// The language of texts that name none: the one given, else the locale's (nil: none).
    public let language: TextLanguage?

    /// A language as the caches key it: what of it changes fonts or shaping.
    private struct LanguageKey: Hashable {
        let fontconfig: String?
        let han: String?
    }

    /// The slots made so far: by what they stand for, and that by slot number.
    private struct Languages {
        var slots: [LanguageKey: LanguageSlot]
        var keys: [LanguageKey]
    }

    /// `language` as the caches key it (nil: the library's own). Languages that choose the
    /// same fonts and shapes share a slot: fontconfig's name, when fontconfig knows the
    /// language (it knows a few hundred), and the Han orthography; so a stream of ever new
    /// tags makes no more than a few thousand slots.
    package func slot(for language: TextLanguage?) -> LanguageSlot {
        guard let language else { return defaultLanguage }
        let fontconfig = useSystemFonts ? SystemFonts.knownLanguage(language.fontconfigName) : nil
        let key = LanguageKey(fontconfig: fontconfig, han: language.han)
        return languages.withLock { languages in
            if let known = languages.slots[key] { return known }
            let slot = LanguageSlot(id: UInt16(truncatingIfNeeded: languages.keys.count), han: language.han)
            languages.slots[key] = slot
            languages.keys.append(key)
            return slot
        }
    }

    /// fontconfig's name of the language of `slot` (the order system fonts are sorted in),
    /// or nil for fontconfig's default order. Asked on fallback misses only.
    func fontconfigName(of slot: LanguageSlot) -> String? {
        slot.id == 0 ? defaultFontconfigName : languages.withLock { $0.keys[Int(slot.id)].fontconfig }
    }

    /// The family names of the bundled and added faces, sorted.
    public var families: [String] {
        Array(Set(faces.map(\.family))).sorted()
    }

    /// The font of `family` nearest to `weight`, at `size` points.
    ///
    /// `"system"` names the bundled default family (Inter). Families are compared without
    /// case; system fonts are searched after the bundled and added ones.
    /// - Throws: `FontError.unknownFamily` or `FontError.invalidSize`.
    public func font(family: String, weight: FontWeight = .regular, size: Double) throws -> Font {
        try font(family: family, weight: weight, italic: false, size: size)
    }

    /// The font of `family` nearest to `weight`, italic when asked: the family's italic
    /// face if it has one, else its upright face slanted (`Font.isSlanted`), as Core Text
    /// and fontconfig synthesize an oblique — the same advances, drawn sheared.
    /// - Throws: `FontError.unknownFamily` or `FontError.invalidSize`.
    public func font(family: String, weight: FontWeight = .regular, italic: Bool, size: Double) throws -> Font {
        try font(family: family, weight: weight, italic: italic, size: size, variations: [:])
    }

    /// The font of `family` nearest to `weight`, italic when asked, at `size` points, set at
    /// the axis values `variations` gives by tag when it is a variable font.
    ///
    /// A variable face takes `weight` through its `wght` axis (San Francisco's values for
    /// the system font file, `FontWeight.systemWeightAxisValue`; the weight class for any
    /// other) and `opsz` = `size`, as CoreText does; `variations` win over both.
    /// - Throws: `FontError.unknownFamily`, `FontError.invalidSize`,
    ///   `FontError.unknownAxis` or `FontError.axisValueOutOfRange`.
    public func font(family: String, weight: FontWeight = .regular, italic: Bool = false, size: Double,
                     variations: [String: Double]) throws -> Font {
        let isSystem = family.lowercased() == "system"
        if isSystem, let systemFontFace {
            return try font(face: systemFontFace, size: size, slanted: italic && !systemFontFace.isItalic,
                            weightAxis: weight.systemWeightAxisValue, variations: variations)
        }
        let name = isSystem ? Self.defaultFamily : family
        let vertical = isSystem ? systemFontMetrics : .font
        let members = faces.filter { $0.family.lowercased() == name.lowercased() }
        func nearest(_ faces: [FontFace]) -> FontFace? {
            faces.min { weight.distance(to: $0.weightClass) < weight.distance(to: $1.weightClass) }
        }
        let weightAxis = Double(weight.weightClass)
        if italic, let best = nearest(members.filter(\.isItalic)) {
            return try font(face: best, size: size, weightAxis: weightAxis, variations: variations, vertical: vertical)
        }
        if let best = nearest(members.filter { !$0.isItalic }) {
            return try font(face: best, size: size, slanted: italic, weightAxis: weightAxis, variations: variations,
                            vertical: vertical)
        }
        // A family with italic faces only: its italic for an upright request too, as
        // fontconfig's matching gives it (family ranks above slant in fcmatch.c's order, so
        // a family's only face beats every other family's upright one); it used to be
        // "unknown" while `known` listed it.
        if let best = nearest(members) {
            return try font(face: best, size: size, weightAxis: weightAxis, variations: variations, vertical: vertical)
        }
        if useSystemFonts, let file = system.face(family: name, weight: weight) {
            return try font(face: systemFace(file), size: size, slanted: italic, weightAxis: weightAxis,
                            variations: variations)
        }
        throw FontError.unknownFamily(family, known: ["system"] + families)
    }

    /// The font in the file at `path` (face `index`), at `size` points.
    /// - Throws: `FontError.unreadableFile` or `FontError.invalidSize`.
    public func font(file path: String, index: UInt32 = 0, size: Double, italic: Bool = false) throws -> Font {
        try font(file: path, index: index, size: size, italic: italic, weight: nil, variations: [:])
    }

    /// The font in the file at `path` (face `index`) at `size` points; a variable one set at
    /// `weight` through its `wght` axis (the weight class), `opsz` = `size` and
    /// `variations`, as `font(family:weight:italic:size:variations:)` sets it.
    /// - Throws: `FontError.unreadableFile`, `FontError.invalidSize`,
    ///   `FontError.unknownAxis` or `FontError.axisValueOutOfRange`.
    public func font(file path: String, index: UInt32 = 0, size: Double, italic: Bool = false, weight: FontWeight?,
                     variations: [String: Double]) throws -> Font {
        let face = try faces.first { $0.path == path && $0.index == index } ?? systemFace(.init(path: path, index: index))
        return try font(face: face, size: size, slanted: italic && !face.isItalic,
                        weightAxis: weight.map { Double($0.weightClass) }, variations: variations)
    }

    /// `face` (one of this library's) at `size` points, drawn with a synthetic slant when
    /// `slanted`: the same object for the same face, size and slant as long as anything
    /// holds it (the library itself keeps about the last `fontsKept` fonts used).
    public func font(face: FontFace, size: Double, slanted: Bool = false) throws -> Font {
        try font(face: face, size: size, slanted: slanted, weightAxis: nil, variations: [:])
    }

    /// `face` at `size` points as `font(face:size:slanted:)`, a variable one set at
    /// `weightAxis` on `wght`, `opsz` = `size` and `variations` (`FontVariation.resolve`),
    /// reporting `vertical`'s line metrics.
    func font(face: FontFace, size: Double, slanted: Bool = false, weightAxis: Double?, variations: [String: Double],
              vertical: VerticalMetrics = .font) throws -> Font {
        let settings = try FontVariation.resolve(face: face, size: size, weight: weightAxis, explicit: variations)
        let key = FontKey(face: ObjectIdentifier(face), size: size, slanted: slanted, variations: settings,
                          vertical: vertical)
        return try fonts.value(for: key) {
            try liveFonts.object(for: key) {
                try Font(face: face, size: size, slanted: slanted, variations: settings, vertical: vertical)
            }
        }
    }

    /// The font that draws the grapheme cluster `cluster` in place of `font`: `font`
    /// itself when it covers every character, else the first covering face of the
    /// fallback chain at the same size, else `font` (whose .notdef glyph then measures it).
    ///
    /// A cluster shown as emoji (`prefersEmoji`) goes to the first color font of the chain
    /// that covers it, and one that asks for text presentation (U+FE0E) to the first font
    /// that is not a color font, as CoreText and Pango choose.
    ///
    /// The answer is kept in the lock-free front (`knownFont(for:fallingBackFrom:language:)`
    /// then knows it): a one-character cluster's with the characters' (and the memo), a longer
    /// one's with the clusters' (the memo only when the front cannot keep it: too long, ids
    /// too large, or the front full).
    package func font(for cluster: [Unicode.Scalar], fallingBackFrom font: Font, language: LanguageSlot) -> Font {
        // (One character past the BMP — an emoji — comes here as a cluster of two code units.)
        if cluster.count == 1 { return self.font(for: cluster[0], fallingBackFrom: font, language: language) }
        // (A closure, not `font.face.covers`: that method value retained the shared face.)
        if cluster.allSatisfy({ font.face.covers($0) }), font.face.isColor == Self.prefersEmoji(cluster) { return font }
        // The front keeps the answer when it can, and then it is the answer's only store: the
        // memo's lock, taken twice at a first meeting (to look, then to add) besides the
        // front's, was what two threads meeting new emoji waited on. (Two threads that both
        // choose get the same font object: `font(face:size:)` gives one per face and size.)
        if front.mayKeep(clusterOf: cluster.count, fontID: font.id, language: language.id) {
            let chosen = chosenFont(for: cluster, from: font, language: language)
            let kept = cluster.withUnsafeBufferPointer {
                front.remember(chosen, forCluster: $0, fontID: font.id, language: language.id)
            }
            if kept { return chosen }
        }
        return fallback(FallbackKey(fontID: font.id, language: language.id, cluster), from: font,
                        language: language) { cluster }
    }

    /// The font that draws the one-character cluster `scalar` in place of `font` (as
    /// `font(for:fallingBackFrom:language:)`), without allocating when the answer is known.
    package func font(for scalar: Unicode.Scalar, fallingBackFrom font: Font, language: LanguageSlot) -> Font {
        if let known = knownFont(for: scalar, fallingBackFrom: font, language: language) {
            return known.takeUnretainedValue()
        }
        let fallback = fallback(FallbackKey(fontID: font.id, language: language.id, scalar), from: font,
                                language: language) { [scalar] }
        front.remember(fallback, for: scalar, fontID: font.id, language: language.id)
        return fallback
    }

    /// The font that draws `cluster` in place of `font` when that is known without the memo,
    /// else nil: for one scalar, its known font; for several, the first scalar's known font
    /// when that font draws every other visible scalar of it (`knownFont(fromFirstOf:…)`),
    /// else the answer the memo gave for the cluster before, which the front keeps. Unretained,
    /// as `knownFont(for:fallingBackFrom:language:)`.
    ///
    /// Inlined where it is asked, over any buffer of the cluster's scalars (fontRuns decodes
    /// into one per paragraph): as a call over an array, per cluster of several characters
    /// (Thai, Devanagari, Arabic with marks), it cost ~360 instructions with the array's upkeep.
    @inlinable @inline(__always)
    package func knownFont<Cluster: RandomAccessCollection<Unicode.Scalar>>(
        for cluster: Cluster, fallingBackFrom font: Font, language: LanguageSlot
    ) -> Unmanaged<Font>? where Cluster.Index == Int {
        guard let first = cluster.first else { return nil }
        if cluster.count == 1 { return knownFont(for: first, fallingBackFrom: font, language: language) }
        if let known = knownFont(fromFirstOf: cluster, first, fallingBackFrom: font, language: language) {
            return known
        }
        return knownClusterFont(cluster, fallingBackFrom: font, language: language)
    }

    /// The front's answer for `cluster` (several scalars), the memo's kept: the clusters
    /// their first scalar does not settle (an emoji sequence, a letter never met alone:
    /// ~0.2 per row of public or international text).
    @inlinable
    func knownClusterFont<Cluster: RandomAccessCollection<Unicode.Scalar>>(
        _ cluster: Cluster, fallingBackFrom font: Font, language: LanguageSlot
    ) -> Unmanaged<Font>? where Cluster.Index == Int {
        let id = font.id
        if let known = cluster.withContiguousStorageIfAvailable({
            front.font(forCluster: $0, fontID: id, language: language.id)
        }) { return known }
        return Array(cluster).withUnsafeBufferPointer { front.font(forCluster: $0, fontID: id, language: language.id) }
    }

    /// The font that draws `cluster` (several scalars, `first` the first) in place of `font`
    /// when its first scalar's answer settles it, else nil: its first scalar's known font when
    /// that font draws every other visible scalar of it. That is the font the memo picks — the
    /// fonts before it in the chain lack the first scalar, so none of them covers the cluster
    /// — as long as the same preferences apply to both: neither the cluster nor its first
    /// scalar is emoji, and no Han follows the first scalar.
    ///
    /// Also `font` itself when no font draws the first scalar: its known font is `font`, which
    /// lacks it, and no face of the library covers it. Then the memo's search for the first
    /// scalar found no face (none here, and fontconfig's first file for it gave none that
    /// covers it), the search for the cluster — which asks the same of the same first
    /// visible scalar, and more — finds none either, and the memo answers `font` for both.
    /// (Devanagari, Bengali or Thai text without such a font: each cluster of a consonant
    /// and its vowel sign went through the memo's lock and hashed key, ~1,000 instructions.)
    @inlinable @inline(__always)
    func knownFont<Cluster: RandomAccessCollection<Unicode.Scalar>>(
        fromFirstOf cluster: Cluster, _ first: Unicode.Scalar, fallingBackFrom font: Font, language: LanguageSlot
    ) -> Unmanaged<Font>? where Cluster.Index == Int {
        guard !Self.isInvisible(first), !Self.prefersEmoji(first), !Self.prefersEmoji(cluster) else { return nil }
        for i in cluster.startIndex + 1..<cluster.endIndex where Self.isHan(cluster[i]) { return nil }
        guard let known = knownFont(for: first, fallingBackFrom: font, language: language) else { return nil }
        let drawsAll = known._withUnsafeGuaranteedRef { Self.covers($0.face, cluster, from: cluster.startIndex + 1) }
        if drawsAll { return known }
        let noneDrawsFirst = known.toOpaque() == Unmanaged.passUnretained(font).toOpaque()
            && !font.face.covers(first) && !anyUprightFaceCovers(first)
        return noneDrawsFirst ? known : nil
    }

    /// The font that draws the one-character cluster `scalar` in place of `font` when that
    /// is known without the memo — `font` itself when it covers the character, or a fallback
    /// the library holds for as long as it lives — else nil (ask
    /// `font(for:fallingBackFrom:language:)`, which then remembers it). Unretained: `font`
    /// is the caller's to hold, and a fallback is the library's. Inlined where it is asked:
    /// as a call from another module, once per cluster the run's tables do not answer, it
    /// cost ~30 instructions more than its work.
    @inlinable @inline(__always)
    package func knownFont(for scalar: Unicode.Scalar, fallingBackFrom font: Font,
                           language: LanguageSlot) -> Unmanaged<Font>? {
        if font.face.covers(scalar), font.face.isColor == Self.prefersEmoji(scalar) { return .passUnretained(font) }
        return front.font(for: scalar, fontID: font.id, language: language.id)
    }

    /// `knownFont(for:fallingBackFrom:language:)` for a font the caller holds and passes
    /// unretained: a per-cluster caller then retains and releases no font (a cache line every
    /// thread shares) to ask.
    @inlinable @inline(__always)
    package func knownFont(for scalar: Unicode.Scalar, fallingBackFromUnretained font: Unmanaged<Font>,
                           language: LanguageSlot) -> Unmanaged<Font>? {
        font._withUnsafeGuaranteedRef { knownFont(for: scalar, fallingBackFrom: $0, language: language) }
    }

    /// `knownFont(for:fallingBackFrom:language:)` of a cluster, for a font the caller holds
    /// and passes unretained (as the one-character form).
    @inlinable @inline(__always)
    package func knownFont<Cluster: RandomAccessCollection<Unicode.Scalar>>(
        for cluster: Cluster, fallingBackFromUnretained font: Unmanaged<Font>, language: LanguageSlot
    ) -> Unmanaged<Font>? where Cluster.Index == Int {
        font._withUnsafeGuaranteedRef { knownFont(for: cluster, fallingBackFrom: $0, language: language) }
    }

    /// Whether an upright face of the library covers `scalar` (`faces.contains { !$0.isItalic
    /// && $0.covers(scalar) }`): in the BMP one bit of their union, where the scan of every
    /// face cost ~180 instructions per cluster of a script no bundled face has (Devanagari or
    /// Thai with the bundled fonts alone).
    @inlinable
    func anyUprightFaceCovers(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x10000 { return uprightCoverage[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0 }
        return faces.contains { !$0.isItalic && $0.covers(scalar) }
    }

    /// Where `font` stands in the fallback chain of `primary` for `language`: 0 for the
    /// primary face, then the bundled and added faces in load order, then system faces in
    /// fontconfig's order. Lower is "better": Pango moves spaces between two fonts to the
    /// better one.
    package func fallbackRank(of font: Font, from primary: Font, language: LanguageSlot) -> Int {
        if font.face === primary.face { return 0 }
        if let index = faces.firstIndex(where: { $0 === font.face }) { return index + 1 }
        return ranks.rank(fontID: font.id, language: language.id) {
            faces.count + 1 + systemList(for: language).rank(of: font.face.path)
        }
    }

    /// Whether a cluster is shown as emoji: its first character has Emoji_Presentation, or
    /// an emoji variation selector (U+FE0F), keycap (U+20E3), skin-tone modifier or tag
    /// follows; never when the text variation selector (U+FE0E) follows. (Inlined where it
    /// is asked, once per cluster of several characters.)
    @inlinable
    package static func prefersEmoji<Cluster: RandomAccessCollection<Unicode.Scalar>>(_ cluster: Cluster) -> Bool
    where Cluster.Index == Int {
        guard let first = cluster.first else { return false }
        var emoji = prefersEmoji(first)
        for i in cluster.startIndex + 1..<cluster.endIndex {
            switch cluster[i].value {
            case 0xFE0E: return false
            case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: emoji = true
            default: break
            }
        }
        return emoji
    }

    /// Whether `scalar` alone is shown as emoji (Emoji_Presentation: in the Basic
    /// Multilingual Plane only U+231A–U+2B55 have it, so CJK text never asks the property).
    /// Inlined where it is asked: as a call from another module (one per CJK cluster) the
    /// range test cost ~40 instructions with the class's metadata accessor.
    @inlinable @inline(__always)
    package static func prefersEmoji(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value >= 0x231A && (value <= 0x2B55 || value >= 0x1F000) && hasEmojiPresentation(scalar)
    }

    /// `scalar`'s Emoji_Presentation property. Not inlined: Swift's `Unicode.Scalar.Properties`
    /// is resilient, and a function that reads it asks the runtime for its type's metadata
    /// and makes room on the stack for it on entry (~30 instructions), whether or not the
    /// range tests above ever let it ask (every cluster of several characters did).
    @usableFromInline @inline(never)
    static func hasEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmojiPresentation
    }

    /// The memo's fallback for `key`; `scalars` makes the cluster's scalar values, asked
    /// only when the memo has no answer (a one-character cluster allocates nothing then).
    private func fallback(_ key: FallbackKey, from font: Font, language: LanguageSlot,
                          cluster scalars: () -> [Unicode.Scalar]) -> Font {
        fallbacks.value(for: key) { chosenFont(for: scalars(), from: font, language: language) }
    }

    /// The font the memo keeps for `cluster` from `font`: `font` when it draws every visible
    /// scalar (in the presentation asked), else the fallback chain's (`fallbackFont`), else `font`.
    private func chosenFont(for cluster: [Unicode.Scalar], from font: Font, language: LanguageSlot) -> Font {
        let usable = Self.covers(font.face, cluster) && font.face.isColor == Self.prefersEmoji(cluster)
        return usable ? font : fallbackFont(for: cluster, from: font, language: language) ?? font
    }

    private func fallbackFont(for cluster: [Unicode.Scalar], from font: Font, language: LanguageSlot) -> Font? {
        let weight = font.face.weightClass
        let emoji = Self.prefersEmoji(cluster)
        // The faces that draw every visible scalar (`covers`), the visible ones found once for
        // all faces: per face, the range tests of `isInvisible` cost ~250 instructions a face
        // for each scalar it lacks. No upright face covers the cluster when none draws one of
        // its visible BMP scalars: one bit of their union says so, and spares the scan of
        // every face (~2,300 instructions a miss for CJK, Thai or Arabic text). (Past the BMP
        // that answer is itself a scan, through HarfBuzz: emoji go the usual way.)
        // (The visible ones as bits of a word, not an array: an array per miss gave back most
        // of what the per-face range tests cost.)
        let short = cluster.count <= 64
        var visibleBits: UInt64 = 0
        var firstVisible: Unicode.Scalar? = nil
        var noneCovers = false
        for (i, scalar) in cluster.enumerated() where !Self.isInvisible(scalar) {
            if short { visibleBits |= 1 << UInt64(i) }
            if firstVisible == nil { firstVisible = scalar }
            if scalar.value < 0x10000, !anyUprightFaceCovers(scalar) { noneCovers = true }
        }
        // The covering faces by their index in `faces`, each read in place: taken out of the
        // array (`for face in faces`), every face was retained and released per miss — faces
        // every thread shares, so a cache line moved between the cores each time.
        var covering: [Int] = []
        if !noneCovers {
            for index in faces.indices where !faces[index].isItalic {
                var all = true
                if short {
                    var bits = visibleBits
                    while bits != 0, all {
                        all = faces[index].covers(cluster[bits.trailingZeroBitCount])
                        bits &= bits - 1
                    }
                } else {
                    all = Self.covers(faces[index], cluster)
                }
                if all { covering.append(index) }
            }
        }
        // Color fonts first for emoji, never for text presentation (when another covers it).
        var preferred = covering.filter { faces[$0].isColor == emoji }
        if preferred.isEmpty { preferred = covering }
        // Han in the faces designed for the language's orthography, when there are any.
        if let han = language.han, cluster.contains(where: Self.isHan) {
            let designed = preferred.filter { faces[$0].designLanguage == han }
            if !designed.isEmpty { preferred = designed }
        }
        let bundled = preferred.min {
            abs(faces[$0].weightClass - weight) < abs(faces[$1].weightClass - weight)
        }.map { faces[$0] }
        if let bundled, bundled.isColor == emoji || !useSystemFonts {
            return try? self.font(face: bundled, size: font.size)
        }
        if useSystemFonts, let first = firstVisible {
            let list = systemList(for: language)
            if let index = list.index(covering: first, color: emoji), let face = try? systemFace(index, of: list),
               Self.covers(face, cluster) {
                return try? self.font(face: face, size: font.size)
            }
        }
        return bundled.flatMap { try? self.font(face: $0, size: font.size) }
    }

    /// The system fonts in fontconfig's order for `language`.
    private func systemList(for language: LanguageSlot) -> SystemFontList {
        systemLists.list(language.id) { system.list(language: fontconfigName(of: language)) }
    }

    /// The face of font `index` of `list`: the library's one face for its file and index.
    private func systemFace(_ index: Int, of list: SystemFontList) throws -> FontFace {
        if let face = list.loadedFace(index) { return face }
        let face = try systemFace(list.faces[index])
        list.keep(face, at: index)
        return face
    }

    private func systemFace(_ file: SystemFonts.FileFace) throws -> FontFace {
        // (Keyed by the file face itself: a "path#index" string made per miss cost ~700
        // instructions more.)
        let key = file
        if let face = systemFaces.withLock({ $0[key] }) { return face }
        let face = try FontFace(path: file.path, index: file.index)
        // Another thread may have loaded it meanwhile: its face is the one (fonts and
        // fallback ranks go by the face's identity).
        return systemFaces.withLock { faces in
            if let loaded = faces[key] { return loaded }
            faces[key] = face
            return face
        }
    }

    /// Whether `scalar` is a Han character (CJK ideographs, their extensions and
    /// compatibility forms), whose glyphs differ by orthography.
    @inlinable
    package static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF, 0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: true
        default: false
        }
    }

    /// Whether `face` has a glyph for every visible character of the cluster from index
    /// `start` on (its start when nil).
    @inlinable
    package static func covers<Cluster: RandomAccessCollection<Unicode.Scalar>>(
        _ face: FontFace, _ cluster: Cluster, from start: Int? = nil
    ) -> Bool where Cluster.Index == Int {
        for i in (start ?? cluster.startIndex)..<cluster.endIndex where !face.covers(cluster[i]) && !isInvisible(cluster[i]) {
            return false
        }
        return true
    }

    /// Characters that draw nothing and need no glyph: default-ignorables (ZWJ, variation
    /// selectors, …) and controls. (Inlined where it is asked, per character of clusters
    /// of several.)
    @inlinable
    package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        // Controls (Cc) and Default_Ignorable_Code_Point, by range: the two property lookups
        // cost ~600 instructions, asked for every cluster of Thai or Devanagari text.
        // `InvisibleCharacterTests` holds the ranges to Swift's Unicode properties.
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F,
             0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0,
             0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF: true
        default: false
        }
    }

    private static func fontFiles(in directory: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]
        ) else { throw FontError.unreadableFile(path: directory.path) }
        var found: [String] = []
        for case let url as URL in walker
        where ["otf", "ttf", "ttc"].contains(url.pathExtension.lowercased()) {
            found.append(url.path)
        }
        if found.isEmpty, !FileManager.default.fileExists(atPath: directory.path) {
            throw FontError.unreadableFile(path: directory.path)
        }
        return found.sorted(by: Self.loadOrder)
    }

    /// Inter before DejaVu, and so on alphabetically: the bundled default family comes
    /// first in the fallback order.
    private static func loadOrder(_ a: String, _ b: String) -> Bool {
        let aDefault = a.contains("/\(defaultFamily)/"), bDefault = b.contains("/\(defaultFamily)/")
        return aDefault != bDefault ? aDefault : a < b
    }
}
