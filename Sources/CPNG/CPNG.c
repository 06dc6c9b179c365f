#include "CPNG.h"

#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// libpng's error handler must not return: cpng_error longjmps back to the setjmp in the
// function that called into libpng, which frees everything and returns an error code.
// Whatever those functions change after setjmp lives on the heap behind a pointer set
// before it, so nothing depends on the values of modified locals after the longjmp.

/// The largest side and pixel count accepted, far inside size_t and libpng's limits.
#define CPNG_MAX_SIDE 1000000u
#define CPNG_MAX_PIXELS (1u << 28)

static void cpng_error(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static void cpng_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static int cpng_valid_size(uint64_t width, uint64_t height) {
    return width > 0 && height > 0 && width <= CPNG_MAX_SIDE && height <= CPNG_MAX_SIDE
        && width * height <= CPNG_MAX_PIXELS;
}

/// The growing output of an encode.
typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
    int out_of_memory;
} cpng_sink;

static void cpng_write(png_structp png, png_bytep bytes, size_t count) {
    cpng_sink *sink = png_get_io_ptr(png);
    if (count > sink->capacity - sink->length) {
        size_t capacity = sink->capacity ? sink->capacity : 4096;
        while (count > capacity - sink->length) {
            if (capacity > SIZE_MAX / 2) {
                sink->out_of_memory = 1;
                png_error(png, "output too large");
            }
            capacity *= 2;
        }
        uint8_t *grown = realloc(sink->data, capacity);
        if (!grown) {
            sink->out_of_memory = 1;
            png_error(png, "out of memory");
        }
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->length, bytes, count);
    sink->length += count;
}

static void cpng_flush(png_structp png) {
    (void)png;
}

int cpng_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height,
                     uint8_t **out, size_t *out_length) {
    if (!rgba || !out || !out_length) return CPNG_INVALID_ARGUMENT;
    *out = NULL;
    *out_length = 0;
    if (!cpng_valid_size(width, height)) return CPNG_INVALID_ARGUMENT;
    cpng_sink *sink = calloc(1, sizeof *sink);
    if (!sink) return CPNG_OUT_OF_MEMORY;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, cpng_error, cpng_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        free(sink);
        return CPNG_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        int code = sink->out_of_memory ? CPNG_OUT_OF_MEMORY : CPNG_LIBPNG_ERROR;
        png_destroy_write_struct(&png, &info);
        free(sink->data);
        free(sink);
        return code;
    }
    png_set_write_fn(png, sink, cpng_write, cpng_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, rgba + (size_t)y * width * 4);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out = sink->data;
    *out_length = sink->length;
    free(sink);
    return CPNG_OK;
}

/// The state of a decode: the input being read, what has been allocated, and why it failed.
typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
    uint8_t *pixels;
    png_bytep *rows;
    int out_of_memory;
    int too_large;
    char message[160];
} cpng_source;

/// A decode's error handler: keeps libpng's message for the caller, then longjmps.
static void cpng_read_error(png_structp png, png_const_charp message) {
    cpng_source *source = png_get_error_ptr(png);
    if (source && message) {
        strncpy(source->message, message, sizeof source->message - 1);
        source->message[sizeof source->message - 1] = '\0';
    }
    png_longjmp(png, 1);
}

static void cpng_read(png_structp png, png_bytep bytes, size_t count) {
    cpng_source *source = png_get_io_ptr(png);
    if (count > source->length - source->offset) png_error(png, "the file ends before the image does (truncated)");
    memcpy(bytes, source->data + source->offset, count);
    source->offset += count;
}

int cpng_decode_rgba(const uint8_t *png, size_t length,
                     uint8_t **rgba, uint32_t *width, uint32_t *height) {
    return cpng_decode_rgba_within(png, length, CPNG_MAX_SIDE, CPNG_MAX_PIXELS, rgba, width, height, NULL, 0);
}

int cpng_decode_rgba_within(const uint8_t *png, size_t length, uint32_t max_side, uint64_t max_pixels,
                            uint8_t **rgba, uint32_t *width, uint32_t *height,
                            char *message, size_t message_size) {
    if (!png || !rgba || !width || !height) return CPNG_INVALID_ARGUMENT;
    *rgba = NULL;
    *width = 0;
    *height = 0;
    if (message && message_size) message[0] = '\0';
    if (length < 8 || png_sig_cmp(png, 0, 8) != 0) return CPNG_NOT_PNG;
    if (max_side > CPNG_MAX_SIDE) max_side = CPNG_MAX_SIDE;
    if (max_pixels > CPNG_MAX_PIXELS) max_pixels = CPNG_MAX_PIXELS;
    cpng_source *source = calloc(1, sizeof *source);
    if (!source) return CPNG_OUT_OF_MEMORY;
    source->data = png;
    source->length = length;
    png_structp reader = png_create_read_struct(PNG_LIBPNG_VER_STRING, source, cpng_read_error, cpng_warning);
    png_infop info = reader ? png_create_info_struct(reader) : NULL;
    if (!info) {
        png_destroy_read_struct(&reader, NULL, NULL);
        free(source);
        return CPNG_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(reader))) {
        int code = source->out_of_memory ? CPNG_OUT_OF_MEMORY : source->too_large ? CPNG_TOO_LARGE : CPNG_LIBPNG_ERROR;
        if (source->too_large) {
            *width = png_get_image_width(reader, info);
            *height = png_get_image_height(reader, info);
        }
        if (message && message_size) {
            strncpy(message, source->message, message_size - 1);
            message[message_size - 1] = '\0';
        }
        png_destroy_read_struct(&reader, &info, NULL);
        free(source->rows);
        free(source->pixels);
        free(source);
        return code;
    }
    png_set_read_fn(reader, source, cpng_read);
    png_set_user_limits(reader, CPNG_MAX_SIDE, CPNG_MAX_SIDE);
    png_read_info(reader, info);
    png_uint_32 w = png_get_image_width(reader, info);
    png_uint_32 h = png_get_image_height(reader, info);
    if (!cpng_valid_size(w, h) || w > max_side || h > max_side || (uint64_t)w * h > max_pixels) {
        source->too_large = 1;
        png_error(reader, "image too large");
    }
    png_set_expand(reader);
    png_set_strip_16(reader);
    png_set_gray_to_rgb(reader);
    png_set_add_alpha(reader, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(reader);
    png_read_update_info(reader, info);
    if (png_get_rowbytes(reader, info) != (size_t)w * 4) png_error(reader, "unexpected row layout");
    source->pixels = malloc((size_t)w * h * 4);
    source->rows = malloc((size_t)h * sizeof *source->rows);
    if (!source->pixels || !source->rows) {
        source->out_of_memory = 1;
        png_error(reader, "out of memory");
    }
    for (png_uint_32 y = 0; y < h; y++) source->rows[y] = source->pixels + (size_t)y * w * 4;
    png_read_image(reader, source->rows);
    png_read_end(reader, NULL);
    png_destroy_read_struct(&reader, &info, NULL);
    *rgba = source->pixels;
    *width = w;
    *height = h;
    free(source->rows);
    free(source);
    return CPNG_OK;
}

void cpng_free(void *buffer) {
    free(buffer);
}
