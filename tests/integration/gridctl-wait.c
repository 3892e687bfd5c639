#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "image.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "resample-fixture.h"

/*
 * gridctl wait window and wait settled: they answer when what they wait
 * for is on screen, not before; they time out with an error; a pending wait
 * holds up neither other connections nor gridwl when its client gives up.
 *
 * HEADLESS-2 runs at 1 Hz, so that a frame there comes up to a second
 * after what it shows was committed: a wait that answered before the frame
 * would be seen doing so in the output's frame counter.
 */

#define SLOW "HEADLESS-2"
#define SLOW_WIDTH 640 // physical, at scale 2
#define SLOW_HEIGHT 480

/* gridctl ARGS... in the background; argv NULL terminated, without
 * gridctl itself. */
static struct harness_client *spawn_gridctl(struct harness *h,
		const char *label, const char *const *args) {
	const char *argv[16] = { getenv("GRIDCTL_BIN") };
	for (int i = 0; args[i] != NULL && i < 14; i++) {
		argv[i + 1] = args[i];
	}
	if (argv[0] == NULL) {
		fprintf(stderr, "GRIDCTL_BIN is not set\n");
		return NULL;
	}
	return harness_spawn(h, label, argv);
}

/* Waits for a background gridctl to end; its reply (a new reference, or
 * NULL when it printed no JSON) and *status its exit status (-1 when it is
 * still running after timeout_ms). Frees c. */
static struct json_object *finish_gridctl(struct harness_client *c,
		int timeout_ms, int *status) {
	*status = harness_client_wait_exit(c, timeout_ms);
	char *text = NULL;
	size_t len = 0;
	if (*status >= 0) {
		char *line;
		while ((line = harness_client_next_line(c, 1000)) != NULL) {
			size_t add = strlen(line);
			char *more = realloc(text, len + add + 2);
			if (more != NULL) {
				text = more;
				memcpy(text + len, line, add);
				len += add;
				text[len++] = '\n';
				text[len] = '\0';
			}
			free(line);
		}
	}
	harness_client_kill(c);
	struct json_object *reply = text != NULL ? json_tokener_parse(text) : NULL;
	free(text);
	return reply;
}

static bool succeeded(struct json_object *reply) {
	struct json_object *success =
			json_path(reply, "success", json_type_boolean);
	return success != NULL && json_object_get_boolean(success);
}

/* A fullscreen pattern client on SLOW, once shown. */
static struct harness_client *start_fullscreen(struct harness *h,
		const char *app_id, const char *pattern) {
	const char *args[] = { "--fullscreen", SLOW, "--scale", "2", "--pattern",
		pattern, "--app-id", app_id, NULL };
	return harness_spawn_pattern_client(h, app_id, args);
}

/* (1) A wait started before the window exists answers once a frame with
 * the window has been presented, with the window, and the screen then
 * shows exactly its pattern. */
static bool wait_window_before_client(struct harness *h) {
	// A window that was just presented on SLOW leaves a frame pending
	// there for up to a second, so the next window's frame comes late.
	const char *first_args[] = { "wait", "window", "--app-id", "^first$",
		NULL };
	struct harness_client *first = start_fullscreen(h, "first", "solid:c08020");
	REQUIRE(first != NULL, "cannot start the first client");
	int status;
	struct json_object *reply =
			finish_gridctl(spawn_gridctl(h, "wait-first", first_args), 20000,
					&status);
	bool ok = CHECK(status == 0 && succeeded(reply),
			"wait for the first window: status %d, %s", status,
			json_object_to_json_string(reply));
	json_object_put(reply);
	REQUIRE(ok, "the first window was not waited for");

	const char *args[] = { "wait", "window", "--app-id", "^waited$",
		"--timeout", "20", NULL };
	struct harness_client *wait = spawn_gridctl(h, "wait-window", args);
	REQUIRE(wait != NULL, "cannot start gridctl wait");
	// No window yet: it must still be waiting.
	harness_sleep_ms(300);
	ok = CHECK(harness_client_running(wait),
				 "gridctl wait window returned before any window existed") &&
			ok;
	int64_t frames_before = rs_output_frames(h, SLOW);

	struct harness_client *client = start_fullscreen(h, "waited", "checker");
	REQUIRE(client != NULL, "cannot start the pattern client");
	reply = finish_gridctl(wait, 20000, &status);
	int64_t frames_after = rs_output_frames(h, SLOW);
	struct image *image = screenshot_gridctl(h, SLOW, "wait-window");

	ok = CHECK(status == 0, "gridctl wait window exited with %d", status) && ok;
	ok = CHECK_JSON_BOOL(reply, "success", true) && ok;
	ok = CHECK_JSON_STRING(reply, "window.app_id", "waited") && ok;
	ok = CHECK_JSON_INT(reply, "window.width", SLOW_WIDTH / 2) && ok;
	ok = CHECK_JSON_BOOL(reply, "window.fullscreen", true) && ok;
	struct json_object *outputs =
			json_path(reply, "window.outputs", json_type_array);
	ok = CHECK(outputs != NULL && json_array_find_string(outputs, SLOW) >= 0,
				 "the window is not on %s: %s", SLOW,
				 json_object_to_json_string(reply)) &&
			ok;
	// The window's buffer came after frames_before was read, so only a
	// later frame can have presented it.
	ok = CHECK(frames_after > frames_before,
				 "wait answered before %s presented a frame (%lld, then %lld)",
				 SLOW, (long long)frames_before, (long long)frames_after) &&
			ok;
	struct pattern pattern;
	pattern_parse("checker", &pattern);
	struct image_region all = { 0, 0, SLOW_WIDTH, SLOW_HEIGHT };
	ok = CHECK(image != NULL, "no screenshot") &&
			CHECK_PATTERN(image, all, &pattern, SLOW_WIDTH, SLOW_HEIGHT,
					"wait-window") &&
			ok;
	image_destroy(image);
	json_object_put(reply);

	// Already shown: answered at once.
	const char *again[] = { "wait", "window", "--title", "pattern", "--app-id",
		"wait", "--timeout", "1", NULL };
	reply = finish_gridctl(spawn_gridctl(h, "wait-again", again), 5000,
			&status);
	ok = CHECK(status == 0, "wait for a shown window exited with %d", status) &&
			CHECK_JSON_STRING(reply, "window.app_id", "waited") && ok;
	json_object_put(reply);
	harness_client_kill(client);
	harness_client_kill(first);
	return ok;
}

/* A window across the seam, mostly on HEADLESS-1 (60 Hz): after a commit,
 * the wait answers only once SLOW (1 Hz) has presented it too. */
static bool wait_window_across(struct harness *h) {
	struct harness_client *client = spawn_pattern_ready(h, "across", 200, 100,
			1, "--app-id", "across", NULL);
	REQUIRE(client != NULL, "client not shown");
	const char *args[] = { "wait", "window", "--app-id", "^across$", NULL };
	int status;
	struct json_object *reply =
			finish_gridctl(spawn_gridctl(h, "wait-across", args), 15000,
					&status);
	struct json_object *id = json_path(reply, "window.id", json_type_int);
	REQUIRE(status == 0 && id != NULL, "no window: status %d, %s", status,
			json_object_to_json_string(reply));
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%lld",
			(long long)json_object_get_int64(id));
	json_object_put(reply);
	// 140 logical pixels on HEADLESS-1, 60 on SLOW.
	reply = harness_gridctl_ok(h, "move", id_text, "500", "100", NULL);
	REQUIRE(reply != NULL, "cannot move the window");
	json_object_put(reply);

	// A commit on SLOW's part alone makes SLOW present a frame now, which
	// leaves its next one up to a second away.
	REQUIRE(client_command_synced(client, "damage 150 0 50 100"), "no damage");
	const char *settle[] = { "wait", "settled", "--quiet", "100", NULL };
	reply = finish_gridctl(spawn_gridctl(h, "settle", settle), 15000, &status);
	json_object_put(reply);
	int64_t frames_before = rs_output_frames(h, SLOW);
	REQUIRE(harness_client_send(client, "damage 0 0 200 100"), "no damage");
	reply = finish_gridctl(spawn_gridctl(h, "wait-across", args), 15000,
			&status);
	int64_t frames_after = rs_output_frames(h, SLOW);
	bool ok = CHECK(status == 0, "wait window exited with %d", status);
	struct json_object *outputs =
			json_path(reply, "window.outputs", json_type_array);
	ok = CHECK(outputs != NULL && json_object_array_length(outputs) == 2,
				 "the window should be on both outputs: %s",
				 json_object_to_json_string(reply)) &&
			ok;
	ok = CHECK(frames_after > frames_before,
				 "wait answered before %s presented the commit (%lld, then %lld)",
				 SLOW, (long long)frames_before, (long long)frames_after) &&
			ok;
	json_object_put(reply);
	harness_client_kill(client);
	return ok;
}

/* A failed reply: exit status 1 and an error containing want. */
static bool check_error_reply(struct json_object *reply, int status,
		const char *want) {
	bool ok = CHECK(status == 1, "gridctl exited with %d, want 1", status);
	ok = CHECK_JSON_BOOL(reply, "success", false) && ok;
	struct json_object *error = json_path(reply, "error", json_type_string);
	return CHECK(error != NULL &&
						   strstr(json_object_get_string(error), want) != NULL,
				   "error should mention '%s': %s", want,
				   json_object_to_json_string(reply)) &&
			ok;
}

/* (2) a wait for a window that never comes times out after its time. */
static bool wait_window_timeout(struct harness *h) {
	const char *args[] = { "wait", "window", "--app-id", "^never$", "--timeout",
		"1", NULL };
	int64_t start = harness_now_ms();
	int status;
	struct json_object *reply =
			finish_gridctl(spawn_gridctl(h, "wait-never", args), 10000,
					&status);
	int64_t took = harness_now_ms() - start;
	bool ok = check_error_reply(reply, status, "timed out after 1 s");
	ok = CHECK(took >= 1000 && took < 5000, "the 1 s wait took %lld ms",
				 (long long)took) &&
			ok;
	json_object_put(reply);
	return ok;
}

/* (3) while a wait is pending, other connections are answered at once,
 * and the wait goes on. */
static bool wait_beside_others(struct harness *h) {
	const char *args[] = { "wait", "window", "--app-id", "^never$", "--timeout",
		"8", NULL };
	struct harness_client *wait = spawn_gridctl(h, "wait-pending", args);
	REQUIRE(wait != NULL, "cannot start gridctl wait");
	harness_sleep_ms(200);
	bool ok = true;
	for (int i = 0; i < 3; i++) {
		struct json_object *windows = harness_gridctl_ok(h, "windows", NULL);
		ok = CHECK(windows != NULL, "gridctl windows failed while waiting") &&
				ok;
		json_object_put(windows);
	}
	ok = CHECK(harness_client_running(wait),
				 "the wait ended while other requests were served") &&
			ok;
	harness_client_kill(wait);
	return ok;
}

/* (4) settled: returns while nothing changes, not while a client keeps
 * committing; then returns once it stops. */
static bool wait_settled(struct harness *h) {
	struct harness_client *client = spawn_pattern_ready(h, "busy", 200, 100, 1,
			"--app-id", "busy", NULL);
	REQUIRE(client != NULL, "client not shown");

	const char *quiet[] = { "wait", "settled", "--quiet", "200", NULL };
	int64_t start = harness_now_ms();
	int status;
	struct json_object *reply =
			finish_gridctl(spawn_gridctl(h, "settled", quiet), 10000, &status);
	int64_t took = harness_now_ms() - start;
	bool ok = CHECK(status == 0 && succeeded(reply),
			"wait settled on a still screen: status %d, %s", status,
			json_object_to_json_string(reply));
	ok = CHECK(took >= 200 && took < 3000,
				 "wait settled --quiet 200 took %lld ms", (long long)took) &&
			ok;
	json_object_put(reply);

	// A commit every 50 ms, well within the quiet time.
	const char *busy[] = { "wait", "settled", "--quiet", "500", "--timeout",
		"1.5", NULL };
	struct harness_client *wait = spawn_gridctl(h, "settled-busy", busy);
	REQUIRE(wait != NULL, "cannot start gridctl wait");
	int64_t until = harness_now_ms() + 3000;
	for (int i = 0; harness_client_running(wait) && harness_now_ms() < until;
			i++) {
		harness_client_send(client, "damage %d 0 10 10", (i % 19) * 10);
		harness_sleep_ms(50);
	}
	reply = finish_gridctl(wait, 5000, &status);
	ok = check_error_reply(reply, status, "timed out after 1.5 s") && ok;
	json_object_put(reply);

	// Stopped: settles.
	start = harness_now_ms();
	reply = finish_gridctl(spawn_gridctl(h, "settled-after", busy), 5000,
			&status);
	ok = CHECK(status == 0 && succeeded(reply),
				 "wait settled after the client stopped: status %d, %s", status,
				 json_object_to_json_string(reply)) &&
			ok;
	json_object_put(reply);
	harness_client_kill(client);
	return ok;
}

/* (5) bad input is a JSON error at once. */
static bool wait_bad_input(struct harness *h) {
	int status;
	struct json_object *reply = harness_gridctl(h, &status, "wait", "window",
			"--app-id", "(unclosed", NULL);
	bool ok = check_error_reply(reply, status, "invalid regex for app_id");
	json_object_put(reply);
	reply = harness_gridctl(h, &status, "raw",
			"{\"command\": \"wait\", \"for\": \"nothing\"}", NULL);
	ok = check_error_reply(reply, status, "\"window\" or \"settled\"") && ok;
	json_object_put(reply);
	reply = harness_gridctl(h, &status, "raw",
			"{\"command\": \"wait\", \"for\": \"settled\", \"timeout\": -1}",
			NULL);
	ok = check_error_reply(reply, status, "out of range") && ok;
	json_object_put(reply);
	return ok;
}

/* (6) a client that gives up while waiting: gridwl cancels the wait, whose
 * timers must not fire into freed memory, and carries on. */
static bool wait_hangup(struct harness *h) {
	bool ok = true;
	const char *kinds[][8] = {
		{ "wait", "window", "--app-id", "^never$", "--timeout", "1", NULL },
		{ "wait", "settled", "--quiet", "900", "--timeout", "1", NULL },
	};
	for (int i = 0; i < 2; i++) {
		struct harness_client *wait = spawn_gridctl(h, "wait-killed", kinds[i]);
		REQUIRE(wait != NULL, "cannot start gridctl wait");
		harness_sleep_ms(200);
		ok = CHECK(harness_client_running(wait), "gridctl %s returned early",
					 kinds[i][1]) &&
				ok;
		harness_client_kill(wait);
	}
	// Past the waits' timeouts and quiet time, had they not been freed.
	harness_sleep_ms(1500);
	struct json_object *stats = harness_gridctl_ok(h, "stats", NULL);
	ok = CHECK(stats != NULL, "gridwl no longer answers") && ok;
	json_object_put(stats);
	return ok;
}

/* Real programs: foot and gtk3-widget-factory are waited for by app id,
 * moved, waited for again, and the screen then shows their window: its
 * box on HEADLESS-1 (less the rounded corners) shows the background in
 * fewer than 1 % of its pixels. */
static bool wait_real_client(struct harness *h, const char *program,
		const char *command, const char *app_id_re) {
	if (!program_in_path(program)) {
		fprintf(stderr, "# %s is not installed: not waited for\n", program);
		return true;
	}
	const char *argv[] = { "sh", "-c", command, NULL };
	struct harness_client *client = harness_spawn(h, program, argv);
	REQUIRE(client != NULL, "cannot start %s", program);
	const char *args[] = { "wait", "window", "--app-id", app_id_re, "--timeout",
		"30", NULL };
	int status;
	struct json_object *reply =
			finish_gridctl(spawn_gridctl(h, "wait-real", args), 40000, &status);
	struct json_object *id = json_path(reply, "window.id", json_type_int);
	bool ok = CHECK(status == 0 && id != NULL,
			"gridctl wait window for %s: status %d, %s", program, status,
			json_object_to_json_string(reply));
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%d",
			id != NULL ? json_object_get_int(id) : 0);
	json_object_put(reply);
	struct json_object *moved = ok ?
			harness_gridctl_ok(h, "move", id_text, "10", "10", NULL) :
			NULL;
	ok = ok && CHECK(moved != NULL, "cannot move %s", program);
	json_object_put(moved);
	reply = ok ? finish_gridctl(spawn_gridctl(h, "wait-moved", args), 40000,
						 &status) :
				 NULL;
	struct json_object *width = json_path(reply, "window.width", json_type_int);
	struct json_object *height =
			json_path(reply, "window.height", json_type_int);
	ok = ok &&
			CHECK(status == 0 && width != NULL && height != NULL,
					"no second wait for %s after the move", program);
	struct image *image =
			ok ? screenshot_gridctl(h, "HEADLESS-1", program) : NULL;
	ok = ok && CHECK(image != NULL, "no screenshot with %s", program);
	if (ok) {
		// GTK rounds the window's top corners: the box less a margin.
		int x0 = 10 + 8, y0 = 10 + 8;
		int x1 = 10 + json_object_get_int(width) - 8;
		int y1 = 10 + json_object_get_int(height) - 8;
		x1 = x1 < image->width ? x1 : image->width;
		y1 = y1 < image->height ? y1 : image->height;
		long background = 0;
		for (int y = y0; y < y1; y++) {
			for (int x = x0; x < x1; x++) {
				background += image_get(image, x, y) == 0xff333333u;
			}
		}
		// Text may hit the background's grey here and there; a window
		// not drawn yet shows nothing else.
		long area = (long)(x1 - x0) * (y1 - y0);
		ok = CHECK(area > 0 && background * 100 < area,
				"%ld of %ld pixels of %s's window box show the background",
				background, area, program);
		check_save_artifact(image, program);
	}
	image_destroy(image);
	json_object_put(reply);
	harness_client_kill(client);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	bool ok = wait_bad_input(h);
	ok = wait_window_before_client(h) && ok;
	ok = wait_window_across(h) && ok;
	ok = wait_window_timeout(h) && ok;
	ok = wait_beside_others(h) && ok;
	ok = wait_settled(h) && ok;
	ok = wait_hangup(h) && ok;
	ok = wait_real_client(h, "foot",
				 "exec foot --app-id waitfoot -o tweak.render-timer=none "
				 "sleep 600",
				 "^waitfoot$") &&
			ok;
	// NO_AT_BRIDGE: no accessibility bus to wait for here.
	ok = wait_real_client(h, "gtk3-widget-factory",
				 "GDK_BACKEND=wayland NO_AT_BRIDGE=1 exec gtk3-widget-factory",
				 "WidgetFactory|widget-factory") &&
			ok;
	return ok;
}

static bool run(const void *data) {
	const char *args[] = { "--output",
		"HEADLESS-1 mode 640x480 scale 1 position 0,0", "--output",
		SLOW " mode 640x480@1 scale 2 position 640,0", NULL };
	return run_gridwl(args, body, data);
}

int main(void) {
	return check_main("gridctl wait", run, NULL);
}
