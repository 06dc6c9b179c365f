import CHarfBuzz
import Foundation

/// A text's language, as a BCP 47 tag ("ja", "zh-Hant", "ko-KR", "en-US"): what CoreText's
/// `kCTLanguageAttributeName` is to an attributed string.
///
/// A language changes two things, never line breaking (ICU's rules are the same for all):
/// - the fallback fonts: system fonts are taken in fontconfig's order for the language, and
///   among the faces of one collection (`.ttc`, such as Noto Sans CJK's JP, KR, SC, TC and
///   HK faces) the one designed for the language draws Han characters, as CoreText's
///   cascade list for the language does;
/// - the forms shaping picks: Han (and Bopomofo) are shaped in the language's writing
///   system, so a font's `locl` substitutions for it apply.
public struct TextLanguage: Hashable, Sendable, CustomStringConvertible {
    /// The tag as given, with `_` read as `-` ("zh_TW" → "zh-TW").
    public let tag: String
    /// The primary language subtag, lowercased ("zh").
    public let primary: String
    /// The Han orthography the language writes ("ja", "ko", "zh-Hans", "zh-Hant",
    /// "zh-HK"), or nil for a language that does not write Han.
    public let han: String?

    /// The language `tag` names; nil when `tag` is not a well-formed BCP 47 tag: a primary
    /// subtag of 2, 3 or 5 … 8 letters (or `i`/`x` for the irregular and private forms),
    /// then subtags of 1 … 8 letters or digits, separated by `-` or `_`.
    public init?(_ tag: String) {
        let normalized = tag.replacingOccurrences(of: "_", with: "-")
        let subtags = normalized.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, normalized.utf8.count <= 128,
              first.allSatisfy(\.isASCIILetter),
              [2, 3, 5, 6, 7, 8].contains(first.count) || ["i", "x"].contains(first.lowercased()),
              subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(\.isASCIIAlphanumeric) })
        else { return nil }
        self.tag = normalized
        self.primary = first.lowercased()
        self.han = Self.hanOrthography(primary: primary, subtags: subtags.dropFirst().map { $0.lowercased() })
    }

    /// The tag.
    public var description: String { tag }

    /// The language of the environment's locale: the first of `LC_ALL`, `LC_CTYPE` and
    /// `LANG` that is set and not empty ("ja_JP.UTF-8" → "ja-JP"), as POSIX and fontconfig
    /// read it; nil when that is "C" or "POSIX" (no language) or not a language tag.
    public static func locale(environment: [String: String] = ProcessInfo.processInfo.environment) -> TextLanguage? {
        guard let value = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap({ environment[$0] })
            .first(where: { !$0.isEmpty }) else { return nil }
        // language[_territory][.codeset][@modifier]
        let name = value.split(separator: ".", maxSplits: 1)[0].split(separator: "@", maxSplits: 1).first ?? ""
        guard name != "C", name != "POSIX" else { return nil }
        return TextLanguage(String(name))
    }

    /// fontconfig's name of the language, for sorting system fonts: its primary subtag, and
    /// for Chinese the orthography as fontconfig's regions (zh-cn, zh-tw, zh-hk).
    var fontconfigName: String {
        switch han {
        case "zh-Hans": "zh-cn"
        case "zh-Hant": "zh-tw"
        case "zh-HK": "zh-hk"
        default: primary
        }
    }

    /// Japanese, Korean, and Chinese by script or region: Hant for Taiwan and Macau's
    /// traditional forms, HK for Hong Kong, Hans otherwise (China, Singapore, no region).
    private static func hanOrthography(primary: String, subtags: [String]) -> String? {
        switch primary {
        case "ja": return "ja"
        case "ko": return "ko"
        case "zh", "cmn", "yue", "wuu", "hak", "nan":
            if subtags.contains("hans") { return "zh-Hans" }
            if subtags.contains("hk") { return "zh-HK" }
            if subtags.contains("hant") || subtags.contains("tw") || subtags.contains("mo") || primary == "yue" {
                return "zh-Hant"
            }
            return "zh-Hans"
        default: return nil
        }
    }
}

private extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
}

/// A language as the font library's and the engine's caches key it: a small number per
/// distinct choice of fonts and shapes, and the Han orthography. Two small integers, so
/// that handing it to every fallback lookup and shaped piece costs no reference counting;
/// fontconfig's name for it is kept by the library (`FontLibrary.fontconfigName(of:)`).
@usableFromInline
package struct LanguageSlot: Sendable {
    /// 0 for the library's own language; the caches' key.
    @usableFromInline package let id: UInt16
    /// The Han orthography: 0 for none, else 1 + its index in `orthographies`.
    let orthography: UInt8

    /// The Han orthographies, in `orthography`'s order.
    private static let orthographies = ["ja", "ko", "zh-Hans", "zh-Hant", "zh-HK"]

    /// - Parameters: the slot's number, and the Han orthography (`TextLanguage.han`).
    package init(id: UInt16, han: String?) {
        self.id = id
        orthography = han.flatMap { Self.orthographies.firstIndex(of: $0) }.map { UInt8($0 + 1) } ?? 0
    }

    /// The Han orthography (`TextLanguage.han`), or nil.
    package var han: String? { orthography == 0 ? nil : Self.orthographies[Int(orthography) - 1] }

    /// What of the language changes the shapes of a piece in `script` (shape memo keys):
    /// the Han orthography for Han and Bopomofo, else nothing (0) — other scripts are
    /// shaped in their sample language whatever the text's (`Shaper.language`).
    package func shapingKey(_ script: hb_script_t) -> UInt8 {
        script == HB_SCRIPT_HAN || script == HB_SCRIPT_BOPOMOFO ? orthography : 0
    }
}
