// vasprintf
#define _GNU_SOURCE
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "protocol/control.h"

static const char *const command_names[] = {
	[GRIDWL_CONTROL_OUTPUTS] = "outputs",
	[GRIDWL_CONTROL_WINDOWS] = "windows",
	[GRIDWL_CONTROL_LAYERS] = "layers",
	[GRIDWL_CONTROL_MOVE] = "move",
	[GRIDWL_CONTROL_RESIZE] = "resize",
	[GRIDWL_CONTROL_FOCUS] = "focus",
	[GRIDWL_CONTROL_CLOSE] = "close",
	[GRIDWL_CONTROL_OUTPUT] = "output",
	[GRIDWL_CONTROL_CREATE_OUTPUT] = "create-output",
	[GRIDWL_CONTROL_DESTROY_OUTPUT] = "destroy-output",
	[GRIDWL_CONTROL_SCREENSHOT] = "screenshot",
	[GRIDWL_CONTROL_RELOAD] = "reload",
	[GRIDWL_CONTROL_EXIT] = "exit",
	[GRIDWL_CONTROL_STATS] = "stats",
	[GRIDWL_CONTROL_WAIT] = "wait",
	[GRIDWL_CONTROL_POINTER] = "pointer",
	[GRIDWL_CONTROL_CLICK] = "click",
	[GRIDWL_CONTROL_SCROLL] = "scroll",
	[GRIDWL_CONTROL_KEY] = "key",
	[GRIDWL_CONTROL_TYPE] = "type",
	[GRIDWL_CONTROL_TOUCH] = "touch",
	[GRIDWL_CONTROL_GESTURE] = "gesture",
	[GRIDWL_CONTROL_ACTION] = "action",
	[GRIDWL_CONTROL_CLIENTS] = "clients",
	[GRIDWL_CONTROL_INPUTS] = "inputs",
	[GRIDWL_CONTROL_INPUT] = "input",
	[GRIDWL_CONTROL_TABLET] = "tablet",
	[GRIDWL_CONTROL_SEATS] = "seats",
	[GRIDWL_CONTROL_SWITCH] = "switch",
	[GRIDWL_CONTROL_WORKSPACES] = "workspaces",
	[GRIDWL_CONTROL_WORKSPACE] = "workspace",
	[GRIDWL_CONTROL_MOVE_TO_WORKSPACE] = "move-to-workspace",
	[GRIDWL_CONTROL_SUBSCRIBE] = "subscribe",
};

_Static_assert(sizeof(command_names) / sizeof(command_names[0]) ==
				GRIDWL_CONTROL_COMMAND_COUNT,
		"every control command needs a name");

const char *gridwl_control_command_name(enum gridwl_control_command command) {
	return command_names[command];
}

bool gridwl_control_command_from_name(const char *name,
		enum gridwl_control_command *command) {
	for (int i = 0; i < GRIDWL_CONTROL_COMMAND_COUNT; i++) {
		if (strcmp(name, command_names[i]) == 0) {
			*command = (enum gridwl_control_command)i;
			return true;
		}
	}
	return false;
}

static bool is_set(const char *value) {
	return value != NULL && value[0] != '\0';
}

static char *format(const char *fmt, va_list args) {
	char *str = NULL;
	if (vasprintf(&str, fmt, args) < 0) {
		return NULL;
	}
	return str;
}

static char *set_error(char **error, const char *fmt, ...)
		__attribute__((format(printf, 2, 3)));

/* Returns NULL, for "return set_error(...)". */
static char *set_error(char **error, const char *fmt, ...) {
	va_list args;
	va_start(args, fmt);
	*error = format(fmt, args);
	va_end(args);
	return NULL;
}

char *gridwl_control_socket_path(const char *runtime_dir,
		const char *wayland_display, char **error) {
	*error = NULL;
	if (!is_set(runtime_dir)) {
		return set_error(error, "XDG_RUNTIME_DIR is not set");
	}
	const char *display =
			is_set(wayland_display) ? wayland_display : "wayland-0";
	// libwayland takes an absolute display as the socket's path; the
	// control socket is still in runtime_dir, named after the last part.
	if (display[0] == '/') {
		display = strrchr(display, '/') + 1;
		if (display[0] == '\0') {
			return set_error(error,
					"WAYLAND_DISPLAY '%s' names no "
					"socket",
					wayland_display);
		}
	}
	char *path = NULL;
	if (asprintf(&path, "%s/gridwl-%s.sock", runtime_dir, display) < 0) {
		return NULL;
	}
	return path;
}

struct json_object *gridwl_control_success(void) {
	struct json_object *reply = json_object_new_object();
	json_object_object_add(reply, "success", json_object_new_boolean(true));
	return reply;
}

struct json_object *gridwl_control_error(const char *fmt, ...) {
	va_list args;
	va_start(args, fmt);
	char *message = format(fmt, args);
	va_end(args);

	struct json_object *reply = json_object_new_object();
	json_object_object_add(reply, "success", json_object_new_boolean(false));
	// Out of memory, the format itself says more than nothing.
	json_object_object_add(reply, "error",
			json_object_new_string(message != NULL ? message : fmt));
	free(message);
	return reply;
}

bool gridwl_control_succeeded(struct json_object *reply) {
	struct json_object *success;
	return json_object_object_get_ex(reply, "success", &success) &&
			json_object_is_type(success, json_type_boolean) &&
			json_object_get_boolean(success);
}
