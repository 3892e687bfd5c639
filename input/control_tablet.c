#include <math.h>
#include <stdlib.h>
#include <wlr/interfaces/wlr_tablet_tool.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_tablet_tool.h>
#include "compositor/server.h"
#include "compositor/util.h"
#include "input/control_device.h"
#include "input/input_device.h"
#include "input/seat.h"

/*
 * The tablet gridctl draws on: a device like one libinput makes, with one
 * pen (pressure and tilt), its events in the order libinput's backend
 * sends them (proximity or tip after the axes that led to it), so that
 * they take the whole path a real pen's do (wlr_cursor, tablet-v2 or the
 * emulated pointer). It spans the layout, as a nested gridwl's pointer
 * would were its window the layout. Made on first use.
 */
struct gridwl_control_tablet {
	struct wlr_tablet tablet;
	struct wlr_tablet_tool pen;
	bool in_proximity;
	bool down;
};

static const struct wlr_tablet_impl tablet_impl = {
	.name = "gridctl-tablet",
};

static bool attach_tablet(struct gridwl_seat *seat, void *made, char **error) {
	struct gridwl_control_tablet *control = made;
	wlr_tablet_init(&control->tablet, &tablet_impl, "gridctl-tablet");
	control->tablet.width_mm = 216;
	control->tablet.height_mm = 135;
	control->pen.type = WLR_TABLET_TOOL_TYPE_PEN;
	control->pen.pressure = true;
	control->pen.tilt = true;
	wl_signal_init(&control->pen.events.destroy);
	seat->control_tablet = control;
	gridwl_seat_add_input(seat, &control->tablet.base, NULL);
	return true;
}

static struct gridwl_control_tablet *get_tablet(struct gridwl_seat *seat,
		char **error) {
	return gridwl_control_device_get(seat, seat->control_tablet,
			sizeof(*seat->control_tablet), attach_tablet, error);
}

struct wlr_input_device *gridwl_control_tablet_device(
		struct gridwl_seat *seat) {
	struct gridwl_control_tablet *control = get_tablet(seat, NULL);
	return control != NULL ? &control->tablet.base : NULL;
}

void gridwl_control_tablet_destroy(struct gridwl_seat *seat) {
	struct gridwl_control_tablet *control = seat->control_tablet;
	if (control == NULL) {
		return;
	}
	// The pen first, as libinput's backend forgets its tools before the
	// tablet.
	wl_signal_emit_mutable(&control->pen.events.destroy, &control->pen);
	wlr_tablet_finish(&control->tablet);
	free(control);
	seat->control_tablet = NULL;
}

/* The axes that axes sets, x and y (the tablet's fractions of its area)
 * unless position is false (proximity gave it); nothing when that leaves
 * no axis. */
static void emit_axes(struct gridwl_control_tablet *control, double x, double y,
		const struct gridwl_control_tablet_axes *axes, bool position,
		uint32_t time_msec) {
	struct wlr_tablet_tool_axis_event event = {
		.tablet = &control->tablet,
		.tool = &control->pen,
		.time_msec = time_msec,
		.x = x,
		.y = y,
	};
	if (position) {
		event.updated_axes |= WLR_TABLET_TOOL_AXIS_X | WLR_TABLET_TOOL_AXIS_Y;
	}
	if (!isnan(axes->pressure)) {
		event.updated_axes |= WLR_TABLET_TOOL_AXIS_PRESSURE;
		event.pressure = axes->pressure;
	}
	if (!isnan(axes->tilt_x)) {
		event.updated_axes |=
				WLR_TABLET_TOOL_AXIS_TILT_X | WLR_TABLET_TOOL_AXIS_TILT_Y;
		event.tilt_x = axes->tilt_x;
		event.tilt_y = axes->tilt_y;
	}
	if (event.updated_axes != 0) {
		wl_signal_emit_mutable(&control->tablet.events.axis, &event);
	}
}

static bool check_axes(struct gridwl_seat *seat,
		const struct gridwl_control_tablet_axes *axes, struct wlr_box *layout,
		char **error) {
	wlr_output_layout_get_box(seat->server->output_layout, NULL, layout);
	if (wlr_box_empty(layout) ||
			!wlr_output_layout_contains_point(seat->server->output_layout, NULL,
					(int)floor(axes->x), (int)floor(axes->y))) {
		gridwl_set_error(error, "%g,%g is on no output", axes->x, axes->y);
		return false;
	}
	if (!isnan(axes->pressure) &&
			!(axes->pressure >= 0 && axes->pressure <= 1)) {
		gridwl_set_error(error, "pressure must be 0 to 1, not %g",
				axes->pressure);
		return false;
	}
	if (!isnan(axes->tilt_x) &&
			!(axes->tilt_x >= -90 && axes->tilt_x <= 90 &&
					axes->tilt_y >= -90 && axes->tilt_y <= 90)) {
		gridwl_set_error(error, "tilt must be -90 to 90 degrees, not %g,%g",
				axes->tilt_x, axes->tilt_y);
		return false;
	}
	return true;
}

/* What a real pen cannot do is refused: it moves, touches and leaves only
 * in proximity, and leaves only lifted. */
static bool check_state(struct gridwl_control_tablet *control,
		enum gridwl_control_tablet_kind kind, char **error) {
	const char *wrong = NULL;
	if (kind == GRIDWL_CONTROL_TABLET_PROXIMITY_IN) {
		wrong = control->in_proximity ? "the pen is in proximity already" :
										NULL;
	} else if (kind == GRIDWL_CONTROL_TABLET_UP) {
		wrong = !control->down ? "the pen is not down" : NULL;
	} else if (!control->in_proximity) {
		wrong = "the pen is not in proximity";
	} else if (control->down && kind == GRIDWL_CONTROL_TABLET_DOWN) {
		wrong = "the pen is down already";
	} else if (control->down && kind == GRIDWL_CONTROL_TABLET_PROXIMITY_OUT) {
		wrong = "the pen is down: lift it first";
	}
	if (wrong != NULL) {
		gridwl_set_error(error, "%s", wrong);
		return false;
	}
	return true;
}

static void emit_proximity(struct gridwl_control_tablet *control, double x,
		double y, uint32_t time_msec,
		enum wlr_tablet_tool_proximity_state state) {
	control->in_proximity = state == WLR_TABLET_TOOL_PROXIMITY_IN;
	struct wlr_tablet_tool_proximity_event event = {
		.tablet = &control->tablet,
		.tool = &control->pen,
		.time_msec = time_msec,
		.x = x,
		.y = y,
		.state = state,
	};
	wl_signal_emit_mutable(&control->tablet.events.proximity, &event);
}

bool gridwl_control_tablet(struct gridwl_seat *seat,
		enum gridwl_control_tablet_kind kind,
		const struct gridwl_control_tablet_axes *axes, char **error) {
	struct wlr_box layout;
	if (!check_axes(seat, axes, &layout, error)) {
		return false;
	}
	struct gridwl_control_tablet *control = get_tablet(seat, error);
	if (control == NULL) {
		return false;
	}
	if (!check_state(control, kind, error)) {
		return false;
	}
	// A tablet mapped to an output (map_to_output) spans that output's
	// logical box: X,Y stay layout coordinates.
	layout = gridwl_input_device_absolute_box(seat, &control->tablet.base);
	if (!wlr_box_contains_point(&layout, axes->x, axes->y)) {
		gridwl_set_error(error,
				"%g,%g is off the output gridctl's tablet is mapped to",
				axes->x, axes->y);
		return false;
	}
	uint32_t time_msec = gridwl_now_msec();
	double x, y;
	gridwl_input_device_absolute_fraction(seat, &control->tablet.base, axes->x,
			axes->y, &x, &y);
	if (kind == GRIDWL_CONTROL_TABLET_PROXIMITY_IN) {
		emit_proximity(control, x, y, time_msec, WLR_TABLET_TOOL_PROXIMITY_IN);
	}
	// As libinput's backend: a proximity event carries the position.
	emit_axes(control, x, y, axes,
			kind != GRIDWL_CONTROL_TABLET_PROXIMITY_IN &&
					kind != GRIDWL_CONTROL_TABLET_PROXIMITY_OUT,
			time_msec);
	if (kind == GRIDWL_CONTROL_TABLET_DOWN ||
			kind == GRIDWL_CONTROL_TABLET_UP) {
		control->down = kind == GRIDWL_CONTROL_TABLET_DOWN;
		struct wlr_tablet_tool_tip_event event = {
			.tablet = &control->tablet,
			.tool = &control->pen,
			.time_msec = time_msec,
			.x = x,
			.y = y,
			.state = control->down ? WLR_TABLET_TOOL_TIP_DOWN :
									 WLR_TABLET_TOOL_TIP_UP,
		};
		wl_signal_emit_mutable(&control->tablet.events.tip, &event);
	} else if (kind == GRIDWL_CONTROL_TABLET_PROXIMITY_OUT) {
		emit_proximity(control, x, y, time_msec, WLR_TABLET_TOOL_PROXIMITY_OUT);
	}
	return true;
}

bool gridwl_control_tablet_button(struct gridwl_seat *seat, uint32_t button,
		bool pressed, char **error) {
	struct gridwl_control_tablet *control = get_tablet(seat, error);
	if (control == NULL) {
		return false;
	}
	if (!control->in_proximity) {
		gridwl_set_error(error, "the pen is not in proximity");
		return false;
	}
	struct wlr_tablet_tool_button_event event = {
		.tablet = &control->tablet,
		.tool = &control->pen,
		.time_msec = gridwl_now_msec(),
		.button = button,
		.state = pressed ? WLR_BUTTON_PRESSED : WLR_BUTTON_RELEASED,
	};
	wl_signal_emit_mutable(&control->tablet.events.button, &event);
	return true;
}
