#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"

/*
 * Windows from the keyboard, through the default bindings typed with
 * gridctl key (so they go the way a real key does) and through gridctl
 * action: Alt+Tab and Alt+Shift+Tab, fullscreen, maximize, centre, and
 * moving a window to the output beside it, where it is drawn at that
 * output's scale. On the mixed layout: HEADLESS-1 (scale 1) at 0,0,
 * HEADLESS-2 (scale 2, 640x480 logical) at 640,0.
 */

static struct harness_client *spawn(struct harness *h, const char *app_id) {
	struct harness_client *c =
			spawn_pattern_ready(h, app_id, 200, 150, 1, "--app-id", app_id,
					"--size", "200x150", "--scale", "preferred", NULL);
	REQUIRE(c != NULL, "no window %s", app_id);
	return c;
}

static bool is_c_200_wide(struct json_object *window, void *data) {
	struct json_object *app_id, *width;
	return json_object_object_get_ex(window, "app_id", &app_id) &&
			strcmp(json_object_get_string(app_id), "c") == 0 &&
			json_object_object_get_ex(window, "width", &width) &&
			json_object_get_int(width) == 200;
}

/* Until the client has taken its own size back (200x150). */
static bool restored(struct harness *h) {
	struct json_object *w = harness_wait_window(h, is_c_200_wide, NULL,
			HARNESS_TIMEOUT_MS, "c back at 200 wide");
	json_object_put(w);
	return w != NULL;
}

/* The client draws a frame at scale (after any at other scales). */
static bool draws_at(struct harness_client *c, const char *ready) {
	char *line = harness_client_wait_line(c, ready, HARNESS_TIMEOUT_MS);
	free(line);
	return CHECK(line != NULL, "the client never drew: %s", ready);
}

static bool key(struct harness *h, const char *chord) {
	struct json_object *reply = harness_gridctl_ok(h, "key", chord, NULL);
	json_object_put(reply);
	return reply != NULL;
}

/* gridctl action WORDS...: true when it succeeded; *status its exit. */
static bool action(struct harness *h, const char *a, const char *b,
		int *status) {
	int code = 0;
	struct json_object *reply =
			harness_gridctl(h, &code, "action", a, b, (char *)NULL);
	json_object_put(reply);
	if (status != NULL) {
		*status = code;
	}
	return code == 0;
}

/* The window's JSON as gridctl windows has it; a new reference. */
static struct json_object *window(struct harness *h, const char *app_id,
		struct json_object **reply) {
	*reply = harness_gridctl_ok(h, "windows", NULL);
	return json_array_find(json_path(*reply, "windows", json_type_array),
			"app_id", app_id);
}

static bool check_flag(struct harness *h, const char *app_id, const char *field,
		bool want) {
	struct json_object *reply;
	struct json_object *w = window(h, app_id, &reply);
	bool ok = CHECK(w != NULL, "no window %s", app_id) &&
			CHECK_JSON_BOOL(w, field, want);
	json_object_put(reply);
	return ok;
}

static bool check_place(struct harness *h, const char *app_id, int x, int y,
		const char *output) {
	struct json_object *reply;
	struct json_object *w = window(h, app_id, &reply);
	const char *names[] = { output, NULL };
	bool ok = CHECK(w != NULL, "no window %s", app_id) &&
			CHECK_JSON_INT(w, "x", x) && CHECK_JSON_INT(w, "y", y) &&
			CHECK_JSON_INT(w, "width", 200) &&
			CHECK(window_outputs_are(w, names), "%s is not on %s alone", app_id,
					output);
	json_object_put(reply);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *a = spawn(h, "a");
	struct harness_client *b = spawn(h, "b");
	struct harness_client *c = spawn(h, "c");
	REQUIRE(a != NULL && b != NULL && c != NULL && wait_focused(h, "c"),
			"the newest window should have the keyboard");

	// Alt+Tab: the window before, and back; Alt+Shift+Tab: the one that
	// had the keyboard longest ago, each in turn.
	bool ok = key(h, "Alt+Tab") && wait_focused(h, "b");
	ok = key(h, "Alt+Tab") && wait_focused(h, "c") && ok;
	ok = key(h, "Alt+Shift+Tab") && wait_focused(h, "a") && ok;
	ok = key(h, "Alt+Shift+Tab") && wait_focused(h, "b") && ok;
	ok = action(h, "focus", "prev", NULL) && wait_focused(h, "c") && ok;

	// Mod4+f and Mod4+m toggle; Mod4+c centres on the usable area.
	ok = key(h, "Mod4+f") && check_flag(h, "c", "fullscreen", true) && ok;
	ok = key(h, "Mod4+f") && check_flag(h, "c", "fullscreen", false) &&
			restored(h) && ok;
	ok = key(h, "Mod4+m") && check_flag(h, "c", "maximized", true) && ok;
	ok = action(h, "maximize", NULL, NULL) &&
			check_flag(h, "c", "maximized", false) && restored(h) && ok;
	REQUIRE(rs_place(h, "c", 10, 10) > 0, "cannot move c");
	ok = key(h, "Mod4+c") && check_place(h, "c", 220, 165, "HEADLESS-1") && ok;

	// Mod4+Shift+Right: centred on HEADLESS-2, its logical size kept, and
	// the client asked for scale 2 there and draws at it.
	ok = key(h, "Mod4+Shift+Right") &&
			check_place(h, "c", 860, 165, "HEADLESS-2") &&
			draws_at(c, "ready 200 150 2") && ok;
	// Nothing right of HEADLESS-2: an error from gridctl, nothing moved.
	int status = 0;
	ok = CHECK(!action(h, "move-to-output", "right", &status) && status == 1,
				 "move-to-output right of the last output: exit %d", status) &&
			check_place(h, "c", 860, 165, "HEADLESS-2") && ok;
	ok = action(h, "move-to-output", "HEADLESS-1", NULL) &&
			check_place(h, "c", 220, 165, "HEADLESS-1") &&
			draws_at(c, "ready 200 150 1") && ok;
	ok = CHECK(!action(h, "focus", "sideways", &status) && status == 1,
				 "focus sideways: exit %d", status) &&
			ok;
	ok = CHECK(!action(h, "fly", NULL, &status) && status == 1,
				 "an unknown action: exit %d", status) &&
			ok;
	harness_client_send(a, "quit");
	harness_client_send(b, "quit");
	harness_client_send(c, "quit");
	return ok;
}

int main(void) {
	return main_mixed_layout(
			"windows from the keyboard: Alt+Tab, fullscreen, maximize, "
			"centre, move to the next output at its scale; gridctl action",
			body, NULL);
}
