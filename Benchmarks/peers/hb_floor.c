/* hb_floor: the HarfBuzz floor of text measuring — shape each row's whole text once,
 * with no line breaking, no font fallback, no paragraph splitting. Anything that measures
 * wrapped text with HarfBuzz does at least this much work, so rows/s here is the speed a
 * measuring engine that shapes every text from scratch cannot beat.
 *
 * Usage: hb_floor --font FILE [--size 17] [--lang en] [--passes 1]
 *        (other options, e.g. --widths, are accepted and ignored, so that
 *        Tests/Oracles/pango_lines.py can be the front end: --bin hb_floor)
 *
 * stdin: the oracle's length-prefixed stream, one record per row:
 *        "<id> <nbytes>\n<nbytes bytes of UTF-8>\n" (Tests/Oracles/pango_lines.py makes it).
 *
 * All rows are read first (not timed). Then one timed pass per --passes: for each row,
 * hb_buffer_reset, hb_buffer_add_utf8 (whole text), hb_buffer_guess_segment_properties,
 * hb_shape; the advances are summed so nothing can be optimised away. The font is
 * created once before the first pass (hb_blob_create_from_file, hb_face_create,
 * hb_font_create; scale size*1024 as Pango's HarfBuzz font, hinting none). One line of
 * JSON on stdout per pass: {"pass":1,"rows":N,"seconds":S,"cpuSeconds":C,"rowsPerSecond":R,...};
 * a summary on stderr.
 *
 * HarfBuzz APIs used (all in 6.0.0): hb_blob_create_from_file (Since 1.7.7),
 * hb_blob_get_length (0.9.2), hb_face_create (0.9.2), hb_face_get_upem (1.0.5),
 * hb_font_create (0.9.2; OpenType font functions by default since 2.0.0),
 * hb_font_set_scale (0.9.2), hb_buffer_create/reset/add_utf8/guess_segment_properties/
 * set_language/get_glyph_positions (0.9.2), hb_language_from_string (0.9.2),
 * hb_shape (0.9.2).
 */
#define _POSIX_C_SOURCE 200809L
#include <hb.h>
#define ROW_STREAM_PROGRAM "hb_floor"
#include "../../Tests/Oracles/row_stream.h"

int main(int argc, char **argv) {
    const char *font_file = NULL, *lang = "en";
    double size = 17;
    int passes = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--font") && i + 1 < argc) {
            if (font_file) die("one --font only: the floor does no fallback");
            font_file = argv[++i];
        } else if (!strcmp(a, "--size") && i + 1 < argc) {
            size = atof(argv[++i]);
        } else if (!strcmp(a, "--lang") && i + 1 < argc) {
            lang = argv[++i];
        } else if (!strcmp(a, "--passes") && i + 1 < argc) {
            passes = atoi(argv[++i]);
        } else if (!strncmp(a, "--", 2) && i + 1 < argc && strncmp(argv[i + 1], "--", 2)) {
            i++; /* an option of the Pango oracle's (e.g. --widths 343): ignored */
        } else if (strncmp(a, "--", 2)) {
            die("usage: hb_floor --font FILE [--size 17] [--lang en] [--passes N] < stream");
        }
    }
    if (!font_file) die("--font FILE is required");
    if (passes < 1) passes = 1;

    size_t n = 0;
    Row *rows = read_all_rows(stdin, &n);

    double t_font = now_s();
    hb_blob_t *blob = hb_blob_create_from_file(font_file);
    if (hb_blob_get_length(blob) == 0) die("cannot read the font file");
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);
    int scale = (int)(size * 1024); /* 1/1024 px units, as Pango's HarfBuzz font */
    hb_font_set_scale(font, scale, scale);
    hb_language_t language = hb_language_from_string(lang, -1);
    hb_buffer_t *buf = hb_buffer_create();
    double font_seconds = now_s() - t_font;

    for (int pass = 1; pass <= passes; pass++) {
        long long advance = 0, glyphs = 0;
        double t0 = now_s(), c0 = cpu_s();
        for (size_t i = 0; i < n; i++) {
            hb_buffer_reset(buf);
            hb_buffer_add_utf8(buf, rows[i].text, rows[i].len, 0, rows[i].len);
            hb_buffer_set_language(buf, language);
            hb_buffer_guess_segment_properties(buf);
            hb_shape(font, buf, NULL, 0);
            unsigned int count = 0;
            hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buf, &count);
            for (unsigned int g = 0; g < count; g++) advance += pos[g].x_advance;
            glyphs += count;
        }
        double seconds = now_s() - t0, cpu_seconds = cpu_s() - c0;
        printf("{\"bench\":\"hb_floor\",\"pass\":%d,\"rows\":%zu,\"seconds\":%.6f,\"cpuSeconds\":%.6f,"
               "\"rowsPerSecond\":%.1f,\"glyphs\":%lld,\"advance\":%lld,\"fontSeconds\":%.6f}\n",
               pass, n, seconds, cpu_seconds, n / seconds, glyphs, advance, font_seconds);
        fprintf(stderr, "hb_floor: pass %d: %zu rows in %.3f s, %.0f rows/s (%lld glyphs; font set up in %.2f ms)\n",
                pass, n, seconds, n / seconds, glyphs, font_seconds * 1000);
    }

    hb_buffer_destroy(buf);
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    for (size_t i = 0; i < n; i++) { free(rows[i].id); free(rows[i].text); }
    free(rows);
    return 0;
}
