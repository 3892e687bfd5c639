#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client.h"
#include "xdg-shell-client-protocol.h"

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct popup *popup = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	popup->width = popup->pending_width;
	popup->height = popup->pending_height;
	popup->configured = true;
	// As for the window: a new buffer answers every configure.
	popup->needs_redraw = true;
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static void popup_configure(void *data, struct xdg_popup *xdg_popup, int32_t x,
		int32_t y, int32_t width, int32_t height) {
	struct popup *popup = data;
	client_emit("popup configure %d %d %d %d", x, y, width, height);
	// Zero would leave the size to us: keep the one asked for.
	if (width > 0 && height > 0) {
		popup->pending_width = width;
		popup->pending_height = height;
	}
}

static void popup_done(void *data, struct xdg_popup *xdg_popup) {
	struct popup *popup = data;
	client_emit("popup done");
	// Dismissed for good: what is left of it is only ours to free.
	popup->window->popup = NULL;
	popup_destroy(popup);
}

static const struct xdg_popup_listener popup_listener = {
	.configure = popup_configure,
	.popup_done = popup_done,
};

struct popup *popup_open(struct window *window, int x, int y, int w, int h,
		int anchor_size, uint32_t adjustment) {
	struct client *client = window->client;
	struct popup *popup = calloc(1, sizeof(*popup));
	if (popup == NULL) {
		client_emit("error out of memory");
		return NULL;
	}
	popup->window = window;
	snprintf(popup->prefix, sizeof(popup->prefix), "popup");
	// Drawn like the window is at the time, so a screenshot of it can be
	// predicted from the commands sent.
	popup->scale = window->scale;
	popup->pattern = window->pattern;
	popup->pending_width = w;
	popup->pending_height = h;
	wl_list_init(&popup->buffers);
	popup->surface = wl_compositor_create_surface(client->skel.compositor);
	wl_surface_add_listener(popup->surface, &client_fixed_surface_listener,
			popup->prefix);
	popup->xdg_surface =
			xdg_wm_base_get_xdg_surface(client->skel.wm_base, popup->surface);
	xdg_surface_add_listener(popup->xdg_surface, &xdg_surface_listener, popup);

	struct xdg_positioner *positioner =
			xdg_wm_base_create_positioner(client->skel.wm_base);
	xdg_positioner_set_size(positioner, w, h);
	xdg_positioner_set_anchor_rect(positioner, x, y, anchor_size, anchor_size);
	xdg_positioner_set_anchor(positioner, XDG_POSITIONER_ANCHOR_BOTTOM_RIGHT);
	xdg_positioner_set_gravity(positioner, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT);
	xdg_positioner_set_constraint_adjustment(positioner, adjustment);
	popup->xdg_popup = xdg_surface_get_popup(popup->xdg_surface,
			window->xdg_surface, positioner);
	// The popup keeps a copy of the rules.
	xdg_positioner_destroy(positioner);
	xdg_popup_add_listener(popup->xdg_popup, &popup_listener, popup);
	// No grab: the popup is only shown, never takes input, so the
	// compositor has no reason to dismiss it.
	wl_surface_commit(popup->surface);
	return popup;
}

void popup_redraw_if_needed(struct popup *popup) {
	if (!popup->configured || !popup->needs_redraw) {
		return;
	}
	popup->needs_redraw = false;
	struct client *client = popup->window->client;
	struct client_buffer *buffer =
			buffer_next(client, &popup->buffers, popup->front,
					popup->width * popup->scale, popup->height * popup->scale);
	if (buffer == NULL) {
		client_fail(client);
		return;
	}
	buffer_fill(buffer, &popup->pattern);
	buffer_commit(buffer, popup->surface, popup->scale);
	popup->front = buffer;

	char line[128];
	snprintf(line, sizeof(line), "popup ready %d %d %d", popup->width,
			popup->height, popup->scale);
	client_sync(client, line);
}

void popup_destroy(struct popup *popup) {
	xdg_popup_destroy(popup->xdg_popup);
	xdg_surface_destroy(popup->xdg_surface);
	wl_surface_destroy(popup->surface);
	buffers_destroy(&popup->buffers);
	free(popup);
}

struct adjustment_name {
	const char *name;
	uint32_t bits;
};

static const struct adjustment_name adjustment_names[] = {
	{ "slide",
			XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_X |
					XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_Y },
	{ "flip",
			XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_FLIP_X |
					XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_FLIP_Y },
	{ "resize",
			XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_RESIZE_X |
					XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_RESIZE_Y },
	{ "slide-x", XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_X },
	{ "slide-y", XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_Y },
	{ "flip-x", XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_FLIP_X },
	{ "flip-y", XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_FLIP_Y },
	{ "resize-x", XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_RESIZE_X },
	{ "resize-y", XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_RESIZE_Y },
};

bool popup_parse_adjustment(const char *text, uint32_t *adjustment) {
	if (strcmp(text, "none") == 0) {
		*adjustment = XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_NONE;
		return true;
	}
	char buf[128];
	if (snprintf(buf, sizeof(buf), "%s", text) >= (int)sizeof(buf)) {
		return false;
	}
	uint32_t bits = 0;
	char *saveptr;
	for (char *word = strtok_r(buf, ",", &saveptr); word != NULL;
			word = strtok_r(NULL, ",", &saveptr)) {
		size_t i = 0;
		size_t count = sizeof(adjustment_names) / sizeof(adjustment_names[0]);
		while (i < count && strcmp(word, adjustment_names[i].name) != 0) {
			i++;
		}
		if (i == count) {
			return false;
		}
		bits |= adjustment_names[i].bits;
	}
	if (bits == 0) {
		return false;
	}
	*adjustment = bits;
	return true;
}
