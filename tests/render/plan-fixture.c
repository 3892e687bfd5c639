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
#include "plan-fixture.h"

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
void roundtrip(struct fixture *fixture) {
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

bool fixture_init(struct fixture *fixture) {
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

void fixture_finish(struct fixture *fixture) {
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
bool surface_attach(struct test_surface *surface, enum pattern_kind kind,
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
bool surface_init(struct test_surface *surface, struct fixture *fixture, int bw,
		int bh, int scale, uint32_t format, int clear_columns) {
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

void surface_finish(struct test_surface *surface) {
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
struct image *draw(struct fixture *fixture,
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
void plan_surface(struct gridwl_frame_plan *plan, struct test_surface *surface,
		int scale120, int width, int height, int x, int y,
		enum gridwl_filter filter) {
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

bool check_window(const struct image *image, const struct image *window, int x,
		int y, const char *name) {
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
