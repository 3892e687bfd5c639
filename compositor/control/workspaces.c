#include <json-c/json.h>
#include <stdlib.h>
#include "compositor/control/fields.h"
#include "compositor/control/workspaces.h"
#include "compositor/server.h"
#include "compositor/view/view.h"
#include "compositor/workspace/workspace.h"
#include "protocol/control.h"

struct json_object *gridwl_control_workspace_identity(
		struct gridwl_server *server, int number) {
	struct json_object *object = json_object_new_object();
	char buf[12];
	json_object_object_add(object, "number", json_object_new_int(number));
	json_object_object_add(object, "name",
			json_object_new_string(
					gridwl_workspace_name(server, number, buf, sizeof(buf))));
	return object;
}

static struct json_object *describe_workspace(struct gridwl_server *server,
		int number) {
	struct json_object *object =
			gridwl_control_workspace_identity(server, number);
	json_object_object_add(object, "shown",
			json_object_new_boolean(number == server->workspaces->shown));
	json_object_object_add(object, "windows",
			json_object_new_int(gridwl_workspace_window_count(server, number)));
	json_object_object_add(object, "urgent",
			json_object_new_boolean(gridwl_workspace_urgent(server, number)));
	return object;
}

struct json_object *gridwl_control_cmd_workspaces(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *list = json_object_new_array();
	for (int number = 1; number <= GRIDWL_WORKSPACE_COUNT; number++) {
		json_object_array_add(list, describe_workspace(server, number));
	}
	struct json_object *reply = gridwl_control_success();
	json_object_object_add(reply, "workspaces", list);
	return reply;
}

/* The request's "workspace" as a number; 0 and *reply when there is no
 * such workspace. */
static int requested_workspace(struct gridwl_server *server,
		struct json_object *request, struct json_object **reply) {
	const char *word = gridwl_control_get_string(request, "workspace");
	if (word == NULL) {
		*reply = gridwl_control_error("missing string \"workspace\"");
		return 0;
	}
	char *error = NULL;
	int number = gridwl_workspace_resolve(server, word, &error);
	if (number == 0) {
		*reply = gridwl_control_error_reply(error);
	}
	return number;
}

struct json_object *gridwl_control_cmd_workspace(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *reply = NULL;
	int number = requested_workspace(server, request, &reply);
	if (number == 0) {
		return reply;
	}
	gridwl_workspace_show(server, number);
	reply = gridwl_control_success();
	json_object_object_add(reply, "workspace",
			describe_workspace(server, number));
	return reply;
}

struct json_object *gridwl_control_cmd_move_to_workspace(
		struct gridwl_server *server, struct json_object *request,
		struct gridwl_control_pending *pending) {
	int id;
	if (!gridwl_control_get_int(request, "id", &id)) {
		return gridwl_control_error("missing integer \"id\"");
	}
	struct gridwl_view *view = gridwl_view_by_id(server, (uint32_t)id);
	if (view == NULL || !view->mapped || id <= 0) {
		return gridwl_control_error("no window with id %d", id);
	}
	struct json_object *reply = NULL;
	int number = requested_workspace(server, request, &reply);
	if (number == 0) {
		return reply;
	}
	gridwl_view_move_to_workspace(view, number);
	return gridwl_control_success();
}
