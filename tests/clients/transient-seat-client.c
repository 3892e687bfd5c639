#define _GNU_SOURCE // memfd_create
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "cursor-shape-v1-client-protocol.h"
#include "ext-transient-seat-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "virtual-keyboard-wire.h"

/*
 * Both sides of ext-transient-seat-v1, as a remote desktop and a window
 * see it.
 *
 * transient-seat-client window APP_ID: a 200x150 window that binds every
 * wl_seat, also those that come later, as GTK does. It prints "seat added
 * NAME" and "seat removed NAME" as seats come and go, "keyboard enter
 * NAME" / "keyboard leave NAME" and "key NAME KEY STATE" for each seat's
 * keyboard, "pointer enter NAME X Y", "pointer motion NAME X Y", "pointer
 * leave NAME" (surface-local, logical) and "button NAME CODE STATE" for
 * each seat's pointer, and "ready" once mapped. With "window APP_ID
 * shape" it names the crosshair shape (cursor-shape-v1) whenever a
 * transient seat's pointer enters it, with "window APP_ID surface" it sets
 * a cursor surface there: 16x16 pixels of CURSOR_COLOUR at buffer scale 2,
 * its hotspot at its top-left corner.
 *
 * transient-seat-client remote: makes a transient seat, binds its wl_seat
 * and makes a virtual keyboard (a keymap with one key, 'a', at evdev code
 * 30) and a virtual pointer on it. It prints "ready" then, or "denied".
 * Commands: "key" presses and releases the key ("key sent" once gridwl
 * has passed it on); "move X Y W H" puts the pointer at X,Y of a W x H
 * extent mapped onto the whole layout ("moved"); "click" presses and
 * releases the left button ("clicked"); "destroy" destroys the transient
 * seat ("destroyed").
 *
 * Both answer "sync" and "quit", and print "error ..." and "disconnected"
 * when gridwl ends them.
 */

#define COLOUR 0xffa06040u
#define CURSOR_COLOUR 0xff20c040u
#define CURSOR_SIZE 16 // pixels, at buffer scale 2
#define WIDTH 200
#define HEIGHT 150
#define MAX_SEATS 8
#define KEY_A 30
#define BTN_LEFT 0x110

struct seat {
	struct client *client;
	uint32_t global_name;
	struct client_input input; // input.seat: the wl_seat
	struct wp_cursor_shape_device_v1 *shape_device;
	char *name;
};

enum cursor_mode {
	CURSOR_NONE,
	CURSOR_SHAPE,
	CURSOR_SURFACE,
};

struct client {
	struct client_skeleton skel;
	bool window; // the window side, which binds every seat
	enum cursor_mode cursor_mode;
	struct wp_cursor_shape_manager_v1 *shape_manager;
	struct wl_surface *cursor_surface;
	struct wl_buffer *cursor_buffer;
	struct seat seats[MAX_SEATS];

	// The remote side.
	struct ext_transient_seat_manager_v1 *manager;
	struct wl_proxy *keyboard_manager;
	struct ext_transient_seat_v1 *transient;
	uint32_t transient_global; // 0 until ready
	bool denied;
	struct wl_seat *transient_seat;
	struct wl_proxy *virtual_keyboard;
	struct zwlr_virtual_pointer_manager_v1 *pointer_manager;
	struct zwlr_virtual_pointer_v1 *virtual_pointer;
	uint32_t time_msec;
};

static const char *seat_name(struct seat *seat) {
	return seat->name != NULL ? seat->name : "(unnamed)";
}

static void keyboard_enter(void *data, uint32_t serial,
		struct wl_surface *surface, struct wl_array *keys) {
	client_emit("keyboard enter %s", seat_name(data));
}

static void keyboard_leave(void *data, uint32_t serial,
		struct wl_surface *surface) {
	client_emit("keyboard leave %s", seat_name(data));
}

static void keyboard_key(void *data, uint32_t serial, uint32_t key,
		uint32_t state) {
	client_emit("key %s %u %u", seat_name(data), key, state);
}

/* A transient seat's pointer gets the cursor the window was told to set. */
static void set_cursor(struct seat *seat, uint32_t serial) {
	struct client *client = seat->client;
	if (seat->name == NULL || strncmp(seat->name, "transient-", 10) != 0) {
		return;
	}
	if (client->cursor_mode == CURSOR_SHAPE) {
		if (seat->shape_device == NULL) {
			seat->shape_device = wp_cursor_shape_manager_v1_get_pointer(
					client->shape_manager, seat->input.pointer);
		}
		wp_cursor_shape_device_v1_set_shape(seat->shape_device, serial,
				WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_CROSSHAIR);
	} else if (client->cursor_mode == CURSOR_SURFACE) {
		wl_pointer_set_cursor(seat->input.pointer, serial,
				client->cursor_surface, 0, 0);
		wl_surface_set_buffer_scale(client->cursor_surface, 2);
		wl_surface_attach(client->cursor_surface, client->cursor_buffer, 0, 0);
		wl_surface_damage(client->cursor_surface, 0, 0, CURSOR_SIZE,
				CURSOR_SIZE);
		wl_surface_commit(client->cursor_surface);
	}
}

static void pointer_enter(void *data, uint32_t serial,
		struct wl_surface *surface, double x, double y) {
	client_emit("pointer enter %s %g %g", seat_name(data), x, y);
	set_cursor(data, serial);
}

static void pointer_leave(void *data, struct wl_surface *surface) {
	client_emit("pointer leave %s", seat_name(data));
}

static void pointer_motion(void *data, double x, double y) {
	client_emit("pointer motion %s %g %g", seat_name(data), x, y);
}

static void pointer_button(void *data, uint32_t serial, uint32_t button,
		uint32_t state) {
	client_emit("button %s %u %u", seat_name(data), button, state);
}

/* Its cursor shape device goes with it. */
static void pointer_removed(void *data, struct wl_pointer *pointer) {
	struct seat *seat = data;
	if (seat->shape_device != NULL) {
		wp_cursor_shape_device_v1_destroy(seat->shape_device);
		seat->shape_device = NULL;
	}
}

static void seat_named(void *data, const char *name) {
	struct seat *seat = data;
	free(seat->name);
	seat->name = strdup(name);
	client_emit("seat added %s", seat_name(seat));
}

static const struct client_input_handler input_handler = {
	.seat_name = seat_named,
	.keyboard_enter = keyboard_enter,
	.keyboard_leave = keyboard_leave,
	.key = keyboard_key,
	.pointer_removed = pointer_removed,
	.pointer_enter = pointer_enter,
	.pointer_leave = pointer_leave,
	.pointer_motion = pointer_motion,
	.pointer_button = pointer_button,
};

static void seat_finish(struct seat *seat) {
	client_input_finish(&seat->input);
	free(seat->name);
	*seat = (struct seat){ 0 };
}

static void registry_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct client *client = data;
	if (!client->window || strcmp(interface, wl_seat_interface.name) != 0) {
		return;
	}
	for (int i = 0; i < MAX_SEATS; i++) {
		struct seat *seat = &client->seats[i];
		if (seat->input.seat == NULL) {
			seat->client = client;
			seat->global_name = name;
			// Version 5: its name, and release.
			client_input_bind(&seat->input, registry, name,
					version < 5 ? version : 5, &input_handler, seat);
			return;
		}
	}
	client_emit("error too many seats");
}

static void registry_global_remove(void *data, struct wl_registry *registry,
		uint32_t name) {
	struct client *client = data;
	for (int i = 0; i < MAX_SEATS; i++) {
		struct seat *seat = &client->seats[i];
		if (seat->input.seat != NULL && seat->global_name == name) {
			client_emit("seat removed %s", seat_name(seat));
			seat_finish(seat);
		}
	}
}

static void transient_ready(void *data, struct ext_transient_seat_v1 *seat,
		uint32_t global_name) {
	struct client *client = data;
	client->transient_global = global_name;
}

static void transient_denied(void *data, struct ext_transient_seat_v1 *seat) {
	struct client *client = data;
	client->denied = true;
}

static const struct ext_transient_seat_v1_listener transient_listener = {
	.ready = transient_ready,
	.denied = transient_denied,
};

static const struct client_global window_globals[] = {
	{ &wp_cursor_shape_manager_v1_interface, 1,
			offsetof(struct client, shape_manager), NULL },
	{ 0 },
};

static const struct client_global remote_globals[] = {
	{ &ext_transient_seat_manager_v1_interface, 1,
			offsetof(struct client, manager), NULL },
	{ &zwp_virtual_keyboard_manager_v1_interface, 1,
			offsetof(struct client, keyboard_manager), NULL },
	{ &zwlr_virtual_pointer_manager_v1_interface, 1,
			offsetof(struct client, pointer_manager), NULL },
	{ 0 },
};

static const char keymap[] =
		"xkb_keymap {\n"
		"xkb_keycodes \"(unnamed)\" { minimum = 8; maximum = 255; "
		"<AC01> = 38; };\n"
		"xkb_types \"(unnamed)\" { include \"complete\" };\n"
		"xkb_compatibility \"(unnamed)\" { include \"complete\" };\n"
		"xkb_symbols \"(unnamed)\" { key <AC01> { [ a ] }; };\n"
		"};\n";

static bool send_keymap(struct client *client) {
	int fd = memfd_create("keymap", MFD_CLOEXEC);
	if (fd < 0 || write(fd, keymap, sizeof(keymap)) != sizeof(keymap)) {
		client_emit("error cannot make a keymap file");
		if (fd >= 0) {
			close(fd);
		}
		return false;
	}
	wl_proxy_marshal_flags(client->virtual_keyboard, VIRTUAL_KEYBOARD_KEYMAP,
			NULL, 1, 0, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd,
			(uint32_t)sizeof(keymap));
	close(fd);
	return true;
}

/* The transient seat, its wl_seat and a virtual keyboard on it; 0, or the
 * exit status. */
static int start_remote(struct client *client) {
	if (client->manager == NULL || client->keyboard_manager == NULL ||
			client->pointer_manager == NULL) {
		client_emit("error missing globals");
		return 1;
	}
	client->transient = ext_transient_seat_manager_v1_create(client->manager);
	ext_transient_seat_v1_add_listener(client->transient, &transient_listener,
			client);
	while (client->transient_global == 0 && !client->denied) {
		if (wl_display_dispatch(client->skel.display) < 0) {
			return raw_client_report_disconnect(client->skel.display);
		}
	}
	if (client->denied) {
		client_emit("denied");
		return 1;
	}
	client->transient_seat = wl_registry_bind(client->skel.registry,
			client->transient_global, &wl_seat_interface, 1);
	client->virtual_keyboard = wl_proxy_marshal_flags(client->keyboard_manager,
			VIRTUAL_KEYBOARD_MANAGER_CREATE, &zwp_virtual_keyboard_v1_interface,
			1, 0, client->transient_seat, NULL);
	if (!send_keymap(client)) {
		return 1;
	}
	client->virtual_pointer =
			zwlr_virtual_pointer_manager_v1_create_virtual_pointer(
					client->pointer_manager, client->transient_seat);
	if (wl_display_roundtrip(client->skel.display) < 0) {
		return raw_client_report_disconnect(client->skel.display);
	}
	return 0;
}

/* The cursor shape manager or the cursor's surface, as asked. */
static bool start_window(void *data) {
	struct client *client = data;
	struct client_skeleton *skel = &client->skel;
	if (client->cursor_mode == CURSOR_SHAPE && client->shape_manager == NULL) {
		client_emit("error no wp_cursor_shape_manager_v1");
		return false;
	}
	if (client->cursor_mode == CURSOR_SURFACE) {
		client->cursor_surface = wl_compositor_create_surface(skel->compositor);
		struct pattern cursor = { .kind = PATTERN_SOLID,
			.colour = CURSOR_COLOUR };
		client->cursor_buffer = raw_client_pattern_buffer(skel->shm,
				CURSOR_SIZE, CURSOR_SIZE, &cursor);
		if (client->cursor_buffer == NULL) {
			return false;
		}
		// Never released to a listener: destroyed at the end.
		wl_proxy_set_queue((struct wl_proxy *)client->cursor_buffer,
				skel->buffer_queue);
	}
	return true;
}

static void send_key(struct client *client, uint32_t state) {
	wl_proxy_marshal_flags(client->virtual_keyboard, VIRTUAL_KEYBOARD_KEY, NULL,
			1, 0, 0u, (uint32_t)KEY_A, state);
}

static bool on_line(void *data, char *line) {
	struct client *client = data;
	unsigned x, y, w, h;
	if (strcmp(line, "key") == 0 && client->virtual_keyboard != NULL) {
		send_key(client, WL_KEYBOARD_KEY_STATE_PRESSED);
		send_key(client, WL_KEYBOARD_KEY_STATE_RELEASED);
		// Once answered, gridwl has sent the keys on.
		wl_display_roundtrip(client->skel.display);
		client_emit("key sent");
	} else if (sscanf(line, "move %u %u %u %u", &x, &y, &w, &h) == 4 &&
			client->virtual_pointer != NULL) {
		zwlr_virtual_pointer_v1_motion_absolute(client->virtual_pointer,
				client->time_msec += 10, x, y, w, h);
		zwlr_virtual_pointer_v1_frame(client->virtual_pointer);
		wl_display_roundtrip(client->skel.display);
		client_emit("moved");
	} else if (strcmp(line, "click") == 0 && client->virtual_pointer != NULL) {
		for (int i = 0; i < 2; i++) {
			zwlr_virtual_pointer_v1_button(client->virtual_pointer,
					client->time_msec += 10, BTN_LEFT,
					i == 0 ? WL_POINTER_BUTTON_STATE_PRESSED :
							 WL_POINTER_BUTTON_STATE_RELEASED);
			zwlr_virtual_pointer_v1_frame(client->virtual_pointer);
		}
		wl_display_roundtrip(client->skel.display);
		client_emit("clicked");
	} else if (strcmp(line, "destroy") == 0 && client->transient != NULL) {
		ext_transient_seat_v1_destroy(client->transient);
		client->transient = NULL;
		wl_display_roundtrip(client->skel.display);
		client_emit("destroyed");
	} else {
		return client_skeleton_bad_command(&client->skel, line);
	}
	return true;
}

/* Destroys what the client made, then the skeleton. */
static void client_finish(struct client *client) {
	for (int i = 0; i < MAX_SEATS; i++) {
		seat_finish(&client->seats[i]);
	}
	if (client->virtual_keyboard != NULL) {
		wl_proxy_marshal_flags(client->virtual_keyboard,
				VIRTUAL_KEYBOARD_DESTROY, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
	}
	if (client->virtual_pointer != NULL) {
		zwlr_virtual_pointer_v1_destroy(client->virtual_pointer);
	}
	if (client->transient_seat != NULL) {
		wl_seat_destroy(client->transient_seat);
	}
	if (client->transient != NULL) {
		ext_transient_seat_v1_destroy(client->transient);
	}
	if (client->cursor_surface != NULL) {
		wl_surface_destroy(client->cursor_surface);
	}
	if (client->cursor_buffer != NULL) {
		wl_buffer_destroy(client->cursor_buffer);
	}
	client_skeleton_finish_all(&client->skel, 0);
}

int main(int argc, char *argv[]) {
	bool window = (argc == 3 || argc == 4) && strcmp(argv[1], "window") == 0;
	enum cursor_mode cursor_mode = CURSOR_NONE;
	if (window && argc == 4) {
		cursor_mode = strcmp(argv[3], "shape") == 0 ? CURSOR_SHAPE :
				strcmp(argv[3], "surface") == 0     ? CURSOR_SURFACE :
													  CURSOR_NONE;
		window = cursor_mode != CURSOR_NONE;
	}
	if (!window && !(argc == 2 && strcmp(argv[1], "remote") == 0)) {
		fprintf(stderr,
				"usage: transient-seat-client window APP_ID [shape|surface] | "
				"remote\n");
		return 2;
	}
	struct client client = { .window = window, .cursor_mode = cursor_mode };
	const struct client_skeleton_spec spec = {
		.globals = window ? window_globals : remote_globals,
		.global = registry_global,
		.global_remove = registry_global_remove,
		.data = &client,
		.window = window,
		.width = WIDTH,
		.height = HEIGHT,
		.pattern = { .kind = PATTERN_SOLID, .colour = COLOUR },
		.start = window ? start_window : NULL,
		.command = on_line,
	};
	int status;
	if (window) {
		status = client_skeleton_main(&client.skel, &spec, argv[2], NULL);
	} else {
		status = client_skeleton_connect(&client.skel, &spec);
		if (status == 0) {
			status = start_remote(&client);
		}
		if (status == 0) {
			status = client_skeleton_ready_run(&client.skel);
		}
	}
	client_finish(&client);
	return status;
}
