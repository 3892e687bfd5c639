#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "virtual-pointer.h"

/*
 * map_to_output, headless, on HEADLESS-1 (640x480, scale 1, at 0,0) and
 * HEADLESS-2 (1280x960 at scale 2: 640x480 logical, at 640,0): a device's
 * absolute positions span the mapped output's logical box instead of the
 * whole layout. A wlr-virtual-pointer's absolute motion (a fraction of its
 * extent, as a tablet's) lands where that fraction of HEADLESS-2 is, its
 * corner at HEADLESS-2's corner; gridctl's touch screen mapped there takes
 * no touch off it. gridctl inputs names the output, and when the output
 * goes the devices span the layout again.
 */

#define CONFIG_POINTER \
	"input 0:0:wlr_virtual_pointer_v1 map_to_output HEADLESS-2\n"
#define CONFIG_TOUCH "input type:touch map_to_output HEADLESS-2\n"

/* The mapped_to_output of the device identifier in gridctl inputs is want
 * (NULL: null). */
static bool check_mapped(struct harness *h, const char *identifier,
		const char *want) {
	struct json_object *reply = harness_gridctl_ok(h, "inputs", (char *)NULL);
	REQUIRE(reply != NULL, "gridctl inputs failed");
	struct json_object *inputs = json_path(reply, "inputs", json_type_array);
	struct json_object *device =
			json_array_find(inputs, "identifier", identifier);
	struct json_object *mapped = NULL;
	bool found = device != NULL &&
			json_object_object_get_ex(device, "mapped_to_output", &mapped);
	bool ok = CHECK(found &&
					(want == NULL ? mapped == NULL :
									mapped != NULL &&
											strcmp(json_object_get_string(
														   mapped),
													want) == 0),
			"%s is mapped to %s in %s, want %s", identifier,
			mapped != NULL ? json_object_get_string(mapped) : "null",
			json_object_to_json_string(reply), want != NULL ? want : "null");
	json_object_put(reply);
	return ok;
}

static bool pointer_to(struct harness_client *pointer, int x, int y) {
	char command[64];
	snprintf(command, sizeof(command), "move %d %d 1000 1000", x, y);
	return pointer_command(pointer, "moved", command);
}

static bool body_pointer(struct harness *h, const void *data) {
	struct harness_client *window = spawn_pattern_pointer_ready(h, "mapped",
			400, 300, 1, "--app-id", "mapped", "--pattern", "checker", "--size",
			"400x300", "--cursor", "1", NULL);
	REQUIRE(window != NULL, "no window with a wl_pointer");
	// Over the bottom-right corner of HEADLESS-2: 880..1280, 180..480.
	REQUIRE(rs_place(h, "mapped", 880, 180) > 0, "cannot place the window");
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no virtual pointer");
	bool ok = check_mapped(h, "0:0:wlr_virtual_pointer_v1", "HEADLESS-2");

	// Half the extent is the middle of HEADLESS-2, 960,240 (over the
	// whole layout it would be 640,240, left of the window).
	ok = pointer_to(pointer, 500, 500) &&
			CHECK_LINE(window, "pointer enter", "pointer enter 80.00 60.00") &&
			ok;
	// 60% is 1024,288: 144,108 in the window.
	ok = pointer_to(pointer, 600, 600) &&
			CHECK_LINE(window, "pointer motion",
					"pointer motion 144.00 "
					"108.00") &&
			ok;
	// The corner of the device is the corner of the output: 99.9% is
	// 1279.36,479.52 (over the layout, 1278.72).
	ok = pointer_to(pointer, 999, 999) &&
			CHECK_LINE(window, "pointer motion",
					"pointer motion 399.36 "
					"299.52") &&
			ok;

	// The output goes: the layout again, HEADLESS-1 alone.
	struct json_object *reply =
			harness_gridctl_ok(h, "destroy-output", "HEADLESS-2", (char *)NULL);
	ok = CHECK(reply != NULL, "cannot destroy HEADLESS-2") && ok;
	json_object_put(reply);
	ok = check_mapped(h, "0:0:wlr_virtual_pointer_v1", NULL) && ok;
	ok = pointer_to(pointer, 500, 500) && ok;
	harness_client_send(pointer, "quit");
	harness_client_kill(pointer);
	harness_client_kill(window);
	return ok;
}

static bool body_touch(struct harness *h, const void *data) {
	// The touch screen comes with its first touch, on no window.
	REQUIRE(harness_gridctl_succeeds(h, "touch", "down", "0", "700", "10",
					NULL) &&
					harness_gridctl_succeeds(h, "touch", "up", "0", NULL),
			"no touch screen");
	bool ok = check_mapped(h, "0:0:gridctl-touch", "HEADLESS-2");
	struct harness_client *window = spawn_ready(h, "touched",
			"KEYBOARD_CLIENT_BIN", "--app-id", "touched", NULL);
	REQUIRE(window != NULL, "the window did not show");
	REQUIRE(rs_place(h, "touched", 1000, 300) > 0, "cannot place the window");
	// gridctl touch takes layout coordinates, whatever the mapping.
	ok = harness_gridctl_succeeds(h, "touch", "down", "1", "1100", "400",
				 NULL) &&
			CHECK_LINE(window, "touch down", "touch down 1 100.00 100.00") &&
			harness_gridctl_succeeds(h, "touch", "up", "1", NULL) && ok;
	// HEADLESS-1 is beyond this touch screen.
	int status = 0;
	struct json_object *reply = harness_gridctl(h, &status, "touch", "down",
			"2", "100", "100", (char *)NULL);
	struct json_object *error = json_path(reply, "error", json_type_string);
	ok = CHECK(status == 1 && error != NULL &&
						 strstr(json_object_get_string(error),
								 "off the output gridctl's touch screen is mapped "
								 "to") != NULL,
				 "a touch off the mapped output: status %d, %s", status,
				 reply != NULL ? json_object_to_json_string(reply) :
								 "no JSON") &&
			ok;
	json_object_put(reply);
	// At run time, to HEADLESS-1: the touch there now reaches it.
	reply = harness_gridctl_ok(h, "input", "type:touch", "map_to_output",
			"HEADLESS-1", (char *)NULL);
	ok = CHECK(reply != NULL, "gridctl input map_to_output failed") && ok;
	json_object_put(reply);
	ok = check_mapped(h, "0:0:gridctl-touch", "HEADLESS-1") && ok;
	ok = harness_gridctl_succeeds(h, "touch", "down", "2", "100", "100",
				 NULL) &&
			harness_gridctl_succeeds(h, "touch", "up", "2", NULL) && ok;
	harness_client_kill(window);
	return ok;
}

struct map_case {
	const char *config;
	bool (*body)(struct harness *h, const void *data);
};

static bool run(const void *data) {
	const struct map_case *c = data;
	return run_mixed_layout_config(c->config, c->body, NULL);
}

int main(void) {
	static const struct map_case pointer = { CONFIG_POINTER, body_pointer };
	static const struct map_case touch = { CONFIG_TOUCH, body_touch };
	struct check_suite suite = { 0 };
	check_run(&suite,
			"map_to_output HEADLESS-2 (scale 2): a virtual pointer's absolute "
			"positions span its logical box, corner to corner; the layout "
			"again once it goes",
			run, &pointer);
	check_run(&suite,
			"map_to_output for gridctl's touch screen: touches in layout "
			"coordinates on the mapped output only; remapped at run time",
			run, &touch);
	return check_finish(&suite);
}
