#define _GNU_SOURCE // memfd_create
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "client.h"
#include "xdg-shell-client-protocol.h"

struct sync_note {
	struct wl_list link; // client.sync_notes
	struct client *client;
	struct wl_callback *callback;
	char line[128];
	bool first_frame; // the --bad-scale trigger
};

static void buffer_destroy(struct client_buffer *buffer)
{
	wl_buffer_destroy(buffer->wl_buffer);
	munmap(buffer->data, buffer->size);
	wl_list_remove(&buffer->link);
	free(buffer);
}

static void buffer_release(void *data, struct wl_buffer *wl_buffer)
{
	struct client_buffer *buffer = data;
	buffer->busy = false;
}

static const struct wl_buffer_listener buffer_listener = {
	.release = buffer_release,
};

static struct client_buffer *buffer_create(struct window *window, int width,
		int height)
{
	struct client *client = window->client;
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
		(int32_t)stride, WL_SHM_FORMAT_ARGB8888);
	// The buffer keeps the pool's memory alive on both sides.
	wl_shm_pool_destroy(pool);
	close(fd);
	wl_buffer_add_listener(buffer->wl_buffer, &buffer_listener, buffer);
	buffer->data = data;
	buffer->size = size;
	buffer->width = width;
	buffer->height = height;
	wl_list_insert(&window->buffers, &buffer->link);
	return buffer;
}

/* A buffer of this size the compositor is not reading from. Buffers of other
 * sizes are dropped once free, so resizing does not accumulate memory. */
static struct client_buffer *next_buffer(struct window *window, int width,
		int height)
{
	struct client_buffer *buffer, *tmp, *found = NULL;
	wl_list_for_each_safe(buffer, tmp, &window->buffers, link) {
		if (buffer->busy || buffer == window->front) {
			continue;
		}
		if (buffer->width == width && buffer->height == height) {
			found = buffer;
		} else {
			buffer_destroy(buffer);
		}
	}
	if (found == NULL) {
		found = buffer_create(window, width, height);
	}
	return found;
}

static void sync_done(void *data, struct wl_callback *callback,
		uint32_t serial)
{
	struct sync_note *note = data;
	struct client *client = note->client;
	wl_callback_destroy(callback);
	wl_list_remove(&note->link);
	client_emit("%s", note->line);
	struct window *window = client->window;
	if (note->first_frame && window != NULL && client->options.bad_scale_set) {
		// The frame is on screen; now break the rules, to see the
		// compositor refuse it without harming anyone else.
		wl_surface_set_buffer_scale(window->surface,
			client->options.bad_scale);
		wl_surface_commit(window->surface);
	}
	free(note);
}

static const struct wl_callback_listener sync_listener = {
	.done = sync_done,
};

static void sync_note(struct client *client, const char *line,
		bool first_frame)
{
	struct sync_note *note = calloc(1, sizeof(*note));
	if (note == NULL) {
		return;
	}
	note->client = client;
	note->first_frame = first_frame;
	snprintf(note->line, sizeof(note->line), "%s", line);
	// Requests are handled in order, so when this returns, the compositor
	// has applied everything committed before it.
	note->callback = wl_display_sync(client->display);
	wl_callback_add_listener(note->callback, &sync_listener, note);
	wl_list_insert(client->sync_notes.prev, &note->link);
}

void client_sync_finish(struct client *client)
{
	struct sync_note *note, *tmp;
	wl_list_for_each_safe(note, tmp, &client->sync_notes, link) {
		wl_callback_destroy(note->callback);
		wl_list_remove(&note->link);
		free(note);
	}
}

void client_sync(struct client *client, const char *line)
{
	sync_note(client, line, false);
}

static void buffer_size(const struct window *window, int *width, int *height)
{
	*width = window->width * window->scale;
	*height = window->height * window->scale;
	if (window->client->options.odd_buffer) {
		// Not a multiple of the scale: a protocol error since wl_surface
		// version 4 would have it.
		*width += 1;
		*height += 1;
	}
}

void window_redraw_if_needed(struct window *window)
{
	if (!window->configured || !window->needs_redraw) {
		return;
	}
	window->needs_redraw = false;
	int bw, bh;
	buffer_size(window, &bw, &bh);
	struct client_buffer *buffer = next_buffer(window, bw, bh);
	if (buffer == NULL) {
		window->client->running = false;
		window->client->exit_status = 1;
		return;
	}
	for (int by = 0; by < bh; by++) {
		uint32_t *row = buffer->data + (size_t)by * (size_t)bw;
		for (int bx = 0; bx < bw; bx++) {
			row[bx] = pattern_pixel(&window->pattern, bx, by, bw, bh);
		}
	}
	wl_surface_attach(window->surface, buffer->wl_buffer, 0, 0);
	wl_surface_set_buffer_scale(window->surface, window->scale);
	wl_surface_damage_buffer(window->surface, 0, 0, bw, bh);
	wl_surface_commit(window->surface);
	buffer->busy = true;
	window->front = buffer;

	char line[128];
	snprintf(line, sizeof(line), "ready %d %d %d", window->width,
		window->height, window->scale);
	sync_note(window->client, line, !window->shown);
	window->shown = true;
}

void window_set_scale(struct window *window, int scale)
{
	window->scale = scale;
	window->needs_redraw = true;
}

void window_set_pattern(struct window *window, const struct pattern *pattern)
{
	window->pattern = *pattern;
	window->needs_redraw = true;
}

bool window_damage(struct window *window, int x, int y, int w, int h)
{
	struct client_buffer *front = window->front;
	if (front == NULL || w <= 0 || h <= 0 || x < 0 || y < 0 ||
			x > front->width - w || y > front->height - h) {
		return false;
	}
	struct client_buffer *buffer = next_buffer(window, front->width,
		front->height);
	if (buffer == NULL) {
		return false;
	}
	// Outside the damage the new buffer must show what is on screen now,
	// or a compositor that rightly repaints only the damage would be
	// indistinguishable from one that repaints everything.
	memcpy(buffer->data, front->data, front->size);
	for (int by = y; by < y + h; by++) {
		uint32_t *row = buffer->data + (size_t)by * (size_t)buffer->width;
		for (int bx = x; bx < x + w; bx++) {
			row[bx] = pattern_pixel(&window->pattern, bx, by, buffer->width,
				buffer->height) ^ 0x00ffffffu;
		}
	}
	wl_surface_attach(window->surface, buffer->wl_buffer, 0, 0);
	wl_surface_damage_buffer(window->surface, x, y, w, h);
	wl_surface_commit(window->surface);
	buffer->busy = true;
	window->front = buffer;

	char line[128];
	snprintf(line, sizeof(line), "damaged %d %d %d %d", x, y, w, h);
	sync_note(window->client, line, false);
	return true;
}

static void surface_enter(void *data, struct wl_surface *surface,
		struct wl_output *wl_output)
{
	// A proxy already destroyed arrives as NULL.
	struct client_output *output = wl_output ?
		wl_output_get_user_data(wl_output) : NULL;
	client_emit("enter %s", output ? client_output_name(output) : "?");
}

static void surface_leave(void *data, struct wl_surface *surface,
		struct wl_output *wl_output)
{
	struct client_output *output = wl_output ?
		wl_output_get_user_data(wl_output) : NULL;
	client_emit("leave %s", output ? client_output_name(output) : "?");
}

static const struct wl_surface_listener surface_listener = {
	.enter = surface_enter,
	.leave = surface_leave,
};

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial)
{
	struct window *window = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	client_emit("configure %d %d", window->pending_width,
		window->pending_height);
	const struct client_options *options = &window->client->options;
	window->width = window->pending_width > 0 ?
		window->pending_width : options->width;
	window->height = window->pending_height > 0 ?
		window->pending_height : options->height;
	window->configured = true;
	// Every configure is answered by a new buffer, even at the same size:
	// that commit is what tells the compositor the configure took effect.
	window->needs_redraw = true;
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel,
		int32_t width, int32_t height, struct wl_array *states)
{
	struct window *window = data;
	window->pending_width = width;
	window->pending_height = height;
}

static void toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
	struct window *window = data;
	client_emit("close");
	window->client->running = false;
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = toplevel_configure,
	.close = toplevel_close,
};

struct window *window_create(struct client *client)
{
	const struct client_options *options = &client->options;
	struct window *window = calloc(1, sizeof(*window));
	if (window == NULL) {
		return NULL;
	}
	window->client = client;
	window->scale = options->scale;
	window->pattern = options->pattern;
	wl_list_init(&window->buffers);
	window->surface = wl_compositor_create_surface(client->compositor);
	wl_surface_add_listener(window->surface, &surface_listener, window);
	window->xdg_surface = xdg_wm_base_get_xdg_surface(client->wm_base,
		window->surface);
	xdg_surface_add_listener(window->xdg_surface, &xdg_surface_listener,
		window);
	window->xdg_toplevel = xdg_surface_get_toplevel(window->xdg_surface);
	xdg_toplevel_add_listener(window->xdg_toplevel, &toplevel_listener,
		window);
	xdg_toplevel_set_app_id(window->xdg_toplevel, options->app_id);
	xdg_toplevel_set_title(window->xdg_toplevel, options->title);
	if (options->fullscreen != NULL) {
		struct client_output *output =
			client_output_from_name(client, options->fullscreen);
		xdg_toplevel_set_fullscreen(window->xdg_toplevel,
			output ? output->wl_output : NULL);
	}
	// The initial commit without a buffer asks for the first configure.
	wl_surface_commit(window->surface);
	return window;
}

void window_destroy(struct window *window)
{
	struct client_buffer *buffer, *tmp;
	wl_list_for_each_safe(buffer, tmp, &window->buffers, link) {
		buffer_destroy(buffer);
	}
	xdg_toplevel_destroy(window->xdg_toplevel);
	xdg_surface_destroy(window->xdg_surface);
	wl_surface_destroy(window->surface);
	free(window);
}
