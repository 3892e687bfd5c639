#include <unistd.h>
#include "raw-client.h"

/*
 * The seat as the hand-written clients hear it: a keyboard and a pointer
 * bound as they appear (a virtual pointer arrives late), with only the
 * events a test narrates handed on. wl_seat version 3 keeps wl_pointer
 * without frame and axis details, which none of them needs.
 */

static void keyboard_keymap(void *data, struct wl_keyboard *keyboard,
		uint32_t format, int32_t fd, uint32_t size) {
	close(fd);
}

static void keyboard_enter(void *data, struct wl_keyboard *keyboard,
		uint32_t serial, struct wl_surface *surface, struct wl_array *keys) {
	struct raw_client_input *input = data;
	if (input->handler->keyboard_enter != NULL) {
		input->handler->keyboard_enter(input->data, surface);
	}
}

static void keyboard_leave(void *data, struct wl_keyboard *keyboard,
		uint32_t serial, struct wl_surface *surface) {
	struct raw_client_input *input = data;
	if (input->handler->keyboard_leave != NULL) {
		input->handler->keyboard_leave(input->data, surface);
	}
}

static void keyboard_key(void *data, struct wl_keyboard *keyboard,
		uint32_t serial, uint32_t time, uint32_t key, uint32_t state) {
}

static void keyboard_modifiers(void *data, struct wl_keyboard *keyboard,
		uint32_t serial, uint32_t depressed, uint32_t latched, uint32_t locked,
		uint32_t group) {
}

static const struct wl_keyboard_listener keyboard_listener = {
	.keymap = keyboard_keymap,
	.enter = keyboard_enter,
	.leave = keyboard_leave,
	.key = keyboard_key,
	.modifiers = keyboard_modifiers,
};

static void pointer_enter(void *data, struct wl_pointer *pointer,
		uint32_t serial, struct wl_surface *surface, wl_fixed_t x,
		wl_fixed_t y) {
	struct raw_client_input *input = data;
	if (input->handler->pointer_enter != NULL) {
		input->handler->pointer_enter(input->data, surface,
				wl_fixed_to_double(x), wl_fixed_to_double(y));
	}
}

static void pointer_leave(void *data, struct wl_pointer *pointer,
		uint32_t serial, struct wl_surface *surface) {
}

static void pointer_motion(void *data, struct wl_pointer *pointer,
		uint32_t time, wl_fixed_t x, wl_fixed_t y) {
}

static void pointer_button(void *data, struct wl_pointer *pointer,
		uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
	struct raw_client_input *input = data;
	if (input->handler->pointer_button != NULL) {
		input->handler->pointer_button(input->data, button, state);
	}
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
	struct raw_client_input *input = data;
	if ((capabilities & WL_SEAT_CAPABILITY_KEYBOARD) &&
			input->keyboard == NULL) {
		input->keyboard = wl_seat_get_keyboard(seat);
		wl_keyboard_add_listener(input->keyboard, &keyboard_listener, input);
	}
	if ((capabilities & WL_SEAT_CAPABILITY_POINTER) && input->pointer == NULL) {
		input->pointer = wl_seat_get_pointer(seat);
		wl_pointer_add_listener(input->pointer, &pointer_listener, input);
	}
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) {
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = seat_capabilities,
	.name = seat_name,
};

void raw_client_input_bind(struct raw_client_input *input,
		struct wl_registry *registry, uint32_t name,
		const struct raw_client_input_handler *handler, void *data) {
	if (input->seat != NULL) {
		return;
	}
	input->handler = handler;
	input->data = data;
	input->seat = wl_registry_bind(registry, name, &wl_seat_interface, 3);
	wl_seat_add_listener(input->seat, &seat_listener, input);
}
