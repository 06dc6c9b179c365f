/*
 * row_stream.h — the length-prefixed row stream that pango_lines.py writes, read by the
 * Pango oracle (pango_lines.c) and the HarfBuzz floor (Benchmarks/peers/hb_floor.c):
 *
 *     <id> <nbytes>\n<nbytes bytes of UTF-8 text>\n
 *
 * Define ROW_STREAM_PROGRAM (the program's name, for error messages) before including.
 * Rows own their id and text (malloc'd; free() them).
 */
#ifndef ROW_STREAM_H
#define ROW_STREAM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    char *id;
    char *text;
    int len;
} Row;

/* Prints "<program>: <msg>" and exits with status 2. */
static void die(const char *msg) {
    fprintf(stderr, "%s: %s\n", ROW_STREAM_PROGRAM, msg);
    exit(2);
}

/* Monotonic seconds. */
static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The process's CPU seconds (user + system, every thread): the benchmarks' steadier clock
   beside wall time when other work shares the machine. */
static double cpu_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Reads one record; returns 0 at a clean end of input, dies on a malformed one. */
static int read_row(FILE *in, Row *row) {
    char idbuf[256];
    long n;
    if (fscanf(in, "%255s %ld", idbuf, &n) != 2) {
        if (feof(in)) return 0;
        die("malformed input header (expected '<id> <nbytes>\\n')");
    }
    if (fgetc(in) != '\n') die("malformed input header (missing newline)");
    if (n < 0) die("negative length");
    row->id = strdup(idbuf);
    row->text = malloc((size_t)n + 1);
    if (!row->id || !row->text) die("out of memory");
    if (n > 0 && fread(row->text, 1, (size_t)n, in) != (size_t)n) die("short read");
    row->text[n] = '\0';
    row->len = (int)n;
    if (fgetc(in) != '\n') die("malformed record (missing trailing newline)");
    return 1;
}

/* Reads every record of `in` into a new array; its count goes to *count. */
static Row *read_all_rows(FILE *in, size_t *count) {
    size_t cap = 1024, n = 0;
    Row *rows = malloc(cap * sizeof(Row));
    Row row;
    if (!rows) die("out of memory");
    while (read_row(in, &row)) {
        if (n == cap && !(rows = realloc(rows, (cap *= 2) * sizeof(Row)))) die("out of memory");
        rows[n++] = row;
    }
    *count = n;
    return rows;
}

#endif
