import CFontconfig
import Synchronization

/// The fonts installed on the machine, found through fontconfig: by family name, and by
/// the characters they cover (for fallback).
///
/// fontconfig is asked once per process and language for every installed font in its
/// preference order (`FcFontSort` without trimming, for that language) with each font's
/// character set; after that a fallback lookup is a walk down that cached list testing coverage
/// (`FcCharSetHasChar`, a bit test), cached per character. The old way — one `FcFontSort`
/// per character a font lacked — cost milliseconds per distinct character on a machine
/// with a few hundred fonts. Covering fonts come out in the same order either way:
/// fontconfig ranks coverage of the requested characters before family and language.
///
/// fontconfig's configuration is shared mutable state, so every call goes through one
/// lock.
package final class SystemFonts: Sendable {
    /// A font file fontconfig knows, with the face index inside it.
    package struct FileFace: Hashable, Sendable {
        package let path: String
        package let index: UInt32
    }

    /// One installed font of the sorted list: where it is, what it covers, whether it
    /// draws in color.
    private struct Candidate {
        let face: FileFace
        let charset: OpaquePointer
        let isColor: Bool
    }

    /// The installed fonts in fontconfig's order for one language, and what was looked up.
    private struct SortedFonts {
        let candidates: [Candidate]
        /// Index into `candidates` by scalar value × 2 + (color wanted ? 1 : 0).
        var byScalar: [UInt32: Int?] = [:]
        /// Each font's place, by path (its first face).
        var rankByPath: [String: Int] = [:]
    }

    private struct State {
        var config: OpaquePointer?
        /// By fontconfig language ("" for none); made on first use of each.
        var sorted: [String: SortedFonts] = [:]
        var byFamily: [String: FileFace?] = [:]
    }

    private let state = Mutex(State())

    /// Gives back what fontconfig made for this object: the sorted lists' character-set
    /// copies and the configuration (a library made and dropped per request must not leak them).
    deinit {
        state.withLock { state in
            for sorted in state.sorted.values {
                for candidate in sorted.candidates { FcCharSetDestroy(candidate.charset) }
            }
            if let config = state.config { FcConfigDestroy(config) }
        }
    }

    /// fontconfig's own name for `language` ("ja", "zh-tw", …) when fontconfig knows the
    /// language (has its orthography), else nil: the languages fonts can be sorted for.
    static func knownLanguage(_ language: String) -> String? {
        guard let normalized = FcLangNormalize(language) else { return nil }
        defer { FcStrFree(normalized) }
        return FcLangGetCharSet(normalized) == nil ? nil : String(cString: normalized)
    }

    /// The first installed font in fontconfig's preference order for `language` (nil:
    /// fontconfig's default) that has a glyph for `scalar` — the first color font among
    /// them when `color` is set, when there is one — or nil when none has.
    package func face(covering scalar: Unicode.Scalar, color: Bool = false, language: String? = nil) -> FileFace? {
        state.withLock { state in
            let key = scalar.value << 1 | (color ? 1 : 0), name = language ?? ""
            let candidates = Self.sorted(&state, language: language).candidates
            if let known = state.sorted[name]?.byScalar[key] { return known.map { candidates[$0].face } }
            var found: Int? = nil
            for (i, candidate) in candidates.enumerated() where FcCharSetHasChar(candidate.charset, scalar.value) != 0 {
                if !color || candidate.isColor { found = i; break }
                if found == nil { found = i }
            }
            state.sorted[name]?.byScalar[key] = found
            return found.map { candidates[$0].face }
        }
    }

    /// The place of the font file at `path` in fontconfig's order for `language` (0
    /// first), or the number of installed fonts when fontconfig does not list it.
    package func rank(of path: String, language: String? = nil) -> Int {
        state.withLock { state in
            let fonts = Self.sorted(&state, language: language)
            return fonts.rankByPath[path] ?? fonts.candidates.count
        }
    }

    /// The installed font whose family is `family` (compared without case) and whose
    /// weight is closest to `weight`, or nil when no installed family has that name.
    package func face(family: String, weight: FontWeight) -> FileFace? {
        let key = family.lowercased() + "/" + weight.rawValue
        return state.withLock { state in
            if let known = state.byFamily[key] { return known }
            let found = Self.config(&state).flatMap { Self.match($0, family: family, weight: weight) }
            state.byFamily[key] = found
            return found
        }
    }

    private static func config(_ state: inout State) -> OpaquePointer? {
        if state.config == nil { state.config = FcInitLoadConfigAndFonts() }
        return state.config
    }

    /// The sorted list for `language`, made on first use.
    private static func sorted(_ state: inout State, language: String?) -> SortedFonts {
        if let sorted = state.sorted[language ?? ""] { return sorted }
        var candidates: [Candidate] = []
        var rankByPath: [String: Int] = [:]
        if let config = config(&state), let pattern = FcPatternCreate() {
            defer { FcPatternDestroy(pattern) }
            if let language { FcPatternAddString(pattern, "lang", language) }
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            if let set = FcFontSort(config, pattern, FcFalse, nil, &result) {
                defer { FcFontSetDestroy(set) }
                for i in 0..<Int(set.pointee.nfont) {
                    guard let font = set.pointee.fonts[i], let face = fileFace(font) else { continue }
                    var charset: OpaquePointer?
                    guard FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch,
                          let charset, let copy = FcCharSetCopy(charset) else { continue }
                    var color: FcBool = FcFalse
                    _ = FcPatternGetBool(font, "color", 0, &color)
                    candidates.append(Candidate(face: face, charset: copy, isColor: color != FcFalse))
                    if rankByPath[face.path] == nil { rankByPath[face.path] = candidates.count - 1 }
                }
            }
        }
        let sorted = SortedFonts(candidates: candidates, rankByPath: rankByPath)
        state.sorted[language ?? ""] = sorted
        return sorted
    }

    private static func match(_ config: OpaquePointer, family: String, weight: FontWeight) -> FileFace? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, "family", family)
        FcPatternAddInteger(pattern, "weight", Int32(FcWeightFromOpenType(Int32(weight.weightClass))))
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var name: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, "family", 0, &name) == FcResultMatch, let name,
              String(cString: name).lowercased() == family.lowercased() else { return nil }
        return fileFace(font)
    }

    private static func fileFace(_ font: OpaquePointer) -> FileFace? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(font, "index", 0, &index)
        return FileFace(path: String(cString: file), index: UInt32(max(0, index)))
    }
}
