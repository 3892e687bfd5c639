#include <limits.h>
#include <stdio.h>
#include "check.h"
#include "compositor/layout.h"

/*
 * The logical-to-device arithmetic of compositor/layout.c, which every
 * frame plan, damage region and screenshot goes through, against values
 * worked out by hand.
 */

static bool box_is(const struct wlr_box *box, int x, int y, int width,
		int height) {
	return CHECK(box->x == x && box->y == y && box->width == width &&
					box->height == height,
			"box %d,%d %dx%d, not %d,%d %dx%d", box->x, box->y, box->width,
			box->height, x, y, width, height);
}

static bool test_device_box(const void *data) {
	// An output at logical 1280,0 with scale 2.
	struct gridwl_device_map map = { 1280, 0, 2 * 120 };
	struct wlr_box box;
	bool ok = CHECK(gridwl_device_box(&map, 1300, 10, 100, 50, &box),
					  "on the output") &&
			box_is(&box, 40, 20, 200, 100);
	// Left of the output: negative device positions, unclipped.
	ok = CHECK(gridwl_device_box(&map, 1200, -5, 100, 50, &box),
				 "left of it") &&
			box_is(&box, -160, -10, 200, 100) && ok;
	// Scale 3, origin elsewhere.
	map = (struct gridwl_device_map){ -100, 50, 3 * 120 };
	ok = CHECK(gridwl_device_box(&map, -99, 51, 7, 1, &box), "scale 3") &&
			box_is(&box, 3, 3, 21, 3) && ok;
	// A subsurface at the far end of int32: refused, not wrapped.
	ok = CHECK(!gridwl_device_box(&map, INT_MAX, 0, 10, 10, &box),
				 "INT_MAX accepted") &&
			ok;
	ok = CHECK(!gridwl_device_box(&map, 0, 0, (int64_t)1 << 24, 10, &box),
				 "a 2^24 width accepted at scale 3") &&
			ok;
	ok = CHECK(!gridwl_device_box(&map, 0, 0, -1, 10, &box),
				 "a negative width accepted") &&
			ok;
	// Just inside the bound.
	map = (struct gridwl_device_map){ 0, 0, 1 * 120 };
	ok = CHECK(gridwl_device_box(&map, 1 << 24, 0, 1 << 24, 1, &box),
				 "2^24 refused at scale 1") &&
			box_is(&box, 1 << 24, 0, 1 << 24, 1) && ok;
	return ok;
}

static bool region_is(pixman_region32_t *region, const pixman_box32_t *want,
		int count) {
	pixman_region32_t expect;
	pixman_region32_init_rects(&expect, want, count);
	// pixman keeps regions in one canonical form: the same pixels are the
	// same rectangles.
	bool same = pixman_region32_equal(region, &expect);
	const pixman_box32_t *e = pixman_region32_extents(region);
	pixman_region32_fini(&expect);
	return CHECK(same, "region with extents %d,%d-%d,%d is not the expected",
			e->x1, e->y1, e->x2, e->y2);
}

static bool test_device_region(const void *data) {
	// Damage in layout coordinates on an output at 1280,0, 1280x720
	// logical, scale 2: translated, clipped to the output, scaled.
	struct gridwl_device_map map = { 1280, 0, 2 * 120 };
	pixman_region32_t logical, device;
	pixman_region32_init(&logical);
	pixman_region32_init(&device);
	pixman_region32_union_rect(&logical, &logical, 1270, 10, 20, 5);
	pixman_region32_union_rect(&logical, &logical, 2500, 700, 100, 100);
	pixman_region32_union_rect(&logical, &logical, 0, 0, 100, 100);
	gridwl_device_region(&map, &logical, 1280, 720, &device);
	const pixman_box32_t want[] = {
		{ 0, 20, 20, 30 }, // the part right of the seam
		{ 2440, 1400, 2560, 1440 }, // clipped at the corner
	};
	bool ok = region_is(&device, want, 2);
	// An empty region, and out is cleared of what it held.
	pixman_region32_clear(&logical);
	gridwl_device_region(&map, &logical, 1280, 720, &device);
	ok = CHECK(!pixman_region32_not_empty(&device), "not emptied") && ok;
	pixman_region32_fini(&logical);
	pixman_region32_fini(&device);
	return ok;
}

static bool test_surface_region(const void *data) {
	// A surface's opaque region (surface-local, logical) at scale 2, its
	// device box at 10,20, its buffer covering 41x30 device pixels (a
	// ragged X window 21x15 logical at scale 2 covers 41 columns).
	pixman_region32_t local, out;
	pixman_region32_init(&local);
	pixman_region32_init(&out);
	pixman_region32_union_rect(&local, &local, 0, 0, 21, 15);
	gridwl_device_add_surface_region(240, &local, 10, 20, 41, 30, &out);
	const pixman_box32_t want[] = { { 10, 20, 51, 50 } };
	bool ok = region_is(&out, want, 1);
	// It adds: a second surface's part stays with the first's.
	pixman_region32_clear(&local);
	pixman_region32_union_rect(&local, &local, 2, 3, 4, 5);
	gridwl_device_add_surface_region(360, &local, -6, 0, 100, 100, &out);
	const pixman_box32_t both[] = { { 0, 9, 12, 24 }, { 10, 20, 51, 50 } };
	ok = region_is(&out, both, 2) && ok;
	pixman_region32_fini(&local);
	pixman_region32_fini(&out);
	return ok;
}

/* At 1.5 every corner and size is rounded on its own (halves up, also
 * below zero): a 201-wide window is 302 device pixels wide wherever it
 * is, which is what a fractional client's buffer has. */
static bool test_fractional(const void *data) {
	struct gridwl_device_map map = { 100, 0, 180 };
	struct wlr_box box;
	bool ok = CHECK(gridwl_device_box(&map, 137, 23, 201, 101, &box),
					  "37,23 at 1.5") &&
			box_is(&box, 56, 35, 302, 152);
	ok = CHECK(gridwl_device_box(&map, 138, 23, 201, 101, &box),
				 "38,23 at 1.5") &&
			box_is(&box, 57, 35, 302, 152) && ok;
	ok = CHECK(gridwl_device_box(&map, 99, -1, 1, 1, &box), "-1,-1 at 1.5") &&
			box_is(&box, -1, -1, 2, 2) && ok;
	map.scale120 = 150;
	ok = CHECK(gridwl_device_box(&map, 201, 57, 333, 77, &box),
				 "101,57 at 1.25") &&
			box_is(&box, 126, 71, 416, 96) && ok;
	// Damage goes outwards, one more at the far edge, where a surface
	// drawn from round(x) + round(w) may end.
	map.scale120 = 180;
	pixman_region32_t logical, device;
	pixman_region32_init_rect(&logical, 101, 1, 1, 1);
	pixman_region32_init(&device);
	gridwl_device_region(&map, &logical, 1000, 1000, &device);
	const pixman_box32_t damaged[] = { { 1, 1, 4, 4 } };
	ok = region_is(&device, damaged, 1) && ok;
	// Opaque regions go inwards: only whole device pixels.
	pixman_region32_clear(&device);
	pixman_region32_fini(&logical);
	pixman_region32_init_rect(&logical, 1, 1, 3, 1);
	gridwl_device_add_surface_region(180, &logical, 10, 10, 100, 100, &device);
	const pixman_box32_t opaque[] = { { 12, 12, 16, 13 } };
	ok = region_is(&device, opaque, 1) && ok;
	pixman_region32_fini(&logical);
	pixman_region32_fini(&device);
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "device-box", test_device_box, NULL);
	check_run(&suite, "device-region", test_device_region, NULL);
	check_run(&suite, "surface-region", test_surface_region, NULL);
	check_run(&suite, "fractional", test_fractional, NULL);
	return check_finish(&suite);
}
