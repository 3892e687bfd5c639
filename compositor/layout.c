#include "compositor/layout.h"
#include "compositor/output.h"

struct gridwl_device_map gridwl_device_map_for_output(
		struct gridwl_output *output) {
	struct wlr_box box = gridwl_output_logical_box(output);
	return (struct gridwl_device_map){
		.x = box.x,
		.y = box.y,
		.scale = output->scale,
	};
}

bool gridwl_device_box(const struct gridwl_device_map *map, int64_t x,
		int64_t y, int64_t width, int64_t height, struct wlr_box *out) {
	int64_t scale = map->scale;
	int64_t dx = (x - map->x) * scale, dy = (y - map->y) * scale;
	int64_t dw = width * scale, dh = height * scale;
	const int64_t far = GRIDWL_DEVICE_FAR_OFF;
	if (dx < -far || dx > far || dy < -far || dy > far || dw < 0 || dw > far ||
			dh < 0 || dh > far) {
		return false;
	}
	*out = (struct wlr_box){ (int)dx, (int)dy, (int)dw, (int)dh };
	return true;
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
	int scale = map->scale;
	for (int i = 0; i < count; i++) {
		pixman_region32_union_rect(out, out, rects[i].x1 * scale,
				rects[i].y1 * scale, (rects[i].x2 - rects[i].x1) * scale,
				(rects[i].y2 - rects[i].y1) * scale);
	}
	pixman_region32_fini(&local);
}

void gridwl_device_add_surface_region(int scale, const pixman_region32_t *local,
		int x, int y, int width, int height, pixman_region32_t *out) {
	int count;
	const pixman_box32_t *rects = pixman_region32_rectangles(local, &count);
	for (int i = 0; i < count; i++) {
		int64_t x1 = (int64_t)rects[i].x1 * scale;
		int64_t y1 = (int64_t)rects[i].y1 * scale;
		int64_t x2 = (int64_t)rects[i].x2 * scale;
		int64_t y2 = (int64_t)rects[i].y2 * scale;
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
