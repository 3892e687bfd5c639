#include <json-c/json.h>
#include <linux/input-event-codes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-server-core.h>
#include "compositor/control/action.h"
#include "compositor/control/fields.h"
#include "compositor/control/input_commands.h"
#include "compositor/server.h"
#include "input/seat.h"
#include "input/switch.h"
#include "protocol/control.h"

/* What an input command's reply waits for: the events it made have left
 * for the clients, so the next command sees their effect. */
static struct json_object *input_sent(struct gridwl_server *server) {
	wl_display_flush_clients(server->display);
	return gridwl_control_success();
}

struct json_object *gridwl_control_cmd_pointer(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	int x, y;
	if (!gridwl_control_get_int(request, "x", &x) ||
			!gridwl_control_get_int(request, "y", &y)) {
		return gridwl_control_error("missing integer \"x\" or \"y\"");
	}
	char *error = NULL;
	if (!gridwl_control_pointer_move(server->seat, x, y, &error)) {
		return gridwl_control_error_reply(error);
	}
	return input_sent(server);
}

struct json_object *gridwl_control_cmd_click(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *field;
	bool has_x = json_object_object_get_ex(request, "x", &field);
	bool has_y = json_object_object_get_ex(request, "y", &field);
	int x = 0, y = 0;
	if ((has_x || has_y) &&
			(!gridwl_control_get_int(request, "x", &x) ||
					!gridwl_control_get_int(request, "y", &y))) {
		return gridwl_control_error("\"x\" and \"y\" must both be integers");
	}
	const char *name = gridwl_control_get_string(request, "button");
	uint32_t button = BTN_LEFT;
	if (name == NULL && json_object_object_get_ex(request, "button", &field)) {
		return gridwl_control_error("\"button\" must be a string");
	} else if (name == NULL || strcmp(name, "left") == 0) {
		button = BTN_LEFT;
	} else if (strcmp(name, "right") == 0) {
		button = BTN_RIGHT;
	} else if (strcmp(name, "middle") == 0) {
		button = BTN_MIDDLE;
	} else {
		return gridwl_control_error("no button named %s", name);
	}
	char *error = NULL;
	if ((has_x && !gridwl_control_pointer_move(server->seat, x, y, &error)) ||
			!gridwl_control_pointer_click(server->seat, button, &error)) {
		return gridwl_control_error_reply(error);
	}
	return input_sent(server);
}

struct json_object *gridwl_control_cmd_scroll(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	int dx, dy;
	if (!gridwl_control_get_int(request, "dx", &dx) ||
			!gridwl_control_get_int(request, "dy", &dy)) {
		return gridwl_control_error("missing integer \"dx\" or \"dy\"");
	}
	char *error = NULL;
	if (!gridwl_control_pointer_scroll(server->seat, dx, dy, &error)) {
		return gridwl_control_error_reply(error);
	}
	return input_sent(server);
}

struct json_object *gridwl_control_cmd_key(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *keys;
	if (!json_object_object_get_ex(request, "keys", &keys) ||
			!json_object_is_type(keys, json_type_array) ||
			json_object_array_length(keys) == 0) {
		return gridwl_control_error("key needs a non-empty \"keys\" array");
	}
	size_t count = json_object_array_length(keys);
	if (count > 256) {
		return gridwl_control_error("too many keys");
	}
	const char *chords[256];
	for (size_t i = 0; i < count; i++) {
		struct json_object *key = json_object_array_get_idx(keys, i);
		if (!json_object_is_type(key, json_type_string)) {
			return gridwl_control_error("keys must be strings");
		}
		chords[i] = json_object_get_string(key);
	}
	char *error = NULL;
	if (!gridwl_control_keyboard_keys(server->seat, chords, count, &error)) {
		return gridwl_control_error_reply(error);
	}
	return input_sent(server);
}

struct json_object *gridwl_control_cmd_type(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	const char *text = gridwl_control_get_string(request, "text");
	if (text == NULL) {
		return gridwl_control_error("missing string \"text\"");
	}
	char *error = NULL;
	if (!gridwl_control_keyboard_type(server->seat, text, &error)) {
		return gridwl_control_error_reply(error);
	}
	return input_sent(server);
}

struct json_object *gridwl_control_cmd_action(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	const char *text = gridwl_control_get_string(request, "text");
	if (text == NULL) {
		return gridwl_control_error("missing string \"text\"");
	}
	return gridwl_control_run_action(server, text);
}

struct json_object *gridwl_control_cmd_touch(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	const char *action = gridwl_control_get_string(request, "action");
	int id, x = 0, y = 0;
	if (action == NULL || !gridwl_control_get_int(request, "id", &id)) {
		return gridwl_control_error(
				"touch needs a string \"action\" and an integer \"id\"");
	}
	enum gridwl_control_touch_kind kind;
	if (strcmp(action, "down") == 0) {
		kind = GRIDWL_CONTROL_TOUCH_DOWN;
	} else if (strcmp(action, "motion") == 0) {
		kind = GRIDWL_CONTROL_TOUCH_MOTION;
	} else if (strcmp(action, "up") == 0) {
		kind = GRIDWL_CONTROL_TOUCH_UP;
	} else {
		return gridwl_control_error("no touch action %s", action);
	}
	if (kind != GRIDWL_CONTROL_TOUCH_UP &&
			(!gridwl_control_get_int(request, "x", &x) ||
					!gridwl_control_get_int(request, "y", &y))) {
		return gridwl_control_error("touch %s needs integer \"x\" and \"y\"",
				action);
	}
	char *error = NULL;
	if (!gridwl_control_touch(server->seat, kind, id, x, y, &error)) {
		return gridwl_control_error_reply(error);
	}
	return input_sent(server);
}

/* Integers, so that what a client is sent is exact: a pinch's scale in
 * percent. */
struct json_object *gridwl_control_cmd_gesture(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	const char *kind_name = gridwl_control_get_string(request, "kind");
	int fingers, a = 0, b = 0;
	if (kind_name == NULL ||
			!gridwl_control_get_int(request, "fingers", &fingers)) {
		return gridwl_control_error(
				"gesture needs a string \"kind\" and an integer \"fingers\"");
	}
	enum gridwl_control_gesture kind;
	double da = 0, db = 0;
	if (strcmp(kind_name, "swipe") == 0) {
		kind = GRIDWL_CONTROL_GESTURE_SWIPE;
		if (!gridwl_control_get_int(request, "dx", &a) ||
				!gridwl_control_get_int(request, "dy", &b)) {
			return gridwl_control_error(
					"gesture swipe needs integer \"dx\" and \"dy\"");
		}
		da = a;
		db = b;
	} else if (strcmp(kind_name, "pinch") == 0) {
		kind = GRIDWL_CONTROL_GESTURE_PINCH;
		if (!gridwl_control_get_int(request, "scale", &a) ||
				!gridwl_control_get_int(request, "rotation", &b)) {
			return gridwl_control_error("gesture pinch needs integer "
										"\"scale\" (percent) and \"rotation\"");
		}
		da = a / 100.0;
		db = b;
	} else if (strcmp(kind_name, "hold") == 0) {
		kind = GRIDWL_CONTROL_GESTURE_HOLD;
	} else {
		return gridwl_control_error("no gesture %s", kind_name);
	}
	char *error = NULL;
	if (!gridwl_control_pointer_gesture(server->seat, kind, fingers, da, db,
				&error)) {
		return gridwl_control_error_reply(error);
	}
	return input_sent(server);
}

static struct json_object *tablet_button(struct gridwl_server *server,
		struct json_object *request) {
	const char *name = gridwl_control_get_string(request, "button");
	const char *state = gridwl_control_get_string(request, "state");
	if (name == NULL || state == NULL) {
		return gridwl_control_error(
				"tablet button needs strings \"button\" and \"state\"");
	}
	uint32_t button;
	if (strcmp(name, "stylus") == 0) {
		button = BTN_STYLUS;
	} else if (strcmp(name, "stylus2") == 0) {
		button = BTN_STYLUS2;
	} else if (strcmp(name, "stylus3") == 0) {
		button = BTN_STYLUS3;
	} else {
		return gridwl_control_error("no stylus button named %s", name);
	}
	bool pressed = strcmp(state, "down") == 0;
	if (!pressed && strcmp(state, "up") != 0) {
		return gridwl_control_error("a button goes down or up, not %s", state);
	}
	char *error = NULL;
	if (!gridwl_control_tablet_button(server->seat, button, pressed, &error)) {
		return gridwl_control_error_reply(error);
	}
	return input_sent(server);
}

/* The ring's or strip's "position": a number, or "stop" for the finger
 * lifted (NAN). */
static bool pad_position(struct json_object *request, double *position) {
	const char *stop = gridwl_control_get_string(request, "position");
	if (stop != NULL) {
		*position = NAN;
		return strcmp(stop, "stop") == 0;
	}
	return gridwl_control_get_number(request, "position", position);
}

static struct json_object *tablet_pad(struct gridwl_server *server,
		struct json_object *request) {
	const char *what = gridwl_control_get_string(request, "pad");
	if (what == NULL) {
		return gridwl_control_error("tablet pad needs a string \"pad\"");
	}
	struct gridwl_seat *seat = server->seat;
	char *error = NULL;
	bool ok;
	int index = 0;
	double position;
	if (strcmp(what, "add") == 0) {
		ok = gridwl_control_pad_add(seat, &error);
	} else if (strcmp(what, "remove") == 0) {
		ok = gridwl_control_pad_remove(seat, &error);
	} else if (strcmp(what, "mode") == 0) {
		if (!gridwl_control_get_int(request, "mode", &index) || index < 0) {
			return gridwl_control_error(
					"tablet pad mode needs a natural number \"mode\"");
		}
		ok = gridwl_control_pad_mode(seat, index, &error);
	} else if (strcmp(what, "button") != 0 && strcmp(what, "ring") != 0 &&
			strcmp(what, "strip") != 0) {
		return gridwl_control_error("no tablet pad action %s", what);
	} else if (!gridwl_control_get_int(request, "index", &index) || index < 0) {
		return gridwl_control_error(
				"tablet pad %s needs a natural number \"index\"", what);
	} else if (strcmp(what, "button") == 0) {
		const char *state = gridwl_control_get_string(request, "state");
		bool pressed = state != NULL && strcmp(state, "down") == 0;
		if (!pressed && (state == NULL || strcmp(state, "up") != 0)) {
			return gridwl_control_error(
					"tablet pad button needs \"state\" down or up");
		}
		ok = gridwl_control_pad_button(seat, index, pressed, &error);
	} else if (!pad_position(request, &position)) {
		return gridwl_control_error(
				"tablet pad %s needs a number or \"stop\" as \"position\"",
				what);
	} else if (strcmp(what, "ring") == 0) {
		ok = gridwl_control_pad_ring(seat, index, position, &error);
	} else {
		ok = gridwl_control_pad_strip(seat, index, position, &error);
	}
	if (!ok) {
		return gridwl_control_error_reply(error);
	}
	return input_sent(server);
}

static const char *const tablet_actions[] = {
	[GRIDWL_CONTROL_TABLET_PROXIMITY_IN] = "proximity-in",
	[GRIDWL_CONTROL_TABLET_MOTION] = "motion",
	[GRIDWL_CONTROL_TABLET_DOWN] = "down",
	[GRIDWL_CONTROL_TABLET_UP] = "up",
	[GRIDWL_CONTROL_TABLET_PROXIMITY_OUT] = "proximity-out",
};

struct json_object *gridwl_control_cmd_tablet(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	const char *action = gridwl_control_get_string(request, "action");
	if (action == NULL) {
		return gridwl_control_error("tablet needs a string \"action\"");
	}
	if (strcmp(action, "button") == 0) {
		return tablet_button(server, request);
	}
	if (strcmp(action, "pad") == 0) {
		return tablet_pad(server, request);
	}
	size_t kind = 0;
	while (kind < sizeof(tablet_actions) / sizeof(tablet_actions[0]) &&
			strcmp(action, tablet_actions[kind]) != 0) {
		kind++;
	}
	if (kind == sizeof(tablet_actions) / sizeof(tablet_actions[0])) {
		return gridwl_control_error("no tablet action %s", action);
	}
	struct gridwl_control_tablet_axes axes = {
		.pressure = NAN,
		.tilt_x = NAN,
		.tilt_y = NAN,
	};
	struct json_object *field;
	if (!gridwl_control_get_number(request, "x", &axes.x) ||
			!gridwl_control_get_number(request, "y", &axes.y)) {
		return gridwl_control_error("tablet %s needs numbers \"x\" and \"y\"",
				action);
	}
	if (json_object_object_get_ex(request, "pressure", &field) &&
			!gridwl_control_get_number(request, "pressure", &axes.pressure)) {
		return gridwl_control_error("\"pressure\" must be a number");
	}
	bool has_tilt_x = json_object_object_get_ex(request, "tilt_x", &field);
	bool has_tilt_y = json_object_object_get_ex(request, "tilt_y", &field);
	if ((has_tilt_x || has_tilt_y) &&
			(!gridwl_control_get_number(request, "tilt_x", &axes.tilt_x) ||
					!gridwl_control_get_number(request, "tilt_y",
							&axes.tilt_y))) {
		return gridwl_control_error(
				"\"tilt_x\" and \"tilt_y\" must both be numbers");
	}
	char *error = NULL;
	if (!gridwl_control_tablet(server->seat,
				(enum gridwl_control_tablet_kind)kind, &axes, &error)) {
		return gridwl_control_error_reply(error);
	}
	return input_sent(server);
}

/* May defer its reply through pending (see compositor/control/socket.h). */

struct json_object *gridwl_control_cmd_switch(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	const char *name = gridwl_control_get_string(request, "switch");
	const char *state = gridwl_control_get_string(request, "state");
	if (name == NULL || state == NULL) {
		return gridwl_control_error(
				"switch needs strings \"switch\" and \"state\"");
	}
	enum gridwl_switch_type type;
	if (strcmp(name, "lid") == 0) {
		type = GRIDWL_SWITCH_LID;
	} else if (strcmp(name, "tablet") == 0) {
		type = GRIDWL_SWITCH_TABLET;
	} else {
		return gridwl_control_error("no switch %s: lid or tablet", name);
	}
	bool on = strcmp(state, "on") == 0;
	if (!on && strcmp(state, "off") != 0) {
		return gridwl_control_error("a switch goes on or off, not %s", state);
	}
	char *error = NULL;
	if (!gridwl_control_switch_toggle(server->seat, type, on, &error)) {
		return gridwl_control_error_reply(error);
	}
	return input_sent(server);
}
