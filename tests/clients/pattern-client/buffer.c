#define _GNU_SOURCE // memfd_create
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "client.h"

void buffer_destroy(struct client_buffer *buffer)
{
	wl_buffer_destroy(buffer->wl_buffer);
	munmap(buffer->data, buffer->size);
	wl_list_remove(&buffer->link);
	free(buffer);
}

void buffers_destroy(struct wl_list *buffers)
{
	struct client_buffer *buffer, *tmp;
	wl_list_for_each_safe(buffer, tmp, buffers, link) {
		buffer_destroy(buffer);
	}
}

static void buffer_release(void *data, struct wl_buffer *wl_buffer)
{
	struct client_buffer *buffer = data;
	buffer->busy = false;
}

static const struct wl_buffer_listener buffer_listener = {
	.release = buffer_release,
};

static struct client_buffer *buffer_create(struct client *client,
		struct wl_list *buffers, int width, int height)
{
	size_t stride = (size_t)width * 4;
	size_t size = stride * (size_t)height;
	int fd = memfd_create("pattern-client", MFD_CLOEXEC);
	if (fd < 0) {
		client_emit("error memfd_create: %s", strerror(errno));
		return NULL;
	}
	if (ftruncate(fd, (off_t)size) != 0) {
		client_emit("error ftruncate: %s", strerror(errno));
		close(fd);
		return NULL;
	}
	void *data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (data == MAP_FAILED) {
		client_emit("error mmap: %s", strerror(errno));
		close(fd);
		return NULL;
	}
	struct client_buffer *buffer = calloc(1, sizeof(*buffer));
	if (buffer == NULL) {
		munmap(data, size);
		close(fd);
		return NULL;
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(client->shm, fd,
		(int32_t)size);
	buffer->wl_buffer = wl_shm_pool_create_buffer(pool, 0, width, height,
		(int32_t)stride, client->options.opaque ?
		WL_SHM_FORMAT_XRGB8888 : WL_SHM_FORMAT_ARGB8888);
	// The buffer keeps the pool's memory alive on both sides.
	wl_shm_pool_destroy(pool);
	close(fd);
	wl_buffer_add_listener(buffer->wl_buffer, &buffer_listener, buffer);
	buffer->data = data;
	buffer->size = size;
	buffer->width = width;
	buffer->height = height;
	wl_list_insert(buffers, &buffer->link);
	return buffer;
}

struct client_buffer *buffer_next(struct client *client,
		struct wl_list *buffers, const struct client_buffer *front,
		int width, int height)
{
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

void buffer_fill(struct client_buffer *buffer, const struct pattern *pattern)
{
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
		int scale)
{
	wl_surface_attach(surface, buffer->wl_buffer, 0, 0);
	wl_surface_set_buffer_scale(surface, scale);
	wl_surface_damage_buffer(surface, 0, 0, buffer->width, buffer->height);
	wl_surface_commit(surface);
	buffer->busy = true;
}
