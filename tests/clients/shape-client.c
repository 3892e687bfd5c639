#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "cursor-shape-v1-client-protocol.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"

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

struct client {
	struct client_skeleton skel;
	struct wp_cursor_shape_manager_v1 *shape_manager;
	struct wp_cursor_shape_device_v1 *shape_device;
	struct zwp_pointer_gestures_v1 *gestures;
	struct zwp_pointer_gesture_swipe_v1 *swipe;
	struct zwp_pointer_gesture_pinch_v1 *pinch;
	struct zwp_pointer_gesture_hold_v1 *hold;
};

static void swipe_begin(void *data, struct zwp_pointer_gesture_swipe_v1 *swipe,
		uint32_t serial, uint32_t time, struct wl_surface *surface,
		uint32_t fingers) {
	client_emit("swipe begin %u", fingers);
}

static void swipe_update(void *data, struct zwp_pointer_gesture_swipe_v1 *swipe,
		uint32_t time, wl_fixed_t dx, wl_fixed_t dy) {
	client_emit("swipe update %.2f %.2f", wl_fixed_to_double(dx),
			wl_fixed_to_double(dy));
}

static void swipe_end(void *data, struct zwp_pointer_gesture_swipe_v1 *swipe,
		uint32_t serial, uint32_t time, int32_t cancelled) {
	client_emit("swipe end %d", cancelled);
}

static const struct zwp_pointer_gesture_swipe_v1_listener swipe_listener = {
	.begin = swipe_begin,
	.update = swipe_update,
	.end = swipe_end,
};

static void pinch_begin(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch,
		uint32_t serial, uint32_t time, struct wl_surface *surface,
		uint32_t fingers) {
	client_emit("pinch begin %u", fingers);
}

static void pinch_update(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch,
		uint32_t time, wl_fixed_t dx, wl_fixed_t dy, wl_fixed_t scale,
		wl_fixed_t rotation) {
	client_emit("pinch update %.2f %.2f %.2f %.2f", wl_fixed_to_double(dx),
			wl_fixed_to_double(dy), wl_fixed_to_double(scale),
			wl_fixed_to_double(rotation));
}

static void pinch_end(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch,
		uint32_t serial, uint32_t time, int32_t cancelled) {
	client_emit("pinch end %d", cancelled);
}

static const struct zwp_pointer_gesture_pinch_v1_listener pinch_listener = {
	.begin = pinch_begin,
	.update = pinch_update,
	.end = pinch_end,
};

static void hold_begin(void *data, struct zwp_pointer_gesture_hold_v1 *hold,
		uint32_t serial, uint32_t time, struct wl_surface *surface,
		uint32_t fingers) {
	client_emit("hold begin %u", fingers);
}

static void hold_end(void *data, struct zwp_pointer_gesture_hold_v1 *hold,
		uint32_t serial, uint32_t time, int32_t cancelled) {
	client_emit("hold end %d", cancelled);
}

static const struct zwp_pointer_gesture_hold_v1_listener hold_listener = {
	.begin = hold_begin,
	.end = hold_end,
};

static void pointer_added(void *data, struct wl_pointer *pointer) {
	struct client *client = data;
	client->shape_device =
			wp_cursor_shape_manager_v1_get_pointer(client->shape_manager,
					pointer);
	client->swipe = zwp_pointer_gestures_v1_get_swipe_gesture(client->gestures,
			pointer);
	zwp_pointer_gesture_swipe_v1_add_listener(client->swipe, &swipe_listener,
			client);
	client->pinch = zwp_pointer_gestures_v1_get_pinch_gesture(client->gestures,
			pointer);
	zwp_pointer_gesture_pinch_v1_add_listener(client->pinch, &pinch_listener,
			client);
	client->hold =
			zwp_pointer_gestures_v1_get_hold_gesture(client->gestures, pointer);
	zwp_pointer_gesture_hold_v1_add_listener(client->hold, &hold_listener,
			client);
}

static const struct client_global bound_globals[] = {
	{ &wp_cursor_shape_manager_v1_interface, 1,
			offsetof(struct client, shape_manager), NULL },
	// Version 3 has holds.
	{ &zwp_pointer_gestures_v1_interface, 3, offsetof(struct client, gestures),
			NULL },
	{ 0 },
};

static bool command(void *data, char *line) {
	struct client *client = data;
	unsigned shape;
	if (sscanf(line, "shape %u", &shape) == 1 && client->shape_device != NULL) {
		wp_cursor_shape_device_v1_set_shape(client->shape_device,
				client->skel.pointer_serial, shape);
		if (wl_display_roundtrip(client->skel.display) >= 0) {
			client_emit("shape set");
		}
		return true;
	}
	return client_skeleton_bad_command(&client->skel, line);
}

static bool start(void *data) {
	struct client *client = data;
	if (client->shape_manager == NULL || client->gestures == NULL ||
			wl_proxy_get_version((struct wl_proxy *)client->gestures) < 3) {
		client_emit("error missing globals");
		return false;
	}
	return true;
}

/* Destroys what the client made, then the skeleton. */
static void client_finish(struct client *client) {
	if (client->swipe != NULL) {
		zwp_pointer_gesture_swipe_v1_destroy(client->swipe);
		zwp_pointer_gesture_pinch_v1_destroy(client->pinch);
		zwp_pointer_gesture_hold_v1_destroy(client->hold);
	}
	if (client->shape_device != NULL) {
		wp_cursor_shape_device_v1_destroy(client->shape_device);
	}
	client_skeleton_finish_all(&client->skel, 0);
}

int main(int argc, char *argv[]) {
	if (argc != 2) {
		fprintf(stderr, "usage: shape-client APP_ID\n");
		return 2;
	}
	struct client client = { 0 };
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.data = &client,
		.window = true,
		.seat_version = 1,
		.pointer = CLIENT_POINTER_ENTER,
		.pointer_added = pointer_added,
		.width = 200,
		.height = 150,
		.pattern = { .kind = PATTERN_SOLID, .colour = SHAPE_CLIENT_COLOUR },
		.start = start,
		.command = command,
	};
	int status = client_skeleton_main(&client.skel, &spec, argv[1], NULL);
	client_finish(&client);
	return status;
}
