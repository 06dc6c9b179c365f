// The LD_PRELOAD library of scripts/dev/heap-peak: counts the bytes malloc has handed out
// and not yet taken back (malloc_usable_size of each block), and at exit prints the peak of
// that sum and how many blocks were allocated, to stderr.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

static void *(*real_malloc)(size_t);
static void (*real_free)(void *);
static void *(*real_realloc)(void *, size_t);
static void *(*real_calloc)(size_t, size_t);
static int (*real_posix_memalign)(void **, size_t, size_t);
static _Atomic long live, peak, blocks;
// dlsym itself calls calloc before real_calloc is known: served from here, never freed.
static char early[65536];
static size_t early_used;

static void resolve(void) {
    real_malloc = dlsym(RTLD_NEXT, "malloc");
    real_free = dlsym(RTLD_NEXT, "free");
    real_realloc = dlsym(RTLD_NEXT, "realloc");
    real_calloc = dlsym(RTLD_NEXT, "calloc");
    real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
}

static void count(long bytes) {
    long now = atomic_fetch_add(&live, bytes) + bytes;
    long high = atomic_load(&peak);
    while (now > high && !atomic_compare_exchange_weak(&peak, &high, now)) {}
}

static int is_early(void *p) { return (char *)p >= early && (char *)p < early + sizeof early; }

void *malloc(size_t size) {
    if (!real_malloc) resolve();
    void *p = real_malloc(size);
    if (p) { count((long)malloc_usable_size(p)); atomic_fetch_add(&blocks, 1); }
    return p;
}

void free(void *p) {
    if (!p || is_early(p)) return;
    if (!real_free) resolve();
    count(-(long)malloc_usable_size(p));
    real_free(p);
}

void *calloc(size_t n, size_t size) {
    if (!real_calloc) {
        if (early_used + n * size > sizeof early) return NULL;
        void *p = early + early_used;
        early_used += (n * size + 15) & ~(size_t)15;
        memset(p, 0, n * size);
        return p;
    }
    void *p = real_calloc(n, size);
    if (p) { count((long)malloc_usable_size(p)); atomic_fetch_add(&blocks, 1); }
    return p;
}

void *realloc(void *old, size_t size) {
    if (!real_realloc) resolve();
    long before = old ? (long)malloc_usable_size(old) : 0;
    void *p = real_realloc(old, size);
    if (p) count((long)malloc_usable_size(p) - before);
    else if (size == 0) count(-before);
    return p;
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (!real_posix_memalign) resolve();
    int error = real_posix_memalign(out, alignment, size);
    if (!error) { count((long)malloc_usable_size(*out)); atomic_fetch_add(&blocks, 1); }
    return error;
}

__attribute__((destructor)) static void report(void) {
    fprintf(stderr, "heap-peak: peak in use %.2f MB (%ld bytes), %ld blocks allocated\n",
            atomic_load(&peak) / 1e6, atomic_load(&peak), atomic_load(&blocks));
}
