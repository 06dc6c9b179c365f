#include "CICU.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>

// Opening a break iterator loads its rules (tens of microseconds), so each thread keeps
// one of each kind and only resets its text. A break iterator must not be shared
// between threads; thread-specific storage closes them when the thread ends.
static pthread_key_t line_key, grapheme_key;
static pthread_once_t keys_once = PTHREAD_ONCE_INIT;

static void close_iterator(void *it) { ubrk_close((UBreakIterator *)it); }

static void make_keys(void) {
    pthread_key_create(&line_key, close_iterator);
    pthread_key_create(&grapheme_key, close_iterator);
}

static UBreakIterator *thread_iterator(UBreakIteratorType type) {
    pthread_once(&keys_once, make_keys);
    pthread_key_t key = type == UBRK_LINE ? line_key : grapheme_key;
    UBreakIterator *it = pthread_getspecific(key);
    if (it == NULL) {
        UErrorCode status = U_ZERO_ERROR;
        it = ubrk_open(type, "", NULL, 0, &status);
        if (U_FAILURE(status)) return NULL;
        pthread_setspecific(key, it);
    }
    return it;
}

// Walks the boundaries after offset 0.
static int32_t boundaries(UBreakIteratorType type, const uint16_t *text, int32_t length, int32_t *offsets) {
    UBreakIterator *it = thread_iterator(type);
    if (it == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(it, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t b = ubrk_following(it, 0); b != UBRK_DONE; b = ubrk_next(it)) offsets[count++] = b;
    return count;
}

// The text the thread's line iterator was last set to: a call that goes on from where
// the previous one stopped continues the walk instead of setting the text again (which
// makes ICU find its place afresh, far slower on a long text).
static __thread const uint16_t *line_text;
static __thread int32_t line_length;

int32_t cicu_line_breaks_after(const uint16_t *text, int32_t length, int32_t from,
                               int32_t *offsets, int32_t capacity) {
    UBreakIterator *it = thread_iterator(UBRK_LINE);
    if (it == NULL) return -1;
    int32_t b;
    if (from > 0 && text == line_text && length == line_length && ubrk_current(it) == from) {
        b = ubrk_next(it);
    } else {
        UErrorCode status = U_ZERO_ERROR;
        ubrk_setText(it, (const UChar *)text, length, &status);
        if (U_FAILURE(status)) return -1;
        line_text = text;
        line_length = length;
        b = ubrk_following(it, from);
    }
    int32_t count = 0;
    for (; b != UBRK_DONE; b = ubrk_next(it)) {
        offsets[count++] = b;
        if (count == capacity) break;
    }
    return count;
}

int32_t cicu_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *offsets) {
    return boundaries(UBRK_CHARACTER, text, length, offsets);
}

// A byte of derived properties for each code point of the BMP and the Supplementary
// Multilingual Plane (emoji, historic scripts), from the linked ICU's own data through `kind`
// (never 0), computed on a text's first use of the code point: 0 means not yet known. (Filling
// a whole plane, or ICU's property map, or a page of 256 code points at a time, cost more than
// most runs use: ideographs are spread over a hundred pages.) The pages of the table no text
// touches are never written, so cost no memory. A code point past U+1FFFF (CJK extensions,
// tags, variation selectors supplement) asks `kind` each time. Threads that meet an unknown
// code point at once compute and store the same byte, which depends on nothing else, so
// relaxed atomics suffice.
enum { LAZY_TABLE_SIZE = 0x20000 };

typedef struct {
    atomic_uchar bytes[LAZY_TABLE_SIZE];
    uint8_t (*kind)(UChar32);
} lazy_table;

__attribute__((noinline)) static uint8_t learn(lazy_table *table, UChar32 c) {
    uint8_t kind = table->kind(c);
    if (c < LAZY_TABLE_SIZE) atomic_store_explicit(&table->bytes[c], kind, memory_order_relaxed);
    return kind;
}

__attribute__((always_inline)) static inline uint8_t table_kind(lazy_table *table, UChar32 c) {
    uint8_t kind = __builtin_expect(c < LAZY_TABLE_SIZE, 1)
        ? atomic_load_explicit(&table->bytes[c], memory_order_relaxed) : 0;
    return __builtin_expect(kind != 0, 1) ? kind : learn(table, c);
}

// The byte of a BMP code point (no bounds check: the table holds the whole BMP).
__attribute__((always_inline)) static inline uint8_t table_kind_bmp(lazy_table *table, uint16_t u) {
    uint8_t kind = atomic_load_explicit(&table->bytes[u], memory_order_relaxed);
    return __builtin_expect(kind != 0, 1) ? kind : learn(table, u);
}

// The code point at `text[*i]` (a supplementary one when a lead and a trail surrogate are
// paired there, advancing `*i` past the lead), or -1 for a lone surrogate.
__attribute__((always_inline)) static inline UChar32 code_point_at(const uint16_t *text, int32_t length, int32_t *i) {
    uint16_t u = text[*i];
    if (__builtin_expect(!U16_IS_SURROGATE(u), 1)) return u;
    if (U16_IS_SURROGATE_LEAD(u) && *i + 1 < length && U16_IS_TRAIL(text[*i + 1])) {
        *i += 1;
        return U16_GET_SUPPLEMENTARY(u, text[*i]);
    }
    return -1;
}

// What each code point is to the clusters `cicu_simple_grapheme_ends` makes (a lazy table's
// byte, with GRAPHEME_KNOWN set), in the low two bits: a base (Grapheme_Cluster_Break Other,
// LV, LVT or Regional_Indicator), a control (Control, but CR and LF), a mark that joins the
// cluster before it (Extend, ZWJ or SpacingMark: GB9 and GB9a), or none of these (surrogates,
// CR, LF, Prepend, the L, V and T jamo: the clusters their rules make are left to ICU). In
// the next two bits, its part in ICU 72's Indic conjunct rule (its char.txt, CLDR's aksara
// tailoring: LinkingConsonant ExtCccZwj* Virama ExtCccZwj* × LinkingConsonant, for
// Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam): a linking consonant
// (Indic_Syllabic_Category Consonant), a virama (Indic_Syllabic_Category Virama), an Extend
// with a combining class or a ZWJ (which the rule lets between them), or nothing. In the two
// after GRAPHEME_KNOWN, its part in GB11 (ExtPict Extend* ZWJ × ExtPict): an
// Extended_Pictographic base, an Extend, a ZWJ, or nothing; and in the top bit, whether it is
// a regional indicator (GB12, GB13: they pair).
enum { GRAPHEME_NONE = 0, GRAPHEME_BASE = 1, GRAPHEME_CONTROL = 2, GRAPHEME_MARK = 3 };
enum { CONJUNCT_NONE = 0, CONJUNCT_CONSONANT = 4, CONJUNCT_VIRAMA = 8, CONJUNCT_EXTEND = 12 };
// Set in every table byte (a known code point).
enum { GRAPHEME_KNOWN = 16 };
enum { EMOJI_NONE = 0, EMOJI_PICTOGRAPHIC = 32, EMOJI_EXTEND = 64, EMOJI_ZWJ = 96 };
enum { GRAPHEME_REGIONAL = 128 };

static int conjunct_script(UChar32 c) {
    UErrorCode status = U_ZERO_ERROR;
    switch (uscript_getScript(c, &status)) {
    case USCRIPT_DEVANAGARI: case USCRIPT_BENGALI: case USCRIPT_GUJARATI: case USCRIPT_ORIYA:
    case USCRIPT_TELUGU: case USCRIPT_MALAYALAM:
        return U_SUCCESS(status);
    default: return 0;
    }
}

static uint8_t grapheme_kind_bits(UChar32 c) {
    if (c >= 0xD800 && c <= 0xDFFF) return GRAPHEME_NONE;
    int32_t category = u_getIntPropertyValue(c, UCHAR_INDIC_SYLLABIC_CATEGORY);
    switch (u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
    case U_GCB_OTHER:
        // Unicode 15.0 has no Extended_Pictographic in U+3300…U+1EFFF (CJK, Hangul, the
        // supplementary scripts): their first use skips the lookup.
        if ((c < 0x3300 || c >= 0x1F000) && u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC))
            return GRAPHEME_BASE | EMOJI_PICTOGRAPHIC;
        return GRAPHEME_BASE | (category == U_INSC_CONSONANT && conjunct_script(c) ? CONJUNCT_CONSONANT : 0);
    case U_GCB_LV: case U_GCB_LVT: return GRAPHEME_BASE;
    case U_GCB_REGIONAL_INDICATOR: return GRAPHEME_BASE | GRAPHEME_REGIONAL;
    case U_GCB_CONTROL: return GRAPHEME_CONTROL;
    case U_GCB_EXTEND:
        if (category == U_INSC_VIRAMA && conjunct_script(c)) return GRAPHEME_MARK | CONJUNCT_VIRAMA | EMOJI_EXTEND;
        return GRAPHEME_MARK | EMOJI_EXTEND | (u_getCombiningClass(c) != 0 ? CONJUNCT_EXTEND : 0);
    case U_GCB_ZWJ: return GRAPHEME_MARK | CONJUNCT_EXTEND | EMOJI_ZWJ;
    case U_GCB_SPACING_MARK:
        // A spacing virama (Indic_Syllabic_Category Virama, GCB SpacingMark) is left to ICU.
        return category == U_INSC_VIRAMA && conjunct_script(c) ? GRAPHEME_NONE : GRAPHEME_MARK;
    default: return GRAPHEME_NONE;
    }
}

static uint8_t grapheme_kind(UChar32 c) { return grapheme_kind_bits(c) | GRAPHEME_KNOWN; }

static lazy_table grapheme_table = { .kind = grapheme_kind };

// The table byte of a code point (GRAPHEME_KNOWN set: the callers mask), a surrogate code
// unit's being GRAPHEME_NONE.
static inline uint32_t grapheme_code_point_kind(UChar32 c) {
    return c < 0x10000 ? table_kind_bmp(&grapheme_table, (uint16_t)c) : table_kind(&grapheme_table, c);
}

// Where GB11 and GB12/13 stand after a code point, in one word (0 for most text, which
// then takes no emoji step): after an Extended_Pictographic (and Extends), after one and a
// ZWJ (the next Extended_Pictographic joins), and whether the code point is a regional
// indicator that opens a pair.
enum { AFTER_PICTOGRAPH = 1, AFTER_PICTOGRAPH_ZWJ = 2, OPENS_PAIR = 4 };

// The emoji state after a code point of table byte `bits` (`*kind` made a mark where GB11,
// GB12 or GB13 joins it to the cluster before).
static inline uint32_t emoji_step(uint32_t state, uint32_t bits, uint32_t *kind) {
    uint32_t next = 0;
    switch (bits & 96) {
    case EMOJI_PICTOGRAPHIC:
        // GB11: ExtPict Extend* ZWJ × ExtPict.
        if (state & AFTER_PICTOGRAPH_ZWJ) *kind = GRAPHEME_MARK;
        next = AFTER_PICTOGRAPH;
        break;
    case EMOJI_EXTEND: next = state & AFTER_PICTOGRAPH; break;
    case EMOJI_ZWJ: next = state & AFTER_PICTOGRAPH ? AFTER_PICTOGRAPH_ZWJ : 0; break;
    default: break;
    }
    if (bits & GRAPHEME_REGIONAL) {
        // GB12, GB13: a regional indicator after one that opens a pair closes it.
        if (state & OPENS_PAIR) *kind = GRAPHEME_MARK;
        else next |= OPENS_PAIR;
    }
    return next;
}

int32_t cicu_simple_grapheme_ends(const uint16_t *text, int32_t length, int32_t *ends) {
    if (length <= 0) return 0;
    int32_t i = 0;
    UChar32 first = code_point_at(text, length, &i);
    if (first < 0) return -1;
    uint32_t previous = grapheme_code_point_kind(first);
    if ((previous & 3) == GRAPHEME_NONE) return -1;
    // Where the conjunct rule stands: after a linking consonant (and ExtCcc marks), after
    // one and a virama (the next linking consonant joins), or neither.
    enum { OUTSIDE, AFTER_CONSONANT, AFTER_VIRAMA } conjunct = (previous & 12) == CONJUNCT_CONSONANT ? AFTER_CONSONANT : OUTSIDE;
    uint32_t unused = 0;
    uint32_t emoji = emoji_step(0, previous, &unused);
    previous &= 3;
    int32_t count = 0;
    for (i++; i < length; i++) {
        int32_t start = i;
        uint16_t u = text[i];
        // Printable ASCII, most of the text there is: a run of it at once. Each is a base,
        // which no rule joins to what is before it (GB999 after a control, a mark or a base;
        // the conjunct and emoji rules join only a linking consonant, an Extended_Pictographic
        // or a regional indicator), so each starts a cluster; and after one, neither the
        // conjunct nor the emoji rule has begun (a base leaves both at their start).
        if ((uint16_t)(u - 0x20) < 0x5F) {
            do ends[count++] = i++; while (i < length && (uint16_t)(text[i] - 0x20) < 0x5F);
            i--;  // the loop's own step
            previous = GRAPHEME_BASE;
            conjunct = OUTSIDE;
            emoji = 0;
            continue;
        }
        uint32_t bits = table_kind_bmp(&grapheme_table, u);
        uint32_t kind = bits & 3;
        if (__builtin_expect(kind == GRAPHEME_NONE, 0)) {
            // A surrogate pair (each half is NONE in the table), or a character left to ICU.
            if (!U16_IS_SURROGATE_LEAD(u) || i + 1 == length || !U16_IS_TRAIL(text[i + 1])) return -1;
            bits = table_kind(&grapheme_table, U16_GET_SUPPLEMENTARY(u, text[i + 1]));
            kind = bits & 3;
            if (kind == GRAPHEME_NONE) return -1;
            i++;
        }
        // The conjunct and emoji rules, for the code points they concern and those after them.
        if (__builtin_expect((bits & (12 | 96 | GRAPHEME_REGIONAL)) | conjunct | emoji, 0)) {
            switch (bits & 12) {
            case CONJUNCT_CONSONANT:
                // ICU 72's conjunct rule: LinkingConsonant ExtCcc* Virama ExtCcc* × LinkingConsonant.
                if (conjunct == AFTER_VIRAMA) kind = GRAPHEME_MARK;
                conjunct = AFTER_CONSONANT;
                break;
            case CONJUNCT_VIRAMA: if (conjunct == AFTER_CONSONANT) conjunct = AFTER_VIRAMA; break;
            case CONJUNCT_EXTEND: break;
            default: conjunct = OUTSIDE; break;
            }
            emoji = emoji_step(emoji, bits, &kind);
        }
        // GB9, GB9a: × mark; GB4: a control ends its cluster; GB999: ÷ everywhere else.
        if (kind != GRAPHEME_MARK || previous == GRAPHEME_CONTROL) ends[count++] = start;
        previous = bits & 3;
    }
    ends[count++] = length;
    return count;
}

int32_t cicu_bidi_levels(const uint16_t *text, int32_t length, uint8_t *levels) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) return -1;
    ubidi_setPara(bidi, (const UChar *)text, length, UBIDI_DEFAULT_LTR, NULL, &status);
    int32_t result = -1;
    if (U_SUCCESS(status)) {
        const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
        if (U_SUCCESS(status)) {
            for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
            result = ubidi_getParaLevel(bidi);
        }
    }
    ubidi_close(bidi);
    return result;
}

// What a code point's bidi class (UAX #9, the linked ICU's data) can do to the levels of a
// paragraph with no explicit embedding: a left one (L, EN, B) or a right one (R, AL) fixes
// the levels around it, a neutral one (ES, ET, CS, WS, ON, NSM, BN, S) takes its level from
// them, and the others (AN, and the explicit embeddings, overrides and isolates) are left
// to ICU.
enum { BIDI_NEUTRAL = 0, BIDI_LEFT = 1, BIDI_RIGHT = 2, BIDI_OTHER = 3 };

static uint8_t bidi_kind(UChar32 c) {
    switch (u_charDirection(c)) {
    case U_LEFT_TO_RIGHT: case U_EUROPEAN_NUMBER: case U_BLOCK_SEPARATOR: return BIDI_LEFT;
    case U_RIGHT_TO_LEFT: case U_RIGHT_TO_LEFT_ARABIC: return BIDI_RIGHT;
    case U_EUROPEAN_NUMBER_SEPARATOR: case U_EUROPEAN_NUMBER_TERMINATOR: case U_COMMON_NUMBER_SEPARATOR:
    case U_WHITE_SPACE_NEUTRAL: case U_OTHER_NEUTRAL: case U_DIR_NON_SPACING_MARK: case U_BOUNDARY_NEUTRAL:
    case U_SEGMENT_SEPARATOR:
        return BIDI_NEUTRAL;
    default: return BIDI_OTHER;
    }
}

// The table's byte: the kind's bit (1 << kind), never 0.
static uint8_t bidi_kind_bit(UChar32 c) { return (uint8_t)(1u << bidi_kind(c)); }

static lazy_table bidi_table = { .kind = bidi_kind_bit };

int32_t cicu_bidi_uniform_level(const uint16_t *text, int32_t length) {
    // Below U+0590 no character is R, AL, AN or explicit: most Latin text is 0 at a glance.
    int32_t first = 0;
    while (first < length && text[first] < 0x590) first++;
    if (first == length) return 0;
    // One bit per kind met; no early exit (a paragraph is short, and the test per unit costs).
    uint32_t seen = 0;
    for (int32_t i = 0; i < length; i++) {
        uint16_t u = text[i];
        if (__builtin_expect(U16_IS_LEAD(u), 0) && i + 1 < length && U16_IS_TRAIL(text[i + 1])) {
            seen |= 1u << bidi_kind(U16_GET_SUPPLEMENTARY(u, text[i + 1]));
            i++;
        } else {
            // A lone surrogate is its own code point to ICU's bidi, as to the table.
            seen |= table_kind(&bidi_table, u);
        }
    }
    // An explicit or AN, or both a left and a right character: ICU's to resolve.
    if (seen & (1u << BIDI_OTHER)) return -1;
    if (!(seen & (1u << BIDI_RIGHT))) return 0;
    return seen & (1u << BIDI_LEFT) ? -1 : 1;
}

// The class `SimpleLineBreaks` gives each code point (CICU_LINE_), from the linked ICU's
// Line_Break, East_Asian_Width, Extended_Pictographic and General_Category data (a lazy
// table's byte, `line_class_byte`).
static uint8_t line_class(UChar32 c) {
    // U+2010 HYPHEN is BA, but ICU 72's LB20a holds it as a hyphen (its $HH): left to ICU.
    if (c == 0x2010) return CICU_LINE_UNSUPPORTED;
    int32_t wide = 0;
    switch (u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH)) {
    case U_EA_FULLWIDTH: case U_EA_WIDE: case U_EA_HALFWIDTH: wide = 1; break;
    default: break;
    }
    switch (u_getIntPropertyValue(c, UCHAR_LINE_BREAK)) {
    case U_LB_ALPHABETIC: case U_LB_AMBIGUOUS: return CICU_LINE_AL;
    case U_LB_HEBREW_LETTER: return CICU_LINE_HL;
    case U_LB_H2: return CICU_LINE_H2;
    case U_LB_H3: return CICU_LINE_H3;
    case U_LB_NUMERIC: return CICU_LINE_NU;
    case U_LB_SPACE: return CICU_LINE_SP;
    case U_LB_BREAK_AFTER: return CICU_LINE_BA;
    case U_LB_BREAK_BOTH: return CICU_LINE_B2;
    case U_LB_BREAK_BEFORE: return CICU_LINE_BB;
    case U_LB_INSEPARABLE: return CICU_LINE_IN;
    case U_LB_HYPHEN: return CICU_LINE_HY;
    case U_LB_BREAK_SYMBOLS: return CICU_LINE_SY;
    case U_LB_INFIX_NUMERIC: return CICU_LINE_IS;
    case U_LB_EXCLAMATION: return CICU_LINE_EX;
    case U_LB_QUOTATION: return CICU_LINE_QU;
    case U_LB_OPEN_PUNCTUATION: return wide ? CICU_LINE_OP_WIDE : CICU_LINE_OP;
    case U_LB_CLOSE_PARENTHESIS: return wide ? CICU_LINE_CP_WIDE : CICU_LINE_CP;
    case U_LB_CLOSE_PUNCTUATION: return CICU_LINE_CL;
    case U_LB_PREFIX_NUMERIC: return CICU_LINE_PR;
    case U_LB_POSTFIX_NUMERIC: return CICU_LINE_PO;
    case U_LB_GLUE: return CICU_LINE_GL;
    case U_LB_COMBINING_MARK: return CICU_LINE_CM;
    case U_LB_IDEOGRAPHIC:
        // ICU 72's LB30b keeps an unassigned Extended_Pictographic code point with an EM.
        if (u_charType(c) == U_UNASSIGNED && u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC))
            return CICU_LINE_ID_UNASSIGNED_PICTOGRAPHIC;
        return CICU_LINE_ID;
    // ICU's default (strict) line breaking takes CJ as NS.
    case U_LB_NONSTARTER: case U_LB_CONDITIONAL_JAPANESE_STARTER: return CICU_LINE_NS;
    case U_LB_ZWJ: return CICU_LINE_ZWJ;
    case U_LB_REGIONAL_INDICATOR: return CICU_LINE_RI;
    case U_LB_E_BASE: return CICU_LINE_EB;
    case U_LB_E_MODIFIER: return CICU_LINE_EM;
    default: return CICU_LINE_UNSUPPORTED;
    }
}

// The table's byte: the class, 0xFE for a surrogate code unit (half of a supplementary
// character, or a lone one), or 0xFF for CICU_LINE_UNSUPPORTED (0 is "not yet known").
enum { LINE_SURROGATE = 0xFE, LINE_UNSUPPORTED = 0xFF };

static uint8_t line_class_byte(UChar32 c) {
    if (U_IS_SURROGATE(c)) return LINE_SURROGATE;
    uint8_t kind = line_class(c);
    return kind == CICU_LINE_UNSUPPORTED ? LINE_UNSUPPORTED : kind;
}

static lazy_table line_table = { .kind = line_class_byte };

int32_t cicu_line_classes(const uint16_t *text, int32_t length, uint8_t *classes, int32_t *joiners) {
    int32_t marks = 0, zwj = 0;
    for (int32_t i = 0; i < length; i++) {
        uint16_t u = text[i];
        uint8_t kind = atomic_load_explicit(&line_table.bytes[u], memory_order_relaxed);
        // Not yet known, a surrogate or unsupported: one test for the three.
        if (__builtin_expect((uint8_t)(kind - 1) >= LINE_SURROGATE - 1, 0)) {
            if (kind == 0) kind = learn(&line_table, u);
            if (kind == LINE_SURROGATE) {
                // A supplementary character: its class on the lead, TRAIL (joined) on the trail.
                if (!U16_IS_SURROGATE_LEAD(u) || i + 1 == length || !U16_IS_TRAIL(text[i + 1])) return -1;
                kind = table_kind(&line_table, U16_GET_SUPPLEMENTARY(u, text[i + 1]));
                if (kind == LINE_UNSUPPORTED) return -1;
                classes[i] = kind;
                classes[++i] = CICU_LINE_TRAIL;
                marks++;
                continue;
            }
            if (kind == LINE_UNSUPPORTED) return -1;
        }
        classes[i] = kind;
        // CM and ZWJ are next to each other.
        if (__builtin_expect((uint8_t)(kind - CICU_LINE_CM) < 2, 0)) {
            marks++;
            zwj += kind == CICU_LINE_ZWJ;
        }
    }
    *joiners = zwj;
    return marks;
}
