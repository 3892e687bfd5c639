#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "framed-windows.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "virtual-pointer.h"

/*
 * Minimize, seen from the outside: the client's xdg_toplevel.set_minimized
 * and a taskbar's (toplevel-client's) set_minimized hide the window (the
 * screenshot shows what is below it, gridctl windows says minimized, the
 * taskbar's handle says minimized), the keyboard goes to the window below,
 * and the window comes back by the taskbar's unset_minimized, by gridctl
 * focus, by "focus prev" cycling and by gridctl action minimize's undo.
 */

#define TOP_COLOUR 0xffc02020u
#define BELOW_COLOUR 0xff2040c0u

static struct harness_client *spawn_taskbar(struct harness *h) {
	return spawn_ready(h, "taskbar", "TOPLEVEL_CLIENT_BIN", NULL);
}

static struct harness_client *spawn_window(struct harness *h,
		const char *app_id, const char *pattern, int x, int y) {
	struct harness_client *c = spawn_pattern_ready(h, app_id, 200, 150, 1,
			"--app-id", app_id, "--title", app_id, "--size", "200x150",
			"--pattern", pattern, "--decoration", "server", NULL);
	REQUIRE(c != NULL, "no window %s", app_id);
	REQUIRE(rs_place(h, app_id, x, y) > 0, "cannot place %s", app_id);
	return c;
}

/* Where "top" is drawn (its client area; its frame is above it): shown,
 * it covers "below" and the background beside it; hidden, those show. */
static bool top_shown(struct harness *h, bool shown, const char *name) {
	struct image *image = screenshot_gridctl(h, "HEADLESS-1", name);
	REQUIRE(image != NULL, "no screenshot %s", name);
	// The client areas overlap in 300..400 x 200..300; top alone covers
	// 410..500 x 310..350 (below's frame ends at 402,302).
	bool ok = CHECK_SOLID(image, ((struct image_region){ 300, 200, 100, 100 }),
			shown ? TOP_COLOUR : BELOW_COLOUR, name);
	ok = CHECK_SOLID(image, ((struct image_region){ 410, 310, 90, 40 }),
				 shown ? TOP_COLOUR : BACKGROUND, name) &&
			ok;
	image_destroy(image);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *tbar = spawn_taskbar(h);
	struct harness_client *below =
			spawn_window(h, "below", "solid:2040c0", 200, 150);
	struct harness_client *top =
			spawn_window(h, "top", "solid:c02020", 300, 200);
	REQUIRE(tbar != NULL && below != NULL && top != NULL, "no clients");
	bool ok = wait_focused(h, "top") && top_shown(h, true, "shown");
	int64_t top_id = wait_window_id(h, "top");
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)top_id);

	// The client's own request.
	ok = CHECK(harness_client_send(top, "minimize"), "cannot send") &&
			wait_window_bool(h, "top", "minimized", true) &&
			wait_focused(h, "below") &&
			client_wait_exact(tbar,
					"toplevel 2 app_id=top title=top state=minimized "
					"outputs=HEADLESS-1") &&
			top_shown(h, false, "minimized-by-client") && ok;
	// Back by gridctl focus, on top and focused.
	struct json_object *reply = harness_gridctl_ok(h, "focus", id_text, NULL);
	ok = CHECK(reply != NULL, "gridctl focus failed") && ok;
	json_object_put(reply);
	ok = wait_window_bool(h, "top", "minimized", false) &&
			wait_focused(h, "top") &&
			client_wait_exact(tbar,
					"toplevel 2 app_id=top title=top state=activated "
					"outputs=HEADLESS-1") &&
			top_shown(h, true, "restored-by-gridctl") && ok;

	// The taskbar's button, both ways.
	ok = CHECK(harness_client_send(tbar, "minimize top"), "cannot send") &&
			wait_window_bool(h, "top", "minimized", true) &&
			wait_focused(h, "below") &&
			top_shown(h, false, "minimized-by-taskbar") && ok;
	ok = CHECK(harness_client_send(tbar, "unminimize top"), "cannot send") &&
			wait_window_bool(h, "top", "minimized", false) &&
			wait_focused(h, "top") &&
			top_shown(h, true, "restored-by-taskbar") && ok;

	// The binding's action, then focus cycling: the minimized window is
	// last, so "focus prev" (the one focused longest ago) restores it.
	reply = harness_gridctl_ok(h, "action", "minimize", NULL);
	ok = CHECK(reply != NULL, "gridctl action minimize failed") &&
			wait_window_bool(h, "top", "minimized", true) &&
			wait_focused(h, "below") &&
			top_shown(h, false, "minimized-by-action") && ok;
	json_object_put(reply);
	reply = harness_gridctl_ok(h, "action", "focus prev", NULL);
	ok = CHECK(reply != NULL, "gridctl action focus prev failed") &&
			wait_window_bool(h, "top", "minimized", false) &&
			wait_focused(h, "top") &&
			top_shown(h, true, "restored-by-cycling") && ok;
	json_object_put(reply);

	// The title bar's minimize button, left of maximize: drawn (a bar on
	// the title's colour), and a click minimizes.
	struct frame_info f;
	ok = CHECK(window_frame(h, "top", &f) && f.has_frame, "top has no frame") &&
			ok;
	int border = 2, title = f.y - f.fy - border;
	int button_x = f.fx + f.fw - border - 3 * title;
	struct image *bar = screenshot_gridctl(h, "HEADLESS-1", "minimize-button");
	if (CHECK(bar != NULL, "no screenshot")) {
		uint32_t bg = image_get(bar, button_x + 1, f.fy + border + 1);
		int inked = 0;
		for (int y = f.fy + border; y < f.y; y++) {
			for (int x = button_x; x < button_x + title; x++) {
				inked += image_get(bar, x, y) != bg;
			}
		}
		ok = CHECK(inked >= title / 3,
					 "the minimize button shows no bar "
					 "(%d pixels)",
					 inked) &&
				ok;
		image_destroy(bar);
	}
	struct harness_client *pointer = spawn_virtual_pointer(h);
	ok = CHECK(pointer != NULL &&
						 pointer_click(pointer, button_x + title / 2,
								 f.fy + border + title / 2, 640, 480),
				 "cannot click") &&
			wait_window_bool(h, "top", "minimized", true) &&
			top_shown(h, false, "minimized-by-button") && ok;
	reply = harness_gridctl_ok(h, "focus", id_text, NULL);
	ok = CHECK(reply != NULL, "gridctl focus failed") &&
			wait_window_bool(h, "top", "minimized", false) && ok;
	json_object_put(reply);

	// Maximizing a minimized window shows it.
	ok = CHECK(harness_client_send(tbar, "minimize top"), "cannot send") &&
			wait_window_bool(h, "top", "minimized", true) &&
			CHECK(harness_client_send(tbar, "maximize top"), "cannot send") &&
			wait_window_bool(h, "top", "maximized", true) &&
			wait_window_bool(h, "top", "minimized", false) && ok;

	ok = rs_quit(top) && rs_quit(below) && ok;
	ok = CHECK_QUITS(tbar, "the taskbar") && ok;
	return ok;
}

int main(void) {
	return main_on_output(
			"minimize hides a window, a taskbar, gridctl and focus "
			"cycling bring it back",
			"HEADLESS-1", 640, 480, 1, body, NULL);
}
