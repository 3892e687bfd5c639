#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"

/*
 * Moving and resizing a window with the arrow keys (input/keyboard_move.c)
 * on the mixed layout, the window on HEADLESS-2 at scale 2, through the
 * default bindings typed with gridctl key (Super+F7, Super+F8) and through
 * gridctl action (resize-mode). Steps are logical: 10 pixels, 1 with Shift, and
 * the client's configure carries the logical size. No key typed in the
 * mode reaches the client (keyboard-client narrates every key and
 * modifier it is told of), Return keeps the box and Escape gives back the
 * one the mode began with. A window that goes away ends the mode: the
 * next key goes to the window that has the keyboard then. A maximized
 * window, or none, is an error from gridctl action.
 */

static struct harness_client *spawn(struct harness *h, const char *app_id) {
	return spawn_keyboard_window(h, app_id, "200x100", "ready 200 100",
			"--states", NULL);
}

/* gridctl key with each chord (NULL terminated, up to 12). */
static bool keys(struct harness *h, const char *const *chords) {
	const char *a[14] = { "key" };
	size_t n = 1;
	for (; chords[n - 1] != NULL && n < 13; n++) {
		a[n] = chords[n - 1];
	}
	struct json_object *reply = harness_gridctl_ok(h, a[0], a[1], a[2], a[3],
			a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "gridctl key %s... failed", chords[0]);
}
#define KEYS(h, ...) keys((h), (const char *const[]){ __VA_ARGS__, NULL })

/* Up to the key line until: every key and modifiers line the client heard
 * before it is one of Super's own (pressed before the mode began, released
 * in it) or its modifier state, or the end of the mode's. */
static bool heard_nothing_else(struct harness_client *c, const char *until) {
	struct lines lines = { 0 };
	bool ok = CHECK(client_lines_until(c, until, &lines), "no \"%s\"", until);
	for (size_t i = 0; ok && i + 1 < lines.count; i++) {
		const char *line = lines.line[i];
		bool is_key = strncmp(line, "key ", 4) == 0;
		bool is_modifiers = strncmp(line, "modifiers ", 10) == 0;
		if (is_key) {
			ok = CHECK(strncmp(line, "key Super_L ", 12) == 0,
					"the client heard \"%s\" in the mode", line);
		} else if (is_modifiers) {
			ok = CHECK(strcmp(line, "modifiers Mod4") == 0 ||
							strcmp(line, "modifiers none") == 0,
					"the client heard \"%s\" in the mode", line);
		}
	}
	lines_free(&lines);
	return ok;
}

/* The states of the configure line want, the next one the client gets. */
static bool configured(struct harness_client *c, const char *want,
		const char *has_state, const char *lacks_state) {
	struct lines lines = { 0 };
	bool ok = CHECK(client_lines_until(c, want, &lines), "no \"%s\"", want);
	const char *states = NULL;
	for (size_t i = 0; ok && i < lines.count; i++) {
		if (strncmp(lines.line[i], "states ", 7) == 0) {
			states = lines.line[i];
		}
	}
	ok = ok && CHECK(states != NULL, "no states before \"%s\"", want);
	if (ok && has_state != NULL) {
		ok = CHECK(strstr(states, has_state) != NULL,
				"\"%s\" came with \"%s\", without %s", want, states, has_state);
	}
	if (ok && lacks_state != NULL) {
		ok = CHECK(strstr(states, lacks_state) == NULL,
				"\"%s\" came with \"%s\"", want, states);
	}
	lines_free(&lines);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *other = spawn(h, "other");
	struct harness_client *c = spawn(h, "mover");
	REQUIRE(other != NULL && c != NULL, "no windows");
	REQUIRE(rs_place(h, "mover", 700, 100) > 0, "cannot place mover");
	REQUIRE(client_command_synced(c, "sync"), "mover went away");
	struct lines drop = { 0 };
	client_sync_lines(c, &drop);
	lines_free(&drop);

	// Super+F7, two steps right, three fine steps down, a letter that
	// must not reach the client, and Return.
	bool ok = KEYS(h, "Mod4+F7", "Right", "Right", "Shift+Down", "Shift+Down",
			"Shift+Down", "a", "Return");
	ok = wait_window_box(h, "mover", 720, 103, 200, 100) && ok;
	// The mode is over: b is the client's again, and nothing before it.
	ok = KEYS(h, "b") && ok;
	ok = heard_nothing_else(c, "key b pressed") && ok;

	// gridctl action resize-mode: the right and bottom edges, the size
	// asked for logical on the scale-2 output, the client resizing.
	struct json_object *reply =
			harness_gridctl_ok(h, "action", "resize-mode", NULL);
	ok = CHECK(reply != NULL, "gridctl action resize-mode failed") && ok;
	json_object_put(reply);
	ok = KEYS(h, "Right", "Right", "Right", "Shift+Down") && ok;
	ok = configured(c, "configure 230 101", "resizing", NULL) && ok;
	ok = wait_window_box(h, "mover", 720, 103, 230, 101) && ok;
	// Escape: the box the mode began with, and no longer resizing.
	ok = KEYS(h, "Escape") && ok;
	ok = configured(c, "configure 200 100", NULL, "resizing") && ok;
	ok = wait_window_box(h, "mover", 720, 103, 200, 100) && ok;
	ok = KEYS(h, "c") && ok;
	ok = heard_nothing_else(c, "key c pressed") && ok;

	// A window in the mode (Super+F8, resizing) that goes away ends it:
	// the next key is the window's below, which has the keyboard now.
	ok = KEYS(h, "Mod4+F8", "Right") && ok;
	ok = configured(c, "configure 210 100", "resizing", NULL) && ok;
	ok = CHECK(harness_client_send(c, "quit") &&
						 harness_client_wait_exit(c, HARNESS_TIMEOUT_MS) == 0,
				 "mover did not quit") &&
			ok;
	ok = KEYS(h, "x") && ok;
	char *line = harness_client_wait_line(other, "key x ", HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL && strcmp(line, "key x pressed") == 0,
				 "other never heard x: %s", line ? line : "nothing") &&
			ok;
	free(line);

	// A maximized window is not moved: an error, and no mode takes the
	// next key.
	int status = 0;
	reply = harness_gridctl_ok(h, "action", "maximize", NULL);
	ok = CHECK(reply != NULL, "gridctl action maximize failed") && ok;
	json_object_put(reply);
	reply = harness_gridctl(h, &status, "action", "move-mode", NULL);
	ok = CHECK(status != 0, "move-mode on a maximized window succeeded") && ok;
	json_object_put(reply);
	ok = KEYS(h, "y") && ok;
	line = harness_client_wait_line(other, "key y ", HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL && strcmp(line, "key y pressed") == 0,
				 "other never heard y: %s", line ? line : "nothing") &&
			ok;
	free(line);

	// Nothing to act on: an error, not a mode.
	ok = CHECK(harness_client_send(other, "quit") &&
						 harness_client_wait_exit(other, HARNESS_TIMEOUT_MS) ==
								 0,
				 "other did not quit") &&
			ok;
	reply = harness_gridctl(h, &status, "action", "move-mode", NULL);
	ok = CHECK(status != 0, "move-mode with no window succeeded") && ok;
	json_object_put(reply);
	return ok;
}

int main(void) {
	return main_mixed_layout(
			"Super+F7 moves and resize-mode resizes a window with the arrow "
			"keys, in logical steps, holding the keyboard; Escape restores",
			body, NULL);
}
