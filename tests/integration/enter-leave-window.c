#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * A window moved across two outputs gets exactly one wl_surface.enter when
 * it starts to overlap an output and one leave when it stops, and gridctl
 * windows reports the same outputs. Each step is followed by a sync through
 * the client, so "exactly" covers every event the move caused.
 */

#define WIDTH 200
#define HEIGHT 100

struct step {
	int x, y;
	const char *events[3]; // expected enter/leave lines, NULL terminated
	bool any_order;
	const char *outputs[3]; // what gridctl windows must then say
};

static const struct step steps[] = {
	// The right edge at 800 touches HEADLESS-2 without overlapping it.
	{ 600, 100, { NULL }, false, { "HEADLESS-1", NULL } },
	{ 601, 100, { "enter HEADLESS-2", NULL }, false,
			{ "HEADLESS-1", "HEADLESS-2", NULL } },
	{ 700, 200, { NULL }, false, { "HEADLESS-1", "HEADLESS-2", NULL } },
	{ 900, 100, { "leave HEADLESS-1", NULL }, false, { "HEADLESS-2", NULL } },
	{ 700, 100, { "enter HEADLESS-1", NULL }, false,
			{ "HEADLESS-1", "HEADLESS-2", NULL } },
	{ 100, 100, { "leave HEADLESS-2", NULL }, false, { "HEADLESS-1", NULL } },
	// Straight across: both in one go, in an order the protocol leaves
	// open.
	{ 1000, 300, { "enter HEADLESS-2", "leave HEADLESS-1", NULL }, true,
			{ "HEADLESS-2", NULL } },
	{ 50, 50, { "enter HEADLESS-1", "leave HEADLESS-2", NULL }, true,
			{ "HEADLESS-1", NULL } },
};

static const char *const surface_events[] = { "enter ", "leave ", NULL };

static bool check_events(struct harness_client *client,
		const char *const *expected, bool any_order, const char *what) {
	struct lines lines, events;
	REQUIRE(client_sync_lines(client, &lines), "no sync from the client");
	lines_filter(&lines, surface_events, &events);
	bool ok = any_order ? CHECK_LINES_UNORDERED(&events, expected, what) :
						  CHECK_LINES(&events, expected, what);
	lines_free(&events);
	lines_free(&lines);
	return ok;
}

struct moved {
	int x, y;
	const char *const *outputs;
};

static bool window_moved(struct json_object *window, void *data) {
	const struct moved *m = data;
	return window_box_matches(window, "mover", m->x, m->y, -1, -1) &&
			window_outputs_are(window, m->outputs);
}

static bool do_step(struct harness *h, struct harness_client *client,
		const char *id, const struct step *step) {
	char x[16], y[16], what[128];
	snprintf(x, sizeof(x), "%d", step->x);
	snprintf(y, sizeof(y), "%d", step->y);
	snprintf(what, sizeof(what), "enter/leave after moving to %d,%d", step->x,
			step->y);
	struct json_object *reply = harness_gridctl_ok(h, "move", id, x, y, NULL);
	REQUIRE(reply != NULL, "gridctl move %s %s %s failed", id, x, y);
	json_object_put(reply);
	bool ok = check_events(client, step->events, step->any_order, what);

	// The move is done when gridctl answers, so a single look suffices;
	// waiting only gives a clearer report.
	struct moved m = { step->x, step->y, step->outputs };
	struct json_object *window =
			harness_wait_window(h, window_moved, &m, HARNESS_TIMEOUT_MS, what);
	ok = CHECK(window != NULL, "gridctl windows disagrees: %s", what) && ok;
	json_object_put(window);
	return ok;
}

static bool move_around(struct harness *h, const void *data) {
	const char *args[] = {
		"--app-id",
		"mover",
		"--size",
		"200x100",
		"--pattern",
		"checker",
		NULL,
	};
	struct harness_client *client =
			harness_spawn_pattern_client(h, "mover", args);
	REQUIRE(client != NULL, "cannot start the pattern client");
	// Mapped centred on HEADLESS-1, where the pointer starts: one enter,
	// whether it comes before the first frame is shown or after.
	struct lines lines, events;
	REQUIRE(client_lines_until(client, "ready ", &lines), "client not shown");
	REQUIRE(CHECK(strcmp(lines.line[lines.count - 1], "ready 200 100 1") == 0,
					"first frame: %s", lines.line[lines.count - 1]),
			"client not shown");
	lines_filter(&lines, surface_events, &events);
	lines_free(&lines);
	const char *first[] = { "enter HEADLESS-1", NULL };
	bool ok;
	if (events.count == 0) {
		ok = check_events(client, first, false, "enter/leave when mapped");
	} else {
		ok = CHECK_LINES(&events, first, "enter/leave when mapped");
		const char *none[] = { NULL };
		ok = check_events(client, none, false, "enter/leave after mapping") &&
				ok;
	}
	lines_free(&events);

	int64_t id = wait_window_id(h, "mover");
	REQUIRE(id > 0, "no window for the client");
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		ok = do_step(h, client, id_text, &steps[i]) && ok;
	}
	return ok;
}

int main(void) {
	const char *args[] = { "--output", "HEADLESS-1 mode 800x600 scale 1",
		"--output", "HEADLESS-2 mode 1600x1200 scale 2", NULL };
	return main_gridwl("enter and leave across two outputs", args, move_around,
			NULL);
}
