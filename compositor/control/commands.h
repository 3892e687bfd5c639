#ifndef GRIDWL_COMPOSITOR_CONTROL_COMMANDS_H
#define GRIDWL_COMPOSITOR_CONTROL_COMMANDS_H

#include <stdbool.h>
#include "protocol/control.h"

/* The control socket's handler: data is the gridwl_server. */
struct json_object *gridwl_control_handle_request(void *data,
		struct json_object *request);

/* Whether the compositor has a handler for command: the protocol's every
 * command, as tests/control checks. */
bool gridwl_control_handles(enum gridwl_control_command command);

#endif
