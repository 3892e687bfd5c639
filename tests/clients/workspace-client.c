#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "ext-workspace-v1-client-protocol.h"
#include "raw-client.h"

/*
 * workspace-client: a pager of ext-workspace-v1, as a bar is, for the
 * workspaces test.
 *
 * Binds every wl_output, then the workspace manager, and prints "ready";
 * with --outputs-later, the manager first and the outputs after (as a bar
 * does when the manager's global comes first), and new outputs as they
 * come.
 * At each done it prints "group outputs=N workspaces=N capabilities=C"
 * for its group, then for each workspace in the order they came
 * "workspace ID name=NAME coordinates=X state=S capabilities=C" (S the
 * state bits as words joined by '+', or "none"), then "done". "finished"
 * when the manager ends. On stdin: "activate ID", "deactivate ID",
 * "assign ID" (to the group), each followed by a commit; "stop", "sync"
 * (prints "sync" once gridwl answered everything before it), "quit".
 */

#define MAX_WORKSPACES 16
#define MAX_OUTPUTS 8

struct workspace {
	struct ext_workspace_handle_v1 *handle;
	char id[32], name[64];
	int coordinate;
	uint32_t state, capabilities;
};

struct client {
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_output *outputs[MAX_OUTPUTS];
	int output_count;
	uint32_t manager_name;
	struct ext_workspace_manager_v1 *manager;
	struct ext_workspace_group_handle_v1 *group;
	uint32_t group_capabilities;
	int group_outputs, group_workspaces;
	struct workspace workspaces[MAX_WORKSPACES];
	int count;
	bool outputs_later, manager_bound;
	uint32_t late_names[MAX_OUTPUTS];
	int late_count;
};

static void copy(char *dst, size_t size, const char *src) {
	snprintf(dst, size, "%s", src);
}

static void ws_id(void *data, struct ext_workspace_handle_v1 *h,
		const char *id) {
	struct workspace *ws = data;
	copy(ws->id, sizeof(ws->id), id);
}

static void ws_name(void *data, struct ext_workspace_handle_v1 *h,
		const char *name) {
	struct workspace *ws = data;
	copy(ws->name, sizeof(ws->name), name);
}

static void ws_coordinates(void *data, struct ext_workspace_handle_v1 *h,
		struct wl_array *coordinates) {
	struct workspace *ws = data;
	uint32_t *c = coordinates->data;
	ws->coordinate = coordinates->size >= sizeof(*c) ? (int)c[0] : -1;
}

static void ws_state(void *data, struct ext_workspace_handle_v1 *h,
		uint32_t state) {
	struct workspace *ws = data;
	ws->state = state;
}

static void ws_capabilities(void *data, struct ext_workspace_handle_v1 *h,
		uint32_t capabilities) {
	struct workspace *ws = data;
	ws->capabilities = capabilities;
}

static void ws_removed(void *data, struct ext_workspace_handle_v1 *h) {
	struct workspace *ws = data;
	client_emit("removed %s", ws->id);
}

static const struct ext_workspace_handle_v1_listener ws_listener = {
	.id = ws_id,
	.name = ws_name,
	.coordinates = ws_coordinates,
	.state = ws_state,
	.capabilities = ws_capabilities,
	.removed = ws_removed,
};

static void group_capabilities(void *data,
		struct ext_workspace_group_handle_v1 *g, uint32_t capabilities) {
	struct client *client = data;
	client->group_capabilities = capabilities;
}

static void group_output_enter(void *data,
		struct ext_workspace_group_handle_v1 *g, struct wl_output *output) {
	struct client *client = data;
	client->group_outputs++;
}

static void group_output_leave(void *data,
		struct ext_workspace_group_handle_v1 *g, struct wl_output *output) {
	struct client *client = data;
	client->group_outputs--;
}

static void group_workspace_enter(void *data,
		struct ext_workspace_group_handle_v1 *g,
		struct ext_workspace_handle_v1 *workspace) {
	struct client *client = data;
	client->group_workspaces++;
}

static void group_workspace_leave(void *data,
		struct ext_workspace_group_handle_v1 *g,
		struct ext_workspace_handle_v1 *workspace) {
	struct client *client = data;
	client->group_workspaces--;
}

static void group_removed(void *data, struct ext_workspace_group_handle_v1 *g) {
	client_emit("group removed");
}

static const struct ext_workspace_group_handle_v1_listener group_listener = {
	.capabilities = group_capabilities,
	.output_enter = group_output_enter,
	.output_leave = group_output_leave,
	.workspace_enter = group_workspace_enter,
	.workspace_leave = group_workspace_leave,
	.removed = group_removed,
};

static void manager_workspace_group(void *data,
		struct ext_workspace_manager_v1 *manager,
		struct ext_workspace_group_handle_v1 *group) {
	struct client *client = data;
	if (client->group != NULL) {
		client_emit("error a second group");
		ext_workspace_group_handle_v1_destroy(group);
		return;
	}
	client->group = group;
	ext_workspace_group_handle_v1_add_listener(group, &group_listener, client);
}

static void manager_workspace(void *data,
		struct ext_workspace_manager_v1 *manager,
		struct ext_workspace_handle_v1 *handle) {
	struct client *client = data;
	if (client->count == MAX_WORKSPACES) {
		client_emit("error too many workspaces");
		ext_workspace_handle_v1_destroy(handle);
		return;
	}
	struct workspace *ws = &client->workspaces[client->count++];
	ws->handle = handle;
	ws->coordinate = -1;
	ext_workspace_handle_v1_add_listener(handle, &ws_listener, ws);
}

static void state_words(uint32_t state, char *buf, size_t size) {
	buf[0] = '\0';
	const char *words[] = { "active", "urgent", "hidden" };
	for (int i = 0; i < 3; i++) {
		if (state & (1u << i)) {
			size_t len = strlen(buf);
			snprintf(buf + len, size - len, "%s%s", len > 0 ? "+" : "",
					words[i]);
		}
	}
	if (buf[0] == '\0') {
		snprintf(buf, size, "none");
	}
}

static void manager_done(void *data, struct ext_workspace_manager_v1 *m) {
	struct client *client = data;
	client_emit("group outputs=%d workspaces=%d capabilities=%u",
			client->group_outputs, client->group_workspaces,
			client->group_capabilities);
	for (int i = 0; i < client->count; i++) {
		struct workspace *ws = &client->workspaces[i];
		char state[64];
		state_words(ws->state, state, sizeof(state));
		client_emit(
				"workspace %s name=%s coordinates=%d state=%s capabilities=%u",
				ws->id, ws->name, ws->coordinate, state, ws->capabilities);
	}
	client_emit("done");
}

static void manager_finished(void *data, struct ext_workspace_manager_v1 *m) {
	struct client *client = data;
	client_emit("finished");
	ext_workspace_manager_v1_destroy(client->manager);
	client->manager = NULL;
}

static const struct ext_workspace_manager_v1_listener manager_listener = {
	.workspace_group = manager_workspace_group,
	.workspace = manager_workspace,
	.done = manager_done,
	.finished = manager_finished,
};

static void handle_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct client *client = data;
	bool output = strcmp(interface, wl_output_interface.name) == 0;
	if (output && client->outputs_later && !client->manager_bound &&
			client->late_count < MAX_OUTPUTS) {
		// Bound after the manager, in main.
		client->late_names[client->late_count++] = name;
	} else if (output && client->output_count < MAX_OUTPUTS) {
		client->outputs[client->output_count++] =
				wl_registry_bind(registry, name, &wl_output_interface, 1);
	} else if (strcmp(interface, ext_workspace_manager_v1_interface.name) ==
			0) {
		client->manager_name = name;
	}
}

static const struct client_global no_globals[] = { { 0 } };

static struct workspace *find(struct client *client, const char *id) {
	for (int i = 0; i < client->count; i++) {
		if (strcmp(client->workspaces[i].id, id) == 0) {
			return &client->workspaces[i];
		}
	}
	return NULL;
}

static bool on_line(void *data, char *line) {
	struct client *client = data;
	struct workspace *ws = NULL;
	char *space = strchr(line, ' ');
	if (space != NULL) {
		*space = '\0';
		ws = find(client, space + 1);
		if (ws == NULL) {
			client_emit("error no workspace %s", space + 1);
			return true;
		}
	}
	if (strcmp(line, "quit") == 0) {
		return false;
	} else if (strcmp(line, "sync") == 0) {
		wl_display_roundtrip(client->display);
		client_emit("sync");
	} else if (strcmp(line, "stop") == 0 && client->manager != NULL) {
		ext_workspace_manager_v1_stop(client->manager);
	} else if (ws != NULL && client->manager != NULL &&
			(strcmp(line, "activate") == 0 || strcmp(line, "deactivate") == 0 ||
					strcmp(line, "assign") == 0)) {
		if (line[0] == 'a' && line[1] == 'c') {
			ext_workspace_handle_v1_activate(ws->handle);
		} else if (line[0] == 'd') {
			ext_workspace_handle_v1_deactivate(ws->handle);
		} else {
			ext_workspace_handle_v1_assign(ws->handle, client->group);
		}
		ext_workspace_manager_v1_commit(client->manager);
	} else {
		client_emit("error unknown command \"%s\"", line);
	}
	wl_display_flush(client->display);
	return true;
}

static void bind_manager(struct client *client) {
	client->manager = wl_registry_bind(client->registry, client->manager_name,
			&ext_workspace_manager_v1_interface, 1);
	ext_workspace_manager_v1_add_listener(client->manager, &manager_listener,
			client);
	client->manager_bound = true;
}

int main(int argc, char **argv) {
	struct client client = { 0 };
	client.outputs_later = argc > 1 && strcmp(argv[1], "--outputs-later") == 0;
	client.display = raw_client_connect();
	if (client.display == NULL) {
		return 1;
	}
	struct client_globals globals = { .table = no_globals,
		.global = handle_global,
		.data = &client };
	client.registry = client_globals_listen(client.display, &globals);
	// The outputs first, so that the group's output_enter can name them.
	wl_display_roundtrip(client.display);
	int status = 1;
	if (client.manager_name == 0) {
		client_emit("error compositor lacks ext_workspace_manager_v1");
	} else {
		bind_manager(&client);
		for (int i = 0; i < client.late_count; i++) {
			client.outputs[client.output_count++] =
					wl_registry_bind(client.registry, client.late_names[i],
							&wl_output_interface, 1);
		}
		client_emit("ready");
		status = raw_client_run(client.display, on_line, &client);
	}
	// Every object made is destroyed: LeakSanitizer counts proxies.
	for (int i = 0; i < client.count; i++) {
		ext_workspace_handle_v1_destroy(client.workspaces[i].handle);
	}
	if (client.group != NULL) {
		ext_workspace_group_handle_v1_destroy(client.group);
	}
	if (client.manager != NULL) {
		ext_workspace_manager_v1_destroy(client.manager);
	}
	for (int i = 0; i < client.output_count; i++) {
		wl_output_destroy(client.outputs[i]);
	}
	wl_registry_destroy(client.registry);
	wl_display_disconnect(client.display);
	return status;
}
