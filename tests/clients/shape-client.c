#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "cursor-shape-v1-client-protocol.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"
#include "raw-client.h"

/*
 * A window that takes the pointer as GTK 4 does: it names its cursor's
 * shape (cursor-shape-v1) instead of drawing one, and listens to touchpad
 * gestures (pointer-gestures-unstable-v1).
 *
 * shape-client APP_ID: a 200x150 window of one colour, SHAPE_CLIENT_COLOUR
 * (0xff2080c0), at buffer scale 1. It prints "ready" once mapped and
 * "pointer enter X Y" / "pointer leave", and "swipe begin FINGERS",
 * "swipe update DX DY", "swipe end CANCELLED", "pinch begin FINGERS",
 * "pinch update DX DY SCALE ROTATION", "pinch end CANCELLED", "hold begin
 * FINGERS", "hold end CANCELLED" (numbers with two decimals). Commands: "shape N" sets shape N
 * (the protocol's number; any, for invalid_shape) with the serial of the
 * last enter and prints "shape set" once gridwl answered it; "sync";
 * "quit". It prints "error ..." and "disconnected" when gridwl ends it.
 */

#define SHAPE_CLIENT_COLOUR 0xff2080c0u
#define WIDTH 200
#define HEIGHT 150

struct client {
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_seat *seat;
	struct wp_cursor_shape_manager_v1 *shape_manager;
	struct wl_pointer *pointer;
	struct wp_cursor_shape_device_v1 *shape_device;
	struct zwp_pointer_gestures_v1 *gestures;
	struct zwp_pointer_gesture_swipe_v1 *swipe;
	struct zwp_pointer_gesture_pinch_v1 *pinch;
	struct zwp_pointer_gesture_hold_v1 *hold;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	// As constraint-client's: on a queue never dispatched, destroyed at
	// the end.
	struct wl_buffer *buffer;
	struct wl_event_queue *buffer_queue;
	uint32_t enter_serial;
	bool configured;
};

static void pointer_enter(void *data, struct wl_pointer *pointer,
		uint32_t serial, struct wl_surface *surface, wl_fixed_t x,
		wl_fixed_t y) {
	struct client *client = data;
	client->enter_serial = serial;
	raw_client_emit("pointer enter %.2f %.2f", wl_fixed_to_double(x),
			wl_fixed_to_double(y));
}

static void pointer_leave(void *data, struct wl_pointer *pointer,
		uint32_t serial, struct wl_surface *surface) {
	raw_client_emit("pointer leave");
}

static void pointer_motion(void *data, struct wl_pointer *pointer,
		uint32_t time, wl_fixed_t x, wl_fixed_t y) {
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

static void swipe_begin(void *data, struct zwp_pointer_gesture_swipe_v1 *swipe,
		uint32_t serial, uint32_t time, struct wl_surface *surface,
		uint32_t fingers) {
	raw_client_emit("swipe begin %u", fingers);
}

static void swipe_update(void *data, struct zwp_pointer_gesture_swipe_v1 *swipe,
		uint32_t time, wl_fixed_t dx, wl_fixed_t dy) {
	raw_client_emit("swipe update %.2f %.2f", wl_fixed_to_double(dx),
			wl_fixed_to_double(dy));
}

static void swipe_end(void *data, struct zwp_pointer_gesture_swipe_v1 *swipe,
		uint32_t serial, uint32_t time, int32_t cancelled) {
	raw_client_emit("swipe end %d", cancelled);
}

static const struct zwp_pointer_gesture_swipe_v1_listener swipe_listener = {
	.begin = swipe_begin,
	.update = swipe_update,
	.end = swipe_end,
};

static void pinch_begin(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch,
		uint32_t serial, uint32_t time, struct wl_surface *surface,
		uint32_t fingers) {
	raw_client_emit("pinch begin %u", fingers);
}

static void pinch_update(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch,
		uint32_t time, wl_fixed_t dx, wl_fixed_t dy, wl_fixed_t scale,
		wl_fixed_t rotation) {
	raw_client_emit("pinch update %.2f %.2f %.2f %.2f", wl_fixed_to_double(dx),
			wl_fixed_to_double(dy), wl_fixed_to_double(scale),
			wl_fixed_to_double(rotation));
}

static void pinch_end(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch,
		uint32_t serial, uint32_t time, int32_t cancelled) {
	raw_client_emit("pinch end %d", cancelled);
}

static const struct zwp_pointer_gesture_pinch_v1_listener pinch_listener = {
	.begin = pinch_begin,
	.update = pinch_update,
	.end = pinch_end,
};

static void hold_begin(void *data, struct zwp_pointer_gesture_hold_v1 *hold,
		uint32_t serial, uint32_t time, struct wl_surface *surface,
		uint32_t fingers) {
	raw_client_emit("hold begin %u", fingers);
}

static void hold_end(void *data, struct zwp_pointer_gesture_hold_v1 *hold,
		uint32_t serial, uint32_t time, int32_t cancelled) {
	raw_client_emit("hold end %d", cancelled);
}

static const struct zwp_pointer_gesture_hold_v1_listener hold_listener = {
	.begin = hold_begin,
	.end = hold_end,
};

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
	struct client *client = data;
	if ((caps & WL_SEAT_CAPABILITY_POINTER) && client->pointer == NULL) {
		client->pointer = wl_seat_get_pointer(seat);
		wl_pointer_add_listener(client->pointer, &pointer_listener, client);
		client->shape_device =
				wp_cursor_shape_manager_v1_get_pointer(client->shape_manager,
						client->pointer);
		client->swipe =
				zwp_pointer_gestures_v1_get_swipe_gesture(client->gestures,
						client->pointer);
		zwp_pointer_gesture_swipe_v1_add_listener(client->swipe,
				&swipe_listener, client);
		client->pinch =
				zwp_pointer_gestures_v1_get_pinch_gesture(client->gestures,
						client->pointer);
		zwp_pointer_gesture_pinch_v1_add_listener(client->pinch,
				&pinch_listener, client);
		client->hold =
				zwp_pointer_gestures_v1_get_hold_gesture(client->gestures,
						client->pointer);
		zwp_pointer_gesture_hold_v1_add_listener(client->hold, &hold_listener,
				client);
	}
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = seat_capabilities,
};

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct client *client = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	if (client->configured) {
		wl_surface_commit(client->surface);
		return;
	}
	client->configured = true;
	struct pattern pattern = { .kind = PATTERN_SOLID,
		.colour = SHAPE_CLIENT_COLOUR };
	client->buffer =
			raw_client_pattern_buffer(client->shm, WIDTH, HEIGHT, &pattern);
	if (client->buffer == NULL) {
		exit(1);
	}
	wl_proxy_set_queue((struct wl_proxy *)client->buffer, client->buffer_queue);
	wl_surface_attach(client->surface, client->buffer, 0, 0);
	wl_surface_damage(client->surface, 0, 0, WIDTH, HEIGHT);
	wl_surface_commit(client->surface);
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static const struct client_global bound_globals[] = {
	{ &wl_compositor_interface, 4, offsetof(struct client, compositor), NULL },
	{ &wl_shm_interface, 1, offsetof(struct client, shm), NULL },
	{ &xdg_wm_base_interface, 1, offsetof(struct client, wm_base),
			&client_wm_base_listener },
	// Listened to from the bind: the capabilities come at once.
	{ &wl_seat_interface, 1, offsetof(struct client, seat), &seat_listener },
	{ &wp_cursor_shape_manager_v1_interface, 1,
			offsetof(struct client, shape_manager), NULL },
	// Version 3 has holds.
	{ &zwp_pointer_gestures_v1_interface, 3, offsetof(struct client, gestures),
			NULL },
	{ 0 },
};

static bool on_line(void *data, char *line) {
	struct client *client = data;
	unsigned shape;
	if (strcmp(line, "quit") == 0) {
		return false;
	} else if (strcmp(line, "sync") == 0) {
		wl_display_roundtrip(client->display);
		raw_client_emit("sync");
	} else if (sscanf(line, "shape %u", &shape) == 1 &&
			client->shape_device != NULL) {
		wp_cursor_shape_device_v1_set_shape(client->shape_device,
				client->enter_serial, shape);
		if (wl_display_roundtrip(client->display) >= 0) {
			raw_client_emit("shape set");
		}
	} else {
		raw_client_emit("error bad command \"%s\"", line);
	}
	return true;
}

/* Destroys every object the client made and disconnects: LeakSanitizer
 * counts proxies still allocated. */
static void client_finish(struct client *client) {
	if (client->swipe != NULL) {
		zwp_pointer_gesture_swipe_v1_destroy(client->swipe);
		zwp_pointer_gesture_pinch_v1_destroy(client->pinch);
		zwp_pointer_gesture_hold_v1_destroy(client->hold);
	}
	if (client->gestures != NULL) {
		zwp_pointer_gestures_v1_release(client->gestures);
	}
	if (client->shape_device != NULL) {
		wp_cursor_shape_device_v1_destroy(client->shape_device);
	}
	if (client->pointer != NULL) {
		wl_pointer_destroy(client->pointer);
	}
	if (client->toplevel != NULL) {
		xdg_toplevel_destroy(client->toplevel);
	}
	if (client->xdg_surface != NULL) {
		xdg_surface_destroy(client->xdg_surface);
	}
	if (client->surface != NULL) {
		wl_surface_destroy(client->surface);
	}
	if (client->buffer != NULL) {
		wl_buffer_destroy(client->buffer);
	}
	if (client->buffer_queue != NULL) {
		wl_event_queue_destroy(client->buffer_queue);
	}
	if (client->shape_manager != NULL) {
		wp_cursor_shape_manager_v1_destroy(client->shape_manager);
	}
	if (client->seat != NULL) {
		wl_seat_destroy(client->seat);
	}
	if (client->wm_base != NULL) {
		xdg_wm_base_destroy(client->wm_base);
	}
	if (client->shm != NULL) {
		wl_shm_destroy(client->shm);
	}
	if (client->compositor != NULL) {
		wl_compositor_destroy(client->compositor);
	}
	if (client->registry != NULL) {
		wl_registry_destroy(client->registry);
	}
	wl_display_disconnect(client->display);
}

int main(int argc, char *argv[]) {
	if (argc != 2) {
		fprintf(stderr, "usage: shape-client APP_ID\n");
		return 2;
	}
	struct client client = { 0 };
	client.display = raw_client_connect();
	if (client.display == NULL) {
		return 1;
	}
	client.buffer_queue = wl_display_create_queue(client.display);
	struct client_globals globals = {
		.table = bound_globals,
		.data = &client,
	};
	client.registry = client_globals_listen(client.display, &globals);
	wl_display_roundtrip(client.display);
	if (client.compositor == NULL || client.shm == NULL ||
			client.wm_base == NULL || client.seat == NULL ||
			client.shape_manager == NULL || client.gestures == NULL ||
			wl_proxy_get_version((struct wl_proxy *)client.gestures) < 3) {
		raw_client_emit("error missing globals");
		client_finish(&client);
		return 1;
	}
	client.surface = wl_compositor_create_surface(client.compositor);
	int status = raw_client_map_toplevel(client.display, client.wm_base,
			client.surface, &client.xdg_surface, &client.toplevel,
			&xdg_surface_listener, &client, argv[1], NULL, &client.configured);
	if (status != 0) {
		client_finish(&client);
		return status;
	}
	wl_display_roundtrip(client.display);
	raw_client_emit("ready");
	status = raw_client_run(client.display, on_line, &client);
	client_finish(&client);
	return status;
}
