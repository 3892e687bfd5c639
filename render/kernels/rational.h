#ifndef GRIDWL_RENDER_KERNELS_RATIONAL_H
#define GRIDWL_RENDER_KERNELS_RATIONAL_H

#include <stdbool.h>
#include "render/kernels/resample.h"

/*
 * Resampling at any rational ratio per axis, for what the integer kernels
 * (resample.h) cannot express: a fractional output scale (a scale-1
 * buffer at 3:2 on a 1.5 output, a scale-2 one at 3:4) or a viewport.
 * Along an axis of ratio m:r a destination pixel d spans source
 * [d r / m, (d + 1) r / m):
 * - magnified (m > r), nearest: the source pixel under d's centre,
 *   floor((d + 0.5) r / m), so each source pixel is repeated whole (at 3:2
 *   one, two, one, two... times) and nothing is blended;
 * - magnified, bilinear: the source position (d + 0.5) r / m - 0.5 between
 *   its two neighbours (clamped at the edges), weights multiples of
 *   1 / (2m);
 * - reduced or kept (m <= r): the exact area average, each source pixel
 *   weighted by how much of d's span it covers (multiples of 1 / m), over
 *   the part of the span inside the source;
 * and the two axes' weights are multiplied and the sum rounded once,
 * halves up. With r = 1 this is what the integer kernels compute for k = m,
 * bit for bit; with m = 1 it is the box reduction by r.
 */

struct gridwl_axis_ratio {
	int m, r; // a destination pixel spans r / m source pixels
};

/* The largest number of source pixels one destination pixel may read
 * along an axis; a stronger reduction is refused. */
#define GRIDWL_RATIONAL_MAX_TAPS 8

/* Terms up to this keep every weighted sum inside 64 bits. */
#define GRIDWL_RATIONAL_MAX_TERM 32767

/* Whether the ratio can be resampled: terms from 1 to
 * GRIDWL_RATIONAL_MAX_TERM, reduced by less than
 * GRIDWL_RATIONAL_MAX_TAPS - 1. */
bool gridwl_rational_supported(struct gridwl_axis_ratio ratio);

/* Fills rect (destination pixels of the whole resampled image) into dst,
 * which points at its top-left pixel. The destination image is the
 * source's size times m / r per axis, rounded as the caller likes:
 * taps past the source's edge are clamped (magnified) or left out
 * (reduced). Like the integer kernels, a rectangle gives the same pixels
 * as that part of the whole image, and every implementation the same
 * bits. */
typedef void (*gridwl_rational_func)(const struct gridwl_pixels *src,
		struct gridwl_axis_ratio x_ratio, struct gridwl_axis_ratio y_ratio,
		bool bilinear, const struct gridwl_rect *rect, uint32_t *dst,
		int dst_stride);

/* The fastest implementation this CPU runs (gridwl_kernels_best's). */
void gridwl_resample_rational(const struct gridwl_pixels *src,
		struct gridwl_axis_ratio x_ratio, struct gridwl_axis_ratio y_ratio,
		bool bilinear, const struct gridwl_rect *rect, uint32_t *dst,
		int dst_stride);

/* The implementation for isa, or NULL when this build or this CPU lacks
 * it (as gridwl_kernels_for_isa). */
gridwl_rational_func gridwl_rational_for_isa(enum gridwl_kernel_isa isa);

#endif
