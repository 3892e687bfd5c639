#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <wayland-server-core.h>
#include <wlr/types/wlr_compositor.h>
#include "compositor/control/clients.h"
#include "compositor/server.h"
#include "compositor/services/security_context.h"
#include "compositor/view/view.h"
#include "protocol/control.h"

/*
 * gridctl clients: who is connected, and which of them use the protocols
 * a sandbox is kept from (reading other clients' pixels or clipboard,
 * injecting input, changing outputs or the session), so that a user sees
 * what a program given such power does with it.
 */

/* The process name the kernel keeps (at most 15 characters). */
static struct json_object *process_name(pid_t pid) {
	char path[64], name[32] = { 0 };
	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	FILE *f = fopen(path, "r");
	if (f == NULL) {
		return NULL;
	}
	bool ok = fgets(name, sizeof(name), f) != NULL;
	fclose(f);
	if (!ok) {
		return NULL;
	}
	name[strcspn(name, "\n")] = '\0';
	return json_object_new_string(name);
}

struct privileged_data {
	struct json_object *names; // array, each interface once
};

static enum wl_iterator_result add_privileged(struct wl_resource *resource,
		void *data) {
	struct privileged_data *privileged = data;
	const char *name = wl_resource_get_class(resource);
	if (!gridwl_security_context_is_privileged(name)) {
		return WL_ITERATOR_CONTINUE;
	}
	size_t count = json_object_array_length(privileged->names);
	for (size_t i = 0; i < count; i++) {
		if (strcmp(json_object_get_string(
						   json_object_array_get_idx(privileged->names, i)),
					name) == 0) {
			return WL_ITERATOR_CONTINUE;
		}
	}
	json_object_array_add(privileged->names, json_object_new_string(name));
	return WL_ITERATOR_CONTINUE;
}

static enum wl_iterator_result count_resource(struct wl_resource *resource,
		void *data) {
	int64_t *count = data;
	(*count)++;
	return WL_ITERATOR_CONTINUE;
}

static struct json_object *describe_client(struct gridwl_server *server,
		struct wl_client *client) {
	struct json_object *object = json_object_new_object();
	pid_t pid;
	uid_t uid;
	gid_t gid;
	wl_client_get_credentials(client, &pid, &uid, &gid);
	json_object_object_add(object, "pid", json_object_new_int(pid));
	json_object_object_add(object, "uid", json_object_new_int((int)uid));
	json_object_object_add(object, "command", process_name(pid));
	const char *engine, *app_id;
	struct json_object *sandbox = NULL;
	if (gridwl_security_context_of_client(server, client, &engine, &app_id)) {
		sandbox = json_object_new_object();
		json_object_object_add(sandbox, "engine",
				engine != NULL ? json_object_new_string(engine) : NULL);
		json_object_object_add(sandbox, "app_id",
				app_id != NULL ? json_object_new_string(app_id) : NULL);
	}
	json_object_object_add(object, "sandbox", sandbox);
	struct json_object *windows = json_object_new_array();
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		struct wlr_surface *surface = gridwl_view_surface(view);
		if (view->mapped && gridwl_view_is_window(view) && surface != NULL &&
				wl_resource_get_client(surface->resource) == client) {
			json_object_array_add(windows, json_object_new_int64(view->id));
		}
	}
	json_object_object_add(object, "windows", windows);
	struct privileged_data privileged = { json_object_new_array() };
	wl_client_for_each_resource(client, add_privileged, &privileged);
	json_object_object_add(object, "privileged", privileged.names);
	// Every object the client has (wl_surface, wl_buffer, wl_callback...):
	// flat over time for a client that opens and closes things, so a leak
	// on either side shows here (bench/soak).
	int64_t resources = 0;
	wl_client_for_each_resource(client, count_resource, &resources);
	json_object_object_add(object, "resources",
			json_object_new_int64(resources));
	return object;
}

struct json_object *gridwl_control_cmd_clients(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *clients = json_object_new_array();
	struct wl_client *client;
	wl_client_for_each(client, wl_display_get_client_list(server->display)) {
		json_object_array_add(clients, describe_client(server, client));
	}
	struct json_object *reply = gridwl_control_success();
	json_object_object_add(reply, "clients", clients);
	return reply;
}
