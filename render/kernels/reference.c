/*
 * The reference kernels: the definitions in resample.h, one destination
 * pixel and one channel at a time, as plainly as they can be written. The
 * fast kernels must match them bit for bit.
 */
#include <stddef.h>
#include <stdint.h>
#include "render/kernels/kernels.h"

static uint32_t channel(uint32_t pixel, int c) {
	return (pixel >> (8 * c)) & 0xff;
}

void gridwl_reference_magnify_nearest(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	for (int y = 0; y < rect->height; y++) {
		const uint32_t *row = gridwl_src_row(src, (rect->y + y) / k);
		uint32_t *out = dst + (ptrdiff_t)y * dst_stride;
		for (int x = 0; x < rect->width; x++) {
			out[x] = row[(rect->x + x) / k];
		}
	}
}

void gridwl_reference_magnify_bilinear(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	// The weights are multiples of 1 / 2k per axis, so the 2D sum is an
	// integer over d = (2k)^2, rounded once.
	uint32_t d = 4 * k * k;
	for (int y = 0; y < rect->height; y++) {
		struct gridwl_taps ty =
				gridwl_bilinear_taps(rect->y + y, k, src->height);
		const uint32_t *row0 = gridwl_src_row(src, ty.i0);
		const uint32_t *row1 = gridwl_src_row(src, ty.i1);
		uint32_t *out = dst + (ptrdiff_t)y * dst_stride;
		for (int x = 0; x < rect->width; x++) {
			struct gridwl_taps tx =
					gridwl_bilinear_taps(rect->x + x, k, src->width);
			uint32_t p00 = row0[tx.i0], p01 = row0[tx.i1];
			uint32_t p10 = row1[tx.i0], p11 = row1[tx.i1];
			uint32_t pixel = 0;
			for (int c = 0; c < 4; c++) {
				uint32_t sum = ty.w0 * tx.w0 * channel(p00, c) +
						ty.w0 * tx.w1 * channel(p01, c) +
						ty.w1 * tx.w0 * channel(p10, c) +
						ty.w1 * tx.w1 * channel(p11, c);
				pixel |= ((sum + d / 2) / d) << (8 * c);
			}
			out[x] = pixel;
		}
	}
}

void gridwl_reference_reduce_box(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	uint32_t n = k * k;
	for (int y = 0; y < rect->height; y++) {
		uint32_t *out = dst + (ptrdiff_t)y * dst_stride;
		for (int x = 0; x < rect->width; x++) {
			int sx = (rect->x + x) * k, sy = (rect->y + y) * k;
			uint32_t pixel = 0;
			for (int c = 0; c < 4; c++) {
				uint32_t sum = 0;
				for (int j = 0; j < k; j++) {
					const uint32_t *row = gridwl_src_row(src, sy + j);
					for (int i = 0; i < k; i++) {
						sum += channel(row[sx + i], c);
					}
				}
				pixel |= ((sum + n / 2) / n) << (8 * c);
			}
			out[x] = pixel;
		}
	}
}

const struct gridwl_kernels gridwl_kernels_reference = {
	.isa = GRIDWL_ISA_REFERENCE,
	.name = "reference",
	.magnify_nearest = gridwl_reference_magnify_nearest,
	.magnify_bilinear = gridwl_reference_magnify_bilinear,
	.reduce_box = gridwl_reference_reduce_box,
};
