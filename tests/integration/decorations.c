#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "framed-windows.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "virtual-pointer.h"

/*
 * Server-side decorations in the mixed layout (HEADLESS-1 640x480 at scale
 * 1, HEADLESS-2 at scale 2 beside it, both 640x480 logical): a pattern
 * client asking for them through xdg-decoration gets a frame, drawn at each
 * output's scale around its content, which stays exact; the title text on
 * the scale-2 output has detail a magnified scale-1 rendering cannot have;
 * a window across the seam has its frame on both sides at the same logical
 * rows. The title bar moves the window (across the seam too), a double
 * click and the maximize button maximize it and back, the close button
 * closes it, the right border resizes it. A client that asks for its own
 * frame, a window rule "decorations none" and "decorations client" in the
 * config leave windows bare. A title change draws the title bar again, and
 * nothing else does (gridctl stats' decoration_renders). The title font is
 * measured at the first framed window, not at start-up nor for bare ones
 * (decoration_font_measures).
 */

#define LAYOUT_WIDTH 1280
#define LAYOUT_HEIGHT 480
#define BORDER 2
#define WIDTH FRAMED_WIDTH
#define HEIGHT FRAMED_HEIGHT

// The colours of the test's config.
#define FOCUSED_BG 0xff204080u
#define UNFOCUSED_BG 0xff404040u
#define CONFIG_COLORS "decoration colors #204080 #ffffff #404040 #a0a0a0\n"

/* The output's picture once it shows the window deco's latest commit. */
static struct image *shot_of(struct harness *h, const char *output,
		const char *name) {
	struct json_object *reply = harness_gridctl_ok(h, "wait", "window",
			"--app-id", "^(deco|own)$", NULL);
	json_object_put(reply);
	return screenshot_gridctl(h, output, name);
}

/* Every pixel of the region that is not colour. */
static long count_not(const struct image *shot, struct image_region r,
		uint32_t colour) {
	long n = 0;
	for (int y = r.y; y < r.y + r.height; y++) {
		for (int x = r.x; x < r.x + r.width; x++) {
			n += image_get(shot, x, y) != colour;
		}
	}
	return n;
}

/*
 * The frame f as output (logical origin ox, scale s) shows it: borders of
 * bg, background just outside, the pattern exact inside, ink (text and
 * buttons) in the title bar.
 */
static bool check_frame_pixels(const struct image *shot,
		const struct frame_info *f, int ox, int s, uint32_t bg,
		const char *name) {
	int x = (f->x - ox) * s, y = f->y * s;
	int fx = (f->fx - ox) * s, fy = f->fy * s;
	int fw = f->fw * s, fh = f->fh * s, b = BORDER * s;
	struct pattern checker = { .kind = PATTERN_CHECKER };
	bool ok = CHECK_PATTERN(shot,
			((struct image_region){ x, y, f->width * s, f->height * s }),
			&checker, f->width * s, f->height * s, name);
	ok = CHECK_SOLID(shot, ((struct image_region){ fx, fy, fw, b }), bg,
				 name) &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ fx, y, b, fy + fh - y }), bg,
				 name) &&
			ok;
	ok = CHECK_SOLID(shot,
				 ((struct image_region){ fx + fw - b, y, b, fy + fh - y }), bg,
				 name) &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ fx, fy + fh - b, fw, b }),
				 bg, name) &&
			ok;
	// One logical pixel all round outside the frame is background.
	ok = CHECK_SOLID(shot, ((struct image_region){ fx - s, fy, s, fh }),
				 BACKGROUND, name) &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ fx + fw, fy, s, fh }),
				 BACKGROUND, name) &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ fx, fy - s, fw, s }),
				 BACKGROUND, name) &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ fx, fy + fh, fw, s }),
				 BACKGROUND, name) &&
			ok;
	// The title's text and the buttons are drawn in the bar.
	struct image_region bar = { fx + b, fy + b, fw - 2 * b, y - fy - b };
	long ink = count_not(shot, bar, bg);
	ok = CHECK(ink > 20 * s * s, "%s: only %ld pixels drawn in the title bar",
				 name, ink) &&
			ok;
	return ok;
}

static bool check_geometry(const struct frame_info *f) {
	int title = f->y - f->fy - BORDER;
	return CHECK(f->has_frame, "the window has no frame") &&
			CHECK(title >= 12 && title <= 40,
					"title bar %d logical pixels high", title) &&
			CHECK(f->fx == f->x - BORDER && f->fw == f->width + 2 * BORDER &&
							f->fh == f->height + title + 2 * BORDER,
					"frame %d,%d %dx%d around %d,%d %dx%d", f->fx, f->fy, f->fw,
					f->fh, f->x, f->y, f->width, f->height);
}

/* The 2x2 blocks of the region holding ink, and those not of one
 * colour. */
static void count_blocks(const struct image *shot, struct image_region r,
		uint32_t bg, long *inked, long *uneven) {
	*inked = *uneven = 0;
	for (int y = r.y; y + 1 < r.y + r.height; y += 2) {
		for (int x = r.x; x + 1 < r.x + r.width; x += 2) {
			uint32_t p = image_get(shot, x, y);
			bool one = image_get(shot, x + 1, y) == p &&
					image_get(shot, x, y + 1) == p &&
					image_get(shot, x + 1, y + 1) == p;
			if (!one || p != bg) {
				(*inked)++;
				*uneven += !one;
			}
		}
	}
}

static bool body_pixels(struct harness *h, const void *data) {
	struct harness_client *c =
			spawn_framed(h, "deco", "server", "server", 1, "Decorated title");
	REQUIRE(c != NULL, "no client");
	struct frame_info f1 = { 0 }, f2 = { 0 };
	bool ok = move_window(h, "deco", 221, 77);
	ok = window_frame(h, "deco", &f1) && check_geometry(&f1) && ok;
	struct image *one = shot_of(h, "HEADLESS-1", "deco-scale1");
	ok = CHECK(one != NULL, "no picture") &&
			check_frame_pixels(one, &f1, 0, 1, FOCUSED_BG, "deco-scale1") && ok;
	// The same window at buffer scale 2 on the scale-2 output.
	ok = client_command_synced(c, "scale 2") && ok;
	ok = move_window(h, "deco", 640 + 101, 77) && ok;
	ok = window_frame(h, "deco", &f2) && check_geometry(&f2) && ok;
	struct image *two = shot_of(h, "HEADLESS-2", "deco-scale2");
	ok = CHECK(two != NULL, "no picture") &&
			check_frame_pixels(two, &f2, 640, 2, FOCUSED_BG, "deco-scale2") &&
			ok;
	if (one != NULL && two != NULL) {
		// The text area: from the left border to the buttons.
		int title = f1.y - f1.fy - BORDER;
		struct image_region r2 = {
			.x = (f2.fx - 640 + BORDER) * 2,
			.y = (f2.fy + BORDER) * 2,
			.width = (f2.fw - 2 * BORDER - 3 * title) * 2,
			.height = title * 2,
		};
		long inked, uneven;
		count_blocks(two, r2, FOCUSED_BG, &inked, &uneven);
		fprintf(stderr,
				"title text at scale 2: %ld of %ld inked 2x2 blocks "
				"are not one colour\n",
				uneven, inked);
		// A scale-1 rendering magnified has every block of one colour.
		ok = CHECK(inked > 50 && uneven * 3 > inked,
					 "the scale-2 title has %ld uneven of %ld inked blocks: "
					 "magnified, not drawn at scale 2",
					 uneven, inked) &&
				ok;
	}
	image_destroy(one);
	image_destroy(two);

	// Across the seam: frame rows on both sides at the same logical rows.
	ok = move_window(h, "deco", 640 - 120, 201) && ok;
	struct frame_info f;
	ok = window_frame(h, "deco", &f) && ok;
	one = shot_of(h, "HEADLESS-1", "seam-1");
	two = shot_of(h, "HEADLESS-2", "seam-2");
	if (CHECK(one != NULL && two != NULL, "no pictures")) {
		int bottom = f.fy + f.fh - BORDER;
		ok = CHECK_SOLID(one,
					 ((struct image_region){ f.fx + BORDER, bottom,
							 640 - f.fx - BORDER, BORDER }),
					 FOCUSED_BG, "seam-1 bottom border") &&
				ok;
		ok = CHECK_SOLID(two,
					 ((struct image_region){ 0, bottom * 2,
							 (f.fx + f.fw - BORDER - 640) * 2, BORDER * 2 }),
					 FOCUSED_BG, "seam-2 bottom border") &&
				ok;
		ok = CHECK_SOLID(one, ((struct image_region){ 600, f.fy, 40, BORDER }),
					 FOCUSED_BG, "seam-1 top border") &&
				ok;
		ok = CHECK_SOLID(two,
					 ((struct image_region){ 0, f.fy * 2, 80, BORDER * 2 }),
					 FOCUSED_BG, "seam-2 top border") &&
				ok;
		// Background right above and below the frame on both sides.
		ok = CHECK_SOLID(one, ((struct image_region){ 600, f.fy - 1, 40, 1 }),
					 BACKGROUND, "seam-1 above") &&
				ok;
		ok = CHECK_SOLID(two, ((struct image_region){ 0, f.fy * 2 - 2, 80, 2 }),
					 BACKGROUND, "seam-2 above") &&
				ok;
		ok = CHECK_SOLID(one,
					 ((struct image_region){ 600, f.fy + f.fh, 40, 1 }),
					 BACKGROUND, "seam-1 below") &&
				ok;
		ok = CHECK_SOLID(two,
					 ((struct image_region){ 0, (f.fy + f.fh) * 2, 80, 2 }),
					 BACKGROUND, "seam-2 below") &&
				ok;
	}
	image_destroy(one);
	image_destroy(two);
	ok = CHECK_QUITS(c, "the client") && ok;
	harness_client_kill(c);
	return ok;
}

/* Whether the client is asked to close (xdg_toplevel.close). */
static bool asked_to_close(struct harness_client *c) {
	char *line = harness_client_wait_line(c, "close", HARNESS_TIMEOUT_MS);
	free(line);
	return line != NULL;
}

static bool press_at(struct harness_client *pointer, int x, int y) {
	char move[64];
	snprintf(move, sizeof(move), "move %d %d %d %d", x, y, LAYOUT_WIDTH,
			LAYOUT_HEIGHT);
	return pointer_command(pointer, "moved", move) &&
			pointer_command(pointer, "button", "button 272 press");
}

static bool drag(struct harness_client *pointer, int x0, int y0, int x1,
		int y1) {
	char move[64];
	snprintf(move, sizeof(move), "move %d %d %d %d", x1, y1, LAYOUT_WIDTH,
			LAYOUT_HEIGHT);
	return press_at(pointer, x0, y0) &&
			pointer_command(pointer, "moved", move) &&
			pointer_command(pointer, "button", "button 272 release");
}

static bool body_pointer(struct harness *h, const void *data) {
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no virtual pointer");
	struct harness_client *c =
			spawn_framed(h, "deco", "any", "server", 1, "Grab me");
	REQUIRE(c != NULL, "no client");
	bool ok = move_window(h, "deco", 101, 103);
	struct frame_info f;
	ok = window_frame(h, "deco", &f) && check_geometry(&f) && ok;
	int title = f.y - f.fy - BORDER;
	int ty = f.fy + BORDER + title / 2; // a row of the title bar

	// Drag by the title: by exactly the pointer's way, then onto the
	// scale-2 output.
	ok = CHECK(drag(pointer, f.fx + 40, ty, f.fx + 40 + 57, ty + 31),
				 "drag failed") &&
			ok;
	struct frame_info g = { 0 };
	ok = CHECK(wait_box(h,
					   (struct want_box){ "deco", 101 + 57, 103 + 31, -1, -1,
							   -1 },
					   &g, "the window dragged by 57,31"),
				 "the title bar does not move the window") &&
			ok;
	ok = CHECK(drag(pointer, g.fx + 40, ty + 31, g.fx + 40 + 600, ty + 31),
				 "drag failed") &&
			ok;
	ok = CHECK(wait_box(h,
					   (struct want_box){ "deco", 101 + 657, 103 + 31, -1, -1,
							   -1 },
					   &g, "the window dragged onto HEADLESS-2"),
				 "the title bar does not move the window across the seam") &&
			ok;
	ty += 31;

	// Double click: maximized with its frame inside the output, then back.
	int tx = g.fx + 40;
	ok = CHECK(mixed_layout_click(pointer, tx, ty) &&
						 mixed_layout_click(pointer, tx, ty),
				 "double click failed") &&
			ok;
	struct frame_info m = { 0 };
	ok = CHECK(wait_box(h,
					   (struct want_box){ "deco", 640 + BORDER, title + BORDER,
							   640 - 2 * BORDER, 480 - title - 2 * BORDER, 1 },
					   &m, "maximized, frame inside the output"),
				 "a double click on the title does not maximize") &&
			ok;
	ok = CHECK(m.fx == 640 && m.fy == 0 && m.fw == 640 && m.fh == 480,
				 "maximized frame %d,%d %dx%d", m.fx, m.fy, m.fw, m.fh) &&
			ok;
	ty = BORDER + title / 2;
	ok = CHECK(mixed_layout_click(pointer, 700, ty) &&
						 mixed_layout_click(pointer, 700, ty),
				 "double click failed") &&
			ok;
	ok = CHECK(wait_box(h,
					   (struct want_box){ "deco", g.x, g.y, WIDTH, HEIGHT, 0 },
					   &g, "back where it was"),
				 "a second double click does not restore the window") &&
			ok;

	// The maximize button, twice.
	int by = g.fy + BORDER + title / 2;
	int max_x = g.fx + g.fw - BORDER - title - title / 2;
	ok = CHECK(mixed_layout_click(pointer, max_x, by), "click failed") && ok;
	ok = CHECK(wait_box(h,
					   (struct want_box){ "deco", 640 + BORDER, title + BORDER,
							   -1, -1, 1 },
					   &m, "maximized by its button"),
				 "the maximize button does not maximize") &&
			ok;
	ok = CHECK(mixed_layout_click(pointer,
					   640 + 640 - BORDER - title - title / 2,
					   BORDER + title / 2),
				 "click failed") &&
			ok;
	ok = CHECK(wait_box(h,
					   (struct want_box){ "deco", g.x, g.y, WIDTH, HEIGHT, 0 },
					   &g, "restored by its button"),
				 "the maximize button does not restore") &&
			ok;

	// The right border resizes.
	int rx = g.fx + g.fw - 1, ry = g.y + HEIGHT / 2;
	ok = CHECK(drag(pointer, rx, ry, rx + 40, ry), "drag failed") && ok;
	ok = CHECK(wait_box(h,
					   (struct want_box){ "deco", g.x, g.y, WIDTH + 40, HEIGHT,
							   0 },
					   &g, "40 wider"),
				 "the right border does not resize") &&
			ok;

	// Fullscreen: the output filled, no frame; back: the frame again.
	json_object_put(harness_gridctl_ok(h, "action", "fullscreen", NULL));
	struct frame_info full = { 0 };
	ok = CHECK(wait_box(h, (struct want_box){ "deco", 640, 0, 640, 480, -1 },
					   &full, "fullscreen on HEADLESS-2"),
				 "fullscreen does not fill the output") &&
			CHECK(!full.has_frame, "a fullscreen window has a frame") && ok;
	json_object_put(harness_gridctl_ok(h, "action", "fullscreen", NULL));
	ok = CHECK(wait_box(h,
					   (struct want_box){ "deco", g.x, g.y, WIDTH + 40, HEIGHT,
							   0 },
					   &g, "back from fullscreen"),
				 "leaving fullscreen does not restore the window") &&
			CHECK(g.has_frame, "no frame after fullscreen") && ok;

	// The close button: the client is asked to close.
	ok = CHECK(mixed_layout_click(pointer, g.fx + g.fw - BORDER - title / 2,
					   by),
				 "click failed") &&
			ok;
	ok = CHECK(asked_to_close(c), "the close button does not send close") && ok;
	harness_client_send(pointer, "quit");
	harness_client_kill(pointer);
	harness_client_kill(c);
	return ok;
}

static bool touch(struct harness *h, const char *what, int x, int y) {
	char xs[16], ys[16];
	snprintf(xs, sizeof(xs), "%d", x);
	snprintf(ys, sizeof(ys), "%d", y);
	struct json_object *reply = strcmp(what, "up") == 0 ?
			harness_gridctl_ok(h, "touch", what, "7", NULL) :
			harness_gridctl_ok(h, "touch", what, "7", xs, ys, NULL);
	json_object_put(reply);
	return reply != NULL;
}

static bool body_touch(struct harness *h, const void *data) {
	struct harness_client *c =
			spawn_framed(h, "deco", "server", "server", 1, "Touch");
	REQUIRE(c != NULL, "no client");
	bool ok = move_window(h, "deco", 101, 103);
	struct frame_info f;
	ok = window_frame(h, "deco", &f) && check_geometry(&f) && ok;
	int title = f.y - f.fy - BORDER;
	int tx = f.fx + 40, ty = f.fy + BORDER + title / 2;
	// A finger on the title bar drags the window, onto the scale-2 output.
	ok = CHECK(touch(h, "down", tx, ty) &&
						 touch(h, "motion", tx + 20, ty + 9) &&
						 touch(h, "motion", tx + 650, ty + 9) &&
						 touch(h, "up", 0, 0),
				 "gridctl touch failed") &&
			ok;
	struct frame_info g = { 0 };
	ok = CHECK(wait_box(h,
					   (struct want_box){ "deco", 101 + 650, 103 + 9, -1, -1,
							   -1 },
					   &g, "the window dragged by a finger"),
				 "a finger on the title bar does not move the window") &&
			ok;
	// A finger on the right border resizes, on the scale-2 output.
	int rx = g.fx + g.fw - 1, ry = g.y + HEIGHT / 2;
	ok = CHECK(touch(h, "down", rx, ry) && touch(h, "motion", rx + 20, ry) &&
						 touch(h, "motion", rx + 40, ry + 5) &&
						 touch(h, "up", 0, 0),
				 "gridctl touch failed") &&
			ok;
	ok = CHECK(wait_box(h,
					   (struct want_box){ "deco", g.x, g.y, WIDTH + 40, HEIGHT,
							   0 },
					   &g, "40 wider by a finger"),
				 "a finger on the right border does not resize") &&
			ok;
	// A tap on the close button.
	ok = CHECK(touch(h, "down", g.fx + g.fw - BORDER - title / 2, ty + 9) &&
						 touch(h, "up", 0, 0),
				 "gridctl touch failed") &&
			ok;
	ok = CHECK(asked_to_close(c),
				 "a tap on the close button does not send close") &&
			ok;
	harness_client_kill(c);
	return ok;
}

static bool stat_of(struct harness *h, const char *key, int64_t *value) {
	struct json_object *stats = harness_gridctl_ok(h, "stats", NULL);
	struct json_object *v = json_path(stats, key, json_type_int);
	bool ok = v != NULL;
	if (ok) {
		*value = json_object_get_int64(v);
	}
	json_object_put(stats);
	return CHECK(ok, "gridctl stats has no %s", key);
}

static bool renders(struct harness *h, int64_t *value) {
	return stat_of(h, "decoration_renders", value);
}

/* The title font measured (fontconfig and Pango started): never at
 * start-up, first by a framed window. */
static bool font_measures_are(struct harness *h, int64_t want,
		const char *when) {
	int64_t got = -1;
	return stat_of(h, "decoration_font_measures", &got) &&
			CHECK(got == want,
					"%s: the title font was measured %" PRId64
					" times, expected %" PRId64,
					when, got, want);
}

static bool has_no_frame(struct harness *h, const char *app_id) {
	struct frame_info f;
	return window_frame(h, app_id, &f) &&
			CHECK(!f.has_frame, "%s has a frame", app_id);
}

static bool body_bare(struct harness *h, const void *data) {
	// Asks for its own: gets it, and gridwl draws nothing around it.
	struct harness_client *c =
			spawn_framed(h, "own", "client", "client", 1, "own frame");
	REQUIRE(c != NULL, "no client");
	bool ok = move_window(h, "own", 101, 103);
	ok = has_no_frame(h, "own") && ok;
	struct image *one = shot_of(h, "HEADLESS-1", "bare");
	ok = CHECK(one != NULL, "no picture") &&
			CHECK_SOLID(one, ((struct image_region){ 99, 80, 204, 23 }),
					BACKGROUND, "above a bare window") &&
			ok;
	image_destroy(one);
	harness_client_kill(c);
	// The rule "decorations none" wins over a request for server-side.
	c = spawn_framed(h, "nodeco", "server", "client", 1, "ruled");
	REQUIRE(c != NULL, "no client");
	ok = has_no_frame(h, "nodeco") && ok;
	harness_client_kill(c);
	// No decoration object at all: its own frame, as xdg-decoration says.
	c = spawn_framed(h, "plain", NULL, NULL, 1, "plain");
	REQUIRE(c != NULL, "no client");
	ok = has_no_frame(h, "plain") && ok;
	harness_client_kill(c);
	// No frame shown, so no font ever started.
	return font_measures_are(h, 0, "with bare windows only") && ok;
}

/* KDE's server-decoration, which GTK 3 and older Qt speak: gridwl's default
 * mode is server-side, a window asking for it is framed, one asking for
 * client-side (as GTK 3 does for its own frames) is not. */
static bool body_kde(struct harness *h, const void *data) {
	struct harness_client *c = spawn_framed(h, "kde-server", "kde-server",
			"server", 1, "KDE server-side");
	REQUIRE(c != NULL, "no client");
	struct frame_info f;
	bool ok = move_window(h, "kde-server", 101, 103);
	ok = window_frame(h, "kde-server", &f) &&
			CHECK(f.has_frame, "a KDE server-side window has no frame") &&
			check_geometry(&f) && ok;
	harness_client_kill(c);
	const char *args[] = { "--app-id", "kde-client", "--pattern", "checker",
		"--size", "200x100", "--decoration", "kde-client", NULL };
	c = harness_spawn_pattern_client(h, "kde-client", args);
	REQUIRE(c != NULL, "no client");
	// The default mode first, then the mode it asked for, echoed.
	ok = CHECK_LINE(c, "decoration ", "decoration server") &&
			CHECK_LINE(c, "decoration ", "decoration client") &&
			CHECK_READY(c, 200, 100, 1) && ok;
	ok = has_no_frame(h, "kde-client") && ok;
	harness_client_kill(c);
	return ok;
}

static bool body_client_default(struct harness *h, const void *data) {
	// With "decorations client", no preference gets client-side...
	struct harness_client *c =
			spawn_framed(h, "any", "any", "client", 1, "any");
	REQUIRE(c != NULL, "no client");
	bool ok = has_no_frame(h, "any");
	harness_client_kill(c);
	// ... and so does a request for server-side; a rule still frames it.
	c = spawn_framed(h, "srv", "server", "client", 1, "srv");
	REQUIRE(c != NULL, "no client");
	ok = has_no_frame(h, "srv") && ok;
	harness_client_kill(c);
	c = spawn_framed(h, "framed", "server", "server", 1, "framed");
	REQUIRE(c != NULL, "no client");
	struct frame_info f;
	ok = window_frame(h, "framed", &f) && check_geometry(&f) && ok;
	harness_client_kill(c);
	return ok;
}

static bool body_renders(struct harness *h, const void *data) {
	bool ok = font_measures_are(h, 0, "at start-up");
	struct harness_client *c =
			spawn_framed(h, "deco", "server", "server", 1, "First");
	REQUIRE(c != NULL, "no client");
	ok = move_window(h, "deco", 101, 103) && ok;
	ok = font_measures_are(h, 1, "with a framed window") && ok;
	struct image *shot = shot_of(h, "HEADLESS-1", "renders-0");
	image_destroy(shot);
	int64_t before = 0, after = 0;
	REQUIRE(renders(h, &before), "no counter");
	ok = CHECK(before >= 1, "the title bar was never drawn") && ok;
	// New content, many frames: the title bar stays as drawn.
	for (int i = 0; i < 5; i++) {
		ok = client_command_synced(c,
					 i % 2 ? "pattern grid" : "pattern coords") &&
				ok;
		shot = shot_of(h, "HEADLESS-1", "renders-1");
		image_destroy(shot);
	}
	REQUIRE(renders(h, &after), "no counter");
	ok = CHECK(after == before,
				 "content commits drew the title bar again (%" PRId64
				 " -> %" PRId64 ")",
				 before, after) &&
			ok;
	// A new title: drawn again, once (the window is on one output). What
	// the output presented (grim, through screencopy, taken first: gridctl
	// composes the whole scene into a buffer of the output's swapchain)
	// is what a fresh composition shows: the title bar was damaged.
	ok = client_command_synced(c, "title Second title") && ok;
	struct json_object *reply = harness_gridctl_ok(h, "wait", "window",
			"--title", "^Second title$", NULL);
	ok = CHECK(reply != NULL, "the new title is not presented") && ok;
	json_object_put(reply);
	struct image *shown = screenshot_grim(h, "HEADLESS-1", "renders-grim");
	struct image *fresh = screenshot_gridctl(h, "HEADLESS-1", "renders-3");
	REQUIRE(renders(h, &after), "no counter");
	ok = CHECK(after == before + 1,
				 "a title change drew the title bar %" PRId64 " times",
				 after - before) &&
			ok;
	if (CHECK(fresh != NULL && shown != NULL, "no pictures")) {
		ok = CHECK(fresh->width == shown->width &&
							 fresh->height == shown->height &&
							 memcmp(fresh->pixels, shown->pixels,
									 (size_t)fresh->width * fresh->height *
											 4) == 0,
					 "the presented frame is not what the scene shows: the "
					 "title change was not damaged") &&
				ok;
	}
	image_destroy(fresh);
	image_destroy(shown);
	struct json_object *window =
			harness_wait_window_app_id(h, "deco", HARNESS_TIMEOUT_MS);
	ok = CHECK_JSON_STRING(window, "title", "Second title") && ok;
	json_object_put(window);
	harness_client_kill(c);
	return font_measures_are(h, 1, "after a title change") && ok;
}

static uint32_t pixel_at(struct harness *h, int x, int y, const char *name) {
	struct image *shot = shot_of(h, "HEADLESS-1", name);
	uint32_t p = shot != NULL ? image_get(shot, x, y) : 0;
	image_destroy(shot);
	return p;
}

/* data: the config's path. A reload applies new colours and a new font (a
 * taller title bar); a bad line keeps what runs and says where it is. */
static bool body_reload(struct harness *h, const void *data) {
	const char *path = data;
	struct harness_client *c =
			spawn_framed(h, "deco", "server", "server", 1, "Reload");
	REQUIRE(c != NULL, "no client");
	bool ok = move_window(h, "deco", 101, 103);
	struct frame_info f;
	ok = window_frame(h, "deco", &f) && check_geometry(&f) && ok;
	int title = f.y - f.fy - BORDER;
	uint32_t p = pixel_at(h, f.fx, f.y + 10, "reload-0");
	ok = CHECK(p == FOCUSED_BG, "border 0x%08x before the reload", p) && ok;

	ok = write_text_file(path,
				 "decoration colors #802010 #ffffff #404040 "
				 "#a0a0a0\n"
				 "decoration font \"DejaVu Sans 20\"\n") &&
			ok;
	struct json_object *reply = harness_gridctl_ok(h, "reload", NULL);
	ok = CHECK(reply != NULL, "gridctl reload failed") && ok;
	json_object_put(reply);
	struct frame_info g;
	ok = window_frame(h, "deco", &g) && check_geometry(&g) && ok;
	int bigger = g.y - g.fy - BORDER;
	ok = CHECK(bigger > title + 5 && g.x == f.x && g.y == f.y,
				 "with a 20 point font the title bar is %d high (was %d), "
				 "the window at %d,%d",
				 bigger, title, g.x, g.y) &&
			ok;
	p = pixel_at(h, g.fx, g.y + 10, "reload-1");
	ok = CHECK(p == 0xff802010u, "border 0x%08x after the reload", p) && ok;

	ok = write_text_file(path,
				 "decoration colors #000000 #ffffff #404040 "
				 "#a0a0a0\n"
				 "decoration colors #000000 #ffffff #40404 "
				 "#a0a0a0\n") &&
			ok;
	int status = 0;
	reply = harness_gridctl(h, &status, "reload", NULL);
	const char *text = reply != NULL ? json_object_to_json_string(reply) : "";
	const char *want = "/config:2: decoration colors: '#40404' is not";
	ok = CHECK(status != 0 && strstr(text, want) != NULL,
				 "a bad reload answered %d: %s", status, text) &&
			ok;
	json_object_put(reply);
	p = pixel_at(h, g.fx, g.y + 10, "reload-2");
	ok = CHECK(p == 0xff802010u, "border 0x%08x after a bad reload", p) && ok;
	harness_client_kill(c);
	return ok;
}

/* Each case runs on the mixed layout with CONFIG_COLORS, no frame for
 * app_id nodeco and its own further config lines; its body gets the
 * config's path, for a reload. */
struct deco_case {
	const char *name;
	const char *extra;
	bool (*body)(struct harness *h, const void *config_path);
};

static bool run_case(const void *data) {
	const struct deco_case *c = data;
	char config[512];
	snprintf(config, sizeof(config), "%s%s%s", CONFIG_COLORS,
			"window app_id=^nodeco$ decorations none\n", c->extra);
	const char *args[] = { "--output", "HEADLESS-1 mode 640x480 scale 1",
		"--output", "HEADLESS-2 mode 1280x960 scale 2", NULL };
	return run_gridwl_config_file(config, args, c->body);
}

int main(void) {
	static const struct deco_case cases[] = {
		{ "a frame at each output's scale around exact content, "
		  "text drawn at scale 2, continuous across the seam",
				"", body_pixels },
		{ "title drag (across the seam), double click, maximize and "
		  "close buttons, border resize, no frame when fullscreen",
				"", body_pointer },
		{ "touch: a finger drags the title bar and a border, a tap closes", "",
				body_touch },
		{ "client-side, a decorations none rule and no decoration "
		  "object: no frame",
				"", body_bare },
		{ "KDE server-decoration: server-side framed, client-side not", "",
				body_kde },
		{ "decorations client: no preference is client-side, a "
		  "decorations server rule frames",
				"decorations client\n"
				"window app_id=^framed$ decorations server\n",
				body_client_default },
		{ "the title bar is drawn again on a title change, not on "
		  "commits",
				"", body_renders },
		{ "reload: new colours and font applied, a bad line keeps them", "",
				body_reload },
	};
	return CHECK_MAIN_TABLE(cases, run_case);
}
