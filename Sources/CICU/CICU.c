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

// A byte of derived properties for each BMP code point, from the linked ICU's own data
// through `kind` (never 0), computed on a text's first use of the code point: 0 means not
// yet known. (Filling the whole BMP, or ICU's property map, or a page of 256 code points at
// a time, cost more than most runs use: ideographs are spread over a hundred pages.) Threads
// that meet an unknown code point at once compute and store the same byte, which depends on
// nothing else, so relaxed atomics suffice.
typedef struct {
    atomic_uchar bytes[65536];
    uint8_t (*kind)(UChar32);
} lazy_table;

__attribute__((noinline)) static uint8_t learn(lazy_table *table, uint16_t u) {
    uint8_t kind = table->kind(u);
    atomic_store_explicit(&table->bytes[u], kind, memory_order_relaxed);
    return kind;
}

__attribute__((always_inline)) static inline uint8_t table_kind(lazy_table *table, uint16_t u) {
    uint8_t kind = atomic_load_explicit(&table->bytes[u], memory_order_relaxed);
    return __builtin_expect(kind != 0, 1) ? kind : learn(table, u);
}

// What each BMP code point is to the clusters `cicu_simple_grapheme_ends` makes (a lazy
// table's byte, with GRAPHEME_KNOWN set), in the low two bits: a base
// (Grapheme_Cluster_Break Other, LV or LVT), a control (Control, but CR and
// LF), a mark that joins the cluster before it (Extend or SpacingMark, GB9 and GB9a), or
// none of these (surrogates, CR, LF, ZWJ, Prepend, the L, V and T jamo, the regional
// indicators: the clusters their rules make are left to ICU). In the next two bits, its part
// in ICU 72's Indic conjunct rule (its char.txt, CLDR's aksara tailoring: LinkingConsonant
// ExtCccZwj* Virama ExtCccZwj* × LinkingConsonant, for Devanagari, Bengali, Gujarati, Oriya,
// Telugu and Malayalam): a linking consonant (Indic_Syllabic_Category Consonant), a virama
// (Indic_Syllabic_Category Virama), an Extend with a combining class (which the rule lets
// between them), or nothing.
enum { GRAPHEME_NONE = 0, GRAPHEME_BASE = 1, GRAPHEME_CONTROL = 2, GRAPHEME_MARK = 3 };
enum { CONJUNCT_NONE = 0, CONJUNCT_CONSONANT = 4, CONJUNCT_VIRAMA = 8, CONJUNCT_EXTEND = 12 };
// Set in every table byte (a known code point).
enum { GRAPHEME_KNOWN = 16 };

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
    case U_GCB_OTHER: case U_GCB_LV: case U_GCB_LVT:
        return GRAPHEME_BASE | (category == U_INSC_CONSONANT && conjunct_script(c) ? CONJUNCT_CONSONANT : 0);
    case U_GCB_CONTROL: return GRAPHEME_CONTROL;
    case U_GCB_EXTEND:
        if (category == U_INSC_VIRAMA && conjunct_script(c)) return GRAPHEME_MARK | CONJUNCT_VIRAMA;
        return GRAPHEME_MARK | (u_getCombiningClass(c) != 0 ? CONJUNCT_EXTEND : 0);
    case U_GCB_SPACING_MARK:
        // A spacing virama (Indic_Syllabic_Category Virama, GCB SpacingMark) is left to ICU.
        return category == U_INSC_VIRAMA && conjunct_script(c) ? GRAPHEME_NONE : GRAPHEME_MARK;
    default: return GRAPHEME_NONE;
    }
}

static uint8_t grapheme_kind(UChar32 c) { return grapheme_kind_bits(c) | GRAPHEME_KNOWN; }

static lazy_table grapheme_table = { .kind = grapheme_kind };

static inline uint32_t grapheme_unit_kind(uint16_t u) {
    // Below U+0300: controls (Cc, and U+00AD, Cf), CR and LF, and bases; no marks, no conjuncts.
    if (u < 0x300) {
        if (u == 0x0A || u == 0x0D) return GRAPHEME_NONE;
        return u < 0x20 || (u >= 0x7F && u < 0xA0) || u == 0xAD ? GRAPHEME_CONTROL : GRAPHEME_BASE;
    }
    return table_kind(&grapheme_table, u);  // GRAPHEME_KNOWN set: the callers mask
}

int32_t cicu_simple_grapheme_ends(const uint16_t *text, int32_t length, int32_t *ends) {
    if (length <= 0) return 0;
    uint32_t previous = grapheme_unit_kind(text[0]);
    if ((previous & 3) == GRAPHEME_NONE) return -1;
    // Where the conjunct rule stands: after a linking consonant (and ExtCcc marks), after
    // one and a virama (the next linking consonant joins), or neither.
    enum { OUTSIDE, AFTER_CONSONANT, AFTER_VIRAMA } conjunct = (previous & 12) == CONJUNCT_CONSONANT ? AFTER_CONSONANT : OUTSIDE;
    previous &= 3;
    int32_t count = 0;
    for (int32_t i = 1; i < length; i++) {
        uint16_t u = text[i];
        // Printable ASCII, most of the text there is: a base, no lookup.
        uint32_t bits = (uint16_t)(u - 0x20) < 0x5F ? GRAPHEME_BASE : grapheme_unit_kind(u);
        uint32_t kind = bits & 3;
        if (kind == GRAPHEME_NONE) return -1;
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
        // GB9, GB9a: × mark; GB4: a control ends its cluster; GB999: ÷ everywhere else.
        if (kind != GRAPHEME_MARK || previous == GRAPHEME_CONTROL) ends[count++] = i;
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

// The class `SimpleLineBreaks` gives each BMP code point (CICU_LINE_), from the linked ICU's
// Line_Break and East_Asian_Width data (a lazy table's byte, `line_class_byte`).
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
    case U_LB_IDEOGRAPHIC: return CICU_LINE_ID;
    // ICU's default (strict) line breaking takes CJ as NS.
    case U_LB_NONSTARTER: case U_LB_CONDITIONAL_JAPANESE_STARTER: return CICU_LINE_NS;
    default: return CICU_LINE_UNSUPPORTED;
    }
}

// The table's byte: the class, or 0xFF for CICU_LINE_UNSUPPORTED (0 is "not yet known").
static uint8_t line_class_byte(UChar32 c) {
    uint8_t kind = line_class(c);
    return kind == CICU_LINE_UNSUPPORTED ? 0xFF : kind;
}

static lazy_table line_table = { .kind = line_class_byte };

int32_t cicu_line_classes(const uint16_t *text, int32_t length, uint8_t *classes) {
    int32_t marks = 0;
    for (int32_t i = 0; i < length; i++) {
        uint8_t kind = table_kind(&line_table, text[i]);
        if (kind == 0xFF) return -1;
        marks += kind == CICU_LINE_CM;
        classes[i] = kind;
    }
    return marks;
}
