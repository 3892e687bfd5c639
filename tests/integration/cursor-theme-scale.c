#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/xcursor.h>
#include "check.h"
#include "harness.h"
#include "pattern.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "virtual-pointer.h"

/*
 * The cursor on each output is the theme's own image for that output's
 * scale: on a scale-2 output the 48-pixel left_ptr of a size-24 theme, not
 * the 24-pixel one magnified; at a fractional scale s the smallest size the
 * theme has of at least 24 x s, drawn 1:1 with its own hotspot on the
 * pointer's device pixel. gridctl screenshot --cursor shows it as the
 * output does; its fully opaque pixels must be exactly the theme's and its
 * fully transparent ones the background (partly transparent ones blend,
 * and are left out).
 *
 * The theme is named by the config's cursor line, Adwaita (Debian's
 * adwaita-icon-theme, whose cursors come in sizes 24, 30, 36, 48, 72 and
 * 96), so the environment cannot change what is expected.
 *
 * The theme is loaded once per scale, whatever the number of outputs:
 * gridctl stats' cursor_theme_loads counts the loads.
 */

#define THEME "Adwaita"
#define SIZE 24
#define LAYOUT_WIDTH 1280 // logical: two 640x480 outputs side by side
#define LAYOUT_HEIGHT 480

struct cursor_case {
	// HEADLESS-2, 640x480 logical beside HEADLESS-1 at scale 1.
	const char *mode;
	const char *scale_text;
	int scale120;
	const char *output; // where the pointer goes
	int size; // the theme's size expected there
	int lx, ly; // where the pointer goes, in the layout
	int px, py; // the same point in the output's physical pixels
};

static const struct cursor_case cases[] = {
	{ "1280x960", "2", 240, "HEADLESS-1", 24, 320, 240, 320, 240 },
	{ "1280x960", "2", 240, "HEADLESS-2", 48, 960, 240, 640, 480 },
	{ "1280x960", "2", 240, "HEADLESS-2", 48, 1001, 77, 722, 154 },
	// 24 x 1.5 = 36, which Adwaita has: hotspot 4,1, which wlroots alone
	// would move to 3,0 (wlr_compat W31).
	{ "960x720", "1.5", 180, "HEADLESS-2", 36, 960, 240, 480, 360 },
	{ "960x720", "1.5", 180, "HEADLESS-2", 36, 1002, 78, 543, 117 },
	// 24 x 1.3 = 31.2: 36, not the nearer 30, which would be magnified.
	{ "832x624", "1.3", 156, "HEADLESS-2", 36, 960, 240, 416, 312 },
};

static uint32_t image_pixel(const struct wlr_xcursor_image *image, int x,
		int y) {
	const uint32_t *pixels = (const uint32_t *)image->buffer;
	return pixels[(size_t)y * image->width + (size_t)x];
}

static struct wlr_xcursor_image *theme_image(struct wlr_xcursor_theme *theme) {
	struct wlr_xcursor *cursor =
			wlr_xcursor_theme_get_cursor(theme, "left_ptr");
	return cursor != NULL && cursor->image_count > 0 ? cursor->images[0] : NULL;
}

static bool check_cursor(struct harness *h, const struct cursor_case *c,
		const struct wlr_xcursor_image *want,
		const struct wlr_xcursor_image *small) {
	char name[64];
	snprintf(name, sizeof(name), "cursor-%s-%d-%d", c->output, c->lx, c->ly);
	struct image *shot = screenshot_cursor(h, c->output, name);
	REQUIRE(shot != NULL, "no screenshot of %s", c->output);

	int x0 = c->px - (int)want->hotspot_x, y0 = c->py - (int)want->hotspot_y;
	long opaque = 0, clear = 0, wrong = 0, unlike_small = 0;
	int first_x = -1, first_y = -1;
	uint32_t first_want = 0, first_got = 0;
	for (int y = 0; y < (int)want->height; y++) {
		for (int x = 0; x < (int)want->width; x++) {
			int sx = x0 + x, sy = y0 + y;
			if (sx < 0 || sy < 0 || sx >= shot->width || sy >= shot->height) {
				continue;
			}
			uint32_t pixel = image_pixel(want, x, y);
			uint32_t alpha = pixel >> 24;
			uint32_t expected;
			if (alpha == 0xff) {
				expected = pixel;
				opaque++;
			} else if (alpha == 0) {
				expected = BACKGROUND;
				clear++;
			} else {
				continue;
			}
			// What a magnified scale-1 image would have put here.
			int mx = x * 120 / c->scale120, my = y * 120 / c->scale120;
			uint32_t magnified = (uint32_t)mx < small->width &&
							(uint32_t)my < small->height ?
					image_pixel(small, mx, my) :
					0;
			if (c->scale120 > 120 && magnified != pixel) {
				unlike_small++;
			}
			uint32_t got = image_get(shot, sx, sy);
			if (got != expected) {
				if (wrong++ == 0) {
					first_x = sx;
					first_y = sy;
					first_want = expected;
					first_got = got;
				}
			}
		}
	}
	if (wrong > 0) {
		check_save_artifact(shot, name);
	}
	image_destroy(shot);
	bool ok = CHECK(opaque > 20 && clear > 20,
			"%s: only %ld opaque and %ld "
			"clear cursor pixels to compare",
			c->output, opaque, clear);
	ok = CHECK(wrong == 0,
				 "%s: %ld of %ld cursor pixels differ from the "
				 "theme's %ux%u image, first at %d,%d: expected 0x%08x, got 0x%08x",
				 c->output, wrong, opaque + clear, want->width, want->height,
				 first_x, first_y, first_want, first_got) &&
			ok;
	if (c->scale120 > 120) {
		// Otherwise the test could not tell the two apart.
		ok = CHECK(unlike_small > 20,
					 "the %d-pixel image differs from the "
					 "magnified 1x one in only %ld pixels",
					 c->size, unlike_small) &&
				ok;
	}
	return ok;
}

/* A case and the theme's images it expects. */
struct theme_run {
	const struct cursor_case *c;
	const struct wlr_xcursor_image *want, *small;
};

static bool body_case(struct harness *h, const void *data) {
	const struct theme_run *run = data;
	const struct cursor_case *c = run->c;
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL,
			"the virtual pointer client did not start "
			"(POINTER_CLIENT_BIN)");
	char move[64];
	snprintf(move, sizeof(move), "move %d %d %d %d", c->lx, c->ly, LAYOUT_WIDTH,
			LAYOUT_HEIGHT);
	REQUIRE(pointer_command(pointer, "moved", move),
			"the pointer did not move");
	return check_cursor(h, c, run->want, run->small);
}

static bool run_case(const void *data) {
	const struct cursor_case *c = data;
	struct wlr_xcursor_theme *theme = wlr_xcursor_theme_load(THEME, c->size);
	struct wlr_xcursor_theme *theme1 = wlr_xcursor_theme_load(THEME, SIZE);
	struct theme_run run = { c, theme ? theme_image(theme) : NULL,
		theme1 ? theme_image(theme1) : NULL };
	bool ok = CHECK(run.want != NULL && run.small != NULL,
			"no left_ptr in the %s "
			"cursor theme (Debian package adwaita-icon-theme)",
			THEME);
	ok = ok &&
			CHECK(run.want->width == (uint32_t)c->size,
					"the theme has no %d-pixel left_ptr (got %u)", c->size,
					run.want->width);
	if (ok) {
		char config[32];
		snprintf(config, sizeof(config), "cursor %s %d\n", THEME, SIZE);
		char second[128];
		snprintf(second, sizeof(second),
				"HEADLESS-2 mode %s scale %s position 640,0", c->mode,
				c->scale_text);
		const char *args[] = {
			"--output",
			"HEADLESS-1 mode 640x480 scale 1 position 0,0",
			"--output",
			second,
			NULL,
		};
		ok = run_gridwl_config(config, args, body_case, &run);
	}
	if (theme != NULL) {
		wlr_xcursor_theme_destroy(theme);
	}
	if (theme1 != NULL) {
		wlr_xcursor_theme_destroy(theme1);
	}
	return ok;
}

/* What the output shows, cursor included (grim reads the composed frame),
 * has no pixel but the background. */
static bool check_no_cursor(struct harness *h, const char *output, int width,
		int height) {
	struct image *image = screenshot_grim(h, output, output);
	REQUIRE(image != NULL, "no screenshot of %s", output);
	struct image_region all = { 0, 0, width, height };
	bool ok = CHECK_SOLID(image, all, BACKGROUND, output);
	image_destroy(image);
	return ok;
}

/* wlroots gives every output a cursor of its own, made at the output's
 * top-left when the output enters the layout; it is moved only when the
 * pointer is. An output added after the pointer was placed, or moved,
 * showed a second cursor there. */
static bool body_one_cursor(struct harness *h, const void *data) {
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no virtual pointer");
	// The pointer is at the centre of HEADLESS-1, where it starts.
	struct image *image = screenshot_grim(h, "HEADLESS-1", "pointer-output");
	struct image_region all = { 0, 0, 640, 480 };
	bool ok = CHECK(image != NULL, "no screenshot") &&
			CHECK(pattern_mismatches(image, all,
						  &(struct pattern){ .kind = PATTERN_SOLID,
								  .colour = BACKGROUND },
						  640, 480) > 0,
					"HEADLESS-1 should show the cursor");
	image_destroy(image);
	ok = check_no_cursor(h, "HEADLESS-2", 1280, 960) && ok;

	struct json_object *reply =
			harness_gridctl_ok(h, "create-output", "640x480", NULL);
	ok = CHECK(reply != NULL, "create-output failed") && ok;
	json_object_put(reply);
	ok = check_no_cursor(h, "HEADLESS-3", 640, 480) && ok;
	// Rearranged: HEADLESS-2 goes below HEADLESS-1, at a new scale.
	reply = harness_gridctl_ok(h, "output", "HEADLESS-2", "scale", "4",
			"position", "0,480", NULL);
	ok = CHECK(reply != NULL, "cannot rearrange HEADLESS-2") && ok;
	json_object_put(reply);
	ok = check_no_cursor(h, "HEADLESS-2", 1280, 960) && ok;
	ok = check_no_cursor(h, "HEADLESS-3", 640, 480) && ok;
	harness_client_send(pointer, "quit");
	return ok;
}

static bool theme_loads(struct harness *h, int want, const char *when) {
	struct json_object *stats = harness_gridctl_ok(h, "stats", NULL);
	struct json_object *v =
			json_path(stats, "cursor_theme_loads", json_type_int);
	int loads = v != NULL ? json_object_get_int(v) : -1;
	json_object_put(stats);
	return CHECK(loads == want, "%s: %d cursor theme loads, expected %d", when,
			loads, want);
}

/* Four outputs at scales 1, 2, 1, 2: the theme at 1 and at 2, twice in
 * all, shared by the outputs of each scale; an output of a third scale
 * loads one more, and one of a scale already loaded none. */
static bool body_loads(struct harness *h, const void *data) {
	// Nothing shows a cursor yet (the pointer is parked): nothing loaded,
	// so nothing on the way to the socket.
	bool ok = theme_loads(h, 0, "at start-up");
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no virtual pointer");
	ok = pointer_command(pointer, "moved", "move 320 240 2560 480") && ok;
	ok = theme_loads(h, 2, "four outputs at 1, 2, 1, 2") && ok;
	struct json_object *reply = harness_gridctl_ok(h, "create-output",
			"640x480", "scale", "2", NULL);
	ok = CHECK(reply != NULL, "create-output failed") && ok;
	json_object_put(reply);
	ok = theme_loads(h, 2, "a fifth output at 2") && ok;
	reply = harness_gridctl_ok(h, "output", "HEADLESS-5", "scale", "1.5", NULL);
	ok = CHECK(reply != NULL, "cannot scale HEADLESS-5") && ok;
	json_object_put(reply);
	ok = theme_loads(h, 3, "HEADLESS-5 at 1.5") && ok;
	harness_client_send(pointer, "quit");
	return ok;
}

static bool run_loads(const void *data) {
	const char *args[] = {
		"--output",
		"HEADLESS-1 mode 640x480 scale 1 position 0,0",
		"--output",
		"HEADLESS-2 mode 1280x960 scale 2 position 640,0",
		"--output",
		"HEADLESS-3 mode 640x480 scale 1 position 1280,0",
		"--output",
		"HEADLESS-4 mode 1280x960 scale 2 position 1920,0",
		NULL,
	};
	// Xwayland would load the theme at 2 for its root cursor too, when
	// it came up: a race with the count at start-up.
	return run_gridwl_config("xwayland disable\n", args, body_loads, data);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run_mixed_layout(&suite,
			"only the output under the pointer shows the cursor",
			body_one_cursor, NULL);
	check_run(&suite, "the theme is loaded once per scale", run_loads, NULL);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct cursor_case *c = &cases[i];
		char name[128];
		snprintf(name, sizeof(name),
				"the theme's %d-pixel cursor on %s (HEADLESS-2 at %s) "
				"at %d,%d",
				c->size, c->output, c->scale_text, c->lx, c->ly);
		check_run(&suite, name, run_case, c);
	}
	return check_finish(&suite);
}
