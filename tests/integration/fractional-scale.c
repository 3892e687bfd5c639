#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "client-spawn.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"
#include "resample_expect.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * A client that draws at a fractional scale the way GTK 4 and Qt 6 do
 * (wp_fractional_scale_v1, a buffer of round(size x scale), a viewport) is
 * copied 1:1 on a 1.5 output wherever the window is, moved by odd logical
 * amounts too: the case sway resamples whenever round(x s) + round(w s)
 * differs from round((x + w) s). Across the seam with a scale-1 output it
 * stays 1:1 on the 1.5 side and is reduced by the exact area average on
 * the other.
 */

#define FRACTIONAL "HEADLESS-1" // 1440x900 at 1.5: 960x600 logical
#define PLAIN "HEADLESS-2" // 800x600 at 1, right of it
#define WIDTH 201
#define HEIGHT 101
// round(201 x 1.5), round(101 x 1.5)
#define BUFFER_WIDTH 302
#define BUFFER_HEIGHT 152

/* The part of picture, whose top-left is at device (x, y) of an output of
 * width x height, that the output shows, checked where it must be. */
static bool check_visible(struct harness *h, const char *output, int width,
		int height, const struct image *picture, int x, int y,
		const char *name) {
	int x1 = x > 0 ? x : 0, y1 = y > 0 ? y : 0;
	int x2 = x + picture->width < width ? x + picture->width : width;
	int y2 = y + picture->height < height ? y + picture->height : height;
	REQUIRE(x2 > x1 && y2 > y1, "%s: nothing of it on %s", name, output);
	struct image *part = image_create(x2 - x1, y2 - y1);
	REQUIRE(part != NULL, "out of memory");
	for (int py = y1; py < y2; py++) {
		for (int px = x1; px < x2; px++) {
			image_set(part, px - x1, py - y1,
					image_get(picture, px - x, py - y) | 0xff000000u);
		}
	}
	bool ok = output_shows(h, output, x1, y1, part, name);
	image_destroy(part);
	return ok;
}

/* Moves the window to (x, y) and checks that the 1.5 output shows its
 * buffer 1:1 with its top-left at (round(1.5 x), round(1.5 y)). */
static bool check_moved(struct harness *h, int64_t id,
		const struct image *buffer, int x, int y) {
	REQUIRE(move_window_id(h, id, x, y), "cannot move the window");
	REQUIRE(wait_window_box(h, "frac", x, y, WIDTH, HEIGHT),
			"the window is not at %d,%d", x, y);
	char name[64];
	snprintf(name, sizeof(name), "frac-at-%d-%d", x, y);
	return check_visible(h, FRACTIONAL, 1440, 900, buffer, (2 * 3 * x + 2) / 4,
			(2 * 3 * y + 2) / 4, name);
}

static struct image *take_grim(void *data) {
	return screenshot_grim(data, FRACTIONAL, "frac-grim");
}

/* grim reads the composed frame through wlr-screencopy and places it by
 * xdg-output's logical box: where that box is whole (960x600 at 1.5), its
 * picture is the output's device pixels, as gridctl's is. */
static bool check_grim_exact(struct harness *h) {
	struct image *shown = screenshot_gridctl(h, FRACTIONAL, "frac-gridctl");
	REQUIRE(shown != NULL, "no gridctl screenshot of %s", FRACTIONAL);
	struct image_region all = { 0, 0, shown->width, shown->height };
	bool ok = screenshot_wait_matches(take_grim, h, all, shown, "frac-grim");
	image_destroy(shown);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	// Told 180/120 for the 1.5 output before its first frame, it draws
	// round(201 x 1.5) wide from the start.
	const char *argv[] = { getenv("FRACTIONAL_CLIENT_BIN"), "--app-id", "frac",
		"--size", "201x101", NULL };
	REQUIRE(argv[0] != NULL, "FRACTIONAL_CLIENT_BIN is not set");
	struct harness_client *c =
			spawn_argv_until(h, "frac", argv, "drawn 302x152 scale 180");
	REQUIRE(c != NULL, "the fractional client was not told scale 1.5");
	bool ok = client_wait_exact(c, "ready");
	int64_t id = wait_window_id(h, "frac");
	REQUIRE(id > 0, "no window");
	struct pattern grid = { .kind = PATTERN_GRID };
	struct image *buffer =
			resample_pattern_buffer(&grid, BUFFER_WIDTH, BUFFER_HEIGHT);
	REQUIRE(buffer != NULL, "out of memory");
	// 37 x 1.5 = 55.5 and 23 x 1.5 = 34.5: corners that fall between
	// device pixels; then whole ones; then 1.25 past them.
	const int places[][2] = { { 37, 23 }, { 38, 24 }, { 101, 57 } };
	int64_t before, after;
	ok = CHECK(rs_stat(h, "blits_1to1", &before), "no blits_1to1") && ok;
	for (size_t i = 0; i < sizeof(places) / sizeof(places[0]); i++) {
		ok = check_moved(h, id, buffer, places[i][0], places[i][1]) && ok;
	}
	ok = check_grim_exact(h) && ok;
	// Exact pixels could come from the renderer too: the count says they
	// were a copy (in the frame after each move at least).
	ok = CHECK(rs_stat(h, "blits_1to1", &after), "no blits_1to1") &&
			CHECK(after - before >= 3,
					"the buffer sized by its viewport was copied 1:1 %lld "
					"times for three places, not at least 3",
					(long long)(after - before)) &&
			ok;
	// Across the seam at logical x 960: 1:1 on the 1.5 side; on the
	// scale-1 side the 1.5 buffer is reduced to 201x101 by the area
	// average, its left 100 columns off the output.
	ok = check_moved(h, id, buffer, 860, 101) && ok;
	struct resample_ratio ratio = { WIDTH, BUFFER_WIDTH, HEIGHT,
		BUFFER_HEIGHT };
	struct image *reduced = resample_expect_ratio(buffer, WIDTH, HEIGHT, &ratio,
			RESAMPLE_NEAREST);
	ok = CHECK(reduced != NULL, "out of memory") &&
			check_visible(h, PLAIN, 800, 600, reduced, -100, 101,
					"frac-across-seam") &&
			ok;
	image_destroy(reduced);
	image_destroy(buffer);
	return CHECK_QUITS(c, "the fractional client") && ok;
}

int main(void) {
	const char *args[] = { "--output",
		FRACTIONAL " mode 1440x900 scale 1.5 position 0,0", "--output",
		PLAIN " mode 800x600 scale 1 position 960,0", NULL };
	return main_gridwl("a fractional client 1:1 at 1.5, across the seam", args,
			body, NULL);
}
