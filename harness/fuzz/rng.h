/*
 * rng.h - the fuzzer's random numbers: SplitMix64, integers only, so a seed
 * gives the same case on every machine, compiler and optimisation level.
 */
#ifndef SPGSIM_FUZZ_RNG_H
#define SPGSIM_FUZZ_RNG_H

#include <stdint.h>

typedef struct fuzz_rng {
    uint64_t state;
} fuzz_rng;

static inline void fuzz_rng_seed(fuzz_rng *r, uint64_t seed)
{
    /* Seeds 0, 1, 2, ... must not give correlated streams: scramble once. */
    r->state = seed * 0x9E3779B97F4A7C15ull ^ 0xD1B54A32D192ED03ull;
}

static inline uint64_t fuzz_rng_next(fuzz_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n); n >= 1.  (The modulo bias is irrelevant here, and it
 * keeps the stream simple to reproduce in another language.) */
static inline uint32_t fuzz_rng_below(fuzz_rng *r, uint32_t n)
{
    return (uint32_t)(fuzz_rng_next(r) % n);
}

/* Uniform in [lo, hi]. */
static inline int32_t fuzz_rng_range(fuzz_rng *r, int32_t lo, int32_t hi)
{
    return lo + (int32_t)fuzz_rng_below(r, (uint32_t)(hi - lo + 1));
}

/* True with probability pct/100. */
static inline int fuzz_rng_chance(fuzz_rng *r, uint32_t pct)
{
    return fuzz_rng_below(r, 100) < pct;
}

#endif /* SPGSIM_FUZZ_RNG_H */
