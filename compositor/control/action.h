#ifndef GRIDWL_COMPOSITOR_CONTROL_ACTION_H
#define GRIDWL_COMPOSITOR_CONTROL_ACTION_H

struct gridwl_server;
struct json_object;

/* Runs text, a binding's action ("fullscreen", "move-to-output right"),
 * as the key would; the reply, an error when the text is no action or the
 * action has nothing to act on. */
struct json_object *gridwl_control_run_action(struct gridwl_server *server,
		const char *text);

#endif
