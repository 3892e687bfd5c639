#include <stdbool.h>
#include <unistd.h>
#include "client-globals.h"
#include "client-input.h"

static void keyboard_keymap(void *data, struct wl_keyboard *keyboard,
		uint32_t format, int32_t fd, uint32_t size) {
	struct client_input *input = data;
	if (input->handler->keymap != NULL) {
		input->handler->keymap(input->data, format, fd, size);
	} else {
		close(fd);
	}
}

static void keyboard_enter(void *data, struct wl_keyboard *keyboard,
		uint32_t serial, struct wl_surface *surface, struct wl_array *keys) {
	struct client_input *input = data;
	if (input->handler->keyboard_enter != NULL) {
		input->handler->keyboard_enter(input->data, serial, surface, keys);
	}
}

static void keyboard_leave(void *data, struct wl_keyboard *keyboard,
		uint32_t serial, struct wl_surface *surface) {
	struct client_input *input = data;
	if (input->handler->keyboard_leave != NULL) {
		input->handler->keyboard_leave(input->data, serial, surface);
	}
}

static void keyboard_key(void *data, struct wl_keyboard *keyboard,
		uint32_t serial, uint32_t time, uint32_t key, uint32_t state) {
	struct client_input *input = data;
	if (input->handler->key != NULL) {
		input->handler->key(input->data, serial, key, state);
	}
}

static void keyboard_modifiers(void *data, struct wl_keyboard *keyboard,
		uint32_t serial, uint32_t depressed, uint32_t latched, uint32_t locked,
		uint32_t group) {
	struct client_input *input = data;
	if (input->handler->modifiers != NULL) {
		input->handler->modifiers(input->data, depressed, latched, locked,
				group);
	}
}

static void keyboard_repeat_info(void *data, struct wl_keyboard *keyboard,
		int32_t rate, int32_t delay) {
	// Repeating is a toolkit's business; no test asks for it.
}

static const struct wl_keyboard_listener keyboard_listener = {
	.keymap = keyboard_keymap,
	.enter = keyboard_enter,
	.leave = keyboard_leave,
	.key = keyboard_key,
	.modifiers = keyboard_modifiers,
	.repeat_info = keyboard_repeat_info,
};

static void pointer_enter(void *data, struct wl_pointer *pointer,
		uint32_t serial, struct wl_surface *surface, wl_fixed_t x,
		wl_fixed_t y) {
	struct client_input *input = data;
	if (input->handler->pointer_enter != NULL) {
		input->handler->pointer_enter(input->data, serial, surface,
				wl_fixed_to_double(x), wl_fixed_to_double(y));
	}
}

static void pointer_leave(void *data, struct wl_pointer *pointer,
		uint32_t serial, struct wl_surface *surface) {
	struct client_input *input = data;
	if (input->handler->pointer_leave != NULL) {
		input->handler->pointer_leave(input->data, surface);
	}
}

static void pointer_motion(void *data, struct wl_pointer *pointer,
		uint32_t time, wl_fixed_t x, wl_fixed_t y) {
	struct client_input *input = data;
	if (input->handler->pointer_motion != NULL) {
		input->handler->pointer_motion(input->data, wl_fixed_to_double(x),
				wl_fixed_to_double(y));
	}
}

static void pointer_button(void *data, struct wl_pointer *pointer,
		uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
	struct client_input *input = data;
	if (input->handler->pointer_button != NULL) {
		input->handler->pointer_button(input->data, serial, button, state);
	}
}

static void pointer_axis(void *data, struct wl_pointer *pointer, uint32_t time,
		uint32_t axis, wl_fixed_t value) {
	struct client_input *input = data;
	if (input->handler->pointer_axis != NULL) {
		input->handler->pointer_axis(input->data, axis,
				wl_fixed_to_double(value));
	}
}

/* The events of later seat versions, which say more of the same. */
static void pointer_frame(void *data, struct wl_pointer *pointer) {
}

static void pointer_axis_source(void *data, struct wl_pointer *pointer,
		uint32_t source) {
}

static void pointer_axis_stop(void *data, struct wl_pointer *pointer,
		uint32_t time, uint32_t axis) {
}

static void pointer_axis_discrete(void *data, struct wl_pointer *pointer,
		uint32_t axis, int32_t discrete) {
}

static void pointer_axis_value120(void *data, struct wl_pointer *pointer,
		uint32_t axis, int32_t value120) {
}

static void pointer_axis_relative_direction(void *data,
		struct wl_pointer *pointer, uint32_t axis, uint32_t direction) {
}

static const struct wl_pointer_listener pointer_listener = {
	.enter = pointer_enter,
	.leave = pointer_leave,
	.motion = pointer_motion,
	.button = pointer_button,
	.axis = pointer_axis,
	.frame = pointer_frame,
	.axis_source = pointer_axis_source,
	.axis_stop = pointer_axis_stop,
	.axis_discrete = pointer_axis_discrete,
	.axis_value120 = pointer_axis_value120,
	.axis_relative_direction = pointer_axis_relative_direction,
};

static void touch_down(void *data, struct wl_touch *touch, uint32_t serial,
		uint32_t time, struct wl_surface *surface, int32_t id, wl_fixed_t x,
		wl_fixed_t y) {
	struct client_input *input = data;
	if (input->handler->touch_down != NULL) {
		input->handler->touch_down(input->data, surface, id,
				wl_fixed_to_double(x), wl_fixed_to_double(y));
	}
}

static void touch_up(void *data, struct wl_touch *touch, uint32_t serial,
		uint32_t time, int32_t id) {
	struct client_input *input = data;
	if (input->handler->touch_up != NULL) {
		input->handler->touch_up(input->data, id);
	}
}

static void touch_motion(void *data, struct wl_touch *touch, uint32_t time,
		int32_t id, wl_fixed_t x, wl_fixed_t y) {
	struct client_input *input = data;
	if (input->handler->touch_motion != NULL) {
		input->handler->touch_motion(input->data, id, wl_fixed_to_double(x),
				wl_fixed_to_double(y));
	}
}

static void touch_frame(void *data, struct wl_touch *touch) {
}

static void touch_cancel(void *data, struct wl_touch *touch) {
	struct client_input *input = data;
	if (input->handler->touch_cancel != NULL) {
		input->handler->touch_cancel(input->data);
	}
}

static void touch_shape(void *data, struct wl_touch *touch, int32_t id,
		wl_fixed_t major, wl_fixed_t minor) {
}

static void touch_orientation(void *data, struct wl_touch *touch, int32_t id,
		wl_fixed_t orientation) {
}

static const struct wl_touch_listener touch_listener = {
	.down = touch_down,
	.up = touch_up,
	.motion = touch_motion,
	.frame = touch_frame,
	.cancel = touch_cancel,
	.shape = touch_shape,
	.orientation = touch_orientation,
};

/* Which devices the handler hears anything of. */
static bool hears_keyboard(const struct client_input_handler *h) {
	return h->keymap != NULL || h->keyboard_enter != NULL ||
			h->keyboard_leave != NULL || h->key != NULL || h->modifiers != NULL;
}

static bool hears_pointer(const struct client_input_handler *h) {
	return h->pointer_added != NULL || h->pointer_enter != NULL ||
			h->pointer_leave != NULL || h->pointer_motion != NULL ||
			h->pointer_button != NULL || h->pointer_axis != NULL;
}

static bool hears_touch(const struct client_input_handler *h) {
	return h->touch_down != NULL || h->touch_up != NULL ||
			h->touch_motion != NULL || h->touch_cancel != NULL;
}

/* wl_keyboard, wl_pointer and wl_touch have release from version 3, the
 * seat from 5: before that the proxy alone goes (client_proxy_destroy). */
static void release_keyboard(struct client_input *input) {
	client_proxy_destroy(input->keyboard, &wl_keyboard_interface);
	input->keyboard = NULL;
}

static void release_pointer(struct client_input *input) {
	if (input->handler->pointer_removed != NULL) {
		input->handler->pointer_removed(input->data, input->pointer);
	}
	client_proxy_destroy(input->pointer, &wl_pointer_interface);
	input->pointer = NULL;
}

static void release_touch(struct client_input *input) {
	client_proxy_destroy(input->touch, &wl_touch_interface);
	input->touch = NULL;
}

void client_input_capabilities(struct client_input *input, struct wl_seat *seat,
		uint32_t capabilities) {
	const struct client_input_handler *h = input->handler;
	bool keyboard =
			(capabilities & WL_SEAT_CAPABILITY_KEYBOARD) && hears_keyboard(h);
	bool pointer =
			(capabilities & WL_SEAT_CAPABILITY_POINTER) && hears_pointer(h);
	bool touch = (capabilities & WL_SEAT_CAPABILITY_TOUCH) && hears_touch(h);
	if (keyboard && input->keyboard == NULL) {
		input->keyboard = wl_seat_get_keyboard(seat);
		wl_keyboard_add_listener(input->keyboard, &keyboard_listener, input);
	} else if (!keyboard && input->keyboard != NULL) {
		release_keyboard(input);
	}
	if (pointer && input->pointer == NULL) {
		input->pointer = wl_seat_get_pointer(seat);
		wl_pointer_add_listener(input->pointer, &pointer_listener, input);
		if (h->pointer_added != NULL) {
			h->pointer_added(input->data, input->pointer);
		}
	} else if (!pointer && input->pointer != NULL) {
		release_pointer(input);
	}
	if (touch && input->touch == NULL) {
		input->touch = wl_seat_get_touch(seat);
		wl_touch_add_listener(input->touch, &touch_listener, input);
	} else if (!touch && input->touch != NULL) {
		release_touch(input);
	}
}

static void seat_capabilities(void *data, struct wl_seat *seat,
		uint32_t capabilities) {
	client_input_capabilities(data, seat, capabilities);
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) {
	struct client_input *input = data;
	if (input->handler->seat_name != NULL) {
		input->handler->seat_name(input->data, name);
	}
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = seat_capabilities,
	.name = seat_name,
};

void client_input_bind(struct client_input *input, struct wl_registry *registry,
		uint32_t name, uint32_t version,
		const struct client_input_handler *handler, void *data) {
	if (input->seat != NULL) {
		return;
	}
	input->handler = handler;
	input->data = data;
	input->seat = wl_registry_bind(registry, name, &wl_seat_interface, version);
	wl_seat_add_listener(input->seat, &seat_listener, input);
}

void client_input_finish(struct client_input *input) {
	if (input->keyboard != NULL) {
		release_keyboard(input);
	}
	if (input->pointer != NULL) {
		release_pointer(input);
	}
	if (input->touch != NULL) {
		release_touch(input);
	}
	if (input->seat != NULL) {
		client_proxy_destroy(input->seat, &wl_seat_interface);
		input->seat = NULL;
	}
}
