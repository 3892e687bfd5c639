#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "virtual-pointer.h"

/*
 * Pointer motion is in logical pixels and continuous across outputs of
 * different scale: a window spanning a scale-1 and a scale-2 output sees
 * the pointer advance by exactly the relative motion, before and after the
 * seam. Between outputs with a gap the pointer stops at the edge of the
 * layout instead of entering the gap. A window that moves under a still
 * pointer gets leave, enter and motion as if the pointer had moved. The
 * pointer starts at the centre of the first output.
 */

#define WINDOW_X 450
#define WINDOW_Y 100

struct layout {
	const char *name;
	const char *second; // HEADLESS-2's --output line
	int layout_width, layout_height; // for absolute motion
};

static bool wait_motion(struct harness_client *c, double *x, double *y) {
	char *line =
			harness_client_wait_line(c, "pointer motion", HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "no pointer motion reached the window");
	bool ok = CHECK(sscanf(line, "pointer motion %lf %lf", x, y) == 2,
			"bad line \"%s\"", line);
	free(line);
	return ok;
}

/* The 400x300 window the pointer moves over, with a cursor of its own. */
static const char *const window_args[] = { "--app-id", "motion", "--pattern",
	"checker", "--size", "400x300", "--cursor", "1", NULL };

static bool start(struct harness *h, const struct layout *l,
		struct harness_client **window, struct harness_client **pointer, int x,
		int y) {
	*window = harness_spawn_pattern_client(h, "motion", window_args);
	// Headless gridwl's seat has a pointer from the start: the window
	// binds its wl_pointer before it maps.
	char *line = *window != NULL ?
			harness_client_wait_line(*window, "pointer ready",
					HARNESS_TIMEOUT_MS) :
			NULL;
	REQUIRE(line != NULL, "the window never got a wl_pointer");
	free(line);
	REQUIRE(CHECK_READY(*window, 400, 300, 1), "no window");
	REQUIRE(rs_place(h, "motion", WINDOW_X, WINDOW_Y) > 0,
			"cannot place the window");
	*pointer = spawn_virtual_pointer(h);
	REQUIRE(*pointer != NULL, "no virtual pointer");
	char command[64];
	snprintf(command, sizeof(command), "move %d %d %d %d", x, y,
			l->layout_width, l->layout_height);
	REQUIRE(pointer_command(*pointer, "moved", command), "no move");
	line = harness_client_wait_line(*window, "pointer enter",
			HARNESS_TIMEOUT_MS);
	bool ok = CHECK(line != NULL, "the pointer never entered the window");
	free(line);
	return ok;
}

static bool body_seam(struct harness *h, const void *data) {
	const struct layout *l = data;
	struct harness_client *window, *pointer;
	REQUIRE(start(h, l, &window, &pointer, 500, 150), "no setup");
	double x, y;
	bool ok = true;
	// Steps of 50 from logical 500 to 800, across the seam at 640.
	for (int i = 1; i <= 6 && ok; i++) {
		ok = pointer_command(pointer, "motion", "motion 50 3") &&
				wait_motion(window, &x, &y);
		double want_x = 50 + 50 * i, want_y = 50 + 3 * i;
		ok = ok &&
				CHECK(x == want_x && y == want_y,
						"after %d steps the "
						"pointer is at %.2f,%.2f in the window, want %.0f,%.0f",
						i, x, y, want_x, want_y);
	}
	harness_client_send(pointer, "quit");
	return rs_quit(window) && ok;
}

static bool body_gap(struct harness *h, const void *data) {
	const struct layout *l = data;
	struct harness_client *window, *pointer;
	REQUIRE(start(h, l, &window, &pointer, 600, 150), "no setup");
	double x, y;
	// 700 is in the gap between 640 and 800: the pointer stops at the
	// last column of HEADLESS-1 (window x 190), not in the gap and not on
	// HEADLESS-2.
	bool ok = pointer_command(pointer, "motion", "motion 100 0") &&
			wait_motion(window, &x, &y);
	ok = ok &&
			CHECK(x >= 189 && x < 190 && y == 50,
					"moved into the gap, "
					"the pointer is at %.2f,%.2f in the window, want just under 190,50",
					x, y);
	harness_client_send(pointer, "quit");
	return rs_quit(window) && ok;
}

static bool wait_pointer_line(struct harness_client *window, const char *what) {
	char *line = harness_client_wait_line(window, what, HARNESS_TIMEOUT_MS);
	free(line);
	return line != NULL;
}

static bool body_still(struct harness *h, const void *data) {
	const struct layout *l = data;
	struct harness_client *window, *pointer;
	// The pointer rests at logical 500,150: window coordinates 50,50.
	REQUIRE(start(h, l, &window, &pointer, 500, 150), "no setup");
	bool ok = CHECK(rs_place(h, "motion", 700, 300) > 0 &&
					wait_pointer_line(window, "pointer leave"),
			"a window moved away from the pointer should get leave");
	ok = CHECK(rs_place(h, "motion", 400, 50) > 0 &&
						 wait_pointer_line(window, "pointer enter"),
				 "a window moved under the pointer should get enter") &&
			ok;
	// Still under the pointer, ten logical pixels to the right (across the
	// seam at 640 for its right part): the pointer is ten pixels further
	// left in it.
	double x, y;
	ok = CHECK(rs_place(h, "motion", 410, 50) > 0 &&
						 wait_motion(window, &x, &y),
				 "a window moved under a still "
				 "pointer should get motion") &&
			ok;
	ok = ok &&
			CHECK(x == 90 && y == 100,
					"after the move the pointer is at "
					"%.2f,%.2f in the window, want 90,100",
					x, y);
	harness_client_send(pointer, "quit");
	return rs_quit(window) && ok;
}

static bool body_start(struct harness *h, const void *data) {
	// Over the centre of HEADLESS-1, 320,240, before any pointer moved.
	struct harness_client *window =
			harness_spawn_pattern_client(h, "motion", window_args);
	REQUIRE(window != NULL && wait_pointer_line(window, "pointer ready") &&
					CHECK_READY(window, 400, 300, 1),
			"no window");
	REQUIRE(rs_place(h, "motion", 100, 100) > 0, "cannot place the window");
	const char *argv[] = { getenv("POINTER_CLIENT_BIN"), NULL };
	struct harness_client *pointer =
			argv[0] != NULL ? harness_spawn(h, "pointer", argv) : NULL;
	REQUIRE(pointer != NULL, "no virtual pointer client");
	bool ok = CHECK(wait_pointer_line(pointer, "ready"),
			"the virtual pointer client did not start");
	// The first motion gives the window its first focus, enter; from 0,0
	// the pointer would stay outside the window.
	ok = ok && pointer_command(pointer, "motion", "motion 1 1") &&
			CHECK(wait_pointer_line(window, "pointer enter"),
					"the pointer did not enter the window over the output's centre");
	double x, y;
	ok = ok && pointer_command(pointer, "motion", "motion 1 1") &&
			wait_motion(window, &x, &y);
	ok = ok &&
			CHECK(x == 222 && y == 142,
					"two pixels from where it "
					"started the pointer is at %.2f,%.2f in the window, want 222,142 "
					"(the output's centre 320,240 plus 2,2)",
					x, y);
	harness_client_send(pointer, "quit");
	return rs_quit(window) && ok;
}

/* The layout's outputs: HEADLESS-1 and its second beside it. */
static void run_on_layout(struct check_suite *suite, const char *name,
		bool (*body)(struct harness *h, const void *data),
		const struct layout *l) {
	const char *args[] = {
		"--output",
		"HEADLESS-1 mode 640x480 scale 1 position 0,0",
		"--output",
		l->second,
		NULL,
	};
	check_run_gridwl(suite, name, args, body, l);
}

int main(void) {
	static const struct layout adjacent = {
		"adjacent",
		"HEADLESS-2 mode 1280x960 scale 2 position 640,0",
		1280,
		480,
	};
	static const struct layout gap = {
		"gap",
		"HEADLESS-2 mode 1280x960 scale 2 position 800,0",
		1440,
		480,
	};
	struct check_suite suite = { 0 };
	run_on_layout(&suite,
			"relative motion is continuous across a scale-1 / "
			"scale-2 seam, in logical pixels",
			body_seam, &adjacent);
	run_on_layout(&suite, "the pointer does not enter the gap between outputs",
			body_gap, &gap);
	run_on_layout(&suite,
			"a window moving under a still pointer gets leave, "
			"enter and motion",
			body_still, &adjacent);
	run_on_layout(&suite,
			"the pointer starts at the centre of the first output", body_start,
			&adjacent);
	return check_finish(&suite);
}
