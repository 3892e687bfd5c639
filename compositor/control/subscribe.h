#ifndef GRIDWL_COMPOSITOR_CONTROL_SUBSCRIBE_H
#define GRIDWL_COMPOSITOR_CONTROL_SUBSCRIBE_H

#include <stdbool.h>

struct gridwl_control_pending;
struct gridwl_server;
struct gridwl_view;
struct gridwl_binding;
struct json_object;

/*
 * gridctl subscribe: a request that is answered at once ({"success": true,
 * "events": [...]}) and then streams one JSON object a line for every
 * event of the kinds asked for, until the client hangs up, so that bars
 * and scripts need not poll. The fields are documented in gridctl(1) and
 * stay as they are.
 */
bool gridwl_subscribe_init(struct gridwl_server *server);
/* After the control socket, before the seat and the output layout go. */
void gridwl_subscribe_finish(struct gridwl_server *server);

struct json_object *gridwl_control_cmd_subscribe(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);

/* The events, from where they happen. change: for a window "new",
 * "close", "focus", "title" or "workspace". */
void gridwl_subscribe_window(struct gridwl_server *server,
		struct gridwl_view *view, const char *change);
/* The workspace shown changed. */
void gridwl_subscribe_workspace(struct gridwl_server *server, int previous);
/* An input device of the seat came ("added") or went ("removed"). */
struct gridwl_input_device;
void gridwl_subscribe_input(struct gridwl_server *server,
		const struct gridwl_input_device *device, const char *change);
/* A binding ran. */
void gridwl_subscribe_binding(struct gridwl_server *server,
		const struct gridwl_binding *binding);

#endif
