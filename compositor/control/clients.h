#ifndef GRIDWL_COMPOSITOR_CONTROL_CLIENTS_H
#define GRIDWL_COMPOSITOR_CONTROL_CLIENTS_H

struct gridwl_control_pending;
struct gridwl_server;
struct json_object;

/* gridctl clients: every connected client with its pid, uid, process name,
 * sandbox (security context, or null), windows, and the privileged
 * protocols it has bound. */
struct json_object *gridwl_control_cmd_clients(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);

#endif
