// host-pair: does the host give this VM two whole cores right now? The same fixed work on
// one thread, then on two threads at once (nothing shared: each its own table), TRIALS
// times; per trial, the two-thread wall and both threads' CPU against the one-thread CPU.
// A ratio near 1.00 means two cores; a second thread whose CPU or wall grows means the host
// ran our vCPUs on less (a guest without steal accounting counts a taken vCPU as running).
//
//   host-pair ITERATIONS TRIALS TABLE_KB   (scripts/dev/host-pair builds and runs it)
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long iterations;
static size_t mask;

static double seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

typedef struct { uint32_t *table; double cpu; uint64_t sink; } Work;

// Four independent xorshift chains, each a load and a store in the table: high
// instruction-level parallelism over a chosen working set.
#define STEP(x) x ^= x << 13; x ^= x >> 7; x ^= x << 17; sum += t[x & mask]; t[(x >> 24) & mask] += (uint32_t)x;
static void *work(void *arg) {
    Work *w = arg;
    uint32_t *t = w->table;
    double start = seconds(CLOCK_THREAD_CPUTIME_ID);
    uint64_t a = 88172645463325252ull, b = a * 3, c = a * 5, d = a * 7, sum = 0;
    for (long i = 0; i < iterations; i++) { STEP(a) STEP(b) STEP(c) STEP(d) }
    w->sink = sum;
    w->cpu = seconds(CLOCK_THREAD_CPUTIME_ID) - start;
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: host-pair ITERATIONS TRIALS TABLE_KB\n"); return 2; }
    iterations = atol(argv[1]);
    int trials = atoi(argv[2]);
    size_t kb = (size_t)atol(argv[3]);
    if (iterations <= 0 || trials <= 0 || kb == 0 || (kb & (kb - 1))) {
        fprintf(stderr, "host-pair: ITERATIONS and TRIALS positive, TABLE_KB a power of two\n");
        return 2;
    }
    mask = kb * 256 - 1;
    Work w[2];
    for (int k = 0; k < 2; k++) {
        w[k].table = calloc(kb * 256, sizeof(uint32_t));
        if (!w[k].table) { perror("host-pair"); return 1; }
    }
    printf("one-thread-cpu two-thread-wall cpu-a cpu-b cpu-ratio wall-ratio\n");
    for (int i = 0; i < trials; i++) {
        work(&w[0]);
        double one = w[0].cpu;
        pthread_t thread;
        double start = seconds(CLOCK_MONOTONIC);
        if (pthread_create(&thread, NULL, work, &w[1])) { perror("host-pair"); return 1; }
        work(&w[0]);
        pthread_join(thread, NULL);
        double wall = seconds(CLOCK_MONOTONIC) - start;
        printf("%.4f %.4f %.4f %.4f %.3f %.3f\n", one, wall, w[0].cpu, w[1].cpu,
               (w[0].cpu + w[1].cpu) / 2 / one, wall / one);
    }
    return 0;
}
