#ifndef GRIDWL_RENDER_KERNELS_DRIVE_H
#define GRIDWL_RENDER_KERNELS_DRIVE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "render/kernels/kernels.h"

// The most pixels a vector step of any kernel takes or makes per row.
#define GRIDWL_MAX_GROUP 8

/*
 * The loops around the vector code of bilinear magnification and box
 * reduction, shared by sse2.c and avx2.c: each compiles its own copy, with
 * its own instruction set, and passes its vector pieces, which inline.
 */

/*
 * Bilinear. Per destination row, the two source rows are blended into unrounded
 * 16-bit sums (plus the rounding term, see gridwl_vertical_scalar) over a
 * chunk of source columns, then each destination pixel is the horizontal
 * blend of the sums of its source pixel and one neighbour, shifted or
 * divided once: exactly the single rounding of the 2D product sum. The
 * largest sum is 255 * (2k)^2 + 2k^2 = 16352 (k = 4), inside 16 bits.
 * Every k is one pass over the destination; k = 4 is not two passes of 2,
 * whose intermediate rounding would differ from the definition.
 *
 * The horizontal code makes k * group destination pixels from group
 * source pixels at a time; where a group sticks out of the rectangle (at
 * most the first and the last of a row) it writes to a scratch buffer and
 * the part inside is copied, so every pixel comes from the same code.
 */

// Source columns whose vertical sums are held at once: keeps them in L1
// and on the stack for any width. A multiple of every group.
#define GRIDWL_BILINEAR_CHUNK 256

/* count columns of wa * a + wb * b + k into v, 4 channels each. */
typedef void (*gridwl_vertical_func)(const uint32_t *a, const uint32_t *b,
		int wa, int wb, int k, int count, uint16_t *v);
/* The destination pixels of groups * group source pixels whose sums are
 * v[4 (j + 1)] for source pixel j, their neighbours v[0] and after. */
typedef void (
		*gridwl_horizontal_func)(const uint16_t *v, int groups, uint32_t *out);

/*
 * The vertical sums of source columns c0 - 1 .. c0 + m into v (entry j is
 * column c0 - 1 + j), the columns outside the image repeating its edge,
 * then copies of the last up to entry padded_m + 1 so that a last partial
 * group reads only defined values.
 */
static inline __attribute__((always_inline)) void gridwl_vertical_chunk(
		const struct gridwl_pixels *src, const struct gridwl_taps *ty, int k,
		int c0, int m, int padded_m, gridwl_vertical_func vertical,
		uint16_t *v) {
	int lo = c0 > 0 ? c0 - 1 : 0;
	int hi = c0 + m < src->width ? c0 + m : src->width - 1;
	const uint32_t *a = gridwl_src_row(src, ty->i0) + lo;
	// A zero weight (k = 3, middle row) need not read the other row.
	const uint32_t *b = ty->w1 == 0 ? a : gridwl_src_row(src, ty->i1) + lo;
	// The source row after these, which a destination row or two from now
	// reads first: fetching it while this row is computed keeps its memory
	// latency out of the vertical loop (bench/upsample: about 10% faster).
	const uint32_t *next =
			gridwl_src_row(src,
					ty->i1 + 1 < src->height ? ty->i1 + 1 : ty->i1) +
			lo;
	for (int i = 0; i < hi - lo + 1; i += 16) {
		__builtin_prefetch(next + i, 0, 3);
	}
	vertical(a, b, ty->w0, ty->w1, k, hi - lo + 1, v + 4 * (lo - (c0 - 1)));
	if (c0 == 0) {
		memcpy(v, v + 4, 4 * sizeof(*v));
	}
	for (int j = hi - (c0 - 1) + 1; j <= padded_m + 1; j++) {
		memcpy(v + 4 * j, v + 4 * (j - 1), 4 * sizeof(*v));
	}
}

/* One group that sticks out of the destination columns [x0, x1): its
 * first destination column is gx. */
static inline __attribute__((always_inline)) void gridwl_partial_group(
		const uint16_t *v, int k, int group, int gx, int x0, int x1,
		gridwl_horizontal_func horizontal, uint32_t *row) {
	uint32_t part[4 * GRIDWL_MAX_GROUP];
	horizontal(v, 1, part);
	int lo = gx > x0 ? gx : x0;
	int hi = gx + k * group < x1 ? gx + k * group : x1;
	memcpy(row + (lo - x0), part + (lo - gx), (hi - lo) * sizeof(*row));
}

static inline __attribute__((always_inline)) void gridwl_bilinear_drive(
		const struct gridwl_pixels *src, int k, const struct gridwl_rect *rect,
		uint32_t *dst, int dst_stride, int group, gridwl_vertical_func vertical,
		gridwl_horizontal_func horizontal) {
	uint16_t v[4 * (GRIDWL_BILINEAR_CHUNK + 2)] __attribute__((aligned(32)));
	int x0 = rect->x, x1 = rect->x + rect->width;
	int s_first = x0 / k, s_end = (x1 - 1) / k + 1;
	for (int y = 0; y < rect->height; y++) {
		struct gridwl_taps ty =
				gridwl_bilinear_taps(rect->y + y, k, src->height);
		uint32_t *row = dst + (ptrdiff_t)y * dst_stride;
		for (int c0 = s_first; c0 < s_end; c0 += GRIDWL_BILINEAR_CHUNK) {
			int m = s_end - c0 < GRIDWL_BILINEAR_CHUNK ? s_end - c0 :
														 GRIDWL_BILINEAR_CHUNK;
			int padded_m = (m + group - 1) / group * group;
			gridwl_vertical_chunk(src, &ty, k, c0, m, padded_m, vertical, v);
			int g0 = 0, g1 = padded_m;
			if (k * c0 < x0) {
				gridwl_partial_group(v, k, group, k * c0, x0, x1, horizontal,
						row);
				g0 = group;
			}
			if (g1 > g0 && k * (c0 + g1) > x1) {
				g1 -= group;
				gridwl_partial_group(v + 4 * g1, k, group, k * (c0 + g1), x0,
						x1, horizontal, row);
			}
			if (g1 > g0) {
				horizontal(v + 4 * g0, (g1 - g0) / group,
						row + (k * (c0 + g0) - x0));
			}
		}
	}
}

/*
 * How far ahead of its stores the horizontal code prefetches the
 * destination. Writing a line the cache lacks first reads it; without the
 * prefetch those reads queue behind the arithmetic and a large damage
 * runs at well under the store bandwidth (bench/upsample: about a third
 * faster with it). Prefetching past the end of the image is harmless.
 */
#define GRIDWL_PREFETCH_BYTES 4096

static inline const char *gridwl_prefetch_address(const uint32_t *out) {
	// Integer arithmetic: the address may lie beyond the destination.
	return (const char *)((uintptr_t)out + GRIDWL_PREFETCH_BYTES);
}

/*
 * Box reduction, group destination pixels at a time from k rows of k *
 * group source pixels at s, rows stride pixels apart.
 */
typedef void (*gridwl_box_func)(const uint32_t *s, int stride, uint32_t *d);

static inline __attribute__((always_inline)) void gridwl_box_drive(
		const struct gridwl_pixels *src, int k, const struct gridwl_rect *rect,
		uint32_t *dst, int dst_stride, int group, gridwl_box_func box) {
	int n = rect->width / group * group;
	int rest = rect->width - n;
	uint32_t scratch[4 * 4 * GRIDWL_MAX_GROUP];
	uint32_t part[GRIDWL_MAX_GROUP];
	for (int y = 0; y < rect->height; y++) {
		const uint32_t *s =
				gridwl_src_row(src, (rect->y + y) * k) + rect->x * k;
		uint32_t *d = dst + (ptrdiff_t)y * dst_stride;
		for (int x = 0; x < n; x += group) {
			box(s + k * x, src->stride, d + x);
		}
		if (rest > 0) {
			// The last pixels through the same code, from a copy of
			// their source pixels padded with zeros: in place it would
			// read beyond the rectangle, and maybe the image.
			memset(scratch, 0, sizeof(scratch));
			for (int r = 0; r < k; r++) {
				memcpy(scratch + r * k * group,
						s + (ptrdiff_t)r * src->stride + k * n,
						k * rest * sizeof(*s));
			}
			box(scratch, k * group, part);
			memcpy(d + n, part, rest * sizeof(*d));
		}
	}
}

#endif
