#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compositor/control/commands.h"
#include "gridctl/request.h"
#include "gridctl/socket_path.h"
#include "protocol/control.h"
#include "stop-on-failure.h"

/*
 * The control protocol is defined once, in protocol/control.h; this checks
 * that both of its sides, the compositor and gridctl, cover all of it.
 */

static void test_names(void) {
	for (int i = 0; i < GRIDWL_CONTROL_COMMAND_COUNT; i++) {
		const char *name = gridwl_control_command_name(i);
		CHECK(name != NULL && name[0] != '\0');
		// Also finds a name given twice: the lookup stops at the first.
		enum gridwl_control_command command;
		CHECK(gridwl_control_command_from_name(name, &command));
		CHECK((int)command == i);
	}
	enum gridwl_control_command command;
	const char *unknown[] = { "", "Outputs", "outputs ", "raw", NULL };
	for (int i = 0; unknown[i] != NULL; i++) {
		CHECK(!gridwl_control_command_from_name(unknown[i], &command));
	}
}

/* gridctl can send every command, named as the compositor knows it, and
 * the compositor has a handler for each. */
static void test_both_sides(void) {
	for (int i = 0; i < GRIDWL_CONTROL_COMMAND_COUNT; i++) {
		const char *name = gridwl_control_command_name(i);
		if (!gridwl_control_handles(i)) {
			fprintf(stderr, "the compositor has no handler for '%s'\n", name);
			exit(1);
		}

		// Without its arguments: a usage error is fine, an unknown
		// command is not.
		char *error = NULL;
		char *argv[] = { (char *)name, NULL };
		char *line = gridctl_build_request(1, argv, "/", &error);
		if (line == NULL) {
			if (error == NULL || strstr(error, "unknown command")) {
				fprintf(stderr, "gridctl cannot send '%s': %s\n", name,
						error != NULL ? error : "(no error)");
				exit(1);
			}
			free(error);
			continue;
		}
		struct json_object *request = json_tokener_parse(line);
		struct json_object *sent;
		CHECK(json_object_object_get_ex(request, "command", &sent));
		CHECK(strcmp(json_object_get_string(sent), name) == 0);
		json_object_put(request);
		free(line);
	}
}

/* What the compositor binds for the WAYLAND_DISPLAY it gives its children
 * is what gridctl looks for there. */
static void test_socket_path(void) {
	const char *displays[] = { "wayland-1", "wl-x7Yz", "/tmp/s/wayland-7",
		NULL };
	const char *expected[] = { "/run/user/1/gridwl-wayland-1.sock",
		"/run/user/1/gridwl-wl-x7Yz.sock",
		"/run/user/1/gridwl-wayland-7.sock" };
	for (int i = 0; displays[i] != NULL; i++) {
		char *error = NULL;
		char *bound =
				gridwl_control_socket_path("/run/user/1", displays[i], &error);
		CHECK(bound != NULL && error == NULL);
		CHECK(strcmp(bound, expected[i]) == 0);
		char *found =
				gridctl_socket_path(NULL, "/run/user/1", displays[i], &error);
		CHECK(found != NULL && strcmp(found, bound) == 0);
		free(bound);
		free(found);
	}

	char *error = NULL;
	CHECK(gridwl_control_socket_path(NULL, "wayland-1", &error) == NULL);
	CHECK(error != NULL && strstr(error, "XDG_RUNTIME_DIR"));
	free(error);
	CHECK(gridwl_control_socket_path("/run/user/1", "/tmp/", &error) == NULL);
	CHECK(error != NULL && strstr(error, "'/tmp/'"));
	free(error);
}

/* gridctl's exit status follows this reading of a reply. */
static void test_replies(void) {
	struct json_object *reply = gridwl_control_success();
	CHECK(gridwl_control_succeeded(reply));
	json_object_put(reply);
	reply = gridwl_control_error("no window with id %d", 3);
	CHECK(!gridwl_control_succeeded(reply));
	struct json_object *message;
	CHECK(json_object_object_get_ex(reply, "error", &message));
	CHECK(strcmp(json_object_get_string(message), "no window with id 3") == 0);
	json_object_put(reply);

	const char *not_success[] = { "{}", "{\"success\":\"true\"}",
		"{\"success\":1}", "{\"success\":null}", "[true]", NULL };
	for (int i = 0; not_success[i] != NULL; i++) {
		reply = json_tokener_parse(not_success[i]);
		CHECK(!gridwl_control_succeeded(reply));
		json_object_put(reply);
	}
}

int main(void) {
	test_names();
	test_both_sides();
	test_socket_path();
	test_replies();
	return 0;
}
