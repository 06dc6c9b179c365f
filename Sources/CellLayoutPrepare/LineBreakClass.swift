import CICU

/// The UAX #14 line-break class of the characters whose breaks `SimpleLineBreaks` computes
/// itself, from the linked ICU's (72) Line_Break data (Unicode 15.0's LineBreak.txt; AI
/// resolved to AL by LB1, as ICU does, and CJ to NS, as ICU's default strict line breaking
/// does), or `unsupported` for every other character. The values are `CICU_LINE_`'s, the C
/// classifier's (`cicu_line_classes`), which reads ICU's data once per code point met.
///
/// A supplementary character (an emoji, a historic script) has its class on its lead
/// surrogate and `trail` on its trail. Outside the set (each leaves its paragraph to ICU):
/// the hard breaks, ZW, WJ, CB, SA (Thai, Lao, Khmer, Myanmar: ICU's dictionaries), lone
/// surrogates, XX, the Hangul jamo, and U+2010 HYPHEN (BA, but a hyphen to ICU 72's LB20a).
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
    /// NU: the digits of every script, with Arabic's decimal and thousands separators.
    case numeric
    /// SP: U+0020.
    case space
    /// BA, break after: TAB, |, SOFT HYPHEN, EN DASH, the dandas, IDEOGRAPHIC SPACE…
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
    /// EX: ! ? and the question marks, full stops and exclamation marks of other scripts
    /// (！ ？ included).
    case exclamation
    /// QU: " ' « » ‘ ’ “ ”
    case quotation
    /// OP that is not East Asian wide: ( [ { ¡ ¿
    case open
    /// CP that is not East Asian wide: ) ]
    case closeParenthesis
    /// CL, close punctuation: } 、 。 」 ） ，
    case close
    /// PR, prefix numeric: $ + \ £ ¤ ¥ ± € ＄
    case prefix
    /// PO, postfix numeric: % ¢ ° and the Arabic per mille, per ten thousand, afghani and
    /// percent signs, ％
    case postfix
    /// GL, glue: NO-BREAK SPACE.
    case glue
    /// CM: combining marks (accents, Hebrew points, Arabic vowel marks, Indic vowel signs and
    /// viramas) and most controls. LB9 joins one to the character before it, LB10 makes one
    /// after a space (or at the start) AL.
    case combiningMark
    /// ZWJ, U+200D ZERO WIDTH JOINER: a combining mark to LB9 and LB10 that keeps the
    /// character after it (LB8a).
    case zeroWidthJoiner
    /// ID: ideographs, kana and most CJK symbols.
    case ideographic
    /// NS, nonstarter (and CJ): small kana, the prolonged sound mark ー, ・, 々, ：, ゝ…
    case nonstarter
    /// OP that is East Asian wide, full or half width: 「 （ 【 《
    case openWide
    /// CP that is East Asian wide, full or half width: ］
    case closeParenthesisWide
    /// RI: the regional indicators, which pair into flags (LB30a).
    case regionalIndicator
    /// EB, emoji base: 👍 👦 ☝, which an emoji modifier after them joins (LB30b).
    case emojiBase
    /// EM, emoji modifier: the five skin tones U+1F3FB…U+1F3FF.
    case emojiModifier
    /// ID that is an unassigned Extended_Pictographic code point (reserved for emoji): an
    /// ideograph to every rule, which ICU 72's LB30b also keeps with an EM.
    case ideographicUnassignedPictographic
    /// The trail surrogate of a supplementary character (whose class is on its lead):
    /// joined to it before any rule.
    case trail

    /// The classes of the `count` code units at `base` into `classes`, how many are CM,
    /// ZWJ or trail surrogates (`joining`) and how many of those are ZWJ (`joiners`); nil
    /// (the rest of `classes` unset) at the first code unit outside the set.
    static func classify(_ base: UnsafePointer<UInt16>, _ count: Int,
                         into classes: UnsafeMutablePointer<LineBreakClass>) -> (joining: Int, joiners: Int)? {
        var joiners: Int32 = 0
        let marks = classes.withMemoryRebound(to: UInt8.self, capacity: count) {
            cicu_line_classes(base, Int32(count), $0, &joiners)
        }
        return marks < 0 ? nil : (Int(marks), Int(joiners))
    }

    /// Whether the class is a letter for the rules that treat AL and HL alike (LB23, LB24,
    /// LB28, LB29, LB30).
    @inline(__always)
    var isLetter: Bool { self == .alphabetic || self == .hebrewLetter }

    /// Whether the class is OP, wide or not (every rule but LB30).
    @inline(__always)
    var isOpen: Bool { self == .open || self == .openWide }

    /// Whether the class is CL or CP, wide or not (every rule but LB30).
    @inline(__always)
    var isClose: Bool { self == .close || self == .closeParenthesis || self == .closeParenthesisWide }

    /// Whether the class is ID, EB or EM (LB23a holds the three alike).
    @inline(__always)
    var isIdeographicOrEmoji: Bool {
        switch self {
        case .ideographic, .ideographicUnassignedPictographic, .emojiBase, .emojiModifier: true
        default: false
        }
    }

    /// Whether the class is ID, H2 or H3: between two characters of these classes no rule
    /// from LB12 to LB30b applies, so LB31 breaks (the caller has applied LB8a and LB9).
    @inline(__always)
    var breaksBetweenTwo: Bool {
        switch self {
        case .ideographic, .hangulLV, .hangulLVT: true
        default: false
        }
    }

    /// Whether the class is a Hangul syllable (H2 or H3).
    @inline(__always)
    var isHangulSyllable: Bool { self == .hangulLV || self == .hangulLVT }
}
