#include <stdlib.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_screencopy_v1.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/output_power.h"
#include "compositor/shell/session_lock.h"
#include "render/frame.h"
#include "wlr-output-power-management-unstable-v1-protocol.h"
#include "wlr_compat/wlr_compat.h"

#define OUTPUT_POWER_MANAGER_VERSION 1

struct gridwl_output_power_manager {
	struct wl_global *global;
	struct wl_list powers; // gridwl_output_power.link
};

/* One zwlr_output_power_v1; freed when it fails, its resource then left
 * inert (without user data) for the client to destroy. */
struct gridwl_output_power {
	struct wl_resource *resource;
	struct wlr_output *wlr_output;
	struct wl_list link; // gridwl_output_power_manager.powers
	// The mode this client was last told, so it hears of changes only.
	enum zwlr_output_power_v1_mode sent_mode;
	struct wl_listener output_destroy;
};

static struct gridwl_output_power *power_from_resource(
		struct wl_resource *resource) {
	return wl_resource_get_user_data(resource);
}

static enum zwlr_output_power_v1_mode output_mode(
		struct gridwl_output *output) {
	return gridwl_output_is_shown(output) ? ZWLR_OUTPUT_POWER_V1_MODE_ON :
		ZWLR_OUTPUT_POWER_V1_MODE_OFF;
}

/* Sends failed and leaves the object inert, for the client to destroy. */
static void power_fail(struct gridwl_output_power *power) {
	zwlr_output_power_v1_send_failed(power->resource);
	wl_resource_set_user_data(power->resource, NULL);
	wl_list_remove(&power->output_destroy.link);
	wl_list_remove(&power->link);
	free(power);
}

static void power_handle_output_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_output_power *power =
		wl_container_of(listener, power, output_destroy);
	power_fail(power);
}

static void power_handle_set_mode(struct wl_client *client,
		struct wl_resource *resource, uint32_t mode) {
	if (mode != ZWLR_OUTPUT_POWER_V1_MODE_OFF &&
			mode != ZWLR_OUTPUT_POWER_V1_MODE_ON) {
		wl_resource_post_error(resource,
			ZWLR_OUTPUT_POWER_V1_ERROR_INVALID_MODE,
			"no power mode %u", mode);
		return;
	}
	struct gridwl_output_power *power = power_from_resource(resource);
	if (power == NULL) {
		return;
	}
	struct gridwl_output *output = gridwl_output_from_wlr(power->wlr_output);
	struct gridwl_output_config *line =
		gridwl_output_config_create(power->wlr_output->name);
	if (output == NULL || line == NULL) {
		gridwl_output_config_destroy(line);
		power_fail(power);
		return;
	}
	line->power = mode == ZWLR_OUTPUT_POWER_V1_MODE_ON ? 1 : 0;
	char *error = NULL;
	// The mode event then comes from the update the change makes, to
	// every client that watches the output.
	if (!gridwl_output_apply_line(output, line, &error)) {
		wlr_log(WLR_ERROR, "output power: %s", error);
		free(error);
		power_fail(power);
	}
}

static void power_handle_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	wl_resource_destroy(resource);
}

static const struct zwlr_output_power_v1_interface power_implementation = {
	.set_mode = power_handle_set_mode,
	.destroy = power_handle_destroy,
};

static void power_resource_destroy(struct wl_resource *resource) {
	struct gridwl_output_power *power = power_from_resource(resource);
	if (power == NULL) {
		return;
	}
	wl_list_remove(&power->output_destroy.link);
	wl_list_remove(&power->link);
	free(power);
}

static void manager_handle_get_output_power(struct wl_client *client,
		struct wl_resource *manager_resource, uint32_t id,
		struct wl_resource *output_resource) {
	struct gridwl_output_power_manager *manager =
		wl_resource_get_user_data(manager_resource);
	struct wl_resource *resource = wl_resource_create(client,
		&zwlr_output_power_v1_interface,
		wl_resource_get_version(manager_resource), id);
	if (resource == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &power_implementation, NULL,
		power_resource_destroy);
	// An inert wl_output (its output went or was disabled out of the
	// layout) has no output to control.
	struct wlr_output *wlr_output = wlr_output_from_resource(output_resource);
	struct gridwl_output *output = wlr_output != NULL ?
		gridwl_output_from_wlr(wlr_output) : NULL;
	if (output == NULL) {
		zwlr_output_power_v1_send_failed(resource);
		return;
	}
	struct gridwl_output_power *power = calloc(1, sizeof(*power));
	if (power == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	power->resource = resource;
	power->wlr_output = wlr_output;
	power->output_destroy.notify = power_handle_output_destroy;
	wl_signal_add(&wlr_output->events.destroy, &power->output_destroy);
	wl_list_insert(&manager->powers, &power->link);
	wl_resource_set_user_data(resource, power);
	power->sent_mode = output_mode(output);
	zwlr_output_power_v1_send_mode(resource, power->sent_mode);
}

static void manager_handle_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	wl_resource_destroy(resource);
}

static const struct zwlr_output_power_manager_v1_interface
		manager_implementation = {
	.get_output_power = manager_handle_get_output_power,
	.destroy = manager_handle_destroy,
};

static void manager_bind(struct wl_client *client, void *data,
		uint32_t version, uint32_t id) {
	struct wl_resource *resource = wl_resource_create(client,
		&zwlr_output_power_manager_v1_interface, version, id);
	if (resource == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_implementation, data,
		NULL);
}

void gridwl_output_power_update(struct gridwl_output *output) {
	struct gridwl_output_power_manager *manager = output->server->output_power;
	if (manager == NULL) {
		return;
	}
	enum zwlr_output_power_v1_mode mode = output_mode(output);
	struct gridwl_output_power *power;
	wl_list_for_each(power, &manager->powers, link) {
		if (power->wlr_output == output->wlr_output &&
				power->sent_mode != mode) {
			power->sent_mode = mode;
			zwlr_output_power_v1_send_mode(power->resource, mode);
		}
	}
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

void gridwl_output_power_went_off(struct gridwl_output *output,
		bool still_on) {
	gridwl_output_power_fail_captures(output);
	if (still_on) {
		// What was last shown would stay on a nested window (and in its
		// buffer on headless): black, as a screen that is off.
		gridwl_render_output_blank(output);
	}
	gridwl_session_lock_outputs_changed(output->server);
}

bool gridwl_output_power_init(struct gridwl_server *server) {
	struct gridwl_output_power_manager *manager = calloc(1, sizeof(*manager));
	if (manager == NULL) {
		return false;
	}
	wl_list_init(&manager->powers);
	manager->global = wl_global_create(server->display,
		&zwlr_output_power_manager_v1_interface,
		OUTPUT_POWER_MANAGER_VERSION, manager, manager_bind);
	if (manager->global == NULL) {
		free(manager);
		return false;
	}
	server->output_power = manager;
	return true;
}

void gridwl_output_power_finish(struct gridwl_server *server) {
	struct gridwl_output_power_manager *manager = server->output_power;
	if (manager == NULL) {
		return;
	}
	// Clients are gone by now, and their objects with them; any left
	// become inert rather than reach the freed manager.
	struct gridwl_output_power *power, *tmp;
	wl_list_for_each_safe(power, tmp, &manager->powers, link) {
		wl_resource_set_user_data(power->resource, NULL);
		wl_list_remove(&power->output_destroy.link);
		wl_list_remove(&power->link);
		free(power);
	}
	wl_global_destroy(manager->global);
	server->output_power = NULL;
	free(manager);
}
