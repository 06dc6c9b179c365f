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
    /// The image is wider, taller or has more pixels than the decode allows.
    CPNG_TOO_LARGE = -4,
    /// The bytes do not start with the PNG signature.
    CPNG_NOT_PNG = -5,
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
/// otherwise returns a negative `CPNG_` code and leaves `*rgba` null. At most 10⁶ pixels a
/// side and 2²⁸ pixels.
int cpng_decode_rgba(const uint8_t *png, size_t length,
                     uint8_t **rgba, uint32_t *width, uint32_t *height);

/// `cpng_decode_rgba` refusing, with `CPNG_TOO_LARGE`, an image more than `max_side`
/// pixels wide or tall or of more than `max_pixels` pixels (its size then in `*width` and
/// `*height`), before any pixel is decoded; `CPNG_NOT_PNG` for bytes without the PNG
/// signature. When `message` is not null, a libpng error's text is copied into it (at most
/// `message_size` bytes with the terminating NUL; empty for other failures).
int cpng_decode_rgba_within(const uint8_t *png, size_t length, uint32_t max_side, uint64_t max_pixels,
                            uint8_t **rgba, uint32_t *width, uint32_t *height,
                            char *message, size_t message_size);

/// Frees a buffer `cpng_encode_rgba` or `cpng_decode_rgba` returned.
void cpng_free(void *buffer);

#endif
