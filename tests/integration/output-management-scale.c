#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * wlr-output-management, through wlr-randr: integer scales are applied and
 * reach clients; a fractional scale is refused and changes nothing.
 */

static bool check_gridctl_scale(struct harness *h, int scale) {
	struct json_object *reply = harness_gridctl_ok(h, "outputs", NULL);
	REQUIRE(reply != NULL, "gridctl outputs failed");
	struct json_object *output =
			json_array_find(json_path(reply, "outputs", json_type_array),
					"name", "HEADLESS-1");
	bool ok = CHECK(output != NULL, "no HEADLESS-1 in %s",
			json_object_to_json_string(reply));
	ok = ok && CHECK_JSON_INT(output, "scale", scale);
	ok = ok && CHECK_JSON_INT(output, "width", 1280 / scale);
	ok = ok && CHECK_JSON_INT(output, "height", 720 / scale);
	ok = ok && CHECK_JSON_INT(output, "mode.width", 1280);
	json_object_put(reply);
	return ok;
}

static int wlr_randr_scale(struct harness *h, const char *scale) {
	const char *argv[] = {
		"wlr-randr",
		"--output",
		"HEADLESS-1",
		"--scale",
		scale,
		NULL,
	};
	return harness_run(h, argv, HARNESS_TIMEOUT_MS, NULL);
}

/* Nothing the client was told since the last sync contradicts scale 2. */
static bool check_still_scale_2(struct harness_client *c) {
	struct lines lines, outputs;
	REQUIRE(client_sync_lines(c, &lines), "no sync from the client");
	const char *prefixes[] = { "output HEADLESS-1 ", "xdg_output HEADLESS-1 ",
		NULL };
	lines_filter(&lines, prefixes, &outputs);
	bool ok = true;
	for (size_t i = 0; i < outputs.count; i++) {
		// Repeating the current state is harmless; changing it is not.
		const char *line = outputs.line[i];
		ok = CHECK(strcmp(line, "output HEADLESS-1 scale=2 mode=1280x720") ==
									 0 ||
							 strcmp(line,
									 "xdg_output HEADLESS-1 x=0 y=0 width=640 "
									 "height=360") == 0,
					 "unexpected change: %s", line) &&
				ok;
	}
	lines_free(&outputs);
	lines_free(&lines);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	const char *args[] = { "--app-id", "randr-watcher", NULL };
	struct harness_client *c = harness_spawn_pattern_client(h, "watcher", args);
	REQUIRE(c != NULL, "cannot start the pattern client");
	bool ok = CHECK_WHOLE_LINE(c, "output HEADLESS-1 scale=1 mode=1280x720");
	ok = CHECK_READY(c, 200, 100, 1) && ok;

	ok = CHECK(wlr_randr_scale(h, "2") == 0, "wlr-randr --scale 2 failed") &&
			ok;
	ok = CHECK_WHOLE_LINE(c, "output HEADLESS-1 scale=2 mode=1280x720") && ok;
	ok = CHECK_WHOLE_LINE(c,
				 "xdg_output HEADLESS-1 x=0 y=0 width=640 height=360") &&
			ok;
	ok = check_gridctl_scale(h, 2) && ok;

	const char *list[] = { "wlr-randr", NULL };
	char *listing = NULL;
	ok = CHECK(harness_run(h, list, HARNESS_TIMEOUT_MS, &listing) == 0,
				 "wlr-randr cannot list outputs") &&
			ok;
	ok = CHECK(listing != NULL && strstr(listing, "HEADLESS-1") != NULL &&
						 strstr(listing, "Scale: 2.0") != NULL,
				 "wlr-randr should list HEADLESS-1 at scale 2:\n%s",
				 listing ? listing : "") &&
			ok;
	free(listing);

	int code = wlr_randr_scale(h, "1.5");
	ok = CHECK(code > 0, "wlr-randr --scale 1.5 should be refused, exited %d",
				 code) &&
			ok;
	ok = check_still_scale_2(c) && ok;
	ok = check_gridctl_scale(h, 2) && ok;

	// And back, so the refusal did not wedge output management.
	ok = CHECK(wlr_randr_scale(h, "1") == 0, "wlr-randr --scale 1 failed") &&
			ok;
	ok = CHECK_WHOLE_LINE(c, "output HEADLESS-1 scale=1 mode=1280x720") && ok;
	ok = CHECK_WHOLE_LINE(c,
				 "xdg_output HEADLESS-1 x=0 y=0 width=1280 height=720") &&
			ok;
	ok = check_gridctl_scale(h, 1) && ok;
	return ok;
}

int main(void) {
	return main_on_output("wlr-randr integer and fractional scales",
			"HEADLESS-1", 1280, 720, 1, body, NULL);
}
