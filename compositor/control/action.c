#include <stdlib.h>
#include "compositor/control/action.h"
#include "compositor/server.h"
#include "compositor/view/view.h"
#include "compositor/workspace/workspace.h"
#include "config/config.h"
#include "input/bindings.h"
#include "input/input_device.h"
#include "input/keyboard_move.h"
#include "protocol/control.h"

/*
 * gridctl action: what a bind line would do after its keys, run now, so
 * that a script or a test has every keyboard command a binding has. Unlike
 * a binding, it says when there is nothing to act on.
 */

static bool acts_on_window(enum gridwl_binding_action action) {
	switch (action) {
	case GRIDWL_ACTION_CLOSE:
	case GRIDWL_ACTION_FULLSCREEN:
	case GRIDWL_ACTION_MAXIMIZE:
	case GRIDWL_ACTION_MOVE_TO_OUTPUT:
	case GRIDWL_ACTION_CENTER:
	case GRIDWL_ACTION_MOVE_TO_WORKSPACE:
	case GRIDWL_ACTION_STICKY:
	case GRIDWL_ACTION_MINIMIZE:
	case GRIDWL_ACTION_SNAP:
	case GRIDWL_ACTION_ALWAYS_ON_TOP:
	case GRIDWL_ACTION_MOVE_MODE:
	case GRIDWL_ACTION_RESIZE_MODE:
		return true;
	default:
		return false;
	}
}

struct json_object *gridwl_control_run_action(struct gridwl_server *server,
		const char *text) {
	struct gridwl_binding binding = { 0 };
	char *error = NULL;
	struct json_object *reply = NULL;
	if (!gridwl_binding_parse_action(&binding, text, NULL, &error)) {
		reply = gridwl_control_error("%s", error != NULL ? error : "no memory");
		goto out;
	}
	struct gridwl_view *view = gridwl_view_keyboard_focused(server);
	if (acts_on_window(binding.action) && view == NULL) {
		reply = gridwl_control_error("no window has the keyboard");
		goto out;
	}
	if (binding.action == GRIDWL_ACTION_MOVE_TO_OUTPUT) {
		if (!gridwl_view_move_to_output(view, binding.argument, &error)) {
			reply = gridwl_control_error("%s", error);
			goto out;
		}
	} else if ((binding.action == GRIDWL_ACTION_WORKSPACE ||
					   binding.action == GRIDWL_ACTION_MOVE_TO_WORKSPACE) &&
			gridwl_workspace_resolve(server, binding.argument, &error) == 0) {
		reply = gridwl_control_error("%s", error);
		goto out;
	} else if (binding.action == GRIDWL_ACTION_MOVE_MODE ||
			binding.action == GRIDWL_ACTION_RESIZE_MODE) {
		if (!gridwl_keyboard_move_begin(server->seat, view,
					binding.action == GRIDWL_ACTION_RESIZE_MODE)) {
			reply = gridwl_control_error("window %u is fullscreen, maximized "
										 "or hidden: not moved",
					view->id);
			goto out;
		}
	} else if (binding.action == GRIDWL_ACTION_XKB_SWITCH_LAYOUT) {
		if (!gridwl_input_switch_layout(server->seat, binding.argument,
					&error)) {
			reply = gridwl_control_error("%s", error);
			goto out;
		}
	} else {
		gridwl_bindings_run_action(server, &binding);
	}
	reply = gridwl_control_success();

out:
	free(error);
	free(binding.command);
	free(binding.argument);
	return reply;
}
