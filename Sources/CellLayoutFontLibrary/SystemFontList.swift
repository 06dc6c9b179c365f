import CFontconfig
import Synchronization

/// fontconfig's installed fonts in its preference order for one language, each with what it
/// covers: made once per language (`SystemFonts.list(language:)`), then read by any thread
/// without a lock.
///
/// A fallback lookup is the first font of the list that has a glyph for the character
/// (`FcCharSetHasChar`). Walking the whole list tested ~33 fonts per miss on average (4.3 M
/// instructions preparing 10,000 international rows), so the list keeps, per 256-character
/// page of Unicode (the unit fontconfig's character sets are stored in), the fonts that have
/// any character in that page, in the list's order: the fonts it skips cannot have the
/// character, so the first of the page's fonts that has it is the first of the whole list.
package final class SystemFontList: @unchecked Sendable {
    /// The pages of 256 characters up to U+10FFFF.
    static let pageCount = 0x110000 >> 8

    /// The fonts, in fontconfig's order.
    package let faces: [SystemFonts.FileFace]
    /// Each font's character set (a copy this list gives back).
    private let charsets: [OpaquePointer]
    /// Whether each font draws in color.
    private let colorFonts: [Bool]
    /// Where each page's fonts start in `pageFonts` (one more entry than pages).
    private let pageStarts: [Int32]
    /// Page by page, the indices of the fonts with characters in the page, ascending.
    private let pageFonts: [Int32]
    /// Each font file's place, by path (its first face).
    private let rankByPath: [String: Int]
    /// Each font's face as the library loaded it (retained), 0 before: asked again, a miss
    /// finds it without hashing the file's path.
    private let loaded: UnsafeMutablePointer<Atomic<UInt>>

    /// The list of `config`'s fonts sorted for `language` (nil: fontconfig's default order);
    /// empty without a configuration.
    init(config: OpaquePointer?, language: String?) {
        var faces: [SystemFonts.FileFace] = [], charsets: [OpaquePointer] = [], colorFonts: [Bool] = []
        var rankByPath: [String: Int] = [:]
        if let config, let pattern = FcPatternCreate() {
            defer { FcPatternDestroy(pattern) }
            if let language { FcPatternAddString(pattern, "lang", language) }
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            if let set = FcFontSort(config, pattern, FcFalse, nil, &result) {
                defer { FcFontSetDestroy(set) }
                for i in 0..<Int(set.pointee.nfont) {
                    guard let font = set.pointee.fonts[i], let face = SystemFonts.fileFace(font) else { continue }
                    var charset: OpaquePointer?
                    guard FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch,
                          let charset, let copy = FcCharSetCopy(charset) else { continue }
                    var color: FcBool = FcFalse
                    _ = FcPatternGetBool(font, "color", 0, &color)
                    faces.append(face)
                    charsets.append(copy)
                    colorFonts.append(color != FcFalse)
                    if rankByPath[face.path] == nil { rankByPath[face.path] = faces.count - 1 }
                }
            }
        }
        (pageStarts, pageFonts) = Self.pageIndex(charsets)
        self.faces = faces
        self.charsets = charsets
        self.colorFonts = colorFonts
        self.rankByPath = rankByPath
        loaded = .allocate(capacity: max(1, faces.count))
        for i in 0..<max(1, faces.count) { (loaded + i).initialize(to: Atomic(0)) }
    }

    deinit {
        for charset in charsets { FcCharSetDestroy(charset) }
        for i in faces.indices {
            let bits = loaded[i].load(ordering: .acquiring)
            if let pointer = UnsafeRawPointer(bitPattern: bits) { Unmanaged<FontFace>.fromOpaque(pointer).release() }
        }
        loaded.deinitialize(count: max(1, faces.count))
        loaded.deallocate()
    }

    /// Per page, the fonts whose character set has a leaf for it, in font order: a counting
    /// sort of every (page, font) pair fontconfig's page walk gives.
    private static func pageIndex(_ charsets: [OpaquePointer]) -> (starts: [Int32], fonts: [Int32]) {
        var pairs: [(page: Int32, font: Int32)] = []
        var counts = [Int32](repeating: 0, count: pageCount + 1)
        var map = [FcChar32](repeating: 0, count: Int(FC_CHARSET_MAP_SIZE))
        for (font, charset) in charsets.enumerated() {
            var next: FcChar32 = 0
            var base = FcCharSetFirstPage(charset, &map, &next)
            while base != FcChar32.max {  // FC_CHARSET_DONE
                let page = Int(base >> 8)
                if page < pageCount {
                    pairs.append((Int32(page), Int32(font)))
                    counts[page + 1] += 1
                }
                base = FcCharSetNextPage(charset, &map, &next)
            }
        }
        for page in 0..<pageCount { counts[page + 1] += counts[page] }
        var fill = counts
        var fonts = [Int32](repeating: 0, count: pairs.count)
        for pair in pairs {
            fonts[Int(fill[Int(pair.page)])] = pair.font
            fill[Int(pair.page)] += 1
        }
        return (counts, fonts)
    }

    /// How many fonts the list holds.
    package var count: Int { faces.count }

    /// Whether font `index` of the list has a glyph for `scalar`.
    package func covers(_ index: Int, _ scalar: Unicode.Scalar) -> Bool {
        FcCharSetHasChar(charsets[index], scalar.value) != 0
    }

    /// Whether font `index` of the list draws in color.
    package func isColor(_ index: Int) -> Bool { colorFonts[index] }

    /// The index of the first font of the list that has a glyph for `scalar` — the first
    /// color font among them when `color` is set and there is one — or nil when none has.
    package func index(covering scalar: Unicode.Scalar, color: Bool) -> Int? {
        let page = Int(scalar.value >> 8)
        var found: Int? = nil
        for entry in Int(pageStarts[page])..<Int(pageStarts[page + 1]) {
            let font = Int(pageFonts[entry])
            guard FcCharSetHasChar(charsets[font], scalar.value) != 0 else { continue }
            if !color || colorFonts[font] { return font }
            if found == nil { found = font }
        }
        return found
    }

    /// The place of the font file at `path` in the list (0 first), or the number of fonts
    /// when fontconfig does not list it.
    package func rank(of path: String) -> Int { rankByPath[path] ?? faces.count }

    /// The face the library loaded for font `index`, when it has.
    func loadedFace(_ index: Int) -> FontFace? {
        let bits = loaded[index].load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<FontFace>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Keeps `face` as font `index`'s loaded face (the library's one face for that file and
    /// index); a face kept before stays.
    func keep(_ face: FontFace, at index: Int) {
        let bits = UInt(bitPattern: Unmanaged.passRetained(face).toOpaque())
        if !loaded[index].compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged {
            Unmanaged.passUnretained(face).release()
        }
    }
}
