#include <stdlib.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_screencopy_v1.h>
#include <wlr/util/log.h>
#include "compositor/frame/output_frame.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/output_power.h"
#include "compositor/shell/session_lock.h"
#include "protocol/wlr_output_power_v1.h"
#include "wlr_compat/wlr_compat.h"

/*
 * gridwl's policy for wlr-output-power-management-unstable-v1, whose wire
 * side is in protocol/wlr_output_power_v1.c: what mode an output is in, and
 * what setting one does.
 */

struct gridwl_output_power_manager {
	struct gridwl_server *server;
	struct gridwl_output_power_manager_v1 *wire;
	struct wl_listener new_output_power;
	struct wl_listener set_mode;
	struct wl_listener wire_destroy;
};

static enum zwlr_output_power_v1_mode output_mode(
		struct gridwl_output *output) {
	return gridwl_output_is_shown(output) ? ZWLR_OUTPUT_POWER_V1_MODE_ON :
											ZWLR_OUTPUT_POWER_V1_MODE_OFF;
}

static void manager_handle_new_output_power(struct wl_listener *listener,
		void *data) {
	struct gridwl_output_power_manager *manager =
			wl_container_of(listener, manager, new_output_power);
	struct gridwl_output_power_v1 *output_power = data;
	struct gridwl_output *output = gridwl_output_from_wlr(output_power->output);
	if (output == NULL) {
		// Told failed by the wire side: no mode was sent.
		return;
	}
	gridwl_output_power_manager_v1_send_mode(manager->wire,
			output_power->output, output_mode(output));
}

static void manager_handle_set_mode(struct wl_listener *listener, void *data) {
	struct gridwl_output_power_v1_set_mode_event *event = data;
	struct gridwl_output *output = gridwl_output_from_wlr(event->output);
	struct gridwl_output_config *line =
			gridwl_output_config_create(event->output->name);
	if (output == NULL || line == NULL) {
		gridwl_output_config_destroy(line);
		event->failed = true;
		return;
	}
	line->power = event->mode == ZWLR_OUTPUT_POWER_V1_MODE_ON ? 1 : 0;
	char *error = NULL;
	// The mode event then comes from the update the change makes, to
	// every client that watches the output.
	if (!gridwl_output_apply_line(output, line, &error)) {
		wlr_log(WLR_ERROR, "output power: %s", error);
		free(error);
		event->failed = true;
	}
}

void gridwl_output_power_update(struct gridwl_output *output) {
	struct gridwl_output_power_manager *manager = output->server->output_power;
	if (manager == NULL || manager->wire == NULL) {
		return;
	}
	gridwl_output_power_manager_v1_send_mode(manager->wire, output->wlr_output,
			output_mode(output));
}

void gridwl_output_power_fail_captures(struct gridwl_output *output) {
	struct wlr_screencopy_manager_v1 *screencopy = output->server->screencopy;
	if (screencopy == NULL) {
		return;
	}
	// Capturing an output that is off is the same to the client as
	// capturing one that went away: no image will come.
	gridwl_compat_screencopy_fail_frames(screencopy, output->wlr_output);
}

void gridwl_output_power_went_off(struct gridwl_output *output, bool still_on) {
	gridwl_output_power_fail_captures(output);
	if (still_on) {
		// What was last shown would stay on a nested window: black, as
		// a screen that is off.
		gridwl_output_render_blank(output);
	}
	gridwl_session_lock_outputs_changed(output->server);
}

/* Only if the display went first. */
static void manager_handle_wire_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_output_power_manager *manager =
			wl_container_of(listener, manager, wire_destroy);
	wl_list_remove(&manager->new_output_power.link);
	wl_list_init(&manager->new_output_power.link);
	wl_list_remove(&manager->set_mode.link);
	wl_list_init(&manager->set_mode.link);
	wl_list_remove(&manager->wire_destroy.link);
	wl_list_init(&manager->wire_destroy.link);
	manager->wire = NULL;
}

bool gridwl_output_power_init(struct gridwl_server *server) {
	struct gridwl_output_power_manager *manager = calloc(1, sizeof(*manager));
	if (manager == NULL) {
		return false;
	}
	manager->server = server;
	// Destroyed with the display.
	manager->wire = gridwl_output_power_manager_v1_create(server->display);
	if (manager->wire == NULL) {
		free(manager);
		return false;
	}
	manager->new_output_power.notify = manager_handle_new_output_power;
	wl_signal_add(&manager->wire->events.new_output_power,
			&manager->new_output_power);
	manager->set_mode.notify = manager_handle_set_mode;
	wl_signal_add(&manager->wire->events.set_mode, &manager->set_mode);
	manager->wire_destroy.notify = manager_handle_wire_destroy;
	wl_signal_add(&manager->wire->events.destroy, &manager->wire_destroy);
	server->output_power = manager;
	return true;
}

void gridwl_output_power_finish(struct gridwl_server *server) {
	struct gridwl_output_power_manager *manager = server->output_power;
	if (manager == NULL) {
		return;
	}
	wl_list_remove(&manager->new_output_power.link);
	wl_list_remove(&manager->set_mode.link);
	wl_list_remove(&manager->wire_destroy.link);
	server->output_power = NULL;
	free(manager);
}
