/*
 * The rational kernels with SSE2 (rational_fast.h): the vertical pass four
 * source columns at a time, a pair of taps per _mm_madd_epi16; the
 * horizontal pass a destination pixel per vector of its four channels,
 * four pixels packed and stored together.
 */
#include <emmintrin.h>
#include <stddef.h>
#include <stdint.h>
#include "render/kernels/kernels.h"
#include "render/kernels/rational_x86.h"

static inline __attribute__((always_inline)) void vertical_taps(
		const uint32_t *const *rows, const int32_t *weight, int taps, int count,
		float *v) {
	__m128i zero = _mm_setzero_si128();
	__m128i pairs[GRIDWL_RATIONAL_MAX_TAPS / 2];
	for (int t = 0; t < taps; t += 2) {
		pairs[t / 2] =
				_mm_set1_epi32((int)gridwl_rational_pair(weight, t, taps));
	}
	int i = 0;
	for (; i + 4 <= count; i += 4) {
		__m128i acc[4] = { zero, zero, zero, zero };
		for (int t = 0; t < taps; t += 2) {
			int t1 = t + 1 < taps ? t + 1 : t;
			__m128i w = pairs[t / 2];
			__m128i a = _mm_loadu_si128((const __m128i *)(rows[t] + i));
			__m128i b = _mm_loadu_si128((const __m128i *)(rows[t1] + i));
			// Channel c of a and of b side by side, 16 bits each.
			__m128i lo = _mm_unpacklo_epi8(a, b), hi = _mm_unpackhi_epi8(a, b);
			acc[0] = _mm_add_epi32(acc[0],
					_mm_madd_epi16(_mm_unpacklo_epi8(lo, zero), w));
			acc[1] = _mm_add_epi32(acc[1],
					_mm_madd_epi16(_mm_unpackhi_epi8(lo, zero), w));
			acc[2] = _mm_add_epi32(acc[2],
					_mm_madd_epi16(_mm_unpacklo_epi8(hi, zero), w));
			acc[3] = _mm_add_epi32(acc[3],
					_mm_madd_epi16(_mm_unpackhi_epi8(hi, zero), w));
		}
		for (int p = 0; p < 4; p++) {
			_mm_storeu_ps(v + 4 * (i + p), _mm_cvtepi32_ps(acc[p]));
		}
	}
	gridwl_rational_vertical_scalar(rows, weight, taps, i, count, v);
}

static void sse2_vertical(const uint32_t *const *rows, const int32_t *weight,
		int taps, int count, float *v) {
	gridwl_rational_vertical_by_taps(rows, weight, taps, count, v,
			vertical_taps);
}

static inline __attribute__((always_inline)) void horizontal_taps(
		const float *v, const struct gridwl_rational_axis *x, int begin,
		int end, float bias, float scale, int taps, bool adjacent,
		uint32_t *out) {
	// A copy the stores to out cannot change: its tables stay in registers.
	const struct gridwl_rational_axis axis = *x;
	x = &axis;
	__m128 b = _mm_set1_ps(bias), s = _mm_set1_ps(scale);
	int i = begin;
	for (; i + 4 <= end; i += 4) {
		__m128i q[4];
		for (int p = 0; p < 4; p++) {
			q[p] = gridwl_rational_pixel(v, x, b, s, taps, adjacent, i + p);
		}
		_mm_storeu_si128((__m128i *)(out + i),
				_mm_packus_epi16(_mm_packs_epi32(q[0], q[1]),
						_mm_packs_epi32(q[2], q[3])));
	}
	gridwl_rational_pixels(v, x, b, s, taps, i, end, out);
}

static void sse2_horizontal(const float *v,
		const struct gridwl_rational_axis *x, int begin, int end, float bias,
		float scale, uint32_t *out) {
	gridwl_rational_horizontal_by_taps(v, x, begin, end, bias, scale, out,
			horizontal_taps);
}

void gridwl_sse2_resample_rational(const struct gridwl_pixels *src,
		struct gridwl_axis_ratio x_ratio, struct gridwl_axis_ratio y_ratio,
		bool bilinear, const struct gridwl_rect *rect, uint32_t *dst,
		int dst_stride) {
	gridwl_rational_drive(src, x_ratio, y_ratio, bilinear, rect, dst,
			dst_stride, sse2_vertical, sse2_horizontal);
}
