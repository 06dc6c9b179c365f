/// The UAX #14 line-break class of the characters whose breaks `SimpleLineBreaks` computes
/// itself, from Unicode 15.0's LineBreak.txt (the data of the ICU the package links, 72; AI
/// resolved to AL by LB1, as ICU does), or `unsupported` for every other character.
///
/// The set: printable ASCII and TAB; Latin-1 from U+00A0; Latin Extended-A (U+0100–U+017F,
/// all AL); Cyrillic U+0400–U+0482 and U+048A–U+04FF (all AL; U+0483–U+0489 are combining
/// marks, left to ICU); and U+2013 EN DASH (BA), U+2014 EM DASH (B2), U+2018/U+2019 and
/// U+201C/U+201D quotation marks (QU), U+2022 BULLET (AL), U+2026 ELLIPSIS (IN) and U+20AC
/// EURO SIGN (PR). Controls, combining marks, joiners, hard breaks and every class whose
/// rules need more context (CM, ZWJ, WJ, ZW, NS, CB, ID, HL, RI, EB, EM, SA, the Hangul
/// jamo) are outside it.
enum LineBreakClass: UInt8 {
    case unsupported
    /// Alphabetic (and Ambiguous, by LB1): letters and ordinary symbols.
    case alphabetic
    /// NU: the digits 0–9.
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
    /// IS, infix numeric separator: , . : ;
    case infixSeparator
    /// EX: ! ?
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
    /// PO, postfix numeric: % ¢ °
    case postfix
    /// GL, glue: NO-BREAK SPACE.
    case glue

    /// The classes of the `count` code units at `base` into `classes`, or false (the
    /// rest of `classes` unset) at the first code unit outside the set.
    static func classify(_ base: UnsafePointer<UInt16>, _ count: Int,
                         into classes: UnsafeMutablePointer<LineBreakClass>) -> Bool {
        latin.withUnsafeBufferPointer { latin in
            for i in 0..<count {
                let unit = base[i]
                let kind: LineBreakClass
                if unit < 0x180 {
                    kind = latin[Int(unit)]
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
        }
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
}
