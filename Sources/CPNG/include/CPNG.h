#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/// What the functions below return.
enum {
    /// Success.
    CPNG_OK = 0,
    /// A null pointer, a zero or too large size.
    CPNG_INVALID_ARGUMENT = -1,
    /// Out of memory.
    CPNG_OUT_OF_MEMORY = -2,
    /// libpng reported an error (a corrupt or unsupported PNG, or a failure while writing).
    CPNG_LIBPNG_ERROR = -3,
};

/// Encodes `width` × `height` RGBA8 pixels (rows top to bottom, 4 bytes a pixel, straight
/// alpha) as an 8-bit RGBA, non-interlaced PNG in memory.
///
/// On success stores a buffer from `malloc` in `*out` (free it with `cpng_free`) and its
/// length in `*out_length`, and returns `CPNG_OK`; otherwise returns a negative `CPNG_`
/// code and leaves `*out` null. libpng's longjmp never leaves this function.
int cpng_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height,
                     uint8_t **out, size_t *out_length);

/// Decodes a PNG in memory of any color type and bit depth to RGBA8 pixels (rows top to
/// bottom, straight alpha).
///
/// On success stores a buffer from `malloc` of `width × height × 4` bytes in `*rgba`
/// (free it with `cpng_free`), the size in `*width` and `*height`, and returns `CPNG_OK`;
/// otherwise returns a negative `CPNG_` code and leaves `*rgba` null.
int cpng_decode_rgba(const uint8_t *png, size_t length,
                     uint8_t **rgba, uint32_t *width, uint32_t *height);

/// Frees a buffer `cpng_encode_rgba` or `cpng_decode_rgba` returned.
void cpng_free(void *buffer);

#endif
