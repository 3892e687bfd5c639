#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "client-lines.h"
#include "client-spawn.h"
#include "harness.h"
#include "resample_expect.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * A client that draws pre-rotated for a rotated output: HEADLESS-1 (800x600)
 * at scale 1, 2 and 1.5, turned 90, 180 and flipped-270. fractional-client
 * draws the coords pattern (every pixel its own colour) for the scale it is
 * told, round(101 x s) x round(61 x s) surface pixels, moved into its buffer
 * by the output's transform, says so with set_buffer_transform and sizes
 * the surface with a viewport. Its window, as gridctl's upright picture and
 * grim's (the output's buffer turned upright by grim; at integer scales)
 * show it, is the pattern 1:1 at its device position: the buffer was in
 * the output's orientation and is copied pixel for pixel. Normal first, as
 * the reference. Before each, a pattern client on the output is told the
 * output's transform as its preferred_buffer_transform.
 */

#define OUTPUT "HEADLESS-1"
#define WIDTH 101
#define HEIGHT 61

struct scale_case {
	const char *name;
	int scale120;
};

struct transform_case {
	const char *name;
	int value; // wl_output_transform
};

/* round(length x scale), halves up, as compositor/layout.c places. */
static int device_length(int length, int scale120) {
	return (length * scale120 * 2 / 120 + 1) / 2;
}

/* A pattern client shown on the rotated output is told its transform. */
static bool check_preferred(struct harness *h, const struct transform_case *t) {
	const char *args[] = { "--size", "40x30", "--app-id", "witness",
		"--report-preferred", NULL };
	struct harness_client *witness =
			harness_spawn_pattern_client(h, "witness", args);
	REQUIRE(witness != NULL, "cannot start the pattern client");
	char want[48];
	snprintf(want, sizeof(want), "preferred transform %d", t->value);
	bool ok = CHECK_LINE(witness, "preferred transform", want);
	return CHECK_QUITS(witness, "the pattern client") && ok;
}

struct crop {
	const struct image *image;
};

static uint32_t expect_pattern(void *data, int rx, int ry) {
	const struct crop *crop = data;
	return image_get(crop->image, rx, ry);
}

/* Region of picture is the pattern, pixel for pixel. */
static bool check_picture(const struct image *picture,
		struct image_region region, const struct image *pattern,
		const char *name) {
	REQUIRE(picture != NULL, "%s: no picture", name);
	struct crop crop = { pattern };
	struct image_mismatch mismatch = { 0 };
	long count =
			image_compare(picture, region, expect_pattern, &crop, &mismatch);
	return CHECK(count == 0,
			"%s: %ld pixels of the %dx%d window at %d,%d differ from the "
			"pattern; first at %d,%d: 0x%08x, want 0x%08x",
			name, count, region.width, region.height, region.x, region.y,
			mismatch.x, mismatch.y, mismatch.actual, mismatch.expected);
}

static bool run_case(struct harness *h, const struct scale_case *s,
		const struct transform_case *t) {
	fprintf(stderr, "# scale %s, transform %s\n", s->name, t->name);
	bool ok = set_output(h, OUTPUT, "transform", t->name);
	ok = check_preferred(h, t) && ok;
	int sw = device_length(WIDTH, s->scale120);
	int sh = device_length(HEIGHT, s->scale120);
	bool turned = t->value & 1;
	char drawn[64];
	snprintf(drawn, sizeof(drawn), "drawn %dx%d scale %d", turned ? sh : sw,
			turned ? sw : sh, s->scale120);
	const char *argv[] = { getenv("FRACTIONAL_CLIENT_BIN"), "--app-id",
		"prerotated", "--size", "101x61", "--pattern", "coords",
		"--buffer-transform", t->name, NULL };
	REQUIRE(argv[0] != NULL, "FRACTIONAL_CLIENT_BIN is not set");
	struct harness_client *c = spawn_argv_until(h, "prerotated", argv, drawn);
	REQUIRE(c != NULL, "the client never drew %s", drawn);
	ok = client_wait_exact(c, "ready") && ok;
	struct json_object *window =
			harness_wait_window_app_id(h, "prerotated", HARNESS_TIMEOUT_MS);
	struct json_object *x, *y;
	if (!CHECK(window != NULL && json_object_object_get_ex(window, "x", &x) &&
						json_object_object_get_ex(window, "y", &y),
				"no window box")) {
		json_object_put(window);
		harness_client_kill(c);
		return false;
	}
	struct image_region region = {
		device_length(json_object_get_int(x), s->scale120),
		device_length(json_object_get_int(y), s->scale120),
		sw,
		sh,
	};
	json_object_put(window);
	struct pattern coords = { .kind = PATTERN_COORDS };
	struct image *pattern = resample_pattern_buffer(&coords, sw, sh);
	char name[96];
	snprintf(name, sizeof(name), "prerotated-%s-%s-gridctl", s->name, t->name);
	struct image *picture = screenshot_gridctl(h, OUTPUT, name);
	ok = check_picture(picture, region, pattern, name) && ok;
	image_destroy(picture);
	// grim places the frame by xdg-output's logical box, 533x400 for
	// 800x600 at 1.5, and resamples it to that box (a black pixel comes
	// out 0x080808 even upright): exact only where the box is whole,
	// which fractional-scale checks.
	if (s->scale120 % 120 == 0) {
		snprintf(name, sizeof(name), "prerotated-%s-%s-grim", s->name, t->name);
		picture = screenshot_grim(h, OUTPUT, name);
		ok = check_picture(picture, region, pattern, name) && ok;
		image_destroy(picture);
	}
	image_destroy(pattern);
	return CHECK_QUITS(c, "the fractional client") && ok;
}

static bool body(struct harness *h, const void *data) {
	static const struct scale_case scales[] = {
		{ "1", 120 },
		{ "2", 240 },
		{ "1.5", 180 },
	};
	static const struct transform_case transforms[] = {
		{ "normal", 0 },
		{ "90", 1 },
		{ "180", 2 },
		{ "flipped-270", 7 },
	};
	bool ok = true;
	for (size_t i = 0; i < sizeof(scales) / sizeof(scales[0]); i++) {
		ok = set_output(h, OUTPUT, "scale", scales[i].name) && ok;
		for (size_t j = 0; j < sizeof(transforms) / sizeof(transforms[0]);
				j++) {
			ok = run_case(h, &scales[i], &transforms[j]) && ok;
		}
	}
	return ok;
}

int main(void) {
	return main_on_output("output-transform-prerotated", OUTPUT, 800, 600, 1,
			body, NULL);
}
