#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "screenshots.h"

/*
 * wl_surface.enter and leave go to each surface of a window by what that
 * surface covers, not by what the window does: a subsurface that sticks out
 * of the window, or a popup, crosses onto an output before or after the main
 * surface does. Every move is followed by a sync through the client, so the
 * expected lines are all the events the move caused, per surface. Popups
 * are placed inside the output under their anchor, as xdg_positioner's
 * constraint adjustment says, and subsurface pixels land where their
 * offset says, 1:1 at each scale and replicated across the seam.
 */

/* The pattern client's lines, per surface. */
static const char *const main_events[] = { "enter ", "leave ", NULL };
static const char *const sub_events[] = {
	"subsurface 1 enter ",
	"subsurface 1 leave ",
	NULL,
};
static const char *const popup_events[] = {
	"popup enter ",
	"popup leave ",
	NULL,
};
static const char *const all_events[] = {
	"enter ",
	"leave ",
	"subsurface ",
	"popup enter ",
	"popup leave ",
	NULL,
};

/* Every client's main surface, logical. */
#define WINDOW_WIDTH 200
#define WINDOW_HEIGHT 100
#define WINDOW_SIZE "200x100"

#define MAX_EVENTS 4

/* What one surface must be told, and whether in that order. */
struct events {
	const char *lines[MAX_EVENTS]; // NULL terminated
	bool any_order;
};

struct step {
	int x, y; // where the window goes, or is when there is a command
	const char *command; // for the client instead of a move, or NULL
	struct events main, other; // other: the subsurface or the popup
	const char *outputs[3]; // gridctl windows: the main surface's outputs
};

#define MAX_STEPS 12

struct layout_case {
	const char *name;
	const char *outputs[5]; // gridwl arguments
	const char *subsurface; // --subsurface, or NULL for a popup case
	const char *popup; // the popup command, after the first step
	struct events popup_opened; // popup enter lines when it maps
	struct step steps[MAX_STEPS];
	size_t step_count;
};

#define SIDE_BY_SIDE \
	{ "--output", "HEADLESS-1 mode 800x600 scale 1", "--output", \
		"HEADLESS-2 mode 1600x1200 scale 2", NULL }
#define H1 "HEADLESS-1"
#define H2 "HEADLESS-2"
#define ENTER1 "enter " H1
#define ENTER2 "enter " H2
#define LEAVE1 "leave " H1
#define LEAVE2 "leave " H2
#define NONE { { NULL }, false }
#define ONE(line) { { (line), NULL }, false }
#define BOTH(a, b) { { (a), (b), NULL }, true }

/*
 * The window is 200x100. The subsurface 100x50 at 150,20 covers window
 * x + 150 to x + 250: it sticks out 50 to the right.
 */
static const struct layout_case side_by_side = {
	.name = "subsurface across a seam, scale 1 | scale 2",
	.outputs = SIDE_BY_SIDE,
	.subsurface = "150,20,100x50",
	.steps = {
		{ 300, 100, NULL, NONE, NONE, { H1, NULL } },
		// Main ends at 800 (touching only), the subsurface 750..850.
		{ 600, 100, NULL, NONE, ONE("subsurface 1 " ENTER2), { H1, NULL } },
		// Main 650..850 crosses; the subsurface starts at 800 exactly.
		{ 650, 100, NULL, ONE(ENTER2), ONE("subsurface 1 " LEAVE1),
			{ H1, H2, NULL } },
		{ 900, 100, NULL, ONE(LEAVE1), NONE, { H2, NULL } },
		// Back.
		{ 650, 100, NULL, ONE(ENTER1), NONE, { H1, H2, NULL } },
		{ 600, 100, NULL, ONE(LEAVE2), ONE("subsurface 1 " ENTER1),
			{ H1, NULL } },
		{ 100, 100, NULL, NONE, ONE("subsurface 1 " LEAVE2), { H1, NULL } },
		// Both surfaces straight across and back, each in one go.
		{ 1000, 300, NULL, BOTH(ENTER2, LEAVE1),
			BOTH("subsurface 1 " ENTER2, "subsurface 1 " LEAVE1),
			{ H2, NULL } },
		{ 50, 50, NULL, BOTH(ENTER1, LEAVE2),
			BOTH("subsurface 1 " ENTER1, "subsurface 1 " LEAVE2),
			{ H1, NULL } },
	},
	.step_count = 9,
};

/* HEADLESS-2 starts at 1000: 800..1000 is no output at all. */
static const struct layout_case gap = {
	.name = "subsurface across a gap between outputs",
	.outputs = {
		"--output", "HEADLESS-1 mode 800x600 scale 1 position 0,0",
		"--output", "HEADLESS-2 mode 1600x1200 scale 2 position 1000,0",
		NULL,
	},
	.subsurface = "150,20,100x50",
	.steps = {
		{ 300, 100, NULL, NONE, NONE, { H1, NULL } },
		{ 600, 100, NULL, NONE, NONE, { H1, NULL } },
		// The subsurface 850..950 is on no output.
		{ 700, 100, NULL, NONE, ONE("subsurface 1 " LEAVE1), { H1, NULL } },
		{ 760, 100, NULL, NONE, ONE("subsurface 1 " ENTER2), { H1, NULL } },
		{ 850, 100, NULL, BOTH(ENTER2, LEAVE1), NONE, { H2, NULL } },
		{ 700, 100, NULL, BOTH(ENTER1, LEAVE2), ONE("subsurface 1 " LEAVE2),
			{ H1, NULL } },
		{ 100, 100, NULL, NONE, ONE("subsurface 1 " ENTER1), { H1, NULL } },
	},
	.step_count = 7,
};

/* HEADLESS-2 below; the subsurface 100x60 at 20,80 sticks out 40 below. */
static const struct layout_case vertical = {
	.name = "subsurface across a horizontal seam",
	.outputs = {
		"--output", "HEADLESS-1 mode 800x600 scale 1 position 0,0",
		"--output", "HEADLESS-2 mode 1600x1200 scale 2 position 0,600",
		NULL,
	},
	.subsurface = "20,80,100x60",
	.steps = {
		{ 300, 250, NULL, NONE, NONE, { H1, NULL } },
		// The subsurface ends at 600 exactly, then one pixel more.
		{ 300, 460, NULL, NONE, NONE, { H1, NULL } },
		{ 300, 461, NULL, NONE, ONE("subsurface 1 " ENTER2), { H1, NULL } },
		{ 300, 520, NULL, ONE(ENTER2), ONE("subsurface 1 " LEAVE1),
			{ H1, H2, NULL } },
		{ 300, 700, NULL, ONE(LEAVE1), NONE, { H2, NULL } },
		{ 300, 100, NULL, BOTH(ENTER1, LEAVE2),
			BOTH("subsurface 1 " ENTER1, "subsurface 1 " LEAVE2),
			{ H1, NULL } },
	},
	.step_count = 6,
};

/*
 * The popup 100x60 hangs from window point 191,51 (anchor rectangle
 * 190,50 1x1, bottom-right); with the window at 300,100 it covers
 * 491..591 and stays unconstrained.
 */
static const struct layout_case popup_seam = {
	.name = "popup across a seam",
	.outputs = SIDE_BY_SIDE,
	.popup = "popup 190 50 100 60",
	.popup_opened = ONE("popup " ENTER1),
	.steps = {
		{ 300, 100, NULL, NONE, NONE, { H1, NULL } },
		// The popup 741..841 spans the seam, the window does not.
		{ 550, 100, NULL, NONE, ONE("popup " ENTER2), { H1, NULL } },
		// The popup 811..911 is all on HEADLESS-2, the window spans.
		{ 620, 100, NULL, ONE(ENTER2), ONE("popup " LEAVE1), { H1, H2, NULL } },
		{ 900, 100, NULL, ONE(LEAVE1), NONE, { H2, NULL } },
		{ 620, 100, NULL, ONE(ENTER1), NONE, { H1, H2, NULL } },
		{ 550, 100, NULL, ONE(LEAVE2), ONE("popup " ENTER1), { H1, NULL } },
		{ 300, 100, NULL, NONE, ONE("popup " LEAVE2), { H1, NULL } },
		{ 1000, 300, NULL, BOTH(ENTER2, LEAVE1),
			BOTH("popup " ENTER2, "popup " LEAVE1), { H2, NULL } },
		{ 300, 100, NULL, BOTH(ENTER1, LEAVE2),
			BOTH("popup " ENTER1, "popup " LEAVE2), { H1, NULL } },
	},
	.step_count = 9,
};

/*
 * The subsurface 50x50 at 10,20 is inside the window, and the window spans
 * the seam: moving the subsurface within the window changes its outputs
 * without changing what the window covers as a whole.
 */
static const struct layout_case inner = {
	.name = "subsurface moved within a window across a seam",
	.outputs = SIDE_BY_SIDE,
	.subsurface = "10,20,50x50",
	.steps = {
		{ 300, 100, NULL, NONE, NONE, { H1, NULL } },
		// Main 700..900, the subsurface 710..760.
		{ 700, 100, NULL, ONE(ENTER2), NONE, { H1, H2, NULL } },
		{ 700, 100, "subsurface-move 1 130 20", NONE,
			BOTH("subsurface 1 " ENTER2, "subsurface 1 " LEAVE1),
			{ H1, H2, NULL } },
		{ 700, 100, "subsurface-move 1 75 20", NONE,
			ONE("subsurface 1 " ENTER1), { H1, H2, NULL } },
		{ 700, 100, "subsurface-move 1 10 20", NONE,
			ONE("subsurface 1 " LEAVE2), { H1, H2, NULL } },
		// Out of the window, 950..1000: now the window's extent changes.
		{ 700, 100, "subsurface-move 1 250 20", NONE,
			BOTH("subsurface 1 " ENTER2, "subsurface 1 " LEAVE1),
			{ H1, H2, NULL } },
		{ 300, 100, NULL, ONE(LEAVE2),
			BOTH("subsurface 1 " ENTER1, "subsurface 1 " LEAVE2),
			{ H1, NULL } },
	},
	.step_count = 7,
};

static bool check_surface_events(const struct lines *lines,
		const char *const *prefixes, const struct events *expected,
		const char *what) {
	struct lines events;
	lines_filter(lines, prefixes, &events);
	bool ok = expected->any_order ?
			CHECK_LINES_UNORDERED(&events, expected->lines, what) :
			CHECK_LINES(&events, expected->lines, what);
	lines_free(&events);
	return ok;
}

/* No enter or leave line but those of the main surface and other. */
static bool check_no_stray_events(const struct lines *lines,
		const char *const *other, const char *what) {
	struct lines all, mine, theirs;
	lines_filter(lines, all_events, &all);
	lines_filter(lines, main_events, &mine);
	lines_filter(lines, other, &theirs);
	bool ok = CHECK(all.count == mine.count + theirs.count,
			"%s: enter/leave lines of an unexpected surface", what);
	if (!ok) {
		for (size_t i = 0; i < all.count; i++) {
			fprintf(stderr, "  \"%s\"\n", all.line[i]);
		}
	}
	lines_free(&all);
	lines_free(&mine);
	lines_free(&theirs);
	return ok;
}

static bool check_step_lines(const struct lines *lines,
		const struct events *main, const char *const *other_prefixes,
		const struct events *other, const char *what) {
	char what_main[160], what_other[160];
	snprintf(what_main, sizeof(what_main), "main surface, %s", what);
	snprintf(what_other, sizeof(what_other), "%s, %s",
			other_prefixes == sub_events ? "subsurface" : "popup", what);
	bool ok = check_surface_events(lines, main_events, main, what_main);
	ok = check_surface_events(lines, other_prefixes, other, what_other) && ok;
	return check_no_stray_events(lines, other_prefixes, what) && ok;
}

struct moved {
	const char *app_id;
	int x, y;
	const char *const *outputs; // NULL: any
};

static bool window_moved(struct json_object *window, void *data) {
	const struct moved *m = data;
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	struct json_object *x = json_path(window, "x", json_type_int);
	struct json_object *y = json_path(window, "y", json_type_int);
	return app_id && x && y &&
			strcmp(json_object_get_string(app_id), m->app_id) == 0 &&
			json_object_get_int(x) == m->x && json_object_get_int(y) == m->y &&
			(m->outputs == NULL || window_outputs_are(window, m->outputs));
}

/* gridctl windows must say the window is at x, y on the outputs. */
static bool check_window(struct harness *h, const char *app_id, int x, int y,
		const char *const *outputs) {
	char what[96];
	snprintf(what, sizeof(what), "%s at %d,%d", app_id, x, y);
	struct moved m = { app_id, x, y, outputs };
	struct json_object *window =
			harness_wait_window(h, window_moved, &m, HARNESS_TIMEOUT_MS, what);
	bool ok = CHECK(window != NULL, "gridctl windows disagrees: %s", what);
	json_object_put(window);
	return ok;
}

/* gridctl move, then gridctl windows must agree on where it is. */
static bool move_window(struct harness *h, const char *app_id, int64_t id,
		int x, int y, const char *const *outputs) {
	char id_text[32], x_text[16], y_text[16];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	snprintf(x_text, sizeof(x_text), "%d", x);
	snprintf(y_text, sizeof(y_text), "%d", y);
	struct json_object *reply =
			harness_gridctl_ok(h, "move", id_text, x_text, y_text, NULL);
	REQUIRE(reply != NULL, "gridctl move %s %d %d failed", id_text, x, y);
	json_object_put(reply);
	return check_window(h, app_id, x, y, outputs);
}

/* The lines up to the first that starts with prefix, then those up to a
 * sync: everything the compositor sent until it handled what came before. */
static bool lines_until_synced(struct harness_client *client,
		const char *prefix, struct lines *lines) {
	struct lines more;
	if (!client_lines_until(client, prefix, lines)) {
		return false;
	}
	if (!client_sync_lines(client, &more)) {
		lines_free(lines);
		return false;
	}
	for (size_t i = 0; i < more.count; i++) {
		lines_add(lines, more.line[i]);
		more.line[i] = NULL;
	}
	lines_free(&more);
	return true;
}

/* Starts the client and waits until it is shown; its id in *id. All the
 * lines it printed up to a sync after its first frame go to lines. */
static struct harness_client *start_client(struct harness *h,
		const char *app_id, const char *const *extra, struct lines *lines,
		int64_t *id) {
	const char *args[16] = { "--app-id", app_id, "--size", WINDOW_SIZE };
	size_t n = 4;
	for (size_t i = 0; extra != NULL && extra[i] != NULL && n < 15; i++) {
		args[n++] = extra[i];
	}
	args[n] = NULL;
	struct harness_client *client =
			harness_spawn_pattern_client(h, app_id, args);
	if (client == NULL) {
		fprintf(stderr, "cannot start the pattern client\n");
		return NULL;
	}
	if (!lines_until_synced(client, "ready ", lines)) {
		fprintf(stderr, "%s not shown\n", app_id);
		harness_client_kill(client);
		return NULL;
	}
	*id = wait_window_id(h, app_id);
	if (*id <= 0) {
		lines_free(lines);
		harness_client_kill(client);
		return NULL;
	}
	return client;
}

static bool run_steps(struct harness *h, const struct layout_case *c) {
	const char *sub_args[] = { "--subsurface", c->subsurface, NULL };
	const char *const *other = c->subsurface ? sub_events : popup_events;
	struct lines lines;
	int64_t id;
	struct harness_client *client = start_client(h, "mover",
			c->subsurface ? sub_args : NULL, &lines, &id);
	REQUIRE(client != NULL, "client not shown");
	// Mapped centred on HEADLESS-1, where the pointer starts.
	const struct events mapped = ONE(ENTER1);
	const struct events sub_mapped = ONE("subsurface 1 " ENTER1);
	const struct events nothing = NONE;
	bool ok = check_step_lines(&lines, &mapped, other,
			c->subsurface ? &sub_mapped : &nothing, "when mapped");
	lines_free(&lines);

	for (size_t i = 0; i < c->step_count; i++) {
		const struct step *step = &c->steps[i];
		char what[96];
		if (step->command != NULL) {
			REQUIRE(harness_client_send(client, "%s", step->command),
					"cannot send %s", step->command);
			snprintf(what, sizeof(what), "after \"%s\"", step->command);
		} else {
			snprintf(what, sizeof(what), "after moving to %d,%d", step->x,
					step->y);
			ok = move_window(h, "mover", id, step->x, step->y, step->outputs) &&
					ok;
		}
		REQUIRE(client_sync_lines(client, &lines), "no sync from the client");
		if (step->command != NULL) {
			// Moving it again would send every event due: it must stay.
			ok = check_window(h, "mover", step->x, step->y, step->outputs) &&
					ok;
		}
		ok = check_step_lines(&lines, &step->main, other, &step->other, what) &&
				ok;
		lines_free(&lines);
		if (i == 0 && c->popup != NULL) {
			REQUIRE(harness_client_send(client, "%s", c->popup),
					"cannot send %s", c->popup);
			REQUIRE(lines_until_synced(client, "popup ready ", &lines),
					"the popup is not shown");
			ok = check_step_lines(&lines, &nothing, other, &c->popup_opened,
						 "when the popup is shown") &&
					ok;
			lines_free(&lines);
		}
	}
	if (c->popup != NULL) {
		// A popup its client destroys is told nothing more, and neither
		// is the window: it covers what it did.
		ok = CHECK(harness_client_send(client, "popup-close"), "send") && ok;
		REQUIRE(client_sync_lines(client, &lines), "no sync from the client");
		struct lines done;
		const char *const done_prefix[] = { "popup", "error", NULL };
		lines_filter(&lines, done_prefix, &done);
		const char *none[] = { NULL };
		ok = CHECK_LINES(&done, none, "popup lines after popup-close") && ok;
		ok = check_step_lines(&lines, &nothing, other, &nothing,
					 "after popup-close") &&
				ok;
		lines_free(&done);
		lines_free(&lines);
	}
	harness_client_kill(client);
	return ok;
}

static bool run_layout_case(const void *data) {
	const struct layout_case *c = data;
	struct harness *h = harness_start(c->outputs);
	REQUIRE(h != NULL, "gridwl did not start");
	bool ok = run_steps(h, c);
	return harness_stop(h, ok);
}

/*
 * Popup placement, in the side-by-side layout. gridwl keeps a popup inside
 * the output under its anchor point, so these follow xdg_positioner's rules
 * with that output as the constraint: flip swaps anchor and gravity on the
 * constrained axis if that makes it fit, else slide moves it just inside,
 * resize shrinks it to what is inside.
 */
struct placement {
	int x, y; // the window
	const char *command;
	const char *configure; // the expected popup configure line
	struct events entered;
};

static const struct placement placements[] = {
	// The anchor 791,151 is on HEADLESS-1; 791..891 crosses its edge.
	{ 600, 100, "popup 190 50 100 60", "popup configure 90 51 100 60",
			ONE("popup " ENTER1) },
	{ 600, 100, "popup 190 50 100 60 slide", "popup configure 100 51 100 60",
			ONE("popup " ENTER1) },
	{ 600, 100, "popup 190 50 100 60 resize", "popup configure 191 51 9 60",
			ONE("popup " ENTER1) },
	// Nothing allowed: it stays where it was put, across the seam.
	{ 600, 100, "popup 190 50 100 60 none", "popup configure 191 51 100 60",
			BOTH("popup " ENTER1, "popup " ENTER2) },
	// The anchor at 799, the last column of HEADLESS-1, then at 800, the
	// first of HEADLESS-2, where the popup fits as it is.
	{ 608, 100, "popup 190 50 100 60", "popup configure 90 51 100 60",
			ONE("popup " ENTER1) },
	{ 609, 100, "popup 190 50 100 60", "popup configure 191 51 100 60",
			ONE("popup " ENTER2) },
	// Near the bottom: 571..631 crosses 600; flip puts it above the anchor
	// rectangle (ending at its top, 90), slide ends it at 600.
	{ 300, 480, "popup 50 90 100 60", "popup configure 51 30 100 60",
			ONE("popup " ENTER1) },
	{ 300, 480, "popup 50 90 100 60 slide", "popup configure 51 60 100 60",
			ONE("popup " ENTER1) },
	// The right edge of HEADLESS-2 (1600) constrains as HEADLESS-1's does.
	{ 1350, 100, "popup 190 50 100 60", "popup configure 90 51 100 60",
			ONE("popup " ENTER2) },
	{ 1350, 100, "popup 190 50 100 60 slide", "popup configure 150 51 100 60",
			ONE("popup " ENTER2) },
};

static bool place(struct harness *h, struct harness_client *client,
		const char *app_id, int64_t id, const struct placement *p) {
	char what[128];
	snprintf(what, sizeof(what), "%s: \"%s\" with the window at %d,%d", app_id,
			p->command, p->x, p->y);
	REQUIRE(move_window(h, app_id, id, p->x, p->y, NULL), "%s", what);
	struct lines lines;
	REQUIRE(client_sync_lines(client, &lines), "no sync from the client");
	lines_free(&lines);
	REQUIRE(harness_client_send(client, "%s", p->command), "send");
	REQUIRE(lines_until_synced(client, "popup ready ", &lines),
			"popup not shown: %s", what);

	const char *const configure_prefix[] = { "popup configure ", NULL };
	const char *configure[] = { p->configure, NULL };
	struct lines configures;
	lines_filter(&lines, configure_prefix, &configures);
	bool ok = CHECK_LINES(&configures, configure, what);
	lines_free(&configures);
	const struct events nothing = NONE;
	ok = check_step_lines(&lines, &nothing, popup_events, &p->entered, what) &&
			ok;
	lines_free(&lines);
	REQUIRE(client_command_synced(client, "popup-close"), "popup-close");
	return ok;
}

/*
 * The same without a window geometry, and a subsurface sticking out 50 to
 * the left: the window geometry is then the extents, from -50 on in the
 * main surface's coordinates, and the anchor rectangle counts from there.
 */
static const char *const left_args[] = {
	"--subsurface",
	"-50,0,50x50",
	"--no-window-geometry",
	NULL,
};

static const struct placement left_placements[] = {
	// Main surface 350..550, the popup 541..641: unconstrained.
	{ 300, 100, "popup 240 50 100 60", "popup configure 241 51 100 60",
			ONE("popup " ENTER1) },
	// The anchor 791,151 is on HEADLESS-1 and 791..891 crosses its edge,
	// as in the first case above.
	{ 550, 100, "popup 240 50 100 60", "popup configure 140 51 100 60",
			ONE("popup " ENTER1) },
	{ 550, 100, "popup 240 50 100 60 slide", "popup configure 150 51 100 60",
			ONE("popup " ENTER1) },
};

static bool run_placements(struct harness *h, const char *app_id,
		const char *const *args, const struct placement *cases, size_t count) {
	struct lines lines;
	int64_t id;
	struct harness_client *client = start_client(h, app_id, args, &lines, &id);
	REQUIRE(client != NULL, "%s not shown", app_id);
	lines_free(&lines);
	bool ok = true;
	for (size_t i = 0; i < count; i++) {
		ok = place(h, client, app_id, id, &cases[i]) && ok;
	}
	harness_client_kill(client);
	return ok;
}

static bool run_placement(const void *data) {
	const char *outputs[] = SIDE_BY_SIDE;
	struct harness *h = harness_start(outputs);
	REQUIRE(h != NULL, "gridwl did not start");
	bool ok = run_placements(h, "placed", NULL, placements,
			sizeof(placements) / sizeof(placements[0]));
	ok = run_placements(h, "placed-left", left_args, left_placements,
				 sizeof(left_placements) / sizeof(left_placements[0])) &&
			ok;
	return harness_stop(h, ok);
}

/*
 * Screenshots: a solid window with a coordinate-encoding subsurface. Where
 * the subsurface's buffer scale is the output's, its pixels are copied 1:1;
 * a scale-1 subsurface reaching the scale-2 output is replicated 2x2
 * (nearest, the default filter). Either way every pixel is known exactly.
 */
struct shot_window {
	const char *app_id;
	const char *const *args;
	int x, y; // where it is moved, logical
	uint32_t colour; // of the main surface
	struct image_region sub; // relative to the window, logical
	int sub_scale;
};

struct shot_output {
	const char *name;
	int x, y, scale; // logical position
};

struct shot_expect {
	const struct shot_output *output;
	const struct shot_window *windows;
	size_t count;
};

static bool in_range(int v, int start, int length) {
	return v >= start && v < start + length;
}

static uint32_t shot_pixel(void *data, int px, int py) {
	const struct shot_expect *e = data;
	int s = e->output->scale;
	// Physical pixels of the whole layout at this output's scale.
	int gx = e->output->x * s + px, gy = e->output->y * s + py;
	for (size_t i = 0; i < e->count; i++) {
		const struct shot_window *w = &e->windows[i];
		int sx = (w->x + w->sub.x) * s, sy = (w->y + w->sub.y) * s;
		if (in_range(gx, sx, w->sub.width * s) &&
				in_range(gy, sy, w->sub.height * s)) {
			int k = s / w->sub_scale; // buffer pixel size, physical
			struct pattern coords = { .kind = PATTERN_COORDS };
			return pattern_pixel(&coords, (gx - sx) / k, (gy - sy) / k,
					w->sub.width * w->sub_scale, w->sub.height * w->sub_scale);
		}
		if (in_range(gx, w->x * s, WINDOW_WIDTH * s) &&
				in_range(gy, w->y * s, WINDOW_HEIGHT * s)) {
			return w->colour;
		}
	}
	return BACKGROUND;
}

static bool check_shot(struct harness *h, const struct shot_output *output,
		const struct shot_window *windows, size_t count, const char *name,
		bool grim) {
	struct image *image = grim ? screenshot_grim(h, output->name, name) :
								 screenshot_gridctl(h, output->name, name);
	REQUIRE(image != NULL, "no screenshot of %s", output->name);
	struct shot_expect e = { output, windows, count };
	struct image_region all = { 0, 0, image->width, image->height };
	struct image_mismatch mismatch;
	long bad = image_compare(image, all, shot_pixel, &e, &mismatch);
	bool ok = CHECK(bad == 0,
			"%s: %ld pixels differ, the first at %d,%d: "
			"0x%08x, expected 0x%08x",
			name, bad, mismatch.x, mismatch.y, mismatch.actual,
			mismatch.expected);
	if (!ok) {
		check_save_artifact(image, name);
		struct image *diff = image_diff(image, all, shot_pixel, &e);
		if (diff != NULL) {
			char diff_name[128];
			snprintf(diff_name, sizeof(diff_name), "%.96s-diff", name);
			check_save_artifact(diff, diff_name);
			image_destroy(diff);
		}
	}
	image_destroy(image);
	return ok;
}

/* Both outputs, through gridctl's renderer and through what they show
 * (grim: wlr-screencopy of the output's last frame). */
static bool check_shots(struct harness *h, const struct shot_output *h1,
		const struct shot_output *h2, const struct shot_window *windows,
		const char *name) {
	bool ok = true;
	const struct shot_output *outputs[] = { h1, h2 };
	for (size_t i = 0; i < 2; i++) {
		for (int grim = 0; grim < 2; grim++) {
			char full[96];
			snprintf(full, sizeof(full), "%s-%s-%s", name, outputs[i]->name,
					grim ? "grim" : "gridctl");
			ok = check_shot(h, outputs[i], windows, 2, full, grim) && ok;
		}
	}
	return ok;
}

static const char *const shot1_args[] = {
	"--pattern",
	"solid:4080c0",
	"--subsurface",
	"150,20,100x50,1,coords",
	NULL,
};
static const char *const shot2_args[] = {
	"--scale",
	"2",
	"--pattern",
	"solid:c08040",
	"--subsurface",
	"150,20,100x50,2,coords",
	NULL,
};

static bool run_screenshots(const void *data) {
	const char *outputs[] = SIDE_BY_SIDE;
	static const struct shot_output h1 = { H1, 0, 0, 1 };
	static const struct shot_output h2 = { H2, 800, 0, 2 };
	struct shot_window windows[] = {
		{ "shot1", shot1_args, 100, 100, 0xff4080c0u, { 150, 20, 100, 50 }, 1 },
		{ "shot2", shot2_args, 900, 100, 0xffc08040u, { 150, 20, 100, 50 }, 2 },
	};
	struct harness *h = harness_start(outputs);
	REQUIRE(h != NULL, "gridwl did not start");
	struct harness_client *clients[2] = { 0 };
	int64_t ids[2] = { 0 };
	bool ok = true;
	for (size_t i = 0; ok && i < 2; i++) {
		struct lines lines;
		clients[i] = start_client(h, windows[i].app_id, windows[i].args, &lines,
				&ids[i]);
		ok = CHECK(clients[i] != NULL, "%s not shown", windows[i].app_id);
		lines_free(&lines);
		ok = ok &&
				move_window(h, windows[i].app_id, ids[i], windows[i].x,
						windows[i].y, NULL);
	}
	if (ok) {
		ok = check_shots(h, &h1, &h2, windows, "sub-1to1");
		// The scale-1 subsurface 750..850 across the seam.
		windows[0].x = 600;
		windows[0].y = 300;
		ok = move_window(h, "shot1", ids[0], 600, 300, NULL) && ok;
		ok = check_shots(h, &h1, &h2, windows, "sub-seam") && ok;
		// Into the window, then within it: the second move leaves the
		// window's extent as it is, and what the subsurface left must
		// still be repainted.
		const struct image_region inside[] = {
			{ 20, 20, 100, 50 },
			{ 90, 40, 100, 50 },
		};
		for (size_t i = 0; i < 2; i++) {
			windows[0].sub = inside[i];
			char command[64], name[32];
			snprintf(command, sizeof(command), "subsurface-move 1 %d %d",
					inside[i].x, inside[i].y);
			snprintf(name, sizeof(name), "sub-inside%zu", i + 1);
			ok = CHECK(client_command_synced(clients[0], command), "%s",
						 command) &&
					ok;
			ok = check_shots(h, &h1, &h2, windows, name) && ok;
		}
	}
	for (size_t i = 0; i < 2; i++) {
		if (clients[i] != NULL) {
			harness_client_kill(clients[i]);
		}
	}
	return harness_stop(h, ok);
}

int main(void) {
	static const struct layout_case *const cases[] = {
		&side_by_side,
		&gap,
		&vertical,
		&inner,
		&popup_seam,
	};
	struct check_suite suite = { 0 };
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		check_run(&suite, cases[i]->name, run_layout_case, cases[i]);
	}
	check_run(&suite, "popup placement inside the output under the anchor",
			run_placement, NULL);
	check_run(&suite, "subsurface pixels at scale 1 and 2 and across the seam",
			run_screenshots, NULL);
	return check_finish(&suite);
}
