#ifndef CICU_H
#define CICU_H

#include <stdint.h>

/// Line break opportunities (UAX #14) in UTF-16 text after offset `from`, at most
/// `capacity` of them: the UTF-16 offsets of the boundaries greater than `from` (the
/// last one of the text is `length`), in order, so that a long text's breaks are
/// gathered a block at a time (call again from the last one while `capacity` came
/// back). Returns the number written, or -1 when ICU fails.
int32_t cicu_line_breaks_after(const uint16_t *text, int32_t length, int32_t from,
                               int32_t *offsets, int32_t capacity);

/// Extended grapheme cluster boundaries (UAX #29) in UTF-16 text.
///
/// Writes the UTF-16 offsets of every boundary after offset 0 (the last one is
/// `length`) into `offsets`, which must hold `length + 1` entries. Returns the number
/// written, or -1 when ICU fails.
int32_t cicu_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *offsets);

/// Bidi embedding levels (UAX #9) of one paragraph of UTF-16 text, one per code unit,
/// with the paragraph level taken from its first strong character (left-to-right when
/// there is none). Returns the paragraph level (0 or 1), or -1 when ICU fails.
int32_t cicu_bidi_levels(const uint16_t *text, int32_t length, uint8_t *levels);

/// Grapheme cluster ends (UAX #29) of UTF-16 text whose code points (surrogate pairs
/// included) are all of Grapheme_Cluster_Break Other, LV, LVT, Regional_Indicator, Control
/// (not CR or LF), Extend, ZWJ or SpacingMark (not a spacing virama): a cluster is a base or a
/// control, or a mark after a control or at the start, with the marks after it (GB9, GB9a),
/// with each Extended_Pictographic after an Extended_Pictographic, Extends and a ZWJ (GB11),
/// with the second regional indicator of each pair (GB12, GB13), and with each linking
/// consonant that follows a linking consonant and a virama (ICU 72's Indic conjunct rule,
/// marks with a combining class or ZWJ allowed between them). Writes the offsets of every
/// boundary after offset 0 (the last one is `length`) into `ends`, which must hold `length`
/// entries, and returns how many; returns -1 (having written some) at the first other code
/// point or a lone surrogate.
int32_t cicu_simple_grapheme_ends(const uint16_t *text, int32_t length, int32_t *ends);

/// The one bidi level (UAX #9) every code unit of one paragraph of UTF-16 text has, when the
/// paragraph's bidi classes (the linked ICU's data) decide it without the algorithm: 0 when
/// no character is R, AL, AN or an explicit embedding, override or isolate (its levels are
/// all 0, as `cicu_bidi_levels` finds them); 1 when some character is R or AL and none is L,
/// EN, B, AN or explicit (the paragraph is right to left, every neutral and mark between
/// right-to-left characters or the paragraph's ends, all 1). Returns -1 for any other
/// paragraph (which `cicu_bidi_levels` must resolve).
int32_t cicu_bidi_uniform_level(const uint16_t *text, int32_t length);

/// The line break classes `SimpleLineBreaks` handles (UAX #14's, ICU's data): the Swift
/// `LineBreakClass` has the same cases with the same values. AI is AL (LB1), CJ is NS (ICU's
/// default, strict, line breaking), OP and CP come in two kinds: East Asian wide, full or
/// half width or not (LB30 holds only the latter), and ID in two: the unassigned
/// Extended_Pictographic code points (which LB30b keeps with an EM) and the others. TRAIL is
/// the trail surrogate of a supplementary character, whose class is on its lead.
enum {
    CICU_LINE_UNSUPPORTED = 0, CICU_LINE_AL, CICU_LINE_HL, CICU_LINE_H2, CICU_LINE_H3, CICU_LINE_NU,
    CICU_LINE_SP, CICU_LINE_BA, CICU_LINE_B2, CICU_LINE_BB, CICU_LINE_IN, CICU_LINE_HY, CICU_LINE_SY,
    CICU_LINE_IS, CICU_LINE_EX, CICU_LINE_QU, CICU_LINE_OP, CICU_LINE_CP, CICU_LINE_CL, CICU_LINE_PR,
    CICU_LINE_PO, CICU_LINE_GL, CICU_LINE_CM, CICU_LINE_ZWJ, CICU_LINE_ID, CICU_LINE_NS, CICU_LINE_OP_WIDE,
    CICU_LINE_CP_WIDE, CICU_LINE_RI, CICU_LINE_EB, CICU_LINE_EM, CICU_LINE_ID_UNASSIGNED_PICTOGRAPHIC, CICU_LINE_TRAIL,
};

/// The `CICU_LINE_` class of each of the `length` code units into `classes` (a supplementary
/// character's on its lead surrogate, TRAIL on its trail), and how many are CM, ZWJ or TRAIL
/// (the units LB9 may join to the character before), with how many are ZWJ into `joiners`;
/// -1 (having written some) at the first code point of any other class (lone surrogates,
/// hard breaks, ZW, WJ, CB, SA, XX, the jamo, and U+2010 HYPHEN, which ICU 72's LB20a treats
/// as a hyphen).
int32_t cicu_line_classes(const uint16_t *text, int32_t length, uint8_t *classes, int32_t *joiners);

#endif
