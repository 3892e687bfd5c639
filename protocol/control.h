#ifndef GRIDWL_PROTOCOL_CONTROL_H
#define GRIDWL_PROTOCOL_CONTROL_H

#include <json-c/json_tokener.h>
#include <stdbool.h>
#include <stddef.h>

struct json_object;

/*
 * The control protocol, what gridwl's control socket and gridctl must agree
 * on: where the socket is, the names of the commands and the shape of a
 * reply. A request is one JSON object on one line, {"command": NAME, ...};
 * each gets one reply, one JSON object on one line, {"success": true, ...}
 * or {"success": false, "error": MESSAGE}.
 *
 * Both sides key their own per-command tables (the compositor's handlers,
 * gridctl's argument parsers) by this enum, so a command named here is
 * known to both or the tests in tests/control fail.
 */

enum gridwl_control_command {
	GRIDWL_CONTROL_OUTPUTS,
	GRIDWL_CONTROL_WINDOWS,
	GRIDWL_CONTROL_LAYERS,
	GRIDWL_CONTROL_MOVE,
	GRIDWL_CONTROL_RESIZE,
	GRIDWL_CONTROL_FOCUS,
	GRIDWL_CONTROL_CLOSE,
	GRIDWL_CONTROL_OUTPUT,
	GRIDWL_CONTROL_CREATE_OUTPUT,
	GRIDWL_CONTROL_DESTROY_OUTPUT,
	GRIDWL_CONTROL_SCREENSHOT,
	GRIDWL_CONTROL_RELOAD,
	GRIDWL_CONTROL_EXIT,
	GRIDWL_CONTROL_STATS,
	GRIDWL_CONTROL_WAIT,
	GRIDWL_CONTROL_POINTER,
	GRIDWL_CONTROL_CLICK,
	GRIDWL_CONTROL_SCROLL,
	GRIDWL_CONTROL_KEY,
	GRIDWL_CONTROL_TYPE,
	GRIDWL_CONTROL_TOUCH,
	GRIDWL_CONTROL_GESTURE,
	GRIDWL_CONTROL_ACTION,
	GRIDWL_CONTROL_CLIENTS,
	GRIDWL_CONTROL_INPUTS,
	GRIDWL_CONTROL_INPUT,
	GRIDWL_CONTROL_TABLET,
	GRIDWL_CONTROL_SEATS,
	GRIDWL_CONTROL_SWITCH,
	GRIDWL_CONTROL_WORKSPACES,
	GRIDWL_CONTROL_WORKSPACE,
	GRIDWL_CONTROL_MOVE_TO_WORKSPACE,
	GRIDWL_CONTROL_SUBSCRIBE,
	GRIDWL_CONTROL_COMMAND_COUNT,
};

/* The request's "command" for command. */
const char *gridwl_control_command_name(enum gridwl_control_command command);
/* The command called name, exactly (names are case-sensitive); false when
 * there is none. */
bool gridwl_control_command_from_name(const char *name,
		enum gridwl_control_command *command);

/*
 * The socket of the compositor whose Wayland display is wayland_display:
 * runtime_dir/gridwl-DISPLAY.sock, where DISPLAY is wayland_display
 * ("wayland-0" when NULL or empty), or its last component when it is an
 * absolute path. runtime_dir is $XDG_RUNTIME_DIR, which must be set and
 * not empty.
 *
 * Returns a path the caller frees, or NULL with *error set to a message the
 * caller frees (NULL when memory ran out).
 */
char *gridwl_control_socket_path(const char *runtime_dir,
		const char *wayland_display, char **error);

/* {"success": true}, for the command to add its fields to. */
struct json_object *gridwl_control_success(void);
/* {"success": false, "error": message}: the compositor's failures and
 * gridctl's own, so that scripts parse one shape. */
struct json_object *gridwl_control_error(const char *fmt, ...)
		__attribute__((format(printf, 1, 2)));
/* Whether reply says the request succeeded: "success" is true. */
bool gridwl_control_succeeded(struct json_object *reply);

/* The one JSON value of the len bytes at text (RFC 8259 strictly: UTF-8,
 * no comments, quotes or commas json-c would let pass), which may be
 * followed by whitespace. NULL with *error set (never
 * json_tokener_success) when it is not one; also NULL for JSON null, with
 * *error json_tokener_success. *trailing is set when more than whitespace
 * follows the value. */
struct json_object *gridwl_control_parse_json(const char *text, size_t len,
		enum json_tokener_error *error, bool *trailing);

#endif
