#ifndef GRIDWL_PROTOCOL_WLR_OUTPUT_POWER_V1_H
#define GRIDWL_PROTOCOL_WLR_OUTPUT_POWER_V1_H

#include <stdbool.h>
#include <wayland-server-core.h>
#include "wlr-output-power-management-unstable-v1-protocol.h"

struct wlr_output;

/*
 * The wire side of wlr-output-power-management-unstable-v1: its objects,
 * requests and errors. Which mode an output is in, and what setting one
 * does, is the compositor's (compositor/services/output_power.c).
 *
 * The API is wlroots 0.18's <wlr/types/wlr_output_power_management_v1.h>
 * with gridwl_ for wlr_; wlroots 0.15's own helper does not fit (see
 * compositor/services/output_power.h). Where ours differs from 0.18's:
 * - 0.18 reports the mode from wlr_output.enabled, on creation and on every
 *   commit that changes it; here the compositor reports it, with
 *   gridwl_output_power_manager_v1_send_mode (events.new_output_power says
 *   when a new object waits for it);
 * - 0.18 tells every power object of an output but the first one "failed";
 *   here any number of them may watch and set one output;
 * - a set_mode request that names no mode is an invalid_mode error even on
 *   an object that failed, where 0.18 ignores any request on those;
 * - the compositor may refuse a mode (set_mode_event.failed): that object
 *   is then told "failed", as when its output goes.
 */

/* Destroyed with the display, as wlroots' managers are. */
struct gridwl_output_power_manager_v1 {
	struct wl_global *global;
	struct wl_list output_powers; // gridwl_output_power_v1.link

	struct {
		// struct gridwl_output_power_v1_set_mode_event
		struct wl_signal set_mode;
		struct wl_signal destroy;
		// gridwl's: a new power object, which is told "failed" unless the
		// handler sends its output's mode.
		struct wl_signal new_output_power; // struct gridwl_output_power_v1
	} events;

	void *data;

	// private state

	struct wl_listener display_destroy;
};

/* Freed when it fails (its resource is then left inert for the client to
 * destroy) or is destroyed. */
struct gridwl_output_power_v1 {
	struct wl_resource *resource;
	struct wlr_output *output;
	struct gridwl_output_power_manager_v1 *manager;
	struct wl_list link; // gridwl_output_power_manager_v1.output_powers

	void *data;

	// private state

	// The mode this client was last told, so that it hears of changes only.
	bool mode_sent;
	enum zwlr_output_power_v1_mode sent_mode;

	struct wl_listener output_destroy;
};

struct gridwl_output_power_v1_set_mode_event {
	struct wlr_output *output;
	enum zwlr_output_power_v1_mode mode;
	// gridwl's: set by a handler that could not apply the mode.
	bool failed;
};

struct gridwl_output_power_manager_v1 *gridwl_output_power_manager_v1_create(
		struct wl_display *display);

/* Tells every power object of the output its mode, those that were last
 * told another one (or none yet). */
void gridwl_output_power_manager_v1_send_mode(
		struct gridwl_output_power_manager_v1 *manager,
		struct wlr_output *output, enum zwlr_output_power_v1_mode mode);

#endif
