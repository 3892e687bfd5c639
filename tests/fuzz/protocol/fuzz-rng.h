#ifndef GRIDWL_TESTS_FUZZ_PROTOCOL_RNG_H
#define GRIDWL_TESTS_FUZZ_PROTOCOL_RNG_H

#include <stdbool.h>
#include <stdint.h>

/*
 * splitmix64: the protocol fuzzer's only source of randomness, so that a
 * seed names one sequence of requests on every machine and libc (rand()
 * differs between them and is shared with whatever else calls it).
 */
struct fz_rng {
	uint64_t state;
};

static inline uint64_t fz_rng_next(struct fz_rng *rng) {
	uint64_t z = (rng->state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Uniform in [0, n); 0 when n is 0. The modulo bias is irrelevant here. */
static inline uint32_t fz_rng_below(struct fz_rng *rng, uint32_t n) {
	return n == 0 ? 0 : (uint32_t)(fz_rng_next(rng) % n);
}

/* Uniform in [lo, hi]. */
static inline int32_t fz_rng_range(struct fz_rng *rng, int32_t lo, int32_t hi) {
	return lo + (int32_t)fz_rng_below(rng, (uint32_t)(hi - lo) + 1);
}

/* True with probability percent / 100. */
static inline bool fz_rng_chance(struct fz_rng *rng, uint32_t percent) {
	return fz_rng_below(rng, 100) < percent;
}

#endif
