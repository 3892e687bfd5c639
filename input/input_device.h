#ifndef GRIDWL_INPUT_INPUT_DEVICE_H
#define GRIDWL_INPUT_INPUT_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wayland-server-core.h>
#include <wlr/util/box.h>
#include "config/input_config.h"

struct gridwl_output;
struct gridwl_seat;
struct wlr_input_device;
struct wlr_output;

/*
 * Every input device of the seat, as "input" lines and gridctl inputs see
 * it: its sway identifier, its type, and the configuration in effect on
 * it, applied when it arrives, on reload and on gridctl input. Settings a
 * device cannot take (libinput's on a nested or virtual device, a setting
 * its libinput refuses) are kept, reported and logged once, never fatal.
 */
struct gridwl_input_device {
	struct wl_list link; // gridwl_seat.devices
	struct gridwl_seat *seat;
	struct wlr_input_device *wlr_device;
	char *identifier; // "VENDOR:PRODUCT:NAME"
	enum gridwl_input_type type;
	// A virtual keyboard's client sets its keymap: the xkb keys are not
	// for it.
	bool client_keymap;
	// What config lines say for it, merged ("*", its type, its own).
	struct gridwl_input_config *config;
	// The xkb names of the keymap it got from the config; set once it has
	// one of ours.
	bool has_keymap;
	char *keymap_names[5];
	int numlock; // -1 until set from the config
	// Where it is mapped without a map_to_output key: the output a
	// virtual pointer's client suggested; NULL for the layout (or, nested,
	// its window's output).
	struct wlr_output *default_output;
	// Keys set for it that it does not take (bits by enum
	// gridwl_input_key), and those already logged.
	uint32_t not_applied;
	uint32_t logged;
	struct wl_listener destroy;
};

/* Tracks device (an input device of the seat, already attached to the
 * cursor or the seat's keyboards) and applies the config to it. */
struct gridwl_input_device *gridwl_input_device_add(struct gridwl_seat *seat,
		struct wlr_input_device *device, bool client_keymap);
struct gridwl_input_device *gridwl_input_device_find(struct gridwl_seat *seat,
		struct wlr_input_device *device);
/* The config again, on every device (after a reload or gridctl input). */
void gridwl_input_devices_apply(struct gridwl_seat *seat);
/* Maps each pointer, touch screen and tablet to its output again, leaving
 * out leaving (an output on its way out; NULL for none): after outputs
 * came, went or were renamed in the layout. */
void gridwl_input_devices_map(struct gridwl_seat *seat,
		struct wlr_output *leaving);
/* Maps device, without a map_to_output key, to output (NULL: none), as a
 * virtual pointer's client asks; the caller clears it before the output
 * goes. */
void gridwl_input_device_set_default_output(struct gridwl_seat *seat,
		struct wlr_input_device *device, struct wlr_output *output);
/* The output in the layout a pointer, touch screen or tablet is mapped to
 * (map_to_output, or a nested window's own); NULL for the whole layout. */
struct gridwl_output *gridwl_input_device_mapped_output(
		const struct gridwl_input_device *device);
/* The layout box a device's absolute positions span: its output's logical
 * box when it is mapped to one in the layout, else the whole layout. */
struct wlr_box gridwl_input_device_absolute_box(struct gridwl_seat *seat,
		struct wlr_input_device *device);
/* The fractions of its area a device of gridwl's own reports for layout
 * point lx, ly (inside gridwl_input_device_absolute_box): wlr_cursor
 * reads a mapped device's fractions in the output's unturned axes, as a
 * touch screen's panel gives them, and turns them by the output's
 * transform, so they are turned back here first. */
void gridwl_input_device_absolute_fraction(struct gridwl_seat *seat,
		struct wlr_input_device *device, double lx, double ly, double *x,
		double *y);
/* scroll_factor for device's axis events (1 when not set). */
double gridwl_input_device_scroll_factor(struct gridwl_seat *seat,
		struct wlr_input_device *device);
/* xkb-switch-layout: "next", "prev" or a layout's index from 0, on every
 * keyboard with more than one layout whose keymap is ours; false and
 * *error when there is none, or no layout N. */
bool gridwl_input_switch_layout(struct gridwl_seat *seat, const char *which,
		char **error);
/* The name of the active layout of a keyboard device, NULL for others. */
const char *gridwl_input_device_active_layout(
		const struct gridwl_input_device *device);
void gridwl_input_devices_finish(struct gridwl_seat *seat);
/* size zeroed bytes for what gridwl keeps of device, a kind ("pointer",
 * "tablet pad"); NULL, logged with the device's name, when out of memory. */
void *gridwl_input_device_state_alloc(size_t size, const char *kind,
		const struct wlr_input_device *device);

/* input/libinput_config.c: the libinput settings of config (libinput's
 * defaults for those it does not set) on a device that has a libinput
 * handle; returns the keys it did not take (bits by enum
 * gridwl_input_key). */
uint32_t gridwl_libinput_apply(struct wlr_input_device *device,
		const struct gridwl_input_config *config);
/* Whether a pointer is a touchpad (libinput says it has tap fingers). */
bool gridwl_libinput_is_touchpad(struct wlr_input_device *device);
/* Vendor and product ids, 0 without libinput. */
void gridwl_libinput_ids(struct wlr_input_device *device, unsigned *vendor,
		unsigned *product);
/* The settings in effect as libinput reports them, into settings (unset
 * where the device lacks the feature); false when device has no libinput
 * handle. */
bool gridwl_libinput_read(struct wlr_input_device *device,
		struct gridwl_input_setting *settings);

#endif
