#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "fractional-scale-v1-client-protocol.h"
#include "viewporter-client-protocol.h"

/*
 * fractional-client: a window drawn the way GTK 4 and Qt 6 draw at a
 * fractional scale. It listens to wp_fractional_scale_v1, draws a buffer of
 * round(size x scale) pixels (the protocol's rounding, halves away from
 * zero) holding the grid pattern, and sizes the surface back to its
 * logical size with a viewport, at buffer scale 1.
 *
 *   fractional-client --app-id ID --size WxH
 *
 * Prints "drawn BWxBH scale N" (N in 120ths) once gridwl has each buffer
 * it drew (for the preferred scale it was told last, 1 before any), and
 * "ready" after its first frame; "sync" and "quit" on stdin as every
 * client.
 */

struct client {
	struct client_skeleton skel;
	struct wp_viewporter *viewporter;
	struct wp_fractional_scale_manager_v1 *fractional_manager;
	struct wp_viewport *viewport;
	struct wp_fractional_scale_v1 *fractional;
	struct raw_client_buffers buffers;
	const char *app_id;
	int width, height;
	uint32_t scale120;
	struct wl_callback *drawn; // the sync after a redraw
	char drawn_line[64];
};

static const struct client_global bound_globals[] = {
	{ &wp_viewporter_interface, 1, offsetof(struct client, viewporter), NULL },
	{ &wp_fractional_scale_manager_v1_interface, 1,
			offsetof(struct client, fractional_manager), NULL },
	{ 0 },
};

static int buffer_length(int logical, uint32_t scale120) {
	return (int)(((int64_t)logical * scale120 + 60) / 120);
}

static const struct wl_callback_listener drawn_listener;

static void draw(void *data) {
	struct client *c = data;
	int bw = buffer_length(c->width, c->scale120);
	int bh = buffer_length(c->height, c->scale120);
	struct pattern pattern = { .kind = PATTERN_GRID };
	struct wl_buffer *buffer = raw_client_tracked_pattern_buffer(&c->buffers,
			c->skel.shm, bw, bh, &pattern);
	if (buffer == NULL) {
		return;
	}
	wp_viewport_set_destination(c->viewport, c->width, c->height);
	wl_surface_attach(c->skel.surface, buffer, 0, 0);
	wl_surface_damage_buffer(c->skel.surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(c->skel.surface);
	snprintf(c->drawn_line, sizeof(c->drawn_line), "drawn %dx%d scale %u", bw,
			bh, c->scale120);
	if (c->drawn != NULL) {
		wl_callback_destroy(c->drawn);
	}
	c->drawn = wl_display_sync(c->skel.display);
	wl_callback_add_listener(c->drawn, &drawn_listener, c);
	wl_display_flush(c->skel.display);
}

static void drawn_done(void *data, struct wl_callback *callback,
		uint32_t serial) {
	struct client *c = data;
	wl_callback_destroy(callback);
	c->drawn = NULL;
	client_emit("%s", c->drawn_line);
}

static const struct wl_callback_listener drawn_listener = {
	.done = drawn_done,
};

static void preferred_scale(void *data,
		struct wp_fractional_scale_v1 *fractional, uint32_t scale) {
	struct client *c = data;
	if (scale == 0 || scale == c->scale120) {
		return;
	}
	c->scale120 = scale;
	// Told before its first configure, it draws at it then.
	if (c->skel.configured) {
		draw(c);
	}
}

static const struct wp_fractional_scale_v1_listener fractional_listener = {
	.preferred_scale = preferred_scale,
};

static bool start(void *data) {
	struct client *c = data;
	if (c->viewporter == NULL || c->fractional_manager == NULL) {
		client_emit("error compositor lacks %s",
				c->viewporter == NULL ? "wp_viewporter" :
										"wp_fractional_scale_manager_v1");
		return false;
	}
	c->skel.surface = wl_compositor_create_surface(c->skel.compositor);
	c->viewport = wp_viewporter_get_viewport(c->viewporter, c->skel.surface);
	c->fractional = wp_fractional_scale_manager_v1_get_fractional_scale(
			c->fractional_manager, c->skel.surface);
	wp_fractional_scale_v1_add_listener(c->fractional, &fractional_listener, c);
	return true;
}

static int client_finish(struct client *c, int status) {
	if (c->drawn != NULL) {
		wl_callback_destroy(c->drawn);
	}
	if (c->fractional != NULL) {
		wp_fractional_scale_v1_destroy(c->fractional);
	}
	if (c->viewport != NULL) {
		wp_viewport_destroy(c->viewport);
	}
	raw_client_buffers_finish(&c->buffers);
	if (c->fractional_manager != NULL) {
		wp_fractional_scale_manager_v1_destroy(c->fractional_manager);
	}
	if (c->viewporter != NULL) {
		wp_viewporter_destroy(c->viewporter);
	}
	return client_skeleton_finish(&c->skel, status);
}

static bool parse_options(int argc, char **argv, struct client *c) {
	static const struct option options[] = {
		{ "app-id", required_argument, NULL, 'a' },
		{ "size", required_argument, NULL, 's' },
		{ 0 },
	};
	c->app_id = "fractional";
	c->width = 100;
	c->height = 100;
	int opt;
	while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
		if (opt == 'a') {
			c->app_id = optarg;
		} else if (opt != 's' ||
				sscanf(optarg, "%dx%d", &c->width, &c->height) != 2 ||
				c->width < 1 || c->height < 1 || c->width > 4096 ||
				c->height > 4096) {
			return false;
		}
	}
	return optind == argc;
}

int main(int argc, char **argv) {
	struct client c = { .scale120 = 120 };
	raw_client_buffers_init(&c.buffers);
	if (!parse_options(argc, argv, &c)) {
		fprintf(stderr, "usage: fractional-client --app-id ID --size WxH\n");
		return 2;
	}
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.data = &c,
		.window = true,
		.draw = draw,
		.start = start,
	};
	int status = client_skeleton_main(&c.skel, &spec, c.app_id, NULL);
	return client_finish(&c, status);
}
