#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "gridctl-expect.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * tablet-unstable-v2, with gridctl's tablet (a wlr_tablet of gridwl's own
 * whose events take a real pen's path) on the mixed layout: a window that
 * binds tablet-v2 (tablet-client) hears of the tablet and its pen, gets
 * proximity, motion in its own logical coordinates, pressure, tilt, tip and
 * stylus buttons, on the scale-1 and the scale-2 output alike, keeps the pen
 * while its tip is down and loses it when the pen leaves it; a window
 * whose client has not bound tablet-v2 gets the pen as the pointer (the
 * tip its left button, the stylus button its right one), and a window
 * under it nothing. gridctl refuses what a pen cannot do.
 */

/* gridctl tablet ARGS succeeds, or fails saying want. */
#define TABLET(h, ...) GRIDCTL_SUCCEEDS((h), "tablet", __VA_ARGS__)
#define TABLET_FAILS(h, want, ...) \
	GRIDCTL_FAILS((h), (want), "tablet", __VA_ARGS__)

static bool pointer_to(struct harness *h, const char *x, const char *y) {
	struct json_object *reply =
			harness_gridctl_ok(h, "pointer", x, y, (char *)NULL);
	json_object_put(reply);
	return reply != NULL;
}

/* A 200x150 window, centred on the output under the pointer, which
 * enters it; what it hears until it is ready (tablets, pointer) is
 * exactly want. */
static struct harness_client *spawn_window_at(const char *file, int line,
		struct harness *h, const char *app_id, bool tablet,
		const char *const *want) {
	struct harness_client *c = spawn_tablet_client(h, app_id, tablet);
	if (c == NULL) {
		return NULL;
	}
	struct lines lines;
	REQUIRE(client_lines_before(c, "ready", &lines), "%s did not map", app_id);
	bool ok = check_lines_at(file, line, &lines, want, app_id);
	lines_free(&lines);
	return ok ? c : NULL;
}

#define SPAWN_WINDOW(h, app_id, tablet, ...) \
	spawn_window_at(__FILE__, __LINE__, (h), (app_id), (tablet), \
			(const char *const[]){ __VA_ARGS__, NULL })

/* What the client heard of tablets and the pointer since the last call is
 * exactly want. */
static bool expect_at(const char *file, int line, struct harness_client *c,
		const char *const *want, const char *what) {
	const char *const prefixes[] = { "tablet", "tool", "proximity", "motion",
		"pressure", "tilt", "down", "up", "button", "pointer", "error", NULL };
	return check_heard_at(file, line, c, prefixes, want, what);
}

#define EXPECT(c, what, ...) \
	expect_at(__FILE__, __LINE__, (c), \
			(const char *const[]){ __VA_ARGS__, NULL }, (what))
#define EXPECT_NOTHING(c, what) \
	expect_at(__FILE__, __LINE__, (c), (const char *const[]){ NULL }, (what))

/* tablet-a on HEADLESS-1 (scale 1) at 220,165. */
static bool scale1_pen(struct harness *h, struct harness_client *a) {
	bool ok = TABLET(h, "proximity-in", "250", "200");
	ok = EXPECT(a, "the pen coming near tablet-a",
				 "tablet added gridctl-tablet", "tool added pen tilt pressure",
				 "proximity in", "motion 30.00 35.00") &&
			ok;
	ok = TABLET(h, "motion", "260", "210", "--pressure", "0.25", "--tilt",
				 "30,-15") &&
			ok;
	ok = EXPECT(a, "a motion with pressure and tilt", "motion 40.00 45.00",
				 "pressure 16383", "tilt 30.00 -15.00") &&
			ok;
	ok = TABLET(h, "down", "270", "220", "--pressure", "0.5") && ok;
	ok = EXPECT(a, "the tip down", "motion 50.00 55.00", "pressure 32767",
				 "down") &&
			ok;
	// Down, the pen stays tablet-a's off it, in its coordinates.
	ok = TABLET(h, "motion", "500", "400") && ok;
	ok = EXPECT(a, "a drag out of tablet-a", "motion 280.00 235.00") && ok;
	ok = TABLET(h, "up", "500", "400") && ok;
	ok = EXPECT(a, "the tip up", "motion 280.00 235.00", "up") && ok;
	// Lifted, it is over nothing: it leaves, and so does the pointer
	// (it has the cursor now).
	ok = TABLET(h, "motion", "510", "400") && ok;
	ok = EXPECT(a, "the pen moving off tablet-a", "proximity out",
				 "pointer leave") &&
			ok;
	ok = TABLET(h, "proximity-out", "510", "400") && ok;
	return EXPECT_NOTHING(a, "the pen taken away off tablet-a") && ok;
}

/* tablet-b on HEADLESS-2 (scale 2) at 860,165: the same logical
 * coordinates. */
static bool scale2_pen(struct harness *h, struct harness_client *b) {
	bool ok = TABLET(h, "proximity-in", "870", "180");
	ok = EXPECT(b, "the pen coming near tablet-b", "proximity in",
				 "motion 10.00 15.00") &&
			ok;
	ok = TABLET(h, "motion", "1059", "314", "--tilt", "-45.5,60") && ok;
	ok = EXPECT(b, "a motion with tilt at scale 2", "motion 199.00 149.00",
				 "tilt -45.50 60.00") &&
			ok;
	ok = TABLET(h, "button", "stylus", "down") &&
			TABLET(h, "button", "stylus", "up") && ok;
	ok = EXPECT(b, "the stylus button", "button 331 1", "button 331 0") && ok;
	ok = TABLET(h, "proximity-out", "1059", "314") && ok;
	return EXPECT(b, "the pen taken away", "proximity out") && ok;
}

/* tablet-c, without tablet-v2, over tablet-a. */
static bool emulated_pen(struct harness *h, struct harness_client *a,
		struct harness_client *c) {
	bool ok = TABLET(h, "proximity-in", "250", "200");
	ok = EXPECT(c, "the pen near tablet-c", "pointer motion 30.00 35.00") && ok;
	ok = TABLET(h, "down", "260", "210", "--pressure", "1") && ok;
	ok = EXPECT(c, "the tip down on tablet-c", "pointer motion 40.00 45.00",
				 "pointer button 272 1") &&
			ok;
	ok = TABLET(h, "motion", "270", "220") && ok;
	ok = EXPECT(c, "a drag on tablet-c", "pointer motion 50.00 55.00") && ok;
	ok = TABLET(h, "up", "270", "220") && ok;
	ok = EXPECT(c, "the tip up on tablet-c", "pointer button 272 0") && ok;
	ok = TABLET(h, "button", "stylus", "down") &&
			TABLET(h, "button", "stylus", "up") && ok;
	ok = EXPECT(c, "the stylus button on tablet-c", "pointer button 273 1",
				 "pointer button 273 0") &&
			ok;
	ok = TABLET(h, "proximity-out", "270", "220") && ok;
	ok = EXPECT_NOTHING(c, "the pen taken away from tablet-c") && ok;
	// tablet-a, under it, heard nothing of any of it.
	return EXPECT(a, "tablet-a under tablet-c", "pointer leave") && ok;
}

static bool refusals(struct harness *h) {
	bool ok = TABLET_FAILS(h, "the pen is not in proximity", "motion", "10",
			"10");
	ok = TABLET_FAILS(h, "2000,100 is on no output", "proximity-in", "2000",
				 "100") &&
			ok;
	ok = TABLET_FAILS(h, "pressure must be 0 to 1, not 2", "proximity-in", "10",
				 "10", "--pressure", "2") &&
			ok;
	ok = TABLET_FAILS(h, "tilt must be -90 to 90 degrees", "proximity-in", "10",
				 "10", "--tilt", "91,0") &&
			ok;
	ok = TABLET_FAILS(h, "the pen is not down", "up", "10", "10") && ok;
	ok = TABLET_FAILS(h, "no stylus button named eraser", "button", "eraser",
				 "down") &&
			ok;
	return TABLET_FAILS(h, "invalid tablet action 'wave'", "wave", "1", "2") &&
			ok;
}

static bool body(struct harness *h, const void *data) {
	REQUIRE(pointer_to(h, "320", "240"), "no gridctl pointer");
	struct harness_client *a =
			SPAWN_WINDOW(h, "tablet-a", true, "pointer enter 100.00 75.00");
	REQUIRE(a != NULL, "no tablet-a");
	bool ok = scale1_pen(h, a);

	REQUIRE(pointer_to(h, "960", "240"), "no gridctl pointer");
	// It binds tablet-v2 after the pen came: it hears of it at once.
	struct harness_client *b = SPAWN_WINDOW(h, "tablet-b", true,
			"tablet added gridctl-tablet", "tool added pen tilt pressure",
			"pointer enter 100.00 75.00");
	REQUIRE(b != NULL, "no tablet-b");
	ok = scale2_pen(h, b) && ok;
	ok = EXPECT_NOTHING(a, "tablet-a while the pen was on tablet-b") && ok;

	REQUIRE(pointer_to(h, "320", "240"), "no gridctl pointer");
	ok = EXPECT(a, "the pointer back on tablet-a",
				 "pointer enter 100.00 75.00") &&
			ok;
	ok = EXPECT(b, "the pointer leaving tablet-b", "pointer leave") && ok;
	struct harness_client *c =
			SPAWN_WINDOW(h, "tablet-c", false, "pointer enter 100.00 75.00");
	REQUIRE(c != NULL, "no tablet-c");
	ok = emulated_pen(h, a, c) && ok;
	ok = EXPECT_NOTHING(b, "tablet-b while the pen was on tablet-c") && ok;

	ok = refusals(h) && ok;
	return CHECK_ALL_QUIT(a, "tablet-a", b, "tablet-b", c, "tablet-c") && ok;
}

int main(void) {
	return main_mixed_layout(
			"a pen reaches the window under it through tablet-v2 at scale 1 "
			"and 2, and as the pointer where tablet-v2 is not bound",
			body, NULL);
}
