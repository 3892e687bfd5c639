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
 * The protocol fuzzer (tests/fuzz/protocol) against a live gridwl with a
 * scale-1 and a scale-2 output, for a few fixed seeds, while a well-behaved
 * client stays connected and gridctl keeps asking for the windows (whose
 * titles and app_ids the fuzzer makes up) and the outputs (which it
 * reconfigures). A protocol error is the right answer to the fuzzer's bad
 * requests; gridwl dying, hanging or leaking (harness_stop checks its exit
 * status, which the sanitizers set) is the failure. Afterwards the outputs
 * are put back and the well-behaved window must be where it was, drawn
 * exactly, redrawn on request, and a new client must still get its frame
 * callbacks.
 *
 * The seeds are ones that hit no known bug (tests/fuzz/README.md lists the
 * known ones and how to look for more); the iterations keep the sanitized
 * build within its time.
 */

#define GOOD_X 700 // logical, on HEADLESS-2 (640..1280)
#define GOOD_Y 40
#define GOOD_W 200
#define GOOD_H 100
#define GOOD_SCALE 2
#define ITERATIONS "1500"
#define PROBE_FRAMES "10"

struct seed {
	const char *seed;
	// With a remote desktop's transient seat and its own pointer.
	bool remote_seat;
};

static const struct seed seeds[] = {
	{ "4", false },
	{ "7", false },
	{ "13", false },
	{ "20", false },
	{ "4", true },
	{ "7", true },
};

static bool only_good_left(struct json_object *reply, void *data) {
	struct json_object *windows = json_path(reply, "windows", json_type_array);
	return windows != NULL && json_object_array_length(windows) == 1 &&
			json_array_find(windows, "app_id", "good") != NULL;
}

static bool gridctl_answers(struct harness *h, const char *what) {
	struct json_object *reply = harness_gridctl_ok(h, what, NULL);
	bool ok = CHECK(reply != NULL, "gridctl %s failed", what);
	json_object_put(reply);
	return ok;
}

/* Runs the fuzzer (or its probe) with args after the binary; asks gridctl
 * all the while. Its exit code, -1 when it could not be run; *stats (may
 * be NULL) gets its last line. */
static int run_fuzzer(struct harness *h, const char *const *args,
		char **stats) {
	const char *bin = getenv("PROTOCOL_FUZZ_BIN");
	if (bin == NULL) {
		fprintf(stderr, "PROTOCOL_FUZZ_BIN is not set\n");
		return -1;
	}
	const char *argv[16] = { bin };
	for (size_t i = 0; args[i] != NULL && i + 2 < 16; i++) {
		argv[i + 1] = args[i];
	}
	struct harness_client *fuzz = harness_spawn(h, "fuzz", argv);
	if (fuzz == NULL) {
		return -1;
	}
	// The control socket reports what the fuzzer makes of the windows
	// and outputs while it makes it.
	bool answered = true;
	while (answered && harness_client_running(fuzz)) {
		answered =
				gridctl_answers(h, "windows") && gridctl_answers(h, "outputs");
		harness_sleep_ms(20);
	}
	// Long enough for the sanitized build: each round trip is bounded by
	// the fuzzer's own timeout.
	int code = harness_client_wait_exit(fuzz, 120000);
	char *line, *last = NULL;
	while ((line = harness_client_next_line(fuzz, 1000)) != NULL) {
		free(last);
		last = line;
	}
	if (stats != NULL) {
		*stats = last;
	} else {
		free(last);
	}
	harness_client_kill(fuzz);
	return answered ? code : -1;
}

static bool fuzz_seed(struct harness *h, struct harness_client *good,
		const struct seed *s) {
	const char *seed = s->seed;
	const char *args[] = {
		"--seed",
		seed,
		"--iterations",
		ITERATIONS,
		"--strict",
		s->remote_seat ? "--remote-seat" : NULL,
		NULL,
	};
	const char *remote = s->remote_seat ? " --remote-seat" : "";
	char *stats = NULL;
	int code = run_fuzzer(h, args, &stats);
	printf("# seed %s%s: %s\n", seed, remote, stats ? stats : "(no counts)");
	fflush(stdout);
	bool ok = CHECK(code == 0,
			"protocol-fuzz --seed %s --iterations %s%s "
			"exited %d (1: gridwl died or hung, 3: an unexpected protocol "
			"error)",
			seed, ITERATIONS, remote, code);
	free(stats);
	ok = CHECK(harness_client_running(good),
				 "the good client died during seed %s", seed) &&
			ok;
	return CHECK(client_command_synced(good, "sync"),
				   "the good client went unanswered after seed %s", seed) &&
			ok;
}

/* The layout the fuzzer reconfigured, back as run_mixed_layout made it. */
static bool restore_outputs(struct harness *h) {
	struct json_object *a = harness_gridctl_ok(h, "output", "HEADLESS-1",
			"mode", "640x480", "scale", "1", "position", "0,0", "enable", NULL);
	struct json_object *b =
			harness_gridctl_ok(h, "output", "HEADLESS-2", "mode", "1280x960",
					"scale", "2", "position", "640,0", "enable", NULL);
	bool ok = CHECK(a != NULL && b != NULL, "the outputs cannot be restored");
	json_object_put(a);
	json_object_put(b);
	return ok;
}

static bool good_sized(struct json_object *window, void *data) {
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	struct json_object *w = json_path(window, "width", json_type_int);
	struct json_object *h = json_path(window, "height", json_type_int);
	return app_id != NULL &&
			strcmp(json_object_get_string(app_id), "good") == 0 && w != NULL &&
			json_object_get_int(w) == GOOD_W && h != NULL &&
			json_object_get_int(h) == GOOD_H;
}

/* At GOOD_X,GOOD_Y and GOOD_W x GOOD_H: gridwl shrinks windows to fit an
 * output that shrank under them, and the fuzzer shrinks outputs. */
static bool place_good(struct harness *h, int64_t id) {
	char id_text[32], x[16], y[16], w[16], hh[16];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	snprintf(x, sizeof(x), "%d", GOOD_X);
	snprintf(y, sizeof(y), "%d", GOOD_Y);
	snprintf(w, sizeof(w), "%d", GOOD_W);
	snprintf(hh, sizeof(hh), "%d", GOOD_H);
	struct json_object *reply =
			harness_gridctl_ok(h, "resize", id_text, w, hh, NULL);
	REQUIRE(reply != NULL, "cannot resize the good window");
	json_object_put(reply);
	reply = harness_wait_window(h, good_sized, NULL, HARNESS_TIMEOUT_MS,
			"the good window to take its size");
	REQUIRE(reply != NULL, "the good window did not take its size");
	json_object_put(reply);
	reply = harness_gridctl_ok(h, "move", id_text, x, y, NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "cannot move the good window");
}

static bool check_good_window(struct harness *h) {
	const char *windows[] = { "windows", NULL };
	struct json_object *reply = harness_wait_gridctl(h, windows, only_good_left,
			NULL, HARNESS_TIMEOUT_MS, "only the good window to be left");
	REQUIRE(reply != NULL, "the fuzzer's windows are left");
	struct json_object *list = json_path(reply, "windows", json_type_array);
	struct json_object *good = json_array_find(list, "app_id", "good");
	const char *const outputs[] = { "HEADLESS-2", NULL };
	bool ok = CHECK_JSON_BOX(good, GOOD_X, GOOD_Y, GOOD_W, GOOD_H) &&
			CHECK_JSON_INT(good, "buffer_scale", GOOD_SCALE) &&
			CHECK(window_outputs_are(good, outputs),
					"the good window is not on HEADLESS-2 alone: %s",
					json_object_to_json_string(good));
	json_object_put(reply);
	return ok;
}

/* Redrawn with the grid, which it did not show before: what is on screen
 * is the new frame, all of it, 1:1, in the first screenshot after the
 * client's commit. */
static bool check_good_pixels(struct harness *h, struct harness_client *good) {
	REQUIRE(client_command_synced(good, "pattern grid"),
			"the good client did not redraw");
	int bw = GOOD_W * GOOD_SCALE, bh = GOOD_H * GOOD_SCALE;
	struct image_region region = {
		(GOOD_X - 640) * GOOD_SCALE,
		GOOD_Y * GOOD_SCALE,
		bw,
		bh,
	};
	struct pattern grid = { .kind = PATTERN_GRID };
	struct image *image =
			screenshot_gridctl(h, "HEADLESS-2", "protocol-fuzz-good");
	REQUIRE(image != NULL, "no screenshot of HEADLESS-2");
	bool ok = CHECK(image->width == 1280 && image->height == 960,
					  "HEADLESS-2 screenshot is %dx%d", image->width,
					  image->height) &&
			CHECK_PATTERN(image, region, &grid, bw, bh, "protocol-fuzz-good");
	image_destroy(image);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	char size[32], scale[8];
	snprintf(size, sizeof(size), "%dx%d", GOOD_W, GOOD_H);
	snprintf(scale, sizeof(scale), "%d", GOOD_SCALE);
	struct harness_client *good = spawn_pattern_ready(h, "good", GOOD_W, GOOD_H,
			GOOD_SCALE, "--scale", scale, "--size", size, "--pattern",
			"checker", "--app-id", "good", NULL);
	REQUIRE(good != NULL, "the good client was not shown");
	int64_t id = wait_window_id(h, "good");
	REQUIRE(id > 0 && place_good(h, id), "the good window cannot be placed");

	bool ok = true;
	for (size_t i = 0; i < sizeof(seeds) / sizeof(seeds[0]) && ok; i++) {
		ok = fuzz_seed(h, good, &seeds[i]);
	}
	REQUIRE(ok, "stopped at the first seed that failed");

	REQUIRE(restore_outputs(h), "outputs not restored");
	// Disabled outputs and new modes may have moved or shrunk it.
	REQUIRE(place_good(h, id), "the good window cannot be placed again");
	ok = check_good_window(h) && check_good_pixels(h, good);

	const char *probe[] = { "--frame-probe", PROBE_FRAMES, NULL };
	char *frames = NULL;
	int code = run_fuzzer(h, probe, &frames);
	ok = CHECK(code == 0 && frames != NULL &&
						 strcmp(frames, "frames=" PROBE_FRAMES) == 0,
				 "a new client's frame callbacks: exit %d, %s", code,
				 frames ? frames : "(nothing)") &&
			ok;
	free(frames);
	return CHECK(harness_client_running(good), "the good client died") && ok;
}

int main(void) {
	return main_mixed_layout(
			"gridwl survives the protocol fuzzer while a client "
			"draws",
			body, NULL);
}
