#ifndef GRIDWL_TESTS_INPUT_METHOD_WIRE_H
#define GRIDWL_TESTS_INPUT_METHOD_WIRE_H

#include <wayland-client.h>

/*
 * input-method-unstable-v2's XML is in no Debian package: its wire
 * description, written out from the protocol (wlroots' copy), for the
 * clients that are input methods (ime-client, the protocol fuzzer).
 * Requests are sent with wl_proxy_marshal_flags and these opcodes.
 */
extern const struct wl_interface zwp_input_method_manager_v2_interface;
extern const struct wl_interface zwp_input_method_v2_interface;
extern const struct wl_interface zwp_input_popup_surface_v2_interface;
extern const struct wl_interface zwp_input_method_keyboard_grab_v2_interface;

enum {
	IM_MANAGER_GET_INPUT_METHOD = 0, // wl_seat, new_id
	IM_MANAGER_DESTROY = 1,
};

enum {
	IM_COMMIT_STRING = 0, // text
	IM_SET_PREEDIT_STRING = 1, // text, cursor_begin, cursor_end
	IM_DELETE_SURROUNDING_TEXT = 2, // before_length, after_length
	IM_COMMIT = 3, // serial
	IM_GET_INPUT_POPUP_SURFACE = 4, // new_id, wl_surface
	IM_GRAB_KEYBOARD = 5, // new_id
	IM_DESTROY = 6,
};

enum {
	IM_ERROR_ROLE = 0, // zwp_input_method_v2: the surface has another role
};

// zwp_input_popup_surface_v2.destroy and
// zwp_input_method_keyboard_grab_v2.release: each one's only request.
enum {
	IM_POPUP_DESTROY = 0,
	IM_GRAB_RELEASE = 0,
};

#endif
