#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"

/*
 * xdg_toplevel's tiled states for snapped windows, as a client of
 * xdg_wm_base 2 hears them (keyboard-client --states prints the states of
 * every configure): snapped left, tiled_left, tiled_top and tiled_bottom;
 * right, tiled_right instead; maximized from there, only maximized; back
 * to the half, tiled again; moved out of it with the keyboard (move-mode),
 * none, and gridctl windows says it is no longer snapped. On the mixed
 * layout, the window on HEADLESS-2 (scale 2, 640x480 logical at 640,0),
 * whose halves are 320x480 logical. The snap test's client binds
 * xdg_wm_base 1, which is never told (wlroots would abort).
 */

/* The next configure of size (W H) comes with exactly states. */
static bool configured(struct harness_client *c, const char *size,
		const char *states) {
	char want_configure[32], want_states[96];
	snprintf(want_configure, sizeof(want_configure), "configure %s", size);
	snprintf(want_states, sizeof(want_states), "states %s", states);
	struct lines lines = { 0 };
	bool ok = CHECK(client_lines_until(c, want_configure, &lines), "no \"%s\"",
			want_configure);
	// The states line goes just before its configure line.
	const char *got =
			ok && lines.count >= 2 ? lines.line[lines.count - 2] : "nothing";
	ok = ok &&
			CHECK(strcmp(got, want_states) == 0,
					"\"%s\" came with \"%s\", not "
					"\"%s\"",
					want_configure, got, want_states);
	lines_free(&lines);
	return ok;
}

static bool action(struct harness *h, const char *a, const char *b) {
	struct json_object *reply = harness_gridctl_ok(h, "action", a, b, NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "gridctl action %s %s failed", a,
			b != NULL ? b : "");
}

static bool not_snapped_at(struct json_object *window, void *data) {
	const int *x = data;
	struct json_object *v;
	return json_object_object_get_ex(window, "snapped", &v) && v == NULL &&
			json_object_object_get_ex(window, "x", &v) &&
			json_object_get_int(v) == *x;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *c = spawn_keyboard_window(h, "half", "200x100",
			"ready 200 100", "--states", NULL);
	REQUIRE(c != NULL, "the window never drew");
	REQUIRE(rs_place(h, "half", 700, 100) > 0, "cannot place the window");

	bool ok = action(h, "snap", "left") &&
			configured(c, "320 480",
					"activated,tiled_left,tiled_top,"
					"tiled_bottom");
	ok = action(h, "snap", "right") &&
			configured(c, "320 480",
					"activated,tiled_right,tiled_top,tiled_bottom") &&
			ok;
	// Maximized stays maximized: no tiled edge beside it.
	ok = action(h, "snap", "up") &&
			configured(c, "640 480", "maximized,activated") && ok;
	ok = action(h, "snap", "down") &&
			configured(c, "320 480",
					"activated,tiled_right,tiled_top,tiled_bottom") &&
			ok;
	// Moved by hand, it keeps its size and is snapped no more.
	ok = action(h, "move-mode", NULL) && ok;
	struct json_object *reply =
			harness_gridctl_ok(h, "key", "Right", "Return", NULL);
	ok = CHECK(reply != NULL, "gridctl key failed") && ok;
	json_object_put(reply);
	ok = configured(c, "320 480", "activated") && ok;
	int x = 970;
	struct json_object *window = harness_wait_window(h, not_snapped_at, &x,
			HARNESS_TIMEOUT_MS, "the window unsnapped at 970");
	ok = CHECK(window != NULL, "the window is still snapped") && ok;
	json_object_put(window);

	ok = CHECK(harness_client_send(c, "quit") &&
						 harness_client_wait_exit(c, HARNESS_TIMEOUT_MS) == 0,
				 "the client did not quit") &&
			ok;
	return ok;
}

int main(void) {
	return main_mixed_layout(
			"a snapped half tells an xdg client its tiled edges, maximized "
			"and unsnapped none",
			body, NULL);
}
