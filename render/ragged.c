#include <wlr/types/wlr_compositor.h>
#include "config/scale.h"
#include "render/ragged.h"

bool gridwl_buffer_sized_state(const struct wlr_surface_state *state) {
	return state->scale > 0 &&
			state->width ==
			(int)gridwl_ceil_div(state->buffer_width, state->scale) &&
			state->height ==
			(int)gridwl_ceil_div(state->buffer_height, state->scale);
}

bool gridwl_ragged_state(const struct wlr_surface_state *state) {
	return state->scale > 1 && state->transform == WL_OUTPUT_TRANSFORM_NORMAL &&
			!state->viewport.has_src && !state->viewport.has_dst &&
			(state->buffer_width % state->scale != 0 ||
					state->buffer_height % state->scale != 0) &&
			gridwl_buffer_sized_state(state);
}

void gridwl_surface_extent(const struct wlr_surface *surface, int scale120,
		int *width, int *height) {
	const struct wlr_surface_state *state = &surface->current;
	if (gridwl_ragged_state(state)) {
		int64_t per = (int64_t)state->scale * GRIDWL_SCALE120_ONE;
		*width = (int)gridwl_ceil_div((int64_t)state->buffer_width * scale120,
				per);
		*height = (int)gridwl_ceil_div((int64_t)state->buffer_height * scale120,
				per);
	} else {
		*width = (int)gridwl_scale_round(state->width, scale120);
		*height = (int)gridwl_scale_round(state->height, scale120);
	}
}

uint32_t gridwl_ragged_pixel(const struct gridwl_pixels *src, int magnify,
		int reduce, gridwl_magnify_func magnify_func, int x, int y) {
	int x1 = (x + 1) * reduce, y1 = (y + 1) * reduce;
	if (x1 > src->width * magnify) {
		x1 = src->width * magnify;
	}
	if (y1 > src->height * magnify) {
		y1 = src->height * magnify;
	}
	uint32_t sums[4] = { 0 };
	uint32_t count = 0;
	for (int my = y * reduce; my < y1; my++) {
		for (int mx = x * reduce; mx < x1; mx++) {
			uint32_t pixel;
			if (magnify > 1) {
				struct gridwl_rect one = { mx, my, 1, 1 };
				magnify_func(src, magnify, &one, &pixel, 1);
			} else {
				pixel = src->data[(ptrdiff_t)my * src->stride + mx];
			}
			for (int c = 0; c < 4; c++) {
				sums[c] += (pixel >> (8 * c)) & 0xff;
			}
			count++;
		}
	}
	if (count == 0) {
		return 0;
	}
	uint32_t pixel = 0;
	for (int c = 0; c < 4; c++) {
		pixel |= ((sums[c] + count / 2) / count) << (8 * c);
	}
	return pixel;
}
