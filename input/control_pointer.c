#include <math.h>
#include <stdlib.h>
#include <wlr/interfaces/wlr_pointer.h>
#include <wlr/interfaces/wlr_touch.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/util.h"
#include "input/control_device.h"
#include "input/input_device.h"
#include "input/seat.h"

/*
 * The pointer gridctl moves: a device like any other, attached to the seat's
 * wlr_cursor, so its events take the same path as a mouse's (bindings,
 * focus, grabs, constraints). gridwl owns it; it is made on the first
 * gridctl pointer command, or at start when gridwl is headless.
 */
struct gridwl_control_pointer {
	struct wlr_pointer pointer;
};

static const struct wlr_pointer_impl pointer_impl = {
	.name = "gridctl-pointer",
};

static bool attach_pointer(struct gridwl_seat *seat, void *made, char **error) {
	struct gridwl_control_pointer *control = made;
	wlr_pointer_init(&control->pointer, &pointer_impl, "gridctl-pointer");
	// Known as the seat's own before it is added, which asks.
	seat->control_pointer = control;
	gridwl_seat_add_input(seat, &control->pointer.base, NULL);
	return true;
}

static struct gridwl_control_pointer *get_pointer(struct gridwl_seat *seat,
		char **error) {
	return gridwl_control_device_get(seat, seat->control_pointer,
			sizeof(*seat->control_pointer), attach_pointer, error);
}

bool gridwl_control_pointer_is(struct gridwl_seat *seat,
		struct wlr_input_device *device) {
	return seat->control_pointer != NULL &&
			device == &seat->control_pointer->pointer.base;
}

bool gridwl_control_pointer_ensure(struct gridwl_seat *seat) {
	return get_pointer(seat, NULL) != NULL;
}

void gridwl_control_pointer_destroy(struct gridwl_seat *seat) {
	if (seat->control_pointer != NULL) {
		// The seat's destroy listener detaches it from the cursor.
		wlr_pointer_finish(&seat->control_pointer->pointer);
		free(seat->control_pointer);
		seat->control_pointer = NULL;
	}
}

bool gridwl_control_pointer_move(struct gridwl_seat *seat, double x, double y,
		char **error) {
	struct wlr_box layout;
	wlr_output_layout_get_box(seat->server->output_layout, NULL, &layout);
	if (wlr_box_empty(&layout)) {
		gridwl_set_error(error, "no output to point at");
		return false;
	}
	if (!wlr_output_layout_contains_point(seat->server->output_layout, NULL,
				(int)x, (int)y)) {
		gridwl_set_error(error, "%g,%g is on no output", x, y);
		return false;
	}
	struct gridwl_control_pointer *control = get_pointer(seat, error);
	if (control == NULL) {
		return false;
	}
	// Absolute motion is a fraction of what the device spans, the whole
	// layout or the output an input line maps it to, as a tablet's or a
	// nested window's would be.
	layout = gridwl_input_device_absolute_box(seat, &control->pointer.base);
	if (!wlr_box_contains_point(&layout, x, y)) {
		gridwl_set_error(error,
				"%g,%g is off the output gridctl's pointer "
				"is mapped to",
				x, y);
		return false;
	}
	struct wlr_pointer_motion_absolute_event event = {
		.pointer = &control->pointer,
		.time_msec = gridwl_now_msec(),
	};
	gridwl_input_device_absolute_fraction(seat, &control->pointer.base, x, y,
			&event.x, &event.y);
	wl_signal_emit_mutable(&control->pointer.events.motion_absolute, &event);
	wl_signal_emit_mutable(&control->pointer.events.frame, &control->pointer);
	return true;
}

bool gridwl_control_pointer_click(struct gridwl_seat *seat, uint32_t button,
		char **error) {
	struct gridwl_control_pointer *control = get_pointer(seat, error);
	if (control == NULL) {
		return false;
	}
	struct wlr_pointer_button_event event = {
		.pointer = &control->pointer,
		.time_msec = gridwl_now_msec(),
		.button = button,
		.state = WL_POINTER_BUTTON_STATE_PRESSED,
	};
	wl_signal_emit_mutable(&control->pointer.events.button, &event);
	wl_signal_emit_mutable(&control->pointer.events.frame, &control->pointer);
	event.state = WL_POINTER_BUTTON_STATE_RELEASED;
	wl_signal_emit_mutable(&control->pointer.events.button, &event);
	wl_signal_emit_mutable(&control->pointer.events.frame, &control->pointer);
	return true;
}

/* A wheel notch scrolls 15 logical pixels, as libinput reports it. */
#define SCROLL_PER_NOTCH 15.0

static void emit_axis(struct gridwl_control_pointer *control,
		enum wl_pointer_axis orientation, double delta, uint32_t time_msec) {
	// Whole notches, in wlroots' 120ths of one: a wheel has no finer
	// steps.
	int32_t notches = (int32_t)lround(delta / SCROLL_PER_NOTCH);
	struct wlr_pointer_axis_event event = {
		.pointer = &control->pointer,
		.time_msec = time_msec,
		.source = WL_POINTER_AXIS_SOURCE_WHEEL,
		.orientation = orientation,
		.relative_direction = WL_POINTER_AXIS_RELATIVE_DIRECTION_IDENTICAL,
		.delta = delta,
		.delta_discrete = notches * WLR_POINTER_AXIS_DISCRETE_STEP,
	};
	wl_signal_emit_mutable(&control->pointer.events.axis, &event);
}

bool gridwl_control_pointer_scroll(struct gridwl_seat *seat, double dx,
		double dy, char **error) {
	struct gridwl_control_pointer *control = get_pointer(seat, error);
	if (control == NULL) {
		return false;
	}
	uint32_t time_msec = gridwl_now_msec();
	if (dx != 0) {
		emit_axis(control, WL_POINTER_AXIS_HORIZONTAL_SCROLL, dx, time_msec);
	}
	if (dy != 0) {
		emit_axis(control, WL_POINTER_AXIS_VERTICAL_SCROLL, dy, time_msec);
	}
	wl_signal_emit_mutable(&control->pointer.events.frame, &control->pointer);
	return true;
}

bool gridwl_control_pointer_gesture(struct gridwl_seat *seat,
		enum gridwl_control_gesture kind, int fingers, double a, double b,
		char **error) {
	if (fingers < 1 || fingers > 10) {
		gridwl_set_error(error, "fingers must be 1 to 10, not %d", fingers);
		return false;
	}
	if (kind == GRIDWL_CONTROL_GESTURE_PINCH && !(a > 0)) {
		gridwl_set_error(error, "a pinch's scale must be above 0");
		return false;
	}
	struct gridwl_control_pointer *control = get_pointer(seat, error);
	if (control == NULL) {
		return false;
	}
	struct wlr_pointer *pointer = &control->pointer;
	uint32_t time_msec = gridwl_now_msec();
	// Begin, one update and end, as a touchpad's shortest gesture is.
	switch (kind) {
	case GRIDWL_CONTROL_GESTURE_SWIPE:;
		struct wlr_pointer_swipe_begin_event swipe_begin = {
			.pointer = pointer,
			.time_msec = time_msec,
			.fingers = (uint32_t)fingers,
		};
		wl_signal_emit_mutable(&pointer->events.swipe_begin, &swipe_begin);
		struct wlr_pointer_swipe_update_event swipe_update = {
			.pointer = pointer,
			.time_msec = time_msec,
			.fingers = (uint32_t)fingers,
			.dx = a,
			.dy = b,
		};
		wl_signal_emit_mutable(&pointer->events.swipe_update, &swipe_update);
		struct wlr_pointer_swipe_end_event swipe_end = {
			.pointer = pointer,
			.time_msec = time_msec,
		};
		wl_signal_emit_mutable(&pointer->events.swipe_end, &swipe_end);
		break;
	case GRIDWL_CONTROL_GESTURE_PINCH:;
		struct wlr_pointer_pinch_begin_event pinch_begin = {
			.pointer = pointer,
			.time_msec = time_msec,
			.fingers = (uint32_t)fingers,
		};
		wl_signal_emit_mutable(&pointer->events.pinch_begin, &pinch_begin);
		struct wlr_pointer_pinch_update_event pinch_update = {
			.pointer = pointer,
			.time_msec = time_msec,
			.fingers = (uint32_t)fingers,
			.scale = a,
			.rotation = b,
		};
		wl_signal_emit_mutable(&pointer->events.pinch_update, &pinch_update);
		struct wlr_pointer_pinch_end_event pinch_end = {
			.pointer = pointer,
			.time_msec = time_msec,
		};
		wl_signal_emit_mutable(&pointer->events.pinch_end, &pinch_end);
		break;
	case GRIDWL_CONTROL_GESTURE_HOLD:;
		struct wlr_pointer_hold_begin_event hold_begin = {
			.pointer = pointer,
			.time_msec = time_msec,
			.fingers = (uint32_t)fingers,
		};
		wl_signal_emit_mutable(&pointer->events.hold_begin, &hold_begin);
		struct wlr_pointer_hold_end_event hold_end = {
			.pointer = pointer,
			.time_msec = time_msec,
		};
		wl_signal_emit_mutable(&pointer->events.hold_end, &hold_end);
		break;
	}
	return true;
}

/* The touch screen gridctl touches: the whole layout, as a nested
 * gridwl's would be were its window the layout. Made on first use. */
struct gridwl_control_touch {
	struct wlr_touch touch;
};

static const struct wlr_touch_impl touch_impl = {
	.name = "gridctl-touch",
};

static bool attach_touch(struct gridwl_seat *seat, void *made, char **error) {
	struct gridwl_control_touch *control = made;
	wlr_touch_init(&control->touch, &touch_impl, "gridctl-touch");
	gridwl_seat_add_input(seat, &control->touch.base, NULL);
	seat->control_touch = control;
	return true;
}

static struct gridwl_control_touch *get_touch(struct gridwl_seat *seat,
		char **error) {
	return gridwl_control_device_get(seat, seat->control_touch,
			sizeof(*seat->control_touch), attach_touch, error);
}

void gridwl_control_touch_destroy(struct gridwl_seat *seat) {
	if (seat->control_touch != NULL) {
		wlr_touch_finish(&seat->control_touch->touch);
		free(seat->control_touch);
		seat->control_touch = NULL;
	}
}

bool gridwl_control_touch(struct gridwl_seat *seat,
		enum gridwl_control_touch_kind kind, int32_t id, double x, double y,
		char **error) {
	struct wlr_box layout;
	wlr_output_layout_get_box(seat->server->output_layout, NULL, &layout);
	if (kind != GRIDWL_CONTROL_TOUCH_UP &&
			(wlr_box_empty(&layout) ||
					!wlr_output_layout_contains_point(
							seat->server->output_layout, NULL, (int)x,
							(int)y))) {
		gridwl_set_error(error, "%g,%g is on no output", x, y);
		return false;
	}
	struct gridwl_control_touch *control = get_touch(seat, error);
	if (control == NULL) {
		return false;
	}
	// A touch screen mapped to an output (map_to_output) spans that
	// output's logical box: X,Y stay layout coordinates.
	layout = gridwl_input_device_absolute_box(seat, &control->touch.base);
	if (kind != GRIDWL_CONTROL_TOUCH_UP &&
			!wlr_box_contains_point(&layout, x, y)) {
		gridwl_set_error(error,
				"%g,%g is off the output gridctl's touch "
				"screen is mapped to",
				x, y);
		return false;
	}
	uint32_t time_msec = gridwl_now_msec();
	if (kind == GRIDWL_CONTROL_TOUCH_UP) {
		struct wlr_touch_up_event event = {
			.touch = &control->touch,
			.time_msec = time_msec,
			.touch_id = id,
		};
		wl_signal_emit_mutable(&control->touch.events.up, &event);
	} else if (kind == GRIDWL_CONTROL_TOUCH_DOWN) {
		struct wlr_touch_down_event event = {
			.touch = &control->touch,
			.time_msec = time_msec,
			.touch_id = id,
		};
		gridwl_input_device_absolute_fraction(seat, &control->touch.base, x, y,
				&event.x, &event.y);
		wl_signal_emit_mutable(&control->touch.events.down, &event);
	} else {
		struct wlr_touch_motion_event event = {
			.touch = &control->touch,
			.time_msec = time_msec,
			.touch_id = id,
		};
		gridwl_input_device_absolute_fraction(seat, &control->touch.base, x, y,
				&event.x, &event.y);
		wl_signal_emit_mutable(&control->touch.events.motion, &event);
	}
	wl_signal_emit_mutable(&control->touch.events.frame, NULL);
	return true;
}
