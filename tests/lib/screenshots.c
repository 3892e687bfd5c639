#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "run-gridwl.h"
#include "screenshots.h"

static struct image *load_screenshot(const char *path, const char *tool) {
	struct image *image = image_load_png(path);
	if (image == NULL) {
		fprintf(stderr, "cannot load the %s screenshot %s\n", tool, path);
	}
	return image;
}

/* Where a screenshot called name goes: name.png in the runtime dir. */
static char *screenshot_path(struct harness *h, const char *name) {
	char file[256];
	snprintf(file, sizeof(file), "%s.png", name);
	return harness_path(h, file);
}

struct image *screenshot_gridctl(struct harness *h, const char *output,
		const char *name) {
	char *path = screenshot_path(h, name);
	struct json_object *reply = output != NULL ?
			harness_gridctl_ok(h, "screenshot", "-o", output, path, NULL) :
			harness_gridctl_ok(h, "screenshot", path, NULL);
	struct image *image = NULL;
	if (reply != NULL) {
		image = load_screenshot(path, "gridctl");
	}
	if (image != NULL) {
		// The reply describes the file it wrote.
		bool ok = CHECK_JSON_STRING(reply, "path", path);
		ok = CHECK_JSON_INT(reply, "width", image->width) && ok;
		ok = CHECK_JSON_INT(reply, "height", image->height) && ok;
		if (!ok) {
			image_destroy(image);
			image = NULL;
		}
	}
	json_object_put(reply);
	free(path);
	return image;
}

struct image *screenshot_cursor(struct harness *h, const char *output,
		const char *name) {
	char *path = screenshot_path(h, name);
	struct json_object *reply = harness_gridctl_ok(h, "screenshot", "-o",
			output, "--cursor", path, NULL);
	json_object_put(reply);
	struct image *image = reply != NULL ? image_load_png(path) : NULL;
	free(path);
	CHECK(image != NULL, "no screenshot of %s with the cursor", output);
	return image;
}

struct image *screenshot_grim(struct harness *h, const char *output,
		const char *name) {
	char *path = screenshot_path(h, name);
	const char *with_output[] = { "grim", "-o", output, path, NULL };
	const char *whole[] = { "grim", path, NULL };
	struct image *image = NULL;
	if (run_ok(h, output != NULL ? with_output : whole)) {
		image = load_screenshot(path, "grim");
	}
	free(path);
	return image;
}

static uint32_t expect_from_image(void *data, int rx, int ry) {
	return image_get(data, rx, ry);
}

bool screenshot_wait_matches(struct image *(*take)(void *data), void *data,
		struct image_region region, const struct image *expected,
		const char *name) {
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	for (;;) {
		struct image *image = take(data);
		if (image == NULL) {
			return false;
		}
		struct image_mismatch mismatch = { 0 };
		long count = image_compare(image, region, expect_from_image,
				(void *)expected, &mismatch);
		if (count == 0) {
			image_destroy(image);
			return true;
		}
		if (harness_now_ms() >= deadline) {
			check_save_artifact(image, name);
			image_destroy(image);
			return CHECK(false,
					"%s: %ld pixels differ (first at %d,%d: 0x%08x, want "
					"0x%08x)",
					name, count, mismatch.x, mismatch.y, mismatch.actual,
					mismatch.expected);
		}
		image_destroy(image);
		harness_sleep_ms(50);
	}
}

struct output_shot {
	struct harness *h;
	const char *output;
};

static struct image *take_output_shot(void *data) {
	struct output_shot *shot = data;
	return screenshot_gridctl(shot->h, shot->output, shot->output);
}

bool output_shows(struct harness *h, const char *output, int x, int y,
		const struct image *expected, const char *name) {
	struct output_shot shot = { h, output };
	return screenshot_wait_matches(take_output_shot, &shot,
			(struct image_region){ x, y, expected->width, expected->height },
			expected, name);
}
