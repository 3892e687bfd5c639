#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"

/*
 * wl_compositor version 6: every surface is told the scale to draw at
 * (wl_surface.preferred_buffer_scale), the largest integer scale of the
 * outputs it is on, and the transform (normal), and told again, once, when
 * that scale changes: the window moved onto, off or across the seam of a
 * scale-2 output, the scale of its output changed with gridctl, its output
 * removed under it. Nothing is sent when the scale stays what it was, so a
 * compositor that follows the output with most of the window, or that
 * repeats itself, fails as well.
 *
 * The pattern client narrates the events (--report-preferred); once it
 * only listens (its buffers stay at scale 1, and it must not redraw), once
 * it draws at the scale it is told (--scale preferred), when its "ready"
 * lines and gridctl windows' buffer_scale must follow, at the same logical
 * size. A window that appears on the scale-2 output is told 2 before its
 * first buffer: drawing at the told scale, its first frame is already at 2.
 *
 * wp_fractional_scale_v1 says the same, in 120ths, right after each
 * preferred_buffer_scale and never on its own (--report-fractional), for
 * clients that read only it.
 *
Each step ends with a sync through the client, so "exactly" covers every
 * event the step caused.
 */

#define OUT_A "HEADLESS-1" // scale 1, 960x720 logical at 0,0
#define OUT_B "HEADLESS-2" // scale 2, 960x720 logical at 960,0
#define APP_ID "preferred"
#define WIDTH 200
#define HEIGHT 100

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

enum action {
	MOVE, // gridctl move ID X Y
	SET_SCALE, // gridctl output OUTPUT scale SCALE
	DESTROY_OUTPUT, // gridctl destroy-output OUTPUT
};

struct step {
	const char *what;
	enum action action;
	int x, y; // MOVE; where the window must be after any action
	const char *output; // SET_SCALE, DESTROY_OUTPUT
	int scale; // SET_SCALE
	int told; // the scale the step must tell; 0: nothing may be sent
	int preferred; // the preferred scale from then on
	const char *outputs[3]; // what gridctl windows must then say
};

/* The window is 200x100 logical; the outputs meet at x = 960. Sizes stay
 * integral at scale 3 (A: 320x240, B: 640x480). */
static const struct step steps[] = {
	{ "moved within the scale-1 output", MOVE, 100, 100, NULL, 0, 0, 1,
			{ OUT_A, NULL } },
	{ "moved wholly onto the scale-2 output", MOVE, 1300, 300, NULL, 0, 2, 2,
			{ OUT_B, NULL } },
	{ "moved within the scale-2 output", MOVE, 1200, 400, NULL, 0, 0, 2,
			{ OUT_B, NULL } },
	// Mostly on A: the largest scale is still B's.
	{ "moved across the seam, mostly on the scale-1 output", MOVE, 800, 100,
			NULL, 0, 0, 2, { OUT_A, OUT_B, NULL } },
	{ "moved back onto the scale-1 output", MOVE, 100, 100, NULL, 0, 1, 1,
			{ OUT_A, NULL } },
	{ "moved from the scale-1 output across the seam", MOVE, 850, 300, NULL, 0,
			2, 2, { OUT_A, OUT_B, NULL } },
	{ "across the seam, the scale-2 output set to scale 3", SET_SCALE, 850, 300,
			OUT_B, 3, 3, 3, { OUT_A, OUT_B, NULL } },
	{ "across the seam, that output back at scale 2", SET_SCALE, 850, 300,
			OUT_B, 2, 2, 2, { OUT_A, OUT_B, NULL } },
	{ "moved back onto the scale-1 output again", MOVE, 100, 100, NULL, 0, 1, 1,
			{ OUT_A, NULL } },
	{ "its output set to scale 3", SET_SCALE, 100, 100, OUT_A, 3, 3, 3,
			{ OUT_A, NULL } },
	// It lands in the middle of B, the only output left.
	{ "its output removed", DESTROY_OUTPUT, 960 + (960 - WIDTH) / 2,
			(720 - HEIGHT) / 2, OUT_A, 0, 2, 2, { OUT_B, NULL } },
};

struct mode {
	bool follow; // --scale preferred: the client draws at the told scale
	bool on_b; // created on the scale-2 output, and only that is checked
};

/* The reply only matters for its success, which harness_gridctl_ok has
 * checked and reported. */
static bool gridctl_done(struct json_object *reply) {
	json_object_put(reply);
	return reply != NULL;
}

static const char *const narrated[] = { "preferred ", "ready ", NULL };

/* The lines the client printed, of the kinds in prefixes, up to and with
 * the first that starts with until (NULL: none awaited) and then up to the
 * answer of a sync: all that the compositor said since the last call.
 * False when either never came, with what did come in out, for the
 * report. */
static bool collect(struct harness_client *c, const char *until,
		const char *const *prefixes, struct lines *out) {
	struct lines first = { 0 }, rest = { 0 }, all = { 0 };
	// Waiting for the first line makes no assumption on whether the
	// compositor tells the client before answering gridctl; the sync then
	// catches what else came with it.
	bool ok = until == NULL || client_lines_until(c, until, &first);
	ok = client_sync_lines(c, &rest) && ok;
	for (size_t i = 0; i < first.count; i++) {
		lines_add(&all, strdup(first.line[i]));
	}
	for (size_t i = 0; i < rest.count; i++) {
		lines_add(&all, strdup(rest.line[i]));
	}
	lines_filter(&all, prefixes, out);
	lines_free(&first);
	lines_free(&rest);
	lines_free(&all);
	return ok;
}

struct window_state {
	int x, y, buffer_scale;
	const char *const *outputs;
};

static bool window_is(struct json_object *window, void *data) {
	const struct window_state *want = data;
	// x < 0: anywhere.
	struct json_object *scale =
			json_path(window, "buffer_scale", json_type_int);
	return window_box_matches(window, APP_ID, want->x,
				   want->x < 0 ? -1 : want->y, WIDTH, HEIGHT) &&
			scale != NULL && json_object_get_int(scale) == want->buffer_scale &&
			window_outputs_are(window, want->outputs);
}

/* gridctl windows agrees: the window is where it should be, of its own
 * logical size, on those outputs, with buffers of that scale. x < 0: at
 * any place. */
static bool check_window(struct harness *h, int x, int y, int buffer_scale,
		const char *const *outputs, const char *what) {
	struct window_state want = { x, y, buffer_scale, outputs };
	char why[160];
	snprintf(why, sizeof(why), "%s: the window at buffer scale %d", what,
			buffer_scale);
	struct json_object *window =
			harness_wait_window(h, window_is, &want, HARNESS_TIMEOUT_MS, why);
	json_object_put(window);
	return CHECK(window != NULL, "%s: gridctl windows disagrees", what);
}

static struct harness_client *spawn(struct harness *h,
		const struct mode *mode) {
	const char *args[11] = {
		"--app-id",
		APP_ID,
		"--size",
		"200x100",
		"--pattern",
		"checker",
		"--report-preferred",
		"--report-fractional",
	};
	if (mode->follow) {
		args[8] = "--scale";
		args[9] = "preferred";
	}
	return harness_spawn_pattern_client(h, APP_ID, args);
}

/* Mapped on the output under the pointer, at scale: told that scale and the
 * normal transform, each once; a client drawing at the told scale draws its
 * very first frame at it, which it can only when told before that. The
 * window may be configured again once shown (activated), and is redrawn
 * then, at the same scale. */
static bool check_mapped(struct harness *h, struct harness_client *c,
		const struct mode *mode, int scale, const char *output) {
	const char *what = "up to the first frame";
	struct lines first, rest, scales, transforms, again;
	if (!client_lines_until(c, "ready ", &first)) {
		lines_free(&first);
		REQUIRE(false, "no first frame");
	}
	static const char *const scale_lines[] = { "preferred scale ",
		"preferred fractional ", "ready ", NULL };
	static const char *const transform_lines[] = { "preferred transform ",
		NULL };
	char told[32], fractional[48], ready[32];
	snprintf(told, sizeof(told), "preferred scale %d", scale);
	snprintf(fractional, sizeof(fractional), "preferred fractional %d",
			scale * 120);
	snprintf(ready, sizeof(ready), "ready %d %d %d", WIDTH, HEIGHT,
			mode->follow ? scale : 1);
	const char *want_first[] = { told, fractional, ready, NULL };
	lines_filter(&first, scale_lines, &scales);
	bool ok = CHECK_LINES(&scales, want_first, what);
	lines_free(&scales);

	// The transform may come with the scale or after it, once.
	if (!client_sync_lines(c, &rest)) {
		lines_free(&first);
		lines_free(&rest);
		REQUIRE(false, "the client did not sync");
	}
	const char *want_transform[] = { "preferred transform 0", NULL };
	lines_filter(&first, transform_lines, &transforms);
	lines_filter(&rest, transform_lines, &again);
	for (size_t i = 0; i < again.count; i++) {
		lines_add(&transforms, strdup(again.line[i]));
	}
	ok = CHECK_LINES(&transforms, want_transform, "when mapped") && ok;
	lines_free(&transforms);
	lines_free(&again);

	static const char *const told_lines[] = { "preferred scale ",
		"preferred fractional ", NULL };
	static const char *const none[] = { NULL };
	lines_filter(&rest, told_lines, &again);
	ok = CHECK_LINES(&again, none, "after the first frame") && ok;
	lines_free(&again);
	static const char *const ready_lines[] = { "ready ", NULL };
	lines_filter(&rest, ready_lines, &again);
	for (size_t i = 0; i < again.count; i++) {
		ok = CHECK(strcmp(again.line[i], ready) == 0,
					 "after the first frame: \"%s\", want \"%s\"",
					 again.line[i], ready) &&
				ok;
	}
	lines_free(&again);
	lines_free(&rest);
	lines_free(&first);

	const char *outputs[] = { output, NULL };
	return check_window(h, -1, -1, mode->follow ? scale : 1, outputs,
				   "when mapped") &&
			ok;
}

static bool do_step(struct harness *h, struct harness_client *c,
		const struct mode *mode, const char *id, const struct step *step) {
	char x[16], y[16], scale[16];
	snprintf(x, sizeof(x), "%d", step->x);
	snprintf(y, sizeof(y), "%d", step->y);
	snprintf(scale, sizeof(scale), "%d", step->scale);
	bool done = false;
	switch (step->action) {
	case MOVE:
		done = gridctl_done(harness_gridctl_ok(h, "move", id, x, y, NULL));
		break;
	case SET_SCALE:
		done = gridctl_done(harness_gridctl_ok(h, "output", step->output,
				"scale", scale, NULL));
		break;
	case DESTROY_OUTPUT:
		done = gridctl_done(
				harness_gridctl_ok(h, "destroy-output", step->output, NULL));
		break;
	}
	REQUIRE(done, "%s: gridctl failed", step->what);

	// Only a client drawing at the told scale redraws, and only when told.
	char told[32], fractional[48], ready[32];
	snprintf(told, sizeof(told), "preferred scale %d", step->told);
	snprintf(fractional, sizeof(fractional), "preferred fractional %d",
			step->told * 120);
	snprintf(ready, sizeof(ready), "ready %d %d %d", WIDTH, HEIGHT, step->told);
	const char *want[4] = { NULL };
	if (step->told != 0) {
		want[0] = told;
		want[1] = fractional;
		want[2] = mode->follow ? ready : NULL;
	}
	const char *until = want[2] != NULL ? "ready " :
			want[0] != NULL             ? "preferred fractional " :
										  NULL;
	struct lines lines;
	bool ok = collect(c, until, narrated, &lines);
	ok = CHECK_LINES(&lines, want, step->what) && ok;
	lines_free(&lines);
	return check_window(h, step->x, step->y, mode->follow ? step->preferred : 1,
				   step->outputs, step->what) &&
			ok;
}

static bool body(struct harness *h, const void *data) {
	const struct mode *mode = data;
	// New windows appear, centred, on the output under the pointer.
	REQUIRE(gridctl_done(harness_gridctl_ok(h, "pointer",
					mode->on_b ? "1440" : "480", "360", NULL)),
			"cannot move the pointer");
	struct harness_client *c = spawn(h, mode);
	REQUIRE(c != NULL, "cannot start the pattern client");
	bool ok = check_mapped(h, c, mode, mode->on_b ? 2 : 1,
			mode->on_b ? OUT_B : OUT_A);
	int64_t id = ok ? wait_window_id(h, APP_ID) : 0;
	ok = id > 0 && ok;
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	for (size_t i = 0; ok && !mode->on_b && i < COUNT(steps); i++) {
		ok = do_step(h, c, mode, id_text, &steps[i]);
	}
	ok = CHECK(harness_client_running(c), "the client died") && ok;
	return rs_quit(c) && ok;
}

static bool run(const void *data) {
	const char *args[] = {
		"--output",
		OUT_A " mode 960x720 scale 1 position 0,0",
		"--output",
		OUT_B " mode 1920x1440 scale 2 position 960,0",
		NULL,
	};
	struct harness *h = harness_start(args);
	REQUIRE(h != NULL, "gridwl did not start");
	bool ok = body(h, data);
	return harness_stop(h, ok);
}

int main(void) {
	static const struct mode told = { false, false };
	static const struct mode follows = { true, false };
	static const struct mode told_on_b = { false, true };
	static const struct mode follows_on_b = { true, true };
	struct check_suite suite = { 0 };
	check_run(&suite,
			"a window is told the largest scale of its outputs as it "
			"moves and as they change",
			run, &told);
	check_run(&suite,
			"a client drawing at the told scale follows it, at the same "
			"logical size",
			run, &follows);
	check_run(&suite,
			"a window appearing on the scale-2 output is told 2 before "
			"its first frame",
			run, &told_on_b);
	check_run(&suite,
			"a client drawing at the told scale draws its first frame at "
			"scale 2 on the scale-2 output",
			run, &follows_on_b);
	return check_finish(&suite);
}
