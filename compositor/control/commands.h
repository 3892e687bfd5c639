#ifndef GRIDWL_COMPOSITOR_CONTROL_COMMANDS_H
#define GRIDWL_COMPOSITOR_CONTROL_COMMANDS_H

struct json_object;

/* The control socket's handler: data is the gridwl_server. */
struct json_object *gridwl_control_handle_request(void *data,
	struct json_object *request);

#endif
