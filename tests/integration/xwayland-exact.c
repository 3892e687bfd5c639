#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "client-spawn.h"
#include "harness.h"
#include "image.h"
#include "pattern.h"
#include "resample_expect.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "gridctl-windows.h"

/*
 * Xwayland at scale 2 (issue 19), the exact geometry of X windows: on
 * HEADLESS-1 (800x600, scale 2), HEADLESS-2 (400x300, scale 1, right of
 * it) and HEADLESS-3 (800x600, scale 4, below HEADLESS-1), with "xwayland
 * scale 2", x11-pattern-client drawing "coords" (every X pixel its own
 * colour).
 *
 * Odd sizes: a managed 201x101 X window and an override-redirect 41x31 one
 * (as menus and tooltips are) are ceil(X / 2) logical pixels (101x51, 21x16;
 * render/ragged.h): on HEADLESS-1 every X pixel 1:1, the rest of the last
 * logical column and row the background under the window; on HEADLESS-2
 * each 2x2 block's mean, the last column and row the mean of the X pixels
 * there are; on HEADLESS-3 (the menu) each X pixel a 2x2 block, the rest
 * of the last logical column and row the background. A rounded-down size
 * would lose the last X column and row and stretch the rest.
 *
 * Geometry: gridctl move, gridctl resize and fullscreen (on either output)
 * give the X window its X geometry, the logical one times 2, as the client
 * sees it in its ConfigureNotify, and it is exact on screen after each.
 *
 * Windows of class X11Pattern get no frame (a window rule), so what is
 * around them is the background.
 *
 * Skipped where Xwayland is not installed.
 */

#define X_CLASS "X11Pattern"
#define N 2

static bool is_x_pattern(struct json_object *window, void *data) {
	return json_string_is(window, "app_id", X_CLASS);
}

/* A width x height buffer of X pixels of the coords pattern, as it must be
 * on an output of scale: ceil(size / N) logical pixels times scale, the
 * part the buffer does not reach the background (nothing else is under
 * the windows here). */
static struct image *expect_on(int width, int height, int scale) {
	struct pattern coords = { .kind = PATTERN_COORDS };
	struct image *buffer = resample_pattern_buffer(&coords, width, height);
	struct image *drawn =
			resample_expect_ragged(buffer, N, scale, RESAMPLE_NEAREST);
	int box_width = (width + N - 1) / N * scale;
	int box_height = (height + N - 1) / N * scale;
	struct image *box = image_create(box_width, box_height);
	for (int y = 0; y < box_height; y++) {
		for (int x = 0; x < box_width; x++) {
			image_set(box, x, y,
					x < drawn->width && y < drawn->height ?
							image_get(drawn, x, y) :
							BACKGROUND);
		}
	}
	image_destroy(drawn);
	image_destroy(buffer);
	return box;
}

/* Starts x11-pattern-client at width x height X pixels with coords, with
 * extra arguments (the root position of an override-redirect window), and
 * waits for it to draw. */
static struct harness_client *start_client(struct xwayland_session *t,
		int width, int height, const char *x, const char *y) {
	char width_arg[16], height_arg[16];
	snprintf(width_arg, sizeof(width_arg), "%d", width);
	snprintf(height_arg, sizeof(height_arg), "%d", height);
	const char *argv[] = { "env", t->display_env,
		getenv("X11_PATTERN_CLIENT_BIN"), width_arg, height_arg, "coords", x, y,
		NULL };
	struct harness_client *client = harness_spawn(t->h, "x11-pattern", argv);
	if (client == NULL) {
		return NULL;
	}
	char want[32];
	snprintf(want, sizeof(want), "drawn %d %d", width, height);
	char *line = harness_client_wait_line(client, want, 3 * HARNESS_TIMEOUT_MS);
	if (!CHECK(line != NULL, "the X client never drew %s", want)) {
		harness_client_kill(client);
		return NULL;
	}
	free(line);
	return client;
}

static bool stop_client(struct harness_client *client) {
	harness_client_send(client, "quit\n");
	return CHECK_EXITS(client, "the X client");
}

/* Waits for the client's ConfigureNotify with this X geometry. */
static bool wait_geometry(struct harness_client *client, int x, int y,
		int width, int height) {
	char want[64];
	snprintf(want, sizeof(want), "geometry %d %d %d %d", x, y, width, height);
	char *line = harness_client_wait_line(client, want, HARNESS_TIMEOUT_MS);
	free(line);
	return CHECK(line != NULL, "the X window was never configured to %s",
			want + strlen("geometry "));
}

struct window_box {
	int x, y, width, height;
};

static bool is_x_pattern_box(struct json_object *window, void *data) {
	const struct window_box *box = data;
	return is_x_pattern(window, NULL) && window_int(window, "x") == box->x &&
			window_int(window, "y") == box->y &&
			window_int(window, "width") == box->width &&
			window_int(window, "height") == box->height;
}

static bool wait_x11_window_box(struct xwayland_session *t,
		struct window_box box) {
	struct json_object *window = harness_wait_window(t->h, is_x_pattern_box,
			&box, HARNESS_TIMEOUT_MS, "the X11 window's logical box");
	bool ok = CHECK(window != NULL, "the X11 window is never %dx%d at %d,%d",
			box.width, box.height, box.x, box.y);
	if (ok) {
		ok = CHECK_JSON_INT(window, "buffer_scale", N);
	}
	json_object_put(window);
	return ok;
}

static bool gridctl_id(struct xwayland_session *t, const char *command, int id,
		int a, int b) {
	char sid[16], sa[16], sb[16];
	snprintf(sid, sizeof(sid), "%d", id);
	snprintf(sa, sizeof(sa), "%d", a);
	snprintf(sb, sizeof(sb), "%d", b);
	struct json_object *reply =
			harness_gridctl_ok(t->h, command, sid, sa, sb, NULL);
	json_object_put(reply);
	return reply != NULL;
}

/* The managed window: 201x101 X pixels are 101x51 logical, exact on both
 * outputs. */
static bool check_odd_managed(struct xwayland_session *t) {
	const int w = 201, h = 101;
	struct harness_client *client = start_client(t, w, h, NULL, NULL);
	REQUIRE(client != NULL, "cannot start x11-pattern-client");
	struct json_object *window = harness_wait_window(t->h, is_x_pattern, NULL,
			HARNESS_TIMEOUT_MS, "the X11 pattern window");
	bool ok = CHECK(window != NULL, "no X11 window");
	int id = window_int(window, "id");
	int wx = window_int(window, "x"), wy = window_int(window, "y");
	if (ok) {
		ok = CHECK_JSON_INT(window, "width", (w + 1) / N) &&
				CHECK_JSON_INT(window, "height", (h + 1) / N);
	}
	json_object_put(window);
	if (ok) {
		struct image *on_2 = expect_on(w, h, 2);
		ok = output_shows(t->h, "HEADLESS-1", 2 * wx, 2 * wy, on_2,
				"x11-odd-on-scale-2");
		// A logical pixel up and left: where the part of the last
		// logical column and row that the window does not cover was its
		// own pixels, it must be the background again (an opaque region
		// of the whole logical size would leave them there).
		ok = gridctl_id(t, "move", id, wx - 1, wy - 1) &&
				wait_geometry(client, 2 * (wx - 1), 2 * (wy - 1), w, h) &&
				output_shows(t->h, "HEADLESS-1", 2 * (wx - 1), 2 * (wy - 1),
						on_2, "x11-odd-moved-on-scale-2") &&
				ok;
		image_destroy(on_2);
		// Its place in X pixels is the logical one times N.
		ok = gridctl_id(t, "move", id, 450, 100) &&
				wait_geometry(client, 900, 200, w, h) && ok;
		struct image *on_1 = expect_on(w, h, 1);
		ok = output_shows(t->h, "HEADLESS-2", 50, 100, on_1,
					 "x11-odd-on-scale-1") &&
				ok;
		image_destroy(on_1);
	}
	return stop_client(client) && ok;
}

/* An override-redirect window of 41x31 X pixels at X 100,400 (logical
 * 50,200 on HEADLESS-1), then one at X 920,400 (logical 460,200 on
 * HEADLESS-2), then one at X 100,700 (logical 50,350, 50,50 on HEADLESS-3).
 * It is no window of gridctl's: only the screen shows it. */
static bool check_odd_override_redirect(struct xwayland_session *t) {
	const int w = 41, h = 31;
	struct harness_client *client = start_client(t, w, h, "100", "400");
	REQUIRE(client != NULL, "cannot start x11-pattern-client");
	struct image *on_2 = expect_on(w, h, 2);
	bool ok = output_shows(t->h, "HEADLESS-1", 100, 400, on_2,
			"x11-odd-menu-on-scale-2");
	image_destroy(on_2);
	ok = stop_client(client) && ok;
	client = start_client(t, w, h, "920", "400");
	REQUIRE(client != NULL, "cannot start x11-pattern-client");
	struct image *on_1 = expect_on(w, h, 1);
	ok = output_shows(t->h, "HEADLESS-2", 60, 200, on_1,
				 "x11-odd-menu-on-scale-1") &&
			ok;
	image_destroy(on_1);
	ok = stop_client(client) && ok;
	client = start_client(t, w, h, "100", "700");
	REQUIRE(client != NULL, "cannot start x11-pattern-client");
	struct image *on_4 = expect_on(w, h, 4);
	ok = output_shows(t->h, "HEADLESS-3", 200, 200, on_4,
				 "x11-odd-menu-on-scale-4") &&
			ok;
	image_destroy(on_4);
	return stop_client(client) && ok;
}

static bool is_x_pattern_fullscreen(struct json_object *window, void *data) {
	struct json_object *fullscreen =
			json_path(window, "fullscreen", json_type_boolean);
	return is_x_pattern(window, NULL) && fullscreen != NULL &&
			json_object_get_boolean(fullscreen) == *(bool *)data;
}

static bool set_fullscreen(struct xwayland_session *t, int id,
		bool fullscreen) {
	char sid[16];
	snprintf(sid, sizeof(sid), "%d", id);
	json_object_put(harness_gridctl_ok(t->h, "focus", sid, NULL));
	json_object_put(harness_gridctl_ok(t->h, "action", "fullscreen", NULL));
	struct json_object *window =
			harness_wait_window(t->h, is_x_pattern_fullscreen, &fullscreen,
					HARNESS_TIMEOUT_MS, "the X11 window's fullscreen state");
	json_object_put(window);
	return CHECK(window != NULL, "the X11 window never became %s",
			fullscreen ? "fullscreen" : "windowed again");
}

/* gridctl move and resize, fullscreen on HEADLESS-1 and on HEADLESS-2 and
 * back: the X geometry is the logical one times N, and the pixels exact. */
static bool check_geometry(struct xwayland_session *t) {
	struct harness_client *client = start_client(t, 120, 80, NULL, NULL);
	REQUIRE(client != NULL, "cannot start x11-pattern-client");
	struct json_object *window = harness_wait_window(t->h, is_x_pattern, NULL,
			HARNESS_TIMEOUT_MS, "the X11 pattern window");
	REQUIRE(window != NULL, "no X11 window");
	int id = window_int(window, "id");
	json_object_put(window);

	bool ok = gridctl_id(t, "move", id, 30, 40) &&
			wait_geometry(client, 60, 80, 120, 80) &&
			wait_x11_window_box(t, (struct window_box){ 30, 40, 60, 40 });
	struct image *expected = expect_on(120, 80, 2);
	ok = ok && output_shows(t->h, "HEADLESS-1", 60, 80, expected, "x11-moved");
	image_destroy(expected);

	ok = ok && gridctl_id(t, "resize", id, 151, 75) &&
			wait_geometry(client, 60, 80, 302, 150) &&
			wait_x11_window_box(t, (struct window_box){ 30, 40, 151, 75 });
	expected = expect_on(302, 150, 2);
	ok = ok &&
			output_shows(t->h, "HEADLESS-1", 60, 80, expected, "x11-resized");
	image_destroy(expected);

	// Fullscreen on HEADLESS-1: its 400x300 logical pixels, 800x600 X.
	ok = ok && set_fullscreen(t, id, true) &&
			wait_geometry(client, 0, 0, 800, 600) &&
			wait_x11_window_box(t, (struct window_box){ 0, 0, 400, 300 });
	expected = expect_on(800, 600, 2);
	ok = ok &&
			output_shows(t->h, "HEADLESS-1", 0, 0, expected,
					"x11-fullscreen-on-scale-2");
	image_destroy(expected);
	// Back where it was, at its size.
	ok = ok && set_fullscreen(t, id, false) &&
			wait_geometry(client, 60, 80, 302, 150) &&
			wait_x11_window_box(t, (struct window_box){ 30, 40, 151, 75 });

	// Fullscreen on HEADLESS-2 (400,0, 400x300): X 800,0 800x600,
	// box-reduced there.
	ok = ok && gridctl_id(t, "move", id, 420, 20) &&
			wait_geometry(client, 840, 40, 302, 150) &&
			set_fullscreen(t, id, true) &&
			wait_geometry(client, 800, 0, 800, 600) &&
			wait_x11_window_box(t, (struct window_box){ 400, 0, 400, 300 });
	expected = expect_on(800, 600, 1);
	ok = ok &&
			output_shows(t->h, "HEADLESS-2", 0, 0, expected,
					"x11-fullscreen-on-scale-1");
	image_destroy(expected);
	ok = ok && set_fullscreen(t, id, false) &&
			wait_geometry(client, 840, 40, 302, 150);
	expected = expect_on(302, 150, 1);
	ok = ok &&
			output_shows(t->h, "HEADLESS-2", 20, 20, expected,
					"x11-windowed-on-scale-1");
	image_destroy(expected);
	return stop_client(client) && ok;
}

struct test_case {
	const char *name;
	bool (*body)(struct xwayland_session *t);
};

static bool run_case(const void *data) {
	const struct test_case *test_case = data;
	const char *args[] = { "--output",
		"HEADLESS-1 mode 800x600 scale 2 filter nearest", "--output",
		"HEADLESS-2 mode 400x300 scale 1 position right-of HEADLESS-1",
		"--output", "HEADLESS-3 mode 800x600 scale 4 position 0,300", NULL };
	struct xwayland_session t;
	REQUIRE(xwayland_session_open(&t,
					"xwayland scale 2\nwindow class=^" X_CLASS
					"$ decorations none\n",
					args),
			"no gridwl with Xwayland");
	return xwayland_session_close(&t, test_case->body(&t));
}

int main(void) {
	struct check_suite suite = { 0 };
	static const struct test_case cases[] = {
		{ "an odd-sized managed X window at xwayland scale 2: every X pixel "
		  "1:1 on scale 2, the last partial block the mean of its X pixels "
		  "on scale 1",
				check_odd_managed },
		{ "an odd-sized override-redirect X window at xwayland scale 2: the "
		  "same",
				check_odd_override_redirect },
		{ "gridctl move, gridctl resize and fullscreen on scale 2 and 1: X "
		  "geometry times 2, exact on screen",
				check_geometry },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		check_run_xwayland(&suite, cases[i].name, run_case, &cases[i]);
	}
	return check_finish(&suite);
}
