#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * wp-security-context-v1 with security-client (Flatpak's part): the real
 * wayland-info connected through the sandbox's socket sees the ordinary
 * globals and none of the privileged ones, which it sees through gridwl's
 * own socket; a window through the sandbox's socket maps like any other.
 * gridctl clients names each client's sandbox, windows and the privileged
 * protocols it uses (wl-paste --watch: data-control).
 */

static const char *const ordinary[] = {
	"wl_compositor",
	"xdg_wm_base",
	"wl_seat",
	"wl_shm",
	"wp_viewporter",
	"wp_presentation",
	"wp_fractional_scale_manager_v1",
	"xdg_activation_v1",
	"zwp_tablet_manager_v2",
	NULL,
};

/* Those gridwl offers; security-context.c hides more. */
static const char *const privileged[] = {
	"zwlr_screencopy_manager_v1",
	"zwlr_export_dmabuf_manager_v1",
	"zwlr_data_control_manager_v1",
	"zwlr_virtual_pointer_manager_v1",
	"zwp_virtual_keyboard_manager_v1",
	"zwp_input_method_manager_v2",
	"zwp_keyboard_shortcuts_inhibit_manager_v1",
	"zwlr_output_manager_v1",
	"zwlr_output_power_manager_v1",
	"zwlr_gamma_control_manager_v1",
	"zwlr_foreign_toplevel_manager_v1",
	"ext_foreign_toplevel_list_v1",
	"ext_workspace_manager_v1",
	"ext_session_lock_manager_v1",
	"zwlr_layer_shell_v1",
	"wp_security_context_manager_v1",
	"ext_transient_seat_manager_v1",
	NULL,
};

/* wayland-info's output through display (a socket path, or NULL for
 * gridwl's own); malloc'd, NULL on failure. */
static char *wayland_info(struct harness *h, const char *display) {
	char command[512];
	snprintf(command, sizeof(command), "%s%s%s exec wayland-info",
			display != NULL ? "WAYLAND_DISPLAY='" : "",
			display != NULL ? display : "", display != NULL ? "'" : "");
	const char *argv[] = { "sh", "-c", command, NULL };
	char *out = NULL;
	int status = harness_run(h, argv, HARNESS_TIMEOUT_MS, &out);
	if (status != 0) {
		fprintf(stderr, "wayland-info exited with %d\n", status);
		free(out);
		return NULL;
	}
	return out;
}

static bool lists(const char *out, const char *interface) {
	char quoted[128];
	snprintf(quoted, sizeof(quoted), "'%s'", interface);
	return strstr(out, quoted) != NULL;
}

/* The client in gridctl clients' reply whose command is command. */
static struct json_object *client_named(struct json_object *reply,
		const char *command) {
	return json_array_find(json_path(reply, "clients", json_type_array),
			"command", command);
}

/* The length of the array at path in obj, -1 when there is none. */
static int array_length(struct json_object *obj, const char *path) {
	struct json_object *array = json_path(obj, path, json_type_array);
	return array != NULL ? (int)json_object_array_length(array) : -1;
}

/* Whether wl-paste has bound data-control yet. */
static bool has_watcher(struct json_object *reply, void *data) {
	struct json_object *watcher = client_named(reply, "wl-paste");
	struct json_object *privileged =
			json_path(watcher, "privileged", json_type_array);
	return privileged != NULL && json_object_array_length(privileged) > 0;
}

static bool check_clients(struct json_object *reply) {
	struct json_object *watcher = client_named(reply, "wl-paste");
	struct json_object *sandboxed = NULL, *plain = NULL;
	struct json_object *clients = json_path(reply, "clients", json_type_array);
	for (size_t i = 0; clients != NULL && i < json_object_array_length(clients);
			i++) {
		struct json_object *client = json_object_array_get_idx(clients, i);
		struct json_object *sandbox =
				json_path(client, "sandbox", json_type_object);
		struct json_object *windows =
				json_path(client, "windows", json_type_array);
		if (sandbox != NULL) {
			sandboxed = client;
		} else if (windows != NULL && array_length(client, "windows") == 1 &&
				strcmp(json_object_get_string(
							   json_path(client, "command", json_type_string)),
						"solid-client") == 0) {
			plain = client;
		}
	}
	struct json_object *names =
			json_path(watcher, "privileged", json_type_array);
	bool ok = CHECK(watcher != NULL && names != NULL &&
					json_object_array_length(names) == 1 &&
					strcmp(json_object_get_string(
								   json_object_array_get_idx(names, 0)),
							"zwlr_data_control_manager_v1") == 0,
			"wl-paste should use data-control alone: %s",
			json_object_to_json_string(watcher));
	ok = CHECK(watcher != NULL && json_path(watcher, "pid", json_type_int) &&
						 json_object_get_int(
								 json_path(watcher, "pid", json_type_int)) > 0,
				 "wl-paste has no pid") &&
			ok;
	ok = CHECK(sandboxed != NULL, "no client with a sandbox: %s",
				 json_object_to_json_string(reply)) &&
			CHECK_JSON_STRING(sandboxed, "sandbox.engine", "org.gridwl.Test") &&
			CHECK_JSON_STRING(sandboxed, "sandbox.app_id",
					"org.example.Sandboxed") &&
			CHECK_JSON_STRING(sandboxed, "command", "solid-client") &&
			CHECK(array_length(sandboxed, "privileged") == 0,
					"the sandboxed client uses a privileged protocol") &&
			ok;
	ok = CHECK(plain != NULL, "the plain window's client is not listed") &&
			CHECK(array_length(plain, "privileged") == 0,
					"the plain client uses a privileged protocol") &&
			ok;
	return ok;
}

static bool body(struct harness *h, const void *data) {
	char *socket = harness_path(h, "sandbox.sock");
	const char *argv[] = { getenv("SECURITY_CLIENT_BIN"), socket,
		"org.gridwl.Test", "org.example.Sandboxed", NULL };
	REQUIRE(argv[0] != NULL, "SECURITY_CLIENT_BIN is not set");
	struct harness_client *sandbox =
			spawn_argv_until(h, "sandbox", argv, "listening");
	REQUIRE(sandbox != NULL, "the sandbox does not listen");

	char *inside = wayland_info(h, socket);
	char *outside = wayland_info(h, NULL);
	bool ok = CHECK(inside != NULL && outside != NULL, "wayland-info failed");
	for (size_t i = 0; ok && ordinary[i] != NULL; i++) {
		ok = CHECK(lists(inside, ordinary[i]) && lists(outside, ordinary[i]),
					 "%s is not offered to both", ordinary[i]) &&
				ok;
	}
	for (size_t i = 0;
			inside != NULL && outside != NULL && privileged[i] != NULL; i++) {
		ok = CHECK(!lists(inside, privileged[i]),
					 "%s is offered in the sandbox", privileged[i]) &&
				ok;
		ok = CHECK(lists(outside, privileged[i]),
					 "%s is not offered outside it", privileged[i]) &&
				ok;
	}
	// Xwayland's own protocol is Xwayland's alone: any other client that
	// bound it would be ended by wlroots.
	ok = CHECK(outside == NULL || !lists(outside, "xwayland_shell_v1"),
				 "xwayland_shell_v1 is offered to an ordinary client") &&
			CHECK(inside == NULL || !lists(inside, "xwayland_shell_v1"),
					"xwayland_shell_v1 is offered in the sandbox") &&
			ok;
	free(inside);
	free(outside);

	char command[512];
	snprintf(command, sizeof(command),
			"WAYLAND_DISPLAY='%s' exec '%s' --app-id sandboxed", socket,
			getenv("SOLID_CLIENT_BIN"));
	const char *window_argv[] = { "sh", "-c", command, NULL };
	struct harness_client *window = harness_spawn(h, "sandboxed", window_argv);
	char *line = window != NULL ?
			harness_client_wait_line(window, "ready", HARNESS_TIMEOUT_MS) :
			NULL;
	free(line);
	ok = CHECK(line != NULL, "a window through the sandbox did not map") && ok;
	struct json_object *listed =
			harness_wait_window_app_id(h, "sandboxed", HARNESS_TIMEOUT_MS);
	ok = CHECK(listed != NULL, "gridctl does not list the sandboxed window") &&
			CHECK_JSON_STRING(listed, "sandbox.engine", "org.gridwl.Test") &&
			CHECK_JSON_STRING(listed, "sandbox.app_id",
					"org.example.Sandboxed") &&
			ok;
	json_object_put(listed);
	// Ordinary windows say null.
	const char *plain_argv[] = { getenv("SOLID_CLIENT_BIN"), "--app-id",
		"plain", NULL };
	struct harness_client *plain = harness_spawn(h, "plain", plain_argv);
	line = plain != NULL ?
			harness_client_wait_line(plain, "ready", HARNESS_TIMEOUT_MS) :
			NULL;
	free(line);
	listed = harness_wait_window_app_id(h, "plain", HARNESS_TIMEOUT_MS);
	struct json_object *sandbox_field = NULL;
	ok = CHECK(listed != NULL &&
						 json_object_object_get_ex(listed, "sandbox",
								 &sandbox_field) &&
						 sandbox_field == NULL,
				 "the plain window's sandbox is not null") &&
			ok;
	json_object_put(listed);

	// gridctl clients: the sandboxed client with its sandbox and window, a
	// clipboard watcher with the privileged protocol it uses, the plain
	// window's client with none.
	const char *watch_argv[] = { "wl-paste", "--watch", "true", NULL };
	struct harness_client *watcher = harness_spawn(h, "watch", watch_argv);
	ok = CHECK(watcher != NULL, "cannot start wl-paste --watch") && ok;
	struct json_object *clients = harness_wait_gridctl(h,
			(const char *const[]){ "clients", NULL }, has_watcher, NULL,
			HARNESS_TIMEOUT_MS, "wl-paste --watch among the clients");
	ok = CHECK(clients != NULL, "gridctl clients never lists wl-paste") &&
			check_clients(clients) && ok;
	json_object_put(clients);
	harness_client_kill(watcher);
	free(socket);
	return ok;
}

static bool run(const void *data) {
	return programs_installed("wayland-info", NULL) &&
			run_on_output("HEADLESS-1", 640, 480, 1, body, NULL);
}

int main(void) {
	return check_main(
			"a client through a security context sees no privileged global",
			run, NULL);
}
