#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "render/kernels/kernels.h"
#include "render/kernels/rational_fast.h"

/*
 * Makes a pixel's taps the taps consecutive source pixels from its first,
 * where the axis has that many: a pixel read twice (the clamped edge of
 * bilinear) once with both weights, the rest weight 0, moved back at the
 * far edge. The sum is the same. False where that cannot be done.
 */
static bool make_consecutive(struct gridwl_axis_taps *t, int taps, int size) {
	int n = 0;
	for (int j = 0; j < t->count; j++) {
		// The indices never decrease.
		if (n > 0 && t->index[n - 1] == t->index[j]) {
			t->weight[n - 1] += t->weight[j];
			continue;
		}
		t->index[n] = t->index[j];
		t->weight[n] = t->weight[j];
		n++;
	}
	t->count = n;
	if (taps > size || t->index[n - 1] != t->index[0] + n - 1) {
		return false;
	}
	int start = t->index[0] + taps <= size ? t->index[0] : size - taps;
	uint32_t weight[GRIDWL_RATIONAL_MAX_TAPS] = { 0 };
	for (int j = 0; j < n; j++) {
		weight[t->index[j] - start] = t->weight[j];
	}
	for (int j = 0; j < taps; j++) {
		t->index[j] = start + j;
		t->weight[j] = weight[j];
	}
	t->count = taps;
	return true;
}

/* The taps of destination pixels [d0, d0 + count) as flat tables, in one
 * allocation (free(axis->weight4)). False without memory, or when a pixel
 * would read nothing, which a rectangle inside the destination never
 * asks. */
static bool axis_init(struct gridwl_rational_axis *axis,
		struct gridwl_axis_ratio ratio, bool bilinear, int d0, int count,
		int size) {
	*axis = (struct gridwl_rational_axis){
		.count = count,
		.taps = 1,
		.consecutive = true,
		.first = INT_MAX,
		.last = 0,
	};
	struct gridwl_axis_taps *all = malloc(sizeof(*all) * count);
	if (all == NULL) {
		return false;
	}
	for (int i = 0; i < count; i++) {
		struct gridwl_axis_taps *t = &all[i];
		gridwl_rational_taps(ratio, bilinear, d0 + i, size, t);
		if (t->count == 0) {
			free(all);
			return false;
		}
		axis->taps = t->count > axis->taps ? t->count : axis->taps;
	}
	for (int i = 0; i < count; i++) {
		struct gridwl_axis_taps *t = &all[i];
		axis->consecutive =
				make_consecutive(t, axis->taps, size) && axis->consecutive;
		for (int j = 0; j < t->count; j++) {
			axis->first = t->index[j] < axis->first ? t->index[j] : axis->first;
			axis->last = t->index[j] > axis->last ? t->index[j] : axis->last;
			axis->max_weight = t->weight[j] > axis->max_weight ?
					t->weight[j] :
					axis->max_weight;
		}
		axis->max_sum =
				t->weight_sum > axis->max_sum ? t->weight_sum : axis->max_sum;
	}
	size_t n = (size_t)count * axis->taps;
	// weight4 first, where malloc aligns for vectors.
	char *block = malloc(n *
					(4 * sizeof(*axis->weight4) + sizeof(*axis->index) +
							sizeof(*axis->offset) + sizeof(*axis->weight)) +
			count * sizeof(*axis->sum));
	if (block == NULL) {
		free(all);
		return false;
	}
	axis->weight4 = (float *)block;
	axis->index = (uint32_t *)(axis->weight4 + 4 * n);
	axis->offset = axis->index + n;
	axis->weight = (int32_t *)(axis->offset + n);
	axis->sum = (uint32_t *)(axis->weight + n);
	for (int i = 0; i < count; i++) {
		const struct gridwl_axis_taps *t = &all[i];
		for (int j = 0; j < axis->taps; j++) {
			size_t at = (size_t)i * axis->taps + j;
			bool real = j < t->count;
			axis->index[at] =
					(uint32_t)(t->index[real ? j : t->count - 1] - axis->first);
			axis->offset[at] = 4 * axis->index[at];
			axis->weight[at] = real ? (int32_t)t->weight[j] : 0;
			for (int c = 0; c < 4; c++) {
				axis->weight4[4 * at + c] = (float)axis->weight[at];
			}
		}
		axis->sum[i] = t->weight_sum;
	}
	free(all);
	return true;
}

/*
 * One tap per destination pixel on both axes (nearest magnification, an
 * axis kept 1:1): every destination pixel is a source pixel, copied. A
 * destination row of the same source row as the one before is a copy of
 * that row, and a row of consecutive source pixels a memcpy.
 */
static void copy_taps(const struct gridwl_pixels *src,
		const struct gridwl_rational_axis *x,
		const struct gridwl_rational_axis *y, uint32_t *dst, int dst_stride) {
	bool consecutive = true;
	for (int i = 0; i < x->count && consecutive; i++) {
		consecutive = x->index[i] == (uint32_t)i;
	}
	size_t bytes = (size_t)x->count * sizeof(*dst);
	for (int j = 0; j < y->count; j++) {
		uint32_t *out = dst + (ptrdiff_t)j * dst_stride;
		if (j > 0 && y->index[j] == y->index[j - 1]) {
			memcpy(out, out - dst_stride, bytes);
			continue;
		}
		const uint32_t *line =
				gridwl_src_row(src, y->first + y->index[j]) + x->first;
		if (consecutive) {
			memcpy(out, line, bytes);
			continue;
		}
		for (int i = 0; i < x->count; i++) {
			out[i] = line[x->index[i]];
		}
	}
}

/* The horizontal pass in doubles, for T beyond the floats' reach: sums
 * below 2^53 are exact, and the quotient is off by at most 2^-45, less
 * than 0.5 / T for every supported T (below 2^32). */
static void horizontal_double(const float *v,
		const struct gridwl_rational_axis *x, uint32_t row_sum, uint32_t *out) {
	for (int i = 0; i < x->count; i++) {
		const uint32_t *offset = x->offset + (size_t)i * x->taps;
		const int32_t *weight = x->weight + (size_t)i * x->taps;
		uint64_t product = (uint64_t)x->sum[i] * row_sum;
		double total = (double)product;
		double bias = (double)(product / 2) + 0.5;
		uint32_t pixel = 0;
		for (int c = 0; c < 4; c++) {
			double sum = 0;
			for (int t = 0; t < x->taps; t++) {
				sum += (double)weight[t] * v[offset[t] + c];
			}
			pixel |= (uint32_t)((sum + bias) / total) << (8 * c);
		}
		out[i] = pixel;
	}
}

static void two_passes(const struct gridwl_pixels *src,
		const struct gridwl_rational_axis *x,
		const struct gridwl_rational_axis *y, uint32_t *dst, int dst_stride,
		gridwl_rational_vertical_func vertical,
		gridwl_rational_horizontal_func horizontal) {
	int columns = x->last - x->first + 1;
	float *v = malloc(sizeof(*v) * 4 * columns);
	// Where each run of columns whose weights have one sum ends: one run
	// magnified, two reduced (the last column of the image may be short).
	int *run_end = malloc(sizeof(*run_end) * x->count);
	if (v == NULL || run_end == NULL) {
		free(v);
		free(run_end);
		return;
	}
	for (int i = 0, end; i < x->count; i = end) {
		for (end = i + 1; end < x->count && x->sum[end] == x->sum[i]; end++) {
		}
		run_end[i] = end;
	}
	bool floats = (uint64_t)x->max_sum * y->max_sum <=
			GRIDWL_RATIONAL_FLOAT_MAX_TOTAL;
	for (int j = 0; j < y->count; j++) {
		const uint32_t *rows[GRIDWL_RATIONAL_MAX_TAPS];
		for (int t = 0; t < y->taps; t++) {
			rows[t] = gridwl_src_row(src,
							  y->first + y->index[(size_t)j * y->taps + t]) +
					x->first;
		}
		vertical(rows, y->weight + (size_t)j * y->taps, y->taps, columns, v);
		uint32_t *out = dst + (ptrdiff_t)j * dst_stride;
		if (!floats) {
			horizontal_double(v, x, y->sum[j], out);
			continue;
		}
		for (int i = 0; i < x->count; i = run_end[i]) {
			uint32_t total = x->sum[i] * y->sum[j];
			horizontal(v, x, i, run_end[i], (float)(total / 2) + 0.5f,
					1.0f / (float)total, out);
		}
	}
	free(v);
	free(run_end);
}

void gridwl_rational_drive(const struct gridwl_pixels *src,
		struct gridwl_axis_ratio x_ratio, struct gridwl_axis_ratio y_ratio,
		bool bilinear, const struct gridwl_rect *rect, uint32_t *dst,
		int dst_stride, gridwl_rational_vertical_func vertical,
		gridwl_rational_horizontal_func horizontal) {
	if (rect->width <= 0 || rect->height <= 0) {
		return;
	}
	struct gridwl_rational_axis x, y;
	if (!axis_init(&x, x_ratio, bilinear, rect->x, rect->width, src->width)) {
		return;
	}
	if (!axis_init(&y, y_ratio, bilinear, rect->y, rect->height, src->height)) {
		free(x.weight4);
		return;
	}
	if (x.taps == 1 && y.taps == 1) {
		copy_taps(src, &x, &y, dst, dst_stride);
	} else if (y.max_weight > INT16_MAX) {
		// Bilinear in terms above 16383: the vertical pass multiplies
		// in 16 bits.
		gridwl_reference_resample_rational(src, x_ratio, y_ratio, bilinear,
				rect, dst, dst_stride);
	} else {
		two_passes(src, &x, &y, dst, dst_stride, vertical, horizontal);
	}
	free(x.weight4);
	free(y.weight4);
}
