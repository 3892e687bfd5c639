#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "gridctl-outputs.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"

/*
 * Outputs placed by name ("position right-of|left-of|above|below OTHER
 * [ALIGN]"), edge to edge in logical pixels whatever their scales, placed
 * again whenever an output is rescaled, changes mode, is added or goes;
 * an absolute position from gridctl or wlr-output-management (wlr-randr)
 * wins. And windows partly on an output that goes end up wholly on the
 * outputs that remain.
 *
 * HEADLESS-1 640x480 at scale 1 (automatic), HEADLESS-2 1280x720 at scale 2
 * (640x360 logical) right of it, centred; HEADLESS-3 800x600 at scale 1
 * below HEADLESS-2, right-aligned.
 */

static const char *const args[] = {
	"--output",
	"HEADLESS-1 mode 640x480",
	"--output",
	"HEADLESS-2 mode 1280x720 scale 2 position right-of HEADLESS-1 center",
	"--output",
	"HEADLESS-3 mode 800x600 position below HEADLESS-2 right",
	NULL,
};

/* The output's logical box is x, y, width, height in gridctl outputs. */
static bool check_box(struct harness *h, const char *name, int x, int y,
		int width, int height, const char *when) {
	struct json_object *output = gridctl_output(h, name);
	REQUIRE(output != NULL, "%s: no output %s", when, name);
	struct json_object *field;
	int got[4];
	const char *keys[] = { "x", "y", "width", "height" };
	for (int i = 0; i < 4; i++) {
		got[i] = json_object_object_get_ex(output, keys[i], &field) ?
				json_object_get_int(field) :
				-1;
	}
	bool ok = CHECK(got[0] == x && got[1] == y && got[2] == width &&
					got[3] == height,
			"%s: %s is %dx%d at %d,%d, want %dx%d at %d,%d", when, name, got[2],
			got[3], got[0], got[1], width, height, x, y);
	json_object_put(output);
	return ok;
}

static bool body_relative(struct harness *h, const void *data) {
	// Edge to edge, centred: (480 - 360) / 2 = 60; right-aligned below:
	// 640 + 640 - 800 = 480.
	bool ok = check_box(h, "HEADLESS-1", 0, 0, 640, 480, "at start");
	ok = check_box(h, "HEADLESS-2", 640, 60, 640, 360, "at start") && ok;
	ok = check_box(h, "HEADLESS-3", 480, 420, 800, 600, "at start") && ok;

	// HEADLESS-1 at scale 2 is 320x240: the others follow.
	ok = harness_gridctl_succeeds(h, "output", "HEADLESS-1", "scale", "2",
				 NULL) &&
			check_box(h, "HEADLESS-1", 0, 0, 320, 240, "rescaled") &&
			check_box(h, "HEADLESS-2", 320, -60, 640, 360, "rescaled") &&
			check_box(h, "HEADLESS-3", 160, 300, 800, 600, "rescaled") && ok;

	// A new mode for HEADLESS-2: centred again, HEADLESS-3 below it.
	ok = harness_gridctl_succeeds(h, "output", "HEADLESS-2", "mode", "800x800",
				 NULL) &&
			check_box(h, "HEADLESS-2", 320, -80, 400, 400, "new mode") &&
			check_box(h, "HEADLESS-3", -80, 320, 800, 600, "new mode") && ok;

	// A new output placed at run time against HEADLESS-1, at its bottom.
	ok = harness_gridctl_succeeds(h, "create-output", "200x100", NULL) &&
			harness_gridctl_succeeds(h, "output", "HEADLESS-4", "position",
					"left-of", "HEADLESS-1", "bottom", NULL) &&
			check_box(h, "HEADLESS-4", -200, 140, 200, 100, "added") && ok;

	// An absolute position wins, from gridctl and from wlr-randr; what is
	// placed against the output follows it.
	ok = harness_gridctl_succeeds(h, "output", "HEADLESS-2", "position",
				 "2000,0", NULL) &&
			check_box(h, "HEADLESS-2", 2000, 0, 400, 400, "gridctl position") &&
			check_box(h, "HEADLESS-3", 1600, 400, 800, 600,
					"gridctl position") &&
			ok;
	const char *randr[] = { "wlr-randr", "--output", "HEADLESS-2", "--pos",
		"3000,100", NULL };
	ok = run_ok(h, randr) &&
			check_box(h, "HEADLESS-2", 3000, 100, 400, 400, "wlr-randr") &&
			check_box(h, "HEADLESS-3", 2600, 500, 800, 600, "wlr-randr") && ok;
	ok = harness_gridctl_succeeds(h, "output", "HEADLESS-1", "scale", "1",
				 NULL) &&
			check_box(h, "HEADLESS-2", 3000, 100, 400, 400,
					"rescaled after wlr-randr") &&
			check_box(h, "HEADLESS-4", -200, 380, 200, 100,
					"rescaled after wlr-randr") &&
			ok;

	// Placed against an output that goes: it stays where it was.
	ok = harness_gridctl_succeeds(h, "destroy-output", "HEADLESS-1", NULL) &&
			check_box(h, "HEADLESS-4", -200, 380, 200, 100, "anchor gone") &&
			ok;
	return ok;
}

static bool run_relative(const void *data) {
	return run_gridwl(args, body_relative, data);
}

/* The window's logical box and the outputs it is on. */
static bool check_window(struct harness *h, const char *app_id, int x, int y,
		const char *output, const char *when) {
	struct json_object *reply = harness_gridctl_ok(h, "windows", NULL);
	struct json_object *window =
			json_array_find(json_path(reply, "windows", json_type_array),
					"app_id", app_id);
	REQUIRE(window != NULL, "%s: no window %s", when, app_id);
	const char *names[] = { output, NULL };
	bool ok = CHECK_JSON_INT(window, "x", x) &&
			CHECK_JSON_INT(window, "y", y) &&
			CHECK(window_outputs_are(window, names),
					"%s: %s is not on %s alone", when, app_id, output);
	if (!ok) {
		fprintf(stderr, "%s: %s\n", when, json_object_to_json_string(window));
	}
	json_object_put(reply);
	return ok;
}

static bool body_stranded(struct harness *h, const void *data) {
	// 400x300 at the seam of a 1280-wide scale-1 output and a scale-2 one.
	struct harness_client *seam = spawn_pattern_ready(h, "seam", 400, 300, 1,
			"--app-id", "seam", "--size", "400x300", NULL);
	REQUIRE(seam != NULL, "no window");
	struct harness_client *big = spawn_pattern_ready(h, "big", 1200, 300, 1,
			"--app-id", "big", "--size", "1200x300", NULL);
	REQUIRE(big != NULL, "no big window");
	struct harness_client *other = spawn_pattern_ready(h, "other", 200, 100, 1,
			"--app-id", "other", "--size", "200x100", NULL);
	REQUIRE(other != NULL, "no window");
	REQUIRE(rs_place(h, "seam", 1080, 100) > 0 &&
					rs_place(h, "big", 1000, 50) > 0 &&
					rs_place(h, "other", 1500, 100) > 0,
			"cannot place the windows");
	// seam: the least move that puts it wholly on HEADLESS-1; big (most
	// of it on HEADLESS-2, which goes) moves whole onto HEADLESS-1 too;
	// other, wholly on HEADLESS-2, comes back as before.
	bool ok = harness_gridctl_succeeds(h, "destroy-output", "HEADLESS-2", NULL);
	ok = check_window(h, "seam", 880, 100, "HEADLESS-1", "output destroyed") &&
			ok;
	ok = check_window(h, "big", 80, 50, "HEADLESS-1", "output destroyed") && ok;
	// A window partly off-screen by choice stays so while no output goes.
	REQUIRE(rs_place(h, "seam", 1100, 100) > 0, "cannot move seam");
	ok = harness_gridctl_succeeds(h, "output", "HEADLESS-1", "scale", "1",
				 NULL) &&
			check_window(h, "seam", 1100, 100, "HEADLESS-1", "moved off") && ok;
	// Disabled, as destroyed (the new output takes the free name).
	ok = harness_gridctl_succeeds(h, "create-output", "1280x720", "scale", "2",
				 NULL) &&
			rs_place(h, "seam", 1200, 100) > 0 &&
			harness_gridctl_succeeds(h, "output", "HEADLESS-2", "disable",
					NULL) &&
			check_window(h, "seam", 880, 100, "HEADLESS-1",
					"output disabled") &&
			ok;
	harness_client_send(seam, "quit");
	harness_client_send(big, "quit");
	harness_client_send(other, "quit");
	return ok;
}

static bool run_stranded(const void *data) {
	static const char *const two[] = {
		"--output",
		"HEADLESS-1 mode 1280x720",
		"--output",
		"HEADLESS-2 mode 1280x720 scale 2",
		NULL,
	};
	return run_gridwl(two, body_stranded, data);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite,
			"outputs placed by name, edge to edge at any scale, placed again "
			"on rescale, new mode and new outputs; absolute positions win",
			run_relative, NULL);
	check_run(&suite,
			"windows partly on an output that goes end up wholly on the "
			"others",
			run_stranded, NULL);
	return check_finish(&suite);
}
