#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "render/kernels/kernels.h"
#include "render/kernels/rational.h"
#include "render/kernels/rational_fast.h"

static int clamp(int v, int lo, int hi) {
	return v < lo ? lo : v > hi ? hi : v;
}

static int64_t floor_div(int64_t a, int64_t b) {
	int64_t q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

bool gridwl_rational_supported(struct gridwl_axis_ratio ratio) {
	// A span of r / m source pixels touches at most ceil(r / m) + 1.
	return ratio.m > 0 && ratio.r > 0 && ratio.m <= GRIDWL_RATIONAL_MAX_TERM &&
			ratio.r <= GRIDWL_RATIONAL_MAX_TERM &&
			(int64_t)ratio.r <
			(int64_t)(GRIDWL_RATIONAL_MAX_TAPS - 1) * ratio.m;
}

void gridwl_rational_taps(struct gridwl_axis_ratio ratio, bool bilinear, int d,
		int size, struct gridwl_axis_taps *taps) {
	int64_t m = ratio.m, r = ratio.r;
	taps->count = 0;
	taps->weight_sum = 0;
	if (m > r && !bilinear) {
		taps->index[0] =
				clamp((int)(((2 * (int64_t)d + 1) * r) / (2 * m)), 0, size - 1);
		taps->weight[0] = 1;
		taps->count = 1;
		taps->weight_sum = 1;
	} else if (m > r) {
		// Position (2d + 1) r - m over 2m, in source pixels from the
		// first pixel's centre.
		int64_t position = (2 * (int64_t)d + 1) * r - m;
		int64_t i = floor_div(position, 2 * m);
		uint32_t f = (uint32_t)(position - 2 * m * i);
		taps->index[0] = clamp((int)i, 0, size - 1);
		taps->weight[0] = (uint32_t)(2 * m) - f;
		taps->index[1] = clamp((int)i + 1, 0, size - 1);
		taps->weight[1] = f;
		taps->count = 2;
		taps->weight_sum = (uint32_t)(2 * m);
	} else {
		// In units of 1 / m source pixels: the span is [d r, d r + r),
		// source pixel i is [i m, i m + m).
		int64_t start = (int64_t)d * r, end = start + r;
		if (end > (int64_t)size * m) {
			end = (int64_t)size * m;
		}
		for (int64_t i = start / m; i * m < end; i++) {
			int64_t lo = i * m > start ? i * m : start;
			int64_t hi = (i + 1) * m < end ? (i + 1) * m : end;
			taps->index[taps->count] = (int)i;
			taps->weight[taps->count] = (uint32_t)(hi - lo);
			taps->weight_sum += (uint32_t)(hi - lo);
			taps->count++;
		}
	}
}

static uint32_t channel(uint32_t pixel, int c) {
	return (pixel >> (8 * c)) & 0xff;
}

void gridwl_reference_resample_rational(const struct gridwl_pixels *src,
		struct gridwl_axis_ratio x_ratio, struct gridwl_axis_ratio y_ratio,
		bool bilinear, const struct gridwl_rect *rect, uint32_t *dst,
		int dst_stride) {
	if (rect->width <= 0 || rect->height <= 0) {
		return;
	}
	struct gridwl_axis_taps *columns = malloc(sizeof(*columns) * rect->width);
	if (columns == NULL) {
		return;
	}
	for (int x = 0; x < rect->width; x++) {
		gridwl_rational_taps(x_ratio, bilinear, rect->x + x, src->width,
				&columns[x]);
	}
	for (int y = 0; y < rect->height; y++) {
		struct gridwl_axis_taps row;
		gridwl_rational_taps(y_ratio, bilinear, rect->y + y, src->height, &row);
		uint32_t *out = dst + (ptrdiff_t)y * dst_stride;
		for (int x = 0; x < rect->width; x++) {
			const struct gridwl_axis_taps *column = &columns[x];
			// At most 8 x 8 taps, weights up to 2^16 per axis: the
			// product of the sums stays far inside 64 bits.
			uint64_t total = (uint64_t)row.weight_sum * column->weight_sum;
			uint64_t sums[4] = { 0 };
			for (int j = 0; j < row.count; j++) {
				const uint32_t *line = gridwl_src_row(src, row.index[j]);
				for (int i = 0; i < column->count; i++) {
					uint64_t w = (uint64_t)row.weight[j] * column->weight[i];
					uint32_t pixel = line[column->index[i]];
					for (int c = 0; c < 4; c++) {
						sums[c] += w * channel(pixel, c);
					}
				}
			}
			uint32_t pixel = 0;
			for (int c = 0; c < 4; c++) {
				pixel |= (uint32_t)((sums[c] + total / 2) / total) << (8 * c);
			}
			out[x] = pixel;
		}
	}
	free(columns);
}
