#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * A popup whose positioner has a zero-size anchor rect: xdg-shell forbids
 * only negative sizes (a right-click menu at the pointer's point), and
 * wlroots 0.18 refused it as an incomplete positioner and disconnected the
 * client (wlr_compat W30). The popup opens where the protocol puts it: at
 * the point itself for anchor and gravity bottom-right, one logical pixel
 * nearer than with the 1x1 rect "popup" uses, drawn at the output's scale
 * 2 pixel for pixel; the client stays connected.
 */

#define COLOUR 0xff20a040u

static bool body(struct harness *h, const void *data) {
	struct harness_client *c = spawn_pattern_ready(h, "menu", 200, 150, 2,
			"--app-id", "menu", "--size", "200x150", "--scale", "2",
			"--pattern", "solid:20a040", "--decoration", "client", NULL);
	REQUIRE(c != NULL, "no window");
	REQUIRE(rs_place(h, "menu", 100, 100) > 0, "cannot place the window");

	// Anchored at the window's bottom-right corner, the point 200,150.
	bool ok = CHECK(harness_client_send(c, "popup-point 200 150 60 40"),
			"cannot send");
	ok = CHECK_LINE(c, "popup configure ", "popup configure 200 150 60 40") &&
			ok;
	ok = CHECK_LINE(c, "popup ready ", "popup ready 60 40 2") && ok;
	ok = CHECK(client_command_synced(c, "sync"), "the client went away") && ok;

	struct image *image = screenshot_gridctl(h, "HEADLESS-1", "zero-anchor");
	REQUIRE(image != NULL, "no screenshot");
	// Layout 300..360 x 250..290, at scale 2; nothing left of it or below.
	ok = CHECK_SOLID(image, ((struct image_region){ 600, 500, 120, 80 }),
				 COLOUR, "zero-anchor") &&
			ok;
	ok = CHECK_SOLID(image, ((struct image_region){ 598, 500, 2, 80 }),
				 BACKGROUND, "zero-anchor-left") &&
			ok;
	ok = CHECK_SOLID(image, ((struct image_region){ 600, 580, 120, 2 }),
				 BACKGROUND, "zero-anchor-below") &&
			ok;
	image_destroy(image);

	ok = rs_quit(c) && ok;
	return ok;
}

int main(void) {
	return main_on_output(
			"a popup with a zero-size anchor rect opens at the anchor "
			"point",
			"HEADLESS-1", 1280, 960, 2, body, NULL);
}
