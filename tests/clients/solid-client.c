#define _GNU_SOURCE // memfd in client-shm
#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <wayland-client.h>
#include "alpha-modifier-v1-client-protocol.h"
#include "client-skeleton.h"
#include "client-shm.h"
#include "content-type-v1-client-protocol.h"
#include "single-pixel-buffer-v1-client-protocol.h"
#include "tearing-control-v1-client-protocol.h"
#include "viewporter-client-protocol.h"

/*
 * solid-client: a window of one colour, for the single-pixel-buffer and
 * alpha-modifier tests.
 *
 *   solid-client --app-id ID --size WxH --single-pixel RRGGBBAA [--alpha F]
 *   solid-client --app-id ID --size WxH --colour RRGGBB [--scale S]
 *                [--opaque] [--alpha F]
 *
 * With --single-pixel the window's surface is a wp_single_pixel_buffer_v1
 * of that premultiplied colour (each 8-bit channel C sent as C * 0x01010101)
 * stretched by wp_viewporter to WxH logical pixels; with --colour it is a
 * wl_shm buffer of WxH times S pixels at buffer scale S (ARGB8888, or
 * XRGB8888 with --opaque). --alpha sets a wp_alpha_modifier_v1 multiplier
 * (0 to 4294967295) before the first commit. It prints "ready" once the
 * compositor has its first frame. On stdin: "alpha F" (a new multiplier,
 * committed alone), "title T", "content-type none|photo|video|game" and
 * "tearing vsync|async" (wp_content_type_v1 and wp_tearing_control_v1 of
 * the surface, made at the first such command, then committed),
 * "content-type-again" and "tearing-again" (a second such object for the
 * surface: a protocol error), "sync" (prints "sync" once gridwl answered
 * everything before it), "quit". Like the other clients it prints
 * "error protocol ..." and "disconnected" when the compositor ends it.
 */

struct client {
	struct client_skeleton skel;
	struct wp_viewporter *viewporter;
	struct wp_single_pixel_buffer_manager_v1 *single_pixel;
	struct wp_alpha_modifier_v1 *alpha_modifier;
	struct wp_content_type_manager_v1 *content_type_manager;
	struct wp_tearing_control_manager_v1 *tearing_manager;
	struct wp_viewport *viewport;
	struct wp_alpha_modifier_surface_v1 *alpha_surface;
	struct wp_content_type_v1 *content_type;
	struct wp_tearing_control_v1 *tearing;
	// Second objects for the surface, which the compositor refuses.
	struct wp_content_type_v1 *content_type_again;
	struct wp_tearing_control_v1 *tearing_again;

	const char *app_id;
	int width, height, scale;
	bool single_pixel_set, opaque, alpha_set;
	uint32_t rgba; // --single-pixel
	uint32_t rgb; // --colour
	uint32_t alpha;
	struct raw_client_buffers buffers;
};

static const struct client_global bound_globals[] = {
	{ &wp_viewporter_interface, 1, offsetof(struct client, viewporter), NULL },
	{ &wp_single_pixel_buffer_manager_v1_interface, 1,
			offsetof(struct client, single_pixel), NULL },
	{ &wp_alpha_modifier_v1_interface, 1,
			offsetof(struct client, alpha_modifier), NULL },
	{ &wp_content_type_manager_v1_interface, 1,
			offsetof(struct client, content_type_manager), NULL },
	{ &wp_tearing_control_manager_v1_interface, 1,
			offsetof(struct client, tearing_manager), NULL },
	{ 0 },
};

static struct wl_buffer *make_buffer(struct client *c) {
	if (c->single_pixel_set) {
		uint32_t r = (c->rgba >> 24) & 0xff, g = (c->rgba >> 16) & 0xff,
				 b = (c->rgba >> 8) & 0xff, a = c->rgba & 0xff;
		return wp_single_pixel_buffer_manager_v1_create_u32_rgba_buffer(
				c->single_pixel, r * 0x01010101u, g * 0x01010101u,
				b * 0x01010101u, a * 0x01010101u);
	}
	int width = c->width * c->scale, height = c->height * c->scale;
	uint32_t *pixels;
	struct wl_buffer *buffer = client_shm_buffer(c->skel.shm, width, height,
			c->opaque ? WL_SHM_FORMAT_XRGB8888 : WL_SHM_FORMAT_ARGB8888,
			&pixels);
	if (buffer == NULL) {
		client_emit("error no memory for a %dx%d buffer", width, height);
		return NULL;
	}
	for (size_t i = 0; i < (size_t)width * height; i++) {
		pixels[i] = 0xff000000u | c->rgb;
	}
	munmap(pixels, client_shm_size(width, height));
	return buffer;
}

static void draw(void *data) {
	struct client *c = data;
	struct wl_buffer *buffer = make_buffer(c);
	if (buffer == NULL || !raw_client_buffers_add(&c->buffers, buffer)) {
		return;
	}
	if (c->single_pixel_set) {
		wp_viewport_set_destination(c->viewport, c->width, c->height);
	} else {
		wl_surface_set_buffer_scale(c->skel.surface, c->scale);
	}
	wl_surface_attach(c->skel.surface, buffer, 0, 0);
	wl_surface_damage_buffer(c->skel.surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(c->skel.surface);
}

static bool parse_u32(const char *text, uint32_t *out) {
	char *end;
	unsigned long long value = strtoull(text, &end, 0);
	if (*text == '\0' || *end != '\0' || value > UINT32_MAX) {
		return false;
	}
	*out = (uint32_t)value;
	return true;
}

static bool parse_content_type(const char *name, uint32_t *type) {
	static const char *const names[] = { "none", "photo", "video", "game" };
	static const uint32_t types[] = { WP_CONTENT_TYPE_V1_TYPE_NONE,
		WP_CONTENT_TYPE_V1_TYPE_PHOTO, WP_CONTENT_TYPE_V1_TYPE_VIDEO,
		WP_CONTENT_TYPE_V1_TYPE_GAME };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(name, names[i]) == 0) {
			*type = types[i];
			return true;
		}
	}
	return false;
}

static void set_content_type(struct client *c, uint32_t type) {
	if (c->content_type == NULL) {
		c->content_type = wp_content_type_manager_v1_get_surface_content_type(
				c->content_type_manager, c->skel.surface);
	}
	wp_content_type_v1_set_content_type(c->content_type, type);
	wl_surface_commit(c->skel.surface);
	wl_display_flush(c->skel.display);
}

static void set_tearing(struct client *c, bool async) {
	if (c->tearing == NULL) {
		c->tearing = wp_tearing_control_manager_v1_get_tearing_control(
				c->tearing_manager, c->skel.surface);
	}
	wp_tearing_control_v1_set_presentation_hint(c->tearing,
			async ? WP_TEARING_CONTROL_V1_PRESENTATION_HINT_ASYNC :
					WP_TEARING_CONTROL_V1_PRESENTATION_HINT_VSYNC);
	wl_surface_commit(c->skel.surface);
	wl_display_flush(c->skel.display);
}

static bool on_line(void *data, char *line) {
	struct client *c = data;
	uint32_t alpha, type;
	if (strncmp(line, "alpha ", 6) == 0 && c->alpha_surface != NULL &&
			parse_u32(line + 6, &alpha)) {
		wp_alpha_modifier_surface_v1_set_multiplier(c->alpha_surface, alpha);
		wl_surface_commit(c->skel.surface);
		wl_display_flush(c->skel.display);
	} else if (strncmp(line, "title ", 6) == 0) {
		xdg_toplevel_set_title(c->skel.toplevel, line + 6);
		wl_surface_commit(c->skel.surface);
		wl_display_flush(c->skel.display);
	} else if (strncmp(line, "content-type ", 13) == 0 &&
			c->content_type_manager != NULL &&
			parse_content_type(line + 13, &type)) {
		set_content_type(c, type);
	} else if (strcmp(line, "content-type-again") == 0 &&
			c->content_type_manager != NULL) {
		c->content_type_again =
				wp_content_type_manager_v1_get_surface_content_type(
						c->content_type_manager, c->skel.surface);
		wl_display_flush(c->skel.display);
	} else if ((strcmp(line, "tearing vsync") == 0 ||
					   strcmp(line, "tearing async") == 0) &&
			c->tearing_manager != NULL) {
		set_tearing(c, strcmp(line, "tearing async") == 0);
	} else if (strcmp(line, "tearing-again") == 0 &&
			c->tearing_manager != NULL) {
		c->tearing_again = wp_tearing_control_manager_v1_get_tearing_control(
				c->tearing_manager, c->skel.surface);
		wl_display_flush(c->skel.display);
	} else {
		return client_skeleton_bad_command(&c->skel, line);
	}
	return true;
}

/* RRGGBB or RRGGBBAA: exactly digits hex digits. */
static bool parse_hex(const char *text, size_t digits, uint32_t *out) {
	char *end;
	unsigned long value = strtoul(text, &end, 16);
	if (strlen(text) != digits || *end != '\0') {
		return false;
	}
	*out = (uint32_t)value;
	return true;
}

static bool parse_options(int argc, char **argv, struct client *c) {
	enum {
		OPT_APP_ID = 1,
		OPT_SIZE,
		OPT_SINGLE,
		OPT_COLOUR,
		OPT_SCALE,
		OPT_OPAQUE,
		OPT_ALPHA
	};
	static const struct option options[] = {
		{ "app-id", required_argument, NULL, OPT_APP_ID },
		{ "size", required_argument, NULL, OPT_SIZE },
		{ "single-pixel", required_argument, NULL, OPT_SINGLE },
		{ "colour", required_argument, NULL, OPT_COLOUR },
		{ "scale", required_argument, NULL, OPT_SCALE },
		{ "opaque", no_argument, NULL, OPT_OPAQUE },
		{ "alpha", required_argument, NULL, OPT_ALPHA },
		{ 0 },
	};
	c->app_id = "solid";
	c->width = 100;
	c->height = 100;
	c->scale = 1;
	int opt;
	while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
		switch (opt) {
		case OPT_APP_ID:
			c->app_id = optarg;
			break;
		case OPT_SIZE:
			if (sscanf(optarg, "%dx%d", &c->width, &c->height) != 2 ||
					c->width < 1 || c->height < 1) {
				return false;
			}
			break;
		case OPT_SINGLE:
			if (!parse_hex(optarg, 8, &c->rgba)) {
				return false;
			}
			c->single_pixel_set = true;
			break;
		case OPT_COLOUR:
			if (!parse_hex(optarg, 6, &c->rgb)) {
				return false;
			}
			break;
		case OPT_SCALE:
			c->scale = atoi(optarg);
			if (c->scale < 1 || c->scale > 4) {
				return false;
			}
			break;
		case OPT_OPAQUE:
			c->opaque = true;
			break;
		case OPT_ALPHA:
			if (!parse_u32(optarg, &c->alpha)) {
				return false;
			}
			c->alpha_set = true;
			break;
		default:
			return false;
		}
	}
	return optind == argc;
}

/* Every global the options need, and the surface with what comes before
 * its first commit. */
static bool start(void *data) {
	struct client *c = data;
	const char *missing = c->viewporter == NULL ?
			"wp_viewporter" :
			c->single_pixel == NULL && c->single_pixel_set ?
			"wp_single_pixel_buffer_manager_v1" :
			c->alpha_modifier == NULL && c->alpha_set ? "wp_alpha_modifier_v1" :
														NULL;
	if (missing != NULL) {
		client_emit("error compositor lacks %s", missing);
		return false;
	}
	struct wl_surface *surface =
			wl_compositor_create_surface(c->skel.compositor);
	c->skel.surface = surface;
	if (c->single_pixel_set) {
		c->viewport = wp_viewporter_get_viewport(c->viewporter, surface);
	}
	if (c->alpha_modifier != NULL) {
		c->alpha_surface =
				wp_alpha_modifier_v1_get_surface(c->alpha_modifier, surface);
		if (c->alpha_set) {
			wp_alpha_modifier_surface_v1_set_multiplier(c->alpha_surface,
					c->alpha);
		}
	}
	return true;
}

/* Destroys what the client made, then the skeleton. */
static int client_finish(struct client *c, int status) {
	if (c->content_type != NULL) {
		wp_content_type_v1_destroy(c->content_type);
	}
	if (c->tearing != NULL) {
		wp_tearing_control_v1_destroy(c->tearing);
	}
	if (c->content_type_again != NULL) {
		wp_content_type_v1_destroy(c->content_type_again);
	}
	if (c->tearing_again != NULL) {
		wp_tearing_control_v1_destroy(c->tearing_again);
	}
	if (c->alpha_surface != NULL) {
		wp_alpha_modifier_surface_v1_destroy(c->alpha_surface);
	}
	if (c->viewport != NULL) {
		wp_viewport_destroy(c->viewport);
	}
	raw_client_buffers_finish(&c->buffers);
	return client_skeleton_finish_all(&c->skel, status);
}

int main(int argc, char **argv) {
	struct client c = { 0 };
	raw_client_buffers_init(&c.buffers);
	if (!parse_options(argc, argv, &c)) {
		fprintf(stderr,
				"usage: solid-client --app-id ID --size WxH "
				"(--single-pixel RRGGBBAA | --colour RRGGBB [--scale "
				"S] [--opaque]) [--alpha F]\n");
		return 2;
	}
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.data = &c,
		.window = true,
		.draw = draw,
		.start = start,
		.command = on_line,
		.bad_command_word = "unknown",
	};
	int status = client_skeleton_main(&c.skel, &spec, c.app_id, NULL);
	return client_finish(&c, status);
}
