#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "client-spawn.h"
#include "harness.h"
#include "run-gridwl.h"
#include "gridctl-windows.h"

/*
 * Relative pointer motion reaches X11 programs in X pixels (issue 19):
 * Xwayland turns relative-pointer-v1 deltas into XInput 2 raw motion, what
 * games read (SDL, Wine), and moves a locked X pointer by them. On a
 * scale-2 output at "xwayland scale auto" (N = 2) a relative motion of
 * 13,6 logical pixels of a virtual pointer over an X window is raw motion
 * of 26,12 for x11-raw-motion-client, as the same hand movement crosses
 * twice as many X pixels; at "xwayland scale 1" it is 13,6.
 *
 * Skipped where Xwayland is not installed.
 */

static bool is_raw_motion(struct json_object *window, void *data) {
	return json_string_is(window, "app_id", "X11RawMotion");
}

/* The raw motion line want, skipping others (the absolute moves before
 * make raw motion too); false on timeout, the last raw line reported. */
static bool wait_raw(struct harness_client *client, const char *want) {
	char last[64] = "none";
	int64_t until = harness_now_ms() + HARNESS_TIMEOUT_MS;
	while (harness_now_ms() < until) {
		char *line = harness_client_next_line(client,
				(int)(until - harness_now_ms()));
		if (line == NULL) {
			break;
		}
		bool found = strcmp(line, want) == 0;
		if (strncmp(line, "raw ", 4) == 0) {
			snprintf(last, sizeof(last), "%s", line);
		}
		free(line);
		if (found) {
			return true;
		}
	}
	return CHECK(false, "no '%s' from the X client; the last raw motion: %s",
			want, last);
}

static bool check_relative(struct harness *h, int n) {
	struct harness_client *client = spawn_x11_until(h, "x11-raw-motion",
			"X11_RAW_MOTION_CLIENT_BIN", "ready", NULL);
	REQUIRE(client != NULL, "the X window never mapped");
	bool ok = true;
	char *line;
	struct json_object *window = ok ?
			harness_wait_window(h, is_raw_motion, NULL, HARNESS_TIMEOUT_MS,
					"the X11 raw motion window") :
			NULL;
	ok = ok && CHECK(window != NULL, "no X11 window");
	int wx = window_int(window, "x"), wy = window_int(window, "y");
	json_object_put(window);

	const char *pointer_argv[] = { getenv("POINTER_CLIENT_BIN"), NULL };
	struct harness_client *pointer = ok && pointer_argv[0] != NULL ?
			harness_spawn(h, "pointer", pointer_argv) :
			NULL;
	ok = ok && CHECK(pointer != NULL, "no virtual pointer client");
	if (ok) {
		line = harness_client_wait_line(pointer, "ready", HARNESS_TIMEOUT_MS);
		ok = CHECK(line != NULL, "the virtual pointer client did not start");
		free(line);
	}
	if (ok) {
		char x[16], y[16];
		snprintf(x, sizeof(x), "%d", wx + 20);
		snprintf(y, sizeof(y), "%d", wy + 10);
		json_object_put(harness_gridctl_ok(h, "pointer", x, y, NULL));
		line = harness_client_wait_line(client, "enter", HARNESS_TIMEOUT_MS);
		ok = CHECK(line != NULL, "the pointer never entered the X window");
		free(line);
	}
	if (ok) {
		ok = harness_client_send(pointer, "motion 13 6");
		line = harness_client_wait_line(pointer, "motion", HARNESS_TIMEOUT_MS);
		ok = CHECK(ok && line != NULL, "the relative motion was not sent");
		free(line);
	}
	if (ok) {
		char want[64];
		snprintf(want, sizeof(want), "raw %.2f %.2f", 13.0 * n, 6.0 * n);
		ok = wait_raw(client, want);
	}
	if (pointer != NULL) {
		harness_client_kill(pointer);
	}
	harness_client_kill(client);
	return ok;
}

static bool case_body(struct harness *h, const void *data) {
	const char *config_lines = data;
	return check_relative(h, strstr(config_lines, "scale 1") != NULL ? 1 : 2);
}

static bool run_case(const void *data) {
	const char *args[] = { "--output", "HEADLESS-1 mode 800x600 scale 2",
		NULL };
	return run_gridwl_config(data, args, case_body, data);
}

int main(void) {
	struct check_suite suite = { 0 };
	const char *names[] = {
		"xwayland scale auto on a scale-2 output: relative motion of 13,6 "
		"is raw motion of 26,12 X pixels",
		"xwayland scale 1: relative motion of 13,6 is raw motion of 13,6",
	};
	check_run_xwayland(&suite, names[0], run_case, "");
	check_run_xwayland(&suite, names[1], run_case, "xwayland scale 1\n");
	return check_finish(&suite);
}
