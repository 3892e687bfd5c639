#include <assert.h>
#include <stdlib.h>
#include <wlr/types/wlr_output.h>
#include "protocol/wlr_output_power_v1.h"

#define OUTPUT_POWER_MANAGER_VERSION 1

static const struct zwlr_output_power_v1_interface output_power_implementation;

static struct gridwl_output_power_v1 *output_power_from_resource(
		struct wl_resource *resource) {
	assert(wl_resource_instance_of(resource, &zwlr_output_power_v1_interface,
			&output_power_implementation));
	return wl_resource_get_user_data(resource);
}

static void output_power_destroy(struct gridwl_output_power_v1 *output_power) {
	wl_resource_set_user_data(output_power->resource, NULL);
	wl_list_remove(&output_power->output_destroy.link);
	wl_list_remove(&output_power->link);
	free(output_power);
}

/* Sends failed and leaves the object inert, for the client to destroy. */
static void output_power_fail(struct gridwl_output_power_v1 *output_power) {
	zwlr_output_power_v1_send_failed(output_power->resource);
	output_power_destroy(output_power);
}

static void output_power_handle_output_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_output_power_v1 *output_power =
			wl_container_of(listener, output_power, output_destroy);
	output_power_fail(output_power);
}

static void output_power_send_mode(struct gridwl_output_power_v1 *output_power,
		enum zwlr_output_power_v1_mode mode) {
	if (output_power->mode_sent && output_power->sent_mode == mode) {
		return;
	}
	output_power->mode_sent = true;
	output_power->sent_mode = mode;
	zwlr_output_power_v1_send_mode(output_power->resource, mode);
}

void gridwl_output_power_manager_v1_send_mode(
		struct gridwl_output_power_manager_v1 *manager,
		struct wlr_output *output, enum zwlr_output_power_v1_mode mode) {
	struct gridwl_output_power_v1 *output_power;
	wl_list_for_each(output_power, &manager->output_powers, link) {
		if (output_power->output == output) {
			output_power_send_mode(output_power, mode);
		}
	}
}

static void output_power_handle_set_mode(struct wl_client *client,
		struct wl_resource *resource, uint32_t mode) {
	if (mode != ZWLR_OUTPUT_POWER_V1_MODE_OFF &&
			mode != ZWLR_OUTPUT_POWER_V1_MODE_ON) {
		wl_resource_post_error(resource,
				ZWLR_OUTPUT_POWER_V1_ERROR_INVALID_MODE, "no power mode %u",
				mode);
		return;
	}
	struct gridwl_output_power_v1 *output_power =
			output_power_from_resource(resource);
	if (output_power == NULL) {
		return;
	}
	// The mode event then comes from what the compositor reports once the
	// mode is applied, to every client that watches the output.
	struct gridwl_output_power_v1_set_mode_event event = {
		.output = output_power->output,
		.mode = mode,
	};
	wl_signal_emit_mutable(&output_power->manager->events.set_mode, &event);
	if (event.failed) {
		output_power_fail(output_power);
	}
}

static void output_power_handle_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	wl_resource_destroy(resource);
}

static const struct zwlr_output_power_v1_interface
		output_power_implementation = {
			.set_mode = output_power_handle_set_mode,
			.destroy = output_power_handle_destroy,
		};

static void output_power_resource_destroy(struct wl_resource *resource) {
	struct gridwl_output_power_v1 *output_power =
			output_power_from_resource(resource);
	if (output_power != NULL) {
		output_power_destroy(output_power);
	}
}

static void manager_handle_get_output_power(struct wl_client *client,
		struct wl_resource *manager_resource, uint32_t id,
		struct wl_resource *output_resource) {
	struct gridwl_output_power_manager_v1 *manager =
			wl_resource_get_user_data(manager_resource);
	struct wl_resource *resource =
			wl_resource_create(client, &zwlr_output_power_v1_interface,
					wl_resource_get_version(manager_resource), id);
	if (resource == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &output_power_implementation, NULL,
			output_power_resource_destroy);
	// An inert wl_output (its output went or was disabled out of the
	// layout) has no output to control.
	struct wlr_output *output = wlr_output_from_resource(output_resource);
	if (output == NULL) {
		zwlr_output_power_v1_send_failed(resource);
		return;
	}
	struct gridwl_output_power_v1 *output_power =
			calloc(1, sizeof(*output_power));
	if (output_power == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	output_power->resource = resource;
	output_power->output = output;
	output_power->manager = manager;
	output_power->output_destroy.notify = output_power_handle_output_destroy;
	wl_signal_add(&output->events.destroy, &output_power->output_destroy);
	wl_list_insert(&manager->output_powers, &output_power->link);
	wl_resource_set_user_data(resource, output_power);

	wl_signal_emit_mutable(&manager->events.new_output_power, output_power);
	// The protocol owes the client a mode or failed; without a mode the
	// compositor does not know the output.
	if (!output_power->mode_sent) {
		output_power_fail(output_power);
	}
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

static void manager_bind(struct wl_client *client, void *data, uint32_t version,
		uint32_t id) {
	struct wl_resource *resource = wl_resource_create(client,
			&zwlr_output_power_manager_v1_interface, version, id);
	if (resource == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_implementation, data,
			NULL);
}

static void manager_handle_display_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_output_power_manager_v1 *manager =
			wl_container_of(listener, manager, display_destroy);
	wl_signal_emit_mutable(&manager->events.destroy, manager);
	assert(wl_list_empty(&manager->events.set_mode.listener_list));
	assert(wl_list_empty(&manager->events.new_output_power.listener_list));
	assert(wl_list_empty(&manager->events.destroy.listener_list));
	// Clients are gone by now, and their objects with them; any left
	// become inert rather than reach the freed manager.
	struct gridwl_output_power_v1 *output_power, *tmp;
	wl_list_for_each_safe(output_power, tmp, &manager->output_powers, link) {
		output_power_destroy(output_power);
	}
	wl_list_remove(&manager->display_destroy.link);
	wl_global_destroy(manager->global);
	free(manager);
}

struct gridwl_output_power_manager_v1 *gridwl_output_power_manager_v1_create(
		struct wl_display *display) {
	struct gridwl_output_power_manager_v1 *manager =
			calloc(1, sizeof(*manager));
	if (manager == NULL) {
		return NULL;
	}
	manager->global =
			wl_global_create(display, &zwlr_output_power_manager_v1_interface,
					OUTPUT_POWER_MANAGER_VERSION, manager, manager_bind);
	if (manager->global == NULL) {
		free(manager);
		return NULL;
	}
	wl_list_init(&manager->output_powers);
	wl_signal_init(&manager->events.set_mode);
	wl_signal_init(&manager->events.destroy);
	wl_signal_init(&manager->events.new_output_power);
	manager->display_destroy.notify = manager_handle_display_destroy;
	wl_display_add_destroy_listener(display, &manager->display_destroy);
	return manager;
}
