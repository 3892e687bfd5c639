#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "image.h"
#include "screenshots.h"
#include "resample-fixture.h"
#include "run-gridwl.h"

/*
 * gridctl pointer, click and scroll go through gridwl's seat as a mouse's
 * events do: the window under the pointer gets enter at the surface-local
 * position of the logical layout coordinates given, on a scale-1 and a
 * scale-2 output alike; a click focuses the window it lands on and the
 * client sees the button; scrolling reaches the window under the pointer.
 * Each command returns once its events are flushed to the client, so the
 * next command sees their effect.
 *
 * On the mixed layout: HEADLESS-1 (scale 1) at 0,0, HEADLESS-2 (scale 2,
 * 640x480 logical) at 640,0.
 */

#define BTN_LEFT 272
#define BTN_RIGHT 273

/* A keyboard-client (it narrates pointer enter, buttons and axes) with
 * app_id, 200x150, placed at x,y. */
static struct harness_client *spawn_window(struct harness *h,
		const char *app_id, int x, int y) {
	struct harness_client *c =
			spawn_keyboard_window(h, app_id, "200x150", NULL, NULL);
	REQUIRE(c != NULL, "%s did not show its window", app_id);
	REQUIRE(rs_place(h, app_id, x, y) > 0, "cannot place %s", app_id);
	return c;
}

static bool body_pointer(struct harness *h, const void *data) {
	REQUIRE(harness_gridctl_succeeds(h, "pointer", "10", "10", NULL),
			"no pointer");
	struct harness_client *a = spawn_window(h, "in-a", 100, 100);
	REQUIRE(a != NULL, "no window");
	bool ok = harness_gridctl_succeeds(h, "pointer", "150", "130", NULL) &&
			CHECK_LINE(a, "pointer enter", "pointer enter 50.00 30.00");
	// On the scale-2 output: still logical coordinates.
	REQUIRE(rs_place(h, "in-a", 700, 100) > 0, "cannot move in-a");
	ok = harness_gridctl_succeeds(h, "pointer", "760", "170", NULL) &&
			CHECK_LINE(a, "pointer enter", "pointer enter 60.00 70.00") && ok;
	struct json_object *reply = NULL;
	int status = 0;
	reply = harness_gridctl(h, &status, "pointer", "5000", "10", (char *)NULL);
	struct json_object *success = NULL;
	ok = CHECK(status != 0 && reply != NULL &&
						 json_object_object_get_ex(reply, "success",
								 &success) &&
						 !json_object_get_boolean(success),
				 "a point on no output should be refused") &&
			ok;
	json_object_put(reply);
	harness_client_send(a, "quit");
	return CHECK_EXITS(a, "in-a") && ok;
}

static bool body_click_scroll(struct harness *h, const void *data) {
	REQUIRE(harness_gridctl_succeeds(h, "pointer", "10", "10", NULL),
			"no pointer");
	struct harness_client *a = spawn_window(h, "in-a", 700, 100);
	REQUIRE(a != NULL, "no window a");
	struct harness_client *b = spawn_window(h, "in-b", 100, 100);
	REQUIRE(b != NULL, "no window b");
	bool ok = CHECK(wait_focused(h, "in-b"), "the new window has no focus");
	// A click on a, on the scale-2 output, gives it the focus.
	ok = harness_gridctl_succeeds(h, "click", "760", "170", NULL) &&
			CHECK_LINE(a, "pointer enter", "pointer enter 60.00 70.00") &&
			CHECK_LINE(a, "pointer button", "pointer button 272 pressed") &&
			CHECK_LINE(a, "pointer button", "pointer button 272 released") &&
			CHECK(wait_focused(h, "in-a"), "the click did not focus in-a") &&
			ok;
	// Where the pointer is, another button.
	ok = harness_gridctl_succeeds(h, "click", "right", NULL) &&
			CHECK_LINE(a, "pointer button", "pointer button 273 pressed") && ok;
	ok = harness_gridctl_succeeds(h, "click", "150", "130", "middle", NULL) &&
			CHECK_LINE(b, "pointer enter", "pointer enter 50.00 30.00") &&
			CHECK_LINE(b, "pointer button", "pointer button 274 pressed") &&
			CHECK(wait_focused(h, "in-b"), "the click did not focus in-b") &&
			ok;
	ok = harness_gridctl_succeeds(h, "scroll", "0", "30", NULL) &&
			CHECK_LINE(b, "pointer axis", "pointer axis vertical 30.00") && ok;
	ok = harness_gridctl_succeeds(h, "scroll", "-15", "0", NULL) &&
			CHECK_LINE(b, "pointer axis", "pointer axis horizontal -15.00") &&
			ok;
	return CHECK_ALL_QUIT(a, "in-a", b, "in-b") && ok;
}

/* gridctl fails, saying want. */
static bool gridctl_fails(struct harness *h, const char *command,
		const char *arg, const char *want) {
	int status = 0;
	struct json_object *reply =
			harness_gridctl(h, &status, command, arg, (char *)NULL);
	struct json_object *error = NULL;
	bool ok = CHECK(status == 1 && reply != NULL &&
					json_object_object_get_ex(reply, "error", &error) &&
					strcmp(json_object_get_string(error), want) == 0,
			"gridctl %s %s: want the error \"%s\", got %s", command, arg, want,
			reply != NULL ? json_object_to_json_string(reply) : "nothing");
	json_object_put(reply);
	return ok;
}

/* The keys the client reports, up to the next sync, are exactly want
 * (NULL terminated): "key" and "close" lines only. */
static bool expect_keys(struct harness_client *c, const char *const *want) {
	const char *const prefixes[] = { "key ", "close", NULL };
	return check_heard_at(__FILE__, __LINE__, c, prefixes, want,
			"the keys the window got");
}

static bool body_key(struct harness *h, const void *data) {
	// gridctl's keyboard comes with its first key; clients started after
	// it see a seat with a keyboard. This one goes to no window.
	REQUIRE(harness_gridctl_succeeds(h, "key", "space", NULL), "no keyboard");
	struct harness_client *a = spawn_window(h, "in-a", 100, 100);
	REQUIRE(a != NULL, "no window");
	bool ok = CHECK(wait_focused(h, "in-a"), "the window has no focus");
	ok = harness_gridctl_succeeds(h, "key", "a", "Shift+b", "C", NULL) && ok;
	ok = harness_gridctl_succeeds(h, "key", "Return", "ctrl+Shift+t", NULL) &&
			ok;
	const char *const typed[] = { "key a pressed", "key a released",
		"key B pressed", "key B released", "key C pressed", "key C released",
		"key Return pressed", "key Return released", "key T pressed",
		"key T released", NULL };
	ok = expect_keys(a, typed) && ok;
	ok = gridctl_fails(h, "key", "nosuchkey", "unknown keysym 'nosuchkey'") &&
			ok;
	ok = gridctl_fails(h, "key", "Cyrillic_a",
				 "no key for Cyrillic_a in the keymap") &&
			ok;
	ok = gridctl_fails(h, "key", "Hyper+a", "unknown modifier 'Hyper'") && ok;
	// Any text, through a keymap of its own; the window's keys are the
	// text's keysyms, and its own keymap is back after it.
	ok = harness_gridctl_succeeds(h, "type", "h\u00e9llo \u2713\n", NULL) &&
			harness_gridctl_succeeds(h, "key", "A", NULL) && ok;
	const char *const text[] = { "key h pressed", "key h released",
		"key eacute pressed", "key eacute released", "key l pressed",
		"key l released", "key l pressed", "key l released", "key o pressed",
		"key o released", "key space pressed", "key space released",
		"key checkmark pressed", "key checkmark released", "key Return pressed",
		"key Return released", "key A pressed", "key A released", NULL };
	ok = expect_keys(a, text) && ok;
	ok = gridctl_fails(h, "type", "\xff", "malformed JSON: invalid UTF-8") &&
			ok;
	// The default binding Mod4+Shift+q closes the focused window: the
	// client gets close, not the key.
	ok = harness_gridctl_succeeds(h, "key", "Mod4+Shift+q", NULL) && ok;
	struct lines lines, keys;
	ok = CHECK(client_lines_until(a, "close", &lines),
				 "Mod4+Shift+q did not close the window") &&
			ok;
	const char *const prefixes[] = { "key ", NULL };
	const char *const none[] = { NULL };
	lines_filter(&lines, prefixes, &keys);
	ok = CHECK_LINES(&keys, none, "keys a binding took") && ok;
	lines_free(&keys);
	lines_free(&lines);
	return CHECK_EXITS(a, "in-a") && ok;
}

static bool run_key(const void *data) {
	return run_on_output("HEADLESS-1", 640, 480, 1, body_key, data);
}

static bool body_touch(struct harness *h, const void *data) {
	// The touch screen comes with its first touch, here on no window.
	REQUIRE(harness_gridctl_succeeds(h, "touch", "down", "0", "10", "10",
					NULL) &&
					harness_gridctl_succeeds(h, "touch", "up", "0", NULL),
			"no touch screen");
	struct harness_client *a = spawn_window(h, "in-a", 700, 100);
	REQUIRE(a != NULL, "no window a");
	struct harness_client *b = spawn_window(h, "in-b", 100, 100);
	REQUIRE(b != NULL, "no window b");
	// On the scale-2 output, in logical coordinates; the finger stays with
	// a as it moves out of it, and the tap focuses a.
	bool ok = harness_gridctl_succeeds(h, "touch", "down", "3", "760", "170",
					  NULL) &&
			CHECK_LINE(a, "touch down", "touch down 3 60.00 70.00") &&
			harness_gridctl_succeeds(h, "touch", "motion", "3", "650", "120",
					NULL) &&
			CHECK_LINE(a, "touch motion", "touch motion 3 -50.00 20.00") &&
			harness_gridctl_succeeds(h, "touch", "up", "3", "650", "120",
					NULL) &&
			CHECK_LINE(a, "touch up", "touch up 3") &&
			CHECK(wait_focused(h, "in-a"), "the touch did not focus in-a");
	ok = harness_gridctl_succeeds(h, "touch", "down", "1", "150", "130",
				 NULL) &&
			CHECK_LINE(b, "touch down", "touch down 1 50.00 30.00") && ok;
	ok = harness_gridctl_succeeds(h, "touch", "up", "1", NULL) &&
			CHECK_LINE(b, "touch up", "touch up 1") && ok;
	return CHECK_ALL_QUIT(a, "in-a", b, "in-b") && ok;
}

/* HEADLESS-1 with the cursor drawn in, and whether it shows nothing but
 * the background. */
static bool shows_only_background(struct harness *h, const char *name,
		bool *only) {
	struct image *image = screenshot_cursor(h, "HEADLESS-1", name);
	REQUIRE(image != NULL, "no screenshot %s", name);
	*only = true;
	for (int y = 0; y < image->height; y++) {
		for (int x = 0; x < image->width; x++) {
			*only = *only && image_get(image, x, y) == BACKGROUND;
		}
	}
	image_destroy(image);
	return true;
}

static bool body_seat(struct harness *h, const void *data) {
	// Before any gridctl input command and any window: a real client sees
	// a seat with a keyboard and a pointer.
	const char *argv[] = { "wayland-info", "-i", "wl_seat", NULL };
	char *output = NULL;
	int status = harness_run(h, argv, HARNESS_TIMEOUT_MS, &output);
	bool ok = CHECK(status == 0 && output != NULL &&
					strstr(output, "capabilities: pointer keyboard") != NULL,
			"wayland-info (%d) shows no pointer and keyboard: %s", status,
			output != NULL ? output : "nothing");
	free(output);
	// The pointer is nowhere until it first moves: no cursor is drawn.
	bool only = false;
	ok = shows_only_background(h, "seat-parked", &only) &&
			CHECK(only, "the cursor shows before the pointer moved") && ok;
	// The first window gets the keyboard, and a key typed reaches it.
	struct harness_client *a = spawn_window(h, "first", 100, 100);
	REQUIRE(a != NULL, "no window");
	ok = CHECK(wait_focused(h, "first"), "the first window is not focused") &&
			harness_gridctl_succeeds(h, "key", "x", NULL) &&
			CHECK_LINE(a, "key ", "key x pressed") && ok;
	// Once it moves, the pointer is where it is told, with a cursor.
	ok = harness_gridctl_succeeds(h, "pointer", "400", "300", NULL) &&
			shows_only_background(h, "seat-moved", &only) &&
			CHECK(!only, "no cursor after the pointer moved") && ok;
	harness_client_send(a, "quit");
	return CHECK_EXITS(a, "first") && ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run_mixed_layout(&suite,
			"headless: a keyboard and a pointer from the start, the pointer "
			"parked until it moves, the first window focused",
			body_seat, NULL);
	check_run_mixed_layout(&suite,
			"gridctl pointer: enter at the logical position, on scale 1 "
			"and scale 2",
			body_pointer, NULL);
	check_run_mixed_layout(&suite,
			"gridctl click focuses and delivers buttons, gridctl scroll "
			"reaches the window",
			body_click_scroll, NULL);
	check_run(&suite,
			"gridctl key types chords into the focused window, bindings "
			"take theirs",
			run_key, NULL);
	check_run_mixed_layout(&suite,
			"gridctl touch: down, motion and up reach the window touched, "
			"in logical coordinates",
			body_touch, NULL);
	return check_finish(&suite);
}
