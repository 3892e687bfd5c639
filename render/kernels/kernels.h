#ifndef GRIDWL_RENDER_KERNELS_KERNELS_H
#define GRIDWL_RENDER_KERNELS_KERNELS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "render/kernels/resample.h"

/*
 * What the kernel implementations share; not part of the API (the tests
 * include it to check the arithmetic below).
 */

extern const struct gridwl_kernels gridwl_kernels_reference;
#if defined(__x86_64__)
extern const struct gridwl_kernels gridwl_kernels_sse2;
extern const struct gridwl_kernels gridwl_kernels_avx2;
#endif

/* The reference kernels, which the fast ones also call for the columns at
 * the ends of a rectangle that do not fill a vector. */
void gridwl_reference_magnify_nearest(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride);
void gridwl_reference_magnify_bilinear(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride);
void gridwl_reference_reduce_box(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride);

/*
 * Division by 9 and by 18 without a divide, for 16-bit lanes (mulhi_epu16
 * computes (x * m) >> 16):
 *	x / 9 == (x * GRIDWL_DIV9_MUL) >> 16
 *	x / 18 == (x * GRIDWL_DIV18_MUL) >> 16
 * for every 0 <= x < 32768. m = ceil(2^16 / d), and d m = 2^16 + 2 for
 * both (7282 * 9 = 3641 * 18 = 65538). Writing x = d q + r (r <= d - 1),
 * x m / 2^16 = q + r / d + 2x / (d 2^16), which stays below q + 1 while
 * 2x < 2^16. The kernels need x <= 255 * 9 + 4 (box, k = 3) and
 * x <= 3 * (6 * 255 + 3) (bilinear, k = 3); the unit tests check all of
 * 0..32767.
 */
#define GRIDWL_DIV9_MUL 7282
#define GRIDWL_DIV18_MUL 3641

/*
 * One axis of bilinear magnification: destination coordinate x has its
 * centre at (x + 0.5) / k - 0.5 = (2x + 1 - k) / 2k in the source, between
 * source pixels floor of that and the next, the second weighted *w1 / 2k
 * and the first (2k - *w1) / 2k. Both are clamped to [0, n - 1].
 */
struct gridwl_taps {
	int i0, i1; // source pixels
	int w0, w1; // their weights in units of 1 / 2k; w0 + w1 == 2k
};

static inline struct gridwl_taps gridwl_bilinear_taps(int x, int k, int n) {
	int num = 2 * x + 1 - k;
	int den = 2 * k;
	// num >= 1 - k > -den, so floor(num / den) is -1 or num / den.
	int lo = num < 0 ? -1 : num / den;
	struct gridwl_taps t = {
		.i0 = lo < 0       ? 0 :
				lo > n - 1 ? n - 1 :
							 lo,
		.i1 = lo + 1 > n - 1 ? n - 1 : lo + 1,
		.w1 = num - lo * den,
	};
	t.w0 = den - t.w1;
	return t;
}

/*
 * The fast magnifiers work on whole source pixels, a group at a time: the
 * columns of rect cover source pixels [*i0, *i0 + n) wholly, n (returned) a
 * multiple of group. The columns outside them are the edges.
 */
static inline int gridwl_split_columns(const struct gridwl_rect *rect, int k,
		int group, int *i0) {
	int first = (rect->x + k - 1) / k;
	int end = (rect->x + rect->width) / k;
	*i0 = first;
	return end > first ? (end - first) / group * group : 0;
}

/* Computes the edge columns of a split (all of rect when n == 0) with fn. */
static inline void gridwl_magnify_edges(gridwl_magnify_func fn,
		const struct gridwl_pixels *src, int k, const struct gridwl_rect *rect,
		uint32_t *dst, int dst_stride, int i0, int n) {
	int end = rect->x + rect->width;
	int mid0 = n > 0 ? k * i0 : end;
	int mid1 = n > 0 ? k * (i0 + n) : end;
	if (mid0 > rect->x) {
		struct gridwl_rect head = {
			rect->x,
			rect->y,
			mid0 - rect->x,
			rect->height,
		};
		fn(src, k, &head, dst, dst_stride);
	}
	if (end > mid1) {
		struct gridwl_rect tail = {
			mid1,
			rect->y,
			end - mid1,
			rect->height,
		};
		fn(src, k, &tail, dst + (mid1 - rect->x), dst_stride);
	}
}

static inline const uint32_t *gridwl_src_row(const struct gridwl_pixels *src,
		int y) {
	return src->data + (ptrdiff_t)y * src->stride;
}

/* Nearest magnification as the reference kernel defines it, for the edge
 * columns the vector loops leave: each column's source pixel is worked
 * out once per call rather than divided out per pixel of every row, and
 * a row that repeats the one above (the same source row) is copied. For
 * narrow windows this matters: a 100-pixel-wide one leaves 8 of its 200
 * columns at scale 2, which cost more than the vector loop over the rest. */
static inline void gridwl_magnify_nearest_edge(const struct gridwl_pixels *src,
		int k, const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	enum {
		CHUNK = 64
	};
	int source_x[CHUNK];
	for (int x0 = 0; x0 < rect->width; x0 += CHUNK) {
		int columns = rect->width - x0 < CHUNK ? rect->width - x0 : CHUNK;
		for (int x = 0; x < columns; x++) {
			source_x[x] = (rect->x + x0 + x) / k;
		}
		for (int y = 0; y < rect->height; y++) {
			uint32_t *out = dst + (ptrdiff_t)y * dst_stride + x0;
			if (y > 0 && (rect->y + y) % k != 0) {
				memcpy(out, out - dst_stride, (size_t)columns * 4);
				continue;
			}
			const uint32_t *row = gridwl_src_row(src, (rect->y + y) / k);
			for (int x = 0; x < columns; x++) {
				out[x] = row[source_x[x]];
			}
		}
	}
}

/*
 * The vertical half of separable bilinear magnification for the columns
 * the vector loops leave: v gets, per channel, wa * a + wb * b + k, the
 * unrounded sum with the rounding term of the 2D sum folded in (the
 * horizontal weights add up to 2k, so + k here is + 2k^2 = D / 2 there).
 */
static inline void gridwl_vertical_scalar(const uint32_t *a, const uint32_t *b,
		int wa, int wb, int k, int count, uint16_t *v) {
	for (int i = 0; i < count; i++) {
		for (int c = 0; c < 4; c++) {
			int pa = (a[i] >> (8 * c)) & 0xff;
			int pb = (b[i] >> (8 * c)) & 0xff;
			v[4 * i + c] = (uint16_t)(wa * pa + wb * pb + k);
		}
	}
}

#endif
