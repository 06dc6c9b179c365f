#include "CICU.h"

#include <pthread.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ucpmap.h>

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

int32_t cicu_single_unit_graphemes(uint64_t *bits) {
    UErrorCode status = U_ZERO_ERROR;
    const UCPMap *map = u_getIntPropertyMap(UCHAR_GRAPHEME_CLUSTER_BREAK, &status);
    if (U_FAILURE(status)) return -1;
    for (int32_t i = 0; i < 1024; i++) bits[i] = 0;
    UChar32 start = 0;
    while (start <= 0xFFFF) {
        uint32_t value;
        UChar32 end = ucpmap_getRange(map, start, UCPMAP_RANGE_NORMAL, 0, NULL, NULL, &value);
        if (end < 0) return -1;
        if (end > 0xFFFF) end = 0xFFFF;
        if (value == U_GCB_OTHER || value == U_GCB_CONTROL || value == U_GCB_LV || value == U_GCB_LVT) {
            for (UChar32 c = start; c <= end; c++) {
                if (c < 0xD800 || c > 0xDFFF) bits[c >> 6] |= (uint64_t)1 << (c & 63);
            }
        }
        start = end + 1;
    }
    return 0;
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
