#include <stdlib.h>
#include <string.h>
#include <wayland-server-core.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/ext_workspace.h"
#include "compositor/workspace/workspace.h"
#include "ext-workspace-v1-protocol.h"

#define MANAGER_VERSION 1

struct gridwl_ext_workspace {
	struct gridwl_server *server;
	struct wl_global *global;
	struct wl_list clients; // ext_workspace_client.link
	// Changes come in bursts (a switch, a window mapped): told once.
	struct wl_event_source *flush;
	struct wl_listener changed;
	// Outputs bound after the manager enter the group then: a bar binds
	// the manager before the outputs when its global comes first.
	struct wl_list outputs; // ext_workspace_output.link
	struct wl_listener layout_add;
};

struct ext_workspace_output {
	struct wl_list link;
	struct gridwl_ext_workspace *ext;
	struct wlr_output_layout_output *layout_output;
	struct wl_listener bind;
	struct wl_listener destroy;
};

/* What one bound manager was told. */
struct ext_workspace_client {
	struct gridwl_ext_workspace *ext;
	struct wl_list link;
	struct wl_resource *manager; // NULL once stopped
	struct wl_resource *group;
	struct wl_resource *workspaces[GRIDWL_WORKSPACE_COUNT];
	char *names[GRIDWL_WORKSPACE_COUNT];
	uint32_t states[GRIDWL_WORKSPACE_COUNT];
	// Requests wait for commit: what to show then, 0 for nothing.
	int pending_show;
	struct wl_list entered; // entered_output.link
};

/* A wl_output of the client's that the group entered: its output is told
 * again when it leaves, when the resource may be inert already. */
struct entered_output {
	struct wl_list link;
	struct wl_resource *resource;
	struct wlr_output *output;
	struct wl_listener resource_destroy;
};

static void entered_destroy(struct entered_output *entered) {
	wl_list_remove(&entered->link);
	wl_list_remove(&entered->resource_destroy.link);
	free(entered);
}

static void handle_entered_resource_destroy(struct wl_listener *listener,
		void *data) {
	struct entered_output *entered =
			wl_container_of(listener, entered, resource_destroy);
	entered_destroy(entered);
}

static void group_enter(struct ext_workspace_client *client,
		struct wlr_output *output, struct wl_resource *resource) {
	struct entered_output *entered = calloc(1, sizeof(*entered));
	if (entered == NULL) {
		wlr_log(WLR_ERROR, "ext-workspace: out of memory");
		return;
	}
	entered->resource = resource;
	entered->output = output;
	entered->resource_destroy.notify = handle_entered_resource_destroy;
	wl_resource_add_destroy_listener(resource, &entered->resource_destroy);
	wl_list_insert(&client->entered, &entered->link);
	ext_workspace_group_handle_v1_send_output_enter(client->group, resource);
}

static const uint32_t workspace_capabilities =
		EXT_WORKSPACE_HANDLE_V1_WORKSPACE_CAPABILITIES_ACTIVATE |
		EXT_WORKSPACE_HANDLE_V1_WORKSPACE_CAPABILITIES_DEACTIVATE |
		EXT_WORKSPACE_HANDLE_V1_WORKSPACE_CAPABILITIES_ASSIGN;

static uint32_t workspace_state(struct gridwl_server *server, int number) {
	uint32_t state = 0;
	bool shown = number == server->workspaces->shown;
	if (shown) {
		state |= EXT_WORKSPACE_HANDLE_V1_STATE_ACTIVE;
	}
	if (gridwl_workspace_urgent(server, number)) {
		state |= EXT_WORKSPACE_HANDLE_V1_STATE_URGENT;
	}
	if (!shown && gridwl_workspace_window_count(server, number) == 0 &&
			server->config->workspace_names[number - 1] == NULL) {
		state |= EXT_WORKSPACE_HANDLE_V1_STATE_HIDDEN;
	}
	return state;
}

/* Sends what changed for the client's workspace handles; true when
 * anything was sent. */
static bool client_update(struct ext_workspace_client *client) {
	struct gridwl_server *server = client->ext->server;
	bool sent = false;
	for (int i = 0; i < GRIDWL_WORKSPACE_COUNT; i++) {
		struct wl_resource *resource = client->workspaces[i];
		if (resource == NULL) {
			continue;
		}
		char buf[12];
		const char *name =
				gridwl_workspace_name(server, i + 1, buf, sizeof(buf));
		if (client->names[i] == NULL || strcmp(client->names[i], name) != 0) {
			free(client->names[i]);
			client->names[i] = strdup(name);
			ext_workspace_handle_v1_send_name(resource, name);
			sent = true;
		}
		uint32_t state = workspace_state(server, i + 1);
		if (state != client->states[i]) {
			client->states[i] = state;
			ext_workspace_handle_v1_send_state(resource, state);
			sent = true;
		}
	}
	return sent;
}

static void handle_flush(void *data) {
	struct gridwl_ext_workspace *ext = data;
	ext->flush = NULL;
	struct ext_workspace_client *client;
	wl_list_for_each(client, &ext->clients, link) {
		if (client->manager != NULL && client_update(client)) {
			ext_workspace_manager_v1_send_done(client->manager);
		}
	}
}

static void handle_changed(struct wl_listener *listener, void *data) {
	struct gridwl_ext_workspace *ext = wl_container_of(listener, ext, changed);
	if (ext->flush == NULL && !wl_list_empty(&ext->clients)) {
		ext->flush =
				wl_event_loop_add_idle(ext->server->loop, handle_flush, ext);
	}
}

/* The client of a workspace handle, and which workspace it is; NULL once
 * the manager is gone. */
static struct ext_workspace_client *workspace_client(
		struct wl_resource *resource, int *number) {
	struct ext_workspace_client *client = wl_resource_get_user_data(resource);
	if (client == NULL) {
		return NULL;
	}
	for (int i = 0; i < GRIDWL_WORKSPACE_COUNT; i++) {
		if (client->workspaces[i] == resource) {
			*number = i + 1;
			return client;
		}
	}
	return NULL;
}

static void handle_resource_destroy(struct wl_client *wl_client,
		struct wl_resource *resource) {
	wl_resource_destroy(resource);
}

static void workspace_activate(struct wl_client *wl_client,
		struct wl_resource *resource) {
	int number;
	struct ext_workspace_client *client = workspace_client(resource, &number);
	if (client != NULL) {
		client->pending_show = number;
	}
}

static void workspace_deactivate(struct wl_client *wl_client,
		struct wl_resource *resource) {
	int number;
	struct ext_workspace_client *client = workspace_client(resource, &number);
	// One workspace is always shown: leaving this one is going back.
	if (client != NULL && number == client->ext->server->workspaces->shown) {
		client->pending_show = client->ext->server->workspaces->previous;
	}
}

static void workspace_assign(struct wl_client *wl_client,
		struct wl_resource *resource, struct wl_resource *group) {
	// There is one group, and every workspace is in it.
}

static void workspace_remove(struct wl_client *wl_client,
		struct wl_resource *resource) {
	// Not among its capabilities: the ten are always there.
}

static const struct ext_workspace_handle_v1_interface workspace_impl = {
	.destroy = handle_resource_destroy,
	.activate = workspace_activate,
	.deactivate = workspace_deactivate,
	.assign = workspace_assign,
	.remove = workspace_remove,
};

static void workspace_resource_destroy(struct wl_resource *resource) {
	int number;
	struct ext_workspace_client *client = workspace_client(resource, &number);
	if (client != NULL) {
		client->workspaces[number - 1] = NULL;
	}
}

static void group_create_workspace(struct wl_client *wl_client,
		struct wl_resource *resource, const char *name) {
	// Not among its capabilities: there are ten, named in the config.
	wlr_log(WLR_DEBUG, "ext-workspace: create_workspace '%s' ignored", name);
}

static const struct ext_workspace_group_handle_v1_interface group_impl = {
	.create_workspace = group_create_workspace,
	.destroy = handle_resource_destroy,
};

static void group_resource_destroy(struct wl_resource *resource) {
	struct ext_workspace_client *client = wl_resource_get_user_data(resource);
	if (client != NULL) {
		client->group = NULL;
	}
}

static void manager_commit(struct wl_client *wl_client,
		struct wl_resource *resource) {
	struct ext_workspace_client *client = wl_resource_get_user_data(resource);
	if (client == NULL || client->pending_show == 0) {
		return;
	}
	int number = client->pending_show;
	client->pending_show = 0;
	gridwl_workspace_show(client->ext->server, number);
}

/* Leaves the client's handles inert, for it to destroy. */
static void client_destroy(struct ext_workspace_client *client) {
	struct entered_output *entered, *tmp;
	wl_list_for_each_safe(entered, tmp, &client->entered, link) {
		entered_destroy(entered);
	}
	for (int i = 0; i < GRIDWL_WORKSPACE_COUNT; i++) {
		if (client->workspaces[i] != NULL) {
			wl_resource_set_user_data(client->workspaces[i], NULL);
		}
		free(client->names[i]);
	}
	if (client->group != NULL) {
		wl_resource_set_user_data(client->group, NULL);
	}
	wl_list_remove(&client->link);
	free(client);
}

static void manager_stop(struct wl_client *wl_client,
		struct wl_resource *resource) {
	struct ext_workspace_client *client = wl_resource_get_user_data(resource);
	if (client == NULL) {
		return;
	}
	// finished is a destructor: the manager object ends with it.
	ext_workspace_manager_v1_send_finished(resource);
	wl_resource_destroy(resource);
}

static const struct ext_workspace_manager_v1_interface manager_impl = {
	.commit = manager_commit,
	.stop = manager_stop,
};

static void manager_resource_destroy(struct wl_resource *resource) {
	struct ext_workspace_client *client = wl_resource_get_user_data(resource);
	if (client != NULL) {
		client_destroy(client);
	}
}

/* The client's bound manager, NULL when it has none. */
static struct ext_workspace_client *client_of(struct gridwl_ext_workspace *ext,
		struct wl_client *wl_client) {
	struct ext_workspace_client *client;
	wl_list_for_each(client, &ext->clients, link) {
		if (client->manager != NULL && client->group != NULL &&
				wl_resource_get_client(client->manager) == wl_client) {
			return client;
		}
	}
	return NULL;
}

static void handle_output_bind(struct wl_listener *listener, void *data) {
	struct ext_workspace_output *output =
			wl_container_of(listener, output, bind);
	struct wlr_output_event_bind *event = data;
	struct ext_workspace_client *client =
			client_of(output->ext, wl_resource_get_client(event->resource));
	if (client != NULL) {
		group_enter(client, event->output, event->resource);
		ext_workspace_manager_v1_send_done(client->manager);
	}
}

static void ext_output_destroy(struct ext_workspace_output *output) {
	wl_list_remove(&output->bind.link);
	wl_list_remove(&output->destroy.link);
	wl_list_remove(&output->link);
	free(output);
}

/* Out of the layout: the group leaves it. */
static void handle_output_destroy(struct wl_listener *listener, void *data) {
	struct ext_workspace_output *output =
			wl_container_of(listener, output, destroy);
	struct wlr_output *wlr_output = output->layout_output->output;
	struct ext_workspace_client *client;
	wl_list_for_each(client, &output->ext->clients, link) {
		bool left = false;
		struct entered_output *entered, *tmp;
		wl_list_for_each_safe(entered, tmp, &client->entered, link) {
			if (entered->output != wlr_output || client->group == NULL) {
				continue;
			}
			ext_workspace_group_handle_v1_send_output_leave(client->group,
					entered->resource);
			entered_destroy(entered);
			left = true;
		}
		if (left && client->manager != NULL) {
			ext_workspace_manager_v1_send_done(client->manager);
		}
	}
	ext_output_destroy(output);
}

static void handle_layout_add(struct wl_listener *listener, void *data) {
	struct gridwl_ext_workspace *ext =
			wl_container_of(listener, ext, layout_add);
	struct wlr_output_layout_output *layout_output = data;
	struct ext_workspace_output *output = calloc(1, sizeof(*output));
	if (output == NULL) {
		wlr_log(WLR_ERROR, "ext-workspace: out of memory");
		return;
	}
	output->ext = ext;
	output->layout_output = layout_output;
	output->bind.notify = handle_output_bind;
	wl_signal_add(&layout_output->output->events.bind, &output->bind);
	output->destroy.notify = handle_output_destroy;
	wl_signal_add(&layout_output->events.destroy, &output->destroy);
	wl_list_insert(&ext->outputs, &output->link);
}

/* The group is on every output the client has bound. */
static void send_outputs(struct ext_workspace_client *client,
		struct wl_client *wl_client) {
	struct gridwl_output *output;
	wl_list_for_each(output, &client->ext->server->outputs, link) {
		struct wl_resource *output_resource;
		wl_resource_for_each(output_resource, &output->wlr_output->resources) {
			if (wl_resource_get_client(output_resource) == wl_client) {
				group_enter(client, output->wlr_output, output_resource);
			}
		}
	}
}

static bool send_workspace(struct ext_workspace_client *client,
		struct wl_client *wl_client, int number) {
	struct wl_resource *resource =
			wl_resource_create(wl_client, &ext_workspace_handle_v1_interface,
					wl_resource_get_version(client->manager), 0);
	if (resource == NULL) {
		return false;
	}
	wl_resource_set_implementation(resource, &workspace_impl, client,
			workspace_resource_destroy);
	client->workspaces[number - 1] = resource;
	ext_workspace_manager_v1_send_workspace(client->manager, resource);
	// Stable for the session: the number.
	char id[12];
	snprintf(id, sizeof(id), "%d", number);
	ext_workspace_handle_v1_send_id(resource, id);
	struct wl_array coordinates;
	wl_array_init(&coordinates);
	uint32_t *coordinate = wl_array_add(&coordinates, sizeof(*coordinate));
	if (coordinate != NULL) {
		*coordinate = (uint32_t)number - 1;
		ext_workspace_handle_v1_send_coordinates(resource, &coordinates);
	}
	wl_array_release(&coordinates);
	ext_workspace_handle_v1_send_capabilities(resource, workspace_capabilities);
	// Name and state go with client_update; sent as never seen.
	client->states[number - 1] = UINT32_MAX;
	ext_workspace_group_handle_v1_send_workspace_enter(client->group, resource);
	return true;
}

static void manager_bind(struct wl_client *wl_client, void *data,
		uint32_t version, uint32_t id) {
	struct gridwl_ext_workspace *ext = data;
	struct ext_workspace_client *client = calloc(1, sizeof(*client));
	struct wl_resource *manager = wl_resource_create(wl_client,
			&ext_workspace_manager_v1_interface, (int)version, id);
	if (client == NULL || manager == NULL) {
		free(client);
		if (manager != NULL) {
			wl_resource_destroy(manager);
		}
		wl_client_post_no_memory(wl_client);
		return;
	}
	client->ext = ext;
	client->manager = manager;
	wl_list_init(&client->entered);
	wl_list_insert(&ext->clients, &client->link);
	wl_resource_set_implementation(manager, &manager_impl, client,
			manager_resource_destroy);
	client->group = wl_resource_create(wl_client,
			&ext_workspace_group_handle_v1_interface, (int)version, 0);
	if (client->group == NULL) {
		wl_client_post_no_memory(wl_client);
		return;
	}
	wl_resource_set_implementation(client->group, &group_impl, client,
			group_resource_destroy);
	ext_workspace_manager_v1_send_workspace_group(manager, client->group);
	ext_workspace_group_handle_v1_send_capabilities(client->group, 0);
	send_outputs(client, wl_client);
	for (int number = 1; number <= GRIDWL_WORKSPACE_COUNT; number++) {
		if (!send_workspace(client, wl_client, number)) {
			wl_client_post_no_memory(wl_client);
			return;
		}
	}
	client_update(client);
	ext_workspace_manager_v1_send_done(manager);
}

bool gridwl_ext_workspace_init(struct gridwl_server *server) {
	struct gridwl_ext_workspace *ext = calloc(1, sizeof(*ext));
	if (ext == NULL) {
		return false;
	}
	ext->server = server;
	wl_list_init(&ext->clients);
	wl_list_init(&ext->outputs);
	ext->global = wl_global_create(server->display,
			&ext_workspace_manager_v1_interface, MANAGER_VERSION, ext,
			manager_bind);
	if (ext->global == NULL) {
		free(ext);
		return false;
	}
	ext->changed.notify = handle_changed;
	wl_signal_add(&server->workspaces->events.changed, &ext->changed);
	ext->layout_add.notify = handle_layout_add;
	wl_signal_add(&server->output_layout->events.add, &ext->layout_add);
	server->ext_workspace = ext;
	return true;
}

void gridwl_ext_workspace_finish(struct gridwl_server *server) {
	struct gridwl_ext_workspace *ext = server->ext_workspace;
	if (ext == NULL) {
		return;
	}
	struct ext_workspace_client *client, *tmp;
	wl_list_for_each_safe(client, tmp, &ext->clients, link) {
		wl_resource_set_user_data(client->manager, NULL);
		client_destroy(client);
	}
	if (ext->flush != NULL) {
		wl_event_source_remove(ext->flush);
	}
	struct ext_workspace_output *output, *output_tmp;
	wl_list_for_each_safe(output, output_tmp, &ext->outputs, link) {
		ext_output_destroy(output);
	}
	wl_list_remove(&ext->changed.link);
	wl_list_remove(&ext->layout_add.link);
	wl_global_destroy(ext->global);
	free(ext);
	server->ext_workspace = NULL;
}
