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
	struct wl_surface *surface;
	struct wl_list buffers; // client_buffer.link
	struct client_buffer *front;
};

static void pointer_enter(void *data, uint32_t serial,
		struct wl_surface *surface, double x, double y) {
	struct client *client = data;
	struct client_cursor *cursor = client->cursor;
	int scale = client->options.cursor_scale;
	int size = CURSOR_SIZE * scale;
	if (cursor->front == NULL) {
		struct client_buffer *buffer =
				buffer_next(client, &cursor->buffers, NULL, size, size);
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
	wl_pointer_set_cursor(client->skel.input.pointer, serial, cursor->surface,
			0, 0);
	client_emit("pointer enter %.2f %.2f", x, y);
}

static void pointer_leave(void *data, struct wl_surface *surface) {
	client_emit("pointer leave");
}

static void pointer_motion(void *data, double x, double y) {
	client_emit("pointer motion %.2f %.2f", x, y);
}

/* The cursor's surface comes with the pointer. */
static void pointer_added(void *data, struct wl_pointer *pointer) {
	struct client *client = data;
	if (client->cursor == NULL) {
		client->cursor = calloc(1, sizeof(*client->cursor));
		if (client->cursor == NULL) {
			client_emit("error out of memory");
			exit(1);
		}
		wl_list_init(&client->cursor->buffers);
		client->cursor->surface =
				wl_compositor_create_surface(client->skel.compositor);
	}
	// Events sent before this pointer existed are not ours: a test waits
	// for this line before it moves the pointer.
	client_emit("pointer ready");
}

const struct client_input_handler client_cursor_input = {
	.pointer_added = pointer_added,
	.pointer_enter = pointer_enter,
	.pointer_leave = pointer_leave,
	.pointer_motion = pointer_motion,
};

void client_cursor_destroy(struct client_cursor *cursor) {
	if (cursor == NULL) {
		return;
	}
	wl_surface_destroy(cursor->surface);
	buffers_destroy(&cursor->buffers);
	free(cursor);
}
