#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-skeleton.h"
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

struct power_client {
	struct client_skeleton skel;
	struct zwlr_output_power_manager_v1 *manager;
	struct zwlr_output_power_v1 *power;
	struct client_named_outputs outputs;
	bool mode_seen;
};

static void power_mode(void *data, struct zwlr_output_power_v1 *power,
		uint32_t mode) {
	struct power_client *client = data;
	client->mode_seen = true;
	if (mode == ZWLR_OUTPUT_POWER_V1_MODE_ON) {
		client_emit("mode on");
	} else if (mode == ZWLR_OUTPUT_POWER_V1_MODE_OFF) {
		client_emit("mode off");
	} else {
		client_emit("mode %u", mode);
	}
}

static void power_failed(void *data, struct zwlr_output_power_v1 *power) {
	client_emit("failed");
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

static bool on_line(void *data, char *line) {
	struct power_client *client = data;
	char command[16], value[16];
	int n = sscanf(line, "%15s %15s", command, value);
	if (n == 2 && strcmp(command, "set") == 0) {
		uint32_t mode = strcmp(value, "on") == 0 ?
				ZWLR_OUTPUT_POWER_V1_MODE_ON :
				strcmp(value, "off") == 0 ? ZWLR_OUTPUT_POWER_V1_MODE_OFF :
											(uint32_t)strtoul(value, NULL, 10);
		zwlr_output_power_v1_set_mode(client->power, mode);
		wl_display_flush(client->skel.display);
	} else {
		client_emit("error unknown command \"%s\"", line);
	}
	return true;
}

/* The power of the output called name, once its mode is in: 0, or the
 * exit status. */
static int start(struct power_client *client, const char *name) {
	struct wl_display *display = client->skel.display;
	// The outputs' names come after their binding.
	wl_display_roundtrip(display);
	struct client_named_output *output =
			client_named_outputs_find(&client->outputs, name);
	if (client->manager == NULL || output == NULL) {
		client_emit("error no zwlr_output_power_manager_v1 or no "
					"output %s",
				name);
		return 1;
	}
	client->power =
			zwlr_output_power_manager_v1_get_output_power(client->manager,
					output->wl_output);
	zwlr_output_power_v1_add_listener(client->power, &power_listener, client);
	if (wl_display_roundtrip(display) < 0) {
		return raw_client_report_disconnect(display);
	}
	// The protocol sends the mode at once; nothing else would tell a
	// client the state it starts from.
	if (!client->mode_seen) {
		client_emit("error no mode event for %s", name);
	}
	return 0;
}

int main(int argc, char **argv) {
	if (argc != 2) {
		fprintf(stderr, "usage: power-client OUTPUT\n");
		return 2;
	}
	struct power_client client = { 0 };
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.outputs = &client.outputs,
		.data = &client,
		.command = on_line,
	};
	int status = client_skeleton_connect(&client.skel, &spec);
	if (status == 0) {
		status = start(&client, argv[1]);
	}
	if (status == 0) {
		status = client_skeleton_ready_run(&client.skel);
	}
	if (client.power != NULL) {
		zwlr_output_power_v1_destroy(client.power);
	}
	return client_skeleton_finish_all(&client.skel, status);
}
