#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

/*
 * layer-client: one wlr-layer-shell surface (a panel, a wallpaper, a
 * launcher) showing a pattern at a buffer scale, for the layer-shell tests.
 *
 *   layer-client [--layer background|bottom|top|overlay]
 *       [--anchor EDGE[,EDGE...]|none] [--size WxH] [--exclusive N]
 *       [--margin T,R,B,L] [--keyboard none|exclusive|on-demand]
 *       [--scale S] [--pattern P] [--namespace NS] [--output INDEX]
 *       [--popup X,Y,WxH] [--no-commit] [--no-ack]
 *
 * It narrates on stdout: "configure W H" for every configure (acked and
 * drawn at once, unless --no-ack), "shown W H" when the compositor has presented a new size
 * (a frame callback came back), "popup configure X Y W H" and "popup
 * shown", "keyboard enter|leave [popup]", "pointer enter X Y [popup]",
 * "closed", "sync". On stdin it takes: "sync", "size W H", "exclusive N",
 * "margin T R B L", "keyboard MODE", "layer NAME", "anchor EDGES", "unmap"
 * (a null buffer), "remap" (the initial commit again), "commit" (the first
 * one, with --no-commit), "quit".
 */

struct popup {
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_popup *xdg_popup;
	int x, y, width, height;
	bool shown;
};

struct layer_client {
	// The connection, wl_compositor, wl_shm, xdg_wm_base (for the popup)
	// and the seat.
	struct client_skeleton skel;
	struct zwlr_layer_shell_v1 *layer_shell;
	struct client_named_outputs outputs;

	uint32_t layer;
	int output_index; // -1: the compositor chooses
	const char *namespace;
	int scale;
	struct pattern pattern;
	bool want_popup;
	bool no_ack; // configures are only narrated

	struct wl_surface *surface;
	struct zwlr_layer_surface_v1 *layer_surface;
	int width, height; // as last configured
	bool drawn_once;
	struct popup popup;
};

static bool parse_edges(const char *text, uint32_t *anchor) {
	*anchor = 0;
	if (strcmp(text, "none") == 0) {
		return true;
	}
	char copy[64];
	snprintf(copy, sizeof(copy), "%s", text);
	for (char *edge = strtok(copy, ","); edge; edge = strtok(NULL, ",")) {
		if (strcmp(edge, "top") == 0) {
			*anchor |= ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP;
		} else if (strcmp(edge, "bottom") == 0) {
			*anchor |= ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM;
		} else if (strcmp(edge, "left") == 0) {
			*anchor |= ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT;
		} else if (strcmp(edge, "right") == 0) {
			*anchor |= ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT;
		} else {
			return false;
		}
	}
	return true;
}

static bool parse_layer(const char *text, uint32_t *layer) {
	static const char *const names[] = {
		"background",
		"bottom",
		"top",
		"overlay",
	};
	for (uint32_t i = 0; i < 4; i++) {
		if (strcmp(text, names[i]) == 0) {
			*layer = i;
			return true;
		}
	}
	return false;
}

static bool parse_keyboard(const char *text, uint32_t *mode) {
	if (strcmp(text, "none") == 0) {
		*mode = ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE;
	} else if (strcmp(text, "exclusive") == 0) {
		*mode = ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE;
	} else if (strcmp(text, "on-demand") == 0) {
		*mode = ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND;
	} else {
		return false;
	}
	return true;
}

static void frame_done(void *data, struct wl_callback *callback,
		uint32_t time) {
	struct layer_client *c = data;
	wl_callback_destroy(callback);
	client_emit("shown %d %d", c->width, c->height);
}

static const struct wl_callback_listener frame_listener = {
	.done = frame_done,
};

static void popup_frame_done(void *data, struct wl_callback *callback,
		uint32_t time) {
	wl_callback_destroy(callback);
	client_emit("popup shown");
}

static const struct wl_callback_listener popup_frame_listener = {
	.done = popup_frame_done,
};

/* Draws the surface at its configured size and the client's scale, and
 * asks to hear when that has reached the screen. */
static void draw(struct layer_client *c, struct wl_surface *surface, int width,
		int height, const struct wl_callback_listener *listener) {
	raw_client_show_pattern(c->skel.shm, surface, width, height, c->scale,
			&c->pattern, listener, c);
}

static void xdg_popup_configure(void *data, struct xdg_popup *xdg_popup,
		int32_t x, int32_t y, int32_t width, int32_t height) {
	struct layer_client *c = data;
	c->popup.x = x;
	c->popup.y = y;
	c->popup.width = width;
	c->popup.height = height;
}

static void xdg_popup_done(void *data, struct xdg_popup *xdg_popup) {
	client_emit("popup done");
}

static const struct xdg_popup_listener xdg_popup_listener = {
	.configure = xdg_popup_configure,
	.popup_done = xdg_popup_done,
};

static void popup_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct layer_client *c = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	client_emit("popup configure %d %d %d %d", c->popup.x, c->popup.y,
			c->popup.width, c->popup.height);
	draw(c, c->popup.surface, c->popup.width, c->popup.height,
			&popup_frame_listener);
}

static const struct xdg_surface_listener popup_surface_listener = {
	.configure = popup_surface_configure,
};

/* A popup of the layer surface, its top-left at (x, y) of the surface. */
static void open_popup(struct layer_client *c) {
	struct popup *popup = &c->popup;
	struct xdg_positioner *positioner =
			xdg_wm_base_create_positioner(c->skel.wm_base);
	xdg_positioner_set_size(positioner, popup->width, popup->height);
	xdg_positioner_set_anchor_rect(positioner, popup->x, popup->y, 1, 1);
	xdg_positioner_set_anchor(positioner, XDG_POSITIONER_ANCHOR_TOP_LEFT);
	xdg_positioner_set_gravity(positioner, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT);
	popup->surface = wl_compositor_create_surface(c->skel.compositor);
	popup->xdg_surface =
			xdg_wm_base_get_xdg_surface(c->skel.wm_base, popup->surface);
	xdg_surface_add_listener(popup->xdg_surface, &popup_surface_listener, c);
	popup->xdg_popup =
			xdg_surface_get_popup(popup->xdg_surface, NULL, positioner);
	xdg_popup_add_listener(popup->xdg_popup, &xdg_popup_listener, c);
	zwlr_layer_surface_v1_get_popup(c->layer_surface, popup->xdg_popup);
	xdg_positioner_destroy(positioner);
	wl_surface_commit(popup->surface);
}

static void layer_surface_configure(void *data,
		struct zwlr_layer_surface_v1 *layer_surface, uint32_t serial,
		uint32_t width, uint32_t height) {
	struct layer_client *c = data;
	client_emit("configure %u %u", width, height);
	if (c->no_ack) {
		return;
	}
	zwlr_layer_surface_v1_ack_configure(layer_surface, serial);
	c->width = (int)width;
	c->height = (int)height;
	draw(c, c->surface, c->width, c->height, &frame_listener);
	if (!c->drawn_once && c->want_popup) {
		open_popup(c);
	}
	c->drawn_once = true;
}

static void layer_surface_closed(void *data,
		struct zwlr_layer_surface_v1 *layer_surface) {
	client_emit("closed");
}

static const struct zwlr_layer_surface_v1_listener layer_surface_listener = {
	.configure = layer_surface_configure,
	.closed = layer_surface_closed,
};

static const char *which(struct layer_client *c, struct wl_surface *surface) {
	return surface != NULL && surface == c->popup.surface ? " popup" : "";
}

static void on_keyboard_enter(void *data, uint32_t serial,
		struct wl_surface *surface, struct wl_array *keys) {
	client_emit("keyboard enter%s", which(data, surface));
}

static void on_keyboard_leave(void *data, uint32_t serial,
		struct wl_surface *surface) {
	client_emit("keyboard leave%s", which(data, surface));
}

static void on_pointer_enter(void *data, uint32_t serial,
		struct wl_surface *surface, double x, double y) {
	client_emit("pointer enter %d %d%s", (int)x, (int)y, which(data, surface));
}

static const struct client_input_handler input_handler = {
	.keyboard_enter = on_keyboard_enter,
	.keyboard_leave = on_keyboard_leave,
	.pointer_enter = on_pointer_enter,
};

static const struct client_global bound_globals[] = {
	{ &zwlr_layer_shell_v1_interface, 4,
			offsetof(struct layer_client, layer_shell), NULL },
	{ 0 },
};

static bool handle_line(void *data, char *line) {
	struct layer_client *c = data;
	struct zwlr_layer_surface_v1 *ls = c->layer_surface;
	char word[32], arg[64];
	int a, b, d, e;
	uint32_t value;
	if (sscanf(line, "size %d %d", &a, &b) == 2) {
		zwlr_layer_surface_v1_set_size(ls, a, b);
	} else if (sscanf(line, "exclusive %d", &a) == 1) {
		zwlr_layer_surface_v1_set_exclusive_zone(ls, a);
	} else if (sscanf(line, "margin %d %d %d %d", &a, &b, &d, &e) == 4) {
		zwlr_layer_surface_v1_set_margin(ls, a, b, d, e);
	} else if (sscanf(line, "keyboard %31s", word) == 1 &&
			parse_keyboard(word, &value)) {
		zwlr_layer_surface_v1_set_keyboard_interactivity(ls, value);
	} else if (sscanf(line, "layer %31s", word) == 1 &&
			parse_layer(word, &value)) {
		zwlr_layer_surface_v1_set_layer(ls, value);
	} else if (sscanf(line, "anchor %63s", arg) == 1 &&
			parse_edges(arg, &value)) {
		zwlr_layer_surface_v1_set_anchor(ls, value);
	} else if (strcmp(line, "unmap") == 0) {
		wl_surface_attach(c->surface, NULL, 0, 0);
	} else if (strcmp(line, "remap") == 0 || strcmp(line, "commit") == 0) {
		// The initial commit (again): no buffer, a configure comes back.
	} else {
		client_emit("error unknown command: %s", line);
		return true;
	}
	wl_surface_commit(c->surface);
	return true;
}

static int usage(const char *program) {
	fprintf(stderr,
			"usage: %s [--layer L] [--anchor EDGES] [--size WxH] "
			"[--exclusive N] [--margin T,R,B,L] [--keyboard MODE] [--scale S] "
			"[--pattern P] [--namespace NS] [--output INDEX] "
			"[--popup X,Y,WxH] [--no-commit] [--no-ack]\n",
			program);
	return 2;
}

int main(int argc, char *argv[]) {
	struct layer_client c = {
		.layer = ZWLR_LAYER_SHELL_V1_LAYER_TOP,
		.output_index = -1,
		.namespace = "layer-client",
		.scale = 1,
		.pattern = { .kind = PATTERN_CHECKER },
	};
	uint32_t anchor = 0,
			 keyboard = ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE;
	int width = 0, height = 0, exclusive = 0;
	int margin[4] = { 0 };
	bool commit = true;
	static const struct option options[] = {
		{ "layer", required_argument, NULL, 'l' },
		{ "anchor", required_argument, NULL, 'a' },
		{ "size", required_argument, NULL, 's' },
		{ "exclusive", required_argument, NULL, 'e' },
		{ "margin", required_argument, NULL, 'm' },
		{ "keyboard", required_argument, NULL, 'k' },
		{ "scale", required_argument, NULL, 'S' },
		{ "pattern", required_argument, NULL, 'p' },
		{ "namespace", required_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ "popup", required_argument, NULL, 'P' },
		{ "no-commit", no_argument, NULL, 'N' },
		{ "no-ack", no_argument, NULL, 'A' },
		{ 0 },
	};
	int opt;
	while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
		bool ok = true;
		switch (opt) {
		case 'l':
			ok = parse_layer(optarg, &c.layer);
			break;
		case 'a':
			ok = parse_edges(optarg, &anchor);
			break;
		case 's':
			ok = sscanf(optarg, "%dx%d", &width, &height) == 2;
			break;
		case 'e':
			exclusive = atoi(optarg);
			break;
		case 'm':
			ok = sscanf(optarg, "%d,%d,%d,%d", &margin[0], &margin[1],
						 &margin[2], &margin[3]) == 4;
			break;
		case 'k':
			ok = parse_keyboard(optarg, &keyboard);
			break;
		case 'S':
			c.scale = atoi(optarg);
			ok = c.scale >= 1 && c.scale <= 4;
			break;
		case 'p':
			ok = pattern_parse(optarg, &c.pattern);
			break;
		case 'n':
			c.namespace = optarg;
			break;
		case 'o':
			c.output_index = atoi(optarg);
			break;
		case 'P':
			c.want_popup = true;
			ok = sscanf(optarg, "%d,%d,%dx%d", &c.popup.x, &c.popup.y,
						 &c.popup.width, &c.popup.height) == 4;
			break;
		case 'N':
			commit = false;
			break;
		case 'A':
			c.no_ack = true;
			break;
		default:
			ok = false;
		}
		if (!ok) {
			return usage(argv[0]);
		}
	}
	if (optind != argc) {
		return usage(argv[0]);
	}

	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.globals_required = true,
		.outputs = &c.outputs,
		.data = &c,
		.window = true,
		// Version 3: wl_pointer without frames and axis details.
		.seat_version = 3,
		.input = &input_handler,
		.command = handle_line,
	};
	if (client_skeleton_connect(&c.skel, &spec) != 0) {
		return client_skeleton_finish(&c.skel, 1);
	}
	if (c.output_index >= c.outputs.count) {
		client_emit("error there is no output %d", c.output_index);
		return client_skeleton_finish(&c.skel, 1);
	}
	c.surface = wl_compositor_create_surface(c.skel.compositor);
	c.layer_surface = zwlr_layer_shell_v1_get_layer_surface(c.layer_shell,
			c.surface,
			c.output_index >= 0 ? c.outputs.output[c.output_index].wl_output :
								  NULL,
			c.layer, c.namespace);
	zwlr_layer_surface_v1_add_listener(c.layer_surface, &layer_surface_listener,
			&c);
	zwlr_layer_surface_v1_set_size(c.layer_surface, width, height);
	zwlr_layer_surface_v1_set_anchor(c.layer_surface, anchor);
	zwlr_layer_surface_v1_set_exclusive_zone(c.layer_surface, exclusive);
	zwlr_layer_surface_v1_set_margin(c.layer_surface, margin[0], margin[1],
			margin[2], margin[3]);
	zwlr_layer_surface_v1_set_keyboard_interactivity(c.layer_surface, keyboard);
	if (commit) {
		wl_surface_commit(c.surface);
	}
	return client_skeleton_finish(&c.skel, client_skeleton_run(&c.skel));
}
