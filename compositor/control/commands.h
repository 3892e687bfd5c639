#ifndef GRIDWL_COMPOSITOR_CONTROL_COMMANDS_H
#define GRIDWL_COMPOSITOR_CONTROL_COMMANDS_H

#include <stdbool.h>
#include "protocol/control.h"

struct gridwl_control_pending;
struct gridwl_view;

/* The control socket's handler: data is the gridwl_server. */
struct json_object *gridwl_control_handle_request(void *data,
		struct json_object *request, struct gridwl_control_pending *pending);

/* {"id", "app_id", "title"} of a window: the start of what gridctl windows
 * lists, and how events name one. */
struct json_object *gridwl_control_window_identity(struct gridwl_view *view);
/* A window as gridctl windows lists it. */
struct json_object *gridwl_control_describe_view(struct gridwl_view *view);

/* Whether the compositor has a handler for command: the protocol's every
 * command, as tests/control checks. */
bool gridwl_control_handles(enum gridwl_control_command command);

#endif
