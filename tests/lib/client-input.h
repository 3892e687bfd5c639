#ifndef GRIDWL_TESTS_CLIENT_INPUT_H
#define GRIDWL_TESTS_CLIENT_INPUT_H

#include <stdint.h>
#include <wayland-client.h>

/*
 * A wl_seat as the test clients hear it (the skeleton's seat, the pattern
 * client's cursor, keyboard-client, the transient seats' window and those
 * with a registry of their own): its keyboard, pointer and touch taken as
 * they appear and released as they go, each only when the handler hears
 * something of it, and their events handed on without the proxy and the
 * time, which no test reads. Axis details and frames are dropped.
 */

/* What a client hears; any may be NULL. Positions are surface-local. */
struct client_input_handler {
	// The seat's name (wl_seat version 2).
	void (*seat_name)(void *data, const char *name);

	// The keymap's fd is the callee's to close; without keymap it is
	// closed unread.
	void (*keymap)(void *data, uint32_t format, int32_t fd, uint32_t size);
	void (*keyboard_enter)(void *data, uint32_t serial,
			struct wl_surface *surface, struct wl_array *keys);
	void (*keyboard_leave)(void *data, uint32_t serial,
			struct wl_surface *surface);
	void (*key)(void *data, uint32_t serial, uint32_t key, uint32_t state);
	void (*modifiers)(void *data, uint32_t depressed, uint32_t latched,
			uint32_t locked, uint32_t group);

	// Once the pointer is taken, and before it is released (what the
	// client made on it goes first).
	void (*pointer_added)(void *data, struct wl_pointer *pointer);
	void (*pointer_removed)(void *data, struct wl_pointer *pointer);
	void (*pointer_enter)(void *data, uint32_t serial,
			struct wl_surface *surface, double x, double y);
	void (*pointer_leave)(void *data, struct wl_surface *surface);
	void (*pointer_motion)(void *data, double x, double y);
	void (*pointer_button)(void *data, uint32_t serial, uint32_t button,
			uint32_t state);
	void (*pointer_axis)(void *data, uint32_t axis, double value);

	void (*touch_down)(void *data, struct wl_surface *surface, int32_t id,
			double x, double y);
	void (*touch_up)(void *data, int32_t id);
	void (*touch_motion)(void *data, int32_t id, double x, double y);
	void (*touch_cancel)(void *data);
};

struct client_input {
	// Set by client_input_bind; a seat bound elsewhere stays the
	// caller's.
	struct wl_seat *seat;
	struct wl_keyboard *keyboard;
	struct wl_pointer *pointer;
	struct wl_touch *touch;
	const struct client_input_handler *handler;
	void *data;
};

/* Binds the wl_seat global name at version (the first call only) and
 * follows its capabilities, handing the events to handler with data. */
void client_input_bind(struct client_input *input, struct wl_registry *registry,
		uint32_t name, uint32_t version,
		const struct client_input_handler *handler, void *data);

/* For a seat whose listener is the caller's: takes and releases the
 * devices as wl_seat.capabilities says. */
void client_input_capabilities(struct client_input *input, struct wl_seat *seat,
		uint32_t capabilities);

/* Releases the devices, and the seat client_input_bind bound. */
void client_input_finish(struct client_input *input);

#endif
