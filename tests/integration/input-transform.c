#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "client-spawn.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "virtual-pointer.h"

/*
 * Touch, pen and absolute pointer input on a rotated output. HEADLESS-1
 * (800x600, scale 1) at 0,0 and HEADLESS-2 (800x600, scale 2) at 800,0,
 * turned 90 (300x400 logical) and then flipped (400x300); gridctl's touch
 * screen and tablet and the wlr-virtual-pointer are mapped to HEADLESS-2
 * (map_to_output), so wlr_cursor turns their positions by its transform.
 *
 * gridctl touch and gridctl tablet take layout coordinates: a finger and a
 * pen at 950,120 and 960,130 reach a window at 900,50 at 50,70 and 60,80
 * whatever the output's transform (their fractions are turned back before
 * wlr_cursor turns them). The virtual pointer gives positions as a panel
 * does, as fractions of the output's unturned mode: a point of the panel
 * reaches the window at the logical point the panel shows there, the
 * output's buffer being the upright picture turned by the transform (90:
 * turned a quarter anticlockwise, panel fraction x,y showing upright
 * fraction 1 - y, x; flipped: mirrored, 1 - x, y).
 */

#define CONFIG \
	"input 0:0:gridctl-touch map_to_output HEADLESS-2\n" \
	"input 0:0:gridctl-tablet map_to_output HEADLESS-2\n" \
	"input 0:0:wlr_virtual_pointer_v1 map_to_output HEADLESS-2\n"

#define ROTATED "HEADLESS-2"
#define WINDOW_X 900
#define WINDOW_Y 50

struct transform_case {
	const char *name;
	int logical_width, logical_height;
	// A panel point (thousandths of the mode) over the window, and the
	// window-local point it shows.
	int panel_x, panel_y;
	const char *pointer_enter;
};

static bool gridctl_ok(struct harness *h, const char *const *args) {
	struct json_object *reply = harness_gridctl_ok(h, args[0], args[1], args[2],
			args[3], args[4], args[5], (char *)NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "gridctl %s %s %s failed", args[0], args[1],
			args[2]);
}

#define GRIDCTL(h, ...) \
	gridctl_ok((h), \
			(const char *const[]){ __VA_ARGS__, NULL, NULL, NULL, NULL, NULL, \
					NULL })

static bool check_touch(struct harness *h) {
	struct harness_client *window = spawn_ready(h, "touched",
			"KEYBOARD_CLIENT_BIN", "--app-id", "touched", NULL);
	REQUIRE(window != NULL, "the touch window did not show");
	bool ok = rs_place(h, "touched", WINDOW_X, WINDOW_Y) > 0;
	ok = ok && GRIDCTL(h, "touch", "down", "1", "950", "120") &&
			CHECK_LINE(window, "touch down", "touch down 1 50.00 70.00");
	ok = ok && GRIDCTL(h, "touch", "motion", "1", "960", "130") &&
			CHECK_LINE(window, "touch motion", "touch motion 1 60.00 80.00");
	ok = ok && GRIDCTL(h, "touch", "up", "1") &&
			CHECK_WHOLE_LINE(window, "touch up 1");
	return CHECK_QUITS(window, "the touch window") && ok;
}

static bool check_pen_and_pointer(struct harness *h,
		struct harness_client *pointer, const struct transform_case *t) {
	const char *argv[] = { getenv("TABLET_CLIENT_BIN"), "drawn", NULL };
	REQUIRE(argv[0] != NULL, "TABLET_CLIENT_BIN is not set");
	struct harness_client *window = spawn_argv_until(h, "drawn", argv, "ready");
	REQUIRE(window != NULL, "the tablet window did not show");
	bool ok = rs_place(h, "drawn", WINDOW_X, WINDOW_Y) > 0;
	ok = ok && GRIDCTL(h, "tablet", "proximity-in", "950", "120") &&
			CHECK_WHOLE_LINE(window, "proximity in") &&
			CHECK_LINE(window, "motion", "motion 50.00 70.00");
	ok = ok && GRIDCTL(h, "tablet", "down", "960", "130") &&
			CHECK_LINE(window, "motion", "motion 60.00 80.00") &&
			CHECK_WHOLE_LINE(window, "down");
	ok = ok && GRIDCTL(h, "tablet", "up", "960", "130") &&
			GRIDCTL(h, "tablet", "proximity-out", "960", "130") &&
			CHECK_WHOLE_LINE(window, "proximity out");

	// The panel's corner area, off the window in both orientations, then
	// the panel point over it.
	ok = ok && pointer_command(pointer, "moved", "move 50 50 1000 1000");
	struct lines lines;
	ok = ok && CHECK(client_sync_lines(window, &lines), "no sync");
	if (ok) {
		lines_free(&lines);
	}
	char command[64];
	snprintf(command, sizeof(command), "move %d %d 1000 1000", t->panel_x,
			t->panel_y);
	ok = ok && pointer_command(pointer, "moved", command) &&
			CHECK_LINE(window, "pointer enter", t->pointer_enter);
	return CHECK_QUITS(window, "the tablet window") && ok;
}

static bool body(struct harness *h, const void *data) {
	static const struct transform_case transforms[] = {
		// Panel 0.4,0.3 shows upright 0.7,0.4 of 300x400: 210,160, window
		// 110,110.
		{ "90", 300, 400, 400, 300, "pointer enter 110.00 110.00" },
		// Panel 0.4,0.4 shows upright 0.6,0.4 of 400x300: 240,120, window
		// 140,70.
		{ "flipped", 400, 300, 400, 400, "pointer enter 140.00 70.00" },
	};
	// gridctl's touch screen comes with its first touch, which no client
	// hears (they bind wl_touch once the seat has it): on no window.
	bool ok = GRIDCTL(h, "touch", "down", "0", "1000", "250") &&
			GRIDCTL(h, "touch", "up", "0");
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no virtual pointer");
	for (size_t i = 0; i < sizeof(transforms) / sizeof(transforms[0]); i++) {
		const struct transform_case *t = &transforms[i];
		fprintf(stderr, "# %s\n", t->name);
		ok = GRIDCTL(h, "output", ROTATED, "transform", t->name) && ok;
		ok = check_touch(h) && ok;
		ok = check_pen_and_pointer(h, pointer, t) && ok;
	}
	harness_client_send(pointer, "quit");
	harness_client_kill(pointer);
	return ok;
}

static bool run(const void *data) {
	const char *args[] = { "--output",
		"HEADLESS-1 mode 800x600 scale 1 position 0,0", "--output",
		ROTATED " mode 800x600 scale 2 position 800,0", NULL };
	return run_gridwl_config(CONFIG, args, body, data);
}

int main(void) {
	return check_main("touch, pen and a virtual pointer mapped to an output "
					  "turned 90 and flipped at scale 2",
			run, NULL);
}
