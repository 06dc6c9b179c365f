/*
 * pango_lines — an independent line-breaking oracle for cell-layout.
 *
 * Lays text out with Pango's C API (PangoCairo font map of type FT, fed by a
 * private FcConfig that only knows the font files named on the command line)
 * and prints, per input row, line counts, line-start offsets (UTF-16 code
 * units) and the widest line's logical width.
 *
 * Input (stdin): a length-prefixed stream, one record per row:
 *
 *     <id> <nbytes>\n<nbytes bytes of UTF-8 text>\n
 *
 * <id> is copied verbatim into the output (it must be a JSON value without
 * spaces, e.g. an integer).  pango_lines.py turns JSON Lines into this stream.
 *
 * With --attributed, each record is an attributed row instead (pango_attributed.py
 * writes them from the engine's JSON):
 *
 *     <id> <nruns>\n
 *     P <firstLineHeadIndent> <headIndent> <tailIndent>\n
 *     R <weight> <size> <italic 0|1> <kern> <rise> <nbytes>\n<nbytes bytes>\n   (nruns times)
 *
 * Each run becomes a span with its own weight, absolute size, style, letter spacing
 * and rise; the indents become the layout's width and indent (see README.md).
 *
 * Output (stdout): one JSON object per row, see README.md.
 *
 * Usage: pango_lines --font FILE [--font FILE ...] [--family Inter]
 *                    [--size 17] [--weight 400] [--widths 200,343,600]
 *                    [--lang en] [--no-breaks] [--compact] [--attributed]
 *                    [--bench] [--list-families] [--debug]
 */
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
#include <unistd.h>
#define ROW_STREAM_PROGRAM "pango_lines"
#include "row_stream.h"

#define MAX_WIDTHS 16

/* Does the text end with a hard line break (\n, \r, U+2028, U+2029)? */
static int ends_with_hard_break(const char *text, int len) {
    if (len <= 0) return 0;
    const char *last = g_utf8_find_prev_char(text, text + len);
    if (!last) return 0;
    gunichar ch = g_utf8_get_char(last);
    return ch == '\n' || ch == '\r' || ch == 0x2028 || ch == 0x2029;
}

typedef struct {
    int pango_lines;
    int lines;
    int nbreaks;
    int *breaks; /* UTF-16 offsets, g_free */
    double width;
    double width_trimmed;
} Result;

/* Whitespace that hangs at a line end (trimmed for widthTrimmed). No-break spaces are kept. */
static int is_trailing_space(gunichar ch) {
    if (ch == 0xA0 || ch == 0x2007 || ch == 0x202F) return 0;
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == 0x0B || ch == 0x0C ||
           ch == 0x85 || ch == 0x2028 || ch == 0x2029 ||
           g_unichar_type(ch) == G_UNICODE_SPACE_SEPARATOR;
}

static void measure(PangoLayout *layout, int width, int want_breaks, Result *r) {
    pango_layout_set_width(layout, width);
    const char *text = pango_layout_get_text(layout); /* the text Pango really uses */
    int len = (int)strlen(text);
    r->pango_lines = pango_layout_get_line_count(layout);
    r->lines = r->pango_lines;
    r->nbreaks = 0;
    r->breaks = NULL;
    r->width = 0;
    r->width_trimmed = 0;

    if (len == 0) {
        r->lines = 0;
    } else if (ends_with_hard_break(text, len) && r->pango_lines > 1) {
        PangoLayoutLine *last = pango_layout_get_line_readonly(layout, r->pango_lines - 1);
        if (last->length == 0 && last->start_index == len) {
            r->lines = r->pango_lines - 1;
        } else if (g_utf8_get_char(g_utf8_find_prev_char(text, text + len)) != 0x2028) {
            /* (Pango never adds a phantom line after a trailing U+2028.) */
            fprintf(stderr, "pango_lines: note: text ends with a hard break but Pango's last "
                            "line is not empty (start %d length %d)\n",
                    last->start_index, last->length);
        }
    }
    if (!want_breaks) return;

    int nlines = r->lines; /* breaks of the UIKit-convention lines only */
    r->breaks = g_new0(int, nlines > 0 ? nlines : 1);
    /* Walk the text once, converting byte offsets to UTF-16 offsets. */
    int pos = 0, u16 = 0;
    GSList *l = pango_layout_get_lines_readonly(layout);
    int i = 0;
    for (; l; l = l->next, i++) {
        PangoLayoutLine *line = l->data;
        if (i == 0) continue;
        if (i >= nlines) break;
        int target = line->start_index;
        while (pos < target && pos < len) {
            const char *p = text + pos;
            gunichar ch = g_utf8_get_char(p);
            u16 += ch >= 0x10000 ? 2 : 1;
            pos = (int)(g_utf8_next_char(p) - text);
        }
        r->breaks[r->nbreaks++] = u16;
    }
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    r->width = (double)logical.width / PANGO_SCALE;

    /* Widest line without its trailing whitespace (trailing edge of the last
     * non-space character; meaningful for left-to-right lines). */
    int best = 0;
    i = 0;
    for (l = pango_layout_get_lines_readonly(layout); l && i < nlines; l = l->next, i++) {
        PangoLayoutLine *line = l->data;
        const char *start = text + line->start_index;
        const char *p = start + line->length;
        while (p > start) {
            const char *q = g_utf8_find_prev_char(start, p);
            if (!q || !is_trailing_space(g_utf8_get_char(q))) break;
            p = q;
        }
        if (p == start) continue;
        const char *lastc = g_utf8_find_prev_char(start, p);
        int x = 0;
        pango_layout_line_index_to_x(line, (int)(lastc - text), TRUE, &x);
        if (x > best) best = x;
    }
    r->width_trimmed = (double)best / PANGO_SCALE;
}

/* --debug: every Pango line (byte start, byte length, logical and ink width) on stderr. */
static void dump_lines(PangoLayout *layout, const char *id, int width_pt) {
    const char *text = pango_layout_get_text(layout);
    int i = 0;
    for (GSList *l = pango_layout_get_lines_readonly(layout); l; l = l->next, i++) {
        PangoLayoutLine *line = l->data;
        PangoRectangle ink, logical;
        pango_layout_line_get_extents(line, &ink, &logical);
        fprintf(stderr, "id %s w%d line %d: bytes [%d,+%d) logical x %.3f w %.3f ink w %.3f |%.*s|\n",
                id, width_pt, i, line->start_index, line->length,
                (double)logical.x / PANGO_SCALE, (double)logical.width / PANGO_SCALE,
                (double)ink.width / PANGO_SCALE, line->length, text + line->start_index);
    }
}

static gboolean print_font_file(PangoFontset *fs, PangoFont *font, gpointer data) {
    FcPattern *pat = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
    FcChar8 *file = NULL, *fam = NULL;
    FcPatternGetString(pat, FC_FILE, 0, &file);
    FcPatternGetString(pat, FC_FAMILY, 0, &fam);
    printf("  %s (%s)\n", file ? (char *)file : "?", fam ? (char *)fam : "?");
    return FALSE;
}

static int parse_widths(const char *s, int *out) {
    int n = 0;
    char *dup = g_strdup(s), *save = NULL;
    for (char *tok = strtok_r(dup, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (n >= MAX_WIDTHS) die("too many widths");
        out[n++] = atoi(tok);
    }
    g_free(dup);
    return n;
}

/* The logical height of every line (Pango units → points), comma separated, into out. */
static void append_line_heights(GString *out, PangoLayout *layout, int nlines) {
    int i = 0;
    for (GSList *l = pango_layout_get_lines_readonly(layout); l && i < nlines; l = l->next, i++) {
        PangoRectangle logical;
        pango_layout_line_get_extents(l->data, NULL, &logical);
        g_string_append_printf(out, "%s%.3f", i ? "," : "", (double)logical.height / PANGO_SCALE);
    }
}

/* Reads a line "<tag> ..." into buf (without the newline); dies on a malformed record. */
static void read_line(FILE *in, char *buf, int size) {
    if (!fgets(buf, size, in) || !strchr(buf, '\n')) die("malformed attributed record");
}

/* --attributed: each record is a row of runs with its indents (see the top of the file).
 * Per width: the layout width is the room the indents leave a paragraph's other lines
 * plus any part of the first line's indent below headIndent, and the indent the
 * difference (negative: Pango's hanging indent), so both lines' widths are UIKit's. */
static int run_attributed(PangoLayout *layout, FILE *in, const int *widths, int nwidths) {
    char header[512];
    GString *text = g_string_new(NULL), *out = g_string_new(NULL);
    Result res[MAX_WIDTHS];
    char id[256];
    int nruns;
    while (fscanf(in, "%255s %d", id, &nruns) == 2) {
        if (fgetc(in) != '\n' || nruns < 0) die("malformed attributed record header");
        double first, head, tail;
        read_line(in, header, sizeof header);
        if (sscanf(header, "P %lf %lf %lf", &first, &head, &tail) != 3) die("malformed P line");
        g_string_truncate(text, 0);
        PangoAttrList *attrs = pango_attr_list_new();
        pango_attr_list_insert(attrs, pango_attr_insert_hyphens_new(FALSE));
        for (int r = 0; r < nruns; r++) {
            int weight, italic;
            double size, kern, rise;
            long n;
            read_line(in, header, sizeof header);
            if (sscanf(header, "R %d %lf %d %lf %lf %ld", &weight, &size, &italic, &kern, &rise, &n) != 6 || n < 0)
                die("malformed R line");
            guint start = (guint)text->len;
            char *bytes = g_malloc((gsize)n + 1);
            if (n > 0 && fread(bytes, 1, (size_t)n, in) != (size_t)n) die("short read");
            if (fgetc(in) != '\n') die("malformed run (missing trailing newline)");
            g_string_append_len(text, bytes, n);
            g_free(bytes);
            PangoAttribute *a[5] = {
                pango_attr_weight_new((PangoWeight)weight),
                pango_attr_size_new_absolute((int)(size * PANGO_SCALE + 0.5)),
                pango_attr_style_new(italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL),
                pango_attr_letter_spacing_new((int)(kern * PANGO_SCALE + (kern < 0 ? -0.5 : 0.5))),
                pango_attr_rise_new((int)(rise * PANGO_SCALE + (rise < 0 ? -0.5 : 0.5))),
            };
            for (int k = 0; k < 5; k++) {
                a[k]->start_index = start;
                a[k]->end_index = (guint)text->len;
                pango_attr_list_insert(attrs, a[k]);
            }
        }
        pango_layout_set_text(layout, text->str, (int)text->len);
        pango_layout_set_attributes(layout, attrs);
        pango_attr_list_unref(attrs);
        int covered = 1;
        g_string_truncate(out, 0);
        g_string_append_printf(out, "{\"id\":%s", id);
        for (int w = 0; w < nwidths; w++) {
            double end = tail > 0 ? MIN(tail, widths[w]) : widths[w] + tail;
            double lead = MIN(first, head);
            int width = (int)((end - lead) * PANGO_SCALE);
            pango_layout_set_indent(layout, (int)((first - head) * PANGO_SCALE));
            measure(layout, width > 0 ? width : 1, 1, &res[w]);
            if (w == 0) covered = pango_layout_get_unknown_glyphs_count(layout) == 0;
            if (w == 0) g_string_append_printf(out, ",\"covered\":%s,\"rows\":[", covered ? "true" : "false");
            g_string_append_printf(out, "%s{\"width\":%d,\"lines\":%d,\"breaks\":[", w ? "," : "", widths[w], res[w].lines);
            for (int b = 0; b < res[w].nbreaks; b++) g_string_append_printf(out, "%s%d", b ? "," : "", res[w].breaks[b]);
            g_string_append(out, "],\"heights\":[");
            append_line_heights(out, layout, res[w].lines);
            g_string_append(out, "]}");
            g_free(res[w].breaks);
        }
        g_string_append(out, "]}\n");
        fputs(out->str, stdout);
    }
    if (!feof(in)) die("malformed attributed record header");
    fflush(stdout);
    g_string_free(text, TRUE);
    g_string_free(out, TRUE);
    return 0;
}

static void usage(void) {
    fprintf(stderr,
            "usage: pango_lines --font FILE [--font FILE ...] [--family NAME] [--size PX]\n"
            "                   [--weight N] [--widths W1,W2,...] [--lang TAG]\n"
            "                   [--no-breaks] [--compact] [--attributed] [--bench] [--list-families] [--debug]\n"
            "stdin: records '<id> <nbytes>\\n<bytes>\\n' (see pango_lines.py)\n");
    exit(2);
}

int main(int argc, char **argv) {
    const char *fonts[32];
    int nfonts = 0;
    const char *family = "Inter";
    double size = 17;
    int weight = PANGO_WEIGHT_NORMAL;
    int widths[MAX_WIDTHS] = {200, 343, 600};
    int nwidths = 3;
    const char *lang = "en";
    int no_breaks = 0, compact = 0, bench = 0, list_families = 0, debug = 0, attributed = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
#define NEXT() (i + 1 < argc ? argv[++i] : (usage(), ""))
        if (!strcmp(a, "--font")) {
            if (nfonts >= 32) die("too many fonts");
            fonts[nfonts++] = NEXT();
        } else if (!strcmp(a, "--family")) family = NEXT();
        else if (!strcmp(a, "--size")) size = atof(NEXT());
        else if (!strcmp(a, "--weight")) weight = atoi(NEXT());
        else if (!strcmp(a, "--widths")) nwidths = parse_widths(NEXT(), widths);
        else if (!strcmp(a, "--lang")) lang = NEXT();
        else if (!strcmp(a, "--no-breaks")) no_breaks = 1;
        else if (!strcmp(a, "--compact")) { compact = 1; no_breaks = 1; }
        else if (!strcmp(a, "--attributed")) attributed = 1;
        else if (!strcmp(a, "--bench")) bench = 1;
        else if (!strcmp(a, "--list-families")) list_families = 1;
        else if (!strcmp(a, "--debug")) debug = 1;
        else usage();
#undef NEXT
    }
    if (nfonts == 0) usage();
    if (nwidths < 1) die("need at least one width");

    /* Private fontconfig: only the given files, no system fonts. Three of fontconfig's own
     * rule files are read, the ones every system configuration has for emoji:
     * 10-scale-bitmap-fonts (Noto Color Emoji is a bitmap font with one 109-px strike;
     * without it a color emoji glyph keeps its strike's size at any font size), and
     * 45-generic / 60-generic (the "emoji" family Pango asks for emoji-presentation runs
     * is the color emoji font; without them Pango draws such runs in the first font that
     * covers them, DejaVu Sans's black-and-white ones). None touches Inter or DejaVu. */
    FcConfig *config = FcConfigCreate();
    static const char *const rules[] = {
        "/usr/share/fontconfig/conf.avail/10-scale-bitmap-fonts.conf",
        "/usr/share/fontconfig/conf.avail/45-generic.conf",
        "/usr/share/fontconfig/conf.avail/60-generic.conf",
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        if (access(rules[i], R_OK) != 0) continue;
        if (!FcConfigParseAndLoad(config, (const FcChar8 *)rules[i], FcTrue)) {
            fprintf(stderr, "pango_lines: cannot read %s\n", rules[i]);
            return 2;
        }
    }
    for (int i = 0; i < nfonts; i++) {
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)fonts[i])) {
            fprintf(stderr, "pango_lines: cannot add font file %s\n", fonts[i]);
            return 2;
        }
    }

    PangoFontMap *fontmap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (!fontmap) die("no FT PangoCairo font map");
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(fontmap), config);
    FcConfigDestroy(config); /* the font map holds its own reference */

    PangoContext *ctx = pango_font_map_create_context(fontmap);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(ctx, fo);
    cairo_font_options_destroy(fo);
    pango_context_set_round_glyph_positions(ctx, FALSE);
    pango_context_set_language(ctx, pango_language_from_string(lang));

    PangoFontDescription *desc = pango_font_description_new();
    pango_font_description_set_family(desc, family);
    pango_font_description_set_weight(desc, (PangoWeight)weight);
    pango_font_description_set_style(desc, PANGO_STYLE_NORMAL);
    pango_font_description_set_stretch(desc, PANGO_STRETCH_NORMAL);
    pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
    pango_context_set_font_description(ctx, desc);

    if (list_families) {
        PangoFontFamily **fams;
        int nf;
        pango_font_map_list_families(fontmap, &fams, &nf);
        for (int i = 0; i < nf; i++) {
            PangoFontFace **faces;
            int nfc;
            pango_font_family_list_faces(fams[i], &faces, &nfc);
            printf("%s:", pango_font_family_get_name(fams[i]));
            for (int j = 0; j < nfc; j++) printf(" [%s]", pango_font_face_get_face_name(faces[j]));
            printf("\n");
            g_free(faces);
        }
        g_free(fams);
        PangoFontset *fs = pango_context_load_fontset(ctx, desc, pango_context_get_language(ctx));
        printf("fontset for '%s' %g px (fallback order):\n", family, size);
        pango_fontset_foreach(fs, print_font_file, NULL);
        g_object_unref(fs);
        return 0;
    }


    FILE *in = stdin;

    /* Pango >= 1.44 inserts a hyphen where it breaks a word between characters; UIKit's
       byWordWrapping does not (hyphenationFactor 0), so turn it off. */
    PangoAttrList *no_hyphens = pango_attr_list_new();
    pango_attr_list_insert(no_hyphens, pango_attr_insert_hyphens_new(FALSE));

    if (bench) {
        GArray *rows = g_array_new(FALSE, FALSE, sizeof(Row));
        Row row;
        while (read_row(in, &row)) g_array_append_val(rows, row);
        int n = rows->len;
        int w1 = widths[0];
        int w2 = nwidths > 1 ? widths[1] : widths[0] + 1;
        PangoLayout **layouts = g_new0(PangoLayout *, n);
        long sum1 = 0, sum2 = 0;

        double t0 = now_s(), c0 = cpu_s();
        for (int i = 0; i < n; i++) {
            Row *r = &g_array_index(rows, Row, i);
            PangoLayout *lay = pango_layout_new(ctx);
            pango_layout_set_font_description(lay, desc);
            pango_layout_set_wrap(lay, PANGO_WRAP_WORD_CHAR);
            pango_layout_set_attributes(lay, no_hyphens);
            pango_layout_set_text(lay, r->text, r->len);
            pango_layout_set_width(lay, w1 * PANGO_SCALE);
            sum1 += pango_layout_get_line_count(lay); /* forces the layout */
            layouts[i] = lay;
        }
        double t1 = now_s(), c1 = cpu_s();
        for (int i = 0; i < n; i++) {
            pango_layout_set_width(layouts[i], w2 * PANGO_SCALE);
            sum2 += pango_layout_get_line_count(layouts[i]);
        }
        double t2 = now_s(), c2 = cpu_s();
        fprintf(stderr, "bench: %d rows, %s %.1f px\n", n, family, size);
        fprintf(stderr, "bench: cold pass  (new layout, width %d): %.3f s, %.0f rows/s, %ld lines, cpu %.3f s\n",
                w1, t1 - t0, n / (t1 - t0), sum1, c1 - c0);
        fprintf(stderr, "bench: relayout   (set_width %d, same layouts): %.3f s, %.0f rows/s, %ld lines, cpu %.3f s\n",
                w2, t2 - t1, n / (t2 - t1), sum2, c2 - c1);
        for (int i = 0; i < n; i++) {
            g_object_unref(layouts[i]);
            free(g_array_index(rows, Row, i).id);
            free(g_array_index(rows, Row, i).text);
        }
        g_free(layouts);
        g_array_free(rows, TRUE);
        return 0;
    }

    PangoLayout *layout = pango_layout_new(ctx);
    pango_layout_set_font_description(layout, desc);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_attributes(layout, no_hyphens);
    if (attributed) return run_attributed(layout, in, widths, nwidths);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE);
    pango_layout_set_justify(layout, FALSE);
    pango_layout_set_indent(layout, 0);
    pango_layout_set_spacing(layout, 0);
    pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT);

    Row row;
    Result res[MAX_WIDTHS];
    GString *out = g_string_new(NULL);
    while (read_row(in, &row)) {
        pango_layout_set_text(layout, row.text, row.len);
        int covered = 1;
        for (int w = 0; w < nwidths; w++) {
            measure(layout, widths[w] * PANGO_SCALE, !no_breaks, &res[w]);
            if (debug) dump_lines(layout, row.id, widths[w]);
            if (w == 0) covered = pango_layout_get_unknown_glyphs_count(layout) == 0;
        }
        g_string_truncate(out, 0);
        g_string_append_printf(out, "{\"id\":%s,\"covered\":%s", row.id, covered ? "true" : "false");
        if (compact) {
            g_string_append(out, ",\"lines\":[");
            for (int w = 0; w < nwidths; w++)
                g_string_append_printf(out, "%s%d", w ? "," : "", res[w].lines);
            g_string_append(out, "],\"pangoLines\":[");
            for (int w = 0; w < nwidths; w++)
                g_string_append_printf(out, "%s%d", w ? "," : "", res[w].pango_lines);
            g_string_append(out, "]");
        } else {
            for (int w = 0; w < nwidths; w++) {
                g_string_append_printf(out, ",\"w%d\":{\"pangoLines\":%d,\"lines\":%d", widths[w],
                                       res[w].pango_lines, res[w].lines);
                if (!no_breaks) {
                    g_string_append(out, ",\"breaks\":[");
                    for (int b = 0; b < res[w].nbreaks; b++)
                        g_string_append_printf(out, "%s%d", b ? "," : "", res[w].breaks[b]);
                    g_string_append_printf(out, "],\"width\":%.3f,\"widthTrimmed\":%.3f",
                                           res[w].width, res[w].width_trimmed);
                }
                g_string_append(out, "}");
            }
        }
        g_string_append(out, "}\n");
        fputs(out->str, stdout);
        for (int w = 0; w < nwidths; w++) g_free(res[w].breaks);
        free(row.id);
        free(row.text);
    }
    fflush(stdout);
    g_string_free(out, TRUE);
    g_object_unref(layout);
    pango_font_description_free(desc);
    g_object_unref(ctx);
    g_object_unref(fontmap);
    return 0;
}
