#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * Wayland clients that send what a compositor must survive: absurd buffer
 * scales, tiny and enormous buffers, a hang-up in the middle of a commit
 * and shm pools truncated under the compositor. Each time the bad client is
 * refused or dropped (or, for what is merely odd, served), gridwl keeps
 * running, and a well-behaved client connected all along still gets its
 * next frame onto the screen. The truncated pools are read both by the 1:1
 * path and by the resampling kernels, and so are buffers at odd offsets
 * and buffers whose pool grew (and moved) while on screen, which must show
 * exactly.
 *
 * wlroots 0.18 implements wl_shm itself (types/wlr_shm.c): a pool truncated
 * under it is no protocol error any more. Its SIGBUS handler maps zeroes
 * over the whole pool at the first read past the file's end, so the
 * client stays connected and its ARGB8888 window reads as transparent from
 * then on: the output shows what is under it, and nothing else.
 */

#define OUTPUT "HEADLESS-1"
#define WIDTH 640 // logical size of the output
#define HEIGHT 480

enum outcome {
	// A protocol error starting with error, then the disconnection.
	DISCONNECTED,
	// Served: it shows, gridwl composites it, it leaves when told.
	SERVED,
	// It hangs up right after its commit; nothing to hear from it.
	HANGS_UP,
};

struct bad_case {
	const char *name;
	int output_scale; // the good client draws at it
	bool raw; // bad-buffer-client rather than the pattern client
	bool tree; // bad-tree-client rather than the pattern client
	const char *const *args;
	enum outcome outcome;
	const char *error; // for DISCONNECTED
	bool may_refuse; // the system may deny the memory it asks for
	bool coords; // SERVED: shows a 200x100 coords pattern at buffer scale 1
	// Then, with the window moved to 0,0, the output goes to this scale
	// and back, so that its pixels are resampled from the buffer again.
	int rescale;
	const char *shown; // SERVED: what it prints when shown, if not "shown"
	// SERVED: nothing of it may be on the output, which shows the good
	// client's coords pattern only (a window whose pixels read as zero,
	// a subsurface whose parent is gone).
	bool shows_nothing;
	// With shows_nothing: the first composite may read the part of the
	// pool still in the file before it faults (shrink); the rows from
	// this one down must show nothing in the first screenshot already,
	// and all of it in the second.
	int faults_from_row;
};

static bool only_good_left(struct json_object *reply, void *data) {
	struct json_object *windows = json_path(reply, "windows", json_type_array);
	return windows != NULL && json_object_array_length(windows) == 1 &&
			json_array_find(windows, "app_id", "good") != NULL;
}

static bool check_disconnected(struct harness_client *bad,
		const struct bad_case *c) {
	return CHECK_PROTOCOL_ERROR(bad, c->error);
}

struct coords_expect {
	struct pattern pattern;
	int k; // the output's scale: nearest magnification
};

static uint32_t coords_pixel(void *data, int rx, int ry) {
	struct coords_expect *e = data;
	return pattern_pixel(&e->pattern, rx / e->k, ry / e->k, 200, 100);
}

/* Where the bad client's window starts on the output, in its pixels. */
static bool bad_window_origin(struct harness *h, int scale, int *x, int *y) {
	struct json_object *window =
			harness_wait_window_app_id(h, "bad", HARNESS_TIMEOUT_MS);
	REQUIRE(window != NULL, "no window bad");
	struct json_object *wx = json_path(window, "x", json_type_int);
	struct json_object *wy = json_path(window, "y", json_type_int);
	bool ok = CHECK(wx != NULL && wy != NULL, "window bad has no position");
	if (ok) {
		*x = json_object_get_int(wx) * scale;
		*y = json_object_get_int(wy) * scale;
	}
	json_object_put(window);
	return ok;
}

/* The bad client's window shows its coords pattern exactly, magnified by
 * the output's scale (nearest). */
static bool check_coords_shown(struct harness *h, const struct image *image,
		int scale) {
	int wx, wy;
	bool ok = bad_window_origin(h, scale, &wx, &wy);
	if (ok) {
		struct image_region region = { wx, wy, 200 * scale, 100 * scale };
		struct coords_expect e = {
			.pattern = { .kind = PATTERN_COORDS },
			.k = scale,
		};
		struct image_mismatch m = { 0 };
		long count = image_compare(image, region, coords_pixel, &e, &m);
		ok = CHECK(count == 0,
				"bad client's pattern: %ld pixels differ, "
				"first at %d,%d: 0x%08x, expected 0x%08x",
				count, m.x, m.y, m.actual, m.expected);
		if (!ok) {
			check_save_artifact(image, "bad-input-coords");
		}
	}
	return ok;
}

struct good_expect {
	struct pattern pattern;
	int x, y; // the region's origin in the output
	int w, h; // the output in pixels: the good client's buffer
};

static uint32_t good_pixel(void *data, int rx, int ry) {
	struct good_expect *e = data;
	return pattern_pixel(&e->pattern, e->x + rx, e->y + ry, e->w, e->h);
}

/* Nothing of the bad client is on the output: it shows the good client's
 * coords pattern everywhere, except (when rows > 0) in the first rows of
 * the bad window, which are left to the caller. */
static bool check_only_good_shown(struct harness *h, const struct image *image,
		int scale, int rows, const char *name) {
	int w = WIDTH * scale, h_px = HEIGHT * scale;
	if (!CHECK(image->width == w && image->height == h_px,
				"screenshot is %dx%d", image->width, image->height)) {
		return false;
	}
	struct image_region parts[4] = { { 0, 0, w, h_px } };
	size_t n = 1;
	if (rows > 0) {
		int wx, wy;
		if (!bad_window_origin(h, scale, &wx, &wy)) {
			return false;
		}
		// Above, below, left and right of the rows left out.
		int top = wy + rows * scale, right = wx + 200 * scale;
		parts[0] = (struct image_region){ 0, 0, w, wy };
		parts[1] = (struct image_region){ 0, top, w, h_px - top };
		parts[2] = (struct image_region){ 0, wy, wx, top - wy };
		parts[3] = (struct image_region){ right, wy, w - right, top - wy };
		n = 4;
	}
	bool ok = true;
	for (size_t i = 0; i < n; i++) {
		if (parts[i].width <= 0 || parts[i].height <= 0) {
			continue;
		}
		struct good_expect e = {
			.pattern = { .kind = PATTERN_COORDS },
			.x = parts[i].x,
			.y = parts[i].y,
			.w = w,
			.h = h_px,
		};
		struct image_mismatch m = { 0 };
		long count = image_compare(image, parts[i], good_pixel, &e, &m);
		ok = CHECK(count == 0,
					 "%s: %ld pixels of %d,%d %dx%d are not the good "
					 "client's, first at %d,%d: 0x%08x, expected 0x%08x",
					 name, count, parts[i].x, parts[i].y, parts[i].width,
					 parts[i].height, m.x, m.y, m.actual, m.expected) &&
				ok;
	}
	if (!ok) {
		check_save_artifact(image, name);
	}
	return ok;
}

static bool check_shows_nothing(struct harness *h, const struct bad_case *c) {
	struct image *image = screenshot_gridctl(h, OUTPUT, "bad-input-nothing");
	REQUIRE(image != NULL, "no screenshot with the bad client shown");
	bool ok = check_only_good_shown(h, image, c->output_scale,
			c->faults_from_row, "bad-input-nothing");
	image_destroy(image);
	if (c->faults_from_row > 0) {
		// That composite read the whole window: the pool is all zeroes
		// now, and stays so.
		image = screenshot_gridctl(h, OUTPUT, "bad-input-nothing-again");
		REQUIRE(image != NULL, "no second screenshot");
		ok = check_only_good_shown(h, image, c->output_scale, 0,
					 "bad-input-nothing-again") &&
				ok;
		image_destroy(image);
	}
	return ok;
}

static bool set_output_scale(struct harness *h, int scale) {
	char text[16];
	snprintf(text, sizeof(text), "%d", scale);
	struct json_object *reply =
			harness_gridctl_ok(h, "output", OUTPUT, "scale", text, NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "gridctl output %s scale %d failed", OUTPUT,
			scale);
}

/* At the new scale the buffer is resampled from its pixels as they are
 * now, not as they were at its commit. */
static bool check_rescaled(struct harness *h, const struct bad_case *c) {
	int64_t id = wait_window_id(h, "bad");
	REQUIRE(id > 0, "no window bad");
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	struct json_object *reply =
			harness_gridctl_ok(h, "move", id_text, "0", "0", NULL);
	json_object_put(reply);
	REQUIRE(reply != NULL, "cannot move the bad window");
	REQUIRE(set_output_scale(h, c->rescale), "no rescale");
	struct image *image = screenshot_gridctl(h, OUTPUT, "bad-input-rescaled");
	bool ok = CHECK(image != NULL, "no screenshot at scale %d", c->rescale) &&
			check_coords_shown(h, image, c->rescale);
	image_destroy(image);
	return set_output_scale(h, c->output_scale) && ok;
}

/* false with *refused set when the client could not get its memory. */
static bool check_served(struct harness *h, struct harness_client *bad,
		const struct bad_case *c, bool *refused) {
	char *line = harness_client_next_line(bad, HARNESS_TIMEOUT_MS);
	while (line != NULL && strcmp(line, "configured") == 0) {
		free(line);
		line = harness_client_next_line(bad, HARNESS_TIMEOUT_MS);
	}
	if (c->may_refuse && line != NULL && strncmp(line, "refused", 7) == 0) {
		fprintf(stderr, "# bad client %s: %s\n", c->name, line);
		free(line);
		*refused = true;
		return false;
	}
	const char *shown = c->shown != NULL ? c->shown : "shown";
	bool ok = CHECK(line != NULL && strcmp(line, shown) == 0,
			"bad client should print %s, got \"%s\"", shown, line ? line : "");
	free(line);
	if (!ok) {
		return false;
	}
	// A screenshot composites the output with the window on it, so
	// gridwl has read the buffer by the time it answers.
	struct image *image = screenshot_gridctl(h, OUTPUT, "bad-input-with-bad");
	ok = CHECK(image != NULL, "no screenshot with the bad client shown");
	if (ok && c->coords) {
		ok = check_coords_shown(h, image, c->output_scale);
	}
	image_destroy(image);
	if (ok && c->shows_nothing) {
		ok = check_shows_nothing(h, c);
	}
	if (ok && c->rescale > 0) {
		ok = check_rescaled(h, c);
	}
	ok = CHECK(harness_client_running(bad),
				 "the bad client was dropped for a valid request") &&
			ok;
	harness_client_close_stdin(bad);
	int code = harness_client_wait_exit(bad, HARNESS_TIMEOUT_MS);
	return CHECK(code == 0, "bad client should exit 0, exited %d", code) && ok;
}

static bool check_hangs_up(struct harness_client *bad) {
	char *line = harness_client_wait_line(bad, "hangup", HARNESS_TIMEOUT_MS);
	bool ok = CHECK(line != NULL, "bad client did not hang up");
	free(line);
	int code = harness_client_wait_exit(bad, HARNESS_TIMEOUT_MS);
	return CHECK(code == 0, "bad client should exit 0, exited %d", code) && ok;
}

static bool body(struct harness *h, const void *data) {
	const struct bad_case *c = data;
	struct harness_client *good =
			spawn_good_client(h, OUTPUT, WIDTH, HEIGHT, c->output_scale);
	REQUIRE(good != NULL, "good client not shown");

	struct harness_client *bad;
	if (c->raw || c->tree) {
		const char *var =
				c->raw ? "BAD_BUFFER_CLIENT_BIN" : "BAD_TREE_CLIENT_BIN";
		const char *raw = getenv(var);
		REQUIRE(raw != NULL, "%s is not set", var);
		const char *argv[4] = { raw, c->args[0], c->args[1], NULL };
		bad = harness_spawn(h, "bad", argv);
	} else {
		bad = harness_spawn_pattern_client(h, "bad", c->args);
	}
	REQUIRE(bad != NULL, "cannot start the bad client");
	bool ok = true, refused = false;
	switch (c->outcome) {
	case DISCONNECTED:
		ok = check_disconnected(bad, c);
		break;
	case SERVED:
		ok = check_served(h, bad, c, &refused) || refused;
		break;
	case HANGS_UP:
		ok = check_hangs_up(bad);
		break;
	}

	const char *windows[] = { "windows", NULL };
	struct json_object *reply = harness_wait_gridctl(h, windows, only_good_left,
			NULL, HARNESS_TIMEOUT_MS, "only the good window to be left");
	ok = CHECK(reply != NULL, "the bad window did not go") && ok;
	json_object_put(reply);
	return check_good_client_draws(h, good, OUTPUT, WIDTH * c->output_scale,
				   HEIGHT * c->output_scale, "bad-input-good") &&
			ok;
}

static bool run_case(const void *data) {
	const struct bad_case *c = data;
	// Fails too when gridwl did not exit cleanly: a crash shows here.
	return run_on_output(OUTPUT, WIDTH * c->output_scale,
			HEIGHT * c->output_scale, c->output_scale, body, c);
}

int main(void) {
	static const char *const minus_one[] = {
		"--bad-scale",
		"-1",
		"--app-id",
		"bad",
		NULL,
	};
	static const char *const int_max[] = {
		"--bad-scale",
		"2147483647",
		"--app-id",
		"bad",
		NULL,
	};
	static const char *const tiny[] = { "tiny", NULL, NULL };
	static const char *const huge[] = { "huge", NULL, NULL };
	static const char *const hangup[] = { "hangup", NULL, NULL };
	static const char *const truncate[] = { "truncate", NULL, NULL };
	static const char *const shrink[] = { "shrink", NULL, NULL };
	static const char *const truncate_1x[] = { "truncate", "1", NULL };
	static const char *const short_stride[] = { "short-stride", NULL, NULL };
	static const char *const unaligned[] = { "unaligned", NULL, NULL };
	static const char *const pool_resize[] = { "pool-resize", NULL, NULL };
	static const char *const place_orphan[] = { "place-orphan", NULL, NULL };
	static const char *const unmapped_parent[] = {
		"unmapped-parent",
		NULL,
		NULL,
	};
	static const char *const orphan_popup[] = { "orphan-popup", NULL, NULL };
	static const char *const opaque_region[] = {
		"opaque-region",
		NULL,
		NULL,
	};
	static const char *const layer_popup_twice[] = {
		"layer-popup-twice",
		NULL,
		NULL,
	};
	static const char *const layer_popup_orphan[] = {
		"layer-popup-orphan",
		NULL,
		NULL,
	};
	// wl_surface.error: invalid_scale is 0, invalid_size is 2;
	// wl_shm.error.invalid_stride, 1, is what wlroots' wl_shm posts on
	// the wl_shm_pool when create_buffer asks for rows shorter than their
	// pixels.
	const struct bad_case cases[] = {
		{ .name = "set_buffer_scale(-1) disconnects only that client",
				.output_scale = 1,
				.args = minus_one,
				.outcome = DISCONNECTED,
				.error = "error protocol interface=wl_surface code=0" },
		{ .name = "set_buffer_scale(2^31-1) disconnects only that client",
				.output_scale = 1,
				.args = int_max,
				.outcome = DISCONNECTED,
				.error = "error protocol interface=wl_surface code=2" },
		{ .name = "a 1x1 buffer is shown",
				.output_scale = 1,
				.raw = true,
				.args = tiny,
				.outcome = SERVED },
		{ .name = "a 16384x16384 buffer at scale 1 does no harm",
				.output_scale = 1,
				.raw = true,
				.args = huge,
				.outcome = SERVED,
				.may_refuse = true },
		{ .name = "a client hanging up right after its commit does no harm",
				.output_scale = 1,
				.raw = true,
				.args = hangup,
				.outcome = HANGS_UP },
		{ .name = "a shm pool truncated to 0 reads as transparent, the "
				  "client stays",
				.output_scale = 1,
				.raw = true,
				.args = truncate,
				.outcome = SERVED,
				.shows_nothing = true },
		{ .name = "a shm pool truncated to half reads as transparent, the "
				  "client stays",
				.output_scale = 1,
				.raw = true,
				.args = shrink,
				.outcome = SERVED,
				.shows_nothing = true,
				.faults_from_row = 50 },
		{ .name = "a truncated shm pool resampled to scale 2 reads as "
				  "transparent, the client stays",
				.output_scale = 2,
				.raw = true,
				.args = truncate_1x,
				.outcome = SERVED,
				.shows_nothing = true },
		{ .name = "a stride shorter than a row disconnects only that client",
				.output_scale = 1,
				.raw = true,
				.args = short_stride,
				.outcome = DISCONNECTED,
				.error = "error protocol interface=wl_shm_pool code=1" },
		{ .name = "a buffer at an odd offset is shown exactly",
				.output_scale = 1,
				.raw = true,
				.args = unaligned,
				.outcome = SERVED,
				.coords = true },
		{ .name = "a buffer at an odd offset is resampled "
				  "exactly",
				.output_scale = 2,
				.raw = true,
				.args = unaligned,
				.outcome = SERVED,
				.coords = true },
		{ .name = "a buffer whose pool grew on screen is still read right",
				.output_scale = 1,
				.raw = true,
				.args = pool_resize,
				.outcome = SERVED,
				.coords = true },
		{ .name = "a buffer whose pool grew on screen is still resampled "
				  "right",
				.output_scale = 1,
				.raw = true,
				.args = pool_resize,
				.outcome = SERVED,
				.coords = true,
				.rescale = 2 },
		// What wlroots 0.15.1 would crash on, corrupt its heap with or
		// leak (wlr_compat/guard.c had the workarounds); under ASan, any
		// of that ends gridwl with an error, which harness_stop reports.
		// Not the unmapped parent's: wlroots is not instrumented, and its
		// write into the freed parent shows only once the memory is
		// reused (the protocol fuzzer's seeds find that).
		//
		// wlroots 0.18 makes a subsurface inert when its parent goes
		// (types/wlr_subcompositor.c): place_above/below, set_position
		// and set_desync on it are ignored, no error. The client stays,
		// its orphan (committed again with a new buffer) shows nowhere,
		// and it destroys the inert subsurface in the right order.
		{ .name = "placing a subsurface whose parent is gone is ignored, the "
				  "client stays",
				.output_scale = 1,
				.tree = true,
				.args = place_orphan,
				.outcome = SERVED,
				.shows_nothing = true },
		{ .name = "a toplevel outlives its parent that never mapped",
				.output_scale = 1,
				.tree = true,
				.args = unmapped_parent,
				.outcome = SERVED },
		{ .name = "a popup of a surface without a role is dismissed when "
				  "that surface goes",
				.output_scale = 1,
				.tree = true,
				.args = orphan_popup,
				.outcome = SERVED,
				.shown = "shown, popup done" },
		{ .name = "an opaque region of two rectangles, then an opaque "
				  "buffer",
				.output_scale = 1,
				.tree = true,
				.args = opaque_region,
				.outcome = SERVED },
		// zwlr_layer_surface_v1.error.invalid_surface_state is 0.
		{ .name = "a popup given to a layer surface twice disconnects only "
				  "that client",
				.output_scale = 1,
				.tree = true,
				.args = layer_popup_twice,
				.outcome = DISCONNECTED,
				.error =
						"error protocol interface=zwlr_layer_surface_v1 code=0" },
		{ .name = "a popup of a layer surface never mapped is dismissed when "
				  "that surface goes",
				.output_scale = 1,
				.tree = true,
				.args = layer_popup_orphan,
				.outcome = SERVED,
				.shown = "shown, popup done" },
	};
	return CHECK_MAIN_TABLE(cases, run_case);
}
