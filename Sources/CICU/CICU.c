#include "CICU.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>

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

// One bit per BMP code point: whether it is a grapheme cluster of its own beside any other
// such code point (Grapheme_Cluster_Break Other, Control, LV or LVT; not CR, LF or a
// surrogate). Filled a page of 256 code points at a time, on a text's first use of the page
// (the whole BMP at once, or ICU's property map, cost more than most runs use), from the
// linked ICU's own data. Threads that meet an unfilled page at once fill it with the same
// bits; the release store of the page's flag publishes them.
static _Atomic uint64_t single_unit_words[1024];
static atomic_uchar single_unit_pages[256];

static void fill_single_unit_page(int32_t page) {
    for (int32_t w = page * 4; w < page * 4 + 4; w++) {
        uint64_t bits = 0;
        for (int32_t b = 0; b < 64; b++) {
            UChar32 c = w * 64 + b;
            int32_t v = u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
            if ((v == U_GCB_OTHER || v == U_GCB_CONTROL || v == U_GCB_LV || v == U_GCB_LVT)
                && (c < 0xD800 || c > 0xDFFF)) {
                bits |= (uint64_t)1 << b;
            }
        }
        atomic_store_explicit(&single_unit_words[w], bits, memory_order_relaxed);
    }
    atomic_store_explicit(&single_unit_pages[page], 1, memory_order_release);
}

int32_t cicu_one_cluster_per_unit(const uint16_t *text, int32_t length) {
    for (int32_t i = 0; i < length; i++) {
        uint16_t u = text[i];
        // Below U+0300 every code point is Other or Control but CR and LF.
        if (u < 0x300) {
            if (u == 0x0A || u == 0x0D) return 0;
            continue;
        }
        int32_t page = u >> 8;
        if (!atomic_load_explicit(&single_unit_pages[page], memory_order_acquire)) fill_single_unit_page(page);
        if (!((atomic_load_explicit(&single_unit_words[u >> 6], memory_order_relaxed) >> (u & 63)) & 1)) return 0;
    }
    return 1;
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
