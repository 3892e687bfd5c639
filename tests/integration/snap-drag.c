#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "framed-windows.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "virtual-pointer.h"

/*
 * Snapping by dragging a window's title bar to an edge of the layout (the
 * mixed layout: HEADLESS-1 at scale 1, HEADLESS-2 at scale 2 right of it,
 * 640x480 logical each). While the button is held at the edge, gridctl
 * stats' snap_preview is the area the window will take, and the frame path
 * draws its outline at the output's scale; the seam between the outputs is
 * no edge. Dropped
 * there, the window's frame fills that half; dragged out again, it gets
 * its own size back; dropped at the top edge it is maximized.
 */

#define LAYOUT_WIDTH 1280
#define LAYOUT_HEIGHT 480

static bool pointer_to(struct harness_client *pointer, int x, int y) {
	char move[64];
	snprintf(move, sizeof(move), "move %d %d %d %d", x, y, LAYOUT_WIDTH,
			LAYOUT_HEIGHT);
	return pointer_command(pointer, "moved", move);
}

static bool button(struct harness_client *pointer, bool press) {
	return pointer_command(pointer, "button",
			press ? "button 272 press" : "button 272 release");
}

/* gridctl stats' snap_preview is want (NULL: null). */
static bool preview_is(struct harness *h, const int *want) {
	struct json_object *stats = harness_gridctl_ok(h, "stats", NULL);
	REQUIRE(stats != NULL, "gridctl stats failed");
	struct json_object *preview = NULL;
	bool ok = CHECK(json_object_object_get_ex(stats, "snap_preview", &preview),
			"stats has no snap_preview");
	if (want == NULL) {
		ok = CHECK(preview == NULL, "a preview where none is due: %s",
					 json_object_to_json_string(preview)) &&
				ok;
	} else {
		ok = CHECK_JSON_BOX(preview, want[0], want[1], want[2], want[3]) && ok;
	}
	json_object_put(stats);
	return ok;
}

/* The preview of HEADLESS-2's right half (logical 960,0 320x480) as the
 * frame path draws it there at scale 2: an outline 2 logical pixels wide
 * (4 device pixels) in the focused title bar's colour, 640,0 640x960 on
 * the output, and nothing just inside it. */
static bool outline_drawn(struct harness *h) {
	struct image *shot = screenshot_gridctl(h, "HEADLESS-2", "snap-preview");
	REQUIRE(shot != NULL, "no screenshot");
	const uint32_t colour = 0xff285577u;
	const struct {
		int x, y;
		bool outline;
	} points[] = {
		{ 640, 700, true },
		{ 643, 700, true },
		{ 644, 700, false },
		{ 1279, 700, true },
		{ 1276, 700, true },
		{ 1275, 700, false },
		{ 900, 0, true },
		{ 900, 3, true },
		{ 900, 4, false },
		{ 900, 959, true },
		{ 900, 956, true },
		{ 900, 955, false },
		{ 639, 700, false },
	};
	bool ok = true;
	for (size_t i = 0; i < sizeof(points) / sizeof(points[0]); i++) {
		uint32_t pixel = image_get(shot, points[i].x, points[i].y);
		ok = CHECK((pixel == colour) == points[i].outline,
					 "HEADLESS-2 %d,%d is %08x: %s the outline", points[i].x,
					 points[i].y, pixel,
					 points[i].outline ? "not" : "wrongly") &&
				ok;
	}
	if (!ok) {
		check_save_artifact(shot, "snap-preview");
	}
	image_destroy(shot);
	return ok;
}

/* The point in the title bar 40 px from the frame's left. */
static bool title_point(struct harness *h, int *x, int *y) {
	struct frame_info f;
	REQUIRE(window_frame(h, "drag", &f) && f.has_frame, "no frame");
	*x = f.fx + 40;
	*y = f.fy + (f.y - f.fy) / 2;
	return true;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no virtual pointer");
	struct harness_client *c =
			spawn_framed(h, "drag", "any", "server", 1, "Drag me");
	REQUIRE(c != NULL, "no client");
	bool ok = move_window(h, "drag", 200, 150);
	int tx, ty;
	REQUIRE(title_point(h, &tx, &ty), "no title bar");

	// Held at the layout's left edge: the left half of HEADLESS-1.
	ok = pointer_to(pointer, tx, ty) && button(pointer, true) &&
			pointer_to(pointer, 300, 200) && preview_is(h, NULL) &&
			pointer_to(pointer, 0, 200) &&
			preview_is(h, (const int[]){ 0, 0, 320, 480 }) && ok;
	// The seam at 640 is no edge.
	ok = pointer_to(pointer, 640, 200) && preview_is(h, NULL) && ok;
	ok = pointer_to(pointer, 639, 200) && preview_is(h, NULL) && ok;
	// The right edge is HEADLESS-2's right half; dropped there, snapped.
	ok = pointer_to(pointer, LAYOUT_WIDTH - 1, 200) &&
			preview_is(h, (const int[]){ 960, 0, 320, 480 }) &&
			outline_drawn(h) && button(pointer, false) && preview_is(h, NULL) &&
			ok;
	struct frame_info f;
	ok = CHECK(wait_box(h, (struct want_box){ "drag", -1, -1, -1, -1, 0 }, &f,
					   "the window after the drop"),
				 "no window") &&
			ok;
	for (int i = 0; i < 50 && (f.fx != 960 || f.fw != 320); i++) {
		harness_sleep_ms(20);
		window_frame(h, "drag", &f);
	}
	ok = CHECK(f.fx == 960 && f.fy == 0 && f.fw == 320 && f.fh == 480,
				 "frame at %d,%d %dx%d, not the right half", f.fx, f.fy, f.fw,
				 f.fh) &&
			ok;

	// Dragged out of its half: its own size again.
	REQUIRE(title_point(h, &tx, &ty), "no title bar");
	ok = pointer_to(pointer, tx, ty) && button(pointer, true) &&
			pointer_to(pointer, tx - 300, ty + 100) && button(pointer, false) &&
			CHECK(wait_box(h,
						  (struct want_box){ "drag", -1, -1, FRAMED_WIDTH,
								  FRAMED_HEIGHT, 0 },
						  &f, "the window unsnapped"),
					"not its size again") &&
			ok;

	// Dropped at the top edge: maximized.
	REQUIRE(title_point(h, &tx, &ty), "no title bar");
	ok = pointer_to(pointer, tx, ty) && button(pointer, true) &&
			pointer_to(pointer, 300, 0) &&
			preview_is(h, (const int[]){ 0, 0, 640, 480 }) &&
			button(pointer, false) &&
			CHECK(wait_box(h, (struct want_box){ "drag", -1, -1, -1, -1, 1 },
						  &f, "the window maximized"),
					"not maximized") &&
			ok;

	ok = CHECK_QUITS(c, "the client") && ok;
	harness_client_send(pointer, "quit");
	harness_client_wait_exit(pointer, HARNESS_TIMEOUT_MS);
	return ok;
}

int main(void) {
	return main_mixed_layout(
			"a title bar dragged to an edge shows the snap preview and "
			"snaps there",
			body, NULL);
}
