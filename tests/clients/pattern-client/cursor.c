#include <stdlib.h>
#include <wayland-client.h>
#include "client.h"

/*
 * --cursor SCALE: while the pointer is over the window, the cursor is a
 * surface of the client's own, CURSOR_SIZE logical pixels square, drawn
 * with the coords pattern at buffer scale SCALE, hotspot at its top-left.
 * Prints "pointer enter X Y" once it is set, so a test knows the cursor is the
 * client's, and "pointer motion X Y" (surface coordinates) as it moves;
 * "pointer ready" once the seat has a pointer and the client listens to it.
 */

#define CURSOR_SIZE 16

struct client_cursor {
	struct client *client;
	struct wl_pointer *pointer;
	struct wl_surface *surface;
	struct wl_list buffers; // client_buffer.link
	struct client_buffer *front;
};

static void pointer_enter(void *data, struct wl_pointer *pointer,
		uint32_t serial, struct wl_surface *surface, wl_fixed_t x,
		wl_fixed_t y) {
	struct client_cursor *cursor = data;
	int scale = cursor->client->options.cursor_scale;
	int size = CURSOR_SIZE * scale;
	if (cursor->front == NULL) {
		struct client_buffer *buffer =
				buffer_next(cursor->client, &cursor->buffers, NULL, size, size);
		if (buffer == NULL) {
			client_emit("error no memory for the cursor");
			return;
		}
		struct pattern coords = { .kind = PATTERN_COORDS };
		buffer_fill(buffer, &coords);
		buffer_commit(buffer, cursor->surface, scale);
		cursor->front = buffer;
	}
	// A test syncs after this line, which makes sure the compositor has
	// the cursor too.
	wl_pointer_set_cursor(pointer, serial, cursor->surface, 0, 0);
	client_emit("pointer enter %.2f %.2f", wl_fixed_to_double(x),
			wl_fixed_to_double(y));
}

static void pointer_leave(void *data, struct wl_pointer *pointer,
		uint32_t serial, struct wl_surface *surface) {
	client_emit("pointer leave");
}

static void pointer_motion(void *data, struct wl_pointer *pointer,
		uint32_t time, wl_fixed_t x, wl_fixed_t y) {
	client_emit("pointer motion %.2f %.2f", wl_fixed_to_double(x),
			wl_fixed_to_double(y));
}

static void pointer_button(void *data, struct wl_pointer *pointer,
		uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
}

static void pointer_axis(void *data, struct wl_pointer *pointer, uint32_t time,
		uint32_t axis, wl_fixed_t value) {
}

static const struct wl_pointer_listener pointer_listener = {
	.enter = pointer_enter,
	.leave = pointer_leave,
	.motion = pointer_motion,
	.button = pointer_button,
	.axis = pointer_axis,
};

static void seat_capabilities(void *data, struct wl_seat *seat,
		uint32_t capabilities) {
	struct client_cursor *cursor = data;
	if ((capabilities & WL_SEAT_CAPABILITY_POINTER) &&
			cursor->pointer == NULL) {
		cursor->pointer = wl_seat_get_pointer(seat);
		wl_pointer_add_listener(cursor->pointer, &pointer_listener, cursor);
		// Events sent before this pointer existed are not ours: a test
		// waits for this line before it moves the pointer.
		client_emit("pointer ready");
	}
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) {
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = seat_capabilities,
	.name = seat_name,
};

struct client_cursor *client_cursor_create(struct client *client,
		struct wl_seat *seat) {
	struct client_cursor *cursor = calloc(1, sizeof(*cursor));
	if (cursor == NULL) {
		return NULL;
	}
	cursor->client = client;
	wl_list_init(&cursor->buffers);
	cursor->surface = wl_compositor_create_surface(client->compositor);
	wl_seat_add_listener(seat, &seat_listener, cursor);
	return cursor;
}

void client_cursor_destroy(struct client_cursor *cursor) {
	if (cursor == NULL) {
		return;
	}
	if (cursor->pointer != NULL) {
		wl_pointer_destroy(cursor->pointer);
	}
	wl_surface_destroy(cursor->surface);
	buffers_destroy(&cursor->buffers);
	free(cursor);
}
