#define _GNU_SOURCE
#include <drm_fourcc.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>
#include <wayland-client.h>
#include <wayland-server-core.h>
#include <wlr/interfaces/wlr_buffer.h>
#include <wlr/render/pass.h>
#include <wlr/render/pixman.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_shm.h>
#include <wlr/types/wlr_viewporter.h>
#include <wlr/util/log.h>
#include "check.h"
#include "config/scale.h"
#include "client-globals.h"
#include "client-shm.h"
#include "render/compose.h"
#include "render/plan.h"
#include "render/resample_cache.h"
#include "resample_expect.h"
#include "plan-fixture.h"
#include "viewporter-client-protocol.h"

/*
 * render/ on its own: hand-made frame plans drawn into memory, no gridwl
 * running. The surfaces are real wl_surfaces of wlroots' wlr_compositor,
 * committed by a client in this process over a socket pair; the plans, the
 * boxes and the expectations are written here, not taken from compositor/.
 * One case per row of the table in render/surface_draw.c (1:1, resampled
 * copies magnified and reduced, resampled straight into the frame, the
 * renderer's own path for a viewport), and the plan's own items
 * (background, opaque region, damage, rectangles, textures). The fixture
 * is plan-fixture.h's; direct entries over several frames are
 * test-plan-direct.c's.
 */

struct scale_case {
	const char *name;
	int buffer_scale, target_scale;
	enum gridwl_filter filter;
	uint32_t format;
	int clear_columns;
};

/* A surface through the plan at another scale (or its own) against the
 * exact model of tests/lib/resample_expect.c. */
static bool test_scale_case(const void *data) {
	const struct scale_case *c = data;
	struct fixture fixture;
	struct test_surface surface = { 0 };
	struct gridwl_frame_plan plan;
	gridwl_frame_plan_init(&plan);
	bool ok = CHECK(fixture_init(&fixture), "no fixture");
	ok = ok &&
			CHECK(surface_init(&surface, &fixture, 12 * c->buffer_scale,
						  8 * c->buffer_scale, c->buffer_scale, c->format,
						  c->clear_columns),
					"no surface");
	struct image *expect = NULL;
	if (ok) {
		expect = resample_expect(surface.buffer, c->buffer_scale,
				c->target_scale,
				c->filter == GRIDWL_FILTER_BILINEAR ? RESAMPLE_BILINEAR :
													  RESAMPLE_NEAREST);
		int tolerance = resample_tolerance(c->buffer_scale, c->target_scale,
				c->filter == GRIDWL_FILTER_BILINEAR ? RESAMPLE_BILINEAR :
													  RESAMPLE_NEAREST);
		// Two frames: the first of a surface that committed is drawn
		// straight into the frame where it can be, the second from its
		// settled copy; both must be the same pixels.
		for (int frame = 0; frame < 2 && ok; frame++) {
			int width = 20 * c->target_scale, height = 12 * c->target_scale;
			plan_surface(&plan, &surface, c->target_scale * 120, width, height,
					3 * c->target_scale, 2 * c->target_scale, c->filter);
			struct image *image = draw(&fixture, &plan, NULL);
			ok = CHECK(image != NULL, "no image");
			if (ok && tolerance == 0) {
				ok = check_window(image, expect, 3 * c->target_scale,
						2 * c->target_scale, c->name);
			} else if (ok) {
				// Bilinear: within one per channel of the model.
				long off = 0;
				for (int y = 0; y < expect->height; y++) {
					for (int x = 0; x < expect->width; x++) {
						uint32_t a = image_get(image, x + 3 * c->target_scale,
								y + 2 * c->target_scale);
						uint32_t b = image_get(expect, x, y) | 0xff000000u;
						for (int ch = 0; ch < 24; ch += 8) {
							int d = (int)((a >> ch) & 0xff) -
									(int)((b >> ch) & 0xff);
							off += d > tolerance || d < -tolerance;
						}
					}
				}
				ok = CHECK(off == 0, "%s: %ld channels off", c->name, off);
			}
			image_destroy(image);
		}
	}
	image_destroy(expect);
	gridwl_frame_plan_finish(&plan);
	surface_finish(&surface);
	fixture_finish(&fixture);
	return ok;
}

/* The renderer's own path (render/surface_draw.c draw_with_renderer): a
 * viewport that crops the buffer at its own scale is a 1:1 copy of the
 * cropped part. */
static bool test_viewport_crop(const void *data) {
	struct fixture fixture;
	struct test_surface surface = { 0 };
	struct gridwl_frame_plan plan;
	gridwl_frame_plan_init(&plan);
	bool ok = CHECK(fixture_init(&fixture), "no fixture") &&
			CHECK(surface_init(&surface, &fixture, 24, 16, 2,
						  DRM_FORMAT_XRGB8888, 0),
					"no surface");
	struct image *crop = image_create(10, 6);
	if (ok && crop != NULL) {
		struct wp_viewport *viewport =
				wp_viewporter_get_viewport(fixture.viewporter,
						surface.wl_surface);
		// Buffer pixels (4, 2) to (14, 8), at scale 2: 5x3 logical.
		wp_viewport_set_source(viewport, wl_fixed_from_int(2),
				wl_fixed_from_int(1), wl_fixed_from_int(5),
				wl_fixed_from_int(3));
		wl_surface_commit(surface.wl_surface);
		roundtrip(&fixture);
		for (int y = 0; y < 6; y++) {
			for (int x = 0; x < 10; x++) {
				image_set(crop, x, y, image_get(surface.buffer, x + 4, y + 2));
			}
		}
		plan_surface(&plan, &surface, 240, 20, 12, 6, 4, GRIDWL_FILTER_NEAREST);
		struct image *image = draw(&fixture, &plan, NULL);
		ok = CHECK(image != NULL, "no image") &&
				check_window(image, crop, 6, 4, "viewport-crop");
		image_destroy(image);
		wp_viewport_destroy(viewport);
	}
	image_destroy(crop);
	gridwl_frame_plan_finish(&plan);
	surface_finish(&surface);
	fixture_finish(&fixture);
	return ok;
}

/* Rectangles and textures of gridwl's own (frames, title bars, theme
 * cursors), and the damage: what lies outside it is left as it was. */
static bool test_items_and_damage(const void *data) {
	struct fixture fixture;
	struct gridwl_frame_plan plan;
	gridwl_frame_plan_init(&plan);
	bool ok = CHECK(fixture_init(&fixture), "no fixture");
	// A 2x2 texture: opaque red and green over a transparent and a
	// half-transparent pixel (premultiplied).
	uint32_t texels[4] = { 0xffff0000u, 0xff00ff00u, 0x00000000u, 0x80400000u };
	struct wlr_texture *texture = ok ?
			wlr_texture_from_pixels(fixture.renderer, DRM_FORMAT_ARGB8888, 8, 2,
					2, texels) :
			NULL;
	ok = ok && CHECK(texture != NULL, "no texture");
	if (ok) {
		gridwl_frame_plan_reset(&plan, 120, 16, 8, BACKGROUND);
		gridwl_frame_plan_add(&plan,
				&(struct gridwl_plan_item){
						.kind = GRIDWL_PLAN_RECT,
						.box = { 1, 1, 6, 4 },
						.color = 0x285577,
				});
		pixman_region32_union_rect(&plan.opaque, &plan.opaque, 1, 1, 6, 4);
		gridwl_frame_plan_add(&plan,
				&(struct gridwl_plan_item){
						.kind = GRIDWL_PLAN_TEXTURE,
						.box = { 2, 2, 2, 2 },
						.texture = texture,
						.blend = true,
				});
		// Damage: the left half only.
		pixman_region32_t damage;
		pixman_region32_init_rect(&damage, 0, 0, 8, 8);
		struct image *image = draw(&fixture, &plan, &damage);
		pixman_region32_fini(&damage);
		ok = CHECK(image != NULL, "no image");
		for (int y = 0; ok && y < 8; y++) {
			for (int x = 0; ok && x < 16; x++) {
				uint32_t want = BACKGROUND;
				if (x >= 8) {
					want = UNTOUCHED;
				} else if (x >= 2 && x < 4 && y >= 2 && y < 4) {
					// Over the rectangle: opaque texels replace it, the
					// transparent one shows it, the half one blends.
					const uint32_t over[4] = { 0xffff0000u, 0xff00ff00u,
						0xff285577u, 0xff542a3bu };
					want = over[(y - 2) * 2 + (x - 2)];
				} else if (x >= 1 && x < 7 && y >= 1 && y < 5) {
					want = 0xff285577u;
				}
				uint32_t got = image_get(image, x, y);
				ok = CHECK(got == want, "pixel %d,%d is %08x, not %08x", x, y,
						got, want);
			}
		}
		image_destroy(image);
		wlr_texture_destroy(texture);
	}
	gridwl_frame_plan_finish(&plan);
	fixture_finish(&fixture);
	return ok;
}

/*
 * Fractional target scales, against the models written out literally here
 * (not the kernels' tap arithmetic): along an axis where a buffer of size
 * n becomes d device pixels at ratio m:r (a device pixel spans r/m buffer
 * pixels),
 * - nearest: the buffer pixel under the device pixel's centre;
 * - bilinear: the buffer position (x + 0.5) r / m - 0.5, edges clamped;
 * - area (reduced): magnify by m, then the mean of each r x r block of the
 *   magnified image that lies inside it, halves up.
 */
struct fraction_case {
	const char *name;
	int scale120;
	int buffer_scale; // 0: a viewport sizes the surface to logical w x h
	int width, height; // logical
	int buffer_width, buffer_height;
	enum gridwl_filter filter;
};

static bool test_fraction_case(const void *data) {
	const struct fraction_case *c = data;
	struct fixture fixture;
	struct test_surface surface = { 0 };
	struct gridwl_frame_plan plan;
	gridwl_frame_plan_init(&plan);
	bool ok = CHECK(fixture_init(&fixture), "no fixture") &&
			CHECK(surface_init(&surface, &fixture, c->buffer_width,
						  c->buffer_height,
						  c->buffer_scale > 0 ? c->buffer_scale : 1,
						  DRM_FORMAT_XRGB8888, 0),
					"no surface");
	struct wp_viewport *viewport = NULL;
	if (ok && c->buffer_scale == 0) {
		viewport = wp_viewporter_get_viewport(fixture.viewporter,
				surface.wl_surface);
		wp_viewport_set_destination(viewport, c->width, c->height);
		wl_surface_commit(surface.wl_surface);
		roundtrip(&fixture);
	}
	int dw = (int)gridwl_scale_round(c->width, c->scale120);
	int dh = (int)gridwl_scale_round(c->height, c->scale120);
	// The buffer's scale as a ratio per axis, as the plan's box sizes it:
	// the scales', or with a viewport the sizes'.
	struct resample_ratio k = { c->scale120, 120 * c->buffer_scale, c->scale120,
		120 * c->buffer_scale };
	if (c->buffer_scale == 0) {
		k = (struct resample_ratio){ dw, c->buffer_width, dh,
			c->buffer_height };
	}
	struct image *expect = NULL;
	if (ok) {
		expect = resample_expect_ratio(surface.buffer, dw, dh, &k,
				c->filter == GRIDWL_FILTER_BILINEAR ? RESAMPLE_BILINEAR :
													  RESAMPLE_NEAREST);
		ok = CHECK(expect != NULL, "no image");
	}
	// Both the frame written straight from the buffer and the settled
	// copy; an odd position, as a window moved by odd amounts has.
	for (int frame = 0; frame < 2 && ok; frame++) {
		plan_surface(&plan, &surface, c->scale120, dw + 7, dh + 5, 3, 2,
				c->filter);
		ok = CHECK(plan.items[0].box.width == dw &&
						plan.items[0].box.height == dh,
				"%s: box %dx%d, not %dx%d", c->name, plan.items[0].box.width,
				plan.items[0].box.height, dw, dh);
		struct image *image = draw(&fixture, &plan, NULL);
		ok = ok && CHECK(image != NULL, "no image") &&
				check_window(image, expect, 3, 2, c->name);
		image_destroy(image);
	}
	image_destroy(expect);
	if (viewport != NULL) {
		wp_viewport_destroy(viewport);
	}
	gridwl_frame_plan_finish(&plan);
	surface_finish(&surface);
	fixture_finish(&fixture);
	return ok;
}

static const struct fraction_case fraction_cases[] = {
	// A wp_fractional_scale_v1 client at 1.5: round(13 x 1.5) = 20 wide.
	{ "fraction-1to1-viewport", 180, 0, 13, 7, 20, 11, GRIDWL_FILTER_NEAREST },
	{ "fraction-1to1-viewport-1.25", 150, 0, 21, 9, 26, 11,
			GRIDWL_FILTER_NEAREST },
	// Scale 1 on 1.5, 3:2, odd sizes whose last pixel is half a span.
	{ "fraction-nearest-3:2", 180, 1, 13, 7, 13, 7, GRIDWL_FILTER_NEAREST },
	{ "fraction-bilinear-3:2", 180, 1, 13, 7, 13, 7, GRIDWL_FILTER_BILINEAR },
	// Scale 2 on 1.5: the area average at 3:4.
	{ "fraction-area-3:4", 180, 2, 12, 8, 24, 16, GRIDWL_FILTER_NEAREST },
	// 5:4, past the integer passes' factors.
	{ "fraction-nearest-5:4", 150, 1, 12, 8, 12, 8, GRIDWL_FILTER_NEAREST },
	{ "fraction-area-7:8", 210, 2, 9, 5, 18, 10, GRIDWL_FILTER_BILINEAR },
	// A buffer drawn for 1.5 on a scale-1 output (a window across the
	// seam): 20 columns into 13, the area average at 13:20.
	{ "fraction-viewport-reduce", 120, 0, 13, 7, 20, 11,
			GRIDWL_FILTER_NEAREST },
};

static const struct scale_case scale_cases[] = {
	{ "1to1-scale2", 2, 2, GRIDWL_FILTER_NEAREST, DRM_FORMAT_XRGB8888, 0 },
	{ "1to1-translucent", 1, 1, GRIDWL_FILTER_NEAREST, DRM_FORMAT_ARGB8888, 3 },
	{ "magnify-nearest", 1, 2, GRIDWL_FILTER_NEAREST, DRM_FORMAT_ARGB8888, 0 },
	{ "magnify-nearest-direct", 1, 2, GRIDWL_FILTER_NEAREST,
			DRM_FORMAT_XRGB8888, 0 },
	{ "magnify-bilinear", 1, 2, GRIDWL_FILTER_BILINEAR, DRM_FORMAT_XRGB8888,
			0 },
	{ "magnify-3", 1, 3, GRIDWL_FILTER_NEAREST, DRM_FORMAT_XRGB8888, 0 },
	{ "reduce-box", 2, 1, GRIDWL_FILTER_NEAREST, DRM_FORMAT_XRGB8888, 0 },
	{ "reduce-3-on-2", 3, 2, GRIDWL_FILTER_NEAREST, DRM_FORMAT_XRGB8888, 0 },
};

int main(void) {
	wlr_log_init(WLR_ERROR, NULL);
	struct check_suite suite = { 0 };
	for (size_t i = 0; i < sizeof(scale_cases) / sizeof(scale_cases[0]); i++) {
		check_run(&suite, scale_cases[i].name, test_scale_case,
				&scale_cases[i]);
	}
	for (size_t i = 0; i < sizeof(fraction_cases) / sizeof(fraction_cases[0]);
			i++) {
		check_run(&suite, fraction_cases[i].name, test_fraction_case,
				&fraction_cases[i]);
	}
	check_run(&suite, "viewport-crop", test_viewport_crop, NULL);
	check_run(&suite, "items-and-damage", test_items_and_damage, NULL);
	return check_finish(&suite);
}
