#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "harness.h"
#include "image.h"
#include "pattern.h"
#include "resample_expect.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "gridctl-windows.h"

/*
 * Xwayland at scale 2 (issue 19), what xwayland-scale leaves out: on
 * HEADLESS-1 (800x600, scale 2) and HEADLESS-2 (400x300, scale 1, right of
 * it), with the default "xwayland scale auto", x11-pattern-client's 200x100
 * X window (a 100x50 window of buffer scale 2) is exact across the seam of
 * the two outputs (1:1 on one part, box-reduced on the other), and exact on
 * HEADLESS-1 after HEADLESS-2, where it was, goes. A finger (Xwayland's
 * pointer emulation of wl_touch: a ButtonPress 1 for a core-events client)
 * and a pen tip (tablet-v2, Xwayland's stylus device) at a logical point
 * reach the X pixel under them, x 2; after the client hid the cursor and
 * warped the pointer (Xwayland's pointer lock, with a cursor hint in X
 * pixels), the pointer is left where it warped to. xeyes, which ignores
 * DPI, keeps its 150x100 X pixels: 75x50 logical, half its size at scale
 * 1, and shown as X has it. gtk3-widget-factory's "Page 3" tab
 * (GDK_BACKEND=x11, scale 2 from XSETTINGS) shows the pointer over it, and
 * a click there selects it.
 *
 * Skipped where Xwayland is not installed.
 */

#define X_CLASS "X11Pattern"
#define X_WIDTH 200
#define X_HEIGHT 100
#define N 2

struct test {
	struct harness *h;
	struct harness_client *client;
	char display_env[64];
	int id;
};

static bool is_x_pattern(struct json_object *window, void *data) {
	return json_string_is(window, "app_id", X_CLASS);
}

/* The pattern window, once wholly on HEADLESS-1 (0,0 400x300 logical). */
static bool is_x_pattern_on_1(struct json_object *window, void *data) {
	return is_x_pattern(window, NULL) && window_int(window, "x") >= 0 &&
			window_int(window, "x") + window_int(window, "width") <= 400;
}

/* Columns x to x + width of image. */
static struct image *columns(const struct image *image, int x, int width) {
	struct image *part = image_create(width, image->height);
	for (int py = 0; py < image->height; py++) {
		for (int px = 0; px < width; px++) {
			image_set(part, px, py, image_get(image, x + px, py));
		}
	}
	return part;
}

/* Waits for the press the X client reports and checks it is button 1 at
 * X pixel want_x,want_y of its window, or up to slack X pixels before it
 * each way. */
static bool check_press(struct test *t, const char *what, int want_x,
		int want_y, int slack) {
	char *line =
			harness_client_wait_line(t->client, "button", HARNESS_TIMEOUT_MS);
	int button = -1, bx = -1, by = -1;
	bool ok = CHECK(line != NULL, "%s: no button press reached the X client",
					  what) &&
			CHECK(sscanf(line, "button %d %d %d", &button, &bx, &by) == 3,
					"bad line '%s'", line) &&
			CHECK(button == 1 && bx <= want_x && bx >= want_x - slack &&
							by <= want_y && by >= want_y - slack,
					"%s: button %d at X %d,%d, want 1 at %d,%d (or up to %d "
					"before)",
					what, button, bx, by, want_x, want_y, slack);
	free(line);
	return ok;
}

static void format_point(char *sx, char *sy, size_t size, int x, int y) {
	snprintf(sx, size, "%d", x);
	snprintf(sy, size, "%d", y);
}

/* A finger down and up at logical x,y. Xwayland passes touch positions
 * through a device whose axes span the X screen in 0..65535 and come back
 * rounded down: up to one X pixel before the point (one X pixel is half a
 * logical one at 2; without the x N it would be half the distance). */
static bool check_touch(struct test *t, int x, int y, int want_x, int want_y) {
	char sx[16], sy[16];
	format_point(sx, sy, sizeof(sx), x, y);
	json_object_put(
			harness_gridctl_ok(t->h, "touch", "down", "5", sx, sy, NULL));
	bool ok = check_press(t, "a touch", want_x, want_y, 1);
	json_object_put(harness_gridctl_ok(t->h, "touch", "up", "5", NULL));
	return ok;
}

/* A pen brought near, its tip down and up, taken away, at logical x,y. */
static bool check_pen(struct test *t, int x, int y, int want_x, int want_y) {
	char sx[16], sy[16];
	format_point(sx, sy, sizeof(sx), x, y);
	const char *steps[] = { "proximity-in", "down", NULL };
	for (int i = 0; steps[i] != NULL; i++) {
		json_object_put(
				harness_gridctl_ok(t->h, "tablet", steps[i], sx, sy, NULL));
	}
	bool ok = check_press(t, "a pen tip", want_x, want_y, 0);
	json_object_put(harness_gridctl_ok(t->h, "tablet", "up", sx, sy, NULL));
	json_object_put(
			harness_gridctl_ok(t->h, "tablet", "proximity-out", sx, sy, NULL));
	return ok;
}

/* The pointer over the window at logical wx+5,wy+5, the client hides the
 * cursor and warps the pointer to X pixel 60,40: Xwayland locks the
 * pointer with that as its cursor position hint (in X pixels). Shown
 * again, the lock goes and the pointer is left at the hint: logical
 * wx+30,wy+20, where a click reaches X pixel 60,40 (at the hint taken as
 * logical, it would be 120,80). */
static bool check_cursor_hint(struct test *t, int wx, int wy) {
	char sx[16], sy[16];
	format_point(sx, sy, sizeof(sx), wx + 5, wy + 5);
	json_object_put(harness_gridctl_ok(t->h, "pointer", sx, sy, NULL));
	REQUIRE(harness_client_send(t->client, "hide-warp 60 40\n"), "cannot send");
	char *line =
			harness_client_wait_line(t->client, "warped", HARNESS_TIMEOUT_MS);
	bool ok = CHECK(line != NULL, "the X client did not warp the pointer");
	free(line);
	REQUIRE(harness_client_send(t->client, "show-cursor\n"), "cannot send");
	line = harness_client_wait_line(t->client, "shown", HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL, "the X client did not show the cursor") && ok;
	free(line);
	json_object_put(harness_gridctl_ok(t->h, "click", "left", NULL));
	return check_press(t, "a click after the warp", 60, 40, 0) && ok;
}

static bool move_window(struct test *t, int x, int y) {
	char id[16], sx[16], sy[16];
	snprintf(id, sizeof(id), "%d", t->id);
	format_point(sx, sy, sizeof(sx), x, y);
	struct json_object *reply =
			harness_gridctl_ok(t->h, "move", id, sx, sy, NULL);
	json_object_put(reply);
	return reply != NULL;
}

/* The pattern window: touch and pen on HEADLESS-1; exact across the seam
 * (content at 350,100: logical columns 350..399 on HEADLESS-1, 400..449 on
 * HEADLESS-2, the seam at X pixel 100); touch on HEADLESS-2; exact and
 * clicked right on HEADLESS-1 after HEADLESS-2 goes with it. */
static bool check_pattern_window(struct test *t) {
	char width_arg[16], height_arg[16];
	format_point(width_arg, height_arg, sizeof(width_arg), X_WIDTH, X_HEIGHT);
	const char *argv[] = { "env", t->display_env,
		getenv("X11_PATTERN_CLIENT_BIN"), width_arg, height_arg, "checker",
		NULL };
	t->client = harness_spawn(t->h, "x11-pattern", argv);
	REQUIRE(t->client != NULL, "cannot start x11-pattern-client");
	char *line = harness_client_wait_line(t->client, "drawn",
			3 * HARNESS_TIMEOUT_MS);
	bool ok = CHECK(line != NULL, "the X client never drew");
	free(line);
	struct json_object *window = harness_wait_window(t->h, is_x_pattern, NULL,
			HARNESS_TIMEOUT_MS, "the X11 pattern window");
	REQUIRE(window != NULL, "no X11 window");
	ok = CHECK_JSON_INT(window, "buffer_scale", N) && ok;
	int wx = window_int(window, "x"), wy = window_int(window, "y");
	t->id = window_int(window, "id");
	json_object_put(window);

	// gridctl's touch screen is made on first use: Xwayland asks for
	// wl_touch when the seat says it has one, so that touch reaches no X
	// window. The click after it goes to Xwayland after that event, on the
	// same connection: once its press is seen, Xwayland has its wl_touch.
	json_object_put(
			harness_gridctl_ok(t->h, "touch", "down", "1", "4", "4", NULL));
	json_object_put(harness_gridctl_ok(t->h, "touch", "up", "1", NULL));
	char sx[16], sy[16];
	format_point(sx, sy, sizeof(sx), wx + 17, wy + 3);
	json_object_put(harness_gridctl_ok(t->h, "click", sx, sy, "left", NULL));
	ok = check_press(t, "a click", 17 * N, 3 * N, 0) && ok;
	ok = check_touch(t, wx + 10, wy + 7, 10 * N, 7 * N) && ok;
	ok = check_pen(t, wx + 15, wy + 9, 15 * N, 9 * N) && ok;
	ok = check_cursor_hint(t, wx, wy) && ok;

	struct pattern checker = { .kind = PATTERN_CHECKER };
	struct image *buffer = resample_pattern_buffer(&checker, X_WIDTH, X_HEIGHT);
	struct image *on_2 = resample_expect(buffer, N, 2, RESAMPLE_NEAREST);
	struct image *on_1 = resample_expect(buffer, N, 1, RESAMPLE_NEAREST);
	struct image *left = columns(on_2, 0, on_2->width / 2);
	struct image *right = columns(on_1, on_1->width / 2, on_1->width / 2);
	ok = move_window(t, 350, 100) && ok;
	ok = output_shows(t->h, "HEADLESS-1", 700, 200, left, "x11-seam-scale-2") &&
			ok;
	ok = output_shows(t->h, "HEADLESS-2", 0, 100, right, "x11-seam-scale-1") &&
			ok;

	ok = move_window(t, 450, 100) && ok;
	ok = output_shows(t->h, "HEADLESS-2", 50, 100, on_1, "x11-on-scale-1") &&
			ok;
	ok = check_touch(t, 450 + 13, 100 + 5, 13 * N, 5 * N) && ok;
	ok = check_pen(t, 450 + 21, 100 + 11, 21 * N, 11 * N) && ok;

	json_object_put(
			harness_gridctl_ok(t->h, "destroy-output", "HEADLESS-2", NULL));
	window = harness_wait_window(t->h, is_x_pattern_on_1, NULL,
			HARNESS_TIMEOUT_MS, "the X11 window brought onto HEADLESS-1");
	ok = CHECK(window != NULL, "the X11 window is not on HEADLESS-1") && ok;
	if (window != NULL) {
		wx = window_int(window, "x");
		wy = window_int(window, "y");
		ok = CHECK_JSON_INT(window, "buffer_scale", N) && ok;
		json_object_put(window);
		ok = output_shows(t->h, "HEADLESS-1", 2 * wx, 2 * wy, on_2,
					 "x11-after-output-gone") &&
				ok;
		format_point(sx, sy, sizeof(sx), wx + 17, wy + 3);
		json_object_put(
				harness_gridctl_ok(t->h, "click", sx, sy, "left", NULL));
		ok = check_press(t, "a click after HEADLESS-2 went", 17 * N, 3 * N,
					 0) &&
				ok;
	}
	image_destroy(left);
	image_destroy(right);
	image_destroy(on_1);
	image_destroy(on_2);
	image_destroy(buffer);
	harness_client_send(t->client, "quit\n");
	ok = CHECK(harness_client_wait_exit(t->client, HARNESS_TIMEOUT_MS) == 0,
				 "the X client did not exit cleanly") &&
			ok;
	harness_client_kill(t->client);
	t->client = NULL;
	return ok;
}

static bool is_class(struct json_object *window, void *data) {
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	return app_id != NULL && strcmp(json_object_get_string(app_id), data) == 0;
}

/* Runs argv (after "env DISPLAY=...") and waits for its window, of X11
 * class; NULL after reporting. */
static struct json_object *start_program(struct test *t, const char *class,
		const char *const *program) {
	const char *argv[16] = { "env", t->display_env };
	for (int i = 0; program[i] != NULL && i < 13; i++) {
		argv[i + 2] = program[i];
	}
	t->client = harness_spawn(t->h, class, argv);
	REQUIRE(t->client != NULL, "cannot start %s", class);
	struct json_object *window = harness_wait_window(t->h, is_class,
			(void *)class, 3 * HARNESS_TIMEOUT_MS, class);
	if (!CHECK(window != NULL, "%s never showed", class)) {
		harness_client_kill(t->client);
		t->client = NULL;
	}
	return window;
}

static void stop_program(struct test *t) {
	harness_client_kill(t->client);
	t->client = NULL;
}

static struct image *shot_region(struct test *t, const char *name,
		struct image_region r) {
	struct image *shot = screenshot_gridctl(t->h, "HEADLESS-1", name);
	if (shot == NULL || r.x < 0 || r.y < 0 || r.x + r.width > shot->width ||
			r.y + r.height > shot->height) {
		image_destroy(shot);
		return NULL;
	}
	struct image *part = image_create(r.width, r.height);
	for (int y = 0; y < r.height; y++) {
		for (int x = 0; x < r.width; x++) {
			image_set(part, x, y, image_get(shot, r.x + x, r.y + y));
		}
	}
	image_destroy(shot);
	return part;
}

/* The X window of class as X has it (xwd, GetImage) is what HEADLESS-1
 * shows at 2*wx,2*wy, 1:1. */
static bool check_as_x_has_it(struct test *t, const char *class, int wx,
		int wy) {
	char *xwd_path = harness_path(t->h, "window.xwd");
	char *png_path = harness_path(t->h, "window-xwd.png");
	char script[1024];
	snprintf(script, sizeof(script),
			"xwd -silent -id \"$(xdotool search --class '%s' | head -n 1)\" "
			">'%s' && convert 'xwd:%s' 'png24:%s'",
			class, xwd_path, xwd_path, png_path);
	const char *argv[] = { "env", t->display_env, "sh", "-c", script, NULL };
	char *output = NULL;
	int status = harness_run(t->h, argv, HARNESS_TIMEOUT_MS, &output);
	free(output);
	struct image *x_image = status == 0 ? image_load_png(png_path) : NULL;
	free(xwd_path);
	free(png_path);
	REQUIRE(x_image != NULL, "xwd of %s failed (%d)", class, status);
	bool ok = output_shows(t->h, "HEADLESS-1", 2 * wx, 2 * wy, x_image,
			"xeyes-as-x-has-it");
	image_destroy(x_image);
	return ok;
}

/* xeyes ignores DPI: its window keeps its 150x100 X pixels, so at 2 it is
 * 75x50 logical, half its size at 1; shown 1:1, as X has it (xwd). */
static bool check_xeyes(struct test *t) {
	const char *program[] = { "xeyes", NULL };
	struct json_object *window = start_program(t, "XEyes", program);
	if (window == NULL) {
		return false;
	}
	bool ok = CHECK_JSON_INT(window, "buffer_scale", N);
	ok = CHECK_JSON_INT(window, "width", 150 / N) && ok;
	ok = CHECK_JSON_INT(window, "height", 100 / N) && ok;
	int wx = window_int(window, "x"), wy = window_int(window, "y");
	json_object_put(window);
	if (program_in_path("xwd") && program_in_path("xdotool") &&
			program_in_path("convert")) {
		ok = check_as_x_has_it(t, "XEyes", wx, wy) && ok;
	} else {
		fprintf(stderr,
				"# no xwd, xdotool or convert: xeyes' pixels are "
				"not checked\n");
	}
	stop_program(t);
	return ok;
}

static bool settings_applied(struct json_object *stats, void *data) {
	return json_string_is(stats, "xwayland_settings", "applied");
}

static bool images_equal(const struct image *a, const struct image *b) {
	return a != NULL && b != NULL && image_count_differences(a, b) == 0;
}

/* What a missed click leaves to go by: where gridwl has the windows, and
 * the tab bar before and after. */
static void report_missed_click(struct test *t, const struct image *before,
		const struct image *after) {
	struct json_object *reply = harness_gridctl_ok(t->h, "windows", NULL);
	struct json_object *windows = json_path(reply, "windows", json_type_array);
	size_t n = windows != NULL ? json_object_array_length(windows) : 0;
	for (size_t i = 0; i < n; i++) {
		struct json_object *window = json_object_array_get_idx(windows, i);
		struct json_object *app_id =
				json_path(window, "app_id", json_type_string);
		fprintf(stderr, "# window %d %s at %d,%d %dx%d\n",
				window_int(window, "id"),
				app_id != NULL ? json_object_get_string(app_id) : "(none)",
				window_int(window, "x"), window_int(window, "y"),
				window_int(window, "width"), window_int(window, "height"));
	}
	json_object_put(reply);
	if (before != NULL) {
		check_save_artifact(before, "gtk3-x11-tabs-before-click");
	}
	if (after != NULL) {
		check_save_artifact(after, "gtk3-x11-tabs-after-click");
		fprintf(stderr, "# the tab bar after the click: %ld pixels differ\n",
				before != NULL ? image_count_differences(before, after) : -1);
	}
}

/* Longer than GTK's transitions (Adwaita's are 200 ms at most), so that a
 * still tab bar is not one caught between two frames of one. */
#define TABS_STILL_MS 500

/* The tab bar once it has been still for TABS_STILL_MS and, unless unlike
 * is NULL, is not as unlike shows it; NULL when it is not within
 * timeout_ms. */
static struct image *still_tabs(struct test *t, struct image_region tabs,
		const struct image *unlike, int timeout_ms) {
	struct image *last = NULL;
	int64_t since = 0, until = harness_now_ms() + timeout_ms;
	while (harness_now_ms() < until) {
		int64_t now = harness_now_ms();
		struct image *shot = shot_region(t, "gtk-tabs", tabs);
		if (!images_equal(shot, last)) {
			image_destroy(last);
			last = shot;
			since = now;
			continue;
		}
		image_destroy(shot);
		if (now - since >= TABS_STILL_MS &&
				(unlike == NULL || !images_equal(last, unlike))) {
			return last;
		}
		harness_sleep_ms(50);
	}
	image_destroy(last);
	return NULL;
}

/* gtk3-widget-factory under X11 at scale 2 (XSETTINGS), 1366x741 logical
 * with its own title bar, moved so that its tab bar is on HEADLESS-1: a
 * click on the "Page 3" tab (803,26 in the window, read from a picture of
 * it; the README's recipe clicks 798,22 of the Wayland window, whose
 * geometry starts inside GTK's border) selects it. The tab bar is compared
 * with the pointer off the window (where it hovers no widget and shows no
 * tooltip), before and after, once it is still; a click that missed (at
 * half the X position, say) leaves it as it was. The pointer rests on the
 * tab until GTK shows it hovered before it clicks: GTK is then past its
 * start and follows the pointer, so what the click does is all that is
 * left to check. */
static bool check_gtk_click(struct test *t) {
	const char *args[] = { "stats", NULL };
	struct json_object *stats =
			harness_wait_gridctl(t->h, args, settings_applied, NULL,
					HARNESS_TIMEOUT_MS, "xwayland_settings applied");
	REQUIRE(stats != NULL, "the X11 settings were never applied");
	json_object_put(stats);
	const char *away_x = "700", *away_y = "10";
	json_object_put(harness_gridctl_ok(t->h, "pointer", away_x, away_y, NULL));
	const char *program[] = { "env", "GDK_BACKEND=x11", "gtk3-widget-factory",
		NULL };
	struct json_object *window =
			start_program(t, "Gtk3-widget-factory", program);
	if (window == NULL) {
		return false;
	}
	bool ok = CHECK_JSON_INT(window, "buffer_scale", N);
	t->id = window_int(window, "id");
	json_object_put(window);
	const int wx = -500, wy = 20;
	ok = move_window(t, wx, wy) && ok;
	struct image_region tabs = { 2 * (wx + 505), 2 * (wy + 8), 2 * 355,
		2 * 36 };
	struct image *before = still_tabs(t, tabs, NULL, 3 * HARNESS_TIMEOUT_MS);
	if (!CHECK(before != NULL, "the tab bar is never still")) {
		stop_program(t);
		return false;
	}
	char sx[16], sy[16];
	format_point(sx, sy, sizeof(sx), wx + 803, wy + 26);
	json_object_put(harness_gridctl_ok(t->h, "pointer", sx, sy, NULL));
	struct image *hovered = still_tabs(t, tabs, before, 3 * HARNESS_TIMEOUT_MS);
	ok = CHECK(hovered != NULL,
				 "the Page 3 tab never showed the pointer over it at %s,%s", sx,
				 sy) &&
			ok;
	json_object_put(harness_gridctl_ok(t->h, "click", sx, sy, "left", NULL));
	json_object_put(harness_gridctl_ok(t->h, "pointer", away_x, away_y, NULL));
	struct image *after = still_tabs(t, tabs, before, HARNESS_TIMEOUT_MS);
	if (!CHECK(after != NULL,
				"a click on the Page 3 tab at %s,%s did not change the tab "
				"bar",
				sx, sy)) {
		struct image *now = shot_region(t, "gtk-tabs", tabs);
		report_missed_click(t, before, now);
		image_destroy(now);
		ok = false;
	}
	if (after != NULL) {
		check_save_artifact(after, "gtk3-x11-page-3-tabs");
	}
	image_destroy(before);
	image_destroy(hovered);
	image_destroy(after);
	stop_program(t);
	return ok;
}

static struct test *test_start(void) {
	const char *args[] = { "--output",
		"HEADLESS-1 mode 800x600 scale 2 filter nearest", "--output",
		"HEADLESS-2 mode 400x300 scale 1 position right-of HEADLESS-1", NULL };
	struct test *t = calloc(1, sizeof(*t));
	t->h = harness_start(args);
	if (t->h == NULL) {
		free(t);
		return NULL;
	}
	xwayland_display_of(t->h, t->display_env, sizeof(t->display_env));
	return t;
}

static bool test_stop(struct test *t, bool ok) {
	ok = harness_stop(t->h, ok) && ok;
	free(t);
	return ok;
}

static bool run_pattern_case(const void *data) {
	struct test *t = test_start();
	REQUIRE(t != NULL, "gridwl did not start");
	bool ok = CHECK(t->display_env[0] != '\0', "Xwayland is off") &&
			check_pattern_window(t);
	return test_stop(t, ok);
}

static bool run_programs_case(const void *data) {
	struct test *t = test_start();
	REQUIRE(t != NULL, "gridwl did not start");
	bool ok = CHECK(t->display_env[0] != '\0', "Xwayland is off");
	if (ok && program_in_path("xeyes")) {
		ok = check_xeyes(t) && ok;
	}
	if (ok && program_in_path("gtk3-widget-factory")) {
		ok = check_gtk_click(t) && ok;
	}
	return test_stop(t, ok);
}

int main(void) {
	struct check_suite suite = { 0 };
	const char *pattern_name =
			"X11 pattern window at xwayland scale 2: exact across the seam "
			"and after its output goes, touch and pen on the right X pixel";
	const char *programs_name =
			"xeyes at xwayland scale 2: its X size, half its logical size; a "
			"click on gtk3-widget-factory's Page 3 tab under X11";
	check_run_xwayland(&suite, pattern_name, run_pattern_case, NULL);
	check_run_xwayland(&suite, programs_name, run_programs_case, NULL);
	return check_finish(&suite);
}
