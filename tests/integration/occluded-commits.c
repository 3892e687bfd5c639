#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "client-lines.h"
#include "client-spawn.h"
#include "framed-windows.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * Commits of a covered window repaint only what the screen can show of it
 * (issue 34). The presentation client draws a new colour, damaged whole,
 * at each "commit" it is sent, without waiting for frame callbacks (as a
 * timer-driven client or Xwayland does). Under an opaque cover its commits
 * compose no frame; half covered, each composes just its visible half
 * (gridctl outputs' composed_pixels); uncovered, the screen (read back by
 * grim through wlr-screencopy: the composed buffer itself, not a fresh
 * plan as gridctl screenshot draws) shows its latest colour, and its next
 * one after that. All of it in one buffer (gridctl outputs' buffers).
 */

#define OUTPUT "HEADLESS-1" // 640x480, scale 1
#define COMMITS 20
#define SETTLE_MS 150

// The presentation client's colours, in the order it draws them; its
// first frame, at map, is the first.
static const uint32_t colours[] = { 0xffff0000, 0xff00ff00, 0xff0000ff };

struct counters {
	int64_t frames, pixels, buffers;
};

static bool output_counters(struct harness *h, struct counters *out) {
	struct json_object *reply = harness_gridctl_ok(h, "outputs", NULL);
	struct json_object *output =
			json_array_find(json_path(reply, "outputs", json_type_array),
					"name", OUTPUT);
	struct json_object *frames = json_path(output, "frames", json_type_int);
	struct json_object *pixels =
			json_path(output, "composed_pixels", json_type_int);
	struct json_object *buffers = json_path(output, "buffers", json_type_int);
	bool ok = CHECK(frames != NULL && pixels != NULL && buffers != NULL,
			"no frames, composed_pixels or buffers for " OUTPUT ": %s",
			json_object_to_json_string(reply));
	if (ok) {
		out->frames = json_object_get_int64(frames);
		out->pixels = json_object_get_int64(pixels);
		out->buffers = json_object_get_int64(buffers);
	}
	json_object_put(reply);
	return ok;
}

/* Has the client draw n frames, and sees that gridwl took all of them. */
static bool commit_frames(struct harness_client *c, int n, int *drawn) {
	bool ok = true;
	for (int i = 0; ok && i < n; i++) {
		ok = harness_client_send(c, "commit");
	}
	struct lines lines = { 0 };
	ok = ok && client_sync_lines(c, &lines);
	lines_free(&lines);
	*drawn += n;
	return CHECK(ok, "the client did not take %d commits", n);
}

/* One commit, and the frame it composes: its counters in *after. */
static bool commit_composed(struct harness *h, struct harness_client *c,
		int *drawn, const struct counters *before, struct counters *after) {
	REQUIRE(commit_frames(c, 1, drawn), "no commit");
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	do {
		harness_sleep_ms(10);
		REQUIRE(output_counters(h, after), "no counters");
	} while (after->frames == before->frames && harness_now_ms() < deadline);
	return CHECK(after->frames > before->frames,
			"a commit of the visible window composed no frame");
}

static uint32_t expect_colour(void *data, int rx, int ry) {
	return *(const uint32_t *)data;
}

/* The composed picture shows the window at 100,100 in colour. */
static bool shows_colour(struct harness *h, uint32_t colour, const char *name) {
	struct image *image = screenshot_grim(h, OUTPUT, name);
	REQUIRE(image != NULL, "no picture of " OUTPUT);
	struct image_mismatch mismatch = { 0 };
	long count =
			image_compare(image, (struct image_region){ 100, 100, 100, 100 },
					expect_colour, &colour, &mismatch);
	image_destroy(image);
	return CHECK(count == 0,
			"%s: %ld pixels of the window are not 0x%08" PRIx32
			" (first at %d,%d: 0x%08" PRIx32 ")",
			name, count, colour, mismatch.x, mismatch.y, mismatch.actual);
}

/* Each commit after the frames the last change composed repaints
 * pixels of the window: what shows of it. */
static bool commits_compose(struct harness *h, struct harness_client *c,
		int *drawn, int64_t pixels, const char *what) {
	struct counters before, after;
	REQUIRE(output_counters(h, &before), "no counters");
	// The first frames after a move also repaint what older buffers of
	// the swapchain missed of it.
	for (int i = 0; i < 4; i++) {
		REQUIRE(commit_composed(h, c, drawn, &before, &after), "no frame");
		before = after;
	}
	bool ok = true;
	for (int i = 0; i < 5; i++) {
		REQUIRE(commit_composed(h, c, drawn, &before, &after), "no frame");
		int64_t frames = after.frames - before.frames;
		ok = CHECK(after.pixels - before.pixels == frames * pixels,
					 "%s, %" PRId64 " frames composed %" PRId64
					 " pixels, not %" PRId64,
					 what, frames, after.pixels - before.pixels,
					 frames * pixels) &&
				ok;
		before = after;
	}
	return ok;
}

static bool place(struct harness *h, const char *app_id, int64_t id, int x,
		int y, int size) {
	return CHECK(move_window_id(h, id, x, y) &&
					wait_window_box(h, app_id, x, y, size, size),
			"cannot put %s at %d,%d", app_id, x, y);
}

/* The presentation client's window at 100,100 (100 x 100), its first
 * colour drawn; NULL after reporting. */
static struct harness_client *spawn_covered(struct harness *h) {
	struct harness_client *c = spawn_ready(h, "covered",
			"PRESENTATION_CLIENT_BIN", "covered", NULL);
	int64_t id = c != NULL ? wait_window_id(h, "covered") : 0;
	if (id <= 0 || !place(h, "covered", id, 100, 100, 100)) {
		return NULL;
	}
	return c;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *c = spawn_covered(h);
	REQUIRE(c != NULL, "no window to cover");
	int drawn = 1;
	struct harness_client *cover = spawn_ready(h, "cover", "SOLID_CLIENT_BIN",
			"--app-id", "cover", "--size", "400x400", "--colour", "203040",
			"--opaque", NULL);
	REQUIRE(cover != NULL, "cannot start the cover");
	int64_t cover_id = wait_window_id(h, "cover");
	REQUIRE(cover_id > 0 && place(h, "cover", cover_id, 0, 0, 400),
			"cannot place the cover over the window");

	// Wholly covered: its commits happen, and nothing is composed.
	harness_sleep_ms(SETTLE_MS);
	struct counters before, after;
	REQUIRE(output_counters(h, &before), "no counters");
	REQUIRE(commit_frames(c, COMMITS, &drawn), "no commits");
	harness_sleep_ms(SETTLE_MS);
	REQUIRE(output_counters(h, &after), "no counters");
	bool ok = CHECK(after.frames == before.frames &&
					after.pixels == before.pixels,
			"%d commits under the cover composed %" PRId64 " frames of %" PRId64
			" pixels",
			COMMITS, after.frames - before.frames,
			after.pixels - before.pixels);

	// Half covered (the cover from x = 150): a commit composes the 50 x 100
	// pixels left of it.
	REQUIRE(place(h, "cover", cover_id, 150, 0, 400), "cannot move the cover");
	ok = commits_compose(h, c, &drawn, 50 * 100, "half covered") && ok;

	// Covered again and committing, then uncovered: the screen shows its
	// latest colour at once, and its next one after that.
	REQUIRE(place(h, "cover", cover_id, 0, 0, 400), "cannot move the cover");
	harness_sleep_ms(SETTLE_MS);
	REQUIRE(commit_frames(c, 2, &drawn), "no commits");
	REQUIRE(place(h, "cover", cover_id, 300, 0, 400),
			"cannot move the cover away");
	ok = shows_colour(h, colours[(drawn - 1) % 3], "uncovered") && ok;
	REQUIRE(output_counters(h, &before), "no counters");
	REQUIRE(commit_composed(h, c, &drawn, &before, &after), "no frame");
	ok = shows_colour(h, colours[(drawn - 1) % 3], "next-commit") && ok;
	// Headless keeps no frame past its commit, nor does gridwl: every
	// frame reuses the one buffer, a frame's worth of memory.
	ok = CHECK(after.buffers == 1, "%" PRId64 " buffers for " OUTPUT,
				 after.buffers) &&
			ok;
	ok = CHECK_QUITS(cover, "the cover") && ok;
	return CHECK_QUITS(c, "the client") && ok;
}

/* gridwl's frames are opaque too: under the bottom 10 rows of a title
 * bar, a commit composes the 90 rows above them. */
static bool body_framed(struct harness *h, const void *data) {
	struct harness_client *c = spawn_covered(h);
	REQUIRE(c != NULL, "no window to cover");
	int drawn = 1;
	// A pattern client that asks for gridwl's frame, 200 x 100.
	struct harness_client *cover =
			spawn_framed(h, "cover", "server", "server", 1, "cover");
	REQUIRE(cover != NULL, "cannot start the cover");
	REQUIRE(move_window(h, "cover", 100, 300), "cannot place the cover");
	struct frame_info f;
	REQUIRE(window_frame(h, "cover", &f) && f.has_frame,
			"the cover has no frame");
	int top = f.y - f.fy;
	REQUIRE(top > 10 && f.fx <= 100 && f.fx + f.fw >= 200,
			"the cover's title bar is %d high, its frame from x = %d to %d",
			top, f.fx, f.fx + f.fw);
	// The frame's top edge at y = 190, its content below the window.
	REQUIRE(move_window(h, "cover", 100, 190 + top), "cannot move the cover");
	bool ok = commits_compose(h, c, &drawn, 100 * 90, "under a title bar");
	ok = CHECK_QUITS(cover, "the cover") && ok;
	return CHECK_QUITS(c, "the client") && ok;
}

static const char *const args[] = { "--output", OUTPUT " mode 640x480 scale 1",
	NULL };

int main(void) {
	struct check_suite suite = { 0 };
	check_run_gridwl(&suite,
			"commits of a covered window repaint only what shows", args, body,
			NULL);
	check_run_gridwl(&suite, "a title bar covers what is under it", args,
			body_framed, NULL);
	return check_finish(&suite);
}
