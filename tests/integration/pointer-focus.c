#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "virtual-pointer.h"

/*
 * Clicking a window focuses and raises it, wherever the pointer is in the
 * mixed-scale layout: positions are logical, so a click at logical (x, y)
 * on the scale-2 output lands on the window there, exactly as on the
 * scale-1 one. Also: moving over a window gives it pointer focus without
 * keyboard focus, and the pointer is confined to the layout.
 */

static bool body(struct harness *h, const void *data) {
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no virtual pointer");

	// One window on each output; the later one is focused when it maps.
	struct harness_client *left =
			rs_spawn_at(h, "left", "checker", 1, 200, 100, 100, 100);
	REQUIRE(left != NULL, "no left window");
	struct harness_client *right =
			rs_spawn_at(h, "right", "checker", 2, 200, 100, 800, 200);
	REQUIRE(right != NULL, "no right window");
	bool ok = CHECK(wait_focused(h, "right"),
			"the newest window should "
			"have focus");

	ok = CHECK(mixed_layout_click(pointer, 150, 150) && wait_focused(h, "left"),
				 "a click on the scale-1 output should focus the window there") &&
			ok;
	ok = CHECK(mixed_layout_click(pointer, 850, 250) &&
						 wait_focused(h, "right"),
				 "a click at logical 850,250 (on the scale-2 output) should focus "
				 "the window there") &&
			ok;
	// Background: focus stays where it was.
	ok = CHECK(mixed_layout_click(pointer, 50, 400) && wait_focused(h, "right"),
				 "a click on the background should leave focus alone") &&
			ok;
	// Just outside the left window's right edge, then just inside its
	// bottom-right corner.
	ok = CHECK(mixed_layout_click(pointer, 300, 150) &&
						 wait_focused(h, "right"),
				 "one logical pixel right of a window is the background") &&
			ok;
	ok = CHECK(mixed_layout_click(pointer, 299, 199) && wait_focused(h, "left"),
				 "the last logical pixel of a window is still the window") &&
			ok;
	harness_client_send(pointer, "quit");
	ok = rs_quit(left) && ok;
	ok = rs_quit(right) && ok;
	return ok;
}

int main(void) {
	return main_mixed_layout("clicks focus the window under the pointer on "
							 "outputs of either scale",
			body, NULL);
}
