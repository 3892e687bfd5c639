#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gridctl-outputs.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * An output with no configured scale gets one from its physical size
 * (config/auto_scale.c), end to end: headless outputs given an EDID size
 * with gridctl create-output ... physical WMMxHMM get their scale, their
 * logical box follows, wlr-randr (a real client, through
 * wlr-output-management) sees the size and the scale, and gridctl
 * outputs says where the scale came from. A configured scale wins, from
 * the config or from gridctl, "scale auto" takes it back, and a reload
 * keeps all of it.
 */

/* The output name's scale (1.5 is a JSON number), scale_source and
 * logical size. */
static bool check_output(struct harness *h, const char *name, double scale,
		const char *source, int width, int height, const char *when) {
	struct json_object *output = gridctl_output(h, name);
	REQUIRE(output != NULL, "%s: no output %s", when, name);
	struct json_object *got = NULL;
	json_object_object_get_ex(output, "scale", &got);
	bool ok = CHECK(got != NULL && json_object_get_double(got) == scale,
					  "%s: %s's scale is not %g", when, name, scale) &&
			CHECK_JSON_STRING(output, "scale_source", source) &&
			CHECK_JSON_INT(output, "width", width) &&
			CHECK_JSON_INT(output, "height", height);
	if (!ok) {
		fprintf(stderr, "%s: %s\n", when, json_object_to_json_string(output));
	}
	json_object_put(output);
	return ok;
}

/* gridctl create-output WxH physical P; the new output's name. */
static bool create_physical(struct harness *h, const char *mode,
		const char *physical, char *name, size_t size) {
	struct json_object *reply = harness_gridctl_ok(h, "create-output", mode,
			"physical", physical, (char *)NULL);
	REQUIRE(reply != NULL, "create-output %s physical %s failed", mode,
			physical);
	struct json_object *n = json_path(reply, "name", json_type_string);
	bool ok = CHECK(n != NULL, "create-output gave no name");
	if (ok) {
		snprintf(name, size, "%s", json_object_get_string(n));
	}
	json_object_put(reply);
	return ok;
}

/* wlr-randr's block for name has want (its lines are indented). */
static bool randr_says(struct harness *h, const char *name, const char *want) {
	const char *argv[] = { "wlr-randr", "--output", name, NULL };
	char *output = NULL;
	int status = harness_run(h, argv, HARNESS_TIMEOUT_MS, &output);
	bool ok =
			CHECK(status == 0 && output != NULL && strstr(output, want) != NULL,
					"wlr-randr --output %s (status %d) does not say '%s':\n%s",
					name, status, want, output != NULL ? output : "");
	free(output);
	return ok;
}

static bool body_auto(struct harness *h, const void *data) {
	// No physical size: 1, as ever.
	bool ok = check_output(h, "HEADLESS-1", 1, "default", 640, 480, "start");

	char laptop[64], monitor[64], uhd[64], small[64];
	REQUIRE(create_physical(h, "2880x1800", "300x190", laptop,
					sizeof(laptop)) &&
					create_physical(h, "1920x1080", "530x300", monitor,
							sizeof(monitor)) &&
					create_physical(h, "3840x2160", "600x340", uhd,
							sizeof(uhd)) &&
					create_physical(h, "1920x1080", "200x113", small,
							sizeof(small)),
			"outputs not created");
	// 243 DPI asks for 3 on a desk, which would leave 960 logical pixels:
	// 2 (as a laptop panel it is 2 anyway, see the unit test).
	ok = check_output(h, laptop, 2, "auto", 1440, 900, "14\" 2880x1800") && ok;
	ok = check_output(h, monitor, 1, "auto", 1920, 1080, "24\" 1080p") && ok;
	ok = check_output(h, uhd, 2, "auto", 1920, 1080, "27\" 4K") && ok;
	// 244 DPI, but even 2 would leave 960 logical pixels.
	ok = check_output(h, small, 1, "auto", 1920, 1080, "9\" 1080p") && ok;

	// The fake EDID size is what a client sees, and the scale with it.
	ok = randr_says(h, laptop, "Physical size: 300x190 mm") && ok;
	ok = randr_says(h, laptop, "Scale: 2.000000") && ok;

	// A number wins; "scale auto" takes it back; a reload keeps that.
	ok = harness_gridctl_succeeds(h, "output", laptop, "scale", "1.5", NULL) &&
			check_output(h, laptop, 1.5, "config", 1920, 1200, "scale 1.5") &&
			ok;
	ok = harness_gridctl_succeeds(h, "output", laptop, "scale", "auto", NULL) &&
			check_output(h, laptop, 2, "auto", 1440, 900, "scale auto") && ok;
	ok = harness_gridctl_succeeds(h, "reload", NULL) &&
			check_output(h, laptop, 2, "auto", 1440, 900, "reloaded") &&
			check_output(h, uhd, 2, "auto", 1920, 1080, "reloaded") && ok;
	// A new mode is counted again: 1920x1200 on the same panel is 162
	// DPI, 1 (2 would leave 960).
	ok = harness_gridctl_succeeds(h, "output", laptop, "mode", "1920x1200",
				 NULL) &&
			check_output(h, laptop, 1, "auto", 1920, 1200, "new mode") && ok;
	return ok;
}

static bool run_auto(const void *data) {
	static const char *const args[] = { "--output", "HEADLESS-1 mode 640x480",
		NULL };
	return run_gridwl(args, body_auto, data);
}

static bool body_configured(struct harness *h, const void *data) {
	char laptop[64];
	REQUIRE(create_physical(h, "2880x1800", "300x190", laptop, sizeof(laptop)),
			"output not created");
	bool ok = check_output(h, laptop, 1.5, "config", 1920, 1200,
			"scale 1.5 in config");
	ok = harness_gridctl_succeeds(h, "reload", NULL) &&
			check_output(h, laptop, 1.5, "config", 1920, 1200, "reloaded") &&
			ok;
	return ok;
}

static bool run_configured(const void *data) {
	static const char *const args[] = { "--output", "HEADLESS-1 mode 640x480",
		NULL };
	return run_gridwl_config("output * scale 1.5\n", args, body_configured,
			data);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite,
			"a scale from the physical size: 2880x1800 of 300x190 mm gets 2, "
			"1920x1080 of 530x300 mm 1, 3840x2160 of 600x340 mm 2, capped "
			"at 1024 logical pixels; a number wins, scale auto takes it back",
			run_auto, NULL);
	check_run(&suite, "scale 1.5 in the config wins over auto", run_configured,
			NULL);
	return check_finish(&suite);
}
