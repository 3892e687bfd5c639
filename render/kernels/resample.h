#ifndef GRIDWL_RENDER_KERNELS_RESAMPLE_H
#define GRIDWL_RENDER_KERNELS_RESAMPLE_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Integer resampling kernels: magnification by k (nearest or bilinear) and
 * reduction by k (box average), k in {2, 3, 4}.
 *
 * Pixels are 32-bit words of four 8-bit channels (ARGB8888 premultiplied or
 * XRGB8888). Every kernel treats the four channels alike, so the X byte of
 * XRGB8888 comes out as whatever the same arithmetic makes of it, which is
 * harmless because nothing reads it.
 *
 * Each kernel fills one destination rectangle (x, y, width, height), given
 * in the coordinates of the whole resampled image, and writes it to dst,
 * which points at the rectangle's top-left pixel. A small damaged area is
 * thus a small call, and the destination may be a cache of the whole image
 * or a scratch buffer of just the rectangle.
 *
 * Definitions (the reference kernels implement these literally):
 * - nearest magnification: dst(x, y) = src(x / k, y / k).
 * - bilinear magnification: destination pixel centre (x + 0.5) / k - 0.5 in
 *   source space, neighbours clamped at the edges, weights the exact
 *   multiples of 1 / (2k) per axis that integer k gives, the product rounded
 *   to nearest (halves up), in one pass for every k.
 * - box reduction: dst(x, y) = the rounded mean of the k x k source pixels
 *   src(k x .. k x + k - 1, k y .. k y + k - 1), halves up.
 *
 * Every implementation gives the same pixels bit for bit, and a rectangle
 * gives the same pixels as that part of the whole image, so damage can be
 * recomputed piecemeal. An empty rectangle writes nothing. The kernels
 * keep no state and may run on several threads at once.
 */

struct gridwl_pixels {
	const uint32_t *data;
	int width, height;
	int stride; // in pixels
};

struct gridwl_rect {
	int x, y, width, height;
};

/* Magnification: src is the whole source image; rect lies inside
 * src->width * k x src->height * k. */
typedef void (*gridwl_magnify_func)(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride);
/* Reduction: src is the whole source image, whose size is a multiple of k;
 * rect lies inside src->width / k x src->height / k. */
typedef void (*gridwl_reduce_func)(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride);

enum gridwl_kernel_isa {
	GRIDWL_ISA_REFERENCE,
	GRIDWL_ISA_SSE2,
	GRIDWL_ISA_AVX2,
};

struct gridwl_kernels {
	enum gridwl_kernel_isa isa;
	const char *name; // "reference", "sse2", "avx2"
	gridwl_magnify_func magnify_nearest;
	gridwl_magnify_func magnify_bilinear;
	gridwl_reduce_func reduce_box;
};

/* The kernels for isa, or NULL when this build or this CPU lacks it. */
const struct gridwl_kernels *gridwl_kernels_for_isa(enum gridwl_kernel_isa isa);
/* The fastest kernels this CPU runs. */
const struct gridwl_kernels *gridwl_kernels_best(void);

#endif
