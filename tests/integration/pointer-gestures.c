#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gridctl-expect.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * pointer-gestures-unstable-v1: touchpad swipes, pinches and holds, made
 * by gridctl gesture on gridctl's pointer as libinput's would come, reach
 * the window under the pointer (shape-client, on the scale-2 output of the
 * mixed layout) exactly as given, in the pointer's logical units, and no
 * other window; where the pointer is over no window they go nowhere.
 */

/* gridctl ARGS succeeds, or fails saying want. */
#define gridctl_ok(h, args) \
	gridctl_expect_at(__FILE__, __LINE__, (h), (args), NULL)
#define gridctl_fails(h, args, want) \
	gridctl_expect_at(__FILE__, __LINE__, (h), (args), (want))

static struct harness_client *spawn_window(struct harness *h,
		const char *app_id) {
	const char *argv[] = { getenv("SHAPE_CLIENT_BIN"), app_id, NULL };
	REQUIRE(argv[0] != NULL, "SHAPE_CLIENT_BIN is not set");
	struct harness_client *c = harness_spawn(h, app_id, argv);
	REQUIRE(c != NULL, "cannot start %s", app_id);
	// It maps under the pointer, which enters it.
	char *line =
			harness_client_wait_line(c, "pointer enter", HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "%s did not get the pointer", app_id);
	free(line);
	return c;
}

/* What the client heard of gestures until now is exactly want. */
static bool expect_gestures(struct harness_client *c, const char *const *want) {
	const char *const prefixes[] = { "swipe", "pinch", "hold", NULL };
	return check_heard_at(__FILE__, __LINE__, c, prefixes, want,
			"the gestures the window got");
}

static bool body(struct harness *h, const void *data) {
	const char *const to_s2[] = { "pointer", "960", "240", NULL };
	REQUIRE(gridctl_ok(h, to_s2), "no gridctl pointer");
	struct harness_client *a = spawn_window(h, "touchpad-a");
	REQUIRE(a != NULL, "no window a");

	const char *const swipe[] = { "gesture", "swipe", "3", "10", "-5", NULL };
	const char *const pinch[] = { "gesture", "pinch", "2", "150", "30", NULL };
	const char *const hold[] = { "gesture", "hold", "1", NULL };
	bool ok =
			gridctl_ok(h, swipe) && gridctl_ok(h, pinch) && gridctl_ok(h, hold);
	const char *const all[] = { "swipe begin 3", "swipe update 10.00 -5.00",
		"swipe end 0", "pinch begin 2", "pinch update 0.00 0.00 1.50 30.00",
		"pinch end 0", "hold begin 1", "hold end 0", NULL };
	ok = expect_gestures(a, all) && ok;

	// Over no window, at the middle of the scale-1 output: nobody's.
	const char *const to_s1[] = { "pointer", "320", "240", NULL };
	ok = gridctl_ok(h, to_s1) && gridctl_ok(h, swipe) && ok;
	const char *const none[] = { NULL };
	ok = expect_gestures(a, none) && ok;

	// A window there gets them, and a does not.
	struct harness_client *b = spawn_window(h, "touchpad-b");
	REQUIRE(b != NULL, "no window b");
	ok = gridctl_ok(h, hold) && ok;
	const char *const held[] = { "hold begin 1", "hold end 0", NULL };
	ok = expect_gestures(b, held) && ok;
	ok = expect_gestures(a, none) && ok;

	const char *const no_fingers[] = { "gesture", "swipe", "0", "1", "1",
		NULL };
	ok = gridctl_fails(h, no_fingers, "fingers must be 1 to 10, not 0") && ok;
	const char *const flat[] = { "gesture", "pinch", "2", "0", "0", NULL };
	ok = gridctl_fails(h, flat, "a pinch's scale must be above 0") && ok;

	return CHECK_ALL_QUIT(a, "touchpad-a", b, "touchpad-b") && ok;
}

int main(void) {
	return main_mixed_layout(
			"swipes, pinches and holds reach the window under the pointer "
			"only",
			body, NULL);
}
