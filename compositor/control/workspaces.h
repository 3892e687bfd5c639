#ifndef GRIDWL_COMPOSITOR_CONTROL_WORKSPACES_H
#define GRIDWL_COMPOSITOR_CONTROL_WORKSPACES_H

struct gridwl_control_pending;
struct gridwl_server;
struct json_object;

/* {"number", "name"} of workspace number: the start of what gridctl
 * workspaces lists, and how events name one. */
struct json_object *gridwl_control_workspace_identity(
		struct gridwl_server *server, int number);
/* gridctl workspaces: each workspace's number, name, whether it is shown,
 * its windows and whether one of them is urgent. */
struct json_object *gridwl_control_cmd_workspaces(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);
/* gridctl workspace N|NAME|next|prev|back-and-forth: shows it. */
struct json_object *gridwl_control_cmd_workspace(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);
/* gridctl move-to-workspace ID N|NAME|...: moves window ID there. */
struct json_object *gridwl_control_cmd_move_to_workspace(
		struct gridwl_server *server, struct json_object *request,
		struct gridwl_control_pending *pending);

#endif
