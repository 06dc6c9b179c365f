import CFontconfig
import Synchronization

/// The fonts installed on the machine, found through fontconfig: by family name, and by
/// the characters they cover (for fallback).
///
/// fontconfig's configuration is shared mutable state, so every call goes through one
/// lock; answers are cached, so the lock is taken once per family or character.
final class SystemFonts: Sendable {
    /// A font file fontconfig knows, with the face index inside it.
    struct FileFace: Hashable, Sendable {
        let path: String
        let index: UInt32
    }

    private struct State {
        var config: OpaquePointer?
        var byScalar: [UInt32: FileFace?] = [:]
        var byFamily: [String: FileFace?] = [:]
    }

    private let state = Mutex(State())

    /// The first installed font in fontconfig's preference order that has a glyph for
    /// `scalar`, or nil when none has.
    func face(covering scalar: Unicode.Scalar) -> FileFace? {
        state.withLock { state in
            if let known = state.byScalar[scalar.value] { return known }
            let found = Self.withConfig(&state) { config in
                Self.sort(config, scalar: scalar.value)
            }
            state.byScalar[scalar.value] = found
            return found
        }
    }

    /// The installed font whose family is `family` (compared without case) and whose
    /// weight is closest to `weight`, or nil when no installed family has that name.
    func face(family: String, weight: FontWeight) -> FileFace? {
        let key = family.lowercased() + "/" + weight.rawValue
        return state.withLock { state in
            if let known = state.byFamily[key] { return known }
            let found = Self.withConfig(&state) { config in
                Self.match(config, family: family, weight: weight)
            }
            state.byFamily[key] = found
            return found
        }
    }

    private static func withConfig(
        _ state: inout State, _ body: (OpaquePointer) -> FileFace?
    ) -> FileFace? {
        if state.config == nil { state.config = FcInitLoadConfigAndFonts() }
        guard let config = state.config else { return nil }
        return body(config)
    }

    private static func sort(_ config: OpaquePointer, scalar: UInt32) -> FileFace? {
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, scalar)
        FcPatternAddCharSet(pattern, "charset", charset)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(font, "charset", 0, &fontCharset) == FcResultMatch,
                  FcCharSetHasChar(fontCharset, scalar) != 0 else { continue }
            if let face = fileFace(font) { return face }
        }
        return nil
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
