/*
 * The rational kernels with AVX2 (rational_fast.h): the vertical pass
 * eight source columns at a time, a pair of taps per _mm256_madd_epi16;
 * the horizontal pass two destination pixels per vector, eight packed and
 * stored together. Compiled with -mavx2 and called only where the CPU has
 * it (dispatch.c).
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include "render/kernels/kernels.h"
#include "render/kernels/rational_x86.h"

static inline __attribute__((always_inline)) void vertical_taps(
		const uint32_t *const *rows, const int32_t *weight, int taps, int count,
		float *v) {
	__m256i zero = _mm256_setzero_si256();
	__m256i pairs[GRIDWL_RATIONAL_MAX_TAPS / 2];
	for (int t = 0; t < taps; t += 2) {
		pairs[t / 2] =
				_mm256_set1_epi32((int)gridwl_rational_pair(weight, t, taps));
	}
	int i = 0;
	for (; i + 8 <= count; i += 8) {
		__m256i acc[4] = { zero, zero, zero, zero };
		for (int t = 0; t < taps; t += 2) {
			int t1 = t + 1 < taps ? t + 1 : t;
			__m256i w = pairs[t / 2];
			__m256i a = _mm256_loadu_si256((const __m256i *)(rows[t] + i));
			__m256i b = _mm256_loadu_si256((const __m256i *)(rows[t1] + i));
			// Per 128-bit lane: channel c of a and of b side by side.
			__m256i lo = _mm256_unpacklo_epi8(a, b);
			__m256i hi = _mm256_unpackhi_epi8(a, b);
			acc[0] = _mm256_add_epi32(acc[0],
					_mm256_madd_epi16(_mm256_unpacklo_epi8(lo, zero), w));
			acc[1] = _mm256_add_epi32(acc[1],
					_mm256_madd_epi16(_mm256_unpackhi_epi8(lo, zero), w));
			acc[2] = _mm256_add_epi32(acc[2],
					_mm256_madd_epi16(_mm256_unpacklo_epi8(hi, zero), w));
			acc[3] = _mm256_add_epi32(acc[3],
					_mm256_madd_epi16(_mm256_unpackhi_epi8(hi, zero), w));
		}
		// acc[p] holds columns p and p + 4: back into column order.
		__m256 f[4];
		for (int p = 0; p < 4; p++) {
			f[p] = _mm256_cvtepi32_ps(acc[p]);
		}
		_mm256_storeu_ps(v + 4 * i, _mm256_permute2f128_ps(f[0], f[1], 0x20));
		_mm256_storeu_ps(v + 4 * i + 8,
				_mm256_permute2f128_ps(f[2], f[3], 0x20));
		_mm256_storeu_ps(v + 4 * i + 16,
				_mm256_permute2f128_ps(f[0], f[1], 0x31));
		_mm256_storeu_ps(v + 4 * i + 24,
				_mm256_permute2f128_ps(f[2], f[3], 0x31));
	}
	gridwl_rational_vertical_scalar(rows, weight, taps, i, count, v);
}

static void avx2_vertical(const uint32_t *const *rows, const int32_t *weight,
		int taps, int count, float *v) {
	gridwl_rational_vertical_by_taps(rows, weight, taps, count, v,
			vertical_taps);
}

/* Destination pixels i and i + 1, one per 128-bit lane. */
static inline __attribute__((always_inline)) __m256i pair_pixels(const float *v,
		const struct gridwl_rational_axis *x, __m256 bias, __m256 scale,
		int taps, int i) {
	const uint32_t *o0 = x->offset + (size_t)i * taps, *o1 = o0 + taps;
	const float *w0 = x->weight4 + (size_t)4 * i * taps, *w1 = w0 + 4 * taps;
	__m256 acc = _mm256_mul_ps(_mm256_loadu2_m128(v + o1[0], v + o0[0]),
			_mm256_loadu2_m128(w1, w0));
	for (int t = 1; t < taps; t++) {
		__m256 s = _mm256_loadu2_m128(v + o1[t], v + o0[t]);
		__m256 w = _mm256_loadu2_m128(w1 + 4 * t, w0 + 4 * t);
		acc = _mm256_add_ps(acc, _mm256_mul_ps(s, w));
	}
	return _mm256_cvttps_epi32(_mm256_mul_ps(_mm256_add_ps(acc, bias), scale));
}

/* Eight pixels from the channels of four pairs. */
static inline void store_pairs(const __m256i q[4], uint32_t *out) {
	// Packing works per lane: pixels 0 2 4 6 | 1 3 5 7, then in order.
	__m256i packed = _mm256_packus_epi16(_mm256_packs_epi32(q[0], q[1]),
			_mm256_packs_epi32(q[2], q[3]));
	packed = _mm256_permutevar8x32_epi32(packed,
			_mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
	_mm256_storeu_si256((__m256i *)out, packed);
}

static inline __attribute__((always_inline)) void pairs_of_taps(const float *v,
		const struct gridwl_rational_axis *x, int begin, int end, float bias,
		float scale, int taps, uint32_t *out) {
	// A copy the stores to out cannot change: its tables stay in registers.
	const struct gridwl_rational_axis axis = *x;
	x = &axis;
	__m256 b = _mm256_set1_ps(bias), s = _mm256_set1_ps(scale);
	int i = begin;
	for (; i + 8 <= end; i += 8) {
		__m256i q[4];
		for (int p = 0; p < 4; p++) {
			q[p] = pair_pixels(v, x, b, s, taps, i + 2 * p);
		}
		store_pairs(q, out + i);
	}
	gridwl_rational_pixels(v, x, _mm256_castps256_ps128(b),
			_mm256_castps256_ps128(s), taps, i, end, out);
}

/* Two taps on adjacent source pixels (bilinear, and reductions to less
 * than half): one load takes both pixels' sums, one multiplication
 * weights them, and the halves of two pixels are added crosswise. */
static inline __attribute__((always_inline)) __m256i
adjacent_pair(const float *v, const uint32_t *offset, const float *weight4,
		__m256 bias, __m256 scale, int i) {
	__m256 a = _mm256_mul_ps(_mm256_loadu_ps(v + offset[2 * i]),
			_mm256_loadu_ps(weight4 + 8 * (size_t)i));
	__m256 b = _mm256_mul_ps(_mm256_loadu_ps(v + offset[2 * i + 2]),
			_mm256_loadu_ps(weight4 + 8 * (size_t)i + 8));
	__m256 sum = _mm256_add_ps(_mm256_permute2f128_ps(a, b, 0x20),
			_mm256_permute2f128_ps(a, b, 0x31));
	return _mm256_cvttps_epi32(_mm256_mul_ps(_mm256_add_ps(sum, bias), scale));
}

static void horizontal_adjacent(const float *v,
		const struct gridwl_rational_axis *x, int begin, int end, float bias,
		float scale, uint32_t *out) {
	__m256 b = _mm256_set1_ps(bias), s = _mm256_set1_ps(scale);
	const uint32_t *offset = x->offset;
	const float *weight4 = x->weight4;
	int i = begin;
	for (; i + 8 <= end; i += 8) {
		__m256i q[4];
		for (int p = 0; p < 4; p++) {
			q[p] = adjacent_pair(v, offset, weight4, b, s, i + 2 * p);
		}
		store_pairs(q, out + i);
	}
	gridwl_rational_pixels(v, x, _mm256_castps256_ps128(b),
			_mm256_castps256_ps128(s), 2, i, end, out);
}

static inline __attribute__((always_inline)) void horizontal_taps(
		const float *v, const struct gridwl_rational_axis *x, int begin,
		int end, float bias, float scale, int taps, bool adjacent,
		uint32_t *out) {
	if (adjacent && taps == 2) {
		horizontal_adjacent(v, x, begin, end, bias, scale, out);
	} else {
		pairs_of_taps(v, x, begin, end, bias, scale, taps, out);
	}
}

static void avx2_horizontal(const float *v,
		const struct gridwl_rational_axis *x, int begin, int end, float bias,
		float scale, uint32_t *out) {
	gridwl_rational_horizontal_by_taps(v, x, begin, end, bias, scale, out,
			horizontal_taps);
}

void gridwl_avx2_resample_rational(const struct gridwl_pixels *src,
		struct gridwl_axis_ratio x_ratio, struct gridwl_axis_ratio y_ratio,
		bool bilinear, const struct gridwl_rect *rect, uint32_t *dst,
		int dst_stride) {
	gridwl_rational_drive(src, x_ratio, y_ratio, bilinear, rect, dst,
			dst_stride, avx2_vertical, avx2_horizontal);
}
