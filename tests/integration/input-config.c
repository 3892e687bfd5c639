#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * input lines on gridctl's own keyboard, headless: the layouts of
 * xkb_layout reach a client's keymap, a binding switches the active one
 * (the client hears it through its modifiers), gridctl inputs reports them,
 * gridctl input applies a line at run time and refuses a bad one with a
 * JSON error, and a reload applies the file while the run-time line stays;
 * a bad file on reload is FILE:LINE and changes nothing.
 */

static const char config_text[] = "xwayland disable\n"
								  "input type:keyboard xkb_layout us,de\n"
								  "bind Mod4+space xkb-switch-layout next\n";

/* gridctl's keyboard as gridctl inputs lists it (a new reference). */
static struct json_object *control_keyboard(struct harness *h) {
	struct json_object *reply = harness_gridctl_ok(h, "inputs", (char *)NULL);
	REQUIRE(reply != NULL, "gridctl inputs failed");
	struct json_object *inputs, *found = NULL;
	if (json_object_object_get_ex(reply, "inputs", &inputs)) {
		for (size_t i = 0; i < json_object_array_length(inputs); i++) {
			struct json_object *input = json_object_array_get_idx(inputs, i);
			struct json_object *id;
			if (json_object_object_get_ex(input, "identifier", &id) &&
					strcmp(json_object_get_string(id),
							"0:0:gridctl-keyboard") == 0) {
				found = json_object_get(input);
			}
		}
	}
	json_object_put(reply);
	REQUIRE(found != NULL, "gridctl inputs lists no 0:0:gridctl-keyboard");
	return found;
}

static bool check_keyboard(struct harness *h, const char *active,
		int repeat_rate) {
	struct json_object *keyboard = control_keyboard(h);
	REQUIRE(keyboard != NULL, "no keyboard");
	struct json_object *field;
	bool ok = CHECK(json_object_object_get_ex(keyboard,
							"xkb_active_layout_name", &field) &&
					strcmp(json_object_get_string(field), active) == 0,
			"active layout %s, want %s", json_object_to_json_string(keyboard),
			active);
	ok = CHECK(json_object_object_get_ex(keyboard, "repeat_rate", &field) &&
						 json_object_get_int(field) == repeat_rate,
				 "repeat_rate in %s, want %d",
				 json_object_to_json_string(keyboard), repeat_rate) &&
			ok;
	ok = CHECK(json_object_object_get_ex(keyboard, "type", &field) &&
						 strcmp(json_object_get_string(field), "keyboard") == 0,
				 "type in %s", json_object_to_json_string(keyboard)) &&
			ok;
	json_object_put(keyboard);
	return ok;
}

static bool wait_layout(struct harness_client *c, const char *name) {
	char *line = harness_client_wait_line(c, "layout ", HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "the window heard of no layout (want %s)", name);
	bool ok = CHECK(strcmp(line + strlen("layout "), name) == 0,
			"the window's layout is '%s', want '%s'", line, name);
	free(line);
	return ok;
}

/* gridctl with args fails with status 1 and an error containing want. */
static bool gridctl_fails(struct harness *h, const char *const *args,
		const char *want) {
	int status = 0;
	struct json_object *reply = harness_gridctlv(h, &status, args);
	struct json_object *error = NULL, *success = NULL;
	bool ok = CHECK(reply != NULL && status == 1 &&
					json_object_object_get_ex(reply, "success", &success) &&
					!json_object_get_boolean(success) &&
					json_object_object_get_ex(reply, "error", &error) &&
					strstr(json_object_get_string(error), want) != NULL,
			"gridctl %s %s: status %d, %s; want an error with '%s'", args[0],
			args[1], status,
			reply != NULL ? json_object_to_json_string(reply) : "no JSON",
			want);
	json_object_put(reply);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	const char *config_path = data;
	// gridctl's keyboard first, so that the window sees a keyboard.
	REQUIRE(harness_gridctl_succeeds(h, "key", "Shift_L", NULL),
			"no gridctl keyboard");
	const char *bin = getenv("KEYBOARD_CLIENT_BIN");
	REQUIRE(bin != NULL, "KEYBOARD_CLIENT_BIN is not set");
	const char *argv[] = { bin, "--app-id", "layouts", "--layouts", NULL };
	struct harness_client *c = harness_spawn(h, "layouts", argv);
	REQUIRE(c != NULL, "cannot start the keyboard client");
	bool ok = wait_layout(c, "English (US)");
	ok = CHECK(wait_focused(h, "layouts"), "the window has no focus") && ok;
	ok = check_keyboard(h, "English (US)", 25) && ok;

	// The binding: the next layout, told to the window.
	ok = harness_gridctl_succeeds(h, "key", "Mod4+space", NULL) && ok;
	ok = wait_layout(c, "German") && ok;
	ok = check_keyboard(h, "German", 25) && ok;

	// Bad lines at run time: errors, nothing changed.
	const char *bad_layout[] = { "input", "type:keyboard", "xkb_layout",
		"xx-nonexistent", NULL };
	ok = gridctl_fails(h, bad_layout, "no keymap for input type:keyboard") &&
			ok;
	const char *bad_accel[] = { "input", "*", "pointer_accel", "2", NULL };
	ok = gridctl_fails(h, bad_accel,
				 "pointer_accel must be a number from -1 "
				 "to 1, got '2'") &&
			ok;
	const char *bad_type[] = { "input", "type:keyboard", "tap", "enabled",
		NULL };
	ok = gridctl_fails(h, bad_type,
				 "tap does not apply to devices of type keyboard") &&
			ok;

	// A good one: a new keymap, sent to the window.
	struct json_object *reply = harness_gridctl_ok(h, "input", "type:keyboard",
			"xkb_layout", "fr", (char *)NULL);
	ok = CHECK(reply != NULL, "gridctl input xkb_layout fr failed") && ok;
	json_object_put(reply);
	ok = wait_layout(c, "French") && ok;

	// A reload applies the file; the run-time layout stays.
	ok = write_text_file(config_path,
				 "xwayland disable\n"
				 "input type:keyboard xkb_layout us,de\n"
				 "input * repeat_rate 40\n") &&
			ok;
	reply = harness_gridctl_ok(h, "reload", (char *)NULL);
	ok = CHECK(reply != NULL, "reload failed") && ok;
	json_object_put(reply);
	ok = check_keyboard(h, "French", 40) && ok;

	// A bad file: FILE:LINE, the old configuration in force.
	ok = write_text_file(config_path,
				 "input * repeat_rate 10\n"
				 "input type:pointer pointer_accel 2\n") &&
			ok;
	const char *reload[] = { "reload", NULL };
	char want[600];
	snprintf(want, sizeof(want),
			"%s:2: pointer_accel must be a number from -1 to 1", config_path);
	ok = gridctl_fails(h, reload, want) && ok;
	ok = check_keyboard(h, "French", 40) && ok;
	harness_client_kill(c);
	return ok;
}

static bool run(const void *data) {
	const char *args[] = { "--output", "HEADLESS-1 mode 640x480 scale 1",
		NULL };
	return run_gridwl_config_file(config_text, args, body);
}

int main(void) {
	return check_main(
			"input lines: layouts reach the window, a binding switches "
			"them, gridctl input and inputs, reload keeps the run-time line",
			run, NULL);
}
