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
#include "virtual-pointer.h"

/*
 * Menus that grab the seat (xdg_popup.grab), as every toolkit's menus do:
 * a click inside the menu goes to it and keeps it open; a click on another
 * window, or a window that maps, closes it (popup_done) and takes the
 * focus, which the grab would otherwise keep; a click on the background
 * closes it too. A menu without a grab stays open when focus moves. While
 * a menu holds the keyboard its window still counts as focused.
 *
 * The windows are keyboard-client's, which narrates pointer and popup
 * events per surface; a virtual pointer clicks (headless has no pointer of
 * its own). Layout: one 800x600 output at scale 1; "owner" at 100,100 and
 * "other" at 400,300, both 200x100; owner's menu is 60x40 at 20,20 of it.
 */

#define LAYOUT_WIDTH 800
#define LAYOUT_HEIGHT 600

static bool click(struct harness_client *pointer, int x, int y) {
	return pointer_click(pointer, x, y, LAYOUT_WIDTH, LAYOUT_HEIGHT);
}

/* A keyboard-client window, once it has shown itself. */
static struct harness_client *spawn_window(struct harness *h,
		const char *app_id) {
	return spawn_keyboard_window(h, app_id, "200x100", "ready 200 100", NULL);
}

static const char *const popup_lines[] = { "popup ", NULL };
static const char *const done_lines[] = { "popup done", NULL };
static const char *const popup_input_lines[] = { "popup pointer ", NULL };

/* What the client printed up to a sync, those lines that start with one of
 * prefixes exactly expected. */
static bool popup_events(struct harness_client *c, const char *const *prefixes,
		const char *const *expected, const char *what) {
	struct lines lines;
	REQUIRE(client_sync_lines(c, &lines), "%s: no answer to sync", what);
	struct lines picked;
	lines_filter(&lines, prefixes, &picked);
	bool ok = CHECK_LINES(&picked, expected, what);
	lines_free(&picked);
	lines_free(&lines);
	return ok;
}

/* Focuses owner with a click on it and opens its menu; the click is the
 * press whose serial the grab names. */
static bool open_menu(struct harness *h, struct harness_client *pointer,
		struct harness_client *owner, bool grab) {
	REQUIRE(click(pointer, 250, 180) && wait_focused(h, "owner"),
			"a click on owner should focus it");
	REQUIRE(harness_client_send(owner, grab ? "popup grab" : "popup"),
			"cannot ask owner for its menu");
	// A grabbing menu takes the keyboard (headless gridwl's seat has one).
	static const char *const opened[] = {
		"popup configure 20 20 60 40",
		"popup ready",
		NULL,
	};
	static const char *const opened_grabbing[] = {
		"popup configure 20 20 60 40",
		"popup keyboard enter",
		"popup ready",
		NULL,
	};
	struct lines lines;
	REQUIRE(client_lines_until(owner, "popup ready", &lines),
			"owner's menu did not open");
	struct lines picked;
	lines_filter(&lines, popup_lines, &picked);
	bool ok = CHECK_LINES(&picked, grab ? opened_grabbing : opened,
			"owner's menu opens at 20,20");
	lines_free(&picked);
	lines_free(&lines);
	return ok;
}

/* A click at x,y (on where) while owner's grabbing menu is open: what of
 * filter the menu then hears (what says why), and the window that has
 * the focus after it (focus_why says why). */
struct grab_click {
	int x, y;
	const char *where;
	const char *const *filter, *const *heard;
	const char *what, *focused, *focus_why;
};

static bool grab_click(struct harness *h, struct harness_client *pointer,
		struct harness_client *owner, const struct grab_click *c) {
	bool ok = CHECK(click(pointer, c->x, c->y), "cannot click %s", c->where);
	ok = popup_events(owner, c->filter, c->heard, c->what) && ok;
	return CHECK(wait_focused(h, c->focused), "%s", c->focus_why) && ok;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no virtual pointer");

	struct harness_client *owner = spawn_window(h, "owner");
	REQUIRE(owner != NULL && rs_place(h, "owner", 100, 100) > 0, "no owner");
	struct harness_client *other = spawn_window(h, "other");
	REQUIRE(other != NULL && rs_place(h, "other", 400, 300) > 0, "no other");

	// A click inside the grabbing menu is the menu's.
	bool ok = open_menu(h, pointer, owner, true);
	ok = CHECK(wait_focused(h, "owner"),
				 "owner keeps the focus while its "
				 "menu holds the keyboard") &&
			ok;
	static const char *const clicked_in[] = {
		"popup pointer enter 10.00 10.00",
		"popup pointer button 272 pressed",
		"popup pointer button 272 released",
		NULL,
	};
	ok = grab_click(h, pointer, owner,
				 &(struct grab_click){ 130, 130, "the menu", popup_input_lines,
						 clicked_in,
						 "a click inside the menu reaches it and leaves it "
						 "open",
						 "owner",
						 "a click inside the menu keeps the focus on owner" }) &&
			ok;

	// A click on another window closes the menu and focuses that window.
	static const char *const done[] = { "popup done", NULL };
	ok = grab_click(h, pointer, owner,
				 &(struct grab_click){ 450, 350, "other", done_lines, done,
						 "a click on another window closes the menu", "other",
						 "the clicked window gets the focus the menu held" }) &&
			ok;

	// A window that maps closes it and takes the focus.
	ok = open_menu(h, pointer, owner, true) && ok;
	struct harness_client *late = spawn_window(h, "late");
	ok = CHECK(late != NULL, "no late window") && ok;
	ok = popup_events(owner, done_lines, done,
				 "a new window closes the "
				 "menu") &&
			ok;
	ok = CHECK(wait_focused(h, "late"), "the new window gets the focus") && ok;
	// Gone before the clicks below, some of which land where it was.
	if (late != NULL) {
		ok = CHECK(harness_client_send(late, "quit") &&
							 harness_client_wait_exit(late,
									 HARNESS_TIMEOUT_MS) == 0,
					 "late did not quit") &&
				ok;
	}

	// A click on the background closes it; the focus stays with owner.
	ok = open_menu(h, pointer, owner, true) && ok;
	ok = grab_click(h, pointer, owner,
				 &(struct grab_click){ 50, 550, "the background", done_lines,
						 done, "a click on the background closes the menu",
						 "owner", "the background takes no focus" }) &&
			ok;

	// Closed by its client, the menu leaves no grab behind.
	ok = open_menu(h, pointer, owner, true) && ok;
	char *line = NULL;
	if (harness_client_send(owner, "popup-close")) {
		line = harness_client_wait_line(owner, "popup closed",
				HARNESS_TIMEOUT_MS);
	}
	ok = CHECK(line != NULL, "owner did not close its menu") && ok;
	free(line);
	ok = CHECK(wait_focused(h, "owner"),
				 "focus is back on owner once its "
				 "menu is gone") &&
			ok;
	ok = CHECK(click(pointer, 450, 350) && wait_focused(h, "other"),
				 "with the menu gone, a click focuses another window") &&
			ok;

	// A menu without a grab is not closed by a change of focus.
	static const char *const nothing[] = { NULL };
	ok = open_menu(h, pointer, owner, false) && ok;
	ok = CHECK(click(pointer, 450, 350) && wait_focused(h, "other"),
				 "a click on another window focuses it") &&
			ok;
	ok = popup_events(owner, done_lines, nothing,
				 "a menu without a grab "
				 "stays open") &&
			ok;

	harness_client_send(pointer, "quit");
	harness_client_send(owner, "quit");
	harness_client_send(other, "quit");
	return ok;
}

int main(void) {
	return main_on_output("grabbing menus keep clicks inside and give way to "
						  "another window, a new window or the background",
			"HEADLESS-1", LAYOUT_WIDTH, LAYOUT_HEIGHT, 1, body, NULL);
}
