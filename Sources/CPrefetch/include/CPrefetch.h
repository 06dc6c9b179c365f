#ifndef CPREFETCH_H
#define CPREFETCH_H

/// Asks the processor to start loading the cache line at `address` for reading, so that
/// a loop over many objects can overlap their memory latencies (Swift has no prefetch).
/// A hint only: it never faults and has no visible effect.
static inline void cl_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
