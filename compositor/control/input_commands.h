#ifndef GRIDWL_COMPOSITOR_CONTROL_INPUT_COMMANDS_H
#define GRIDWL_COMPOSITOR_CONTROL_INPUT_COMMANDS_H

struct gridwl_control_pending;
struct gridwl_server;
struct json_object;

/* gridctl's input commands (pointer, click, scroll, key, type, action,
 * touch, gesture, tablet): each replies once its events have left for the
 * clients. */
struct json_object *gridwl_control_cmd_pointer(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);
struct json_object *gridwl_control_cmd_click(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);
struct json_object *gridwl_control_cmd_scroll(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);
struct json_object *gridwl_control_cmd_key(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);
struct json_object *gridwl_control_cmd_type(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);
struct json_object *gridwl_control_cmd_action(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);
struct json_object *gridwl_control_cmd_touch(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);
struct json_object *gridwl_control_cmd_gesture(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);
struct json_object *gridwl_control_cmd_tablet(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);
/* gridctl switch lid|tablet on|off: {"switch": ..., "state": ...}. */
struct json_object *gridwl_control_cmd_switch(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);

#endif
