#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client.h"
#include "xdg-output-unstable-v1-client-protocol.h"

/* wl_output 4 names outputs by itself; older versions need xdg-output. */
#define WL_OUTPUT_MAX_VERSION 4
#define XDG_OUTPUT_MAX_VERSION 3

static void replace_string(char **dst, const char *src) {
	free(*dst);
	*dst = src ? strdup(src) : NULL;
}

const char *client_output_name(const struct client_output *output) {
	if (output->xdg_name != NULL) {
		return output->xdg_name;
	}
	if (output->wl_name != NULL) {
		return output->wl_name;
	}
	// Without either, the model is the closest thing to a name a
	// compositor gives (weston's headless output says "headless").
	if (output->client->globals_known &&
			output->client->xdg_output_manager == NULL &&
			output->model != NULL) {
		return output->model;
	}
	return "?";
}

static bool name_known(const struct client_output *output) {
	return strcmp(client_output_name(output), "?") != 0;
}

/* The state as of the last done: every output line describes a consistent
 * set of properties, never a half-applied change. */
static void announce(struct client_output *output) {
	// wl_output 4 names the output before xdg-output has said anything;
	// wait for that, so the first line already has the logical geometry.
	if (!output->done || !name_known(output) ||
			(output->xdg_output != NULL && !output->xdg_seen)) {
		return;
	}
	const char *name = client_output_name(output);
	client_emit("output %s scale=%d mode=%dx%d", name, output->scale,
			output->mode_width, output->mode_height);
	if (output->has_logical) {
		client_emit("xdg_output %s x=%d y=%d width=%d height=%d", name,
				output->x, output->y, output->logical_width,
				output->logical_height);
	}
	output->announced = true;
}

static void output_geometry(void *data, struct wl_output *wl_output, int32_t x,
		int32_t y, int32_t physical_width, int32_t physical_height,
		int32_t subpixel, const char *make, const char *model,
		int32_t transform) {
	struct client_output *output = data;
	replace_string(&output->make, make);
	replace_string(&output->model, model);
}

static void output_mode(void *data, struct wl_output *wl_output, uint32_t flags,
		int32_t width, int32_t height, int32_t refresh) {
	struct client_output *output = data;
	if (flags & WL_OUTPUT_MODE_CURRENT) {
		output->mode_width = width;
		output->mode_height = height;
	}
}

static void output_done(void *data, struct wl_output *wl_output) {
	struct client_output *output = data;
	output->done = true;
	announce(output);
}

static void output_scale(void *data, struct wl_output *wl_output,
		int32_t factor) {
	struct client_output *output = data;
	output->scale = factor;
}

static void output_name(void *data, struct wl_output *wl_output,
		const char *name) {
	struct client_output *output = data;
	replace_string(&output->wl_name, name);
}

static void output_description(void *data, struct wl_output *wl_output,
		const char *description) {
	// Not needed: the name identifies outputs.
}

static const struct wl_output_listener output_listener = {
	.geometry = output_geometry,
	.mode = output_mode,
	.done = output_done,
	.scale = output_scale,
	.name = output_name,
	.description = output_description,
};

static void xdg_output_logical_position(void *data,
		struct zxdg_output_v1 *xdg_output, int32_t x, int32_t y) {
	struct client_output *output = data;
	output->xdg_seen = true;
	output->x = x;
	output->y = y;
	output->has_logical = true;
}

static void xdg_output_logical_size(void *data,
		struct zxdg_output_v1 *xdg_output, int32_t width, int32_t height) {
	struct client_output *output = data;
	output->xdg_seen = true;
	output->logical_width = width;
	output->logical_height = height;
	output->has_logical = true;
}

static void xdg_output_done(void *data, struct zxdg_output_v1 *xdg_output) {
	// From version 3 on, wl_output.done closes xdg_output changes too,
	// and this event is no longer sent.
	struct client_output *output = data;
	announce(output);
}

static void xdg_output_name(void *data, struct zxdg_output_v1 *xdg_output,
		const char *name) {
	struct client_output *output = data;
	output->xdg_seen = true;
	replace_string(&output->xdg_name, name);
}

static void xdg_output_description(void *data,
		struct zxdg_output_v1 *xdg_output, const char *description) {
	// Not needed: the name identifies outputs.
}

static const struct zxdg_output_v1_listener xdg_output_listener = {
	.logical_position = xdg_output_logical_position,
	.logical_size = xdg_output_logical_size,
	.done = xdg_output_done,
	.name = xdg_output_name,
	.description = xdg_output_description,
};

void client_output_create(struct client *client, uint32_t global_name,
		uint32_t version) {
	struct client_output *output = calloc(1, sizeof(*output));
	if (output == NULL) {
		client_emit("error out of memory");
		return;
	}
	output->client = client;
	output->global_name = global_name;
	output->version =
			version < WL_OUTPUT_MAX_VERSION ? version : WL_OUTPUT_MAX_VERSION;
	output->scale = 1;
	output->wl_output = wl_registry_bind(client->skel.registry, global_name,
			&wl_output_interface, output->version);
	wl_output_add_listener(output->wl_output, &output_listener, output);
	wl_list_insert(client->outputs.prev, &output->link);
	client_outputs_bind_xdg(client);
}

void client_outputs_bind_xdg(struct client *client) {
	if (client->xdg_output_manager == NULL) {
		return;
	}
	struct client_output *output;
	wl_list_for_each(output, &client->outputs, link) {
		if (output->xdg_output != NULL) {
			continue;
		}
		output->xdg_output = zxdg_output_manager_v1_get_xdg_output(
				client->xdg_output_manager, output->wl_output);
		zxdg_output_v1_add_listener(output->xdg_output, &xdg_output_listener,
				output);
	}
}

void client_outputs_globals_known(struct client *client) {
	client->globals_known = true;
	struct client_output *output;
	wl_list_for_each(output, &client->outputs, link) {
		if (!output->announced) {
			announce(output);
		}
	}
}

void client_output_destroy(struct client_output *output) {
	if (output->xdg_output != NULL) {
		zxdg_output_v1_destroy(output->xdg_output);
	}
	if (output->version >= WL_OUTPUT_RELEASE_SINCE_VERSION) {
		wl_output_release(output->wl_output);
	} else {
		wl_output_destroy(output->wl_output);
	}
	wl_list_remove(&output->link);
	free(output->xdg_name);
	free(output->wl_name);
	free(output->make);
	free(output->model);
	free(output);
}

struct client_output *client_output_from_global(struct client *client,
		uint32_t global_name) {
	struct client_output *output;
	wl_list_for_each(output, &client->outputs, link) {
		if (output->global_name == global_name) {
			return output;
		}
	}
	return NULL;
}

struct client_output *client_output_from_name(struct client *client,
		const char *name) {
	struct client_output *output;
	wl_list_for_each(output, &client->outputs, link) {
		if (strcmp(client_output_name(output), name) == 0) {
			return output;
		}
	}
	return NULL;
}
