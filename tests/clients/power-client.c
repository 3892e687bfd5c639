#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "raw-client.h"
#include "wlr-output-power-management-unstable-v1-client-protocol.h"

/*
 * power-client: what wlopm does, for the output-power tests, over
 * wlr-output-power-management-unstable-v1.
 *
 *   power-client NAME
 *
 * Gets the zwlr_output_power_v1 of the output called NAME (its wl_output
 * name) and narrates "mode on", "mode off" and "failed" as they come, then
 * "ready" once the first mode is in. On stdin: "set on", "set off",
 * "set N" (any number, for the protocol's invalid_mode), "sync" (prints
 * "sync" once gridwl answered everything before it), "quit". It prints
 * "error ..." and "disconnected" when the compositor ends it.
 */

#define MAX_OUTPUTS 8

struct power_output {
	struct wl_output *wl_output;
	char name[64];
};

struct power_client {
	struct wl_display *display;
	struct wl_registry *registry;
	struct zwlr_output_power_manager_v1 *manager;
	struct zwlr_output_power_v1 *power;
	struct power_output outputs[MAX_OUTPUTS];
	int output_count;
	bool mode_seen;
};

static void output_geometry(void *data, struct wl_output *wl_output, int32_t x,
		int32_t y, int32_t width_mm, int32_t height_mm, int32_t subpixel,
		const char *make, const char *model, int32_t transform) {
}

static void output_mode(void *data, struct wl_output *wl_output, uint32_t flags,
		int32_t width, int32_t height, int32_t refresh) {
}

static void output_done(void *data, struct wl_output *wl_output) {
}

static void output_scale(void *data, struct wl_output *wl_output,
		int32_t factor) {
}

static void output_name(void *data, struct wl_output *wl_output,
		const char *name) {
	struct power_output *output = data;
	snprintf(output->name, sizeof(output->name), "%s", name);
}

static void output_description(void *data, struct wl_output *wl_output,
		const char *description) {
}

static const struct wl_output_listener output_listener = {
	.geometry = output_geometry,
	.mode = output_mode,
	.done = output_done,
	.scale = output_scale,
	.name = output_name,
	.description = output_description,
};

static void power_mode(void *data, struct zwlr_output_power_v1 *power,
		uint32_t mode) {
	struct power_client *client = data;
	client->mode_seen = true;
	if (mode == ZWLR_OUTPUT_POWER_V1_MODE_ON) {
		raw_client_emit("mode on");
	} else if (mode == ZWLR_OUTPUT_POWER_V1_MODE_OFF) {
		raw_client_emit("mode off");
	} else {
		raw_client_emit("mode %u", mode);
	}
}

static void power_failed(void *data, struct zwlr_output_power_v1 *power) {
	raw_client_emit("failed");
}

static const struct zwlr_output_power_v1_listener power_listener = {
	.mode = power_mode,
	.failed = power_failed,
};

static const struct client_global bound_globals[] = {
	{ &zwlr_output_power_manager_v1_interface, 1,
			offsetof(struct power_client, manager), NULL },
	{ 0 },
};

/* Every output that can tell its name. */
static void registry_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct power_client *client = data;
	if (strcmp(interface, wl_output_interface.name) == 0 &&
			version >= WL_OUTPUT_NAME_SINCE_VERSION &&
			client->output_count < MAX_OUTPUTS) {
		struct power_output *output = &client->outputs[client->output_count++];
		output->wl_output = wl_registry_bind(registry, name,
				&wl_output_interface, WL_OUTPUT_NAME_SINCE_VERSION);
		wl_output_add_listener(output->wl_output, &output_listener, output);
	}
}

static bool on_line(void *data, char *line) {
	struct power_client *client = data;
	char command[16], value[16];
	int n = sscanf(line, "%15s %15s", command, value);
	if (n >= 1 && strcmp(command, "quit") == 0) {
		return false;
	}
	if (n == 1 && strcmp(command, "sync") == 0) {
		wl_display_roundtrip(client->display);
		raw_client_emit("sync");
	} else if (n == 2 && strcmp(command, "set") == 0) {
		uint32_t mode = strcmp(value, "on") == 0 ?
				ZWLR_OUTPUT_POWER_V1_MODE_ON :
				strcmp(value, "off") == 0 ? ZWLR_OUTPUT_POWER_V1_MODE_OFF :
											(uint32_t)strtoul(value, NULL, 10);
		zwlr_output_power_v1_set_mode(client->power, mode);
		wl_display_flush(client->display);
	} else {
		raw_client_emit("error unknown command \"%s\"", line);
	}
	return true;
}

/* Destroys every object it made and disconnects: a clean exit leaves
 * nothing behind (LeakSanitizer counts proxies still allocated). */
static void client_finish(struct power_client *client) {
	if (client->power != NULL) {
		zwlr_output_power_v1_destroy(client->power);
	}
	if (client->manager != NULL) {
		zwlr_output_power_manager_v1_destroy(client->manager);
	}
	for (int i = 0; i < client->output_count; i++) {
		wl_output_release(client->outputs[i].wl_output);
	}
	if (client->registry != NULL) {
		wl_registry_destroy(client->registry);
	}
	wl_display_disconnect(client->display);
}

int main(int argc, char **argv) {
	if (argc != 2) {
		fprintf(stderr, "usage: power-client OUTPUT\n");
		return 2;
	}
	struct power_client client = { 0 };
	client.display = wl_display_connect(NULL);
	if (client.display == NULL) {
		fprintf(stderr, "power-client: cannot connect\n");
		return 1;
	}
	struct client_globals globals = {
		.table = bound_globals,
		.global = registry_global,
		.data = &client,
	};
	client.registry = client_globals_listen(client.display, &globals);
	// The globals, then the outputs' names.
	wl_display_roundtrip(client.display);
	wl_display_roundtrip(client.display);
	struct wl_output *wl_output = NULL;
	// The bound is output_count's too; GCC's -O3 cannot see that.
	for (int i = 0; i < client.output_count && i < MAX_OUTPUTS; i++) {
		if (strcmp(client.outputs[i].name, argv[1]) == 0) {
			wl_output = client.outputs[i].wl_output;
		}
	}
	if (client.manager == NULL || wl_output == NULL) {
		raw_client_emit("error no zwlr_output_power_manager_v1 or no "
						"output %s",
				argv[1]);
		client_finish(&client);
		return 1;
	}
	client.power = zwlr_output_power_manager_v1_get_output_power(client.manager,
			wl_output);
	zwlr_output_power_v1_add_listener(client.power, &power_listener, &client);
	if (wl_display_roundtrip(client.display) < 0) {
		int status = raw_client_report_disconnect(client.display);
		client_finish(&client);
		return status;
	}
	// The protocol sends the mode at once; nothing else would tell a
	// client the state it starts from.
	if (!client.mode_seen) {
		raw_client_emit("error no mode event for %s", argv[1]);
	}
	raw_client_emit("ready");
	int status = raw_client_run(client.display, on_line, &client);
	client_finish(&client);
	return status;
}
