#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-outputs.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * wlr-output-management, through wlr-randr: integer and fractional scales
 * are applied and reach clients (a fractional one as wl_output.scale
 * rounded up, and the logical size mode / scale); a scale outside 1 to 4
 * is refused and changes nothing.
 */

/* gridctl's report: the true scale in "scale" (a JSON integer for an
 * integer scale, else a number), the integer clients draw at in
 * "wl_output_scale", and the logical size. */
static bool check_gridctl_scale(struct harness *h, double scale,
		int wl_output_scale) {
	struct json_object *output = gridctl_output(h, "HEADLESS-1");
	bool ok = CHECK(output != NULL, "no HEADLESS-1");
	struct json_object *field = NULL;
	bool integer = scale == (int)scale;
	ok = ok &&
			CHECK(json_object_object_get_ex(output, "scale", &field) &&
							json_object_is_type(field,
									integer ? json_type_int :
											  json_type_double) &&
							json_object_get_double(field) == scale,
					"\"scale\" should be %g in %s", scale,
					json_object_to_json_string(output));
	ok = ok && CHECK_JSON_INT(output, "wl_output_scale", wl_output_scale);
	ok = ok && CHECK_JSON_INT(output, "width", (int)(1280 / scale));
	ok = ok && CHECK_JSON_INT(output, "height", (int)(720 / scale));
	ok = ok && CHECK_JSON_INT(output, "mode.width", 1280);
	json_object_put(output);
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

/* wlr-randr sets integer scale; the client c hears of it (its output
 * and its logical size) and gridctl outputs shows it. */
static bool set_integer_scale(struct harness *h, struct harness_client *c,
		int scale) {
	char text[8], output[64], xdg_output[96];
	snprintf(text, sizeof(text), "%d", scale);
	snprintf(output, sizeof(output), "output HEADLESS-1 scale=%d mode=1280x720",
			scale);
	snprintf(xdg_output, sizeof(xdg_output),
			"xdg_output HEADLESS-1 x=0 y=0 width=%d height=%d", 1280 / scale,
			720 / scale);
	bool ok = CHECK(wlr_randr_scale(h, text) == 0,
			"wlr-randr --scale %d failed", scale);
	ok = CHECK_WHOLE_LINE(c, output) && ok;
	ok = CHECK_WHOLE_LINE(c, xdg_output) && ok;
	return check_gridctl_scale(h, scale, scale) && ok;
}

/* Nothing the client was told since the last sync contradicts scale 1.5. */
static bool check_still_scale_1_5(struct harness_client *c) {
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
									 "xdg_output HEADLESS-1 x=0 y=0 width=853 "
									 "height=480") == 0,
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

	ok = set_integer_scale(h, c, 2) && ok;

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

	// 1.5: clients without fractional scaling draw at 2 (which they
	// were already told), the logical size is 1280x720 / 1.5.
	ok = CHECK(wlr_randr_scale(h, "1.5") == 0,
				 "wlr-randr --scale 1.5 failed") &&
			ok;
	ok = CHECK_WHOLE_LINE(c,
				 "xdg_output HEADLESS-1 x=0 y=0 width=853 height=480") &&
			ok;
	ok = check_gridctl_scale(h, 1.5, 2) && ok;

	const char *refused[] = { "5", "0.5" };
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		int code = wlr_randr_scale(h, refused[i]);
		ok = CHECK(code > 0,
					 "wlr-randr --scale %s should be refused, exited %d",
					 refused[i], code) &&
				ok;
	}
	ok = check_still_scale_1_5(c) && ok;
	ok = check_gridctl_scale(h, 1.5, 2) && ok;

	// And back, so the refusals did not wedge output management.
	ok = set_integer_scale(h, c, 1) && ok;
	return ok;
}

int main(void) {
	return main_on_output("wlr-randr integer and fractional scales",
			"HEADLESS-1", 1280, 720, 1, body, NULL);
}
