#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * gridctl subscribe from the outside: a real gridctl streams one JSON line
 * per event (a window mapped, focused, retitled, moved to a workspace and
 * closed; a workspace shown; an output added and removed; an input
 * device added and removed; a key binding
 * run) with the fields gridctl(1) promises; a subscription to some kinds
 * hears nothing of the others; an unknown kind is refused; subscribers
 * that hang up are dropped and gridwl goes on.
 */

static struct harness_client *subscribe(struct harness *h, const char *label,
		const char *kind) {
	const char *argv[] = { getenv("GRIDCTL_BIN"), "subscribe", kind, NULL };
	REQUIRE(argv[0] != NULL, "GRIDCTL_BIN is not set");
	struct harness_client *c = harness_spawn(h, label, argv);
	char *line =
			c != NULL ? harness_client_next_line(c, HARNESS_TIMEOUT_MS) : NULL;
	struct json_object *reply = line != NULL ? json_tokener_parse(line) : NULL;
	bool ok = CHECK(reply != NULL, "subscribe: no reply (%s)",
					  line != NULL ? line : "nothing") &&
			CHECK_JSON_BOOL(reply, "success", true);
	free(line);
	json_object_put(reply);
	return ok ? c : NULL;
}

/* The next event of kind with change, skipping others; a new reference, or
 * NULL after reporting. */
static struct json_object *wait_event(struct harness_client *c,
		const char *kind, const char *change) {
	int64_t end = harness_now_ms() + HARNESS_TIMEOUT_MS;
	while (harness_now_ms() < end) {
		char *line = harness_client_next_line(c, (int)(end - harness_now_ms()));
		if (line == NULL) {
			break;
		}
		struct json_object *event = json_tokener_parse(line);
		free(line);
		struct json_object *e = json_path(event, "event", json_type_string);
		struct json_object *ch = json_path(event, "change", json_type_string);
		if (e != NULL && ch != NULL &&
				strcmp(json_object_get_string(e), kind) == 0 &&
				strcmp(json_object_get_string(ch), change) == 0) {
			return event;
		}
		json_object_put(event);
	}
	(void)CHECK(false, "no %s %s event", kind, change);
	return NULL;
}

static bool window_event(struct harness_client *c, const char *change,
		const char *app_id, const char *title, int workspace) {
	struct json_object *event = wait_event(c, "window", change);
	bool ok = event != NULL &&
			CHECK_JSON_TYPE(event, "window.id", json_type_int) &&
			CHECK_JSON_STRING(event, "window.app_id", app_id) &&
			CHECK_JSON_STRING(event, "window.title", title) &&
			CHECK_JSON_INT(event, "window.workspace", workspace);
	json_object_put(event);
	return ok;
}

static bool gridctl_ok(struct harness *h, const char *a, const char *b,
		const char *c) {
	struct json_object *reply = harness_gridctl_ok(h, a, b, c, NULL);
	json_object_put(reply);
	return reply != NULL;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *all = subscribe(h, "all", NULL);
	struct harness_client *outputs = subscribe(h, "outputs", "output");
	REQUIRE(all != NULL && outputs != NULL, "cannot subscribe");

	struct harness_client *w = spawn_pattern_ready(h, "sub", 200, 100, 1,
			"--app-id", "sub", "--title", "first", NULL);
	REQUIRE(w != NULL, "no window");
	int64_t id = wait_window_id(h, "sub");
	char id_text[24];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	bool ok = window_event(all, "new", "sub", "first", 1);
	ok = window_event(all, "focus", "sub", "first", 1) && ok;
	harness_client_send(w, "title second");
	ok = window_event(all, "title", "sub", "second", 1) && ok;
	ok = gridctl_ok(h, "move-to-workspace", id_text, "4") &&
			window_event(all, "workspace", "sub", "second", 4) && ok;

	// Mod4+4 through the keyboard: the binding, then the workspace.
	ok = gridctl_ok(h, "key", "Mod4+4", NULL) && ok;
	struct json_object *event = wait_event(all, "binding", "run");
	ok = event != NULL && CHECK_JSON_STRING(event, "action", "workspace") &&
			CHECK_JSON_STRING(event, "argument", "4") && ok;
	json_object_put(event);
	event = wait_event(all, "workspace", "shown");
	ok = event != NULL && CHECK_JSON_INT(event, "workspace.number", 4) &&
			CHECK_JSON_STRING(event, "workspace.name", "4") &&
			CHECK_JSON_INT(event, "previous.number", 1) && ok;
	json_object_put(event);

	// Outputs, to both; the output subscriber heard of no window.
	char output[64];
	REQUIRE(create_output(h, "320x240", output, sizeof(output)),
			"no new output");
	struct json_object *reply = NULL;
	event = wait_event(outputs, "output", "added");
	ok = event != NULL && CHECK_JSON_STRING(event, "output.name", output) && ok;
	json_object_put(event);
	ok = gridctl_ok(h, "destroy-output", output, NULL) && ok;
	event = wait_event(outputs, "output", "removed");
	ok = event != NULL && CHECK_JSON_STRING(event, "output.name", output) && ok;
	json_object_put(event);
	event = wait_event(all, "output", "removed");
	json_object_put(event);
	ok = event != NULL && ok;

	// An input device: the tablet's pad, added and removed.
	struct harness_client *inputs = subscribe(h, "inputs", "input");
	REQUIRE(inputs != NULL, "cannot subscribe to inputs");
	// The pad comes with its tablet, which comes first.
	ok = gridctl_ok(h, "tablet", "pad", "add") && ok;
	event = wait_event(inputs, "input", "added");
	ok = event != NULL &&
			CHECK_JSON_STRING(event, "input.identifier",
					"0:0:gridctl-tablet") &&
			CHECK_JSON_STRING(event, "input.type", "tablet_tool") && ok;
	json_object_put(event);
	event = wait_event(inputs, "input", "added");
	ok = event != NULL &&
			CHECK_JSON_STRING(event, "input.type", "tablet_pad") &&
			CHECK_JSON_TYPE(event, "input.identifier", json_type_string) && ok;
	json_object_put(event);
	ok = gridctl_ok(h, "tablet", "pad", "remove") && ok;
	event = wait_event(inputs, "input", "removed");
	ok = event != NULL &&
			CHECK_JSON_STRING(event, "input.type", "tablet_pad") && ok;
	json_object_put(event);
	harness_client_kill(inputs);

	harness_client_send(w, "quit");
	ok = window_event(all, "close", "sub", "second", 4) && ok;

	// Bad kinds are refused; subscribers that hang up are dropped, and
	// what follows reaches nobody and breaks nothing.
	int status = 0;
	reply = harness_gridctl(h, &status, "subscribe", "weather", NULL);
	ok = CHECK(status == 1, "subscribe weather: exit %d, want 1", status) &&
			CHECK_JSON_BOOL(reply, "success", false) && ok;
	json_object_put(reply);
	harness_client_kill(all);
	harness_client_kill(outputs);
	ok = gridctl_ok(h, "workspace", "2", NULL) &&
			gridctl_ok(h, "workspace", "1", NULL) &&
			gridctl_ok(h, "workspaces", NULL, NULL) && ok;
	return ok;
}

int main(void) {
	return main_mixed_layout(
			"gridctl subscribe: window, workspace, output and binding events "
			"as JSON lines; bad kinds; subscribers that hang up",
			body, NULL);
}
