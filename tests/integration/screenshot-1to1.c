#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "client-lines.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * A fullscreen client whose buffer has exactly the output's pixels must come
 * out of both screenshot paths (gridctl's own and wlr-screencopy through
 * grim) unchanged, pixel for pixel, at output scale 1 and 2, and through the
 * 1:1 path (gridctl stats' blits_1to1 grows with each screenshot), which a
 * scale-1 buffer on a scale-2 output does not take (it is magnified).
 */

#define OUTPUT "HEADLESS-1"
#define MODE_WIDTH 1280
#define MODE_HEIGHT 720

struct shot_case {
	int scale;
	const char *pattern;
};

static bool check_screenshot(const struct image *image,
		const struct pattern *pattern, const char *name) {
	REQUIRE(image->width == MODE_WIDTH && image->height == MODE_HEIGHT,
			"%s is %dx%d, want %dx%d", name, image->width, image->height,
			MODE_WIDTH, MODE_HEIGHT);
	struct image_region all = { 0, 0, MODE_WIDTH, MODE_HEIGHT };
	return CHECK_PATTERN(image, all, pattern, MODE_WIDTH, MODE_HEIGHT, name);
}

/* How much gridctl stats' blits_1to1 grows across a gridctl screenshot of
 * the output, which draws every surface; false after reporting. */
static bool blits_across_screenshot(struct harness *h, const char *name,
		int64_t *grew) {
	int64_t before, after;
	REQUIRE(rs_stat(h, "blits_1to1", &before), "no blits_1to1 in stats");
	struct image *image = screenshot_gridctl(h, OUTPUT, name);
	REQUIRE(image != NULL, "no gridctl screenshot");
	image_destroy(image);
	REQUIRE(rs_stat(h, "blits_1to1", &after), "no blits_1to1 in stats");
	*grew = after - before;
	return true;
}

static bool shoot(struct harness *h, const struct shot_case *c) {
	struct pattern pattern;
	REQUIRE(pattern_parse(c->pattern, &pattern), "bad pattern %s", c->pattern);
	char scale[16];
	snprintf(scale, sizeof(scale), "%d", c->scale);
	const char *args[] = {
		"--fullscreen",
		OUTPUT,
		"--scale",
		scale,
		"--pattern",
		c->pattern,
		"--app-id",
		"shot",
		NULL,
	};
	struct harness_client *client =
			harness_spawn_pattern_client(h, "shot", args);
	REQUIRE(client != NULL, "cannot start the pattern client");
	int lw = MODE_WIDTH / c->scale, lh = MODE_HEIGHT / c->scale;
	// Fullscreen means the output's logical size, and a buffer of that
	// times the scale is then exactly the output's mode.
	REQUIRE(CHECK_READY(client, lw, lh, c->scale), "client not shown");

	struct json_object *window =
			harness_wait_window_app_id(h, "shot", HARNESS_TIMEOUT_MS);
	REQUIRE(window != NULL, "no window for the client");
	bool ok = CHECK_JSON_BOX(window, 0, 0, lw, lh);
	ok = CHECK_JSON_INT(window, "buffer_scale", c->scale) && ok;
	json_object_put(window);

	char name[64];
	snprintf(name, sizeof(name), "1to1-%s-scale%d-gridctl", c->pattern,
			c->scale);
	struct image *image = screenshot_gridctl(h, OUTPUT, name);
	ok = CHECK(image != NULL, "no gridctl screenshot") &&
			check_screenshot(image, &pattern, name) && ok;
	image_destroy(image);

	snprintf(name, sizeof(name), "1to1-%s-scale%d-grim", c->pattern, c->scale);
	image = screenshot_grim(h, OUTPUT, name);
	ok = CHECK(image != NULL, "no grim screenshot") &&
			check_screenshot(image, &pattern, name) && ok;
	image_destroy(image);

	snprintf(name, sizeof(name), "1to1-%s-scale%d-counted", c->pattern,
			c->scale);
	int64_t grew;
	ok = blits_across_screenshot(h, name, &grew) &&
			CHECK(grew >= 1,
					"a buffer at the output's scale %d was not copied 1:1 "
					"(blits_1to1 grew by %lld)",
					c->scale, (long long)grew) &&
			ok;
	return ok;
}

/* A scale-1 buffer on a scale-2 output is magnified, never copied 1:1:
 * nothing else on the output is a client's surface, so the count stays. */
static bool magnified_not_counted(struct harness *h, const void *data) {
	const char *args[] = { "--fullscreen", OUTPUT, "--scale", "1", "--pattern",
		"coords", "--app-id", "shot", NULL };
	struct harness_client *client =
			harness_spawn_pattern_client(h, "shot", args);
	REQUIRE(client != NULL, "cannot start the pattern client");
	REQUIRE(CHECK_READY(client, MODE_WIDTH / 2, MODE_HEIGHT / 2, 1),
			"client not shown");
	int64_t grew;
	REQUIRE(blits_across_screenshot(h, "1to1-magnified-counted", &grew),
			"cannot count");
	return CHECK(grew == 0,
			"a scale-1 buffer on a scale-2 output was copied 1:1 "
			"(blits_1to1 grew by %lld)",
			(long long)grew);
}

static bool run_magnified(const void *data) {
	return run_on_output(OUTPUT, MODE_WIDTH, MODE_HEIGHT, 2,
			magnified_not_counted, NULL);
}

static bool shoot_case(struct harness *h, const void *data) {
	return shoot(h, data);
}

static bool run_case(const void *data) {
	const struct shot_case *c = data;
	return run_on_output(OUTPUT, MODE_WIDTH, MODE_HEIGHT, c->scale, shoot_case,
			c);
}

int main(void) {
	static const struct shot_case cases[] = {
		{ 1, "coords" },
		{ 2, "coords" },
		{ 1, "checker" },
		{ 2, "checker" },
		{ 1, "grid" },
		{ 2, "grid" },
	};
	struct check_suite suite = { 0 };
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char name[64];
		snprintf(name, sizeof(name), "%s at scale %d", cases[i].pattern,
				cases[i].scale);
		check_run(&suite, name, run_case, &cases[i]);
	}
	check_run(&suite, "a scale-1 buffer at scale 2 is not copied 1:1",
			run_magnified, NULL);
	return check_finish(&suite);
}
