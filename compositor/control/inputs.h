#ifndef GRIDWL_COMPOSITOR_CONTROL_INPUTS_H
#define GRIDWL_COMPOSITOR_CONTROL_INPUTS_H

struct gridwl_control_pending;
struct gridwl_server;
struct json_object;

/* gridctl inputs: every input device, its identifier, type, layouts and
 * the settings in effect (libinput's as libinput reports them). */
struct json_object *gridwl_control_cmd_inputs(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);
/* gridctl input IDENTIFIER KEY VALUE...: an input line, applied now to the
 * devices it names and kept over a reload; replies with those devices. */
struct json_object *gridwl_control_cmd_input(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);

#endif
