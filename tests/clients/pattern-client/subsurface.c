#include <stdio.h>
#include <stdlib.h>
#include <wayland-client.h>
#include "client.h"

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
	snprintf(subsurface->prefix, sizeof(subsurface->prefix), "subsurface %d",
			index);
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
	wl_surface_add_listener(subsurface->surface, &client_fixed_surface_listener,
			subsurface->prefix);
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
