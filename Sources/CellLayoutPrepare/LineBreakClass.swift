/// The UAX #14 line-break class of the characters whose breaks `SimpleLineBreaks` computes
/// itself, from Unicode 15.0's LineBreak.txt (the data of the ICU the package links, 72; AI
/// resolved to AL by LB1, as ICU does), or `unsupported` for every other character.
///
/// The set: printable ASCII and TAB; Latin-1 from U+00A0; Latin Extended-A (U+0100–U+017F,
/// all AL); Cyrillic U+0400–U+0482 and U+048A–U+04FF (all AL; U+0483–U+0489 are combining
/// marks, left to ICU); Hebrew's letters (HL), maqaf (BA), sof pasuq (AL) and punctuation,
/// without its points (CM); Arabic's letters, digits and punctuation, without its marks
/// (CM) and U+061C (CM); the Hangul syllables U+AC00–U+D7A3 (H2 or H3); and U+2013 EN DASH
/// (BA), U+2014 EM DASH (B2), U+2018/U+2019 and U+201C/U+201D quotation marks (QU), U+2022
/// BULLET (AL), U+2026 ELLIPSIS (IN) and U+20AC EURO SIGN (PR). Controls, combining marks,
/// joiners, hard breaks and every class whose rules need more context (CM, ZWJ, WJ, ZW,
/// NS, CB, ID, RI, EB, EM, SA, the Hangul jamo) are outside it.
enum LineBreakClass: UInt8 {
    case unsupported
    /// Alphabetic (and Ambiguous, by LB1): letters and ordinary symbols.
    case alphabetic
    /// HL: the Hebrew letters.
    case hebrewLetter
    /// H2: a Hangul syllable of a leading and a vowel jamo (가).
    case hangulLV
    /// H3: a Hangul syllable with a trailing jamo too (각).
    case hangulLVT
    /// NU: the digits 0–9 and the Arabic-Indic ones, with Arabic's decimal and thousands
    /// separators.
    case numeric
    /// SP: U+0020.
    case space
    /// BA, break after: TAB, |, SOFT HYPHEN, EN DASH.
    case breakAfter
    /// B2, break on both sides unless doubled: EM DASH.
    case breakBoth
    /// BB, break before: ´ (U+00B4).
    case breakBefore
    /// IN, inseparable: HORIZONTAL ELLIPSIS.
    case inseparable
    /// HY: the hyphen-minus.
    case hyphen
    /// SY: the solidus /.
    case symbol
    /// IS, infix numeric separator: , . : ; and the Arabic comma and date separator.
    case infixSeparator
    /// EX: ! ? and Hebrew's and Arabic's question marks, semicolon and full stops.
    case exclamation
    /// QU: " ' « » ‘ ’ “ ”
    case quotation
    /// OP: ( [ { ¡ ¿
    case open
    /// CP, close parenthesis: ) ]
    case closeParenthesis
    /// CL, close punctuation: }
    case close
    /// PR, prefix numeric: $ + \ £ ¤ ¥ ± €
    case prefix
    /// PO, postfix numeric: % ¢ ° and the Arabic per mille, per ten thousand, afghani and
    /// percent signs.
    case postfix
    /// GL, glue: NO-BREAK SPACE.
    case glue

    /// The classes of the `count` code units at `base` into `classes`, or false (the
    /// rest of `classes` unset) at the first code unit outside the set.
    static func classify(_ base: UnsafePointer<UInt16>, _ count: Int,
                         into classes: UnsafeMutablePointer<LineBreakClass>) -> Bool {
        latin.withUnsafeBufferPointer { latin in hebrewArabic.withUnsafeBufferPointer { hebrewArabic in
            for i in 0..<count {
                let unit = base[i]
                let kind: LineBreakClass
                if unit < 0x180 {
                    kind = latin[Int(unit)]
                } else if unit >= 0x590 && unit < 0x700 {
                    kind = hebrewArabic[Int(unit) - 0x590]
                } else if unit >= 0xAC00 && unit <= 0xD7A3 {
                    // 28 syllables per leading-vowel pair, the first without a trailing jamo.
                    kind = (unit - 0xAC00) % 28 == 0 ? .hangulLV : .hangulLVT
                } else {
                    switch unit {
                    case 0x400...0x482, 0x48A...0x4FF, 0x2022: kind = .alphabetic
                    case 0x2013: kind = .breakAfter
                    case 0x2014: kind = .breakBoth
                    case 0x2018, 0x2019, 0x201C, 0x201D: kind = .quotation
                    case 0x2026: kind = .inseparable
                    case 0x20AC: kind = .prefix
                    default: kind = .unsupported
                    }
                }
                guard kind != .unsupported else { return false }
                classes[i] = kind
            }
            return true
        } }
    }

    /// The classes of U+0000–U+017F (LineBreak.txt; every letter of Latin-1 and Latin
    /// Extended-A is AL, the Latin-1 symbols marked AI are AL by LB1).
    private static let latin: [LineBreakClass] = {
        var table = [LineBreakClass](repeating: .unsupported, count: 0x180)
        for unit in 0x21...0x7E { table[unit] = .alphabetic }
        for unit in 0xA1...0x17F { table[unit] = .alphabetic }
        for unit in 0x30...0x39 { table[unit] = .numeric }
        let classes: [(String, LineBreakClass)] = [
            ("\t|\u{AD}", .breakAfter), (" ", .space), ("\u{B4}", .breakBefore), ("-", .hyphen), ("/", .symbol),
            (",.:;", .infixSeparator), ("!?", .exclamation), ("\"'\u{AB}\u{BB}", .quotation),
            ("([{\u{A1}\u{BF}", .open), (")]", .closeParenthesis), ("}", .close),
            ("$+\\\u{A3}\u{A4}\u{A5}\u{B1}", .prefix), ("%\u{A2}\u{B0}", .postfix), ("\u{A0}", .glue),
        ]
        for (units, kind) in classes {
            for unit in units.utf16 { table[Int(unit)] = kind }
        }
        return table
    }()

    /// The classes of U+0590–U+06FF (LineBreak.txt; unassigned code points and the marks,
    /// all CM, unsupported).
    private static let hebrewArabic: [LineBreakClass] = {
        var table = [LineBreakClass](repeating: .unsupported, count: 0x700 - 0x590)
        let ranges: [(ClosedRange<Int>, LineBreakClass)] = [
            (0x5D0...0x5EA, .hebrewLetter), (0x5EF...0x5F2, .hebrewLetter), (0x5BE...0x5BE, .breakAfter),
            (0x5C0...0x5C0, .alphabetic), (0x5C3...0x5C3, .alphabetic), (0x5F3...0x5F4, .alphabetic),
            (0x5C6...0x5C6, .exclamation),
            (0x600...0x608, .alphabetic), (0x60E...0x60F, .alphabetic), (0x620...0x64A, .alphabetic),
            (0x66D...0x66F, .alphabetic), (0x671...0x6D3, .alphabetic), (0x6D5...0x6D5, .alphabetic),
            (0x6DD...0x6DE, .alphabetic), (0x6E5...0x6E6, .alphabetic), (0x6E9...0x6E9, .alphabetic),
            (0x6EE...0x6EF, .alphabetic), (0x6FA...0x6FF, .alphabetic),
            (0x609...0x60B, .postfix), (0x66A...0x66A, .postfix), (0x60C...0x60D, .infixSeparator),
            (0x61B...0x61B, .exclamation), (0x61D...0x61F, .exclamation), (0x6D4...0x6D4, .exclamation),
            (0x660...0x669, .numeric), (0x66B...0x66C, .numeric), (0x6F0...0x6F9, .numeric),
        ]
        for (range, kind) in ranges {
            for unit in range { table[unit - 0x590] = kind }
        }
        return table
    }()

    /// Whether the class is a letter for the rules that treat AL and HL alike (LB23, LB24,
    /// LB28, LB29, LB30).
    @inline(__always)
    var isLetter: Bool { self == .alphabetic || self == .hebrewLetter }

    /// Whether the class is a Hangul syllable (H2 or H3).
    @inline(__always)
    var isHangulSyllable: Bool { self == .hangulLV || self == .hangulLVT }
}
