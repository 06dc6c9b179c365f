#ifndef CICU_H
#define CICU_H

#include <stdint.h>

/// Line break opportunities (UAX #14) in UTF-16 text.
///
/// Writes the UTF-16 offsets of every boundary after offset 0 (the last one is
/// `length`) into `offsets`, and for each one whether it is a mandatory (hard) break
/// into `hard`. Both arrays must hold `length + 1` entries. Returns the number of
/// boundaries written, or -1 when ICU fails.
int32_t cicu_line_breaks(const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *hard);

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

#endif
