#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "layout-expect.h"
#include "resample-fixture.h"
#include "screenshots.h"

/*
 * A window across the seam between a scale-1 and a scale-2 output is drawn
 * on each at that output's scale, from the same commit, and continues
 * across the seam without a gap, a doubled column or an off-by-one: the
 * logical column where one output begins is physical column 0 of it. Every
 * physical pixel of both outputs is compared with what resample_expect.h
 * says (exact for 1:1, nearest and box, within 1 for bilinear, which clamps
 * at the surface's edges, not at the seam: the window is resampled as a
 * whole and each output shows its part), with the coordinate-encoding
 * pattern so a mismatch says where a pixel came from, for a scale-1 and a
 * scale-2 client, with both filters, in several layouts, with gridctl and
 * grim, and in the whole-layout screenshot. Then the client changes a
 * rectangle across the seam in one commit and both outputs must show it,
 * then the checkerboard, whose neighbours differ enough that bilinear
 * clamped at the seam would show, and last a move along the seam, after
 * which grim must see no trace of the old place.
 */

#define OUT_A "HEADLESS-1" // scale 1
#define OUT_B "HEADLESS-2" // scale 2
#define APP_ID "seam"
#define WIDTH 200
#define HEIGHT 100

struct seam_layout {
	const char *what;
	const char *a_line, *b_line; // --output lines
	// Applied with gridctl output NAME position at run time, B first;
	// NULL when the lines place the outputs.
	const char *a_position, *b_position;
	int ax, ay, bx, by; // where the outputs must then be, logical
	int wx, wy; // the window's top-left, odd so a slip by a scale shows
	// A rectangle of the window (logical, from its corner) that crosses
	// the seam, for the damage step.
	int dx, dy, dw, dh;
	bool grim;
};

/* Small outputs: every pixel of every screenshot is compared, many times,
 * and under the sanitizers too. */
static const struct seam_layout layouts[] = {
	{
			"side by side, scale 2 on the right",
			OUT_A " mode 320x240 scale 1",
			OUT_B " mode 640x480 scale 2",
			NULL,
			NULL,
			0,
			0,
			320,
			0,
			221,
			77,
			89,
			20,
			20,
			30,
			true,
	},
	{
			"stacked, scale 2 below",
			OUT_A " mode 320x240 scale 1 position 0,0",
			OUT_B " mode 640x480 scale 2 position 0,240",
			NULL,
			NULL,
			0,
			0,
			0,
			240,
			101,
			191,
			50,
			39,
			40,
			20,
			false,
	},
	{
			"negative origin, scale 2 on the left",
			OUT_A " mode 320x240 scale 1 position 0,-150",
			OUT_B " mode 640x360 scale 2 position -320,-180",
			NULL,
			NULL,
			0,
			-150,
			-320,
			-180,
			-99,
			-131,
			89,
			20,
			20,
			30,
			true,
	},
	{
			"non-zero origin set with gridctl output, scale 2 on the left",
			OUT_A " mode 320x240 scale 1",
			OUT_B " mode 640x480 scale 2",
			"1320,500",
			"1000,500",
			1320,
			500,
			1000,
			500,
			1221,
			537,
			89,
			20,
			20,
			30,
			false,
	},
	{
			"corner to corner, scale 2 above left at a negative origin",
			OUT_A " mode 320x240 scale 1 position 0,0",
			OUT_B " mode 640x360 scale 2 position -320,-180",
			NULL,
			NULL,
			0,
			0,
			-320,
			-180,
			-99,
			-51,
			89,
			41,
			20,
			20,
			false,
	},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

struct seam_case {
	size_t layout;
	int buffer_scale;
};

struct session {
	struct harness *h;
	const struct seam_layout *spec;
	size_t index;
	struct layout layout;
	struct layout_window win;
	const char *step; // names the artifacts of this step
	bool grim; // grim as well, whatever the layout says
};

static bool set_position(struct harness *h, const char *name,
		const char *position) {
	struct json_object *reply =
			harness_gridctl_ok(h, "output", name, "position", position, NULL);
	json_object_put(reply);
	return reply != NULL;
}

static bool check_output_at(const struct layout *layout, const char *name,
		int scale, int x, int y) {
	const struct layout_output *o = layout_find(layout, name);
	REQUIRE(o != NULL, "no output %s", name);
	return CHECK(o->scale == scale && o->x == x && o->y == y,
			"%s should be at %d,%d with scale %d, is at %d,%d with scale %d",
			name, x, y, scale, o->x, o->y, o->scale);
}

static void shot_name(const struct session *s, const char *output,
		const char *tool, char *name, size_t size) {
	snprintf(name, size, "seam-l%zu-b%d-%s-%s-%s-%s", s->index,
			s->win.buffer_scale, s->step,
			resample_filter_name(s->layout.outputs[0].filter),
			output ? output : "layout", tool);
}

static bool check_output_shot(struct session *s, const char *output,
		const char *tool) {
	const struct layout_output *o = layout_find(&s->layout, output);
	REQUIRE(o != NULL, "no output %s", output);
	char name[160];
	shot_name(s, output, tool, name, sizeof(name));
	struct image *shot = strcmp(tool, "grim") == 0 ?
			screenshot_grim(s->h, output, name) :
			screenshot_gridctl(s->h, output, name);
	REQUIRE(shot != NULL, "%s: no screenshot", name);
	struct expected *e = layout_expect_output(o, &s->win, 1);
	bool ok =
			CHECK(e != NULL, "no expectation") && CHECK_EXPECTED(shot, e, name);
	long corners = 0;
	ok = layout_check_corners(shot, o, &s->win, name, &corners) && ok;
	// Where the pattern is read back pixel by pixel, it must have been:
	// 1:1 on B for a scale-2 client, on A for a scale-1 one.
	if (s->win.pattern.kind == PATTERN_COORDS && s->win.buffer == NULL &&
			o->scale == s->win.buffer_scale) {
		ok = CHECK(corners == 4, "%s: %ld corners checked, want 4", name,
					 corners) &&
				ok;
	}
	expected_destroy(e);
	image_destroy(shot);
	return ok;
}

static bool check_layout_shot(struct session *s) {
	char name[160];
	shot_name(s, NULL, "gridctl", name, sizeof(name));
	struct image *shot = screenshot_gridctl(s->h, NULL, name);
	REQUIRE(shot != NULL, "%s: no screenshot", name);
	struct expected *e = layout_expect_whole(&s->layout, &s->win, 1);
	bool ok =
			CHECK(e != NULL, "no expectation") && CHECK_EXPECTED(shot, e, name);
	expected_destroy(e);
	image_destroy(shot);
	return ok;
}

/* Every screenshot of the current state. */
static bool check_all(struct session *s) {
	REQUIRE(layout_read(s->h, &s->layout), "cannot read the layout");
	int x = s->win.x, y = s->win.y;
	REQUIRE(layout_window_read(s->h, APP_ID, &s->win), "no window");
	REQUIRE(s->win.x == x && s->win.y == y && s->win.width == WIDTH &&
					s->win.height == HEIGHT,
			"the window should be %dx%d at %d,%d, is "
			"%dx%d at %d,%d",
			WIDTH, HEIGHT, x, y, s->win.width, s->win.height, s->win.x,
			s->win.y);
	bool ok = true;
	const char *outputs[] = { OUT_A, OUT_B };
	for (size_t i = 0; i < COUNT(outputs); i++) {
		const struct layout_output *o = layout_find(&s->layout, outputs[i]);
		int ox, oy, ow, oh;
		// Both outputs must show a part of the window, or the seam is not
		// tested at all.
		ok = CHECK(o != NULL && layout_overlap(o, &s->win, &ox, &oy, &ow, &oh),
					 "the window at %d,%d does not reach %s", s->win.x,
					 s->win.y, outputs[i]) &&
				ok;
		ok = check_output_shot(s, outputs[i], "gridctl") && ok;
		if (s->spec->grim || s->grim) {
			ok = check_output_shot(s, outputs[i], "grim") && ok;
		}
	}
	return check_layout_shot(s) && ok;
}

static bool set_filters(struct harness *h, enum resample_filter filter) {
	return rs_set_filter(h, OUT_A, filter) && rs_set_filter(h, OUT_B, filter);
}

static bool window_on_both(struct json_object *window, void *data) {
	static const char *const both[] = { OUT_A, OUT_B, NULL };
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	return app_id != NULL &&
			strcmp(json_object_get_string(app_id), APP_ID) == 0 &&
			window_outputs_are(window, both);
}

/* The client inverts a rectangle across the seam in one commit, damaging
 * only it: both outputs must show the change, and nothing else may. */
static bool check_damage(struct session *s, struct harness_client *c) {
	const struct seam_layout *l = s->spec;
	int b = s->win.buffer_scale;
	char command[96];
	snprintf(command, sizeof(command), "damage %d %d %d %d", l->dx * b,
			l->dy * b, l->dw * b, l->dh * b);
	REQUIRE(client_command_synced(c, command), "the client did not damage");
	struct image *buffer =
			resample_pattern_buffer(&s->win.pattern, WIDTH * b, HEIGHT * b);
	REQUIRE(buffer != NULL, "no memory");
	resample_invert_rect(buffer, l->dx * b, l->dy * b, l->dw * b, l->dh * b);
	s->win.buffer = buffer;
	s->step = "damaged";
	bool ok = check_all(s);
	s->win.buffer = NULL;
	image_destroy(buffer);
	return ok;
}

static bool run_session(struct session *s, struct harness_client *c) {
	const struct seam_layout *l = s->spec;
	int64_t id = rs_place(s->h, APP_ID, l->wx, l->wy);
	REQUIRE(id > 0, "cannot place the window at %d,%d", l->wx, l->wy);
	s->win.x = l->wx;
	s->win.y = l->wy;
	struct json_object *window = harness_wait_window(s->h, window_on_both, NULL,
			HARNESS_TIMEOUT_MS, "the window on both outputs");
	bool ok = CHECK(window != NULL,
			"gridctl windows should list both "
			"outputs for the window");
	json_object_put(window);
	static const enum resample_filter filters[] = {
		RESAMPLE_NEAREST,
		RESAMPLE_BILINEAR,
	};
	for (size_t f = 0; f < COUNT(filters); f++) {
		if (!set_filters(s->h, filters[f])) {
			return false;
		}
		s->step = "whole";
		ok = check_all(s) && ok;
	}
	// Under bilinear, the last filter: its damage grows by a buffer pixel,
	// which must cross the seam as well.
	ok = check_damage(s, c) && ok;
	// Neighbours of the coordinate pattern differ by one, so bilinear
	// clamped at the seam instead of the surface's edge would stay within
	// the tolerance; the checkerboard's would not.
	REQUIRE(client_command_synced(c, "pattern checker"), "no checkerboard");
	REQUIRE(pattern_parse("checker", &s->win.pattern), "bad pattern");
	s->step = "checker";
	ok = check_all(s) && ok;
	// A move repaints the old and the new place on both outputs; grim sees
	// the frames the outputs committed, so leftovers of the old place show.
	int x = s->win.x + 13, y = s->win.y + 7;
	REQUIRE(rs_place(s->h, APP_ID, x, y) > 0, "cannot move the window");
	s->win.x = x;
	s->win.y = y;
	s->grim = true;
	s->step = "moved";
	return check_all(s) && ok;
}

static bool run_case(const void *data) {
	const struct seam_case *sc = data;
	const struct seam_layout *l = &layouts[sc->layout];
	const char *args[] = { "-o", l->a_line, "-o", l->b_line, NULL };
	struct session s = { .spec = l, .index = sc->layout };
	s.h = harness_start(args);
	REQUIRE(s.h != NULL, "gridwl did not start");
	bool ok = true;
	if (l->b_position != NULL) {
		ok = set_position(s.h, OUT_B, l->b_position) && ok;
	}
	if (l->a_position != NULL) {
		ok = set_position(s.h, OUT_A, l->a_position) && ok;
	}
	ok = ok && layout_read(s.h, &s.layout);
	ok = ok && check_output_at(&s.layout, OUT_A, 1, l->ax, l->ay);
	ok = ok && check_output_at(&s.layout, OUT_B, 2, l->bx, l->by);
	struct harness_client *c = NULL;
	if (ok) {
		c = rs_spawn(s.h, APP_ID, "coords", sc->buffer_scale, NULL, WIDTH,
				HEIGHT);
		ok = CHECK(c != NULL, "no client");
	}
	if (ok) {
		ok = pattern_parse("coords", &s.win.pattern);
		s.win.buffer_scale = sc->buffer_scale;
		ok = run_session(&s, c) && ok;
		ok = CHECK(harness_client_running(c), "the client died") && ok;
	}
	if (c != NULL) {
		ok = rs_quit(c) && ok;
	}
	return harness_stop(s.h, ok);
}

int main(void) {
	static struct seam_case cases[COUNT(layouts) * 2];
	struct check_suite suite = { 0 };
	size_t n = 0;
	for (size_t i = 0; i < COUNT(layouts); i++) {
		for (int b = 1; b <= 2; b++) {
			cases[n] = (struct seam_case){ i, b };
			char name[160];
			snprintf(name, sizeof(name), "%s, buffer scale %d", layouts[i].what,
					b);
			check_run(&suite, name, run_case, &cases[n]);
			n++;
		}
	}
	return check_finish(&suite);
}
