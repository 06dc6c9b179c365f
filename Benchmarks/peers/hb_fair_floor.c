/* hb_fair_floor: the HarfBuzz floor of measuring international text — each row itemized
 * by font coverage along a fallback chain and shaped one run at a time, with no line
 * breaking, no bidi, no grapheme clusters. hb_floor shapes every row with one font, so a
 * Thai, Devanagari or CJK row costs it only .notdef lookups; this floor shapes each run
 * with the font that draws it, which is the least any engine that shapes with fallback
 * must pay.
 *
 * Usage: hb_fair_floor --font FILE [--font FILE …] [--system] [--size 17] [--lang en]
 *                      [--passes 1] [--opened LIST]
 *        --opened LIST: at the end, the files of the fonts the rows used (opened), one per
 *        line, into LIST (Benchmarks/run hands them to the Pango oracle).
 *        (other options, e.g. --widths, are accepted and ignored, so that
 *        Tests/Oracles/pango_lines.py can be the front end: --bin hb_fair_floor)
 *
 * The chain: the --font files in the order given (a file "path:N" names face N of a
 * collection), then with --system every installed font in fontconfig's preference order
 * (FcFontSort of the default pattern, untrimmed — the order cell-layout's default settings
 * fall back along). A system font's coverage is first tested in fontconfig's character set
 * (as cell-layout does); a font is opened when a character first needs it.
 *
 * Itemization, per row: each code point takes the first font of the chain that has a
 * glyph for it (hb_font_get_nominal_glyph; cached per code point across rows, as any engine
 * caches its fallback), and its script (hb_unicode_script). A code point of script Common
 * or Inherited (spaces, punctuation, marks) stays in the current run when the run's font
 * has a glyph for it. A run ends where the font or a real script changes. Each run is one
 * hb_shape: the run's code points added with the whole row as context (item offset and
 * length), script and direction set (horizontal direction of the script), language --lang.
 *
 * stdin: the oracle's length-prefixed stream, one record per row:
 *        "<id> <nbytes>\n<nbytes bytes of UTF-8>\n" (Tests/Oracles/pango_lines.py makes it).
 * All rows are read first (not timed). One timed pass per --passes: itemize + shape every
 * row; the advances are summed so nothing can be optimised away. One line of JSON on
 * stdout per pass; a summary on stderr.
 *
 * HarfBuzz APIs (all in 6.0.0): hb_blob_create_from_file (1.7.7), hb_face_create,
 * hb_font_create, hb_font_set_scale, hb_font_get_nominal_glyph (1.2.3), hb_unicode_funcs_get_default,
 * hb_unicode_script, hb_script_get_horizontal_direction (0.9.2), hb_buffer_* and hb_shape
 * (0.9.2). fontconfig: FcInitLoadConfigAndFonts, FcFontSort, FcPatternGetString/Integer.
 */
#define _POSIX_C_SOURCE 200809L
#include <fontconfig/fontconfig.h>
#include <hb.h>
#define ROW_STREAM_PROGRAM "hb_fair_floor"
#include "../../Tests/Oracles/row_stream.h"

typedef struct {
    char *path;
    unsigned index;
    hb_font_t *font;    /* NULL until first needed */
    FcCharSet *charset; /* a system font's coverage (fontconfig's), NULL for a --font file */
    int failed;         /* the file did not open: never used */
} ChainFont;

static ChainFont *chain;
static size_t chain_count, chain_cap;
static int scale;
static size_t opened;

static void chain_add(const char *path, unsigned index, FcCharSet *charset) {
    if (chain_count == chain_cap) {
        chain_cap = chain_cap ? chain_cap * 2 : 16;
        chain = realloc(chain, chain_cap * sizeof(ChainFont));
        if (!chain) die("out of memory");
    }
    chain[chain_count].path = strdup(path);
    chain[chain_count].index = index;
    chain[chain_count].font = NULL;
    chain[chain_count].charset = charset;
    chain[chain_count].failed = 0;
    chain_count++;
}

/* "path" or "path:N" */
static void chain_add_spec(const char *spec) {
    const char *colon = strrchr(spec, ':');
    if (colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
        char *path = strndup(spec, (size_t)(colon - spec));
        chain_add(path, (unsigned)atoi(colon + 1), NULL);
        free(path);
    } else {
        chain_add(spec, 0, NULL);
    }
}

static void chain_add_system(void) {
    FcConfig *config = FcInitLoadConfigAndFonts();
    FcPattern *pattern = FcPatternCreate();
    if (!config || !pattern) die("fontconfig did not start");
    FcConfigSubstitute(config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcFontSet *set = FcFontSort(config, pattern, FcFalse, NULL, &result);
    if (set) {
        for (int i = 0; i < set->nfont; i++) {
            FcChar8 *file = NULL;
            FcCharSet *charset = NULL;
            int index = 0;
            if (FcPatternGetString(set->fonts[i], FC_FILE, 0, &file) != FcResultMatch) continue;
            if (FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &charset) != FcResultMatch) continue;
            FcPatternGetInteger(set->fonts[i], FC_INDEX, 0, &index);
            chain_add((const char *)file, (unsigned)index, FcCharSetCopy(charset));
        }
        FcFontSetDestroy(set);
    }
    FcPatternDestroy(pattern);
}

static hb_font_t *chain_font(size_t i) {
    ChainFont *c = &chain[i];
    if (c->font || c->failed) return c->font;
    hb_blob_t *blob = hb_blob_create_from_file(c->path);
    if (hb_blob_get_length(blob) == 0) {
        c->failed = 1;
        hb_blob_destroy(blob);
        return NULL;
    }
    hb_face_t *face = hb_face_create(blob, c->index);
    c->font = hb_font_create(face);
    hb_font_set_scale(c->font, scale, scale);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    opened++;
    return c->font;
}

static int covers(size_t i, hb_codepoint_t cp) {
    if (chain[i].charset && !FcCharSetHasChar(chain[i].charset, cp)) return 0;
    hb_font_t *font = chain_font(i);
    hb_codepoint_t glyph;
    return font && hb_font_get_nominal_glyph(font, cp, &glyph);
}

/* The chain index of the first font with a glyph for cp (0 when none has one: the first
 * font draws its .notdef box). Cached: the BMP in an array, the rest in a small table. */
static int32_t bmp_cache[0x10000];
#define ASTRAL_SLOTS 4096
static struct { hb_codepoint_t cp; int32_t font; } astral_cache[ASTRAL_SLOTS];

static int32_t font_for(hb_codepoint_t cp) {
    int32_t *slot;
    if (cp < 0x10000) {
        slot = &bmp_cache[cp];
    } else {
        size_t h = (cp * 2654435761u) % ASTRAL_SLOTS;
        while (astral_cache[h].cp && astral_cache[h].cp != cp) h = (h + 1) % ASTRAL_SLOTS;
        astral_cache[h].cp = cp;
        slot = &astral_cache[h].font;
    }
    if (*slot) return *slot - 1;
    int32_t found = 0;
    for (size_t i = 0; i < chain_count; i++) {
        if (covers(i, cp)) { found = (int32_t)i; break; }
    }
    *slot = found + 1;
    return found;
}

static int is_neutral(hb_script_t script) {
    return script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN;
}

/* Decodes one code point of UTF-8 at s[*i] (advancing *i); U+FFFD for a bad sequence. */
static hb_codepoint_t next_cp(const unsigned char *s, size_t len, size_t *i) {
    unsigned char c = s[*i];
    int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || *i + n > len) { (*i)++; return 0xFFFD; }
    hb_codepoint_t cp = n == 1 ? c : n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
    for (int k = 1; k < n; k++) cp = (cp << 6) | (s[*i + k] & 0x3F);
    *i += n;
    return cp;
}

int main(int argc, char **argv) {
    const char *lang = "en", *opened_list = NULL;
    double size = 17;
    int passes = 1, system_fonts = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--font") && i + 1 < argc) {
            chain_add_spec(argv[++i]);
        } else if (!strcmp(a, "--system")) {
            system_fonts = 1;
        } else if (!strcmp(a, "--size") && i + 1 < argc) {
            size = atof(argv[++i]);
        } else if (!strcmp(a, "--lang") && i + 1 < argc) {
            lang = argv[++i];
        } else if (!strcmp(a, "--opened") && i + 1 < argc) {
            opened_list = argv[++i];
        } else if (!strcmp(a, "--passes") && i + 1 < argc) {
            passes = atoi(argv[++i]);
        } else if (!strncmp(a, "--", 2) && i + 1 < argc && strncmp(argv[i + 1], "--", 2)) {
            i++; /* an option of the Pango oracle's (e.g. --widths 343): ignored */
        } else if (!strncmp(a, "--", 2)) {
            /* a flag of the Pango oracle's: ignored */
        } else {
            die("usage: hb_fair_floor --font FILE [--font FILE …] [--system] [--size 17] [--lang en] [--passes N] < stream");
        }
    }
    if (chain_count == 0) die("--font FILE is required (the chain's first font)");
    if (passes < 1) passes = 1;
    scale = (int)(size * 1024); /* 1/1024 px units, as Pango's HarfBuzz font and hb_floor */

    size_t n = 0;
    Row *rows = read_all_rows(stdin, &n);

    double t_fonts = now_s();
    if (system_fonts) chain_add_system();
    if (!chain_font(0)) die("cannot read the first font file");
    double font_seconds = now_s() - t_fonts;
    hb_unicode_funcs_t *ufuncs = hb_unicode_funcs_get_default();
    hb_language_t language = hb_language_from_string(lang, -1);
    hb_buffer_t *buf = hb_buffer_create();

    for (int pass = 1; pass <= passes; pass++) {
        long long advance = 0, glyphs = 0, runs = 0;
        double t0 = now_s(), c0 = cpu_s();
        for (size_t r = 0; r < n; r++) {
            const unsigned char *s = (const unsigned char *)rows[r].text;
            size_t len = rows[r].len, i = 0, run_start = 0;
            int32_t run_font = -1;
            hb_script_t run_script = HB_SCRIPT_COMMON;
            while (i <= len) {
                size_t at = i;
                int32_t font = -1;
                hb_script_t script = HB_SCRIPT_COMMON;
                if (i < len) {
                    hb_codepoint_t cp = next_cp(s, len, &i);
                    script = hb_unicode_script(ufuncs, cp);
                    if (is_neutral(script) && run_font >= 0 && covers((size_t)run_font, cp)) {
                        continue; /* a space, punctuation or mark the run's font draws */
                    }
                    font = font_for(cp);
                    if (run_font < 0 || (font == run_font && (is_neutral(script) || is_neutral(run_script)
                                                              || script == run_script))) {
                        run_font = font;
                        if (!is_neutral(script)) run_script = script;
                        continue;
                    }
                }
                /* End the run [run_start, at) and shape it. */
                if (run_font >= 0 && at > run_start) {
                    hb_buffer_reset(buf);
                    hb_buffer_add_utf8(buf, (const char *)s, (int)len, (unsigned)run_start, (int)(at - run_start));
                    hb_script_t shaping_script = is_neutral(run_script) ? HB_SCRIPT_LATIN : run_script;
                    hb_buffer_set_script(buf, shaping_script);
                    hb_buffer_set_direction(buf, hb_script_get_horizontal_direction(shaping_script) == HB_DIRECTION_RTL
                                                     ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
                    hb_buffer_set_language(buf, language);
                    hb_shape(chain[run_font].font, buf, NULL, 0);
                    unsigned int count = 0;
                    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buf, &count);
                    for (unsigned int g = 0; g < count; g++) advance += pos[g].x_advance;
                    glyphs += count;
                    runs++;
                }
                if (i >= len && font < 0) break;
                run_start = at;
                run_font = font;
                run_script = is_neutral(script) ? HB_SCRIPT_COMMON : script;
            }
        }
        double seconds = now_s() - t0, cpu_seconds = cpu_s() - c0;
        printf("{\"bench\":\"hb_fair_floor\",\"pass\":%d,\"rows\":%zu,\"seconds\":%.6f,\"cpuSeconds\":%.6f,"
               "\"rowsPerSecond\":%.1f,"
               "\"glyphs\":%lld,\"runs\":%lld,\"advance\":%lld,\"chainFonts\":%zu,\"fontsOpened\":%zu,"
               "\"fontSeconds\":%.6f}\n",
               pass, n, seconds, cpu_seconds, n / seconds, glyphs, runs, advance, chain_count, opened, font_seconds);
        fprintf(stderr, "hb_fair_floor: pass %d: %zu rows in %.3f s, %.0f rows/s (%lld glyphs in %lld runs; "
                "%zu of %zu chain fonts opened)\n",
                pass, n, seconds, n / seconds, glyphs, runs, opened, chain_count);
    }

    if (opened_list) {
        FILE *list = fopen(opened_list, "w");
        if (!list) die("cannot write the --opened list");
        for (size_t i = 0; i < chain_count; i++) {
            int seen = 0; /* a collection's faces share a file */
            for (size_t k = 0; k < i && !seen; k++) seen = chain[k].font && !strcmp(chain[k].path, chain[i].path);
            if (chain[i].font && !seen) fprintf(list, "%s\n", chain[i].path);
        }
        if (fclose(list) != 0) die("cannot write the --opened list");
    }

    hb_buffer_destroy(buf);
    for (size_t i = 0; i < chain_count; i++) {
        if (chain[i].font) hb_font_destroy(chain[i].font);
        if (chain[i].charset) FcCharSetDestroy(chain[i].charset);
        free(chain[i].path);
    }
    free(chain);
    for (size_t i = 0; i < n; i++) { free(rows[i].id); free(rows[i].text); }
    free(rows);
    return 0;
}
