#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "layout-expect.h"
#include "resample-fixture.h"
#include "screenshots.h"

/*
 * Hotplug loses nothing. Two pattern clients draw (one window across the
 * seam of the two starting outputs), and outputs of mixed sizes and scales
 * are created and destroyed again and again, with windows moved onto a new
 * output (wholly, or across its seam) before it goes. After every change
 * every window must be on some output (gridctl windows lists outputs, and
 * its logical box meets one of gridctl outputs), keep its logical size, and
 * its clients must still answer; every few cycles, screenshots of the
 * outputs the windows are on must show their patterns, pixel for pixel.
 * Twice, one of the starting outputs is replaced under its own name.
 * Then the same goes on, more lightly, up to 500 cycles, while the clients
 * keep redrawing a part of their windows (inverted and back, so that the
 * patterns hold at every check).
 * Last, an output with a fullscreen window on it is destroyed, twice, and
 * the output to the left of one, which then slides into its place. And an
 * output is disabled rather than destroyed, as DRM unplugging often is.
 */

#define CYCLES 30
// Then lighter cycles up to 500 in all, with the clients redrawing
// throughout: placement checked after every one that moved a window and
// every fifth, pixels every PIXEL_EVERY. (Each check is a gridctl process,
// which under ASan costs more than the cycle.)
#define TOTAL_CYCLES 500
#define PIXEL_EVERY 50
#define START_A "HEADLESS-1 mode 640x480 scale 1"
#define START_B "HEADLESS-2 mode 1280x960 scale 2"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

struct churn_window {
	const char *app_id;
	const char *pattern;
	int buffer_scale, width, height;
	bool fullscreen;
	int64_t id;
	struct harness_client *client;
};

static struct churn_window churn_window_of(const char *app_id,
		const char *pattern, int buffer_scale, int width, int height) {
	return (struct churn_window){ .app_id = app_id,
		.pattern = pattern,
		.buffer_scale = buffer_scale,
		.width = width,
		.height = height };
}

static bool spawn_window(struct harness *h, struct churn_window *w,
		const char *fullscreen_on) {
	w->client = rs_spawn(h, w->app_id, w->pattern, w->buffer_scale,
			fullscreen_on, w->width, w->height);
	REQUIRE(w->client != NULL, "no client %s", w->app_id);
	w->id = wait_window_id(h, w->app_id);
	return w->id > 0;
}

static bool create_output(struct harness *h, const char *mode, int scale,
		char *name, size_t size) {
	char scale_text[8];
	snprintf(scale_text, sizeof(scale_text), "%d", scale);
	struct json_object *reply = harness_gridctl_ok(h, "create-output", mode,
			"scale", scale_text, NULL);
	REQUIRE(reply != NULL, "create-output %s scale %d failed", mode, scale);
	struct json_object *n = json_path(reply, "name", json_type_string);
	bool ok = CHECK(n != NULL, "create-output gave no name: %s",
			json_object_to_json_string(reply));
	if (ok) {
		snprintf(name, size, "%s", json_object_get_string(n));
	}
	json_object_put(reply);
	return ok;
}

static bool destroy_output(struct harness *h, const char *name) {
	struct json_object *reply =
			harness_gridctl_ok(h, "destroy-output", name, NULL);
	json_object_put(reply);
	return reply != NULL;
}

/* The window's box from gridctl windows, with its pattern and scale. */
static bool read_window(struct harness *h, const struct churn_window *w,
		struct layout_window *lw) {
	*lw = (struct layout_window){ .buffer_scale = w->buffer_scale };
	REQUIRE(pattern_parse(w->pattern, &lw->pattern), "bad pattern");
	return layout_window_read(h, w->app_id, lw);
}

/* Visible, listed on exactly the outputs it meets, and of its own size. */
static bool check_window_placed(const struct layout *layout,
		struct json_object *obj, const struct churn_window *w,
		const char *what) {
	REQUIRE(obj != NULL, "%s: gridctl windows lost %s", what, w->app_id);
	struct layout_window lw = { 0 };
	struct json_object *x = json_path(obj, "x", json_type_int);
	struct json_object *y = json_path(obj, "y", json_type_int);
	struct json_object *width = json_path(obj, "width", json_type_int);
	struct json_object *height = json_path(obj, "height", json_type_int);
	struct json_object *outputs = json_path(obj, "outputs", json_type_array);
	REQUIRE(x && y && width && height && outputs,
			"%s: window %s has no "
			"box or outputs: %s",
			what, w->app_id, json_object_to_json_string(obj));
	lw.x = json_object_get_int(x);
	lw.y = json_object_get_int(y);
	lw.width = json_object_get_int(width);
	lw.height = json_object_get_int(height);
	bool ok = true;
	if (!w->fullscreen) {
		ok = CHECK(lw.width == w->width && lw.height == w->height,
				"%s: window %s should keep its size %dx%d, is %dx%d", what,
				w->app_id, w->width, w->height, lw.width, lw.height);
	}
	size_t listed = json_object_array_length(outputs);
	ok = CHECK(listed > 0,
				 "%s: window %s at %d,%d %dx%d is on no output: "
				 "%s",
				 what, w->app_id, lw.x, lw.y, lw.width, lw.height,
				 json_object_to_json_string(obj)) &&
			ok;
	size_t meets = 0;
	for (size_t i = 0; i < layout->count; i++) {
		const struct layout_output *o = &layout->outputs[i];
		int ox, oy, ow, oh;
		bool overlaps = layout_overlap(o, &lw, &ox, &oy, &ow, &oh);
		bool in_list = json_array_find_string(outputs, o->name) >= 0;
		meets += overlaps;
		ok = CHECK(overlaps == in_list,
					 "%s: window %s at %d,%d %dx%d %s "
					 "%s (%d,%d %dx%d) but gridctl windows says %s",
					 what, w->app_id, lw.x, lw.y, lw.width, lw.height,
					 overlaps ? "meets" : "misses", o->name, o->x, o->y,
					 o->width, o->height,
					 json_object_to_json_string(outputs)) &&
				ok;
	}
	return CHECK(meets > 0,
				   "%s: window %s at %d,%d %dx%d meets no output's "
				   "box",
				   what, w->app_id, lw.x, lw.y, lw.width, lw.height) &&
			ok;
}

static struct json_object *find_app_id(struct json_object *list,
		const char *app_id) {
	return json_array_find(list, "app_id", app_id);
}

static bool check_visible(struct harness *h, struct churn_window *windows,
		size_t count, const char *what) {
	struct layout layout;
	REQUIRE(layout_read(h, &layout), "%s: cannot read the layout", what);
	REQUIRE(layout.count > 0, "%s: no output left", what);
	struct json_object *reply = harness_gridctl_ok(h, "windows", NULL);
	REQUIRE(reply != NULL, "%s: gridctl windows failed", what);
	struct json_object *list = json_path(reply, "windows", json_type_array);
	bool ok = CHECK(list != NULL && json_object_array_length(list) == count,
			"%s: want %zu windows: %s", what, count,
			json_object_to_json_string(reply));
	for (size_t i = 0; i < count; i++) {
		ok = check_window_placed(&layout, find_app_id(list, windows[i].app_id),
					 &windows[i], what) &&
				ok;
	}
	json_object_put(reply);
	return ok;
}

/* Still running, still answering, and no error line since last time. */
static bool check_clients(struct churn_window *windows, size_t count,
		const char *what) {
	bool ok = true;
	for (size_t i = 0; i < count; i++) {
		struct churn_window *w = &windows[i];
		struct lines lines = { 0 };
		bool synced = harness_client_running(w->client) &&
				client_sync_lines(w->client, &lines);
		ok = CHECK(synced, "%s: client %s is gone or does not answer", what,
					 w->app_id) &&
				ok;
		for (size_t l = 0; l < lines.count; l++) {
			ok = CHECK(strncmp(lines.line[l], "error", 5) != 0 &&
								 strcmp(lines.line[l], "disconnected") != 0,
						 "%s: client %s said \"%s\"", what, w->app_id,
						 lines.line[l]) &&
					ok;
		}
		lines_free(&lines);
	}
	return ok;
}

/* Every window still placed and every client still answering. */
static bool check_kept(struct harness *h, struct churn_window *windows,
		size_t count, const char *what) {
	return check_visible(h, windows, count, what) &&
			check_clients(windows, count, what);
}

/* The output the window has most of, as gridwl picks a window's filter. */
static const struct layout_output *main_output(const struct layout *layout,
		const struct layout_window *lw) {
	const struct layout_output *best = NULL;
	long best_area = 0;
	for (size_t i = 0; i < layout->count; i++) {
		int x, y, w, h;
		if (layout_overlap(&layout->outputs[i], lw, &x, &y, &w, &h) &&
				(long)w * h > best_area) {
			best = &layout->outputs[i];
			best_area = (long)w * h;
		}
	}
	return best;
}

/* Raises each window in turn and compares the whole of the output it is
 * mostly on: it on top, the others under it, background elsewhere. */
static bool check_pixels(struct harness *h, struct churn_window *windows,
		size_t count, const char *tag) {
	struct layout layout;
	REQUIRE(layout_read(h, &layout), "cannot read the layout");
	bool ok = true;
	for (size_t top = 0; top < count; top++) {
		char id[32];
		snprintf(id, sizeof(id), "%lld", (long long)windows[top].id);
		struct json_object *reply = harness_gridctl_ok(h, "focus", id, NULL);
		json_object_put(reply);
		REQUIRE(reply != NULL, "cannot raise %s", windows[top].app_id);
		struct layout_window stack[LAYOUT_MAX_WINDOWS];
		size_t n = 0;
		for (size_t i = 0; i < count; i++) {
			if (i != top) {
				REQUIRE(read_window(h, &windows[i], &stack[n++]), "no window");
			}
		}
		REQUIRE(read_window(h, &windows[top], &stack[n++]), "no window");
		const struct layout_output *o = main_output(&layout, &stack[n - 1]);
		REQUIRE(o != NULL, "%s: window %s is on no output", tag,
				windows[top].app_id);
		char name[128];
		snprintf(name, sizeof(name), "churn-%s-%s-%s", tag, windows[top].app_id,
				o->name);
		struct image *shot = screenshot_gridctl(h, o->name, name);
		struct expected *e = layout_expect_output(o, stack, n);
		ok = CHECK(shot != NULL && e != NULL,
					 "%s: no screenshot or "
					 "expectation",
					 name) &&
				CHECK_EXPECTED(shot, e, name) && ok;
		expected_destroy(e);
		image_destroy(shot);
	}
	return ok;
}

/* What the resample cache must hold once settled: one copy per window and
 * per (scale, filter) of the outputs showing it at a scale not its own. */
static bool check_cache(struct harness *h, struct churn_window *windows,
		size_t count, const char *what) {
	struct layout layout;
	REQUIRE(layout_read(h, &layout), "cannot read the layout");
	int64_t want = 0;
	for (size_t i = 0; i < count; i++) {
		struct layout_window lw;
		REQUIRE(read_window(h, &windows[i], &lw), "no window");
		bool seen[16][2] = { { false } };
		for (size_t o = 0; o < layout.count; o++) {
			const struct layout_output *out = &layout.outputs[o];
			int x, y, w, hgt;
			if (out->scale != lw.buffer_scale && out->scale < 16 &&
					layout_overlap(out, &lw, &x, &y, &w, &hgt) &&
					!seen[out->scale][out->filter]) {
				seen[out->scale][out->filter] = true;
				want++;
			}
		}
	}
	int64_t entries;
	REQUIRE(rs_stat_settled(h, "resample_cache_entries", &entries),
			"no resample_cache_entries");
	return CHECK(entries == want,
			"%s: the resample cache holds %lld "
			"copies, the windows on screen need %lld",
			what, (long long)entries, (long long)want);
}

static bool move_to(struct harness *h, struct churn_window *w, int x, int y) {
	return CHECK(rs_place(h, w->app_id, x, y) == w->id,
			"cannot move %s to %d,%d", w->app_id, x, y);
}

/* Puts w in the middle of o, one logical pixel off so odd offsets show. */
static bool move_onto(struct harness *h, struct churn_window *w,
		const struct layout_output *o) {
	return move_to(h, w, o->x + (o->width - w->width) / 2 + 1,
			o->y + (o->height - w->height) / 2 + 1);
}

/* One of the outputs gridwl started with goes, with a window across its
 * seam, while a newer one is to its right (which then slides left into its
 * place), and comes back under its old name. */
static bool replace_original(struct harness *h, struct churn_window *windows,
		size_t count, int cycle) {
	char what[64], name[32];
	snprintf(what, sizeof(what), "cycle %d, HEADLESS-2 replaced", cycle);
	bool ok = move_to(h, &windows[0], 541, 201);
	ok = destroy_output(h, "HEADLESS-2") && ok;
	ok = check_visible(h, windows, count, what) && ok;
	ok = check_clients(windows, count, what) && ok;
	ok = create_output(h, "1280x960", 2, name, sizeof(name)) && ok;
	ok = CHECK(strcmp(name, "HEADLESS-2") == 0,
				 "%s: the first free name "
				 "is HEADLESS-2, got %s",
				 what, name) &&
			ok;
	ok = check_visible(h, windows, count, what) && ok;
	char tag[32];
	snprintf(tag, sizeof(tag), "c%d-replaced", cycle);
	return check_pixels(h, windows, count, tag) && ok;
}

static bool run_cycle(struct harness *h, struct churn_window *windows,
		size_t count, int cycle) {
	static const int scales[] = { 1, 2, 3, 4, 2, 3 };
	struct churn_window *span = &windows[0], *inner = &windows[1];
	// Logical sizes stay integral at every scale from 1 to 4.
	const char *mode = cycle % 3 == 0 ? "1440x960" : "960x720";
	int scale = scales[cycle % COUNT(scales)];
	char what[96], name[32], second[32] = "";
	snprintf(what, sizeof(what), "cycle %d (%s scale %d)", cycle, mode, scale);
	REQUIRE(create_output(h, mode, scale, name, sizeof(name)), "%s", what);
	bool ok = true;
	if (cycle % 10 == 0 && cycle > 0) {
		ok = replace_original(h, windows, count, cycle);
	}
	struct layout layout;
	REQUIRE(layout_read(h, &layout), "cannot read the layout");
	const struct layout_output *o = layout_find(&layout, name);
	REQUIRE(o != NULL && o->scale == scale,
			"%s: the new output %s is not "
			"in gridctl outputs at scale %d",
			what, name, scale);
	struct layout_output fresh = *o;
	if (cycle % 2 == 1) {
		// Bilinear now and then, so copies of both filters come and go.
		// gridwl keeps the line for later outputs of this name, as any
		// run-time line, so the filters are mixed from then on.
		ok = rs_set_filter(h, name, RESAMPLE_BILINEAR) && ok;
	}
	ok = check_visible(h, windows, count, what) && ok;
	char tag[64];
	snprintf(tag, sizeof(tag), "c%d-on-%s", cycle, name);
	switch (cycle % 5) {
	case 0:
		break;
	case 1:
		ok = move_onto(h, inner, &fresh) && ok;
		ok = check_pixels(h, windows, count, tag) && ok;
		break;
	case 2:
		// Across the new output's left edge, at an odd offset.
		ok = move_to(h, span, fresh.x - 99, fresh.y + 51) && ok;
		ok = check_pixels(h, windows, count, tag) && ok;
		break;
	case 3:
		ok = move_onto(h, inner, &fresh) && ok;
		ok = move_to(h, span, fresh.x + 3, fresh.y + 5) && ok;
		break;
	case 4: {
		// A second one, and the windows spread over both; the first goes
		// first, so a window brought back may land on the second just
		// before it goes too.
		ok = create_output(h, "960x720", 4 - scale % 4, second,
					 sizeof(second)) &&
				ok;
		struct layout now;
		ok = layout_read(h, &now) && ok;
		const struct layout_output *o2 = layout_find(&now, second);
		ok = CHECK(o2 != NULL, "%s: no second output", what) && ok;
		if (o2 != NULL) {
			struct layout_output copy = *o2;
			ok = move_onto(h, inner, &copy) && ok;
		}
		ok = move_onto(h, span, &fresh) && ok;
		break;
	}
	}
	ok = check_clients(windows, count, what) && ok;
	ok = destroy_output(h, name) && ok;
	ok = check_visible(h, windows, count, what) && ok;
	if (second[0] != '\0') {
		ok = destroy_output(h, second) && ok;
		ok = check_visible(h, windows, count, what) && ok;
	}
	ok = check_clients(windows, count, what) && ok;
	if (cycle % 5 == 4) {
		snprintf(tag, sizeof(tag), "c%d-after", cycle);
		ok = check_pixels(h, windows, count, tag) && ok;
	}
	return ok;
}

/* Inverts a corner of the window and back, two commits gridwl has not
 * necessarily taken yet when the next output comes or goes. */
static bool redraw(struct churn_window *w) {
	int bw = w->width * w->buffer_scale, bh = w->height * w->buffer_scale;
	char command[64];
	snprintf(command, sizeof(command), "damage 0 0 %d %d", bw / 2, bh / 2);
	return CHECK(harness_client_send(w->client, command) &&
					harness_client_send(w->client, command),
			"cannot make %s redraw", w->app_id);
}

static bool run_light_cycle(struct harness *h, struct churn_window *windows,
		size_t count, int cycle) {
	static const int scales[] = { 1, 2, 3, 4, 3 };
	int scale = scales[cycle % COUNT(scales)];
	const char *mode = cycle % 2 == 0 ? "960x720" : "1440x960";
	char what[96], name[32];
	snprintf(what, sizeof(what), "cycle %d (%s scale %d)", cycle, mode, scale);
	bool ok = true;
	for (size_t i = 0; i < count; i++) {
		ok = redraw(&windows[i]) && ok;
	}
	REQUIRE(create_output(h, mode, scale, name, sizeof(name)), "%s", what);
	if (cycle % 4 == 1) {
		struct layout layout;
		REQUIRE(layout_read(h, &layout), "cannot read the layout");
		const struct layout_output *o = layout_find(&layout, name);
		REQUIRE(o != NULL, "%s: no output %s", what, name);
		struct layout_output fresh = *o;
		struct churn_window *w = &windows[cycle / 4 % count];
		ok = move_onto(h, w, &fresh) && ok;
	}
	ok = destroy_output(h, name) && ok;
	if (cycle % 4 == 1 || cycle % 5 == 0) {
		ok = check_visible(h, windows, count, what) && ok;
	}
	if ((cycle + 1) % PIXEL_EVERY == 0) {
		// Both redraws of every client in, then the pixels.
		for (size_t i = 0; i < count; i++) {
			ok = CHECK(client_command_synced(windows[i].client, "sync"),
						 "%s: %s did not answer", what, windows[i].app_id) &&
					ok;
		}
		ok = check_clients(windows, count, what) && ok;
		char tag[64];
		snprintf(tag, sizeof(tag), "c%d-light", cycle);
		ok = check_pixels(h, windows, count, tag) && ok;
	}
	return ok;
}

/* Quits every client that started, then gridwl. */
static bool stop_with_windows(struct harness *h, struct churn_window *windows,
		size_t count, bool ok) {
	for (size_t i = 0; i < count; i++) {
		if (windows[i].client != NULL) {
			ok = rs_quit(windows[i].client) && ok;
		}
	}
	return harness_stop(h, ok);
}

/* Both starting outputs and the two windows most cases start with: one
 * moved across the seam of HEADLESS-1 and HEADLESS-2, one at scale 2. */
static struct harness *start_span_inner(struct churn_window *w,
		const char *span, const char *inner, bool *ok) {
	w[0] = churn_window_of(span, "coords", 1, 200, 100);
	w[1] = churn_window_of(inner, "checker", 2, 160, 120);
	const char *args[] = { "-o", START_A, "-o", START_B, NULL };
	struct harness *h = harness_start(args);
	if (h == NULL) {
		fprintf(stderr, "gridwl did not start\n");
		return NULL;
	}
	*ok = true;
	for (size_t i = 0; *ok && i < 2; i++) {
		*ok = spawn_window(h, &w[i], NULL);
	}
	*ok = *ok && move_to(h, &w[0], 541, 201);
	return h;
}

static bool run_churn(const void *data) {
	struct churn_window windows[2];
	bool ok;
	struct harness *h =
			start_span_inner(windows, "churn-span", "churn-inner", &ok);
	if (h == NULL) {
		return false;
	}
	// The second inside HEADLESS-1.
	ok = ok && move_to(h, &windows[1], 101, 351);
	ok = ok && check_pixels(h, windows, COUNT(windows), "start");
	for (int cycle = 0; ok && cycle < CYCLES; cycle++) {
		// Stop at the first broken cycle: the next would only report it
		// again.
		ok = run_cycle(h, windows, COUNT(windows), cycle);
	}
	for (int cycle = CYCLES; ok && cycle < TOTAL_CYCLES; cycle++) {
		ok = run_light_cycle(h, windows, COUNT(windows), cycle);
	}
	if (ok) {
		ok = check_pixels(h, windows, COUNT(windows), "end");
		ok = check_cache(h, windows, COUNT(windows), "after the churn") && ok;
	}
	return stop_with_windows(h, windows, COUNT(windows), ok);
}

/* Reads the client's frames until one is "ready W H S". */
static bool wait_ready(struct harness_client *c, int width, int height,
		int scale) {
	char want[64];
	snprintf(want, sizeof(want), "ready %d %d %d", width, height, scale);
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	while (harness_now_ms() < deadline) {
		char *line = harness_client_wait_line(c, "ready ",
				(int)(deadline - harness_now_ms()));
		bool found = line != NULL && strcmp(line, want) == 0;
		free(line);
		if (found) {
			return true;
		}
		if (line == NULL) {
			break;
		}
	}
	fprintf(stderr, "the client never drew \"%s\"\n", want);
	return false;
}

/* The fullscreen window fills output, which shows nothing but it; redrawn
 * says a configure for the output's size must come first. */
static bool check_fullscreen_on(struct harness *h, struct churn_window *full,
		const char *output, bool redrawn, const char *tag) {
	struct layout layout;
	REQUIRE(layout_read(h, &layout), "cannot read the layout");
	const struct layout_output *o = layout_find(&layout, output);
	REQUIRE(o != NULL, "no output %s", output);
	full->width = o->width;
	full->height = o->height;
	bool ok = !redrawn ||
			wait_ready(full->client, o->width, o->height, full->buffer_scale);
	struct json_object *obj =
			harness_wait_window_app_id(h, full->app_id, HARNESS_TIMEOUT_MS);
	REQUIRE(obj != NULL, "the fullscreen window is gone");
	ok = CHECK_JSON_BOOL(obj, "fullscreen", true) && ok;
	ok = CHECK_JSON_BOX(obj, o->x, o->y, o->width, o->height) && ok;
	const char *only[] = { output, NULL };
	ok = CHECK(window_outputs_are(obj, only),
				 "the fullscreen window "
				 "should be on %s alone: %s",
				 output, json_object_to_json_string(obj)) &&
			ok;
	json_object_put(obj);
	struct layout_window lw;
	ok = read_window(h, full, &lw) && ok;
	char name[96];
	snprintf(name, sizeof(name), "churn-fullscreen-%s-%s", tag, output);
	struct image *shot = screenshot_gridctl(h, output, name);
	struct expected *e = layout_expect_output(o, &lw, 1);
	ok = CHECK(shot != NULL && e != NULL, "%s: no screenshot", name) &&
			CHECK_EXPECTED(shot, e, name) && ok;
	expected_destroy(e);
	image_destroy(shot);
	return ok;
}

/* HEADLESS-1 and a created output (its name in first), a window on
 * HEADLESS-1 and, mapped last so on top wherever it goes, a fullscreen one
 * on the created output, checked there. */
static struct harness *start_fullscreen(struct churn_window *w,
		const char *window, const char *fullscreen, char *first, size_t size,
		bool *ok) {
	const char *args[] = { "-o", START_A, NULL };
	struct harness *h = harness_start(args);
	if (h == NULL) {
		fprintf(stderr, "gridwl did not start\n");
		return NULL;
	}
	w[0] = churn_window_of(window, "checker", 1, 200, 100);
	w[1] = churn_window_of(fullscreen, "coords", 2, 480, 360);
	w[1].fullscreen = true;
	*ok = create_output(h, "960x720", 2, first, size);
	*ok = *ok && spawn_window(h, &w[0], NULL);
	*ok = *ok && move_to(h, &w[0], 700, 101);
	*ok = *ok && spawn_window(h, &w[1], first);
	*ok = *ok && check_fullscreen_on(h, &w[1], first, false, "before");
	return h;
}

static bool run_fullscreen(const void *data) {
	char first[32], second[32];
	struct churn_window windows[2];
	bool ok;
	struct harness *h = start_fullscreen(windows, "churn-window", "churn-full",
			first, sizeof(first), &ok);
	if (h == NULL) {
		return false;
	}
	struct churn_window *full = &windows[1];
	// Its output goes: it must fill another.
	ok = ok && destroy_output(h, first);
	ok = ok && check_fullscreen_on(h, full, "HEADLESS-1", true, "moved");
	ok = ok && check_kept(h, windows, COUNT(windows), "first destroyed");
	// Again with the window's new output, the last of the original ones,
	// leaving only a scale-4 output.
	ok = ok && create_output(h, "1280x960", 4, second, sizeof(second));
	ok = ok && destroy_output(h, "HEADLESS-1");
	ok = ok && check_fullscreen_on(h, full, second, true, "moved-again");
	ok = ok && check_kept(h, windows, COUNT(windows), "HEADLESS-1 destroyed");
	return stop_with_windows(h, windows, COUNT(windows), ok);
}

/* The other side: a fullscreen window stays with its output when another
 * goes and its own slides into the gap, and a window mapped after the
 * output under the pointer went still appears. */
static bool run_fullscreen_slide(const void *data) {
	char first[32];
	struct churn_window windows[3];
	bool ok;
	struct harness *h = start_fullscreen(windows, "slide-window", "slide-full",
			first, sizeof(first), &ok);
	if (h == NULL) {
		return false;
	}
	windows[2] = churn_window_of("slide-late", "grid", 2, 120, 80);
	struct churn_window *full = &windows[1];
	// HEADLESS-1, on the left and under the pointer, goes; the output to
	// its right takes its place, and the fullscreen window goes with it
	// at the same size, so without a new frame.
	ok = ok && destroy_output(h, "HEADLESS-1");
	ok = ok && check_fullscreen_on(h, full, first, false, "slid");
	ok = ok && check_kept(h, windows, 2, "HEADLESS-1 destroyed");
	ok = ok && spawn_window(h, &windows[2], NULL);
	ok = ok &&
			check_visible(h, windows, COUNT(windows),
					"a window mapped "
					"after HEADLESS-1 went");
	return stop_with_windows(h, windows, COUNT(windows), ok);
}

/* Outputs that come and go faster than the clients can bind them: a
 * client binds wl_output and xdg_output globals that are already gone, one
 * starts up in the middle of it, and all must carry on. */
static bool run_rapid(const void *data) {
	struct churn_window windows[3];
	windows[2] = churn_window_of("rapid-late", "grid", 2, 120, 80);
	bool ok;
	struct harness *h =
			start_span_inner(windows, "rapid-span", "rapid-inner", &ok);
	if (h == NULL) {
		return false;
	}
	for (int i = 0; ok && i < 20; i++) {
		char name[32];
		ok = create_output(h, i % 2 ? "960x720" : "1440x960", i % 4 + 1, name,
					 sizeof(name)) &&
				destroy_output(h, name);
		if (i == 5) {
			const char *late[] = { "--app-id", windows[2].app_id, "--pattern",
				windows[2].pattern, "--scale", "2", "--size", "120x80", NULL };
			windows[2].client =
					harness_spawn_pattern_client(h, windows[2].app_id, late);
			ok = CHECK(windows[2].client != NULL, "no late client") && ok;
		}
	}
	ok = ok && CHECK_READY(windows[2].client, 120, 80, 2);
	windows[2].id = ok ? wait_window_id(h, windows[2].app_id) : 0;
	ok = ok && windows[2].id > 0;
	ok = ok && check_clients(windows, COUNT(windows), "after rapid hotplug");
	ok = ok &&
			check_visible(h, windows, COUNT(windows),
					"after rapid "
					"hotplug");
	ok = ok && check_pixels(h, windows, COUNT(windows), "rapid");
	return stop_with_windows(h, windows, COUNT(windows), ok);
}

static bool set_enabled(struct harness *h, const char *name, bool enable) {
	struct json_object *reply = harness_gridctl_ok(h, "output", name,
			enable ? "enable" : "disable", NULL);
	json_object_put(reply);
	return reply != NULL;
}

/* Unplugging as a DRM session sees it most often: the output is disabled,
 * not destroyed. Its windows must leave it and come back into view. */
static bool run_disable(const void *data) {
	struct churn_window windows[2];
	bool ok;
	struct harness *h = start_span_inner(windows, "off-span", "off-inner", &ok);
	if (h == NULL) {
		return false;
	}
	ok = ok && move_to(h, &windows[1], 901, 301);
	ok = ok &&
			CHECK(set_enabled(h, "HEADLESS-2", false),
					"gridctl output HEADLESS-2 disable should succeed");
	struct layout layout;
	ok = ok && layout_read(h, &layout) &&
			CHECK(layout_find(&layout, "HEADLESS-2") == NULL,
					"HEADLESS-2 should no longer be enabled");
	ok = ok && check_visible(h, windows, COUNT(windows), "HEADLESS-2 off");
	ok = ok && check_pixels(h, windows, COUNT(windows), "off");
	ok = ok &&
			CHECK(set_enabled(h, "HEADLESS-2", true),
					"gridctl output HEADLESS-2 enable should succeed");
	ok = ok && check_kept(h, windows, COUNT(windows), "HEADLESS-2 on");
	return stop_with_windows(h, windows, COUNT(windows), ok);
}

int main(void) {
	struct check_suite suite = { 0 };
	char name[96];
	snprintf(name, sizeof(name),
			"%d cycles of creating and destroying "
			"outputs lose no window",
			CYCLES);
	check_run(&suite, name, run_churn, NULL);
	check_run(&suite,
			"destroying the output of a fullscreen window "
			"moves it to another",
			run_fullscreen, NULL);
	check_run(&suite,
			"a fullscreen window follows its output when another "
			"goes",
			run_fullscreen_slide, NULL);
	check_run(&suite,
			"outputs created and destroyed faster than clients "
			"bind them",
			run_rapid, NULL);
	check_run(&suite, "disabling an output moves its windows off it",
			run_disable, NULL);
	return check_finish(&suite);
}
