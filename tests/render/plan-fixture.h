#ifndef GRIDWL_TESTS_RENDER_PLAN_FIXTURE_H
#define GRIDWL_TESTS_RENDER_PLAN_FIXTURE_H

#include <stdbool.h>
#include <stdint.h>
#include <pixman.h>
#include <wayland-client.h>
#include <wayland-server-core.h>
#include "client-globals.h"
#include "render/plan.h"
#include "render/resample_cache.h"
#include "resample_expect.h"

/*
 * render/ on its own, for the unit tests of tests/render/: a wl_display
 * with wlroots' pixman renderer, wlr_compositor, wl_shm and the viewporter,
 * and a client of it in this process over a socket pair, whose surfaces
 * are committed for real; hand-made frame plans are drawn into memory.
 */

#define BACKGROUND 0xff333333u
// What the target holds before a plan is drawn: whatever is outside the
// damage must still hold it.
#define UNTOUCHED 0xff0000ffu

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

bool fixture_init(struct fixture *fixture);
void fixture_finish(struct fixture *fixture);
void roundtrip(struct fixture *fixture);

/* Commits a new bw x bh buffer of format showing kind, wholly damaged. */
bool surface_attach(struct test_surface *surface, enum pattern_kind kind,
		int bw, int bh, int scale, uint32_t format, int clear_columns);
/* A surface showing a pattern in a bw x bh buffer of format at buffer
 * scale, with transparent columns at its right where clear_columns > 0. */
bool surface_init(struct test_surface *surface, struct fixture *fixture, int bw,
		int bh, int scale, uint32_t format, int clear_columns);
void surface_finish(struct test_surface *surface);

/* Draws plan into a new width x height target filled with UNTOUCHED, where
 * damage says (NULL: everywhere), as the frame path does: prepare, then a
 * render pass. */
struct image *draw(struct fixture *fixture,
		const struct gridwl_frame_plan *plan, const pixman_region32_t *damage);
/* A plan of one surface at (x, y) of a target of scale120, over the
 * background, its opaque region counted as the compositor counts it; its
 * box sized as compositor/layout.c sizes it. */
void plan_surface(struct gridwl_frame_plan *plan, struct test_surface *surface,
		int scale120, int width, int height, int x, int y,
		enum gridwl_filter filter);
/* Whether image shows window at (x, y) over the background, exactly
 * (saved as an artifact when not). */
bool check_window(const struct image *image, const struct image *window, int x,
		int y, const char *name);

#endif
