#include <stdlib.h>
#include <wayland-server-core.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/util/box.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/shell/xwayland_scale.h"
#include "xdg-output-unstable-v1-protocol.h"

/*
 * The xdg-output Xwayland sees: wlroots' (types/wlr_xdg_output_v1.c) with
 * every logical position and size multiplied by the Xwayland scale N, so
 * that its X screen is the layout in X pixels. Version 3, as wlroots': the
 * changes are applied at wl_output.done.
 */

#define XWAYLAND_XDG_OUTPUT_VERSION 3

struct gridwl_xwayland_outputs {
	struct gridwl_xwayland_scale *scale;
	struct wl_global *global;
	struct wl_list xdg_outputs; // xwayland_xdg_output.link
	struct wl_listener layout_change;
};

struct xwayland_xdg_output {
	struct wl_list link;
	struct wl_resource *resource;
	// The wl_output it describes, NULL once the client destroyed it.
	struct wl_resource *output_resource;
	struct wl_listener output_resource_destroy;
};

static void send_details(struct gridwl_xwayland_outputs *outputs,
		struct xwayland_xdg_output *xdg_output, bool first) {
	if (xdg_output->output_resource == NULL) {
		return;
	}
	// NULL once the output is gone (wlroots makes the resource inert).
	struct wlr_output *wlr_output =
			wlr_output_from_resource(xdg_output->output_resource);
	struct wlr_box box;
	if (wlr_output == NULL) {
		return;
	}
	wlr_output_layout_get_box(outputs->scale->server->output_layout, wlr_output,
			&box);
	if (wlr_box_empty(&box)) {
		return;
	}
	int n = outputs->scale->factor;
	struct wl_resource *resource = xdg_output->resource;
	zxdg_output_v1_send_logical_position(resource, box.x * n, box.y * n);
	zxdg_output_v1_send_logical_size(resource, box.width * n, box.height * n);
	uint32_t version = wl_resource_get_version(resource);
	if (first && version >= ZXDG_OUTPUT_V1_NAME_SINCE_VERSION) {
		zxdg_output_v1_send_name(resource, wlr_output->name);
	}
	if (first && version >= ZXDG_OUTPUT_V1_DESCRIPTION_SINCE_VERSION &&
			wlr_output->description != NULL) {
		zxdg_output_v1_send_description(resource, wlr_output->description);
	}
	if (version >= 3) {
		// xdg_output.done is deprecated from 3: wl_output.done ends it.
		if (wl_resource_get_version(xdg_output->output_resource) >=
				WL_OUTPUT_DONE_SINCE_VERSION) {
			wl_output_send_done(xdg_output->output_resource);
		}
	} else {
		zxdg_output_v1_send_done(resource);
	}
}

static void xdg_output_handle_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	wl_resource_destroy(resource);
}

static const struct zxdg_output_v1_interface xdg_output_impl = {
	.destroy = xdg_output_handle_destroy,
};

static void xdg_output_resource_destroy(struct wl_resource *resource) {
	struct xwayland_xdg_output *xdg_output =
			wl_resource_get_user_data(resource);
	wl_list_remove(&xdg_output->link);
	wl_list_remove(&xdg_output->output_resource_destroy.link);
	free(xdg_output);
}

static void handle_output_resource_destroy(struct wl_listener *listener,
		void *data) {
	struct xwayland_xdg_output *xdg_output =
			wl_container_of(listener, xdg_output, output_resource_destroy);
	xdg_output->output_resource = NULL;
	wl_list_remove(&xdg_output->output_resource_destroy.link);
	wl_list_init(&xdg_output->output_resource_destroy.link);
}

static void manager_handle_get_xdg_output(struct wl_client *client,
		struct wl_resource *manager_resource, uint32_t id,
		struct wl_resource *output_resource) {
	struct gridwl_xwayland_outputs *outputs =
			wl_resource_get_user_data(manager_resource);
	struct xwayland_xdg_output *xdg_output = calloc(1, sizeof(*xdg_output));
	if (xdg_output == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	xdg_output->resource = wl_resource_create(client, &zxdg_output_v1_interface,
			wl_resource_get_version(manager_resource), id);
	if (xdg_output->resource == NULL) {
		free(xdg_output);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(xdg_output->resource, &xdg_output_impl,
			xdg_output, xdg_output_resource_destroy);
	wl_list_insert(&outputs->xdg_outputs, &xdg_output->link);
	xdg_output->output_resource = output_resource;
	xdg_output->output_resource_destroy.notify = handle_output_resource_destroy;
	wl_resource_add_destroy_listener(output_resource,
			&xdg_output->output_resource_destroy);
	send_details(outputs, xdg_output, true);
}

static void manager_handle_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	wl_resource_destroy(resource);
}

static const struct zxdg_output_manager_v1_interface manager_impl = {
	.destroy = manager_handle_destroy,
	.get_xdg_output = manager_handle_get_xdg_output,
};

static void manager_bind(struct wl_client *client, void *data, uint32_t version,
		uint32_t id) {
	struct wl_resource *resource = wl_resource_create(client,
			&zxdg_output_manager_v1_interface, version, id);
	if (resource == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, data, NULL);
}

static void handle_layout_change(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_outputs *outputs =
			wl_container_of(listener, outputs, layout_change);
	struct xwayland_xdg_output *xdg_output;
	wl_list_for_each(xdg_output, &outputs->xdg_outputs, link) {
		send_details(outputs, xdg_output, false);
	}
}

struct gridwl_xwayland_outputs *gridwl_xwayland_outputs_create(
		struct gridwl_xwayland_scale *scale) {
	struct gridwl_xwayland_outputs *outputs = calloc(1, sizeof(*outputs));
	if (outputs == NULL) {
		return NULL;
	}
	outputs->scale = scale;
	wl_list_init(&outputs->xdg_outputs);
	outputs->global = wl_global_create(scale->server->display,
			&zxdg_output_manager_v1_interface, XWAYLAND_XDG_OUTPUT_VERSION,
			outputs, manager_bind);
	if (outputs->global == NULL) {
		free(outputs);
		return NULL;
	}
	outputs->layout_change.notify = handle_layout_change;
	wl_signal_add(&scale->server->output_layout->events.change,
			&outputs->layout_change);
	return outputs;
}

void gridwl_xwayland_outputs_destroy(struct gridwl_xwayland_outputs *outputs) {
	if (outputs == NULL) {
		return;
	}
	wl_list_remove(&outputs->layout_change.link);
	// The resources left belong to Xwayland, which is ended with the
	// display: they must not point at what is freed here.
	struct xwayland_xdg_output *xdg_output, *tmp;
	wl_list_for_each_safe(xdg_output, tmp, &outputs->xdg_outputs, link) {
		wl_resource_set_user_data(xdg_output->resource, NULL);
		wl_resource_set_destructor(xdg_output->resource, NULL);
		wl_list_remove(&xdg_output->link);
		wl_list_remove(&xdg_output->output_resource_destroy.link);
		free(xdg_output);
	}
	wl_global_destroy(outputs->global);
	free(outputs);
}

const struct wl_global *gridwl_xwayland_outputs_global(
		struct gridwl_xwayland_outputs *outputs) {
	return outputs != NULL ? outputs->global : NULL;
}
