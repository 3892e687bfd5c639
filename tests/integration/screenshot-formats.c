#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "image.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * gridctl screenshot's other forms, each the same pixels as the PNG of the
 * output or the layout: FILE.ppm (binary PPM, for speed), - (PNG on
 * stdout), and --region X,Y,W,H (a logical part of the layout at its
 * largest scale); and grim's captures of a still screen, which complete. The mixed layout: HEADLESS-1 640x480 at scale 1 and
 * HEADLESS-2 1280x960 at scale 2 beside it, with a fullscreen checker on
 * HEADLESS-2 at scale 2, so the pictures are exact.
 */

static struct image *load_ppm(const char *path) {
	FILE *f = fopen(path, "rb");
	if (f == NULL) {
		return NULL;
	}
	int width = 0, height = 0, max = 0;
	struct image *image = NULL;
	if (fscanf(f, "P6 %d %d %d", &width, &height, &max) == 3 && max == 255 &&
			fgetc(f) == '\n' && width > 0 && height > 0) {
		image = image_create(width, height);
	}
	for (int y = 0; image != NULL && y < height; y++) {
		for (int x = 0; x < width; x++) {
			int r = fgetc(f), g = fgetc(f), b = fgetc(f);
			if (b == EOF) {
				image_destroy(image);
				image = NULL;
				break;
			}
			image_set(image, x, y,
					0xff000000u | (uint32_t)r << 16 | (uint32_t)g << 8 |
							(uint32_t)b);
		}
	}
	fclose(f);
	return image;
}

/* Whether b is a at (x, y) of a, every pixel. */
static bool same_pixels(const struct image *a, int x, int y,
		const struct image *b, const char *what) {
	REQUIRE(a != NULL && b != NULL, "%s: no image", what);
	REQUIRE(x + b->width <= a->width && y + b->height <= a->height,
			"%s: %dx%d does not fit at %d,%d of %dx%d", what, b->width,
			b->height, x, y, a->width, a->height);
	long differ = 0;
	for (int row = 0; row < b->height; row++) {
		for (int col = 0; col < b->width; col++) {
			differ += image_get(a, x + col, y + row) != image_get(b, col, row);
		}
	}
	return CHECK(differ == 0, "%s: %ld pixels differ", what, differ);
}

static bool run_gridctl_to(const char *args, const char *out) {
	char command[1024];
	snprintf(command, sizeof(command), "'%s' screenshot %s > '%s'",
			getenv("GRIDCTL_BIN"), args, out);
	return system(command) == 0;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *client = spawn_pattern_ready(h, "shot", 640, 480, 2,
			"--fullscreen", "HEADLESS-2", "--scale", "2", "--pattern",
			"checker", "--app-id", "shot", NULL);
	REQUIRE(client != NULL, "the fullscreen client is not shown");
	struct image *output_png = screenshot_gridctl(h, "HEADLESS-2", "formats");
	struct image *layout_png = screenshot_gridctl(h, NULL, "formats-layout");
	REQUIRE(output_png != NULL && layout_png != NULL, "no PNG screenshots");
	struct pattern pattern;
	struct image_region all = { 0, 0, 1280, 960 };
	bool ok = CHECK(pattern_parse("checker", &pattern), "bad pattern") &&
			CHECK_PATTERN(output_png, all, &pattern, 1280, 960, "formats");

	char *ppm = harness_path(h, "formats.ppm");
	struct json_object *reply =
			harness_gridctl_ok(h, "screenshot", "-o", "HEADLESS-2", ppm, NULL);
	struct image *image = reply != NULL ? load_ppm(ppm) : NULL;
	ok = CHECK(image != NULL, "no PPM screenshot") &&
			same_pixels(output_png, 0, 0, image, "the PPM of HEADLESS-2") && ok;
	ok = ok &&
			CHECK(image->width == 1280 && image->height == 960,
					"the PPM is %dx%d", image->width, image->height);
	image_destroy(image);
	json_object_put(reply);
	free(ppm);

	char *out = harness_path(h, "stdout.png");
	ok = CHECK(run_gridctl_to("-o HEADLESS-2 -", out),
				 "gridctl screenshot - failed") &&
			ok;
	image = image_load_png(out);
	ok = same_pixels(output_png, 0, 0, image, "the PNG on stdout") && ok;
	image_destroy(image);

	// Across the seam: HEADLESS-1's 600..640 and HEADLESS-2's 640..700,
	// at the layout's scale 2.
	ok = CHECK(run_gridctl_to("--region 600,100,100,50 -", out),
				 "gridctl screenshot --region failed") &&
			ok;
	image = image_load_png(out);
	ok = CHECK(image != NULL && image->width == 200 && image->height == 100,
				 "the region is not 200x100") &&
			same_pixels(layout_png, 1200, 200, image, "the region") && ok;
	image_destroy(image);

	// Errors: outside the layout, with -o, malformed; the file stays empty.
	ok = CHECK(!run_gridctl_to("--region 5000,0,10,10 -", out),
				 "a region outside the layout was accepted") &&
			ok;
	ok = CHECK(!run_gridctl_to("-o HEADLESS-1 --region 0,0,10,10 -", out),
				 "a region with -o was accepted") &&
			ok;
	ok = CHECK(!run_gridctl_to("--region 0,0,0,10 -", out),
				 "an empty region was accepted") &&
			ok;
	free(out);

	// On a still screen (nothing committed or repainted for 300 ms), grim's
	// wlr-screencopy captures complete, twice in a row, with the same
	// pixels: no capture waits for a frame that will not come.
	reply = harness_gridctl_ok(h, "wait", "settled", "--quiet", "300", NULL);
	ok = CHECK(reply != NULL, "the screen did not settle") && ok;
	json_object_put(reply);
	for (int i = 0; i < 2; i++) {
		image = screenshot_grim(h, "HEADLESS-2", "formats-grim-still");
		ok = same_pixels(output_png, 0, 0, image, "grim on a still screen") &&
				ok;
		image_destroy(image);
	}
	image_destroy(output_png);
	image_destroy(layout_png);
	return ok;
}

int main(void) {
	return main_mixed_layout(
			"gridctl screenshot as PPM, on stdout and of a region: the PNG's "
			"pixels",
			body, NULL);
}
