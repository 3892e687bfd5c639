#include <json-c/json.h>
#include <limits.h>
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
 * Xwayland at scale N (issue 19), with x11-pattern-client (a checkerboard
 * per X pixel): on HEADLESS-1 (800x600, scale 2) and HEADLESS-2 (400x300,
 * scale 1, right of it), "xwayland scale auto" is 2. The X screen is the
 * layout in X pixels (1600x600); the 200x100 X window is a 100x50 window
 * of buffer scale 2, shown 1:1 on HEADLESS-1 and box-reduced exactly on
 * HEADLESS-2 after a move there; a click at a logical point reaches the X
 * pixel under it on both (the client reports the press); its menu opens
 * under the pointer; it moves itself to X / N; maximized it is configured
 * to the output times N. X11 programs are told N (xrdb, XSETTINGS), and
 * xterm and gtk3-widget-factory have N times the X pixels of the scale-1
 * run. "xwayland scale 1" gives the scale-1 window of before; a layout past
 * 16-bit X coordinates at 2 runs Xwayland at 1.
 *
 * Skipped where Xwayland is not installed.
 */

#define X_CLASS "X11Pattern"

struct wlr_box_like {
	int x, y, width, height;
};
#define X_WIDTH 200
#define X_HEIGHT 100

static bool is_x_pattern(struct json_object *window, void *data) {
	return json_string_is(window, "app_id", X_CLASS);
}

/* Clicks at logical x,y and checks the X client saw button 1 at X pixel
 * want_x,want_y of its window. */
static bool check_click(struct harness *h, struct harness_client *client, int x,
		int y, int want_x, int want_y) {
	char sx[16], sy[16];
	snprintf(sx, sizeof(sx), "%d", x);
	snprintf(sy, sizeof(sy), "%d", y);
	json_object_put(harness_gridctl_ok(h, "click", sx, sy, "left", NULL));
	char *line = harness_client_wait_line(client, "button", HARNESS_TIMEOUT_MS);
	int button = -1, bx = -1, by = -1;
	bool ok = CHECK(line != NULL, "no button press reached the X client") &&
			CHECK(sscanf(line, "button %d %d %d", &button, &bx, &by) == 3,
					"bad line '%s'", line) &&
			CHECK(button == 1 && bx == want_x && by == want_y,
					"a click at %d,%d: button %d at X %d,%d, want 1 at %d,%d",
					x, y, button, bx, by, want_x, want_y);
	free(line);
	return ok;
}

static bool wait_colour(struct harness *h, const char *output,
		struct image_region r, uint32_t colour, const char *name) {
	struct image *expected = image_create(r.width, r.height);
	for (int y = 0; y < r.height; y++) {
		for (int x = 0; x < r.width; x++) {
			image_set(expected, x, y, colour);
		}
	}
	bool ok = output_shows(h, output, r.x, r.y, expected, name);
	image_destroy(expected);
	return ok;
}

/* A right click opens the client's menu (41x31 X pixels, override-redirect)
 * at the pointer's root position: it must be drawn there, under the
 * pointer, and take a second buffer of its odd size (W22) with Xwayland
 * alive. HEADLESS-1 is at 0,0, scale 2. */
static bool check_menu(struct harness *h, struct harness_client *client, int x,
		int y, int n) {
	char sx[16], sy[16];
	snprintf(sx, sizeof(sx), "%d", x);
	snprintf(sy, sizeof(sy), "%d", y);
	json_object_put(harness_gridctl_ok(h, "click", sx, sy, "right", NULL));
	char *line = harness_client_wait_line(client, "menu", HARNESS_TIMEOUT_MS);
	int mx = -1, my = -1;
	bool ok = CHECK(line != NULL && sscanf(line, "menu %d %d", &mx, &my) == 2,
			"the X client opened no menu");
	free(line);
	REQUIRE(ok, "no menu");
	ok = CHECK(mx == x * n && my == y * n,
			"the menu is at X %d,%d, want the pointer's %d,%d", mx, my, x * n,
			y * n);
	// Its inside: the edges of an odd size are resampled.
	struct image_region inside = { 2 * x + 2, 2 * y + 2, 30, 20 };
	ok = wait_colour(h, "HEADLESS-1", inside, 0xffe04020u, "x11-menu") && ok;
	REQUIRE(harness_client_send(client, "menu-paint\n"), "cannot paint");
	line = harness_client_wait_line(client, "menu-painted", HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL, "the menu was not painted") && ok;
	free(line);
	ok = wait_colour(h, "HEADLESS-1", inside, 0xff20c040u,
				 "x11-menu-painted") &&
			ok;
	return ok;
}

struct position {
	int x, y;
};

static bool is_x_pattern_at(struct json_object *window, void *data) {
	const struct position *at = data;
	return is_x_pattern(window, NULL) && window_int(window, "x") == at->x &&
			window_int(window, "y") == at->y;
}

/* The window moves itself to X 100,60 (xdotool windowmove, a
 * ConfigureRequest): it goes to logical 100/N,60/N. Maximized on
 * HEADLESS-1 (400x300 logical), its frame fills the output and its content
 * is configured to N times its logical size in X pixels, which the client
 * draws. */
/* Its frame (server-side decorations) fills HEADLESS-1, or, undecorated,
 * the window itself does. */
static bool is_x_pattern_maximized(struct json_object *window, void *data) {
	if (!is_x_pattern(window, NULL)) {
		return false;
	}
	struct json_object *frame = json_path(window, "frame", json_type_object);
	struct json_object *box = frame != NULL ? frame : window;
	return window_int(box, "x") == 0 && window_int(box, "y") == 0 &&
			window_int(box, "width") == 400 && window_int(box, "height") == 300;
}

static bool check_x_geometry(struct harness *h, struct harness_client *client,
		const char *display_env, int n) {
	bool ok = true;
	if (program_in_path("xdotool")) {
		struct position at = { 100 / n, 60 / n };
		const char *argv[] = { "env", display_env, "xdotool", "search",
			"--class", X_CLASS, "windowmove", "100", "60", NULL };
		char *output = NULL;
		int status = harness_run(h, argv, HARNESS_TIMEOUT_MS, &output);
		ok = CHECK(status == 0, "xdotool windowmove failed (%d): %s", status,
				output != NULL ? output : "");
		free(output);
		struct json_object *window = ok ?
				harness_wait_window(h, is_x_pattern_at, &at, HARNESS_TIMEOUT_MS,
						"the X11 window where it moved itself") :
				NULL;
		ok = CHECK(window != NULL, "X 100,60 is not logical %d,%d at scale %d",
					 at.x, at.y, n) &&
				ok;
		json_object_put(window);
	} else {
		fprintf(stderr, "# no xdotool: the self-move is not checked\n");
	}
	json_object_put(harness_gridctl_ok(h, "action", "maximize", NULL));
	struct json_object *window = harness_wait_window(h, is_x_pattern_maximized,
			NULL, HARNESS_TIMEOUT_MS, "the X11 window maximized on HEADLESS-1");
	if (!CHECK(window != NULL,
				"maximized, the X11 window does not fill "
				"HEADLESS-1")) {
		return false;
	}
	char want[32];
	snprintf(want, sizeof(want), "drawn %d %d", window_int(window, "width") * n,
			window_int(window, "height") * n);
	json_object_put(window);
	char *line = harness_client_wait_line(client, want, HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL, "maximized, the X client never drew %s", want) &&
			ok;
	free(line);
	return ok;
}

static bool settings_applied(struct json_object *stats, void *data) {
	return json_string_is(stats, "xwayland_settings", "applied");
}

/* Runs argv and checks its output has each of wants. */
static bool output_has(struct harness *h, const char *const *argv,
		const char *const *wants) {
	char *output = NULL;
	int status = harness_run(h, argv, HARNESS_TIMEOUT_MS, &output);
	bool ok = CHECK(status == 0, "%s failed (%d)", argv[2], status);
	for (int i = 0; ok && wants[i] != NULL; i++) {
		ok = CHECK(output != NULL && strstr(output, wants[i]) != NULL,
				"%s does not say '%s': %s", argv[2], wants[i],
				output != NULL ? output : "");
	}
	free(output);
	return ok;
}

/* X11 programs are told N: Xft.dpi 96N and Xcursor.size 24N in the
 * resource database, Xft/DPI and Gdk/WindowScalingFactor in XSETTINGS. */
static bool check_settings(struct harness *h, const char *display_env, int n) {
	const char *args[] = { "stats", NULL };
	struct json_object *stats = harness_wait_gridctl(h, args, settings_applied,
			NULL, HARNESS_TIMEOUT_MS, "xwayland_settings applied");
	REQUIRE(stats != NULL, "the X11 settings were never applied");
	json_object_put(stats);
	char dpi[32], cursor[32], xft_dpi[32], window_scale[48];
	snprintf(dpi, sizeof(dpi), "Xft.dpi:\t%d", 96 * n);
	snprintf(cursor, sizeof(cursor), "Xcursor.size:\t%d", 24 * n);
	snprintf(xft_dpi, sizeof(xft_dpi), "Xft/DPI %d", 96 * n * 1024);
	snprintf(window_scale, sizeof(window_scale), "Gdk/WindowScalingFactor %d",
			n);
	const char *xrdb[] = { "env", display_env, "xrdb", "-query", NULL };
	const char *xrdb_wants[] = { dpi, cursor, NULL };
	const char *dump[] = { "env", display_env, "dump_xsettings", NULL };
	const char *dump_wants[] = { xft_dpi, window_scale, NULL };
	return output_has(h, xrdb, xrdb_wants) && output_has(h, dump, dump_wants);
}

/* A real X11 program that reads its settings, by its X11 class, and its
 * window's X size at scale 1 (that case runs first). */
struct x_program {
	const char *class;
	const char *const *argv; // after "env DISPLAY=..."
	int x_width, x_height; // at scale 1
};

static bool is_class(struct json_object *window, void *data) {
	const struct x_program *program = data;
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	return app_id != NULL &&
			strcmp(json_object_get_string(app_id), program->class) == 0;
}

/* The program draws at N: its X window is N times as many pixels as at
 * scale 1 for the same logical size (give or take a font's hinting: within
 * a tenth). A picture of it goes to the artifacts. */
static bool check_program(struct harness *h, const char *display_env,
		struct x_program *program, int n) {
	const char *argv[32] = { "env", display_env };
	for (int i = 0; program->argv[i] != NULL && i < 29; i++) {
		argv[i + 2] = program->argv[i];
	}
	struct harness_client *client = harness_spawn(h, program->class, argv);
	REQUIRE(client != NULL, "cannot start %s", program->class);
	struct json_object *window = harness_wait_window(h, is_class, program,
			3 * HARNESS_TIMEOUT_MS, program->class);
	bool ok = CHECK(window != NULL, "%s never showed", program->class);
	if (ok) {
		ok = CHECK_JSON_INT(window, "buffer_scale", n);
		int x_width = window_int(window, "width") * n;
		int x_height = window_int(window, "height") * n;
		fprintf(stderr, "# %s at scale %d: %dx%d X pixels\n", program->class, n,
				x_width, x_height);
		if (n == 1) {
			program->x_width = x_width;
			program->x_height = x_height;
		} else if (program->x_width > 0) {
			int want_w = program->x_width * n, want_h = program->x_height * n;
			ok = CHECK(x_width * 10 >= want_w * 9 &&
								 x_width * 10 <= want_w * 11 &&
								 x_height * 10 >= want_h * 9 &&
								 x_height * 10 <= want_h * 11,
						 "%s is %dx%d X pixels at scale %d, %dx%d at 1",
						 program->class, x_width, x_height, n, program->x_width,
						 program->x_height) &&
					ok;
		}
		const char *artifacts = getenv("GRIDWL_TEST_ARTIFACTS");
		struct json_object *id = json_path(window, "id", json_type_int);
		const char *wait[] = { "wait", "settled", NULL };
		json_object_put(harness_gridctlv(h, NULL, wait));
		if (artifacts != NULL && id != NULL) {
			char path[512], id_text[16];
			snprintf(path, sizeof(path), "%s/%s-xwayland-scale-%d.png",
					artifacts, program->class, n);
			snprintf(id_text, sizeof(id_text), "%d", json_object_get_int(id));
			json_object_put(harness_gridctl_ok(h, "screenshot", "--window",
					id_text, path, NULL));
		}
		json_object_put(window);
	}
	harness_client_kill(client);
	return ok;
}

/* Where a picture of HEADLESS-1 with the cursor differs from one without,
 * relative to the pointer at logical x,y; false when it does not. */
static bool cursor_box(struct harness *h, int x, int y,
		struct wlr_box_like *box) {
	char sx[16], sy[16];
	snprintf(sx, sizeof(sx), "%d", x);
	snprintf(sy, sizeof(sy), "%d", y);
	json_object_put(harness_gridctl_ok(h, "pointer", sx, sy, NULL));
	const char *wait[] = { "wait", "settled", NULL };
	json_object_put(harness_gridctlv(h, NULL, wait));
	char *with_path = harness_path(h, "with-cursor.png");
	json_object_put(harness_gridctl_ok(h, "screenshot", "-o", "HEADLESS-1",
			"--cursor", with_path, NULL));
	struct image *with = image_load_png(with_path);
	struct image *without = screenshot_gridctl(h, "HEADLESS-1", "no-cursor");
	free(with_path);
	bool found = false;
	if (with != NULL && without != NULL) {
		int x1 = INT_MAX, y1 = INT_MAX, x2 = -1, y2 = -1;
		for (int py = 0; py < with->height; py++) {
			for (int px = 0; px < with->width; px++) {
				if (image_get(with, px, py) != image_get(without, px, py)) {
					x1 = px < x1 ? px : x1;
					y1 = py < y1 ? py : y1;
					x2 = px > x2 ? px : x2;
					y2 = py > y2 ? py : y2;
				}
			}
		}
		found = x2 >= 0;
		*box = (struct wlr_box_like){ x1 - 2 * x, y1 - 2 * y, x2 - x1 + 1,
			y2 - y1 + 1 };
	}
	image_destroy(with);
	image_destroy(without);
	return found;
}

/* Over an X window with no cursor of its own, the X root cursor is shown
 * (none at all when it is not set): at N it is gridwl's theme image at N
 * times its size, as gridwl's own cursor over the background. The boxes
 * are where the pictures differ, so the faint shadow counts over one
 * background and not the other: a few pixels of slack (a cursor at the
 * wrong scale is half the size). Polled: Xwayland sets it when the
 * pointer enters. */
static bool near(int a, int b) {
	return a - b <= 4 && b - a <= 4;
}

static bool check_root_cursor(struct harness *h, int wx, int wy) {
	struct wlr_box_like own = { 0 }, x11 = { 0 };
	REQUIRE(cursor_box(h, 4, 4, &own), "no cursor over the background");
	int64_t until = harness_now_ms() + HARNESS_TIMEOUT_MS;
	bool found = false, same = false;
	while (!same && harness_now_ms() < until) {
		found = cursor_box(h, wx + 40, wy + 10, &x11);
		same = found && near(x11.x, own.x) && near(x11.y, own.y) &&
				near(x11.width, own.width) && near(x11.height, own.height);
	}
	REQUIRE(found, "no cursor over the X window (no X root cursor)");
	return CHECK(same,
			"the cursor over the X window is %dx%d at %d,%d from the "
			"pointer, over the background %dx%d at %d,%d",
			x11.width, x11.height, x11.x, x11.y, own.width, own.height, own.x,
			own.y);
}

static bool check_scale(struct harness *h, int n) {
	char display_env[64];
	REQUIRE(xwayland_display_of(h, display_env, sizeof(display_env)),
			"Xwayland is off");
	char width_arg[16], height_arg[16];
	snprintf(width_arg, sizeof(width_arg), "%d", X_WIDTH);
	snprintf(height_arg, sizeof(height_arg), "%d", X_HEIGHT);
	const char *argv[] = { "env", display_env, getenv("X11_PATTERN_CLIENT_BIN"),
		width_arg, height_arg, "checker", NULL };
	struct harness_client *client = harness_spawn(h, "x11-pattern", argv);
	REQUIRE(client != NULL, "cannot start x11-pattern-client");

	// The X screen is the layout (800x300 logical) in X pixels.
	char *line =
			harness_client_wait_line(client, "screen", 3 * HARNESS_TIMEOUT_MS);
	int sw = 0, sh = 0;
	bool ok = CHECK(line != NULL && sscanf(line, "screen %d %d", &sw, &sh) == 2,
			"no screen size from the X client");
	ok = ok &&
			CHECK(sw == 800 * n && sh == 300 * n, "X screen %dx%d, want %dx%d",
					sw, sh, 800 * n, 300 * n);
	free(line);
	line = harness_client_wait_line(client, "drawn", HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL, "the X client never drew") && ok;
	free(line);

	struct json_object *window = harness_wait_window(h, is_x_pattern, NULL,
			HARNESS_TIMEOUT_MS, "the X11 pattern window");
	ok = CHECK(window != NULL, "no X11 window") && ok;
	int wx = 0, wy = 0;
	if (window != NULL) {
		ok = CHECK_JSON_INT(window, "buffer_scale", n) && ok;
		ok = CHECK_JSON_INT(window, "width", X_WIDTH / n) && ok;
		ok = CHECK_JSON_INT(window, "height", X_HEIGHT / n) && ok;
		wx = window_int(window, "x");
		wy = window_int(window, "y");
		json_object_put(window);
	}
	struct json_object *stats = harness_gridctl_ok(h, "stats", NULL);
	ok = CHECK(stats != NULL, "no stats") &&
			CHECK_JSON_INT(stats, "xwayland_scale", n) && ok;
	json_object_put(stats);
	if (n > 1) {
		ok = check_settings(h, display_env, n) && ok;
	}
	static const char *const xterm_argv[] = { "xterm", "-class", "XTermScale",
		"-fa", "Monospace", "-fs", "11", "-geometry", "24x4", "-e", "sh", "-c",
		"echo gridwl HiDPI X11; exec cat", NULL };
	static struct x_program xterm = { "XTermScale", xterm_argv, 0, 0 };
	// GTK takes its scale from XSETTINGS (Gdk/WindowScalingFactor).
	static const char *const gtk_argv[] = { "env", "GDK_BACKEND=x11",
		"gtk3-widget-factory", NULL };
	static struct x_program gtk = { "Gtk3-widget-factory", gtk_argv, 0, 0 };
	if (program_in_path("xterm")) {
		ok = check_program(h, display_env, &xterm, n) && ok;
	}
	if (program_in_path("gtk3-widget-factory")) {
		ok = check_program(h, display_env, &gtk, n) && ok;
	}
	if (!ok) {
		harness_client_kill(client);
		return false;
	}

	struct pattern checker = { .kind = PATTERN_CHECKER };
	struct image *buffer = resample_pattern_buffer(&checker, X_WIDTH, X_HEIGHT);
	// HEADLESS-1 is at 0,0 at scale 2: 1:1 at N = 2.
	struct image *on_2 = resample_expect(buffer, n, 2, RESAMPLE_NEAREST);
	ok = output_shows(h, "HEADLESS-1", 2 * wx, 2 * wy, on_2,
				 "x11-on-scale-2") &&
			ok;
	ok = check_click(h, client, wx + 10, wy + 7, 10 * n, 7 * n) && ok;
	ok = check_menu(h, client, wx + 30, wy + 20, n) && ok;
	if (n > 1) {
		ok = check_root_cursor(h, wx, wy) && ok;
	}

	// On HEADLESS-2 (at 400,0, scale 1): box-reduced at N = 2.
	char id[16];
	snprintf(id, sizeof(id), "%d", 1);
	window = harness_wait_window(h, is_x_pattern, NULL, HARNESS_TIMEOUT_MS,
			"the X11 pattern window");
	snprintf(id, sizeof(id), "%d",
			window != NULL ? window_int(window, "id") : 0);
	json_object_put(window);
	json_object_put(harness_gridctl_ok(h, "move", id, "450", "100", NULL));
	struct image *on_1 = resample_expect(buffer, n, 1, RESAMPLE_NEAREST);
	ok = output_shows(h, "HEADLESS-2", 50, 100, on_1, "x11-on-scale-1") && ok;
	ok = check_click(h, client, 450 + 13, 100 + 5, 13 * n, 5 * n) && ok;
	ok = check_x_geometry(h, client, display_env, n) && ok;
	image_destroy(on_1);
	image_destroy(on_2);
	image_destroy(buffer);

	harness_client_send(client, "quit\n");
	ok = CHECK_EXITS(client, "the X client") && ok;
	return ok;
}

static bool case_body(struct harness *h, const void *data) {
	const char *config_lines = data;
	return check_scale(h, strstr(config_lines, "scale 1") != NULL ? 1 : 2);
}

static bool run_case(const void *data) {
	const char *args[] = { "--output",
		"HEADLESS-1 mode 800x600 scale 2 filter nearest", "--output",
		"HEADLESS-2 mode 400x300 scale 1 position right-of HEADLESS-1", NULL };
	return run_gridwl_config(data, args, case_body, data);
}

/* A layout 16400 logical pixels wide would be 32800 X pixels at 2, past
 * X11's 16-bit coordinates: Xwayland runs at 1 instead. */
static bool run_x11_range_case(const void *data) {
	char *dir = harness_mkdtemp();
	REQUIRE(dir != NULL, "no temporary directory");
	const char *args[] = { "--output", "HEADLESS-1 mode 800x600 scale 2",
		"--output",
		"HEADLESS-2 mode 16000x100 scale 1 position right-of HEADLESS-1",
		NULL };
	struct harness *h = harness_start(args);
	bool ok = CHECK(h != NULL, "gridwl did not start");
	if (h != NULL) {
		struct json_object *stats = harness_gridctl_ok(h, "stats", NULL);
		char display_env[64];
		xwayland_display_env(stats, display_env, sizeof(display_env));
		json_object_put(stats);
		const char *argv[] = { "env", display_env,
			getenv("X11_PATTERN_CLIENT_BIN"), NULL };
		struct harness_client *client = display_env[0] != '\0' ?
				harness_spawn(h, "x11-pattern", argv) :
				NULL;
		ok = CHECK(client != NULL, "cannot start x11-pattern-client");
		char *line = client != NULL ? harness_client_wait_line(client, "screen",
											  3 * HARNESS_TIMEOUT_MS) :
									  NULL;
		int sw = 0, sh = 0;
		ok = ok &&
				CHECK(line != NULL &&
								sscanf(line, "screen %d %d", &sw, &sh) == 2,
						"no screen size") &&
				CHECK(sw == 16400 && sh == 300,
						"X screen %dx%d, want 16400x300", sw, sh);
		free(line);
		stats = harness_gridctl_ok(h, "stats", NULL);
		ok = CHECK(stats != NULL, "no stats") &&
				CHECK_JSON_INT(stats, "xwayland_scale", 1) && ok;
		json_object_put(stats);
		if (client != NULL) {
			harness_client_send(client, "quit");
			harness_client_wait_exit(client, HARNESS_TIMEOUT_MS);
		}
		ok = harness_stop(h, ok) && ok;
	}
	harness_remove_tree(dir);
	free(dir);
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	const char *names[] = {
		"xwayland scale auto on scale 2 and 1: X pixels 1:1 on scale 2, "
		"box-reduced on scale 1, clicks on the right X pixel, menus under "
		"the pointer, Xft.dpi and XSETTINGS at 2, xterm's text at 2x",
		"xwayland scale 1: the scale-1 window of before",
	};
	// Scale 1 first: xterm at 2 is compared with it.
	check_run_xwayland(&suite, names[1], run_case, "xwayland scale 1\n");
	check_run_xwayland(&suite, names[0], run_case, "");
	check_run_xwayland(&suite,
			"a layout past X11's 16-bit coordinates at 2: Xwayland at 1",
			run_x11_range_case, NULL);
	return check_finish(&suite);
}
