#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * Rotated and flipped outputs. HEADLESS-1 is 800x600 at scale 2 (400x300
 * logical). A 150x100 window of the coords pattern is drawn upright at each
 * model: its buffer at scale 2 (1:1), at 1 (nearest, then bilinear: both
 * magnified) and at 4 (box-reduced). Its pixels on the upright output are
 * the reference; then for every transform, set with gridctl output, the
 * output's logical size is swapped for 90 and 270, the client is told the
 * transform as its preferred one, and the window's pixels in grim's
 * picture (wlr-screencopy copies the rotated buffer, grim turns it upright
 * by wl_output's transform) and in gridctl's are the reference exactly: the
 * output's buffer is the upright picture permuted. Then the client redraws
 * while the output is rotated: grim's picture, made of partial redraws of
 * buffers of different ages, is gridctl's, drawn whole. Last, wlr-randr sets a
 * transform through wlr-output-management, and a bad transform is refused
 * with nothing changed.
 */

#define OUTPUT "HEADLESS-1"
#define MODE_WIDTH 800
#define MODE_HEIGHT 600
#define SCALE 2

struct model_case {
	const char *name;
	const char *buffer_scale;
	const char *filter;
};

static const char *const transforms[] = {
	"90",
	"180",
	"270",
	"flipped",
	"flipped-90",
	"flipped-180",
	"flipped-270",
};

/* wl_output_transform's value of transforms[i]. */
static int transform_value(size_t i) {
	return (int)i + 1;
}

/* HEADLESS-1 in gridctl outputs has that transform and logical size, its
 * mode unchanged. */
static bool check_output(struct harness *h, const char *transform,
		int logical_width, int logical_height) {
	struct json_object *reply = harness_gridctl_ok(h, "outputs", (char *)NULL);
	REQUIRE(reply != NULL, "gridctl outputs failed");
	struct json_object *outputs = json_path(reply, "outputs", json_type_array);
	struct json_object *output = json_array_find(outputs, "name", OUTPUT);
	bool ok = CHECK(output != NULL, "no %s in gridctl outputs", OUTPUT);
	ok = ok && CHECK_JSON_STRING(output, "transform", transform);
	ok = ok && CHECK_JSON_INT(output, "width", logical_width);
	ok = ok && CHECK_JSON_INT(output, "height", logical_height);
	ok = ok && CHECK_JSON_INT(output, "mode.width", MODE_WIDTH);
	ok = ok && CHECK_JSON_INT(output, "mode.height", MODE_HEIGHT);
	json_object_put(reply);
	return ok;
}

/* The window's box in device pixels of the upright picture. */
static bool window_device_box(struct harness *h, struct image_region *box) {
	struct json_object *window =
			harness_wait_window_app_id(h, "rotated", HARNESS_TIMEOUT_MS);
	REQUIRE(window != NULL, "no window");
	struct json_object *x, *y, *w, *hh;
	bool ok = json_object_object_get_ex(window, "x", &x) &&
			json_object_object_get_ex(window, "y", &y) &&
			json_object_object_get_ex(window, "width", &w) &&
			json_object_object_get_ex(window, "height", &hh);
	if (ok) {
		*box = (struct image_region){
			json_object_get_int(x) * SCALE,
			json_object_get_int(y) * SCALE,
			json_object_get_int(w) * SCALE,
			json_object_get_int(hh) * SCALE,
		};
	}
	json_object_put(window);
	return CHECK(ok, "the window has no box");
}

struct crop {
	const struct image *image;
	struct image_region region;
};

static uint32_t expect_crop(void *data, int rx, int ry) {
	const struct crop *crop = data;
	return image_get(crop->image, crop->region.x + rx, crop->region.y + ry);
}

/* Region of image is exactly reference's window, pixel for pixel. */
static bool check_same(const struct image *image, struct image_region region,
		const struct crop *reference, int width, int height, const char *name) {
	REQUIRE(image->width == width && image->height == height,
			"%s is %dx%d, want %dx%d (upright)", name, image->width,
			image->height, width, height);
	struct image_mismatch mismatch;
	long count = image_compare(image, region, expect_crop, (void *)reference,
			&mismatch);
	return CHECK(count == 0,
			"%s: %ld pixels differ from the upright reference; "
			"first at %d,%d: 0x%08x, want 0x%08x",
			name, count, mismatch.x, mismatch.y, mismatch.actual,
			mismatch.expected);
}

static bool shoot_both(struct harness *h, const char *name,
		struct image *shots[2]) {
	char file[112]; // a name of up to 95 bytes and its suffix
	snprintf(file, sizeof(file), "%s-gridctl", name);
	shots[0] = screenshot_gridctl(h, OUTPUT, file);
	snprintf(file, sizeof(file), "%s-grim", name);
	shots[1] = screenshot_grim(h, OUTPUT, file);
	return CHECK(shots[0] != NULL && shots[1] != NULL, "%s: no screenshot",
			name);
}

/* Still at the last transform (flipped-270), the client draws another
 * pattern: only its window is damaged, and the output's buffer, brought up
 * to date where its age says, is grim's upright picture of everything
 * gridctl draws whole. */
static bool check_redraw(struct harness *h, struct harness_client *client,
		const char *model) {
	struct lines lines;
	REQUIRE(harness_client_send(client, "pattern checker") &&
					client_sync_lines(client, &lines),
			"the client did not take the checker pattern");
	lines_free(&lines);
	bool ok = true;
	// Twice: the second frame draws into another buffer of the swapchain,
	// of another age.
	for (int round = 0; round < 2; round++) {
		char name[96];
		snprintf(name, sizeof(name), "%s-redraw-%d", model, round);
		struct image *shots[2] = { NULL, NULL };
		if (shoot_both(h, name, shots)) {
			struct crop whole = { shots[0],
				{ 0, 0, shots[0]->width, shots[0]->height } };
			ok = check_same(shots[1], whole.region, &whole, shots[0]->width,
						 shots[0]->height, name) &&
					ok;
		} else {
			ok = false;
		}
		image_destroy(shots[0]);
		image_destroy(shots[1]);
		if (round == 0) {
			REQUIRE(harness_client_send(client, "pattern grid") &&
							client_sync_lines(client, &lines),
					"the client did not take the grid pattern");
			lines_free(&lines);
		}
	}
	return ok;
}

static bool run_model(struct harness *h, const struct model_case *m) {
	bool ok = set_output(h, OUTPUT, "filter", m->filter);
	ok = set_output(h, OUTPUT, "transform", "normal") && ok;
	const char *args[] = { "--scale", m->buffer_scale, "--size", "150x100",
		"--app-id", "rotated", "--report-preferred", NULL };
	struct harness_client *client =
			harness_spawn_pattern_client(h, "rotated", args);
	REQUIRE(client != NULL, "cannot start the pattern client");
	ok = CHECK_READY(client, 150, 100, atoi(m->buffer_scale)) && ok;

	struct image_region upright_box;
	struct image *reference[2] = { NULL, NULL };
	char name[96];
	snprintf(name, sizeof(name), "%s-normal", m->name);
	if (!window_device_box(h, &upright_box) ||
			!shoot_both(h, name, reference)) {
		image_destroy(reference[0]);
		image_destroy(reference[1]);
		harness_client_kill(client);
		return false;
	}

	for (size_t i = 0; i < sizeof(transforms) / sizeof(transforms[0]); i++) {
		bool swapped = transform_value(i) & 1;
		int width = swapped ? MODE_HEIGHT : MODE_WIDTH;
		int height = swapped ? MODE_WIDTH : MODE_HEIGHT;
		ok = set_output(h, OUTPUT, "transform", transforms[i]) && ok;
		ok = check_output(h, transforms[i], width / SCALE, height / SCALE) &&
				ok;
		char want[48];
		snprintf(want, sizeof(want), "preferred transform %d",
				transform_value(i));
		ok = CHECK_WHOLE_LINE(client, want) && ok;

		struct image_region box;
		struct image *shots[2] = { NULL, NULL };
		snprintf(name, sizeof(name), "%s-%s", m->name, transforms[i]);
		if (window_device_box(h, &box) && shoot_both(h, name, shots)) {
			const char *how[] = { "gridctl", "grim" };
			for (int s = 0; s < 2; s++) {
				struct crop crop = { reference[s], upright_box };
				char what[128];
				snprintf(what, sizeof(what), "%s (%s)", name, how[s]);
				ok = check_same(shots[s], box, &crop, width, height, what) &&
						ok;
			}
		} else {
			ok = false;
		}
		image_destroy(shots[0]);
		image_destroy(shots[1]);
	}
	image_destroy(reference[0]);
	image_destroy(reference[1]);
	ok = check_redraw(h, client, m->name) && ok;
	harness_client_kill(client);
	return ok;
}

static int wlr_randr_transform(struct harness *h, const char *transform) {
	const char *argv[] = { "wlr-randr", "--output", OUTPUT, "--transform",
		transform, NULL };
	return harness_run(h, argv, HARNESS_TIMEOUT_MS, NULL);
}

static bool run_plumbing(struct harness *h) {
	bool ok = CHECK(wlr_randr_transform(h, "270") == 0,
			"wlr-randr --transform 270 failed");
	ok = check_output(h, "270", MODE_HEIGHT / SCALE, MODE_WIDTH / SCALE) && ok;
	const char *list[] = { "wlr-randr", NULL };
	char *listing = NULL;
	ok = CHECK(harness_run(h, list, HARNESS_TIMEOUT_MS, &listing) == 0,
				 "wlr-randr cannot list outputs") &&
			ok;
	ok = CHECK(listing != NULL && strstr(listing, "Transform: 270") != NULL,
				 "wlr-randr should list HEADLESS-1 at 270:\n%s",
				 listing != NULL ? listing : "") &&
			ok;
	free(listing);

	int status = 0;
	struct json_object *reply = harness_gridctl(h, &status, "output", OUTPUT,
			"transform", "45", (char *)NULL);
	ok = CHECK(status != 0 && reply != NULL,
				 "gridctl output transform 45 should fail") &&
			ok;
	ok = ok && CHECK_JSON_BOOL(reply, "success", false);
	struct json_object *error = json_path(reply, "error", json_type_string);
	ok = CHECK(error != NULL &&
						 strstr(json_object_get_string(error),
								 "transform must be normal, 90, 180, 270, "
								 "flipped, flipped-90, flipped-180 or "
								 "flipped-270, got '45'") != NULL,
				 "the error should name the transforms: %s",
				 reply != NULL ? json_object_to_json_string(reply) : "") &&
			ok;
	json_object_put(reply);
	ok = check_output(h, "270", MODE_HEIGHT / SCALE, MODE_WIDTH / SCALE) && ok;
	ok = set_output(h, OUTPUT, "transform", "normal") && ok;
	return check_output(h, "normal", MODE_WIDTH / SCALE, MODE_HEIGHT / SCALE) &&
			ok;
}

static bool body(struct harness *h, const void *data) {
	static const struct model_case models[] = {
		{ "1to1", "2", "nearest" },
		{ "nearest", "1", "nearest" },
		{ "bilinear", "1", "bilinear" },
		{ "box", "4", "nearest" },
	};
	bool ok = true;
	for (size_t i = 0; i < sizeof(models) / sizeof(models[0]); i++) {
		fprintf(stderr, "# %s\n", models[i].name);
		ok = run_model(h, &models[i]) && ok;
	}
	return run_plumbing(h) && ok;
}

int main(void) {
	return main_on_output("output-transform", OUTPUT, MODE_WIDTH, MODE_HEIGHT,
			SCALE, body, NULL);
}
