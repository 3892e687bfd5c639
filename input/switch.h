#ifndef GRIDWL_INPUT_SWITCH_H
#define GRIDWL_INPUT_SWITCH_H

#include <stdbool.h>
#include "config/config.h"

struct gridwl_seat;
struct wlr_input_device;

/*
 * Switch devices: a laptop's lid and its tablet mode, from libinput, and
 * gridctl's switch. Each toggle runs the bindswitch binding for the switch
 * and its new state.
 */

/* Listens to device (a WLR_INPUT_DEVICE_SWITCH) until it goes. */
void gridwl_switch_add(struct gridwl_seat *seat,
		struct wlr_input_device *device);

/* gridctl switch: the switch of gridwl's own (made on first use, listed by
 * gridctl inputs as "gridctl-switch") toggled to on or off. */
bool gridwl_control_switch_toggle(struct gridwl_seat *seat,
		enum gridwl_switch_type type, bool on, char **error);
void gridwl_control_switch_destroy(struct gridwl_seat *seat);

#endif
