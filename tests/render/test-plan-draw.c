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
#include "viewporter-client-protocol.h"

/*
 * render/ on its own: hand-made frame plans drawn into memory, no gridwl
 * running. The surfaces are real wl_surfaces of wlroots' wlr_compositor,
 * committed by a client in this process over a socket pair; the plans, the
 * boxes and the expectations are written here, not taken from compositor/.
 * One case per row of the table in render/surface_draw.c (1:1, resampled
 * copies magnified and reduced, resampled straight into the frame, the
 * renderer's own path for a viewport), and the plan's own items
 * (background, opaque region, damage, rectangles, textures).
 */

#define BACKGROUND 0xff333333u
// What the target holds before a plan is drawn: whatever is outside the
// damage must still hold it.
#define UNTOUCHED 0xff0000ffu

struct memory_buffer {
	struct wlr_buffer base;
	uint32_t *data;
};

static void memory_buffer_destroy(struct wlr_buffer *wlr_buffer) {
	struct memory_buffer *buffer = wl_container_of(wlr_buffer, buffer, base);
	free(buffer->data);
	free(buffer);
}

static bool memory_buffer_begin(struct wlr_buffer *wlr_buffer, uint32_t flags,
		void **data, uint32_t *format, size_t *stride) {
	struct memory_buffer *buffer = wl_container_of(wlr_buffer, buffer, base);
	*data = buffer->data;
	*format = DRM_FORMAT_XRGB8888;
	*stride = (size_t)wlr_buffer->width * 4;
	return true;
}

static void memory_buffer_end(struct wlr_buffer *wlr_buffer) {
}

static const struct wlr_buffer_impl memory_buffer_impl = {
	.destroy = memory_buffer_destroy,
	.begin_data_ptr_access = memory_buffer_begin,
	.end_data_ptr_access = memory_buffer_end,
};

struct fixture {
	// The server side: what gridwl would have, minus gridwl.
	struct wl_display *display;
	struct wlr_renderer *renderer;
	struct wlr_compositor *compositor;
	struct wlr_surface *new_surface;
	struct wl_listener new_surface_listener;
	struct gridwl_resample_stats stats;
	// The client side.
	struct wl_display *client;
	struct client_globals globals;
	struct wl_registry *registry;
	struct wl_compositor *wl_compositor;
	struct wl_shm *shm;
	struct wp_viewporter *viewporter;
};

/* One surface of the client, its server side and its resampled copies. */
struct test_surface {
	struct fixture *fixture;
	struct wl_surface *wl_surface;
	struct wlr_surface *surface;
	struct gridwl_resample_cache cache;
	struct wl_listener commit;
	struct image *buffer; // what the client drew
};

static void handle_new_surface(struct wl_listener *listener, void *data) {
	struct fixture *fixture =
			wl_container_of(listener, fixture, new_surface_listener);
	fixture->new_surface = data;
}

static void sync_done(void *data, struct wl_callback *callback,
		uint32_t serial) {
	*(bool *)data = true;
}

static const struct wl_callback_listener sync_listener = {
	.done = sync_done,
};

/* Runs both sides until the client's requests are handled and the answers
 * are back: the client's wl_display_roundtrip, with the server in the same
 * thread. */
static void roundtrip(struct fixture *fixture) {
	bool done = false;
	struct wl_callback *callback = wl_display_sync(fixture->client);
	wl_callback_add_listener(callback, &sync_listener, &done);
	struct wl_event_loop *loop = wl_display_get_event_loop(fixture->display);
	for (int i = 0; i < 1000 && !done; i++) {
		wl_display_flush(fixture->client);
		wl_event_loop_dispatch(loop, 0);
		wl_display_flush_clients(fixture->display);
		if (wl_display_prepare_read(fixture->client) == 0) {
			struct pollfd pfd = { wl_display_get_fd(fixture->client), POLLIN,
				0 };
			if (poll(&pfd, 1, 10) > 0) {
				wl_display_read_events(fixture->client);
			} else {
				wl_display_cancel_read(fixture->client);
			}
		}
		wl_display_dispatch_pending(fixture->client);
	}
	wl_callback_destroy(callback);
}

static const struct client_global client_table[] = {
	{ &wl_compositor_interface, 4, offsetof(struct fixture, wl_compositor),
			NULL },
	{ &wl_shm_interface, 1, offsetof(struct fixture, shm), NULL },
	{ &wp_viewporter_interface, 1, offsetof(struct fixture, viewporter), NULL },
	{ NULL },
};

static bool fixture_init(struct fixture *fixture) {
	*fixture = (struct fixture){ 0 };
	fixture->display = wl_display_create();
	fixture->renderer = wlr_pixman_renderer_create();
	if (fixture->display == NULL || fixture->renderer == NULL) {
		return false;
	}
	fixture->compositor =
			wlr_compositor_create(fixture->display, 6, fixture->renderer);
	wlr_shm_create_with_renderer(fixture->display, 1, fixture->renderer);
	wlr_viewporter_create(fixture->display);
	fixture->new_surface_listener.notify = handle_new_surface;
	wl_signal_add(&fixture->compositor->events.new_surface,
			&fixture->new_surface_listener);
	int fds[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
		return false;
	}
	wl_client_create(fixture->display, fds[0]);
	fixture->client = wl_display_connect_to_fd(fds[1]);
	if (fixture->client == NULL) {
		return false;
	}
	fixture->globals = (struct client_globals){
		.table = client_table,
		.data = fixture,
	};
	fixture->registry =
			client_globals_listen(fixture->client, &fixture->globals);
	roundtrip(fixture);
	return fixture->wl_compositor != NULL && fixture->shm != NULL &&
			fixture->viewporter != NULL;
}

static void fixture_finish(struct fixture *fixture) {
	if (fixture->wl_compositor != NULL) {
		wl_compositor_destroy(fixture->wl_compositor);
	}
	if (fixture->shm != NULL) {
		wl_shm_destroy(fixture->shm);
	}
	if (fixture->viewporter != NULL) {
		wp_viewporter_destroy(fixture->viewporter);
	}
	if (fixture->registry != NULL) {
		wl_registry_destroy(fixture->registry);
	}
	if (fixture->client != NULL) {
		wl_display_disconnect(fixture->client);
	}
	if (fixture->display != NULL) {
		wl_list_remove(&fixture->new_surface_listener.link);
		wl_display_destroy_clients(fixture->display);
		wl_display_destroy(fixture->display);
	}
	if (fixture->renderer != NULL) {
		wlr_renderer_destroy(fixture->renderer);
	}
}

/* gridwl's compositor/surface.c does this on every commit. */
static void surface_handle_commit(struct wl_listener *listener, void *data) {
	struct test_surface *surface = wl_container_of(listener, surface, commit);
	gridwl_resample_cache_commit(&surface->cache, surface->surface);
}

/* Commits a new bw x bh buffer of format showing kind, wholly damaged. */
static bool surface_attach(struct test_surface *surface, enum pattern_kind kind,
		int bw, int bh, int scale, uint32_t format, int clear_columns) {
	struct fixture *fixture = surface->fixture;
	struct pattern pattern = { .kind = kind };
	image_destroy(surface->buffer);
	surface->buffer = resample_pattern_buffer(&pattern, bw, bh);
	uint32_t *pixels;
	struct wl_buffer *buffer = client_shm_buffer(fixture->shm, bw, bh,
			format == DRM_FORMAT_XRGB8888 ? WL_SHM_FORMAT_XRGB8888 :
											WL_SHM_FORMAT_ARGB8888,
			&pixels);
	if (surface->buffer == NULL || buffer == NULL) {
		return false;
	}
	for (int y = 0; y < bh; y++) {
		for (int x = 0; x < bw; x++) {
			if (x >= bw - clear_columns) {
				image_set(surface->buffer, x, y, 0);
			}
			pixels[y * bw + x] = image_get(surface->buffer, x, y);
		}
	}
	munmap(pixels, client_shm_size(bw, bh));
	wl_surface_attach(surface->wl_surface, buffer, 0, 0);
	wl_surface_set_buffer_scale(surface->wl_surface, scale);
	wl_surface_damage_buffer(surface->wl_surface, 0, 0, bw, bh);
	wl_surface_commit(surface->wl_surface);
	wl_buffer_destroy(buffer);
	roundtrip(fixture);
	return wlr_surface_get_texture(surface->surface) != NULL;
}

/* A surface showing a pattern in a bw x bh buffer of format at buffer
 * scale, with transparent columns at its right where clear_columns > 0. */
static bool surface_init(struct test_surface *surface, struct fixture *fixture,
		int bw, int bh, int scale, uint32_t format, int clear_columns) {
	*surface = (struct test_surface){ .fixture = fixture };
	fixture->new_surface = NULL;
	surface->wl_surface = wl_compositor_create_surface(fixture->wl_compositor);
	roundtrip(fixture);
	surface->surface = fixture->new_surface;
	if (surface->surface == NULL) {
		return false;
	}
	gridwl_resample_cache_init(&surface->cache, &fixture->stats,
			fixture->renderer);
	surface->commit.notify = surface_handle_commit;
	wl_signal_add(&surface->surface->events.commit, &surface->commit);
	return surface_attach(surface, PATTERN_COORDS, bw, bh, scale, format,
			clear_columns);
}

static void surface_finish(struct test_surface *surface) {
	if (surface->surface != NULL) {
		gridwl_resample_cache_finish(&surface->cache);
		wl_list_remove(&surface->commit.link);
	}
	if (surface->wl_surface != NULL) {
		wl_surface_destroy(surface->wl_surface);
		roundtrip(surface->fixture);
	}
	image_destroy(surface->buffer);
}

/* Draws plan into a new width x height target filled with UNTOUCHED, where
 * damage says (NULL: everywhere), as the frame path does: prepare, then a
 * render pass. */
static struct image *draw(struct fixture *fixture,
		const struct gridwl_frame_plan *plan, const pixman_region32_t *damage) {
	struct memory_buffer *buffer = calloc(1, sizeof(*buffer));
	struct image *image = image_create(plan->width, plan->height);
	if (buffer == NULL || image == NULL) {
		free(buffer);
		image_destroy(image);
		return NULL;
	}
	buffer->data = calloc((size_t)plan->width * plan->height, 4);
	for (int i = 0; i < plan->width * plan->height; i++) {
		buffer->data[i] = UNTOUCHED;
	}
	wlr_buffer_init(&buffer->base, &memory_buffer_impl, plan->width,
			plan->height);
	pixman_region32_t whole;
	pixman_region32_init_rect(&whole, 0, 0, plan->width, plan->height);
	gridwl_render_plan_prepare(plan);
	struct wlr_render_pass *pass =
			wlr_renderer_begin_buffer_pass(fixture->renderer, &buffer->base,
					NULL);
	gridwl_render_plan_draw(plan, fixture->renderer, pass, &buffer->base,
			damage != NULL ? damage : &whole);
	wlr_render_pass_submit(pass);
	pixman_region32_fini(&whole);
	for (int i = 0; i < plan->width * plan->height; i++) {
		// XRGB: the alpha byte means nothing.
		image->pixels[i] = buffer->data[i] | 0xff000000u;
	}
	wlr_buffer_drop(&buffer->base);
	return image;
}

/* A plan of one surface at (x, y) of a target of scale120, over the
 * background, its opaque region counted as the compositor counts it; its
 * box sized as compositor/layout.c sizes it. */
static void plan_surface(struct gridwl_frame_plan *plan,
		struct test_surface *surface, int scale120, int width, int height,
		int x, int y, enum gridwl_filter filter) {
	gridwl_frame_plan_reset(plan, scale120, width, height, BACKGROUND);
	struct wlr_surface *wlr_surface = surface->surface;
	struct gridwl_plan_item item = {
		.kind = GRIDWL_PLAN_SURFACE,
		.box = { x, y,
				(int)gridwl_scale_round(wlr_surface->current.width, scale120),
				(int)gridwl_scale_round(wlr_surface->current.height,
						scale120) },
		.surface = wlr_surface,
		.cache = &surface->cache,
		.filter = filter,
	};
	gridwl_frame_plan_add(plan, &item);
	if (pixman_region32_not_empty(&wlr_surface->opaque_region)) {
		pixman_region32_union_rect(&plan->opaque, &plan->opaque, x, y,
				item.box.width, item.box.height);
	}
}

struct expect_data {
	const struct image *window; // at (x, y)
	int x, y;
};

static uint32_t expect_window(void *data, int rx, int ry) {
	const struct expect_data *expect = data;
	int wx = rx - expect->x, wy = ry - expect->y;
	if (wx < 0 || wy < 0 || wx >= expect->window->width ||
			wy >= expect->window->height) {
		return BACKGROUND;
	}
	uint32_t pixel = image_get(expect->window, wx, wy);
	// Transparent pixels show the background; the pattern has no others.
	return (pixel >> 24) == 0 ? BACKGROUND : pixel | 0xff000000u;
}

static bool check_window(const struct image *image, const struct image *window,
		int x, int y, const char *name) {
	struct expect_data expect = { window, x, y };
	struct image_mismatch mismatch;
	long count = image_compare(image,
			(struct image_region){ 0, 0, image->width, image->height },
			expect_window, &expect, &mismatch);
	if (count != 0) {
		check_save_artifact(image, name);
	}
	return CHECK(count == 0,
			"%s: %ld pixels differ, first at %d,%d: %08x, not %08x", name,
			count, mismatch.x, mismatch.y, mismatch.actual, mismatch.expected);
}

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

/* An opaque window that commits again once its copy exists (one that
 * repaints every frame): the next frame resamples the commit straight into
 * the target (render/surface_draw.c draw_direct) and must show the new
 * buffer exactly, though the copy still holds the old one; the frame after
 * it, with no commit between, draws from the copy it brings up to date.
 * The window sits at an odd device column. */
static bool test_direct_after_commit(const void *data) {
	const int bw = 13, bh = 9, scale = 2;
	struct fixture fixture;
	struct test_surface surface = { 0 };
	struct gridwl_frame_plan plan;
	gridwl_frame_plan_init(&plan);
	bool ok = CHECK(fixture_init(&fixture), "no fixture");
	ok = ok &&
			CHECK(surface_init(&surface, &fixture, bw, bh, 1,
						  DRM_FORMAT_XRGB8888, 0),
					"no surface");
	int width = (bw + 8) * scale, height = (bh + 4) * scale;
	int x = 3, y = 2 * scale;
	for (int frame = 0; frame < 3 && ok; frame++) {
		if (frame == 1) {
			ok = CHECK(surface_attach(&surface, PATTERN_GRID, bw, bh, 1,
							   DRM_FORMAT_XRGB8888, 0),
					"no second buffer");
		}
		uint64_t pixels = fixture.stats.pixels;
		plan_surface(&plan, &surface, scale * 120, width, height, x, y,
				GRIDWL_FILTER_NEAREST);
		struct image *image = draw(&fixture, &plan, NULL);
		struct image *expect =
				resample_expect(surface.buffer, 1, scale, RESAMPLE_NEAREST);
		ok = CHECK(image != NULL && expect != NULL, "no image");
		ok = ok && check_window(image, expect, x, y, "direct-after-commit");
		// Frame 1 resamples the whole window once (straight into the
		// target), frame 2 once more (into the copy).
		ok = ok &&
				CHECK(frame == 0 ||
								fixture.stats.pixels - pixels ==
										(uint64_t)bw * bh * scale * scale,
						"frame %d resampled %llu pixels", frame,
						(unsigned long long)(fixture.stats.pixels - pixels));
		image_destroy(expect);
		image_destroy(image);
	}
	gridwl_frame_plan_finish(&plan);
	surface_finish(&surface);
	fixture_finish(&fixture);
	return ok;
}

/* Pages of a direct entry's copy that are resident (mincore). */
static size_t copy_resident_pages(const struct gridwl_resample_entry *entry) {
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t pages = ((size_t)entry->width * entry->height * 4 + page - 1) / page;
	unsigned char *vec = calloc(pages, 1);
	size_t resident = 0;
	if (vec != NULL && mincore(entry->data, pages * page, vec) == 0) {
		for (size_t i = 0; i < pages; i++) {
			resident += vec[i] & 1;
		}
	}
	free(vec);
	return resident;
}

/* A direct window (opaque, committing) holds no copy in memory: its first
 * frame goes straight into the target and writes no page of the copy. A
 * frame with no commit since (the cursor moving over it, another window's
 * damage) computes into the copy what its damage shows and no more, once:
 * the same damage again computes nothing, a frame of the whole target the
 * rest. One device row of the copy is one page here, so the resident pages
 * are the rows written. */
static bool test_direct_quiet_damage(const void *data) {
	const int bw = 512, bh = 64, scale = 2, x = 8, y = 8;
	const pixman_box32_t part = { x - 4, y + 10, x + 56, y + 30 };
	struct {
		bool whole;
		uint64_t pixels;
		size_t pages;
	} frames[] = {
		{ true, (uint64_t)bw * bh * scale * scale, 0 },
		{ false, 56 * 20, 20 },
		{ false, 0, 20 },
		{ true, (uint64_t)bw * bh * scale * scale - 56 * 20, bh * scale },
		{ true, 0, bh * scale },
	};
	struct fixture fixture;
	struct test_surface surface = { 0 };
	struct gridwl_frame_plan plan;
	gridwl_frame_plan_init(&plan);
	bool ok = CHECK(fixture_init(&fixture), "no fixture");
	ok = ok &&
			CHECK(surface_init(&surface, &fixture, bw, bh, 1,
						  DRM_FORMAT_XRGB8888, 0),
					"no surface") &&
			CHECK(sysconf(_SC_PAGESIZE) == bw * scale * 4, "pages of %ld bytes",
					sysconf(_SC_PAGESIZE));
	struct image *expect = ok ?
			resample_expect(surface.buffer, 1, scale, RESAMPLE_NEAREST) :
			NULL;
	ok = ok && CHECK(expect != NULL, "no expectation");
	pixman_region32_t damage;
	pixman_region32_init_rects(&damage, &part, 1);
	for (size_t f = 0; f < sizeof(frames) / sizeof(frames[0]) && ok; f++) {
		uint64_t pixels = fixture.stats.pixels;
		plan_surface(&plan, &surface, scale * 120, bw * scale + 16,
				bh * scale + 16, x, y, GRIDWL_FILTER_NEAREST);
		struct image *image =
				draw(&fixture, &plan, frames[f].whole ? NULL : &damage);
		ok = CHECK(image != NULL, "no image");
		if (ok && frames[f].whole) {
			ok = check_window(image, expect, x, y, "direct-quiet-damage");
		}
		for (int py = part.y1; ok && !frames[f].whole && py < part.y2; py++) {
			for (int px = part.x1; ok && px < part.x2; px++) {
				uint32_t want = px < x ?
						BACKGROUND :
						image_get(expect, px - x, py - y) | 0xff000000u;
				ok = CHECK(image_get(image, px, py) == want,
						"frame %zu: pixel %d,%d is %08x, not %08x", f, px, py,
						image_get(image, px, py), want);
			}
		}
		image_destroy(image);
		ok = ok &&
				CHECK(fixture.stats.pixels - pixels == frames[f].pixels,
						"frame %zu resampled %llu pixels, not %llu", f,
						(unsigned long long)(fixture.stats.pixels - pixels),
						(unsigned long long)frames[f].pixels);
		ok = ok && CHECK(!wl_list_empty(&surface.cache.entries), "no entry");
		if (ok) {
			struct gridwl_resample_entry *entry =
					wl_container_of(surface.cache.entries.next, entry, link);
			size_t pages = copy_resident_pages(entry);
			ok = CHECK(entry->direct, "the window is not drawn directly") &&
					CHECK(pages == frames[f].pages,
							"frame %zu: %zu pages of the copy resident, not %zu",
							f, pages, frames[f].pages);
		}
	}
	pixman_region32_fini(&damage);
	image_destroy(expect);
	gridwl_frame_plan_finish(&plan);
	surface_finish(&surface);
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
	check_run(&suite, "direct-after-commit", test_direct_after_commit, NULL);
	check_run(&suite, "direct-quiet-damage", test_direct_quiet_damage, NULL);
	return check_finish(&suite);
}
