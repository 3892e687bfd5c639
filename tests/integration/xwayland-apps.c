#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "client-spawn.h"
#include "harness.h"
#include "image.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "gridctl-windows.h"

/*
 * Real X11 programs on a scale-2 output (HEADLESS-1, 800x600, filter
 * nearest), with "xwayland scale 1" and then the default (2), issue 19:
 *
 * - Qt 6's calculator example under X11 (QT_QPA_PLATFORM=xcb) takes its
 *   device pixel ratio from the DPI X11 gives it (XSETTINGS' Xft/DPI: with
 *   Xft.dpi alone at 96 it still draws at 2; with Xft/DPI at 96 it draws at
 *   1): at 2 its window has the logical size it has at 1 (within a tenth)
 *   with buffer scale 2, twice the X pixels each way. A click on its "7" button (at 2, the X pixel under the
 *   logical point is twice it) puts 7 in its display, read back as text:
 *   the display copied (Ctrl+A, Ctrl+C) reaches the Wayland clipboard
 *   through Xwayland's selection bridge, which a wl-paste --watch prints.
 * - xterm -fa Monospace: pictures of its window at scale 2 (gridctl
 *   screenshot --window, what the output shows) go to the test artifacts as
 *   xterm-xwayland-scale-1.png and -2.png (the README's pair). At 1 every
 *   2x2 block of it is one colour (a scale-1 buffer magnified, nearest); at
 *   2 most of the blocks with text in them are not.
 *
 * Settings are applied before the programs start (a first X client starts
 * Xwayland, then gridctl stats says xwayland_settings applied). Skipped
 * where Xwayland is not installed; each program where it is missing.
 */

#define CALCULATOR \
	"/usr/lib/x86_64-linux-gnu/qt6/examples/widgets/widgets/calculator/" \
	"bin/calculator"
#define CALCULATOR_CLASS "calculator"
#define XTERM_CLASS "XTermShot"

/* Where the calculator's "7" button and its display are, logical pixels
 * from the window's top-left: read from a picture of it, the same at 1 and
 * 2 (the window is 298x291 at both). */
#define SEVEN_X 78
#define SEVEN_Y 118
#define DISPLAY_X 150
#define DISPLAY_Y 30

/* What the scale-1 run leaves for the scale-2 one. */
struct scale_1_results {
	int calculator_width, calculator_height;
	int xterm_width, xterm_height;
};

struct test {
	struct xwayland_session x;
	int n;
	struct scale_1_results *at_1;
};

static bool is_class(struct json_object *window, void *data) {
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	return app_id != NULL && strcmp(json_object_get_string(app_id), data) == 0;
}

static bool settings_applied(struct json_object *stats, void *data) {
	return json_string_is(stats, "xwayland_settings", "applied");
}

/* Xwayland running, with its settings at N > 1: a first X client (the
 * pattern client) starts it. */
static bool start_xwayland(struct test *t) {
	struct harness_client *client = spawn_x11_until(t->x.h, "x11-pattern",
			"X11_PATTERN_CLIENT_BIN", "drawn", "20", "20", NULL);
	REQUIRE(client != NULL, "the first X client never drew");
	harness_client_send(client, "quit\n");
	bool ok = CHECK_EXITS(client, "the first X client");
	if (ok && t->n > 1) {
		const char *args[] = { "stats", NULL };
		struct json_object *stats =
				harness_wait_gridctl(t->x.h, args, settings_applied, NULL,
						HARNESS_TIMEOUT_MS, "xwayland_settings applied");
		ok = CHECK(stats != NULL, "the X11 settings were never applied");
		json_object_put(stats);
	}
	return ok;
}

/* Runs program (after "env DISPLAY=...") and waits for its window, of X11
 * class; NULL after reporting. */
static struct json_object *start_program(struct test *t, const char *class,
		const char *const *program, struct harness_client **client) {
	const char *argv[24] = { "env", t->x.display_env };
	for (int i = 0; program[i] != NULL && i < 21; i++) {
		argv[i + 2] = program[i];
	}
	*client = harness_spawn(t->x.h, class, argv);
	REQUIRE(*client != NULL, "cannot start %s", class);
	struct json_object *window = harness_wait_window(t->x.h, is_class,
			(void *)class, 3 * HARNESS_TIMEOUT_MS, class);
	if (!CHECK(window != NULL, "%s never showed", class)) {
		harness_client_kill(*client);
		*client = NULL;
		return NULL;
	}
	bool ok = CHECK_JSON_INT(window, "buffer_scale", t->n);
	fprintf(stderr, "# %s at xwayland scale %d: %dx%d logical\n", class, t->n,
			window_int(window, "width"), window_int(window, "height"));
	if (!ok) {
		json_object_put(window);
		harness_client_kill(*client);
		*client = NULL;
		return NULL;
	}
	return window;
}

/* At 2, a window has the logical size it had at 1, within a tenth: twice
 * the X pixels each way. */
static bool check_same_size(const char *what, int width, int height,
		int width_1, int height_1) {
	return CHECK(width * 10 >= width_1 * 9 && width * 10 <= width_1 * 11 &&
					height * 10 >= height_1 * 9 && height * 10 <= height_1 * 11,
			"%s is %dx%d logical at xwayland scale 2 and %dx%d at 1", what,
			width, height, width_1, height_1);
}

static bool click(struct test *t, int x, int y) {
	char sx[16], sy[16];
	snprintf(sx, sizeof(sx), "%d", x);
	snprintf(sy, sizeof(sy), "%d", y);
	struct json_object *reply =
			harness_gridctl_ok(t->x.h, "click", sx, sy, "left", NULL);
	json_object_put(reply);
	return reply != NULL;
}

/* The "7" button clicked, the display's text copied to the clipboard:
 * "7", read by a wl-paste --watch that narrates every selection. */
static bool check_calculator_click(struct test *t, int wx, int wy) {
	const char *watch_argv[] = { "wl-paste", "--watch", "sh", "-c",
		"echo \"$CLIPBOARD_STATE: $(cat)\"", NULL };
	struct harness_client *watch =
			harness_spawn(t->x.h, "watch-clipboard", watch_argv);
	REQUIRE(watch != NULL, "cannot start wl-paste --watch");
	bool ok = click(t, wx + SEVEN_X, wy + SEVEN_Y) &&
			click(t, wx + DISPLAY_X, wy + DISPLAY_Y);
	struct json_object *reply = ok ?
			harness_gridctl_ok(t->x.h, "key", "Ctrl+a", "Ctrl+c", NULL) :
			NULL;
	ok = reply != NULL;
	json_object_put(reply);
	char *line = ok ?
			harness_client_wait_line(watch, "data:", HARNESS_TIMEOUT_MS) :
			NULL;
	ok = CHECK(line != NULL,
				 "the calculator's display never reached the "
				 "clipboard") &&
			CHECK(strcmp(line, "data: 7") == 0,
					"a click on \"7\" at logical %d,%d: the display says "
					"'%s', want 7",
					wx + SEVEN_X, wy + SEVEN_Y, line + strlen("data: ")) &&
			ok;
	free(line);
	harness_client_kill(watch);
	return ok;
}

static bool check_calculator(struct test *t) {
	const char *program[] = { "env", "QT_QPA_PLATFORM=xcb", CALCULATOR, NULL };
	struct harness_client *client;
	struct json_object *window =
			start_program(t, CALCULATOR_CLASS, program, &client);
	if (window == NULL) {
		return false;
	}
	int width = window_int(window, "width");
	int height = window_int(window, "height");
	int wx = window_int(window, "x"), wy = window_int(window, "y");
	json_object_put(window);
	bool ok = true;
	if (t->n == 1) {
		t->at_1->calculator_width = width;
		t->at_1->calculator_height = height;
	} else if (t->at_1->calculator_width > 0) {
		ok = check_same_size("the calculator", width, height,
				t->at_1->calculator_width, t->at_1->calculator_height);
	}
	ok = check_calculator_click(t, wx, wy) && ok;
	harness_client_kill(client);
	return ok;
}

/* The 2x2 blocks of image with more than one colour, and those with any
 * pixel other than the top-left one of the image (the background of the
 * terminal). */
static void count_blocks(const struct image *image, long *mixed, long *inked) {
	uint32_t paper = image_get(image, 0, 0);
	*mixed = *inked = 0;
	for (int y = 0; y + 1 < image->height; y += 2) {
		for (int x = 0; x + 1 < image->width; x += 2) {
			uint32_t p[4] = { image_get(image, x, y),
				image_get(image, x + 1, y), image_get(image, x, y + 1),
				image_get(image, x + 1, y + 1) };
			bool one = p[0] == p[1] && p[0] == p[2] && p[0] == p[3];
			*mixed += !one;
			*inked += !one || p[0] != paper;
		}
	}
}

/* xterm's window as the scale-2 output shows it, saved as an artifact. */
static bool check_xterm(struct test *t) {
	char script[128];
	snprintf(script, sizeof(script),
			"printf 'gridwl HiDPI X11\\nxwayland scale %d'; exec cat", t->n);
	const char *program[] = { "xterm", "-class", XTERM_CLASS, "-fa",
		"Monospace", "-fs", "11", "-geometry", "20x2", "-e", "sh", "-c", script,
		NULL };
	struct harness_client *client;
	struct json_object *window =
			start_program(t, XTERM_CLASS, program, &client);
	if (window == NULL) {
		return false;
	}
	int width = window_int(window, "width");
	int height = window_int(window, "height");
	char id[16];
	snprintf(id, sizeof(id), "%d", window_int(window, "id"));
	json_object_put(window);
	bool ok = true;
	if (t->n == 1) {
		t->at_1->xterm_width = width;
		t->at_1->xterm_height = height;
	} else if (t->at_1->xterm_width > 0) {
		ok = check_same_size("xterm", width, height, t->at_1->xterm_width,
				t->at_1->xterm_height);
	}
	// Drawn: nothing commits for a while.
	const char *wait[] = { "wait", "settled", NULL };
	json_object_put(harness_gridctlv(t->x.h, NULL, wait));
	char *path = harness_path(t->x.h, "xterm.png");
	json_object_put(harness_gridctl_ok(t->x.h, "screenshot", "--window", id,
			"--scale", "2", path, NULL));
	struct image *shot = image_load_png(path);
	free(path);
	REQUIRE(shot != NULL, "no picture of xterm");
	char name[64];
	snprintf(name, sizeof(name), "xterm-xwayland-scale-%d", t->n);
	check_save_artifact(shot, name);
	long mixed, inked;
	count_blocks(shot, &mixed, &inked);
	fprintf(stderr,
			"# xterm at xwayland scale %d: %ld of %ld inked 2x2 "
			"blocks not one colour\n",
			t->n, mixed, inked);
	ok = CHECK(inked > 200, "xterm drew hardly anything (%ld blocks)", inked) &&
			ok;
	if (t->n == 1) {
		ok = CHECK(mixed == 0,
					 "at xwayland scale 1, %ld 2x2 blocks are not one colour",
					 mixed) &&
				ok;
	} else {
		ok = CHECK(mixed * 2 > inked,
					 "at xwayland scale 2, only %ld of %ld inked 2x2 blocks "
					 "have detail",
					 mixed, inked) &&
				ok;
	}
	image_destroy(shot);
	harness_client_kill(client);
	return ok;
}

struct test_case {
	const char *name;
	int n;
	struct scale_1_results *at_1;
};

static bool run_case(const void *data) {
	const struct test_case *test_case = data;
	struct test test = { .n = test_case->n, .at_1 = test_case->at_1 };
	struct test *t = &test;
	const char *args[] = { "--output",
		"HEADLESS-1 mode 800x600 scale 2 filter nearest", NULL };
	REQUIRE(xwayland_session_open(&t->x,
					t->n == 1 ? "xwayland scale 1\n" : "xwayland scale auto\n",
					args),
			"no gridwl with Xwayland");
	bool ok = start_xwayland(t);
	if (ok && access(CALCULATOR, X_OK) == 0 && program_in_path("wl-paste")) {
		ok = check_calculator(t) && ok;
	} else if (ok) {
		fprintf(stderr, "# no Qt 6 calculator example or wl-paste\n");
	}
	if (ok && program_in_path("xterm")) {
		ok = check_xterm(t) && ok;
	} else if (ok) {
		fprintf(stderr, "# no xterm\n");
	}
	return xwayland_session_close(&t->x, ok);
}

int main(void) {
	struct check_suite suite = { 0 };
	static struct scale_1_results at_1;
	// Scale 1 first: scale 2 is compared with it.
	const struct test_case cases[] = {
		{ "xwayland scale 1 on a scale-2 output: the Qt 6 calculator and "
		  "xterm as scale-1 windows, every 2x2 block of xterm one colour",
				1, &at_1 },
		{ "xwayland scale 2: the calculator at Qt's device pixel ratio 2, "
		  "a click on its 7 button; xterm's text at 2x",
				2, &at_1 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		check_run_xwayland(&suite, cases[i].name, run_case, &cases[i]);
	}
	return check_finish(&suite);
}
