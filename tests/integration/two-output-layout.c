#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "harness.h"
#include "screenshots.h"
#include "run-gridwl.h"

/*
 * Two outputs of different scales, configured without positions, are laid
 * out left to right in logical coordinates; clients and gridctl see the same
 * layout.
 */

static const char *const expected_lines[] = {
	"output HEADLESS-1 scale=1 mode=800x600",
	"xdg_output HEADLESS-1 x=0 y=0 width=800 height=600",
	"output HEADLESS-2 scale=2 mode=1600x1200",
	"xdg_output HEADLESS-2 x=800 y=0 width=800 height=600",
	NULL,
};

static bool check_client_view(struct harness *h) {
	const char *args[] = { "--app-id", "layout", NULL };
	struct harness_client *client =
			harness_spawn_pattern_client(h, "layout", args);
	REQUIRE(client != NULL, "cannot start the pattern client");
	// The client binds every output before it maps its window, so all
	// output lines come before the first configure.
	struct lines lines = { 0 };
	for (;;) {
		char *line = harness_client_next_line(client, HARNESS_TIMEOUT_MS);
		REQUIRE(line != NULL, "client output ended before its configure");
		if (strncmp(line, "configure ", 10) == 0) {
			free(line);
			break;
		}
		REQUIRE(lines_add(&lines, line), "out of memory");
	}
	struct lines outputs;
	const char *prefixes[] = { "output ", "xdg_output ", NULL };
	lines_filter(&lines, prefixes, &outputs);
	// Per output, its wl_output line comes with its xdg_output line; the
	// outputs themselves are advertised in creation order.
	bool ok = CHECK_LINES(&outputs, expected_lines,
			"the client's view of the outputs");
	lines_free(&outputs);
	lines_free(&lines);
	return ok;
}

static bool check_output(struct json_object *outputs, const char *name,
		int mode_width, int mode_height, int scale, int x, int y) {
	struct json_object *output = json_array_find(outputs, "name", name);
	REQUIRE(output != NULL, "gridctl outputs does not list %s", name);
	bool ok = CHECK_JSON_TYPE(output, "make", json_type_string);
	ok = CHECK_JSON_TYPE(output, "model", json_type_string) && ok;
	ok = CHECK_JSON_BOOL(output, "enabled", true) && ok;
	ok = CHECK_JSON_INT(output, "mode.width", mode_width) && ok;
	ok = CHECK_JSON_INT(output, "mode.height", mode_height) && ok;
	ok = CHECK_JSON_TYPE(output, "mode.refresh_mhz", json_type_int) && ok;
	ok = CHECK_JSON_INT(output, "scale", scale) && ok;
	struct json_object *filter = json_path(output, "filter", json_type_string);
	ok = CHECK(filter != NULL &&
						 (strcmp(json_object_get_string(filter), "nearest") ==
										 0 ||
								 strcmp(json_object_get_string(filter),
										 "bilinear") == 0),
				 "%s: filter should be \"nearest\" or \"bilinear\": %s", name,
				 json_object_to_json_string(output)) &&
			ok;
	ok = CHECK_JSON_INT(output, "x", x) && ok;
	ok = CHECK_JSON_INT(output, "y", y) && ok;
	ok = CHECK_JSON_INT(output, "width", mode_width / scale) && ok;
	ok = CHECK_JSON_INT(output, "height", mode_height / scale) && ok;
	return ok;
}

static bool check_gridctl_view(struct harness *h) {
	struct json_object *reply = harness_gridctl_ok(h, "outputs", NULL);
	REQUIRE(reply != NULL, "gridctl outputs failed");
	struct json_object *outputs = json_path(reply, "outputs", json_type_array);
	bool ok = CHECK(outputs != NULL && json_object_array_length(outputs) == 2,
			"want exactly two outputs: %s", json_object_to_json_string(reply));
	if (ok) {
		// Listed in creation order, which is command-line order.
		ok = CHECK_JSON_STRING(json_object_array_get_idx(outputs, 0), "name",
				"HEADLESS-1");
		ok = CHECK_JSON_STRING(json_object_array_get_idx(outputs, 1), "name",
					 "HEADLESS-2") &&
				ok;
	}
	ok = check_output(outputs, "HEADLESS-1", 800, 600, 1, 0, 0) && ok;
	ok = check_output(outputs, "HEADLESS-2", 1600, 1200, 2, 800, 0) && ok;
	json_object_put(reply);
	return ok;
}

static bool check_screenshot(struct harness *h) {
	// An output's screenshot has its mode's pixels, and with no window
	// every one of them is background.
	struct image *image = screenshot_gridctl(h, "HEADLESS-2", "empty-2");
	REQUIRE(image != NULL, "no screenshot of HEADLESS-2");
	bool ok = CHECK(image->width == 1600 && image->height == 1200,
			"HEADLESS-2 screenshot is %dx%d", image->width, image->height);
	if (ok) {
		struct image_region all = { 0, 0, 1600, 1200 };
		ok = CHECK_SOLID(image, all, BACKGROUND, "empty-2");
	}
	image_destroy(image);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	bool ok = check_gridctl_view(h);
	ok = check_screenshot(h) && ok;
	return check_client_view(h) && ok;
}

int main(void) {
	const char *args[] = { "--output", "HEADLESS-1 mode 800x600 scale 1",
		"--output", "HEADLESS-2 mode 1600x1200 scale 2", NULL };
	return main_gridwl("two outputs left to right", args, body, NULL);
}
