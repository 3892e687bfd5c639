#ifndef GRIDWL_RENDER_KERNELS_RATIONAL_X86_H
#define GRIDWL_RENDER_KERNELS_RATIONAL_X86_H

#include <emmintrin.h>
#include <stddef.h>
#include <stdint.h>
#include "render/kernels/rational_fast.h"

/*
 * The SSE2 pieces of the rational kernels (rational_fast.h), shared by
 * rational_sse2.c and rational_avx2.c, each of which compiles its own copy
 * with its own instruction set. A pixel's four channels are the four
 * lanes of a vector, as v holds them.
 */

/* Two taps' weights as the 16-bit pairs _mm_madd_epi16 multiplies
 * interleaved pixels by. */
static inline uint32_t gridwl_rational_pair(const int32_t *weight, int t,
		int taps) {
	uint32_t second = t + 1 < taps ? (uint32_t)weight[t + 1] : 0;
	return (second << 16) | ((uint32_t)weight[t] & 0xffff);
}

/* Destination pixel i's channels: the sum over its taps, rounded by the
 * bias and divided (truncated). Adjacent taps (x->consecutive) need only
 * the first one's offset. */
static inline __attribute__((always_inline)) __m128i
gridwl_rational_pixel(const float *v, const struct gridwl_rational_axis *x,
		__m128 bias, __m128 scale, int taps, bool adjacent, int i) {
	const uint32_t *offset = x->offset + (size_t)i * taps;
	const float *weight4 = x->weight4 + (size_t)4 * i * taps;
	__m128 acc = _mm_mul_ps(_mm_loadu_ps(v + offset[0]), _mm_load_ps(weight4));
	for (int t = 1; t < taps; t++) {
		const float *sums = adjacent ? v + offset[0] + 4 * t : v + offset[t];
		acc = _mm_add_ps(acc,
				_mm_mul_ps(_mm_loadu_ps(sums), _mm_load_ps(weight4 + 4 * t)));
	}
	return _mm_cvttps_epi32(_mm_mul_ps(_mm_add_ps(acc, bias), scale));
}

/* Destination pixels [i, end) one at a time, the 32-bit channels packed
 * into a pixel. */
static inline __attribute__((always_inline)) void gridwl_rational_pixels(
		const float *v, const struct gridwl_rational_axis *x, __m128 bias,
		__m128 scale, int taps, int i, int end, uint32_t *out) {
	for (; i < end; i++) {
		__m128i q = gridwl_rational_pixel(v, x, bias, scale, taps, false, i);
		q = _mm_packs_epi32(q, q);
		out[i] = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(q, q));
	}
}

/*
 * The passes for a number of taps, which the switches below make a
 * constant for the common counts (1, 2, 3: the ratios of the fractional
 * scales), so that the loops over taps unroll once inlined.
 */
typedef void (*gridwl_rational_vertical_taps_func)(const uint32_t *const *rows,
		const int32_t *weight, int taps, int count, float *v);
typedef void (*gridwl_rational_horizontal_taps_func)(const float *v,
		const struct gridwl_rational_axis *x, int begin, int end, float bias,
		float scale, int taps, bool adjacent, uint32_t *out);

static inline __attribute__((always_inline)) void
gridwl_rational_vertical_by_taps(const uint32_t *const *rows,
		const int32_t *weight, int taps, int count, float *v,
		gridwl_rational_vertical_taps_func vertical) {
	switch (taps) {
	case 1:
		vertical(rows, weight, 1, count, v);
		break;
	case 2:
		vertical(rows, weight, 2, count, v);
		break;
	case 3:
		vertical(rows, weight, 3, count, v);
		break;
	default:
		vertical(rows, weight, taps, count, v);
		break;
	}
}

static inline __attribute__((always_inline)) void
gridwl_rational_horizontal_by_taps(const float *v,
		const struct gridwl_rational_axis *x, int begin, int end, float bias,
		float scale, uint32_t *out,
		gridwl_rational_horizontal_taps_func horizontal) {
	switch (x->taps) {
	case 1:
		horizontal(v, x, begin, end, bias, scale, 1, false, out);
		break;
	case 2:
		if (x->consecutive) {
			horizontal(v, x, begin, end, bias, scale, 2, true, out);
		} else {
			horizontal(v, x, begin, end, bias, scale, 2, false, out);
		}
		break;
	case 3:
		horizontal(v, x, begin, end, bias, scale, 3, false, out);
		break;
	default:
		horizontal(v, x, begin, end, bias, scale, x->taps, false, out);
		break;
	}
}

#endif
