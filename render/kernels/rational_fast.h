#ifndef GRIDWL_RENDER_KERNELS_RATIONAL_FAST_H
#define GRIDWL_RENDER_KERNELS_RATIONAL_FAST_H

#include <stdbool.h>
#include <stdint.h>
#include "render/kernels/rational.h"

/*
 * What the rational kernels share; not part of the API (the tests include
 * it to reach the reference and the limits below).
 *
 * The reference (rational.c) sums the product of the two axes' weights
 * over every tap of every destination pixel and divides once. The fast
 * implementations compute the same integers in another order: per
 * destination row, the vertical pass sums the row's taps of every source
 * column the rectangle reads, V = sum wy p per channel; per destination
 * pixel, the horizontal pass sums its column's taps of those, H = sum wx V,
 * and the pixel is floor((H + floor(T / 2)) / T) with T = Wx Wy, the
 * product of the two weight sums. Integer sums do not depend on their
 * order, so the bits are the reference's.
 *
 * The sums are held in floats, which hold every integer below 2^24
 * exactly: V <= 255 Wy stays below it for every supported ratio (Wy <=
 * 2 * GRIDWL_RATIONAL_MAX_TERM), H <= 255 T while T <= 2^16, and every
 * product and partial sum along the way is such an integer. The
 * division is a multiplication by the float nearest 1 / T of
 * (H + floor(T / 2) + 0.5): the exact quotient q lies at least 0.5 / T
 * from the integers either side of it, and the two roundings move it by
 * at most q 2^-23 <= 2^-15, which is less while T < 2^14; truncation then
 * gives the floor. GRIDWL_RATIONAL_FLOAT_MAX_TOTAL keeps a factor of two
 * in hand. Larger T (ratios in large terms, as a viewport's sizes give)
 * take the horizontal pass in doubles, the same argument with 2^-52.
 */

/* One destination coordinate's source pixels and their integer weights,
 * which sum to weight_sum. */
struct gridwl_axis_taps {
	int index[GRIDWL_RATIONAL_MAX_TAPS];
	uint32_t weight[GRIDWL_RATIONAL_MAX_TAPS];
	int count;
	uint32_t weight_sum;
};

/* The taps of destination coordinate d along an axis of size source
 * pixels: the definition every implementation uses (rational.c). */
void gridwl_rational_taps(struct gridwl_axis_ratio ratio, bool bilinear, int d,
		int size, struct gridwl_axis_taps *taps);

/* The scalar reference, literally the definition (rational.h). */
void gridwl_reference_resample_rational(const struct gridwl_pixels *src,
		struct gridwl_axis_ratio x_ratio, struct gridwl_axis_ratio y_ratio,
		bool bilinear, const struct gridwl_rect *rect, uint32_t *dst,
		int dst_stride);

#if defined(__x86_64__)
void gridwl_sse2_resample_rational(const struct gridwl_pixels *src,
		struct gridwl_axis_ratio x_ratio, struct gridwl_axis_ratio y_ratio,
		bool bilinear, const struct gridwl_rect *rect, uint32_t *dst,
		int dst_stride);
void gridwl_avx2_resample_rational(const struct gridwl_pixels *src,
		struct gridwl_axis_ratio x_ratio, struct gridwl_axis_ratio y_ratio,
		bool bilinear, const struct gridwl_rect *rect, uint32_t *dst,
		int dst_stride);
#endif

#define GRIDWL_RATIONAL_FLOAT_MAX_TOTAL 8192

/*
 * The taps of a rectangle's columns or rows as flat tables. Every
 * destination pixel has taps of them, those with fewer padded with weight
 * 0, so the loops need not ask; where the source is large enough they are
 * consecutive source pixels (consecutive), which a vector can load at once.
 */
struct gridwl_rational_axis {
	int count; // destination pixels
	int taps;
	bool consecutive;
	int first, last; // the source pixels they read
	uint32_t *index; // [count * taps], source pixels less first
	uint32_t *offset; // [count * taps], 4 * index: the pixel's sums in v
	int32_t *weight; // [count * taps]
	float *weight4; // [count * taps * 4]: each weight as floats, 4 times
	uint32_t *sum; // [count], the weights' sum
	uint32_t max_sum, max_weight;
};

/* v[4 i + c] = sum over t of weight[t] * channel c of rows[t][i], for
 * count columns; the weights are at most INT16_MAX. */
typedef void (*gridwl_rational_vertical_func)(const uint32_t *const *rows,
		const int32_t *weight, int taps, int count, float *v);
/* out[i] for the destination columns i of x in [begin, end), whose
 * weights have one sum: the weighted sum of the vertical sums of its taps,
 * plus bias, times scale, truncated. */
typedef void (*gridwl_rational_horizontal_func)(const float *v,
		const struct gridwl_rational_axis *x, int begin, int end, float bias,
		float scale, uint32_t *out);

/* gridwl_resample_rational with an instruction set's two passes. */
void gridwl_rational_drive(const struct gridwl_pixels *src,
		struct gridwl_axis_ratio x_ratio, struct gridwl_axis_ratio y_ratio,
		bool bilinear, const struct gridwl_rect *rect, uint32_t *dst,
		int dst_stride, gridwl_rational_vertical_func vertical,
		gridwl_rational_horizontal_func horizontal);

/* The vertical pass of columns [i, count), for what the vectors leave. */
static inline void gridwl_rational_vertical_scalar(const uint32_t *const *rows,
		const int32_t *weight, int taps, int i, int count, float *v) {
	for (; i < count; i++) {
		for (int c = 0; c < 4; c++) {
			int32_t sum = 0;
			for (int t = 0; t < taps; t++) {
				sum += weight[t] * (int32_t)((rows[t][i] >> (8 * c)) & 0xff);
			}
			v[4 * i + c] = (float)sum;
		}
	}
}

#endif
