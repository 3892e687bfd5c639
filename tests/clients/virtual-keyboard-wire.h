#ifndef GRIDWL_TESTS_VIRTUAL_KEYBOARD_WIRE_H
#define GRIDWL_TESTS_VIRTUAL_KEYBOARD_WIRE_H

#include <wayland-client.h>

/*
 * virtual-keyboard-unstable-v1's XML is in no Debian package: its wire
 * description, written out from the protocol, for the clients that make
 * virtual keyboards (virtual-keyboard-client, transient-seat-client).
 * Requests are sent with wl_proxy_marshal_flags and these opcodes.
 */
extern const struct wl_interface zwp_virtual_keyboard_manager_v1_interface;
extern const struct wl_interface zwp_virtual_keyboard_v1_interface;

enum {
	// zwp_virtual_keyboard_manager_v1: wl_seat, new_id.
	VIRTUAL_KEYBOARD_MANAGER_CREATE = 0,
};

enum {
	VIRTUAL_KEYBOARD_KEYMAP = 0, // format, fd, size
	VIRTUAL_KEYBOARD_KEY = 1, // time, key, state
	VIRTUAL_KEYBOARD_MODIFIERS = 2,
	VIRTUAL_KEYBOARD_DESTROY = 3,
};

#endif
