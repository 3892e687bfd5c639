#include <math.h>
#include <stdlib.h>
#include <wlr/interfaces/wlr_tablet_pad.h>
#include <wlr/types/wlr_tablet_pad.h>
#include "compositor/util.h"
#include "input/seat.h"

/*
 * The pad gridctl presses: part of gridctl's tablet
 * (input/control_tablet.c), laid out as libinput gives an Intuos Pro's or
 * a Cintiq's, one mode group with every button, the ring and the strip, and
 * its events as libinput's backend sends them (the mode with each event),
 * so that they take a real pad's whole path.
 */
struct gridwl_control_pad {
	struct wlr_tablet_pad pad;
	struct wlr_tablet_pad_group group;
	unsigned int buttons[GRIDWL_CONTROL_PAD_BUTTONS];
	unsigned int ring;
	unsigned int strip;
	unsigned int mode;
};

static const struct wlr_tablet_pad_impl pad_impl = {
	.name = "gridctl-pad",
};

static struct gridwl_control_pad *get_pad(struct gridwl_seat *seat,
		char **error) {
	if (seat->control_pad == NULL) {
		gridwl_set_error(error, "there is no pad: add it first");
	}
	return seat->control_pad;
}

bool gridwl_control_pad_add(struct gridwl_seat *seat, char **error) {
	if (seat->control_pad != NULL) {
		gridwl_set_error(error, "the pad is there already");
		return false;
	}
	struct wlr_input_device *tablet = gridwl_control_tablet_device(seat);
	struct gridwl_control_pad *control = calloc(1, sizeof(*control));
	if (tablet == NULL || control == NULL) {
		free(control);
		gridwl_set_error(error, "out of memory");
		return false;
	}
	wlr_tablet_pad_init(&control->pad, &pad_impl, "gridctl-pad");
	struct wlr_tablet_pad_group *group = &control->group;
	for (unsigned int i = 0; i < GRIDWL_CONTROL_PAD_BUTTONS; i++) {
		control->buttons[i] = i;
	}
	group->buttons = control->buttons;
	group->button_count = GRIDWL_CONTROL_PAD_BUTTONS;
	group->rings = &control->ring;
	group->ring_count = 1;
	group->strips = &control->strip;
	group->strip_count = 1;
	group->mode_count = GRIDWL_CONTROL_PAD_MODES;
	wl_list_insert(&control->pad.groups, &group->link);
	control->pad.button_count = GRIDWL_CONTROL_PAD_BUTTONS;
	control->pad.ring_count = 1;
	control->pad.strip_count = 1;
	seat->control_pad = control;
	gridwl_seat_add_input(seat, &control->pad.base, tablet);
	return true;
}

void gridwl_control_pad_destroy(struct gridwl_seat *seat) {
	struct gridwl_control_pad *control = seat->control_pad;
	if (control == NULL) {
		return;
	}
	// The groups are the backend's, not wlr_tablet_pad's.
	wl_list_remove(&control->group.link);
	wlr_tablet_pad_finish(&control->pad);
	free(control);
	seat->control_pad = NULL;
}

bool gridwl_control_pad_remove(struct gridwl_seat *seat, char **error) {
	if (get_pad(seat, error) == NULL) {
		return false;
	}
	gridwl_control_pad_destroy(seat);
	return true;
}

static void emit_button(struct gridwl_control_pad *control, uint32_t button,
		bool pressed) {
	struct wlr_tablet_pad_button_event event = {
		.time_msec = gridwl_now_msec(),
		.button = button,
		.state = pressed ? WLR_BUTTON_PRESSED : WLR_BUTTON_RELEASED,
		.mode = control->mode,
		.group = 0,
	};
	wl_signal_emit_mutable(&control->pad.events.button, &event);
}

bool gridwl_control_pad_button(struct gridwl_seat *seat, uint32_t button,
		bool pressed, char **error) {
	struct gridwl_control_pad *control = get_pad(seat, error);
	if (control == NULL) {
		return false;
	}
	if (button >= GRIDWL_CONTROL_PAD_BUTTONS) {
		gridwl_set_error(error, "no button %u: the pad has %d", button,
				GRIDWL_CONTROL_PAD_BUTTONS);
		return false;
	}
	emit_button(control, button, pressed);
	return true;
}

bool gridwl_control_pad_mode(struct gridwl_seat *seat, uint32_t mode,
		char **error) {
	struct gridwl_control_pad *control = get_pad(seat, error);
	if (control == NULL) {
		return false;
	}
	if (mode >= GRIDWL_CONTROL_PAD_MODES) {
		gridwl_set_error(error, "no mode %u: the pad has %d", mode,
				GRIDWL_CONTROL_PAD_MODES);
		return false;
	}
	// As libinput: the press that switches already has the new mode.
	control->mode = mode;
	emit_button(control, 0, true);
	emit_button(control, 0, false);
	return true;
}

/* The pad, for an event of its ring or strip (part) number: it has one
 * of each, 0. */
static struct gridwl_control_pad *get_pad_part(struct gridwl_seat *seat,
		const char *part, uint32_t number, char **error) {
	struct gridwl_control_pad *control = get_pad(seat, error);
	if (control != NULL && number != 0) {
		gridwl_set_error(error, "no %s %u: the pad has one, 0", part, number);
		return NULL;
	}
	return control;
}

bool gridwl_control_pad_ring(struct gridwl_seat *seat, uint32_t ring,
		double degrees, char **error) {
	struct gridwl_control_pad *control =
			get_pad_part(seat, "ring", ring, error);
	if (control == NULL) {
		return false;
	}
	if (!isnan(degrees) && !(degrees >= 0 && degrees < 360)) {
		gridwl_set_error(error, "a ring is at 0 to 360 degrees, not %g",
				degrees);
		return false;
	}
	struct wlr_tablet_pad_ring_event event = {
		.time_msec = gridwl_now_msec(),
		.source = WLR_TABLET_PAD_RING_SOURCE_FINGER,
		.ring = ring,
		.position = isnan(degrees) ? -1 : degrees,
		.mode = control->mode,
	};
	wl_signal_emit_mutable(&control->pad.events.ring, &event);
	return true;
}

bool gridwl_control_pad_strip(struct gridwl_seat *seat, uint32_t strip,
		double position, char **error) {
	struct gridwl_control_pad *control =
			get_pad_part(seat, "strip", strip, error);
	if (control == NULL) {
		return false;
	}
	if (!isnan(position) && !(position >= 0 && position <= 1)) {
		gridwl_set_error(error, "a strip is at 0 to 1, not %g", position);
		return false;
	}
	struct wlr_tablet_pad_strip_event event = {
		.time_msec = gridwl_now_msec(),
		.source = WLR_TABLET_PAD_STRIP_SOURCE_FINGER,
		.strip = strip,
		.position = isnan(position) ? -1 : position,
		.mode = control->mode,
	};
	wl_signal_emit_mutable(&control->pad.events.strip, &event);
	return true;
}
