#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_output_management_v1.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/adaptive_sync.h"
#include "config/scale.h"

/*
 * wlr-output-management (wlr-randr, kanshi, wdisplays): clients see every
 * output's state and may ask for a new one, all or nothing. gridwl takes
 * integer scales only; a fractional one fails the whole request, and so does
 * adaptive sync asked of an output that cannot take it.
 */

void gridwl_output_manager_update(struct gridwl_server *server) {
	if (server->output_manager == NULL) {
		return;
	}
	struct wlr_output_configuration_v1 *config =
			wlr_output_configuration_v1_create();
	if (config == NULL) {
		return;
	}
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		struct wlr_output_configuration_head_v1 *head =
				wlr_output_configuration_head_v1_create(config,
						output->wlr_output);
		if (head == NULL) {
			continue;
		}
		struct wlr_box box = gridwl_output_logical_box(output);
		head->state.enabled = gridwl_output_is_active(output);
		head->state.x = box.x;
		head->state.y = box.y;
		head->state.scale = (float)output->scale120 / GRIDWL_SCALE120_ONE;
		head->state.transform = output->wlr_output->transform;
	}
	wlr_output_manager_v1_set_configuration(server->output_manager, config);
}

/* The request for one head as a config line; NULL and *error when gridwl
 * cannot do it. */
static struct gridwl_output_config *head_to_config(struct gridwl_server *server,
		struct wlr_output_configuration_head_v1 *head, char **error) {
	struct wlr_output *wlr_output = head->state.output;
	struct gridwl_output *output = gridwl_output_from_wlr(wlr_output);
	if (output == NULL) {
		return NULL;
	}
	struct gridwl_output_config *oc =
			gridwl_output_config_create(wlr_output->name);
	if (oc == NULL) {
		return NULL;
	}
	oc->enabled = head->state.enabled ? 1 : 0;
	if (!head->state.enabled) {
		return oc;
	}
	// The wire's fixed-point scale (1/256) comes in as a float: the
	// nearest 120th is what the client meant (kanshi sends 1.5 as 1.5).
	float scale = head->state.scale;
	if (!(scale >= GRIDWL_SCALE_MIN && scale <= GRIDWL_SCALE_MAX)) {
		if (asprintf(error,
					"output %s: scale %g refused: gridwl takes "
					"scales from %d to %d",
					wlr_output->name, scale, GRIDWL_SCALE_MIN,
					GRIDWL_SCALE_MAX) < 0) {
			*error = NULL;
		}
		gridwl_output_config_destroy(oc);
		return NULL;
	}
	oc->has_scale = true;
	oc->scale120 = (int)lroundf(scale * GRIDWL_SCALE120_ONE);
	// wlroots has checked it is one of the eight.
	oc->has_transform = true;
	oc->transform = head->state.transform;
	oc->has_mode = true;
	if (head->state.mode != NULL) {
		oc->width = head->state.mode->width;
		oc->height = head->state.mode->height;
		oc->refresh_mhz = head->state.mode->refresh;
	} else {
		oc->width = head->state.custom_mode.width;
		oc->height = head->state.custom_mode.height;
		oc->refresh_mhz = head->state.custom_mode.refresh;
	}
	// Clients send every head's position back; only a changed one is
	// taken as a wish, so outputs placed automatically stay so.
	struct wlr_box box = gridwl_output_logical_box(output);
	if (!gridwl_output_is_active(output) || head->state.x != box.x ||
			head->state.y != box.y) {
		oc->has_position = true;
		oc->x = head->state.x;
		oc->y = head->state.y;
	}
	// Also sent back as it is; a change is "adaptive-sync on|off" (auto
	// is gridwl's own and has no word in the protocol).
	bool vrr = wlr_output->adaptive_sync_status ==
			WLR_OUTPUT_ADAPTIVE_SYNC_ENABLED;
	if (head->state.adaptive_sync_enabled != vrr) {
		oc->has_adaptive_sync = true;
		oc->adaptive_sync = head->state.adaptive_sync_enabled ?
				GRIDWL_ADAPTIVE_SYNC_ON :
				GRIDWL_ADAPTIVE_SYNC_OFF;
		if (!gridwl_adaptive_sync_check_line(output, oc, error)) {
			gridwl_output_config_destroy(oc);
			return NULL;
		}
	}
	return oc;
}

static void handle_configuration(struct gridwl_server *server,
		struct wlr_output_configuration_v1 *config, bool apply) {
	// Every head is read before any is applied: applying one moves the
	// outputs placed against it, whose unchanged positions would then read
	// as wishes.
	int count = wl_list_length(&config->heads);
	struct gridwl_output_config **ocs =
			calloc(count > 0 ? count : 1, sizeof(*ocs));
	bool ok = ocs != NULL;
	struct wlr_output_configuration_head_v1 *head;
	int i = 0;
	wl_list_for_each(head, &config->heads, link) {
		char *error = NULL;
		struct gridwl_output_config *oc =
				ok ? head_to_config(server, head, &error) : NULL;
		if (oc == NULL) {
			wlr_log(WLR_ERROR, "wlr-output-management: %s",
					error != NULL ? error : "cannot take this configuration");
			free(error);
			ok = false;
			break;
		}
		ocs[i++] = oc;
	}
	if (ok && apply) {
		i = 0;
		wl_list_for_each(head, &config->heads, link) {
			struct gridwl_output_config *oc = ocs[i];
			ocs[i++] = NULL; // apply_line takes it
			struct gridwl_output *output =
					gridwl_output_from_wlr(head->state.output);
			// The request covers mode, scale, transform and position; the filter,
			// power and anything else stay as configured. Recorded as a
			// run-time line, so a reload keeps it.
			char *error = NULL;
			if (!gridwl_output_apply_line(output, oc, &error)) {
				wlr_log(WLR_ERROR, "wlr-output-management: %s", error);
				free(error);
				ok = false;
			}
		}
	}
	for (int j = 0; ocs != NULL && j < count; j++) {
		gridwl_output_config_destroy(ocs[j]);
	}
	free(ocs);
	if (ok) {
		wlr_output_configuration_v1_send_succeeded(config);
	} else {
		wlr_output_configuration_v1_send_failed(config);
	}
	wlr_output_configuration_v1_destroy(config);
	gridwl_output_manager_update(server);
}

static void handle_apply(struct wl_listener *listener, void *data) {
	struct gridwl_server *server =
			wl_container_of(listener, server, output_manager_apply);
	handle_configuration(server, data, true);
}

static void handle_test(struct wl_listener *listener, void *data) {
	struct gridwl_server *server =
			wl_container_of(listener, server, output_manager_test);
	handle_configuration(server, data, false);
}

void gridwl_output_manager_init(struct gridwl_server *server) {
	server->output_manager = wlr_output_manager_v1_create(server->display);
	server->output_manager_apply.notify = handle_apply;
	wl_signal_add(&server->output_manager->events.apply,
			&server->output_manager_apply);
	server->output_manager_test.notify = handle_test;
	wl_signal_add(&server->output_manager->events.test,
			&server->output_manager_test);
}

void gridwl_output_manager_finish(struct gridwl_server *server) {
	if (server->output_manager == NULL) {
		return;
	}
	wl_list_remove(&server->output_manager_apply.link);
	wl_list_remove(&server->output_manager_test.link);
	server->output_manager = NULL;
}
