#include <inttypes.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "image.h"
#include "pattern.h"
#include "resample_expect.h"
#include "run-gridwl.h"

/*
 * gridctl screenshot --window ID [--scale N] and --region ... --scale N:
 * pictures composed from the clients' buffers at a scale of their own.
 * The mixed layout (HEADLESS-1 640x480 at scale 1, HEADLESS-2 1280x960 at
 * scale 2 beside it, both filter nearest). "two" draws coords at buffer
 * scale 2 on HEADLESS-2, half covered by a solid window above it; "one"
 * draws checker at buffer scale 1 on HEADLESS-1. Every picture is checked
 * against the definitions in resample_expect, exactly.
 */

#define WIDTH 200
#define HEIGHT 100

/* gridctl screenshot ARGS... (at most 4) FILE, FILE name.png in the
 * runtime dir; *status gets gridctl's exit status. */
static struct json_object *screenshot(struct harness *h, const char *name,
		const char *const *args, int *status, char **path) {
	*path = harness_path(h, name);
	const char *argv[7] = { "screenshot" };
	int n = 1;
	for (; n < 5 && args[n - 1] != NULL; n++) {
		argv[n] = args[n - 1];
	}
	argv[n] = *path;
	return harness_gridctlv(h, status, argv);
}

/* The picture, loaded; NULL after reporting when gridctl failed. */
static struct image *shoot(struct harness *h, const char *name,
		const char *const *args) {
	int status = 0;
	char *path;
	struct json_object *reply = screenshot(h, name, args, &status, &path);
	struct json_object *success;
	bool ok = CHECK(status == 0 && reply != NULL &&
					json_object_object_get_ex(reply, "success", &success) &&
					json_object_get_boolean(success),
			"%s: gridctl screenshot failed (%d): %s", name, status,
			reply != NULL ? json_object_to_json_string(reply) : "no reply");
	struct image *image = ok ? image_load_png(path) : NULL;
	json_object_put(reply);
	free(path);
	return image;
}

/* The buffer as an output of output_scale shows it. */
static struct image *at_scale(const struct image *buffer, int buffer_scale,
		int output_scale) {
	return resample_expect(buffer, buffer_scale, output_scale,
			RESAMPLE_NEAREST);
}

/* The buffer at a fractional scale: a device pixel spans r / m buffer
 * pixels (resample_expect_ratio). */
static struct image *at_ratio(const struct image *buffer, int m, int r) {
	struct resample_ratio ratio = { m, r, m, r };
	return resample_expect_ratio(buffer, buffer->width * m / r,
			buffer->height * m / r, &ratio, RESAMPLE_NEAREST);
}

/* Whether gridctl screenshot args, a picture called name, is exactly want
 * (at_scale's or at_ratio's, freed here). */
static bool check_shot(struct harness *h, const char *name,
		const char *const *args, struct image *want) {
	struct image *shot = shoot(h, name, args);
	bool ok = CHECK(want != NULL, "%s: no expectation", name);
	if (ok) {
		struct expected *expected =
				expected_create(want->width, want->height, 0xff000000u);
		expected_paste(expected, want, 0, 0, 0);
		ok = CHECK(shot != NULL, "%s: no picture", name) &&
				CHECK_EXPECTED(shot, expected, name);
		expected_destroy(expected);
	}
	image_destroy(want);
	image_destroy(shot);
	return ok;
}

static bool refused(struct harness *h, const char *const *args,
		const char *what) {
	int status = 0;
	char *path;
	struct json_object *reply =
			screenshot(h, "refused.png", args, &status, &path);
	bool ok = CHECK(status == 1, "%s: gridctl exited %d, not 1", what, status);
	json_object_put(reply);
	free(path);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	const char *two_args[] = { "--scale", "2", "--pattern", "coords",
		"--app-id", "two", "--size", "200x100", NULL };
	const char *one_args[] = { "--scale", "1", "--pattern", "checker",
		"--app-id", "one", "--size", "200x100", NULL };
	const char *cover_args[] = { "--scale", "2", "--pattern", "solid:ff0000",
		"--app-id", "cover", "--size", "200x100", NULL };
	struct harness_client *two =
			harness_spawn_pattern_client(h, "two", two_args);
	REQUIRE(two != NULL && CHECK_READY(two, WIDTH, HEIGHT, 2),
			"two is not shown");
	struct harness_client *one =
			harness_spawn_pattern_client(h, "one", one_args);
	REQUIRE(one != NULL && CHECK_READY(one, WIDTH, HEIGHT, 1),
			"one is not shown");
	int64_t two_id = wait_window_id(h, "two");
	int64_t one_id = wait_window_id(h, "one");
	REQUIRE(two_id > 0 && one_id > 0, "no window ids");
	REQUIRE(move_window_id(h, two_id, 700, 50) &&
					move_window_id(h, one_id, 100, 50),
			"cannot place the windows");
	// Above two and over half of it: the window alone is still all two.
	struct harness_client *cover =
			harness_spawn_pattern_client(h, "cover", cover_args);
	REQUIRE(cover != NULL && CHECK_READY(cover, WIDTH, HEIGHT, 2),
			"cover is not shown");
	int64_t cover_id = wait_window_id(h, "cover");
	REQUIRE(cover_id > 0 && move_window_id(h, cover_id, 800, 100),
			"cannot place cover");

	struct pattern coords, checker;
	REQUIRE(pattern_parse("coords", &coords) &&
					pattern_parse("checker", &checker),
			"bad patterns");
	struct image *two_buffer =
			resample_pattern_buffer(&coords, WIDTH * 2, HEIGHT * 2);
	struct image *one_buffer = resample_pattern_buffer(&checker, WIDTH, HEIGHT);
	REQUIRE(two_buffer != NULL && one_buffer != NULL, "no buffers");
	char two_ids[24], one_ids[24];
	snprintf(two_ids, sizeof(two_ids), "%" PRId64, two_id);
	snprintf(one_ids, sizeof(one_ids), "%" PRId64, one_id);

	// Default scale: the largest of the outputs the window is on.
	bool ok = check_shot(h, "window-two",
			(const char *[]){ "--window", two_ids, NULL },
			at_scale(two_buffer, 2, 2));
	ok = check_shot(h, "window-two-scale-1",
				 (const char *[]){ "--window", two_ids, "--scale", "1", NULL },
				 at_scale(two_buffer, 2, 1)) &&
			ok;
	ok = check_shot(h, "window-one",
				 (const char *[]){ "--window", one_ids, NULL },
				 at_scale(one_buffer, 1, 1)) &&
			ok;
	ok = check_shot(h, "window-one-scale-2",
				 (const char *[]){ "--window", one_ids, "--scale", "2", NULL },
				 at_scale(one_buffer, 1, 2)) &&
			ok;
	ok = check_shot(h, "window-two-scale-3",
				 (const char *[]){ "--window", two_ids, "--scale", "3", NULL },
				 at_scale(two_buffer, 2, 3)) &&
			ok;

	// At 1.5: two's scale-2 buffer by the area average at 3:4, one's
	// scale-1 buffer magnified 3:2 with nearest (whole buffer pixels).
	ok = check_shot(h, "window-two-scale-1.5",
				 (const char *[]){ "--window", two_ids, "--scale", "1.5",
						 NULL },
				 at_ratio(two_buffer, 3, 4)) &&
			ok;
	ok = check_shot(h, "window-one-scale-1.5",
				 (const char *[]){ "--window", one_ids, "--scale", "1.5",
						 NULL },
				 at_ratio(one_buffer, 3, 2)) &&
			ok;

	// Across the seam, two is on both outputs: taken at 2.
	REQUIRE(move_window_id(h, two_id, 540, 50), "cannot move two to the seam");
	ok = check_shot(h, "window-two-seam",
				 (const char *[]){ "--window", two_ids, NULL },
				 at_scale(two_buffer, 2, 2)) &&
			ok;

	// A region at a scale of its own: one's box on HEADLESS-1 at 2 is
	// one's buffer magnified, not the scale-1 output's pixels doubled
	// (the same here, with nearest), and at 1 one itself.
	ok = check_shot(h, "region-one-scale-2",
				 (const char *[]){ "--region", "100,50,200,100", "--scale", "2",
						 NULL },
				 at_scale(one_buffer, 1, 2)) &&
			ok;

	// Refused: an unknown window, a window with -o or --region, a scale
	// out of range, a scale alone, a cursor in a composed picture.
	ok = refused(h, (const char *[]){ "--window", "9999", NULL },
				 "an unknown window") &&
			ok;
	ok = refused(h,
				 (const char *[]){ "--window", two_ids, "-o", "HEADLESS-1",
						 NULL },
				 "a window with -o") &&
			ok;
	ok = refused(h,
				 (const char *[]){ "--window", two_ids, "--scale", "5", NULL },
				 "scale 5") &&
			ok;
	ok = refused(h, (const char *[]){ "--scale", "2", NULL },
				 "a scale alone") &&
			ok;
	ok = refused(h,
				 (const char *[]){ "--window", two_ids, "--scale", "0.5",
						 NULL },
				 "scale 0.5") &&
			ok;
	ok = refused(h, (const char *[]){ "--window", two_ids, "--cursor", NULL },
				 "a window with the cursor") &&
			ok;
	image_destroy(two_buffer);
	image_destroy(one_buffer);
	return ok;
}

int main(void) {
	return main_mixed_layout(
			"gridctl screenshot --window and --scale: a window alone, from "
			"its buffers, exact at every scale",
			body, NULL);
}
