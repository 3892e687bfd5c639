#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "client.h"
#include "client-shm.h"

void buffer_destroy(struct client_buffer *buffer) {
	wl_buffer_destroy(buffer->wl_buffer);
	munmap(buffer->data, buffer->size);
	wl_list_remove(&buffer->link);
	free(buffer);
}

void buffers_destroy(struct wl_list *buffers) {
	struct client_buffer *buffer, *tmp;
	wl_list_for_each_safe(buffer, tmp, buffers, link) {
		buffer_destroy(buffer);
	}
}

static void buffer_release(void *data, struct wl_buffer *wl_buffer) {
	struct client_buffer *buffer = data;
	buffer->busy = false;
}

static const struct wl_buffer_listener buffer_listener = {
	.release = buffer_release,
};

static struct client_buffer *buffer_create(struct client *client,
		struct wl_list *buffers, int width, int height) {
	struct client_buffer *buffer = calloc(1, sizeof(*buffer));
	if (buffer == NULL) {
		return NULL;
	}
	uint32_t *data;
	buffer->wl_buffer = client_shm_buffer(client->skel.shm, width, height,
			client->options.opaque ? WL_SHM_FORMAT_XRGB8888 :
									 WL_SHM_FORMAT_ARGB8888,
			&data);
	if (buffer->wl_buffer == NULL) {
		client_emit("error buffer: %s", strerror(errno));
		free(buffer);
		return NULL;
	}
	wl_buffer_add_listener(buffer->wl_buffer, &buffer_listener, buffer);
	buffer->data = data;
	buffer->size = client_shm_size(width, height);
	buffer->width = width;
	buffer->height = height;
	wl_list_insert(buffers, &buffer->link);
	return buffer;
}

struct client_buffer *buffer_next(struct client *client,
		struct wl_list *buffers, const struct client_buffer *front, int width,
		int height) {
	// Buffers of other sizes are dropped once free, so resizing does not
	// accumulate memory.
	struct client_buffer *buffer, *tmp, *found = NULL;
	wl_list_for_each_safe(buffer, tmp, buffers, link) {
		if (buffer->busy || buffer == front) {
			continue;
		}
		if (buffer->width == width && buffer->height == height) {
			found = buffer;
		} else {
			buffer_destroy(buffer);
		}
	}
	if (found == NULL) {
		found = buffer_create(client, buffers, width, height);
	}
	return found;
}

void buffer_fill(struct client_buffer *buffer, const struct pattern *pattern) {
	int bw = buffer->width, bh = buffer->height;
	for (int by = 0; by < bh; by++) {
		uint32_t *row = buffer->data + (size_t)by * (size_t)bw;
		for (int bx = 0; bx < bw; bx++) {
			row[bx] = pattern_pixel(pattern, bx, by, bw, bh);
		}
	}
}

/* Attaches, damages all of it and commits: what every full redraw does. */
void buffer_commit(struct client_buffer *buffer, struct wl_surface *surface,
		int scale) {
	wl_surface_attach(surface, buffer->wl_buffer, 0, 0);
	wl_surface_set_buffer_scale(surface, scale);
	wl_surface_damage_buffer(surface, 0, 0, buffer->width, buffer->height);
	wl_surface_commit(surface);
	buffer->busy = true;
}
