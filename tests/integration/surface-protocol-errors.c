#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * A client that breaks the wl_surface rules is disconnected with the right
 * protocol error, and only it: a client connected before keeps working, and
 * what it draws afterwards reaches the screen.
 */

#define OUTPUT "HEADLESS-1"

struct bad_case {
	const char *const *args; // for the bad client, NULL terminated
	const char *error; // how the line it must print starts
	bool shows_first; // it commits one valid frame before the bad one
};

static bool only_good_left(struct json_object *reply, void *data) {
	struct json_object *windows = json_path(reply, "windows", json_type_array);
	return windows != NULL && json_object_array_length(windows) == 1 &&
			json_array_find(windows, "app_id", "good") != NULL;
}

static bool body(struct harness *h, const void *data) {
	const struct bad_case *c = data;
	struct harness_client *good = spawn_good_client(h, OUTPUT, 640, 480, 1);
	REQUIRE(good != NULL, "good client not shown");

	struct harness_client *bad =
			harness_spawn_pattern_client(h, "bad", c->args);
	REQUIRE(bad != NULL, "cannot start the bad client");
	bool ok = true;
	if (c->shows_first) {
		ok = CHECK_READY(bad, 200, 100, 1) && ok;
	}
	ok = CHECK_PROTOCOL_ERROR(bad, c->error) && ok;

	const char *windows[] = { "windows", NULL };
	struct json_object *reply = harness_wait_gridctl(h, windows, only_good_left,
			NULL, HARNESS_TIMEOUT_MS, "only the good window to be left");
	ok = CHECK(reply != NULL, "the bad window did not go") && ok;
	json_object_put(reply);

	// The good client must still be connected and served.
	return check_good_client_draws(h, good, OUTPUT, 640, 480,
				   "bad-client-good") &&
			ok;
}

static bool run_case(const void *data) {
	return run_on_output(OUTPUT, 640, 480, 1, body, data);
}

int main(void) {
	static const char *const zero_scale[] = {
		"--bad-scale",
		"0",
		"--app-id",
		"bad",
		NULL,
	};
	static const char *const odd_buffer[] = {
		"--odd-buffer",
		"--scale",
		"2",
		"--app-id",
		"bad",
		NULL,
	};
	// wl_surface.error: invalid_scale is 0, invalid_size is 2.
	const struct bad_case cases[] = {
		{ zero_scale, "error protocol interface=wl_surface code=0", true },
		{ odd_buffer, "error protocol interface=wl_surface code=2", false },
	};
	struct check_suite suite = { 0 };
	check_run(&suite, "set_buffer_scale(0) disconnects only that client",
			run_case, &cases[0]);
	check_run(&suite,
			"buffer not divisible by its scale disconnects only "
			"that client",
			run_case, &cases[1]);
	return check_finish(&suite);
}
