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
 * Window rules that place (config/window_placement.c) on the mixed layout
 * (HEADLESS-1 at scale 1, HEADLESS-2 at scale 2 right of it, 640x480
 * logical each): a window sent to HEADLESS-2 at a position and a size, one
 * centred at a size and kept on top (above a window focused after it), and
 * one whose rule names an output that is not there: the log says so with
 * the rule's FILE:LINE, and the window opens where it would have, at the
 * rule's size. The bind action always-on-top toggles it back. A window
 * that asks to be maximized before its first commit is, unless a rule
 * says floating: then its first configure leaves the size to it (0 0) and
 * it opens at its own 200x150, while the same request without the rule
 * gets HEADLESS-1's 640x480.
 */

static const char config[] =
		"window app_id=^placed$ output HEADLESS-2 position 10,20 size 300x200\n"
		"window app_id=^centred$ center size 100x80 always-on-top\n"
		"window app_id=^lost$ output NOWHERE-9 size 120x90\n"
		"window app_id=^floats$ floating\n";

static struct harness_client *spawn(struct harness *h, const char *app_id) {
	const char *args[] = { "--app-id", app_id, "--size", "200x150",
		"--decoration", "client", NULL };
	struct harness_client *c = harness_spawn_pattern_client(h, app_id, args);
	REQUIRE(c != NULL, "no window %s", app_id);
	char *line = harness_client_wait_line(c, "ready ", HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "%s never drew", app_id);
	free(line);
	return c;
}

/* A window that asks to be maximized before its first commit; configure
 * is the first size gridwl gives it. */
static bool opens_maximized_asking(struct harness *h, const char *app_id,
		const char *configure, int x, int y, int width, int height) {
	const char *args[] = { "--app-id", app_id, "--size", "200x150",
		"--decoration", "client", "--maximized", NULL };
	struct harness_client *c = harness_spawn_pattern_client(h, app_id, args);
	REQUIRE(c != NULL, "no window %s", app_id);
	char *line = harness_client_wait_line(c, "configure ", HARNESS_TIMEOUT_MS);
	bool ok = CHECK(line != NULL && strcmp(line, configure) == 0,
			"%s: first \"%s\", not \"%s\"", app_id, line ? line : "nothing",
			configure);
	free(line);
	ok = wait_window_box(h, app_id, x, y, width, height) && ok;
	return CHECK(harness_client_send(c, "quit") &&
						   harness_client_wait_exit(c, HARNESS_TIMEOUT_MS) == 0,
				   "%s did not quit", app_id) &&
			ok;
}

/* The app_id of the topmost window in gridctl windows. */
static bool topmost_is(struct harness *h, const char *app_id) {
	struct json_object *reply = harness_gridctl_ok(h, "windows", NULL);
	REQUIRE(reply != NULL, "gridctl windows failed");
	struct json_object *windows, *first, *id;
	bool ok = CHECK(json_object_object_get_ex(reply, "windows", &windows) &&
					(first = json_object_array_get_idx(windows, 0)) != NULL &&
					json_object_object_get_ex(first, "app_id", &id) &&
					strcmp(json_object_get_string(id), app_id) == 0,
			"%s is not on top: %s", app_id, json_object_to_json_string(reply));
	json_object_put(reply);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	const char *config_path = data;
	struct harness_client *placed = spawn(h, "placed");
	bool ok = wait_window_box(h, "placed", 650, 20, 300, 200);
	struct harness_client *centred = spawn(h, "centred");
	// The pointer starts on HEADLESS-1: centred on it, 100x80.
	ok = wait_window_box(h, "centred", 270, 200, 100, 80) && ok;
	struct harness_client *lost = spawn(h, "lost");
	ok = wait_window_box(h, "lost", -1, -1, 120, 90) && ok;
	// Focused after it, lost is still below the window kept on top.
	ok = topmost_is(h, "centred") && ok;
	// The log names the rule's line and the missing output.
	char log_path[512], want[600];
	snprintf(log_path, sizeof(log_path), "%s/gridwl-%s.log", harness_dir(h),
			harness_socket(h));
	snprintf(want, sizeof(want), "%s:3: no output NOWHERE-9 for window",
			config_path);
	char *log = harness_read_file(log_path);
	ok = CHECK(log != NULL && strstr(log, want) != NULL,
				 "the log does not say \"%s\"", want) &&
			ok;
	free(log);
	// Toggled by the bind action, the focused window goes on top of it.
	struct json_object *reply =
			harness_gridctl_ok(h, "action", "always-on-top", NULL);
	ok = CHECK(reply != NULL, "gridctl action always-on-top failed") && ok;
	json_object_put(reply);
	ok = topmost_is(h, "lost") && ok;
	ok = CHECK(harness_client_send(placed, "quit") &&
						 harness_client_wait_exit(placed, HARNESS_TIMEOUT_MS) ==
								 0,
				 "placed did not quit") &&
			ok;
	ok = CHECK(harness_client_send(centred, "quit") &&
						 harness_client_wait_exit(centred,
								 HARNESS_TIMEOUT_MS) == 0,
				 "centred did not quit") &&
			ok;
	ok = CHECK(harness_client_send(lost, "quit") &&
						 harness_client_wait_exit(lost, HARNESS_TIMEOUT_MS) ==
								 0,
				 "lost did not quit") &&
			ok;
	ok = opens_maximized_asking(h, "floats", "configure 0 0", -1, -1, 200,
				 150) &&
			ok;
	ok = opens_maximized_asking(h, "maximizes", "configure 640 480", 0, 0, 640,
				 480) &&
			ok;
	return ok;
}

static bool run(const void *data) {
	const char *args[] = { "--output",
		"HEADLESS-1 mode 640x480 scale 1 position 0,0", "--output",
		"HEADLESS-2 mode 1280x960 scale 2 position 640,0", NULL };
	return run_gridwl_config_file(config, args, body);
}

int main(void) {
	return check_main(
			"window rules place windows on an output, at a position and "
			"size, centred, on top; a missing output is logged",
			run, NULL);
}
