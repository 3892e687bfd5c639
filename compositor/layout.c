#include "compositor/layout.h"
#include "compositor/output.h"

struct gridwl_device_map gridwl_device_map_for_output(
		struct gridwl_output *output) {
	struct wlr_box box = gridwl_output_logical_box(output);
	return (struct gridwl_device_map){
		.x = box.x,
		.y = box.y,
		.scale120 = output->scale120,
	};
}

bool gridwl_device_box(const struct gridwl_device_map *map, int64_t x,
		int64_t y, int64_t width, int64_t height, struct wlr_box *out) {
	const int64_t far = GRIDWL_DEVICE_FAR_OFF;
	// Far enough out that the products below cannot overflow either.
	if (x - map->x < -far || x - map->x > far || y - map->y < -far ||
			y - map->y > far || width < 0 || width > far || height < 0 ||
			height > far) {
		return false;
	}
	int scale120 = map->scale120;
	int64_t dx = gridwl_scale_round(x - map->x, scale120);
	int64_t dy = gridwl_scale_round(y - map->y, scale120);
	int64_t dw = gridwl_scale_round(width, scale120);
	int64_t dh = gridwl_scale_round(height, scale120);
	if (dx < -far || dx > far || dy < -far || dy > far || dw > far ||
			dh > far) {
		return false;
	}
	*out = (struct wlr_box){ (int)dx, (int)dy, (int)dw, (int)dh };
	return true;
}

/* Logical [lo, hi) in device pixels, rounded outwards. Where the scale is
 * fractional, what is drawn from [lo, hi) may start at round(lo) and end
 * at round(lo) + round(hi - lo), up to one past ceil(hi): one more. */
static void device_span_out(int64_t lo, int64_t hi, int scale120,
		int64_t *out_lo, int64_t *out_hi) {
	*out_lo = gridwl_floor_div(lo * scale120, GRIDWL_SCALE120_ONE);
	*out_hi = gridwl_ceil_div(hi * scale120, GRIDWL_SCALE120_ONE);
	if (!gridwl_scale_is_integer(scale120)) {
		*out_hi += 1;
	}
}

void gridwl_device_region(const struct gridwl_device_map *map,
		const pixman_region32_t *logical, int bounds_width, int bounds_height,
		pixman_region32_t *out) {
	pixman_region32_t local;
	pixman_region32_init(&local);
	pixman_region32_copy(&local, logical);
	pixman_region32_translate(&local, -map->x, -map->y);
	pixman_region32_intersect_rect(&local, &local, 0, 0, bounds_width,
			bounds_height);
	pixman_region32_clear(out);
	int count;
	const pixman_box32_t *rects = pixman_region32_rectangles(&local, &count);
	for (int i = 0; i < count; i++) {
		int64_t x1, x2, y1, y2;
		device_span_out(rects[i].x1, rects[i].x2, map->scale120, &x1, &x2);
		device_span_out(rects[i].y1, rects[i].y2, map->scale120, &y1, &y2);
		pixman_region32_union_rect(out, out, (int)x1, (int)y1,
				(unsigned)(x2 - x1), (unsigned)(y2 - y1));
	}
	pixman_region32_fini(&local);
}

/* Logical [lo, hi) in device pixels, rounded inwards: only pixels it
 * covers whole. */
static void device_span_in(int64_t lo, int64_t hi, int scale120,
		int64_t *out_lo, int64_t *out_hi) {
	*out_lo = gridwl_ceil_div(lo * scale120, GRIDWL_SCALE120_ONE);
	*out_hi = gridwl_floor_div(hi * scale120, GRIDWL_SCALE120_ONE);
}

void gridwl_device_add_surface_region(int scale120,
		const pixman_region32_t *local, int x, int y, int width, int height,
		pixman_region32_t *out) {
	int count;
	const pixman_box32_t *rects = pixman_region32_rectangles(local, &count);
	for (int i = 0; i < count; i++) {
		int64_t x1, x2, y1, y2;
		device_span_in(rects[i].x1, rects[i].x2, scale120, &x1, &x2);
		device_span_in(rects[i].y1, rects[i].y2, scale120, &y1, &y2);
		x1 = x1 > 0 ? x1 : 0;
		y1 = y1 > 0 ? y1 : 0;
		x2 = x2 < width ? x2 : width;
		y2 = y2 < height ? y2 : height;
		if (x2 > x1 && y2 > y1) {
			pixman_region32_union_rect(out, out, (int)(x + x1), (int)(y + y1),
					(unsigned)(x2 - x1), (unsigned)(y2 - y1));
		}
	}
}
