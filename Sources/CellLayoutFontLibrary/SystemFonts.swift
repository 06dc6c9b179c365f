import CFontconfig
import Synchronization

/// The fonts installed on the machine, found through fontconfig: by family name, and by
/// the characters they cover (for fallback).
///
/// fontconfig is asked once per process and language for every installed font in its
/// preference order (`FcFontSort` without trimming, for that language) with each font's
/// character set (`SystemFontList`); after that a fallback lookup is a walk down that list
/// testing coverage (`FcCharSetHasChar`, a bit test), read by any thread without a lock. The
/// old way — one `FcFontSort` per character a font lacked — cost milliseconds per distinct
/// character on a machine with a few hundred fonts. Covering fonts come out in the same
/// order either way: fontconfig ranks coverage of the requested characters before family
/// and language.
///
/// fontconfig's configuration is loaded once for the process (`processConfiguration`), not
/// once per library: loading it parses the configuration files and maps the font caches,
/// ~25 million instructions (~3 ms here), which every `FontLibrary` paid at its first
/// fallback — in a process that makes a library per request, at every request, and in a
/// cold pass on two threads, while the other thread waited for it. It is shared mutable
/// state, so its load, each list's making and family lookups go through one lock for the
/// process, whose waiters sleep (`SleepingLock`): a thread that needs a list another
/// thread is making waits for that one load, without spinning.
package final class SystemFonts: @unchecked Sendable {
    /// A font file fontconfig knows, with the face index inside it.
    package struct FileFace: Hashable, Sendable {
        package let path: String
        package let index: UInt32
    }

    /// The lock of every fontconfig call, for the process (the configuration is one).
    private static let lock = SleepingLock()
    /// The process's configuration (under `lock`): loaded by the first object that needs
    /// it, and again when fontconfig finds its files or font directories changed since
    /// (`FcConfigUptoDate`, a stat of each), so that a library made after fonts were
    /// installed sees them. A replaced configuration is not destroyed: the lists made from
    /// it hold its character sets.
    nonisolated(unsafe) private static var processConfiguration: OpaquePointer?
    /// How many times the process loaded fontconfig's configuration (under `lock`).
    nonisolated(unsafe) private static var loads = 0
    /// How many times the process loaded fontconfig's configuration.
    package static var configurationLoads: Int { lock.withLock { loads } }

    private var lock: SleepingLock { Self.lock }
    /// fontconfig's configuration as this object first found it (under `lock`).
    private var config: OpaquePointer?
    /// The sorted lists, by fontconfig language ("" for none), made on first use (under `lock`).
    private var lists: [String: SystemFontList] = [:]
    /// Family lookups' answers, by lowercased family and weight (under `lock`).
    private var byFamily: [String: FileFace?] = [:]

    /// fontconfig's own name for `language` ("ja", "zh-tw", …) when fontconfig knows the
    /// language (has its orthography), else nil: the languages fonts can be sorted for.
    static func knownLanguage(_ language: String) -> String? {
        guard let normalized = FcLangNormalize(language) else { return nil }
        defer { FcStrFree(normalized) }
        return FcLangGetCharSet(normalized) == nil ? nil : String(cString: normalized)
    }

    /// The installed fonts in fontconfig's order for `language` (nil: fontconfig's default),
    /// made on first use; the same object for the same language for as long as this lives.
    package func list(language: String?) -> SystemFontList {
        lock.withLock {
            if let known = lists[language ?? ""] { return known }
            let list = SystemFontList(config: loadedConfig(), language: language)
            lists[language ?? ""] = list
            return list
        }
    }

    /// The installed font whose family is `family` (compared without case) and whose
    /// weight is closest to `weight`, or nil when no installed family has that name.
    package func face(family: String, weight: FontWeight) -> FileFace? {
        let key = family.lowercased() + "/" + weight.rawValue
        return lock.withLock {
            if let known = byFamily[key] { return known }
            let found = loadedConfig().flatMap { Self.match($0, family: family, weight: weight) }
            byFamily[key] = found
            return found
        }
    }

    /// The configuration: the process's, loaded when there is none yet or it is out of
    /// date; call under `lock`.
    private func loadedConfig() -> OpaquePointer? {
        if config == nil {
            if Self.processConfiguration.map({ FcConfigUptoDate($0) == FcTrue }) != true {
                Self.processConfiguration = FcInitLoadConfigAndFonts()
                Self.loads += 1
            }
            config = Self.processConfiguration
        }
        return config
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

    static func fileFace(_ font: OpaquePointer) -> FileFace? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(font, "index", 0, &index)
        return FileFace(path: String(cString: file), index: UInt32(max(0, index)))
    }
}
