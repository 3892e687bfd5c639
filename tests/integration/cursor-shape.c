#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/xcursor.h>
#include "check.h"
#include "client-spawn.h"
#include "harness.h"
#include "image.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * cursor-shape-v1: shape-client names the "pointer" shape (a hand) while
 * the pointer is over its window, and gridctl screenshot --cursor shows
 * the theme's own image of that name for the output's scale: 24 pixels on
 * scale 1, the theme's 48-pixel image on scale 2, not the 24-pixel one
 * magnified. Its fully opaque pixels must be exactly the theme's, its
 * fully transparent ones the window's colour (partly transparent ones
 * blend and are left out), as in cursor-theme-scale. A shape the protocol
 * does not have ends only that client, with invalid_shape.
 */

#define THEME "Adwaita"
#define SIZE 24
#define SHAPE_POINTER 4 // wp_cursor_shape_device_v1.shape.pointer
#define SHAPE_NAME "pointer"
#define WINDOW_COLOUR 0xff2080c0u // shape-client's
#define LAYOUT_WIDTH 1280
#define LAYOUT_HEIGHT 480

struct shape_case {
	const char *output;
	int scale;
	int lx, ly; // the pointer, in the layout
	int px, py; // the same point in the output's physical pixels
};

static const struct shape_case cases[] = {
	{ "HEADLESS-1", 1, 320, 240, 320, 240 },
	{ "HEADLESS-2", 2, 960, 240, 640, 480 },
};

static uint32_t image_pixel(const struct wlr_xcursor_image *image, int x,
		int y) {
	const uint32_t *pixels = (const uint32_t *)image->buffer;
	return pixels[(size_t)y * image->width + (size_t)x];
}

static struct wlr_xcursor_image *theme_image(struct wlr_xcursor_theme *theme) {
	struct wlr_xcursor *cursor = theme != NULL ?
			wlr_xcursor_theme_get_cursor(theme, SHAPE_NAME) :
			NULL;
	return cursor != NULL && cursor->image_count > 0 ? cursor->images[0] : NULL;
}

/* The cursor in the screenshot is want at c's point, over the window. */
static bool check_cursor(struct harness *h, const struct shape_case *c,
		const struct wlr_xcursor_image *want,
		const struct wlr_xcursor_image *small) {
	char file[64];
	snprintf(file, sizeof(file), "shape-%s", c->output);
	struct image *shot = screenshot_cursor(h, c->output, file);
	REQUIRE(shot != NULL, "no screenshot of %s", c->output);
	int x0 = c->px - (int)want->hotspot_x, y0 = c->py - (int)want->hotspot_y;
	long opaque = 0, clear = 0, wrong = 0, unlike_small = 0;
	for (int y = 0; y < (int)want->height; y++) {
		for (int x = 0; x < (int)want->width; x++) {
			uint32_t pixel = image_pixel(want, x, y);
			uint32_t alpha = pixel >> 24;
			if (alpha != 0 && alpha != 0xff) {
				continue;
			}
			opaque += alpha == 0xff;
			clear += alpha == 0;
			uint32_t expected = alpha == 0xff ? pixel : WINDOW_COLOUR;
			int k = c->scale;
			if (k > 1 && image_pixel(small, x / k, y / k) != pixel) {
				unlike_small++;
			}
			int sx = x0 + x, sy = y0 + y;
			if (sx < 0 || sy < 0 || sx >= shot->width || sy >= shot->height ||
					image_get(shot, sx, sy) != expected) {
				wrong++;
			}
		}
	}
	if (wrong > 0) {
		check_save_artifact(shot, file);
	}
	image_destroy(shot);
	bool ok = CHECK(opaque > 20 && clear > 20,
			"%s: only %ld opaque and %ld clear pixels to compare", c->output,
			opaque, clear);
	ok = CHECK(wrong == 0,
				 "%s: %ld of %ld pixels differ from the theme's %ux%u '%s' "
				 "over the window",
				 c->output, wrong, opaque + clear, want->width, want->height,
				 SHAPE_NAME) &&
			ok;
	if (c->scale > 1) {
		ok = CHECK(unlike_small > 20,
					 "the 2x image differs from the magnified 1x one in only "
					 "%ld pixels",
					 unlike_small) &&
				ok;
	}
	return ok;
}

static bool wait_line(struct harness_client *c, const char *prefix) {
	char *line = harness_client_wait_line(c, prefix, HARNESS_TIMEOUT_MS);
	free(line);
	return line != NULL;
}

struct shape_run {
	const struct shape_case *c;
	const struct wlr_xcursor_image *want, *small;
};

static bool body(struct harness *h, const void *data) {
	const struct shape_run *run = data;
	const struct shape_case *c = run->c;
	// The pointer goes first, so that the window maps under it.
	const char *argv[] = { getenv("POINTER_CLIENT_BIN"), NULL };
	REQUIRE(argv[0] != NULL, "POINTER_CLIENT_BIN is not set");
	struct harness_client *pointer = harness_spawn(h, "pointer", argv);
	REQUIRE(pointer != NULL && wait_line(pointer, "ready"),
			"the virtual pointer client did not start");
	REQUIRE(harness_client_send(pointer, "move %d %d %d %d", c->lx, c->ly,
					LAYOUT_WIDTH, LAYOUT_HEIGHT) &&
					wait_line(pointer, "moved"),
			"the pointer did not move");
	const char *shape_argv[] = { getenv("SHAPE_CLIENT_BIN"), "shaped", NULL };
	REQUIRE(shape_argv[0] != NULL, "SHAPE_CLIENT_BIN is not set");
	struct harness_client *window = harness_spawn(h, "shaped", shape_argv);
	// It enters as the window maps, before the client says "ready".
	REQUIRE(window != NULL && wait_line(window, "pointer enter"),
			"the window did not get the pointer");
	REQUIRE(harness_client_send(window, "shape %d", SHAPE_POINTER) &&
					wait_line(window, "shape set"),
			"the shape was not set");
	bool ok = check_cursor(h, c, run->want, run->small);

	// Shape 0 is none: the protocol error ends that client only.
	struct harness_client *bad = harness_spawn(h, "bad", shape_argv);
	REQUIRE(bad != NULL && wait_line(bad, "ready"), "no second window");
	// It is drawn over the first, under the pointer, so its shape would
	// show.
	harness_client_send(bad, "shape 0");
	char *line = harness_client_wait_line(bad, "error", HARNESS_TIMEOUT_MS);
	const char *want =
			"error protocol interface=wp_cursor_shape_device_v1 code=1 ";
	ok = CHECK(line != NULL && strncmp(line, want, strlen(want)) == 0,
				 "shape 0: \"%s\", want \"%s...\"",
				 line != NULL ? line : "nothing", want) &&
			ok;
	free(line);
	ok = CHECK(harness_client_wait_exit(bad, HARNESS_TIMEOUT_MS) == 1,
				 "the client with shape 0 did not end") &&
			ok;
	ok = CHECK_QUITS(window, "the window's client") && ok;
	return ok;
}

static bool run_case(const void *data) {
	const struct shape_case *c = data;
	struct wlr_xcursor_theme *theme =
			wlr_xcursor_theme_load(THEME, SIZE * c->scale);
	struct wlr_xcursor_theme *theme1 = wlr_xcursor_theme_load(THEME, SIZE);
	struct shape_run run = { c, theme_image(theme), theme_image(theme1) };
	bool ok = CHECK(run.want != NULL && run.small != NULL,
			"no '%s' in the %s cursor theme (adwaita-icon-theme)", SHAPE_NAME,
			THEME);
	ok = ok &&
			CHECK(run.want->width == (uint32_t)(SIZE * c->scale),
					"the theme has no %d-pixel '%s' (got %u)", SIZE * c->scale,
					SHAPE_NAME, run.want->width);
	if (ok) {
		char config[64];
		snprintf(config, sizeof(config), "cursor %s %d\nxwayland disable\n",
				THEME, SIZE);
		ok = run_mixed_layout_config(config, body, &run);
	}
	if (theme != NULL) {
		wlr_xcursor_theme_destroy(theme);
	}
	if (theme1 != NULL) {
		wlr_xcursor_theme_destroy(theme1);
	}
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite,
			"a named shape is the theme's 24-pixel image on a scale-1 "
			"output",
			run_case, &cases[0]);
	check_run(&suite,
			"a named shape is the theme's 48-pixel image on a scale-2 "
			"output",
			run_case, &cases[1]);
	return check_finish(&suite);
}
