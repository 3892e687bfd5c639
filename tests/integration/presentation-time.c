#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * wp_presentation on headless outputs of two refresh rates: each frame of a
 * window is presented on the output it is on (sync_output), with that
 * output's refresh period (its mode's: 20 ms at 50 Hz, 33.3 ms at 30 Hz),
 * no retrace counter (seq 0) and no flags (no vsync, clock or completion
 * from hardware), at a time after its commit and before the client heard
 * of it, later than the frame before; a frame replaced before any output
 * showed it (its output switched off) is discarded, its successor
 * presented once the output is on; a window wholly under an opaque one is
 * neither paced nor presented until uncovered. The real
 * weston-presentation-shm sees every frame presented later than the last,
 * with seq 0 and no flags.
 */

#define APP_ID "presentation"
#define OUT_A "HEADLESS-1" // 50 Hz, scale 1, 640x480 logical at 0,0
#define OUT_B "HEADLESS-2" // 30 Hz, scale 2, 640x480 logical at 640,0
#define FRAMES 5

struct presented {
	char output[64];
	uint32_t refresh, flags;
	uint64_t seq, committed, shown, received;
};

static bool parse_presented(const char *line, struct presented *p) {
	return sscanf(line,
				   "presented %63s %" SCNu32 " %" SCNu64 " %" SCNu32 " %" SCNu64
				   " %" SCNu64 " %" SCNu64,
				   p->output, &p->refresh, &p->seq, &p->flags, &p->committed,
				   &p->shown, &p->received) == 7;
}

/* The client's next presentation, which must be on output with refresh,
 * and later than *last (0: the first). */
static bool check_presented(struct harness_client *c, const char *output,
		uint32_t refresh, uint64_t *last, const char *what) {
	char *line = harness_client_wait_line(c, "presented ", HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "%s: no presented event", what);
	struct presented p;
	bool ok =
			CHECK(parse_presented(line, &p), "%s: bad line \"%s\"", what, line);
	free(line);
	if (!ok) {
		return false;
	}
	ok = CHECK(strcmp(p.output, output) == 0, "%s: presented on %s, not %s",
				 what, p.output, output) &&
			ok;
	ok = CHECK(p.refresh == refresh, "%s: refresh %" PRIu32 " ns, not %" PRIu32,
				 what, p.refresh, refresh) &&
			ok;
	ok = CHECK(p.seq == 0 && p.flags == 0,
				 "%s: seq %" PRIu64 " flags 0x%" PRIx32
				 " on headless, which has neither",
				 what, p.seq, p.flags) &&
			ok;
	ok = CHECK(p.committed <= p.shown && p.shown <= p.received,
				 "%s: shown at %" PRIu64 ", committed at %" PRIu64
				 ", heard of at %" PRIu64,
				 what, p.shown, p.committed, p.received) &&
			ok;
	ok = CHECK(p.shown > *last,
				 "%s: shown at %" PRIu64
				 ", not after the frame before (%" PRIu64 ")",
				 what, p.shown, *last) &&
			ok;
	*last = p.shown;
	return ok;
}

static bool gridctl_done(struct json_object *reply) {
	json_object_put(reply);
	return reply != NULL;
}

static bool body_client(struct harness *h, const void *data) {
	REQUIRE(gridctl_done(harness_gridctl_ok(h, "pointer", "320", "240", NULL)),
			"cannot move the pointer");
	struct harness_client *c =
			spawn_ready(h, APP_ID, "PRESENTATION_CLIENT_BIN", APP_ID, NULL);
	REQUIRE(c != NULL, "the client did not map");
	uint64_t last = 0;
	bool ok = harness_client_send(c, "frames %d", FRAMES);
	for (int i = 0; ok && i < FRAMES; i++) {
		ok = check_presented(c, OUT_A, 20000000, &last,
					 "on the 50 Hz output") &&
				ok;
	}

	int64_t id = wait_window_id(h, APP_ID);
	REQUIRE(id > 0, "no window");
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%" PRId64, id);
	REQUIRE(gridctl_done(
					harness_gridctl_ok(h, "move", id_text, "800", "100", NULL)),
			"cannot move the window");
	ok = harness_client_send(c, "frames %d", FRAMES) && ok;
	for (int i = 0; ok && i < FRAMES; i++) {
		ok = check_presented(c, OUT_B, 33333333, &last,
					 "on the 30 Hz output") &&
				ok;
	}

	// Off, the output shows nothing: the first of two frames is replaced
	// unseen, the second waits for the output.
	REQUIRE(ok, "frames went unpresented");
	REQUIRE(gridctl_done(harness_gridctl_ok(h, "output", OUT_B, "power", "off",
					NULL)),
			"cannot switch the output off");
	struct lines lines = { 0 };
	ok = harness_client_send(c, "commit") && harness_client_send(c, "commit") &&
			client_sync_lines(c, &lines) && ok;
	const char *want[] = { "discarded", NULL };
	ok = CHECK_LINES(&lines, want, "two frames while the output is off") && ok;
	lines_free(&lines);
	REQUIRE(gridctl_done(harness_gridctl_ok(h, "output", OUT_B, "power", "on",
					NULL)),
			"cannot switch the output on");
	ok = check_presented(c, OUT_B, 33333333, &last,
				 "the frame left when the output is on again") &&
			ok;
	ok = CHECK_QUITS(c, "the client") && ok;
	return ok;
}

/* A window wholly under an opaque one is not paced, as on wlroots' scene
 * graph: no frame callback comes, so the player draws no second frame, and
 * its first is neither presented nor discarded. Uncovered, it is paced and
 * presented again. */
static bool body_occluded(struct harness *h, const void *data) {
	struct harness_client *c =
			spawn_ready(h, APP_ID, "PRESENTATION_CLIENT_BIN", APP_ID, NULL);
	REQUIRE(c != NULL, "the client did not map");
	int64_t id = wait_window_id(h, APP_ID);
	REQUIRE(id > 0 && move_window_id(h, id, 100, 100) &&
					wait_window_box(h, APP_ID, 100, 100, 100, 100),
			"cannot place the window");
	struct harness_client *cover = spawn_ready(h, "cover", "SOLID_CLIENT_BIN",
			"--app-id", "cover", "--size", "400x400", "--colour", "203040",
			"--opaque", NULL);
	REQUIRE(cover != NULL, "cannot start the cover");
	int64_t cover_id = wait_window_id(h, "cover");
	REQUIRE(cover_id > 0 && move_window_id(h, cover_id, 0, 0) &&
					wait_window_box(h, "cover", 0, 0, 400, 400),
			"cannot place the cover over the window");
	const char *prefixes[] = { "presented", "discarded", NULL };
	const char *none[] = { NULL };
	bool ok = check_heard_at(__FILE__, __LINE__, c, prefixes, none,
			"before the frames");
	ok = harness_client_send(c, "frames %d", FRAMES) && ok;
	// Paced, the player would have drawn all its frames by now.
	harness_sleep_ms(FRAMES * 20 * 10);
	ok = check_heard_at(__FILE__, __LINE__, c, prefixes, none,
				 "frames of the covered window") &&
			ok;
	REQUIRE(move_window_id(h, cover_id, 300, 0) &&
					wait_window_box(h, "cover", 300, 0, 400, 400),
			"cannot move the cover away");
	uint64_t last = 0;
	for (int i = 0; ok && i < FRAMES; i++) {
		ok = check_presented(c, OUT_A, 20000000, &last,
					 "uncovered, on the 50 Hz output") &&
				ok;
	}
	return CHECK_ALL_QUIT(cover, "the cover", c, "the client") && ok;
}

static bool body_weston(struct harness *h, const void *data) {
	// Line-buffered, so each frame's line comes as it is presented.
	const char *argv[] = { "stdbuf", "-oL", "weston-presentation-shm", "-f",
		NULL };
	struct harness_client *c = harness_spawn(h, "presentation-shm", argv);
	REQUIRE(c != NULL, "cannot start weston-presentation-shm");
	bool ok = true;
	for (int i = 1; ok && i <= 8; i++) {
		char *line = harness_client_next_line(c, HARNESS_TIMEOUT_MS);
		REQUIRE(line != NULL, "frame %d was not presented", i);
		int n = 0, f2c, c2p, f2p, p2p, t2p;
		char flags[8] = "";
		unsigned long long seq = 1;
		int fields = sscanf(line,
				" %d: f2c %d ms, c2p %d ms, f2p %d ms, p2p %d us, t2p %d, "
				"[%4[^]]], seq %llu",
				&n, &f2c, &c2p, &f2p, &p2p, &t2p, flags, &seq);
		ok = CHECK(fields == 8 && n == i, "unexpected line \"%s\"", line);
		// p2p: time since the last presentation, so later than it.
		ok = ok &&
				CHECK(i == 1 || p2p > 0,
						"frame %d presented %d us after the one before", i,
						p2p) &&
				CHECK(strcmp(flags, "____") == 0 && seq == 0,
						"frame %d: flags [%s] seq %llu on headless", i, flags,
						seq);
		free(line);
	}
	harness_client_kill(c);
	return ok;
}

static bool run(const void *data) {
	const char *args[] = {
		"--output",
		OUT_A " mode 640x480@50 scale 1 position 0,0",
		"--output",
		OUT_B " mode 1280x960@30 scale 2 position 640,0",
		NULL,
	};
	bool (*const *body)(struct harness *, const void *) = data;
	return run_gridwl(args, *body, NULL);
}

static bool run_weston(const void *data) {
	return programs_installed("weston-presentation-shm", NULL) &&
			run_on_output(OUT_A, 640, 480, 1, body_weston, NULL);
}

int main(void) {
	static bool (*const client)(struct harness *, const void *) = body_client;
	static bool (*const occluded)(struct harness *, const void *) =
			body_occluded;
	struct check_suite suite = { 0 };
	check_run(&suite,
			"frames are presented on their output with its refresh, in "
			"order, between commit and event; replaced unseen, discarded",
			run, &client);
	check_run(&suite,
			"a window under an opaque one gets no frame callbacks and no "
			"presentation; uncovered, it gets both again",
			run, &occluded);
	check_run(&suite,
			"weston-presentation-shm: each frame presented after the last",
			run_weston, NULL);
	return check_finish(&suite);
}
