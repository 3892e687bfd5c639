#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "pattern.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * Snapping from the keyboard's actions (gridctl action snap ...) on the
 * mixed layout: HEADLESS-2 at scale 2 (640x480 logical at 640,0) with a
 * panel holding 30 logical pixels at its top. snap left and right fill
 * that half of what the panel leaves, 320x450 logical, which the client
 * draws at scale 2: its checker is on the screen pixel for pixel. up
 * maximizes, down steps back (unmaximize, then unsnap to the size and
 * place it had), and a word that is no direction is an error.
 */

#define PANEL 30

struct box {
	int x, y, width, height;
	const char *snapped; // NULL: null
	bool maximized;
};

static bool window_is(struct json_object *window, void *data) {
	const struct box *want = data;
	struct json_object *value;
	int got[4];
	const char *keys[] = { "x", "y", "width", "height" };
	for (int i = 0; i < 4; i++) {
		if (!json_object_object_get_ex(window, keys[i], &value)) {
			return false;
		}
		got[i] = json_object_get_int(value);
	}
	if (!json_object_object_get_ex(window, "snapped", &value)) {
		return false;
	}
	const char *snapped = value != NULL ? json_object_get_string(value) : NULL;
	bool snap_ok = want->snapped == NULL ?
			snapped == NULL :
			snapped != NULL && strcmp(snapped, want->snapped) == 0;
	return json_object_object_get_ex(window, "maximized", &value) &&
			json_object_get_boolean(value) == want->maximized && snap_ok &&
			got[0] == want->x && got[1] == want->y && got[2] == want->width &&
			got[3] == want->height;
}

static bool snap_to(struct harness *h, const char *where, struct box want) {
	char action[32];
	snprintf(action, sizeof(action), "snap %s", where);
	struct json_object *reply = harness_gridctl_ok(h, "action", action, NULL);
	bool ok = CHECK(reply != NULL, "gridctl action %s failed", action);
	json_object_put(reply);
	char why[128];
	snprintf(why, sizeof(why), "the window at %d,%d %dx%d after %s", want.x,
			want.y, want.width, want.height, action);
	struct json_object *window =
			harness_wait_window(h, window_is, &want, HARNESS_TIMEOUT_MS, why);
	json_object_put(window);
	return window != NULL && ok;
}

/* The client's checker at scale 2, 1:1 in the half at logical x on
 * HEADLESS-2, and the other half empty. */
static bool half_drawn(struct harness *h, struct harness_client *c, int x,
		const char *name) {
	REQUIRE(client_command_synced(c, "sync"), "the client went away");
	struct pattern checker;
	REQUIRE(pattern_parse("checker", &checker), "no checker");
	struct image *image = screenshot_gridctl(h, "HEADLESS-2", name);
	REQUIRE(image != NULL, "no screenshot %s", name);
	int px = (x - 640) * 2;
	bool ok = CHECK_PATTERN(image,
			((struct image_region){ px, PANEL * 2, 640, (480 - PANEL) * 2 }),
			&checker, 640, (480 - PANEL) * 2, name);
	int other = px == 0 ? 640 : 0;
	ok = CHECK_SOLID(image,
				 ((struct image_region){ other, PANEL * 2, 640,
						 (480 - PANEL) * 2 }),
				 BACKGROUND, name) &&
			ok;
	image_destroy(image);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	const char *panel_argv[] = { getenv("LAYER_CLIENT_BIN"), "--output", "1",
		"--anchor", "top,left,right", "--size", "0x30", "--exclusive", "30",
		"--pattern", "solid:808080", NULL };
	REQUIRE(panel_argv[0] != NULL, "LAYER_CLIENT_BIN is not set");
	struct harness_client *panel =
			spawn_argv_until(h, "panel", panel_argv, "configure ");
	REQUIRE(panel != NULL, "the panel was not configured");

	struct harness_client *c = spawn_pattern_ready(h, "half", 200, 150, 2,
			"--app-id", "half", "--size", "200x150", "--scale", "2",
			"--pattern", "checker", "--decoration", "client", NULL);
	REQUIRE(c != NULL, "no window");
	REQUIRE(rs_place(h, "half", 700, 100) > 0, "cannot place the window");

	bool ok = snap_to(h, "left",
			(struct box){ 640, PANEL, 320, 480 - PANEL, "left", false });
	// Drawn at the new size (after a redraw for the output's scale).
	char want[64];
	snprintf(want, sizeof(want), "ready 320 %d 2", 480 - PANEL);
	char *ready = NULL;
	while ((ready = harness_client_wait_line(c, "ready ",
					HARNESS_TIMEOUT_MS)) != NULL &&
			strcmp(ready, want) != 0) {
		free(ready);
	}
	ok = CHECK(ready != NULL, "the client never drew %s", want) && ok;
	free(ready);
	ok = half_drawn(h, c, 640, "snap-left") && ok;
	ok = snap_to(h, "right",
				 (struct box){ 960, PANEL, 320, 480 - PANEL, "right",
						 false }) &&
			half_drawn(h, c, 960, "snap-right") && ok;
	ok = snap_to(h, "up",
				 (struct box){ 640, PANEL, 640, 480 - PANEL, "right", true }) &&
			ok;
	ok = snap_to(h, "down",
				 (struct box){ 960, PANEL, 320, 480 - PANEL, "right",
						 false }) &&
			ok;
	ok = snap_to(h, "down", (struct box){ 700, 100, 200, 150, NULL, false }) &&
			ok;

	// Bad input: an error, and the window stays.
	int status = 0;
	struct json_object *reply =
			harness_gridctl(h, &status, "action", "snap", "sideways", NULL);
	ok = CHECK(status != 0, "snap sideways was accepted") && ok;
	json_object_put(reply);
	struct box same = { 700, 100, 200, 150, NULL, false };
	struct json_object *window = harness_wait_window(h, window_is, &same,
			HARNESS_TIMEOUT_MS, "the window where it was");
	ok = CHECK(window != NULL, "the window moved") && ok;
	json_object_put(window);

	ok = rs_quit(c) && ok;
	// The panel is only the exclusive zone here; its own ending is
	// layer-shell's to test.
	harness_client_kill(panel);
	return ok;
}

int main(void) {
	return main_mixed_layout(
			"snap halves of a scale-2 output's usable area, maximize "
			"and back",
			body, NULL);
}
