#include <stdio.h>
#include <stdlib.h>
#include <wayland-client.h>
#include "client.h"

static void emit_event(struct subsurface *subsurface, const char *event,
		struct wl_output *wl_output) {
	char prefix[32];
	snprintf(prefix, sizeof(prefix), "subsurface %d", subsurface->index);
	client_emit_surface_event(prefix, event, wl_output);
}

static void surface_enter(void *data, struct wl_surface *surface,
		struct wl_output *wl_output) {
	emit_event(data, "enter", wl_output);
}

static void surface_leave(void *data, struct wl_surface *surface,
		struct wl_output *wl_output) {
	emit_event(data, "leave", wl_output);
}

/* A subsurface keeps the scale of its option, so that what it shows can be
 * predicted from the command line; the events need handlers all the same, as
 * libwayland calls every slot of a listener unchecked. */
static void surface_preferred_buffer_scale(void *data,
		struct wl_surface *surface, int32_t factor) {
}

static void surface_preferred_buffer_transform(void *data,
		struct wl_surface *surface, uint32_t transform) {
}

static const struct wl_surface_listener surface_listener = {
	.enter = surface_enter,
	.leave = surface_leave,
	.preferred_buffer_scale = surface_preferred_buffer_scale,
	.preferred_buffer_transform = surface_preferred_buffer_transform,
};

struct subsurface *subsurface_create(struct window *window, int index,
		const struct subsurface_options *options) {
	struct client *client = window->client;
	struct subsurface *subsurface = calloc(1, sizeof(*subsurface));
	if (subsurface == NULL) {
		client_emit("error out of memory");
		return NULL;
	}
	subsurface->window = window;
	subsurface->index = index;
	subsurface->x = options->x;
	subsurface->y = options->y;
	subsurface->width = options->width;
	subsurface->height = options->height;
	subsurface->scale =
			options->scale > 0 ? options->scale : client->options.scale;
	subsurface->pattern = options->pattern;
	subsurface->needs_redraw = true;
	wl_list_init(&subsurface->buffers);
	subsurface->surface = wl_compositor_create_surface(client->skel.compositor);
	wl_surface_add_listener(subsurface->surface, &surface_listener, subsurface);
	// Synchronized, as a new subsurface is: its position and buffer take
	// effect with the main surface's commit, both at once.
	subsurface->wl_subsurface =
			wl_subcompositor_get_subsurface(client->subcompositor,
					subsurface->surface, window->surface);
	wl_subsurface_set_position(subsurface->wl_subsurface, subsurface->x,
			subsurface->y);
	return subsurface;
}

bool subsurface_redraw_if_needed(struct subsurface *subsurface) {
	if (!subsurface->needs_redraw) {
		return true;
	}
	subsurface->needs_redraw = false;
	struct client_buffer *buffer =
			buffer_next(subsurface->window->client, &subsurface->buffers,
					subsurface->front, subsurface->width * subsurface->scale,
					subsurface->height * subsurface->scale);
	if (buffer == NULL) {
		return false;
	}
	buffer_fill(buffer, &subsurface->pattern);
	buffer_commit(buffer, subsurface->surface, subsurface->scale);
	subsurface->front = buffer;
	return true;
}

void subsurface_move(struct subsurface *subsurface, int x, int y) {
	subsurface->x = x;
	subsurface->y = y;
	wl_subsurface_set_position(subsurface->wl_subsurface, x, y);
	// The position is the parent's state: without a buffer this commit
	// changes nothing else.
	wl_surface_commit(subsurface->window->surface);
}

void subsurface_destroy(struct subsurface *subsurface) {
	wl_subsurface_destroy(subsurface->wl_subsurface);
	wl_surface_destroy(subsurface->surface);
	buffers_destroy(&subsurface->buffers);
	free(subsurface);
}
