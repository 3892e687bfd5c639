#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/xcursor.h>
#include "check.h"
#include "gridctl-windows.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * A transient seat is a second person at the desktop: a remote desktop
 * (transient-seat-client remote) makes one with a virtual keyboard and a
 * virtual pointer on it, over a scale-1 and a scale-2 output. Its pointer
 * enters window B (on the scale-2 output) in B's logical coordinates and
 * its click gives B the seat's keyboard and raises it, while the user's
 * keyboard stays on window A: the remote's keys reach B, gridctl's reach A,
 * and the user's cursor does not move. Its cursor is drawn with the
 * theme's own image for each output's scale, exactly, beside the user's;
 * when B goes its keyboard follows the user's focus again, and when its
 * client goes its cursor is gone from the screen. The same with the real
 * wayvnc (--transient-seat) and a VNC user through Debian's vncdotool.
 *
 * The theme is named by the config's cursor line (Debian's
 * adwaita-icon-theme), so the environment cannot change what is expected.
 */

#define THEME "Adwaita"
#define SIZE 24
/* The cursor line a reload brings. Its images have even hotspots (6,2
 * and 12,4): wlroots 0.18 to 0.20 draw an image with an odd hotspot one
 * pixel off on a scale-2 output (wlr_output_cursor_set_buffer divides the
 * hotspot by the scale in integers), Adwaita's 72-pixel left_ptr (9,3)
 * among them, the user's cursor and a transient seat's alike. */
#define RELOAD_SIZE 48
#define LAYOUT_WIDTH 1280 // logical: two 640x480 outputs side by side
#define LAYOUT_HEIGHT 480
#define WINDOW_COLOUR 0xffa06040u // transient-seat-client's windows
#define CURSOR_COLOUR 0xff20c040u // and its cursor surface, 16x16 at scale 2
#define BTN_LEFT 272

static struct harness_client *spawn(struct harness *h, const char *label,
		const char *mode, const char *app_id, const char *cursor) {
	const char *argv[] = { getenv("TRANSIENT_SEAT_CLIENT_BIN"), mode, app_id,
		cursor, NULL };
	REQUIRE(argv[0] != NULL, "TRANSIENT_SEAT_CLIENT_BIN is not set");
	struct harness_client *c = harness_spawn(h, label, argv);
	REQUIRE(c != NULL, "cannot start %s", label);
	char *line = harness_client_wait_line(c, "ready", HARNESS_TIMEOUT_MS);
	free(line);
	REQUIRE(line != NULL, "%s is not ready", label);
	return c;
}

static const char *const heard_prefixes[] = { "seat", "keyboard", "key",
	"pointer", "button", "error", NULL };

/* What the window heard of seats, keys and pointers since the last call
 * is exactly the lines given, in that order. */
#define HEARD(c, what, ...) \
	CHECK_HEARD((c), heard_prefixes, (what), __VA_ARGS__)
#define HEARD_NOTHING(c, what) \
	check_heard_at(__FILE__, __LINE__, (c), heard_prefixes, \
			(const char *const[]){ NULL }, (what))

static bool remote_moves(struct harness_client *remote, int x, int y) {
	char command[64];
	snprintf(command, sizeof(command), "move %d %d %d %d", x, y, LAYOUT_WIDTH,
			LAYOUT_HEIGHT);
	return client_answers(remote, command, "moved");
}

/* Places the window app_id at x,y; its id, or 0. */
static int64_t place(struct harness *h, const char *app_id, int x, int y) {
	struct json_object *window =
			harness_wait_window_app_id(h, app_id, HARNESS_TIMEOUT_MS);
	REQUIRE(window != NULL, "no window %s", app_id);
	struct json_object *id_object = json_path(window, "id", json_type_int);
	int64_t id = id_object != NULL ? json_object_get_int64(id_object) : 0;
	json_object_put(window);
	REQUIRE(id != 0, "window %s has no id", app_id);
	REQUIRE(move_window_id(h, id, x, y), "cannot move %s", app_id);
	return id;
}

/* The seat called name in gridctl seats' reply, or NULL. */
static struct json_object *find_seat(struct json_object *reply,
		const char *name) {
	struct json_object *seats = json_path(reply, "seats", json_type_array);
	return json_array_find(seats, "name", name);
}

/* A seat's member key is the view id want (0: null). */
static bool check_view_at(const char *file, int line, struct json_object *seat,
		const char *key, int64_t want) {
	struct json_object *value = NULL;
	json_object_object_get_ex(seat, key, &value);
	if (want == 0) {
		return value == NULL ||
				check_report(file, line, "null", "%s is %s, not null", key,
						json_object_to_json_string(value));
	}
	return check_json_int_at(file, line, seat, key, want);
}
#define CHECK_VIEW(seat, key, want) \
	check_view_at(__FILE__, __LINE__, (seat), (key), (want))

/* The seat's cursor is at x,y (null: shown nowhere, with x < 0). */
static bool check_cursor_position_at(const char *file, int line,
		struct json_object *seat, double x, double y) {
	struct json_object *cursor = json_path(seat, "cursor", json_type_object);
	if (x < 0) {
		return cursor == NULL ||
				check_report(file, line, "cursor == null",
						"a cursor was not expected: %s",
						json_object_to_json_string(cursor));
	}
	struct json_object *jx = json_path(seat, "cursor.x", json_type_double);
	struct json_object *jy = json_path(seat, "cursor.y", json_type_double);
	// Absolute motion is a fraction of the layout times its size.
	bool ok = jx != NULL && jy != NULL &&
			fabs(json_object_get_double(jx) - x) < 1e-6 &&
			fabs(json_object_get_double(jy) - y) < 1e-6;
	return ok ||
			check_report(file, line, "cursor", "cursor %s, not at %g,%g",
					json_object_to_json_string(cursor), x, y);
}
#define CHECK_CURSOR_POSITION(seat, x, y) \
	check_cursor_position_at(__FILE__, __LINE__, (seat), (x), (y))

/* The theme's left_ptr at scale 1 and 2 as the outputs load it, at SIZE
 * and at RELOAD_SIZE, and its crosshair at 1. */
struct theme {
	struct wlr_xcursor_theme *loaded[2], *reloaded[2];
	struct wlr_xcursor_image *image[2], *big[2];
	struct wlr_xcursor_image *crosshair;
};

static struct wlr_xcursor_image *theme_image(struct wlr_xcursor_theme *loaded,
		const char *name, int size) {
	struct wlr_xcursor *cursor =
			loaded != NULL ? wlr_xcursor_theme_get_cursor(loaded, name) : NULL;
	struct wlr_xcursor_image *image =
			cursor != NULL && cursor->image_count > 0 ? cursor->images[0] :
														NULL;
	return image != NULL && image->width == (uint32_t)size ? image : NULL;
}

static bool theme_load(struct theme *theme) {
	for (int i = 0; i < 2; i++) {
		theme->loaded[i] = wlr_xcursor_theme_load(THEME, SIZE * (i + 1));
		theme->image[i] =
				theme_image(theme->loaded[i], "left_ptr", SIZE * (i + 1));
		REQUIRE(theme->image[i] != NULL,
				"no %d-pixel left_ptr in the %s cursor theme (Debian package "
				"adwaita-icon-theme)",
				SIZE * (i + 1), THEME);
		theme->reloaded[i] =
				wlr_xcursor_theme_load(THEME, RELOAD_SIZE * (i + 1));
		theme->big[i] = theme_image(theme->reloaded[i], "left_ptr",
				RELOAD_SIZE * (i + 1));
		REQUIRE(theme->big[i] != NULL, "no %d-pixel left_ptr in %s",
				RELOAD_SIZE * (i + 1), THEME);
	}
	theme->crosshair = theme_image(theme->loaded[0], "crosshair", SIZE);
	REQUIRE(theme->crosshair != NULL, "no %d-pixel crosshair in %s", SIZE,
			THEME);
	return true;
}

static void theme_finish(struct theme *theme) {
	for (int i = 0; i < 2; i++) {
		if (theme->loaded[i] != NULL) {
			wlr_xcursor_theme_destroy(theme->loaded[i]);
		}
		if (theme->reloaded[i] != NULL) {
			wlr_xcursor_theme_destroy(theme->reloaded[i]);
		}
	}
}

/* The cursor image want has its hotspot at px,py of shot (physical): its
 * fully opaque pixels exactly, its fully transparent ones showing under
 * (partly transparent ones blend, and are left out). */
static bool check_cursor_at(const char *file, int line,
		const struct image *shot, const struct wlr_xcursor_image *want, int px,
		int py, uint32_t under, const char *name) {
	const uint32_t *pixels = (const uint32_t *)want->buffer;
	int x0 = px - (int)want->hotspot_x, y0 = py - (int)want->hotspot_y;
	long opaque = 0, clear = 0, wrong = 0;
	int first_x = -1, first_y = -1;
	uint32_t first_want = 0, first_got = 0;
	for (int y = 0; y < (int)want->height; y++) {
		for (int x = 0; x < (int)want->width; x++) {
			int sx = x0 + x, sy = y0 + y;
			uint32_t pixel = pixels[(size_t)y * want->width + (size_t)x];
			uint32_t expected;
			if (pixel >> 24 == 0xff) {
				expected = pixel;
				opaque++;
			} else if (pixel >> 24 == 0) {
				expected = under;
				clear++;
			} else {
				continue;
			}
			uint32_t got = sx >= 0 && sy >= 0 && sx < shot->width &&
							sy < shot->height ?
					image_get(shot, sx, sy) :
					0;
			if (got != expected && wrong++ == 0) {
				first_x = sx;
				first_y = sy;
				first_want = expected;
				first_got = got;
			}
		}
	}
	if (wrong > 0) {
		check_save_artifact(shot, name);
	}
	if (opaque < 20 || clear < 20) {
		return check_report(file, line, "opaque >= 20 && clear >= 20",
				"%s: only %ld opaque and %ld clear cursor pixels", name, opaque,
				clear);
	}
	return wrong == 0 ||
			check_report(file, line, "wrong == 0",
					"%s: %ld of %ld pixels differ from the theme's %ux%u "
					"image at %d,%d, first at %d,%d: expected 0x%08x, got "
					"0x%08x",
					name, wrong, opaque + clear, want->width, want->height, px,
					py, first_x, first_y, first_want, first_got);
}
#define CHECK_CURSOR(shot, want, px, py, under, name) \
	check_cursor_at(__FILE__, __LINE__, (shot), (want), (px), (py), (under), \
			(name))

/* The cursor-sized square around physical px,py is all colour. */
static bool check_no_cursor_at(const char *file, int line,
		const struct image *shot, int px, int py, int size, uint32_t colour,
		const char *name) {
	struct image_region region = { px - size / 2, py - size / 2, 2 * size,
		2 * size };
	return check_solid_at(file, line, shot, region, colour, name);
}
#define CHECK_NO_CURSOR(shot, px, py, size, colour, name) \
	check_no_cursor_at(__FILE__, __LINE__, (shot), (px), (py), (size), \
			(colour), (name))

static struct json_object *seats(struct harness *h) {
	return harness_gridctl_ok(h, "seats", NULL);
}

/* A transient-seat-client window app_id placed at x,y; NULL if not. */
static struct harness_client *spawn_placed(struct harness *h, const char *label,
		const char *app_id, const char *cursor, int x, int y, int64_t *id) {
	struct harness_client *c = spawn(h, label, "window", app_id, cursor);
	REQUIRE(c != NULL, "no %s", label);
	*id = place(h, app_id, x, y);
	return *id != 0 ? c : NULL;
}

static bool user_pointer(struct harness *h, const char *x, const char *y) {
	struct json_object *reply = harness_gridctl_ok(h, "pointer", x, y, NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "cannot move the user's pointer");
}

/* The user's keyboard on A, the user's cursor on the background at
 * 300,400, and what that and mapping made the windows (NULL-ended) hear
 * dropped: it is not what the tests are about. */
static bool focus_a_and_park(struct harness *h, int64_t a_id,
		struct harness_client *const *windows) {
	char a_text[24];
	snprintf(a_text, sizeof(a_text), "%lld", (long long)a_id);
	struct json_object *reply = harness_gridctl_ok(h, "focus", a_text, NULL);
	json_object_put(reply);
	REQUIRE(reply != NULL, "cannot focus A");
	if (!user_pointer(h, "300", "400")) {
		return false;
	}
	for (size_t i = 0; windows[i] != NULL; i++) {
		struct lines lines;
		REQUIRE(client_sync_lines(windows[i], &lines),
				"no sync from window %zu", i);
		lines_free(&lines);
	}
	return true;
}

/* The user's key reaches A, which has the user's keyboard, and not B. */
static bool user_key_reaches_a(struct harness *h, struct harness_client *a,
		struct harness_client *b) {
	struct json_object *reply = harness_gridctl_ok(h, "key", "a", NULL);
	bool ok = CHECK(reply != NULL, "gridctl key failed");
	json_object_put(reply);
	ok = HEARD(a, "the user's key", "key seat0 30 1", "key seat0 30 0") && ok;
	return HEARD_NOTHING(b, "B, without the user's keyboard") && ok;
}

/* gridctl seats: the user's keyboard on A and cursor at 300,400, the
 * transient seat's keyboard and pointer on B, its own, cursor at x,y. */
static bool check_seats_split(struct harness *h, int64_t a_id, int64_t b_id,
		double x, double y) {
	struct json_object *reply = seats(h);
	REQUIRE(reply != NULL, "no gridctl seats");
	struct json_object *user = find_seat(reply, "seat0");
	struct json_object *seat = find_seat(reply, "transient-1");
	bool ok = CHECK(user != NULL && seat != NULL, "gridctl seats: %s",
			json_object_to_json_string(reply));
	if (ok) {
		ok = CHECK_VIEW(user, "keyboard_focus", a_id) && ok;
		ok = CHECK_CURSOR_POSITION(user, 300, 400) && ok;
		ok = CHECK_VIEW(seat, "keyboard_focus", b_id) && ok;
		ok = CHECK_VIEW(seat, "pointer_focus", b_id) && ok;
		ok = CHECK_JSON_BOOL(seat, "own_focus", true) && ok;
		ok = CHECK_CURSOR_POSITION(seat, x, y) && ok;
		ok = CHECK_VIEW(user, "pointer_focus", 0) && ok;
	}
	json_object_put(reply);
	return ok;
}

/* The transient seat's cursor is the named image (and its pointer on the
 * view focus, unless -1). */
static bool check_seat_cursor(struct harness *h, const char *image,
		int64_t focus) {
	struct json_object *reply = seats(h);
	struct json_object *seat =
			reply != NULL ? find_seat(reply, "transient-1") : NULL;
	bool ok = CHECK(seat != NULL, "no transient-1 in gridctl seats") &&
			CHECK_JSON_STRING(seat, "cursor_image", image) &&
			(focus < 0 || CHECK_VIEW(seat, "pointer_focus", focus));
	json_object_put(reply);
	return ok;
}

/* A screenshot of output, saved as name, shows want at physical px,py
 * over under. */
static bool shot_shows_cursor(struct harness *h, const char *output,
		const char *name, const struct wlr_xcursor_image *want, int px, int py,
		uint32_t under) {
	struct image *shot = screenshot_cursor(h, output, name);
	bool ok = CHECK(shot != NULL, "no screenshot") &&
			CHECK_CURSOR(shot, want, px, py, under, name);
	image_destroy(shot);
	return ok;
}

/* A screenshot of HEADLESS-1, saved as name, shows the user's cursor
 * (user's image) parked at 300,400 and the remote's at rx,ry over under. */
static bool shot_shows_both(struct harness *h, const char *name,
		const struct wlr_xcursor_image *user,
		const struct wlr_xcursor_image *remote, int rx, int ry,
		uint32_t under) {
	struct image *shot = screenshot_cursor(h, "HEADLESS-1", name);
	char user_name[64], remote_name[64];
	snprintf(user_name, sizeof(user_name), "%s user", name);
	snprintf(remote_name, sizeof(remote_name), "%s remote", name);
	bool ok = CHECK(shot != NULL, "no screenshot") &&
			CHECK_CURSOR(shot, user, 300, 400, BACKGROUND, user_name) &&
			CHECK_CURSOR(shot, remote, rx, ry, under, remote_name);
	image_destroy(shot);
	return ok;
}

/* A screenshot of output, saved as name, shows no cursor of size at
 * physical px,py: only colour. */
static bool shot_shows_no_cursor(struct harness *h, const char *output,
		const char *name, int px, int py, int size, uint32_t colour) {
	struct image *shot = screenshot_cursor(h, output, name);
	bool ok = CHECK(shot != NULL, "no screenshot") &&
			CHECK_NO_CURSOR(shot, px, py, size, colour, name);
	image_destroy(shot);
	return ok;
}

static bool write_config(const char *path, int size) {
	FILE *f = fopen(path, "w");
	REQUIRE(f != NULL, "cannot write %s", path);
	fprintf(f, "cursor %s %d\n", THEME, size);
	return CHECK(fclose(f) == 0, "cannot write %s", path);
}

static bool body(struct harness *h, const struct theme *theme,
		const char *config) {
	// A on the scale-1 output, B on the scale-2 one, the user's keyboard
	// on A and the user's cursor on the background below it.
	int64_t a_id, b_id, c_id;
	struct harness_client *a =
			spawn_placed(h, "window-a", "seat-a", "shape", 40, 40, &a_id);
	struct harness_client *b =
			spawn_placed(h, "window-b", "seat-b", NULL, 700, 100, &b_id);
	// C sets a cursor surface of its own for the remote's pointer.
	struct harness_client *c =
			spawn_placed(h, "window-c", "seat-c", "surface", 700, 300, &c_id);
	REQUIRE(a != NULL && b != NULL && c != NULL, "windows not placed");
	REQUIRE(focus_a_and_park(h, a_id,
					(struct harness_client *[]){ a, b, c, NULL }),
			"not ready");
	bool ok = true;
	struct json_object *reply;

	struct harness_client *remote = spawn(h, "remote", "remote", NULL, NULL);
	REQUIRE(remote != NULL, "no remote");
	// Its keyboard follows the user's until its pointer clicks.
	// Its enter comes once A has bound the new seat: waited for.
	ok = CHECK_HEARD_UNTIL(a, heard_prefixes, "the transient seat coming",
				 "seat added transient-1", "keyboard enter transient-1") &&
			ok;
	ok = HEARD(b, "the transient seat coming", "seat added transient-1") && ok;
	ok = HEARD(c, "the transient seat coming", "seat added transient-1") && ok;
	reply = seats(h);
	REQUIRE(reply != NULL, "no gridctl seats");
	struct json_object *seat = find_seat(reply, "transient-1");
	ok = CHECK(seat != NULL, "gridctl seats lists no transient-1") && ok;
	if (seat != NULL) {
		ok = CHECK_VIEW(seat, "keyboard_focus", a_id) && ok;
		ok = CHECK_JSON_BOOL(seat, "own_focus", false) && ok;
		ok = CHECK_CURSOR_POSITION(seat, -1, -1) && ok;
	}
	json_object_put(reply);

	// Into B, on the scale-2 output: B's logical coordinates.
	ok = remote_moves(remote, 760, 160) && ok;
	ok = HEARD(b, "the remote's pointer entering",
				 "pointer enter transient-1 60 60") &&
			ok;
	ok = HEARD_NOTHING(a, "A, with the remote's pointer in B") && ok;
	ok = client_answers(remote, "click", "clicked") && ok;
	ok = HEARD(b, "the remote's click", "keyboard enter transient-1",
				 "button transient-1 272 1", "button transient-1 272 0") &&
			ok;
	ok = HEARD(a, "the remote's click in B", "keyboard leave transient-1") &&
			ok;
	ok = client_answers(remote, "key", "key sent") && ok;
	ok = HEARD(b, "the remote's key", "key transient-1 30 1",
				 "key transient-1 30 0") &&
			ok;
	ok = HEARD_NOTHING(a, "A, with the remote's keyboard in B") && ok;
	ok = user_key_reaches_a(h, a, b) && ok;

	ok = check_seats_split(h, a_id, b_id, 760, 160) && ok;
	ok = check_seat_cursor(h, "left_ptr", -1) && ok;
	// The click raised B: it is listed first, topmost.
	reply = harness_gridctl_ok(h, "windows", NULL);
	struct json_object *windows = json_path(reply, "windows", json_type_array);
	struct json_object *top =
			windows != NULL && json_object_array_length(windows) > 0 ?
			json_object_array_get_idx(windows, 0) :
			NULL;
	ok = CHECK(top != NULL, "no windows") &&
			CHECK_JSON_STRING(top, "app_id", "seat-b") && ok;
	json_object_put(reply);

	// Drawn over B with the theme's 48-pixel image on the scale-2 output.
	ok = shot_shows_cursor(h, "HEADLESS-2", "remote-in-b-2", theme->image[1],
				 (760 - 640) * 2, 160 * 2, WINDOW_COLOUR) &&
			ok;
	struct image *shot;

	// Both cursors on the scale-1 output, each with the 24-pixel image.
	ok = remote_moves(remote, 500, 300) && ok;
	ok = HEARD(b, "the remote's pointer leaving",
				 "pointer leave transient-1") &&
			ok;
	ok = shot_shows_both(h, "both-1", theme->image[0], theme->image[0], 500,
				 300, BACKGROUND) &&
			ok;
	ok = shot_shows_no_cursor(h, "HEADLESS-2", "remote-gone-from-2",
				 (760 - 640) * 2, 160 * 2, 48, WINDOW_COLOUR) &&
			ok;

	// A names a shape for the remote's pointer: the theme's crosshair.
	ok = remote_moves(remote, 100, 100) && ok;
	ok = HEARD(a, "the remote's pointer entering A",
				 "pointer enter transient-1 60 60") &&
			ok;
	ok = check_seat_cursor(h, "crosshair", -1) && ok;
	ok = shot_shows_both(h, "shape-in-a-1", theme->image[0], theme->crosshair,
				 100, 100, WINDOW_COLOUR) &&
			ok;

	// C sets a surface at buffer scale 2: 1:1 on the scale-2 output.
	ok = remote_moves(remote, 760, 360) && ok;
	ok = HEARD(a, "the remote's pointer leaving A",
				 "pointer leave transient-1") &&
			ok;
	ok = HEARD(c, "the remote's pointer entering C",
				 "pointer enter transient-1 60 60") &&
			ok;
	ok = check_seat_cursor(h, "client", c_id) && ok;
	shot = screenshot_cursor(h, "HEADLESS-2", "surface-in-c-2");
	int px = (760 - 640) * 2, py = 360 * 2;
	ok = CHECK(shot != NULL, "no screenshot") &&
			CHECK_SOLID(shot, ((struct image_region){ px, py, 16, 16 }),
					CURSOR_COLOUR, "surface-in-c-2 cursor") &&
			CHECK_SOLID(shot, ((struct image_region){ px - 8, py + 16, 32, 8 }),
					WINDOW_COLOUR, "surface-in-c-2 below") &&
			CHECK_SOLID(shot, ((struct image_region){ px + 16, py - 8, 8, 24 }),
					WINDOW_COLOUR, "surface-in-c-2 right") &&
			ok;
	image_destroy(shot);
	// Off the windows, the theme's arrow again.
	ok = remote_moves(remote, 500, 300) && ok;
	ok = HEARD(c, "the remote's pointer leaving C",
				 "pointer leave transient-1") &&
			ok;
	ok = shot_shows_cursor(h, "HEADLESS-1", "arrow-again-1", theme->image[0],
				 500, 300, BACKGROUND) &&
			ok;
	ok = CHECK_QUITS(c, "window-c") && ok;

	// B goes: the remote's keyboard follows the user's to A again.
	ok = CHECK_QUITS(b, "window-b") && ok;
	ok = HEARD(a, "B gone", "keyboard enter transient-1") && ok;
	ok = client_answers(remote, "key", "key sent") && ok;
	ok = HEARD(a, "the remote's key after B", "key transient-1 30 1",
				 "key transient-1 30 0") &&
			ok;

	// A reload brings a bigger cursor: both show it at once. The user's
	// pointer then passes over A and back, so that the user's cursor lets
	// the old theme go, and the remote's moves to the scale-2 output,
	// where wlr_cursor loads its theme at 2 (from a freed theme, were it
	// still the old one).
	ok = write_config(config, RELOAD_SIZE) && ok;
	reply = harness_gridctl_ok(h, "reload", NULL);
	ok = CHECK(reply != NULL, "reload failed") && ok;
	json_object_put(reply);
	ok = shot_shows_both(h, "reloaded-1", theme->big[0], theme->big[0], 500,
				 300, BACKGROUND) &&
			ok;
	ok = user_pointer(h, "100", "100") && ok;
	ok = user_pointer(h, "300", "400") && ok;
	ok = HEARD(a, "the user's pointer passing", "pointer enter seat0 60 60",
				 "pointer leave seat0") &&
			ok;
	ok = remote_moves(remote, 1100, 400) && ok;
	ok = shot_shows_cursor(h, "HEADLESS-2", "reloaded-2", theme->big[1],
				 (1100 - 640) * 2, 400 * 2, BACKGROUND) &&
			ok;
	ok = remote_moves(remote, 500, 300) && ok;

	// The remote goes, and its cursor with it; the user's stays.
	ok = CHECK_QUITS(remote, "remote") && ok;
	ok = HEARD(a, "the remote gone", "keyboard leave transient-1",
				 "seat removed transient-1") &&
			ok;
	shot = screenshot_cursor(h, "HEADLESS-1", "remote-gone-1");
	ok = CHECK(shot != NULL, "no screenshot") &&
			CHECK_CURSOR(shot, theme->big[0], 300, 400, BACKGROUND,
					"remote-gone-1 user") &&
			CHECK_NO_CURSOR(shot, 500, 300, RELOAD_SIZE, BACKGROUND,
					"remote-gone-1") &&
			ok;
	image_destroy(shot);
	reply = seats(h);
	struct json_object *list = json_path(reply, "seats", json_type_array);
	ok = CHECK(list != NULL && json_object_array_length(list) == 1,
				 "seats after the remote went: %s",
				 json_object_to_json_string(reply)) &&
			ok;
	json_object_put(reply);
	return CHECK_QUITS(a, "window-a") && ok;
}

static bool vnc_says(struct harness_client *vnc, const char *command) {
	harness_client_send(vnc, "%s", command);
	char *line = harness_client_wait_line(vnc, "done", HARNESS_TIMEOUT_MS);
	free(line);
	return CHECK(line != NULL, "the VNC user did not do %s", command);
}

/* A real remote desktop: wayvnc with --transient-seat on the scale-2
 * output (a seat for each VNC user), whose user points at B, clicks and
 * types an a while the user's keyboard stays on A. */
static bool body_wayvnc(struct harness *h, const struct theme *theme,
		const char *config) {
	int64_t a_id, b_id;
	struct harness_client *a =
			spawn_placed(h, "window-a", "seat-a", NULL, 40, 40, &a_id);
	struct harness_client *b =
			spawn_placed(h, "window-b", "seat-b", NULL, 700, 100, &b_id);
	REQUIRE(a != NULL && b != NULL, "windows not placed");
	REQUIRE(focus_a_and_park(h, a_id,
					(struct harness_client *[]){ a, b, NULL }),
			"not ready");
	struct lines lines;

	char *socket = harness_path(h, "vnc.sock");
	char command[512];
	snprintf(command, sizeof(command),
			"exec wayvnc -L info --transient-seat --unix-socket "
			"--output HEADLESS-2 %s 2>&1",
			socket);
	const char *wayvnc_argv[] = { "sh", "-c", command, NULL };
	struct harness_client *wayvnc = harness_spawn(h, "wayvnc", wayvnc_argv);
	char *line = wayvnc != NULL ?
			harness_client_wait_line(wayvnc, "Info: Listening",
					HARNESS_TIMEOUT_MS) :
			NULL;
	free(line);
	if (line == NULL) {
		free(socket);
		REQUIRE(false, "wayvnc does not listen");
	}
	// A VNC user through Debian's vncdotool (tests/clients/vnc-client).
	const char *vnc_argv[] = { getenv("VNC_CLIENT_BIN"), socket, NULL };
	struct harness_client *vnc = harness_spawn(h, "vnc-user", vnc_argv);
	free(socket);
	line = vnc != NULL ?
			harness_client_wait_line(vnc, "connected", HARNESS_TIMEOUT_MS) :
			NULL;
	free(line);
	REQUIRE(line != NULL, "the VNC user cannot connect");

	// Physical 200,300 of the scale-2 output: logical 740,150, B's 40,50.
	// The enter comes whenever B has bound the new seat's pointer.
	bool ok = vnc_says(vnc, "move 200 300");
	REQUIRE(client_lines_until(b, "pointer enter transient-1", &lines),
			"the VNC user's pointer did not enter B");
	const char *const prefixes[] = { "seat", "keyboard", "key", "pointer",
		"button", "error", NULL };
	struct lines seen;
	lines_filter(&lines, prefixes, &seen);
	const char *const b_entered[] = { "seat added transient-1",
		"pointer enter transient-1 40 50", NULL };
	ok = CHECK_LINES(&seen, b_entered, "B, entered by the VNC user") && ok;
	lines_free(&seen);
	lines_free(&lines);
	// wayvnc passes them on in its own time: B's last line is awaited.
	ok = vnc_says(vnc, "click 1") && ok;
	ok = vnc_says(vnc, "type a") && ok;
	REQUIRE(client_lines_until(b, "key transient-1 30 0", &lines),
			"B got no key from the VNC user");
	lines_filter(&lines, prefixes, &seen);
	const char *const b_typed[] = { "keyboard enter transient-1",
		"button transient-1 272 1", "button transient-1 272 0",
		"key transient-1 30 1", "key transient-1 30 0", NULL };
	ok = CHECK_LINES(&seen, b_typed,
				 "B, clicked and typed into by the VNC "
				 "user") &&
			ok;
	lines_free(&seen);
	lines_free(&lines);
	ok = HEARD(a, "A, while the VNC user types into B",
				 "seat added transient-1", "keyboard enter transient-1",
				 "keyboard leave transient-1") &&
			ok;
	ok = user_key_reaches_a(h, a, b) && ok;

	ok = check_seats_split(h, a_id, b_id, 740, 150) && ok;
	ok = shot_shows_cursor(h, "HEADLESS-2", "wayvnc-in-b-2", theme->image[1],
				 200, 300, WINDOW_COLOUR) &&
			ok;

	// The VNC user goes: wayvnc destroys the seat, and its cursor goes.
	ok = CHECK_QUITS(vnc, "the VNC user") && ok;
	REQUIRE(client_lines_until(b, "seat removed transient-1", &lines),
			"the VNC user's seat did not go");
	lines_free(&lines);
	ok = shot_shows_no_cursor(h, "HEADLESS-2", "wayvnc-gone-2", 200, 300, 48,
				 WINDOW_COLOUR) &&
			ok;
	harness_client_kill(wayvnc);
	return CHECK_ALL_QUIT(b, "window-b", a, "window-a") && ok;
}

typedef bool (*body_func)(struct harness *h, const struct theme *theme,
		const char *config);

static bool run(const void *data) {
	body_func test_body = *(const body_func *)data;
	struct theme theme = { 0 };
	bool ok = theme_load(&theme);
	char *dir = ok ? harness_mkdtemp() : NULL;
	char *config = NULL;
	if (dir != NULL) {
		size_t len = strlen(dir) + 16;
		config = malloc(len);
		snprintf(config, len, "%s/config", dir);
		ok = write_config(config, SIZE);
	}
	struct harness *h = NULL;
	if (ok) {
		const char *args[] = {
			"--config",
			config,
			"--output",
			"HEADLESS-1 mode 640x480 scale 1 position 0,0",
			"--output",
			"HEADLESS-2 mode 1280x960 scale 2 position 640,0",
			NULL,
		};
		h = harness_start(args);
		ok = CHECK(h != NULL, "gridwl did not start");
	}
	if (ok) {
		ok = test_body(h, &theme, config);
	}
	if (h != NULL) {
		ok = harness_stop(h, ok) && ok;
	}
	if (dir != NULL) {
		harness_remove_tree(dir);
	}
	free(dir);
	free(config);
	theme_finish(&theme);
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	static const body_func own = body, wayvnc = body_wayvnc;
	check_run(&suite,
			"a remote desktop's transient seat has its own cursor, drawn at "
			"each output's scale, and its own keyboard focus from its clicks",
			run, &own);
	const char *wayvnc_name = "wayvnc --transient-seat: a VNC user clicks "
							  "and types into a window of their own, with "
							  "their own cursor";
	// tools/install-deps installs wayvnc and vncdotool: missing, it fails.
	check_run(&suite, wayvnc_name, run, &wayvnc);
	return check_finish(&suite);
}
