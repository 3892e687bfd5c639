#include <stdlib.h>
#include <wlr/interfaces/wlr_switch.h>
#include <wlr/types/wlr_switch.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/util.h"
#include "input/bindings.h"
#include "input/input_device.h"
#include "input/seat.h"
#include "input/switch.h"

struct gridwl_switch {
	struct gridwl_seat *seat;
	struct wlr_switch *wlr_switch;
	struct wl_listener toggle;
	struct wl_listener destroy;
};

struct gridwl_control_switch {
	struct wlr_switch wlr_switch;
};

static const struct wlr_switch_impl control_switch_impl = {
	.name = "gridctl-switch",
};

static void switch_handle_toggle(struct wl_listener *listener, void *data) {
	struct gridwl_switch *sw = wl_container_of(listener, sw, toggle);
	struct wlr_switch_toggle_event *event = data;
	enum gridwl_switch_type type = event->switch_type == WLR_SWITCH_TYPE_LID ?
			GRIDWL_SWITCH_LID :
			GRIDWL_SWITCH_TABLET;
	bool on = event->switch_state == WLR_SWITCH_STATE_ON;
	wlr_log(WLR_DEBUG, "Switch %s: %s %s", sw->wlr_switch->base.name,
			type == GRIDWL_SWITCH_LID ? "lid" : "tablet", on ? "on" : "off");
	gridwl_bindings_run_switch(sw->seat->server, type, on);
}

static void switch_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_switch *sw = wl_container_of(listener, sw, destroy);
	wl_list_remove(&sw->toggle.link);
	wl_list_remove(&sw->destroy.link);
	free(sw);
}

void gridwl_switch_add(struct gridwl_seat *seat,
		struct wlr_input_device *device) {
	struct gridwl_switch *sw =
			gridwl_input_device_state_alloc(sizeof(*sw), "switch", device);
	if (sw == NULL) {
		return;
	}
	sw->seat = seat;
	sw->wlr_switch = wlr_switch_from_input_device(device);
	sw->toggle.notify = switch_handle_toggle;
	wl_signal_add(&sw->wlr_switch->events.toggle, &sw->toggle);
	sw->destroy.notify = switch_handle_destroy;
	wl_signal_add(&device->events.destroy, &sw->destroy);
	gridwl_input_device_add(seat, device, false);
}

bool gridwl_control_switch_toggle(struct gridwl_seat *seat,
		enum gridwl_switch_type type, bool on, char **error) {
	if (seat->control_switch == NULL) {
		struct gridwl_control_switch *control = calloc(1, sizeof(*control));
		if (control == NULL) {
			gridwl_set_error(error, "out of memory");
			return false;
		}
		wlr_switch_init(&control->wlr_switch, &control_switch_impl,
				"gridctl-switch");
		seat->control_switch = control;
		gridwl_switch_add(seat, &control->wlr_switch.base);
	}
	// As libinput's backend sends it; a switch already in that state is
	// toggled all the same, so that a test can repeat a state.
	struct wlr_switch_toggle_event event = {
		.time_msec = gridwl_now_msec(),
		.switch_type = type == GRIDWL_SWITCH_LID ? WLR_SWITCH_TYPE_LID :
												   WLR_SWITCH_TYPE_TABLET_MODE,
		.switch_state = on ? WLR_SWITCH_STATE_ON : WLR_SWITCH_STATE_OFF,
	};
	wl_signal_emit_mutable(&seat->control_switch->wlr_switch.events.toggle,
			&event);
	return true;
}

void gridwl_control_switch_destroy(struct gridwl_seat *seat) {
	struct gridwl_control_switch *control = seat->control_switch;
	if (control == NULL) {
		return;
	}
	wlr_switch_finish(&control->wlr_switch);
	free(control);
	seat->control_switch = NULL;
}
