#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "client-spawn.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample_expect.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * An X11 window on a 1.5 output. HEADLESS-1 is 1440x900 at scale 1.5 (960x600
 * logical) and "xwayland scale auto" makes Xwayland's scale 2 (the output's
 * scale rounded up: X11 programs draw at 2 and are reduced, never
 * magnified). x11-pattern-client draws a 200x120 X window of the coords
 * pattern (every X pixel its own colour): a 100x60 window, 150x90 device
 * pixels, each device pixel the exact area average of the 4/3 x 4/3 X
 * pixels it covers (3:4, tests/lib/resample_expect.c's ratio model). Moved
 * to 40,30 (device 60,45) and to 37,23, whose corner falls between device
 * pixels (55.5,34.5: at 56,35, the size unchanged).
 *
 * Skipped where Xwayland is not installed.
 */

#define X_CLASS "X11Pattern"
#define X_WIDTH 200
#define X_HEIGHT 120
#define OUTPUT "HEADLESS-1"

/* round(length x 1.5), halves up, as compositor/layout.c places. */
static int device_length(int length) {
	return (3 * length + 1) / 2;
}

static bool is_x_pattern(struct json_object *window, void *data) {
	return json_string_is(window, "app_id", X_CLASS);
}

/* Waits for the client's ConfigureNotify with this X geometry. */
static bool wait_geometry(struct harness_client *client, int x, int y) {
	char want[64];
	snprintf(want, sizeof(want), "geometry %d %d %d %d", x, y, X_WIDTH,
			X_HEIGHT);
	char *line = harness_client_wait_line(client, want, HARNESS_TIMEOUT_MS);
	free(line);
	return CHECK(line != NULL, "the X window was never configured to %s",
			want + strlen("geometry "));
}

/* Moves the window to logical x,y and checks that the output shows the
 * reduced picture at round(1.5 x), round(1.5 y). */
static bool check_at(struct xwayland_session *t, struct harness_client *client,
		int id, const struct image *reduced, int x, int y) {
	REQUIRE(move_window_id(t->h, id, x, y), "cannot move the X window");
	bool ok = wait_geometry(client, 2 * x, 2 * y);
	ok = ok && wait_window_box(t->h, X_CLASS, x, y, X_WIDTH / 2, X_HEIGHT / 2);
	char name[64];
	snprintf(name, sizeof(name), "x11-at-1.5-%d-%d", x, y);
	return ok &&
			output_shows(t->h, OUTPUT, device_length(x), device_length(y),
					reduced, name);
}

static bool check_reduced(struct xwayland_session *t) {
	struct json_object *stats = harness_gridctl_ok(t->h, "stats", NULL);
	bool ok = CHECK(stats != NULL, "gridctl stats failed") &&
			CHECK_JSON_INT(stats, "xwayland_scale", 2);
	json_object_put(stats);

	const char *argv[] = { "env", t->display_env,
		getenv("X11_PATTERN_CLIENT_BIN"), "200", "120", "coords", NULL };
	struct harness_client *client = harness_spawn(t->h, "x11-pattern", argv);
	REQUIRE(client != NULL, "cannot start x11-pattern-client");
	char *line =
			harness_client_wait_line(client, "drawn", 3 * HARNESS_TIMEOUT_MS);
	free(line);
	ok = CHECK(line != NULL, "the X client never drew") && ok;
	struct json_object *window = harness_wait_window(t->h, is_x_pattern, NULL,
			HARNESS_TIMEOUT_MS, "the X11 pattern window");
	ok = CHECK(window != NULL, "no X11 window") && ok;
	int id = window != NULL ? window_int(window, "id") : -1;
	ok = ok && CHECK_JSON_INT(window, "buffer_scale", 2);
	json_object_put(window);

	struct pattern coords = { .kind = PATTERN_COORDS };
	struct image *buffer = resample_pattern_buffer(&coords, X_WIDTH, X_HEIGHT);
	int width = device_length(X_WIDTH / 2),
		height = device_length(X_HEIGHT / 2);
	struct resample_ratio ratio = { width, X_WIDTH, height, X_HEIGHT };
	struct image *reduced = buffer != NULL ?
			resample_expect_ratio(buffer, width, height, &ratio,
					RESAMPLE_NEAREST) :
			NULL;
	ok = CHECK(reduced != NULL, "out of memory") && ok;
	ok = ok && check_at(t, client, id, reduced, 40, 30);
	ok = ok && check_at(t, client, id, reduced, 37, 23);
	image_destroy(reduced);
	image_destroy(buffer);
	harness_client_send(client, "quit\n");
	return CHECK_EXITS(client, "the X client") && ok;
}

static bool run(const void *data) {
	struct xwayland_session t;
	const char *args[] = { "--output", OUTPUT " mode 1440x900 scale 1.5",
		NULL };
	REQUIRE(xwayland_session_open(&t,
					"window class=^" X_CLASS "$ decorations none\n", args),
			"no gridwl with Xwayland");
	return xwayland_session_close(&t, check_reduced(&t));
}

int main(void) {
	const char *name = "xwayland scale auto on a 1.5 output: an X window "
					   "drawn at 2, reduced by the exact area average (3:4)";
	if (access(xwayland_binary(), X_OK) != 0) {
		struct check_suite suite = { 0 };
		check_skip(&suite, name, "Xwayland is not installed");
		return check_finish(&suite);
	}
	return check_main(name, run, NULL);
}
