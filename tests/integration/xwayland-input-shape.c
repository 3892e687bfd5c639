#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "harness.h"
#include "run-gridwl.h"
#include "gridctl-windows.h"

/*
 * An X window's input shape at scale N (issue 19): Xwayland 24.1 gives its
 * surface the input region of the window's input shape, in X pixels, which
 * gridwl takes in logical pixels (divided by N). x11-shape-client is a
 * 200x100 X window (100x50 logical at N = 2) taking input on its left half
 * only, over a Wayland window: a click on its left half reaches the X
 * window (at the X pixel under it), one on its right half the Wayland
 * window below (it is focused; raising it). Without the division the
 * whole X window would take the click.
 *
 * Skipped where Xwayland is not installed.
 */

static bool has_app_id(struct json_object *window, const char *want) {
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	return app_id != NULL && strcmp(json_object_get_string(app_id), want) == 0;
}

static bool is_shaped(struct json_object *window, void *data) {
	return has_app_id(window, "X11Shape");
}

static bool is_focused(struct json_object *window, void *data) {
	struct json_object *focused =
			json_path(window, "focused", json_type_boolean);
	return has_app_id(window, data) && focused != NULL &&
			json_object_get_boolean(focused);
}

static void click(struct harness *h, int x, int y) {
	char sx[16], sy[16];
	snprintf(sx, sizeof(sx), "%d", x);
	snprintf(sy, sizeof(sy), "%d", y);
	json_object_put(harness_gridctl_ok(h, "click", sx, sy, "left", NULL));
}

static bool check_shape(struct harness *h, const void *data) {
	char display_env[64];
	REQUIRE(xwayland_display_of(h, display_env, sizeof(display_env)),
			"Xwayland is off");

	const char *below_args[] = { "--size", "300x200", "--pattern", "checker",
		"--app-id", "below", NULL };
	struct harness_client *below =
			harness_spawn_pattern_client(h, "below", below_args);
	REQUIRE(below != NULL, "cannot start the pattern client");
	struct json_object *window =
			harness_wait_window_app_id(h, "below", HARNESS_TIMEOUT_MS);
	bool ok = CHECK(window != NULL, "the Wayland window never showed");
	json_object_put(window);

	const char *argv[] = { "env", display_env, getenv("X11_SHAPE_CLIENT_BIN"),
		NULL };
	struct harness_client *client =
			ok ? harness_spawn(h, "x11-shape", argv) : NULL;
	char *line = client != NULL ?
			harness_client_wait_line(client, "ready", 3 * HARNESS_TIMEOUT_MS) :
			NULL;
	ok = CHECK(line != NULL, "the X window never mapped") && ok;
	free(line);
	window = ok ? harness_wait_window(h, is_shaped, NULL, HARNESS_TIMEOUT_MS,
						  "the shaped X window") :
				  NULL;
	ok = ok && CHECK(window != NULL, "no X window");
	int wx = window_int(window, "x"), wy = window_int(window, "y");
	if (window != NULL) {
		ok = CHECK_JSON_INT(window, "width", 100) &&
				CHECK_JSON_INT(window, "height", 50) && ok;
	}
	json_object_put(window);

	if (ok) {
		// The left half: the X window, at X pixel 50,40.
		click(h, wx + 25, wy + 20);
		line = harness_client_wait_line(client, "button", HARNESS_TIMEOUT_MS);
		ok = CHECK(line != NULL && strcmp(line, "button 50 40") == 0,
				"the click inside the input shape came as '%s', want "
				"'button 50 40'",
				line != NULL ? line : "nothing");
		free(line);
		window = harness_wait_window(h, is_focused, "X11Shape",
				HARNESS_TIMEOUT_MS, "the X window focused");
		ok = CHECK(window != NULL, "the X window was not focused") && ok;
		json_object_put(window);
	}
	if (ok) {
		// The right half, X pixel 150,50: through to the window below.
		click(h, wx + 75, wy + 25);
		window = harness_wait_window(h, is_focused, "below", HARNESS_TIMEOUT_MS,
				"the window below focused");
		ok = CHECK(window != NULL,
				"a click outside the X input shape did not reach the "
				"window below");
		json_object_put(window);
	}
	if (client != NULL) {
		harness_client_kill(client);
	}
	harness_client_kill(below);
	return ok;
}

int main(void) {
	const char *args[] = { "--output", "HEADLESS-1 mode 800x600 scale 2",
		NULL };
	return main_gridwl_xwayland(
			"xwayland scale auto on a scale-2 output: an X input "
			"shape lets clicks outside it through",
			args, check_shape, NULL);
}
