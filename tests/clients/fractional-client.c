#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <wayland-client.h>
#include "client-emit.h"
#include "client-shm.h"
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
 *   fractional-client --app-id ID --size WxH [--pattern P]
 *           [--buffer-transform T]
 *
 * --pattern draws another pattern of tests/lib/pattern.h (coords tells
 * every pixel apart) as a function of the surface's pixels. With
 * --buffer-transform (a wl_output transform as gridctl spells it) it
 * draws pre-rotated as a client does for a rotated output: the buffer
 * holds the surface's pixels moved by the transform, the way a rotated
 * output's buffer holds the upright picture, and
 * wl_surface.set_buffer_transform says so; the buffer is then BHxBW for
 * the transforms that turn by 90 or 270 degrees.
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
	struct pattern pattern;
	enum wl_output_transform transform;
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

/* Where surface pixel (x, y) of a width x height surface goes in a buffer
 * drawn with transform, as a rotated output's buffer holds the upright
 * picture: 90 turns it a quarter anticlockwise (its top-right corner to
 * the buffer's top-left), the flipped ones mirror it left to right first
 * (wl_output's rule; wlr_box_transform's with the inverse transform). */
static void buffer_position(enum wl_output_transform transform, int x, int y,
		int width, int height, int *bx, int *by) {
	switch (transform) {
	case WL_OUTPUT_TRANSFORM_NORMAL:
	default:
		*bx = x, *by = y;
		break;
	case WL_OUTPUT_TRANSFORM_90:
		*bx = y, *by = width - 1 - x;
		break;
	case WL_OUTPUT_TRANSFORM_180:
		*bx = width - 1 - x, *by = height - 1 - y;
		break;
	case WL_OUTPUT_TRANSFORM_270:
		*bx = height - 1 - y, *by = x;
		break;
	case WL_OUTPUT_TRANSFORM_FLIPPED:
		*bx = width - 1 - x, *by = y;
		break;
	case WL_OUTPUT_TRANSFORM_FLIPPED_90:
		*bx = y, *by = x;
		break;
	case WL_OUTPUT_TRANSFORM_FLIPPED_180:
		*bx = x, *by = height - 1 - y;
		break;
	case WL_OUTPUT_TRANSFORM_FLIPPED_270:
		*bx = height - 1 - y, *by = width - 1 - x;
		break;
	}
}

/* The pattern of a sw x sh surface, pre-rotated by the client's
 * transform; NULL after printing an error. */
static struct wl_buffer *transformed_buffer(struct client *c, int sw, int sh) {
	bool turned = c->transform & WL_OUTPUT_TRANSFORM_90;
	int bw = turned ? sh : sw, bh = turned ? sw : sh;
	uint32_t *pixels;
	struct wl_buffer *buffer =
			raw_client_shm_buffer(c->skel.shm, bw, bh, &pixels);
	if (buffer == NULL) {
		return NULL;
	}
	for (int y = 0; y < sh; y++) {
		for (int x = 0; x < sw; x++) {
			int bx, by;
			buffer_position(c->transform, x, y, sw, sh, &bx, &by);
			pixels[(size_t)by * bw + bx] =
					pattern_pixel(&c->pattern, x, y, sw, sh);
		}
	}
	munmap(pixels, client_shm_size(bw, bh));
	if (!raw_client_buffers_add(&c->buffers, buffer)) {
		return NULL;
	}
	return buffer;
}

static void draw(void *data) {
	struct client *c = data;
	int sw = buffer_length(c->width, c->scale120);
	int sh = buffer_length(c->height, c->scale120);
	struct wl_buffer *buffer = transformed_buffer(c, sw, sh);
	if (buffer == NULL) {
		return;
	}
	bool turned = c->transform & WL_OUTPUT_TRANSFORM_90;
	int bw = turned ? sh : sw, bh = turned ? sw : sh;
	wp_viewport_set_destination(c->viewport, c->width, c->height);
	wl_surface_set_buffer_transform(c->skel.surface, c->transform);
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
	return client_skeleton_finish_all(&c->skel, status);
}

/* A wl_output transform as gridctl spells it. */
static bool parse_transform(const char *name, enum wl_output_transform *out) {
	static const char *const names[] = { "normal", "90", "180", "270",
		"flipped", "flipped-90", "flipped-180", "flipped-270" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(name, names[i]) == 0) {
			*out = (enum wl_output_transform)i;
			return true;
		}
	}
	return false;
}

static bool parse_options(int argc, char **argv, struct client *c) {
	static const struct option options[] = {
		{ "app-id", required_argument, NULL, 'a' },
		{ "size", required_argument, NULL, 's' },
		{ "pattern", required_argument, NULL, 'p' },
		{ "buffer-transform", required_argument, NULL, 't' },
		{ 0 },
	};
	c->app_id = "fractional";
	c->width = 100;
	c->height = 100;
	c->pattern = (struct pattern){ .kind = PATTERN_GRID };
	c->transform = WL_OUTPUT_TRANSFORM_NORMAL;
	int opt;
	while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
		if (opt == 'a') {
			c->app_id = optarg;
		} else if (opt == 'p') {
			if (!pattern_parse(optarg, &c->pattern)) {
				return false;
			}
		} else if (opt == 't') {
			if (!parse_transform(optarg, &c->transform)) {
				return false;
			}
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
		fprintf(stderr,
				"usage: fractional-client --app-id ID --size WxH "
				"[--pattern P] [--buffer-transform T]\n");
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
