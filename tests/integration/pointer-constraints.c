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
 * relative-pointer and pointer-constraints with constraint-client, a window
 * that narrates its wl_pointer, relative motion and constraint events,
 * moved by the virtual pointer client on the mixed layout (HEADLESS-1 at
 * scale 1, HEADLESS-2 at scale 2, 1280x480 logical). Relative motion
 * arrives for every relative motion, also at the layout's edge and while
 * locked; a locked pointer does not move and goes to the cursor hint when
 * the lock ends; a confined one stays in its region (surface-local logical
 * pixels, the same on either output) and is brought into a new region;
 * focus leaving the window deactivates, and a persistent constraint comes
 * back with it.
 */

#define LAYOUT "1280 480"

struct game {
	struct harness_client *window;
	struct harness_client *pointer;
};

static bool has_line(const struct lines *lines, const char *want) {
	for (size_t i = 0; i < lines->count; i++) {
		if (strcmp(lines->line[i], want) == 0) {
			return true;
		}
	}
	return CHECK(false, "no line \"%s\" among %zu", want, lines->count);
}

static bool no_line_starts(const struct lines *lines, const char *prefix) {
	for (size_t i = 0; i < lines->count; i++) {
		if (strncmp(lines->line[i], prefix, strlen(prefix)) == 0) {
			return CHECK(false, "unexpected line \"%s\"", lines->line[i]);
		}
	}
	return true;
}

/* Sends a command to the window or pointer, then collects the window's
 * lines up to a sync: everything gridwl sent it for the command. */
static bool window_lines_after(struct game *g, struct harness_client *to,
		const char *answer, const char *command, struct lines *lines) {
	if (to == g->pointer) {
		REQUIRE(pointer_command(g->pointer, answer, command),
				"pointer command %s failed", command);
	} else {
		REQUIRE(harness_client_send(to, "%s", command), "cannot send %s",
				command);
	}
	return client_sync_lines(g->window, lines);
}

static bool motion_gives(struct game *g, int dx, int dy, const char *want) {
	char command[64], relative[96];
	snprintf(command, sizeof(command), "motion %d %d", dx, dy);
	snprintf(relative, sizeof(relative), "relative %d.00 %d.00 %d.00 %d.00", dx,
			dy, dx, dy);
	struct lines lines = { 0 };
	bool ok = window_lines_after(g, g->pointer, "motion", command, &lines) &&
			has_line(&lines, relative);
	if (want != NULL) {
		ok = ok && has_line(&lines, want);
	} else {
		ok = ok && no_line_starts(&lines, "pointer");
	}
	lines_free(&lines);
	return CHECK(ok, "after %s", command);
}

static bool wait_line(struct harness_client *c, const char *want) {
	char *line = harness_client_wait_line(c, want, HARNESS_TIMEOUT_MS);
	bool ok = line != NULL && strcmp(line, want) == 0;
	free(line);
	return CHECK(ok, "no \"%s\"", want);
}

/* A 200x150 window at x, y drawn at buffer scale, with the pointer at
 * 50,40 in it. */
static bool start(struct harness *h, struct game *g, int x, int y, int scale) {
	char scale_text[8];
	snprintf(scale_text, sizeof(scale_text), "%d", scale);
	const char *argv[] = {
		getenv("CONSTRAINT_CLIENT_BIN"),
		"game",
		"200",
		"150",
		scale_text,
		NULL,
	};
	REQUIRE(argv[0] != NULL, "CONSTRAINT_CLIENT_BIN is not set");
	g->window = harness_spawn(h, "game", argv);
	// Headless gridwl's seat has a pointer from the start: the window binds
	// its wl_pointer before it maps.
	REQUIRE(g->window != NULL && wait_line(g->window, "pointer ready") &&
					wait_line(g->window, "ready"),
			"no window");
	REQUIRE(rs_place(h, "game", x, y) > 0, "cannot place the window");
	g->pointer = spawn_virtual_pointer(h);
	REQUIRE(g->pointer != NULL, "no pointer");
	char command[64];
	snprintf(command, sizeof(command), "move %d %d " LAYOUT, x + 50, y + 40);
	REQUIRE(pointer_command(g->pointer, "moved", command), "no move");
	return wait_line(g->window, "pointer enter 50.00 40.00");
}

static bool stop(struct game *g) {
	harness_client_send(g->pointer, "quit");
	harness_client_send(g->window, "quit");
	return CHECK(harness_client_wait_exit(g->window, HARNESS_TIMEOUT_MS) == 0,
			"the window did not end cleanly");
}

static bool body_lock(struct harness *h, const void *data) {
	struct game g;
	REQUIRE(start(h, &g, 100, 100, 1), "no setup");
	bool ok = motion_gives(&g, 5, -3, "pointer motion 55.00 37.00");
	harness_client_send(g.window, "lock persistent");
	ok = wait_line(g.window, "locked") && ok;
	// Locked: relative motion, no motion of the pointer.
	ok = motion_gives(&g, 7, 4, NULL) && ok;
	ok = motion_gives(&g, -30, 12, NULL) && ok;
	// An absolute position does not move it either.
	struct lines lines = { 0 };
	ok = window_lines_after(&g, g.pointer, "moved", "move 500 300 " LAYOUT,
				 &lines) &&
			no_line_starts(&lines, "pointer") && ok;
	lines_free(&lines);
	// Unlocked with a hint: the pointer is where the client drew it.
	ok = window_lines_after(&g, g.window, NULL, "hint 20 30", &lines) && ok;
	lines_free(&lines);
	harness_client_send(g.window, "unconstrain");
	ok = wait_line(g.window, "pointer motion 20.00 30.00") && ok;
	ok = motion_gives(&g, 1, 1, "pointer motion 21.00 31.00") && ok;
	return stop(&g) && ok;
}

static bool body_edge(struct harness *h, const void *data) {
	struct game g;
	// The window's left edge on the layout's: the pointer at x 0 of both.
	REQUIRE(start(h, &g, 0, 100, 1), "no setup");
	REQUIRE(pointer_command(g.pointer, "moved", "move 0 150 " LAYOUT),
			"no move");
	bool ok = wait_line(g.window, "pointer motion 0.00 50.00");
	// Stopped at the edge, the hand's movement still goes out.
	ok = motion_gives(&g, -10, 0, NULL) && ok;
	return stop(&g) && ok;
}

static bool focus(struct harness *h, const char *app_id) {
	int64_t id = wait_window_id(h, app_id);
	REQUIRE(id > 0, "no window %s", app_id);
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	struct json_object *reply = harness_gridctl_ok(h, "focus", id_text, NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "gridctl focus %s failed", app_id) &&
			wait_focused(h, app_id);
}

static bool body_focus(struct harness *h, const void *data) {
	// The other window first: the newest window has the keyboard.
	struct harness_client *other = spawn_pattern_ready(h, "other", 100, 100, 1,
			"--app-id", "other", "--size", "100x100", NULL);
	REQUIRE(other != NULL, "no other");
	REQUIRE(rs_place(h, "other", 450, 300) > 0, "cannot place other");
	struct game g;
	REQUIRE(start(h, &g, 100, 100, 1), "no setup");

	harness_client_send(g.window, "lock persistent");
	bool ok = wait_line(g.window, "locked");
	ok = focus(h, "other") && wait_line(g.window, "unlocked") && ok;
	ok = focus(h, "game") && wait_line(g.window, "locked") && ok;

	// A oneshot lock does not come back.
	harness_client_send(g.window, "unconstrain");
	harness_client_send(g.window, "lock oneshot");
	ok = wait_line(g.window, "locked") && ok;
	ok = focus(h, "other") && wait_line(g.window, "unlocked") && ok;
	struct lines lines = { 0 };
	ok = focus(h, "game") && client_sync_lines(g.window, &lines) &&
			no_line_starts(&lines, "locked") && ok;
	lines_free(&lines);

	// The pointer leaving (the window moves away) ends a confinement.
	harness_client_send(g.window, "unconstrain");
	harness_client_send(g.window, "confine persistent");
	ok = wait_line(g.window, "confined") && ok;
	ok = CHECK(rs_place(h, "game", 300, 250) > 0, "cannot move game") &&
			wait_line(g.window, "unconfined") && ok;
	harness_client_send(other, "quit");
	return stop(&g) && ok;
}

static bool body_confine(struct harness *h, const void *data) {
	const int *scale = data;
	// Inside HEADLESS-1 (scale 1) or HEADLESS-2 (scale 2), drawn at the
	// output's scale.
	int x = *scale == 1 ? 100 : 740;
	struct game g;
	REQUIRE(start(h, &g, x, 100, *scale), "no setup");
	harness_client_send(g.window, "confine persistent 20 20 100 50");
	bool ok = wait_line(g.window, "confined");
	// The region's last pixels are 119 and 69.
	ok = motion_gives(&g, 200, 0, "pointer motion 119.00 40.00") && ok;
	ok = motion_gives(&g, 0, -100, "pointer motion 119.00 20.00") && ok;
	ok = motion_gives(&g, -500, 300, "pointer motion 20.00 69.00") && ok;
	ok = motion_gives(&g, 30, -10, "pointer motion 50.00 59.00") && ok;
	// A new region the pointer is outside of: brought to its nearest point.
	harness_client_send(g.window, "region 60 30 20 10");
	ok = wait_line(g.window, "pointer motion 60.00 39.00") && ok;
	ok = motion_gives(&g, 50, 50, "pointer motion 79.00 39.00") && ok;
	ok = motion_gives(&g, -5, -50, "pointer motion 74.00 30.00") && ok;
	// An absolute position outside is held back the same way.
	struct lines lines = { 0 };
	ok = window_lines_after(&g, g.pointer, "moved", "move 1000 5 " LAYOUT,
				 &lines) &&
			no_line_starts(&lines, "pointer leave") && ok;
	lines_free(&lines);
	return stop(&g) && ok;
}

/* wlroots 0.15 reads the seat of an inert wl_pointer's NULL seat client in
 * both protocols (wlr_compat/guard.c): the client and gridwl
 * carry on. */
static bool body_inert(struct harness *h, const void *data) {
	struct game g;
	REQUIRE(start(h, &g, 100, 100, 1), "no setup");
	// The last pointer goes: a wl_pointer asked for now is inert.
	harness_client_send(g.pointer, "quit");
	REQUIRE(harness_client_wait_exit(g.pointer, HARNESS_TIMEOUT_MS) == 0,
			"the virtual pointer did not quit");
	harness_client_send(g.window, "inert");
	bool ok = wait_line(g.window, "inert done");
	struct lines lines = { 0 };
	ok = CHECK(client_sync_lines(g.window, &lines),
				 "the client was disconnected") &&
			ok;
	lines_free(&lines);
	harness_client_send(g.window, "quit");
	return CHECK(harness_client_wait_exit(g.window, HARNESS_TIMEOUT_MS) == 0,
				   "the window did not end cleanly") &&
			ok;
}

int main(void) {
	static const int scale1 = 1, scale2 = 2;
	struct check_suite suite = { 0 };
	check_run_mixed_layout(&suite,
			"relative motion, a locked pointer that stays, and "
			"its cursor hint on unlock",
			body_lock, NULL);
	check_run_mixed_layout(&suite, "relative motion at the layout's edge",
			body_edge, NULL);
	check_run_mixed_layout(&suite,
			"focus leaving deactivates; persistent comes back, "
			"oneshot does not",
			body_focus, NULL);
	check_run_mixed_layout(&suite,
			"a confined pointer stays in its region at scale 1", body_confine,
			&scale1);
	check_run_mixed_layout(&suite,
			"a confined pointer stays in its region at scale 2", body_confine,
			&scale2);
	check_run_mixed_layout(&suite,
			"constraints and relative pointers of an inert "
			"wl_pointer",
			body_inert, NULL);
	return check_finish(&suite);
}
