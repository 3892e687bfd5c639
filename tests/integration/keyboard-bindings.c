#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "xvfb-session.h"

/*
 * Key bindings, keyboard focus and Alt+drag through real input: Debian 12
 * ships no virtual-keyboard protocol XML, so gridwl runs on its X11 backend
 * inside an Xvfb of our own, and xdotool types and clicks into gridwl's X11
 * window through XTest. wlroots' X11 backend takes XInput2 events from that
 * window: key events arrive as the X server's keycodes (evdev + 8), which
 * gridwl turns back into evdev codes against its own us keymap, the same
 * layout Xvfb's default keymap has; so Super_L is Mod4 and Alt_L is Mod1 on
 * both sides. Pointer motion arrives as an absolute position in the window,
 * in X pixels, which are the output's physical pixels.
 *
 * X gives the keyboard to the window under the pointer (focus PointerRoot,
 * no window manager; see xvfb-session.h), so the pointer is always kept
 * inside gridwl's window.
 *
 * Nothing orders what Xvfb hands gridwl against what the test asks gridwl
 * over its control socket, so every check waits for a positive effect (a
 * line from a client, a file, a window's new geometry). Negative checks
 * ("the other client saw no key") ride on one: once the focused client has
 * seen a later key, gridwl has handled the earlier input, and a sync on the
 * other client collects everything gridwl sent it before.
 */

#define OUTPUT_WIDTH 800 // physical, the X11 window's size
#define OUTPUT_HEIGHT 600
#define BTN_LEFT 272
#define BTN_RIGHT 273

static const char config_text[] =
		"xwayland disable\n"
		"bind Mod4+Return exec echo bound >> \"$XDG_RUNTIME_DIR/bound\"\n"
		"bind Mod4+Shift+q close\n"
		"bind Mod4+Shift+e exit\n";

enum kind {
	BINDINGS,
	FOCUS,
	CLOSE,
	DRAG_1,
	DRAG_2,
	EXIT
};

/* What every case shares: the Xvfb with gridwl's way into it, and the
 * config. */
struct bindings_test {
	struct xvfb_session xvfb;
	char *config;
	bool ready;
};

struct bindings_case {
	enum kind kind;
	struct bindings_test *test;
};

static struct harness *start_gridwl(struct bindings_test *t, int scale) {
	char output[64];
	snprintf(output, sizeof(output), "X11-1 mode %dx%d scale %d", OUTPUT_WIDTH,
			OUTPUT_HEIGHT, scale);
	const char *args[] = {
		"--backend",
		"x11",
		"--config",
		t->config,
		"--output",
		output,
		NULL,
	};
	return harness_start(args);
}

/* A keyboard-client with app_id of width x height logical pixels, once it
 * has shown itself; *entered (may be NULL) tells whether it got the
 * keyboard when it mapped. */
static struct harness_client *spawn_window(struct harness *h,
		const char *app_id, int width, int height, bool *entered) {
	const char *bin = getenv("KEYBOARD_CLIENT_BIN");
	if (bin == NULL) {
		fprintf(stderr, "KEYBOARD_CLIENT_BIN is not set\n");
		return NULL;
	}
	char size[32];
	snprintf(size, sizeof(size), "%dx%d", width, height);
	const char *argv[] = { bin, "--app-id", app_id, "--size", size, NULL };
	struct harness_client *c = harness_spawn(h, app_id, argv);
	if (c == NULL) {
		return NULL;
	}
	struct lines lines;
	if (!client_lines_until(c, "ready", &lines)) {
		fprintf(stderr, "%s did not show its window\n", app_id);
		lines_free(&lines);
		return NULL;
	}
	char want[32];
	snprintf(want, sizeof(want), "ready %d %d", width, height);
	bool ok = CHECK(strcmp(lines.line[lines.count - 1], want) == 0,
			"%s: \"%s\", not \"%s\"", app_id, lines.line[lines.count - 1],
			want);
	if (entered != NULL) {
		*entered = false;
		for (size_t i = 0; i < lines.count; i++) {
			*entered = *entered || strcmp(lines.line[i], "keyboard enter") == 0;
		}
	}
	lines_free(&lines);
	return ok ? c : NULL;
}

struct geometry {
	const char *app_id;
	int x, y, width, height;
};

static bool has_geometry(struct json_object *window, void *data) {
	const struct geometry *g = data;
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	if (app_id == NULL ||
			strcmp(json_object_get_string(app_id), g->app_id) != 0) {
		return false;
	}
	const char *keys[] = { "x", "y", "width", "height" };
	int want[] = { g->x, g->y, g->width, g->height };
	for (int i = 0; i < 4; i++) {
		struct json_object *value = json_path(window, keys[i], json_type_int);
		if (value == NULL || json_object_get_int(value) != want[i]) {
			return false;
		}
	}
	return true;
}

static bool wait_geometry(struct harness *h, const char *app_id, int x, int y,
		int width, int height) {
	struct geometry g = { app_id, x, y, width, height };
	char why[128];
	snprintf(why, sizeof(why), "%s at %d,%d size %dx%d", app_id, x, y, width,
			height);
	struct json_object *window =
			harness_wait_window(h, has_geometry, &g, HARNESS_TIMEOUT_MS, why);
	json_object_put(window);
	return window != NULL;
}

static bool no_window(struct json_object *reply, void *data) {
	struct json_object *windows = json_path(reply, "windows", json_type_array);
	return windows != NULL && json_array_find(windows, "app_id", data) == NULL;
}

static bool wait_window_gone(struct harness *h, const char *app_id) {
	char why[96];
	snprintf(why, sizeof(why), "%s to be gone from gridctl windows", app_id);
	const char *args[] = { "windows", NULL };
	struct json_object *reply = harness_wait_gridctl(h, args, no_window,
			(void *)app_id, HARNESS_TIMEOUT_MS, why);
	json_object_put(reply);
	return reply != NULL;
}

static bool has_line(const struct lines *lines, const char *line) {
	for (size_t i = 0; i < lines->count; i++) {
		if (strcmp(lines->line[i], line) == 0) {
			return true;
		}
	}
	return false;
}

static void print_lines(const char *what, const struct lines *lines) {
	fprintf(stderr, "  %s:", what);
	for (size_t i = 0; i < lines->count; i++) {
		fprintf(stderr, " \"%s\"", lines->line[i]);
	}
	fprintf(stderr, "%s\n", lines->count ? "" : " (nothing)");
}

/* The lines c prints up to and including the line last (exactly), and
 * among them those that start with one of prefixes (NULL terminated),
 * which must be exactly expected (NULL terminated), in order. */
static bool expect_until(struct harness_client *c, const char *last,
		const char *const *prefixes, const char *const *expected,
		const char *what) {
	struct lines lines = { 0 };
	for (;;) {
		char *line = harness_client_next_line(c, HARNESS_TIMEOUT_MS);
		if (line == NULL) {
			fprintf(stderr, "%s: no \"%s\" from the client\n", what, last);
			print_lines("got", &lines);
			lines_free(&lines);
			return false;
		}
		bool done = strcmp(line, last) == 0;
		if (!lines_add(&lines, line)) {
			return false;
		}
		if (done) {
			break;
		}
	}
	struct lines picked;
	lines_filter(&lines, prefixes, &picked);
	bool ok = CHECK_LINES(&picked, expected, what);
	if (!ok) {
		print_lines("all lines", &lines);
	}
	lines_free(&picked);
	lines_free(&lines);
	return ok;
}

/* What c has been sent so far, after a sync, filtered as expect_until
 * does. */
static bool expect_synced(struct harness_client *c, const char *const *prefixes,
		const char *const *expected, const char *what) {
	struct lines lines;
	if (!client_sync_lines(c, &lines)) {
		fprintf(stderr, "%s: the client did not answer sync\n", what);
		lines_free(&lines);
		return false;
	}
	struct lines picked;
	lines_filter(&lines, prefixes, &picked);
	bool ok = CHECK_LINES(&picked, expected, what);
	if (!ok) {
		print_lines("all lines", &lines);
	}
	lines_free(&picked);
	lines_free(&lines);
	return ok;
}

static const char *const key_lines[] = { "key ", NULL };
static const char *const focus_lines[] = { "keyboard ", NULL };
static const char *const input_lines[] = {
	"key ",
	"keyboard ",
	"pointer button ",
	"close",
	NULL,
};
static const char *const nothing[] = { NULL };

/* The number of lines the bound command has written so far. */
static int bound_count(struct harness *h) {
	char *path = harness_path(h, "bound");
	FILE *f = path != NULL ? fopen(path, "r") : NULL;
	free(path);
	if (f == NULL) {
		return 0;
	}
	int count = 0;
	char line[64];
	while (fgets(line, sizeof(line), f) != NULL) {
		count += strcmp(line, "bound\n") == 0;
	}
	fclose(f);
	return count;
}

static bool wait_bound_count(struct harness *h, int want) {
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	int count;
	// The command is a process of its own; only its output tells it ran.
	while ((count = bound_count(h)) < want && harness_now_ms() < deadline) {
		harness_sleep_ms(20);
	}
	return CHECK(count == want, "the bound command ran %d times, not %d", count,
			want);
}

static bool quit(struct harness_client *c) {
	bool ok = harness_client_send(c, "quit");
	int code = ok ? harness_client_wait_exit(c, HARNESS_TIMEOUT_MS) : -1;
	harness_client_kill(c);
	return CHECK(code == 0, "the client should exit with 0 on quit, got %d",
			code);
}

static bool bindings_body(struct harness *h, struct xvfb_session *xs) {
	REQUIRE(xvfb_session_pointer_to(xs, 400, 300), "cannot move the pointer");
	bool entered;
	struct harness_client *a = spawn_window(h, "kb-a", 200, 150, &entered);
	REQUIRE(a != NULL, "no window");
	bool ok = CHECK(entered, "a new window should get the keyboard");

	// Return alone is no binding: it goes to the focused client.
	REQUIRE(XDO(xs, "key", "Return"), "xdotool failed");
	const char *plain[] = {
		"key Return pressed",
		"key Return released",
		NULL,
	};
	ok = expect_until(a, "key Return released", key_lines, plain,
				 "Return alone reaches the client") &&
			ok;
	ok = CHECK(bound_count(h) == 0, "Return alone ran the bound command") && ok;

	// Super+Return runs the command, and the client sees Super but not
	// the Return that made the chord.
	REQUIRE(XDO(xs, "key", "super+Return"), "xdotool failed");
	ok = wait_bound_count(h, 1) && ok;
	REQUIRE(XDO(xs, "key", "x"), "xdotool failed");
	const char *chord[] = {
		"key Super_L pressed",
		"key Super_L released",
		"key x pressed",
		"key x released",
		NULL,
	};
	ok = expect_until(a, "key x released", key_lines, chord,
				 "Super+Return: the client sees Super, not Return (neither its "
				 "press nor its release)") &&
			ok;

	// The modifiers must match exactly: Super+Shift+Return is not bound,
	// so it is the client's.
	REQUIRE(XDO(xs, "keydown", "super", "keydown", "shift", "key", "Return",
					"keyup", "shift", "keyup", "super"),
			"xdotool failed");
	const char *other[] = {
		"key Super_L pressed",
		"key Shift_L pressed",
		"key Return pressed",
		"key Return released",
		"key Shift_L released",
		"key Super_L released",
		NULL,
	};
	ok = expect_until(a, "key Super_L released", key_lines, other,
				 "Super+Shift+Return is no binding of ours") &&
			ok;

	// Once more: one run for each chord and none for anything else, also
	// counting the commands that would still have been on their way.
	REQUIRE(XDO(xs, "key", "Return", "key", "super+Return"), "xdotool failed");
	ok = wait_bound_count(h, 2) && ok;
	harness_sleep_ms(300);
	ok = CHECK(bound_count(h) == 2, "the bound command ran %d times, not 2",
				 bound_count(h)) &&
			ok;
	ok = quit(a) && ok;
	return ok;
}

static bool focus_body(struct harness *h, struct xvfb_session *xs) {
	REQUIRE(xvfb_session_pointer_to(xs, 700, 500), "cannot move the pointer");
	bool entered;
	struct harness_client *a = spawn_window(h, "kb-a", 200, 150, &entered);
	REQUIRE(a != NULL, "no window a");
	bool ok = CHECK(entered, "a new window should get the keyboard");
	REQUIRE(rs_place(h, "kb-a", 50, 50) > 0, "cannot place a");
	struct harness_client *b = spawn_window(h, "kb-b", 200, 150, &entered);
	REQUIRE(b != NULL, "no window b");
	ok = CHECK(entered, "the newer window should get the keyboard") && ok;
	REQUIRE(rs_place(h, "kb-b", 400, 50) > 0, "cannot place b");
	const char *left[] = { "keyboard leave", NULL };
	ok = expect_synced(a, focus_lines, left,
				 "a loses the keyboard to the new window") &&
			ok;
	ok = wait_focused(h, "kb-b") && ok;

	// A key goes to b alone.
	REQUIRE(XDO(xs, "key", "a"), "xdotool failed");
	const char *typed_a[] = { "key a pressed", "key a released", NULL };
	ok = expect_until(b, "key a released", key_lines, typed_a,
				 "b, focused, gets the key") &&
			ok;
	ok = expect_synced(a, input_lines, nothing, "a gets nothing") && ok;

	// A click on a gives it the keyboard, then the click.
	REQUIRE(xvfb_session_pointer_to(xs, 150, 100) && XDO(xs, "click", "1"),
			"xdotool failed");
	const char *clicked_a[] = {
		"keyboard enter",
		"pointer button 272 pressed",
		"pointer button 272 released",
		NULL,
	};
	ok = expect_until(a, "pointer button 272 released", input_lines, clicked_a,
				 "a click on a focuses it") &&
			ok;
	ok = expect_synced(b, input_lines, left, "b loses the keyboard") && ok;
	ok = wait_focused(h, "kb-a") && ok;

	// Keys now reach a, with the keysyms the modifiers make.
	REQUIRE(XDO(xs, "key", "b", "keydown", "shift", "key", "c", "keyup",
					"shift"),
			"xdotool failed");
	const char *typed_bc[] = {
		"key b pressed",
		"key b released",
		"key Shift_L pressed",
		"key C pressed",
		"key C released",
		"key Shift_L released",
		NULL,
	};
	ok = expect_until(a, "key Shift_L released", key_lines, typed_bc,
				 "a, now focused, gets b and Shift+c") &&
			ok;
	ok = expect_synced(b, input_lines, nothing, "b gets nothing") && ok;

	// And back to b.
	REQUIRE(xvfb_session_pointer_to(xs, 500, 100) && XDO(xs, "click", "1") &&
					XDO(xs, "key", "d"),
			"xdotool failed");
	const char *clicked_b[] = {
		"keyboard enter",
		"pointer button 272 pressed",
		"pointer button 272 released",
		"key d pressed",
		"key d released",
		NULL,
	};
	ok = expect_until(b, "key d released", input_lines, clicked_b,
				 "a click on b focuses it and the key follows") &&
			ok;
	ok = expect_synced(a, input_lines, left, "a loses the keyboard") && ok;

	// A click on the background leaves the keyboard where it is.
	REQUIRE(xvfb_session_pointer_to(xs, 700, 500) && XDO(xs, "click", "1") &&
					XDO(xs, "key", "e"),
			"xdotool failed");
	const char *typed_e[] = { "key e pressed", "key e released", NULL };
	ok = expect_until(b, "key e released", input_lines, typed_e,
				 "after a click on the background b still has the keyboard") &&
			ok;
	ok = expect_synced(a, input_lines, nothing, "a gets nothing") && ok;
	ok = wait_focused(h, "kb-b") && ok;

	ok = quit(a) && ok;
	ok = quit(b) && ok;
	return ok;
}

static bool close_body(struct harness *h, struct xvfb_session *xs) {
	REQUIRE(xvfb_session_pointer_to(xs, 700, 500), "cannot move the pointer");
	struct harness_client *a = spawn_window(h, "kb-a", 200, 150, NULL);
	REQUIRE(a != NULL && rs_place(h, "kb-a", 50, 50) > 0, "no window a");
	struct harness_client *b = spawn_window(h, "kb-b", 200, 150, NULL);
	REQUIRE(b != NULL && rs_place(h, "kb-b", 400, 50) > 0, "no window b");
	REQUIRE(xvfb_session_pointer_to(xs, 150, 100) && XDO(xs, "click", "1"),
			"xdotool failed");
	bool ok = wait_focused(h, "kb-a");
	// Lose what the start and the click printed.
	struct lines lines;
	ok = client_sync_lines(a, &lines) && ok;
	lines_free(&lines);
	ok = client_sync_lines(b, &lines) && ok;
	lines_free(&lines);

	// Super+Shift+q asks the focused a to close; it obeys and exits.
	REQUIRE(XDO(xs, "key", "super+shift+q"), "xdotool failed");
	const char *closed[] = { "close", NULL };
	const char *close_prefixes[] = { "close", "key q", "key Q", NULL };
	ok = expect_until(a, "close", close_prefixes, closed,
				 "a is asked to close, and q does not reach it") &&
			ok;
	int code = harness_client_wait_exit(a, HARNESS_TIMEOUT_MS);
	ok = CHECK(code == 0, "a should exit with 0 after close, got %d", code) &&
			ok;
	ok = wait_window_gone(h, "kb-a") && ok;
	ok = wait_focused(h, "kb-b") && ok;
	// Focus falls to b; that it is focused says gridwl has handled a's
	// going, and with it the enter it sent b. Whether the releases of
	// Super and Shift went to a before it went or to b after is up to
	// timing, and so are the keys b's enter lists as held.
	ok = client_sync_lines(b, &lines) && ok;
	int enters = 0, closes = 0;
	for (size_t i = 0; i < lines.count; i++) {
		enters += strncmp(lines.line[i], "keyboard enter", 14) == 0;
		closes += strcmp(lines.line[i], "close") == 0;
	}
	ok = CHECK(enters == 1 && closes == 0,
				 "b should get the keyboard once "
				 "when a goes (got %d enters) and no close (got %d)",
				 enters, closes) &&
			ok;
	if (enters != 1 || closes != 0) {
		print_lines("b's lines", &lines);
	}
	lines_free(&lines);

	REQUIRE(XDO(xs, "key", "super+shift+q"), "xdotool failed");
	ok = expect_until(b, "close", close_prefixes, closed,
				 "b, focused now, is asked to close") &&
			ok;
	code = harness_client_wait_exit(b, HARNESS_TIMEOUT_MS);
	ok = CHECK(code == 0, "b should exit with 0 after close, got %d", code) &&
			ok;
	ok = wait_window_gone(h, "kb-b") && ok;

	// With no window at all the binding has nothing to close.
	REQUIRE(XDO(xs, "key", "super+shift+q"), "xdotool failed");
	struct json_object *reply = harness_gridctl_ok(h, "stats", NULL);
	ok = CHECK(reply != NULL, "gridwl should carry on") && ok;
	json_object_put(reply);
	return ok;
}

/* Alt+left-drag moves by the drag, Alt+right-drag resizes from the corner
 * nearest the pointer; both in logical pixels, which on a scale-2 output
 * are two X pixels each. */
static bool drag_body(struct harness *h, struct xvfb_session *xs, int scale) {
	int s = scale;
	REQUIRE(xvfb_session_pointer_to(xs, OUTPUT_WIDTH - 10, OUTPUT_HEIGHT - 10),
			"cannot move the pointer");
	struct harness_client *a = spawn_window(h, "kb-a", 100, 80, NULL);
	REQUIRE(a != NULL && rs_place(h, "kb-a", 40, 40) > 0, "no window");
	bool ok = wait_geometry(h, "kb-a", 40, 40, 100, 80);

	// Grab at logical 60,60 and drag 100,60 X pixels.
	int dx = 100, dy = 60;
	REQUIRE(xvfb_session_pointer_to(xs, 60 * s, 60 * s),
			"cannot move the pointer");
	char mid_x[16], mid_y[16], end_x[16], end_y[16];
	snprintf(mid_x, sizeof(mid_x), "%d", 60 * s + dx / 2);
	snprintf(mid_y, sizeof(mid_y), "%d", 60 * s + dy / 2);
	snprintf(end_x, sizeof(end_x), "%d", 60 * s + dx);
	snprintf(end_y, sizeof(end_y), "%d", 60 * s + dy);
	REQUIRE(XDO(xs, "keydown", "alt", "mousedown", "1", "mousemove", mid_x,
					mid_y, "mousemove", end_x, end_y, "mouseup", "1", "keyup",
					"alt"),
			"xdotool failed");
	xvfb_session_pointer_moved(xs, 60 * s + dx, 60 * s + dy);
	int x = 40 + dx / s, y = 40 + dy / s;
	ok = CHECK(wait_geometry(h, "kb-a", x, y, 100, 80),
				 "Alt+left-drag by %d,%d X pixels at scale %d should move the "
				 "window by %d,%d logical pixels",
				 dx, dy, s, dx / s, dy / s) &&
			ok;
	// The grab took the button: the client saw Alt, and no click.
	REQUIRE(XDO(xs, "key", "x"), "xdotool failed");
	const char *alt_only[] = {
		"key Alt_L pressed",
		"key Alt_L released",
		"key x pressed",
		"key x released",
		NULL,
	};
	const char *prefixes[] = { "key ", "pointer button ", NULL };
	ok = expect_until(a, "key x released", prefixes, alt_only,
				 "the client sees Alt but not the button of the move") &&
			ok;

	// Grab near the bottom-right corner and drag 60,40 X pixels.
	int gx = (x + 80) * s, gy = (y + 60) * s;
	dx = 60;
	dy = 40;
	REQUIRE(xvfb_session_pointer_to(xs, gx, gy), "cannot move the pointer");
	snprintf(end_x, sizeof(end_x), "%d", gx + dx);
	snprintf(end_y, sizeof(end_y), "%d", gy + dy);
	REQUIRE(XDO(xs, "keydown", "alt", "mousedown", "3", "mousemove", end_x,
					end_y, "mouseup", "3", "keyup", "alt"),
			"xdotool failed");
	xvfb_session_pointer_moved(xs, gx + dx, gy + dy);
	int width = 100 + dx / s, height = 80 + dy / s;
	char ready[32];
	snprintf(ready, sizeof(ready), "ready %d %d", width, height);
	char configure[32];
	snprintf(configure, sizeof(configure), "configure %d %d", width, height);
	struct lines lines;
	ok = CHECK(client_lines_until(a, ready, &lines),
				 "Alt+right-drag by %d,%d X pixels at scale %d should resize the "
				 "window to %dx%d",
				 dx, dy, s, width, height) &&
			ok;
	ok = CHECK(lines.count > 0 && has_line(&lines, configure),
				 "the client should have been asked for %dx%d", width,
				 height) &&
			ok;
	lines_free(&lines);
	ok = CHECK(wait_geometry(h, "kb-a", x, y, width, height),
				 "the resized window keeps its top-left corner") &&
			ok;
	ok = quit(a) && ok;
	return ok;
}

static bool exit_body(struct harness *h, struct xvfb_session *xs) {
	REQUIRE(xvfb_session_pointer_to(xs, 700, 500), "cannot move the pointer");
	struct harness_client *a = spawn_window(h, "kb-a", 200, 150, NULL);
	REQUIRE(a != NULL, "no window");
	REQUIRE(XDO(xs, "key", "super+shift+e"), "xdotool failed");
	// gridwl removes its Wayland socket as it exits; the client sees the
	// connection end.
	char *socket = harness_path(h, harness_socket(h));
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	while (socket != NULL && access(socket, F_OK) == 0 &&
			harness_now_ms() < deadline) {
		harness_sleep_ms(20);
	}
	bool ok = CHECK(socket != NULL && access(socket, F_OK) != 0,
			"gridwl should have exited on Super+Shift+e");
	free(socket);
	char *line =
			harness_client_wait_line(a, "disconnected", HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL, "the client should be disconnected") && ok;
	free(line);
	return ok;
}

static bool run(const void *data) {
	const struct bindings_case *c = data;
	struct bindings_test *t = c->test;
	enum kind kind = c->kind;
	REQUIRE(t->ready, "no Xvfb to run in");
	struct harness *h = start_gridwl(t, kind == DRAG_2 ? 2 : 1);
	REQUIRE(h != NULL, "gridwl did not start on the X11 backend");
	bool ok = false;
	switch (kind) {
	case BINDINGS:
		ok = bindings_body(h, &t->xvfb);
		break;
	case FOCUS:
		ok = focus_body(h, &t->xvfb);
		break;
	case CLOSE:
		ok = close_body(h, &t->xvfb);
		break;
	case DRAG_1:
		ok = drag_body(h, &t->xvfb, 1);
		break;
	case DRAG_2:
		ok = drag_body(h, &t->xvfb, 2);
		break;
	case EXIT:
		// harness_stop then finds gridwl gone and requires status 0.
		ok = exit_body(h, &t->xvfb);
		break;
	}
	return harness_stop(h, ok);
}

int main(void) {
	static const struct {
		enum kind kind;
		const char *name;
	} cases[] = {
		{ BINDINGS,
				"Super+Return runs the bound command; Return alone and "
				"Super+Shift+Return go to the focused client" },
		{ FOCUS,
				"a click gives a window the keyboard; keys reach only the "
				"focused window, with the keysyms the modifiers make" },
		{ CLOSE,
				"Super+Shift+q closes the focused window and focus falls "
				"to the next" },
		{ DRAG_1,
				"Alt+left-drag moves and Alt+right-drag resizes by the "
				"drag at scale 1" },
		{ DRAG_2,
				"Alt+left-drag moves and Alt+right-drag resizes by the "
				"drag in logical pixels at scale 2" },
		{ EXIT, "Super+Shift+e makes gridwl exit with status 0" },
	};
	size_t count = sizeof(cases) / sizeof(cases[0]);
	struct check_suite suite = { 0 };
	const char *missing = NULL;
	if (!program_in_path("Xvfb")) {
		missing = "Xvfb is not installed (Debian package xvfb)";
	} else if (!program_in_path("xdotool")) {
		missing = "xdotool is not installed (Debian package xdotool)";
	}
	if (missing != NULL) {
		for (size_t i = 0; i < count; i++) {
			check_skip(&suite, cases[i].name, missing);
		}
		return check_finish(&suite);
	}
	// Without the Xvfb every case fails, each saying so.
	struct bindings_test test = { 0 };
	test.ready = xvfb_session_start(&test.xvfb, "1024x768x24") &&
			(test.config = xvfb_session_write(&test.xvfb, "config",
					 config_text)) != NULL;
	for (size_t i = 0; i < count; i++) {
		struct bindings_case c = { .kind = cases[i].kind, .test = &test };
		check_run(&suite, cases[i].name, run, &c);
	}
	xvfb_session_stop(&test.xvfb);
	free(test.config);
	return check_finish(&suite);
}
