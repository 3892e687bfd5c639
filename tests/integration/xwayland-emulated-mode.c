#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "client-spawn.h"
#include "harness.h"
#include "image.h"
#include "run-gridwl.h"

/*
 * A game's own resolution at scale N (issue 19): an X11 program sets the
 * output to 640x480 with RandR, which Xwayland emulates for it alone, and
 * covers it with a 640x480 window; Xwayland stretches that window over the
 * whole output with a wp_viewport whose destination is the output's size
 * in X pixels. On HEADLESS-1 (800x600, scale 2: 400x300 logical, 800x600
 * X pixels) gridwl takes the destination divided by N, so the window
 * covers the output exactly: its left half (red) on the left 400 pixels,
 * its right half (blue) on the right 400, where the destination taken as
 * logical would have put red over all of it. A click at logical 100,75 is
 * sent to Xwayland at 200,150 of its surface, in X pixels of the output:
 * the X window gets it there (Debian 13's Xwayland 24.1), or at 160,120,
 * where an Xwayland that maps pointer positions through the viewport
 * (xwl_window scale_x) puts it; at 100,75 or 80,60 gridwl would have sent
 * it in logical pixels.
 *
 * Skipped where Xwayland is not installed.
 */

#define LEFT_PIXEL 0xd02020u
#define RIGHT_PIXEL 0x2040d0u

/* Every row of HEADLESS-1: LEFT_PIXEL up to 4 pixels before the middle,
 * RIGHT_PIXEL from 4 after it (the seam between is the stretch's). */
static long stretched_mismatches(const struct image *shot) {
	long mismatches = 0;
	for (int y = 0; y < shot->height; y++) {
		for (int x = 0; x < shot->width; x++) {
			uint32_t pixel = image_get(shot, x, y) & 0xffffffu;
			if (x < shot->width / 2 - 4) {
				mismatches += pixel != LEFT_PIXEL;
			} else if (x >= shot->width / 2 + 4) {
				mismatches += pixel != RIGHT_PIXEL;
			}
		}
	}
	return mismatches;
}

static struct image *screenshot(struct harness *h) {
	char *path = harness_path(h, "emulated.png");
	json_object_put(harness_gridctl_ok(h, "screenshot", "-o", "HEADLESS-1",
			path, NULL));
	struct image *shot = image_load_png(path);
	free(path);
	return shot;
}

static bool check_emulated(struct harness *h, const void *data) {
	struct harness_client *client = spawn_x11_until(h, "x11-mode",
			"X11_MODE_CLIENT_BIN", "ready", NULL);
	REQUIRE(client != NULL, "the X window never mapped");
	bool ok = true;
	char *line;

	// Until the window's stretched buffer is on screen.
	long mismatches = -1;
	struct image *shot = NULL;
	int64_t until = harness_now_ms() + HARNESS_TIMEOUT_MS;
	while (ok && mismatches != 0 && harness_now_ms() < until) {
		const char *wait[] = { "wait", "settled", NULL };
		json_object_put(harness_gridctlv(h, NULL, wait));
		image_destroy(shot);
		shot = screenshot(h);
		mismatches = shot != NULL ? stretched_mismatches(shot) : -1;
	}
	ok = ok &&
			CHECK(mismatches == 0,
					"HEADLESS-1 is not the 640x480 window stretched over it: "
					"%ld pixels off",
					mismatches);
	if (shot != NULL && !ok) {
		check_save_artifact(shot, "xwayland-emulated-mode");
	}
	image_destroy(shot);

	if (ok) {
		json_object_put(
				harness_gridctl_ok(h, "click", "100", "75", "left", NULL));
		line = harness_client_wait_line(client, "button", HARNESS_TIMEOUT_MS);
		ok = CHECK(line != NULL &&
						(strcmp(line, "button 200 150") == 0 ||
								strcmp(line, "button 160 120") == 0),
				"a click at 100,75 came as '%s', want 'button 200 150' (or "
				"160 120)",
				line != NULL ? line : "nothing");
		free(line);
	}
	harness_client_kill(client);
	return ok;
}

int main(void) {
	const char *args[] = { "--output", "HEADLESS-1 mode 800x600 scale 2",
		NULL };
	return main_gridwl_xwayland(
			"xwayland scale auto on a scale-2 output: a 640x480 "
			"emulated mode's window covers the output exactly",
			args, check_emulated, NULL);
}
