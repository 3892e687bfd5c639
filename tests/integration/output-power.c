#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "layout-expect.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "virtual-pointer.h"

/*
 * Screen power (sway's "dpms"): gridctl output NAME power|dpms on|off,
 * wlr-output-power-management through power-client (what wlopm does), and
 * the real swayidle driving gridctl. An output that is off keeps its place,
 * its wl_output, xdg-output and windows; it is neither composed nor
 * committed while its windows keep drawing, cannot be captured, and does
 * not hold up a session lock. On again, it shows exactly what they drew.
 *
 * The layout is HEADLESS-1 (640x480, scale 1) and HEADLESS-2 (1280x960 at
 * scale 2) beside it at 640,0; "left" is a window on HEADLESS-1, "right"
 * one on HEADLESS-2, each alone on its output.
 */

#define LAYOUT_W 1280
#define LAYOUT_H 480

/* How long an output that is off is watched for frames: many frame times
 * of the headless backend (60 Hz), with its windows committing. */
#define WATCH_MS 300

static struct json_object *find_output(struct json_object *reply,
		const char *name) {
	struct json_object *outputs = json_path(reply, "outputs", json_type_array);
	return json_array_find(outputs, "name", name);
}

/* The output's frames (committed so far), -1 after a failed check. */
static int64_t output_frames(struct harness *h, const char *name) {
	int64_t value = rs_output_frames(h, name);
	CHECK(value >= 0, "no frames for %s", name);
	return value;
}

struct frames_want {
	const char *name;
	int64_t above;
};

static bool frames_above(struct json_object *reply, void *data) {
	const struct frames_want *want = data;
	struct json_object *frames =
			json_path(find_output(reply, want->name), "frames", json_type_int);
	return frames != NULL && json_object_get_int64(frames) > want->above;
}

static bool wait_frames_above(struct harness *h, const char *name,
		int64_t above) {
	struct frames_want want = { name, above };
	const char *args[] = { "outputs", NULL };
	struct json_object *reply = harness_wait_gridctl(h, args, frames_above,
			&want, HARNESS_TIMEOUT_MS, name);
	json_object_put(reply);
	return CHECK(reply != NULL, "%s should commit frames again", name);
}

/* gridctl outputs says exactly this of the output, and that it is enabled
 * (in the layout) whatever its power. */
static bool check_output(struct harness *h, const char *name, const char *power,
		int x, int y, int width, int height, int scale) {
	struct json_object *reply = harness_gridctl_ok(h, "outputs", NULL);
	struct json_object *output = find_output(reply, name);
	bool ok = CHECK(output != NULL, "no output %s", name);
	if (ok) {
		ok = CHECK_JSON_STRING(output, "power", power) && ok;
		ok = CHECK_JSON_BOOL(output, "enabled", true) && ok;
		ok = CHECK_JSON_BOX(output, x, y, width, height) && ok;
		ok = CHECK_JSON_INT(output, "scale", scale) && ok;
	}
	json_object_put(reply);
	return ok;
}

/* Reads what the client said so far: what it says from then on is what
 * the tests look at. */
static bool drain(struct harness_client *c) {
	struct lines lines;
	bool ok = client_sync_lines(c, &lines);
	lines_free(&lines);
	return ok;
}

/* A 200x100 window drawn at buffer scale, put at x, y; its outputs are
 * then exactly output. */
static struct harness_client *spawn_window(struct harness *h,
		const char *app_id, int scale, int x, int y, const char *output) {
	char scale_text[8];
	snprintf(scale_text, sizeof(scale_text), "%d", scale);
	struct harness_client *c =
			spawn_pattern_ready(h, app_id, 200, 100, scale, "--app-id", app_id,
					"--scale", scale_text, "--cursor", scale_text, NULL);
	REQUIRE(c != NULL, "%s did not map", app_id);
	int64_t id = wait_window_id(h, app_id);
	REQUIRE(id > 0, "no id for %s", app_id);
	REQUIRE(move_window_id(h, id, x, y), "cannot move %s", app_id);
	REQUIRE(check_window_on(h, app_id, x, y, -1, -1, output),
			"%s is not in place", app_id);
	REQUIRE(drain(c), "%s does not answer", app_id);
	return c;
}

/* The scene most cases start from: "left" at buffer scale 1 on HEADLESS-1
 * and "right" at buffer scale 2 on HEADLESS-2, with what left was told
 * when right took the focus read. */
static bool spawn_pair(struct harness *h, struct harness_client **left,
		struct harness_client **right) {
	*left = spawn_window(h, "left", 1, 100, 100, "HEADLESS-1");
	*right = spawn_window(h, "right", 2, 800, 100, "HEADLESS-2");
	REQUIRE(*left != NULL && *right != NULL, "no windows");
	REQUIRE(drain(*left), "left does not answer");
	return true;
}

/* A power-client on output, once it reported the mode it starts with. */
static struct harness_client *spawn_power(struct harness *h, const char *label,
		const char *output, const char *mode) {
	const char *argv[] = { getenv("POWER_CLIENT_BIN"), output, NULL };
	REQUIRE(argv[0] != NULL, "POWER_CLIENT_BIN is not set");
	struct harness_client *c = harness_spawn(h, label, argv);
	REQUIRE(c != NULL, "cannot start the power client");
	char want[32];
	snprintf(want, sizeof(want), "mode %s", mode);
	REQUIRE(CHECK_LINE(c, "mode", want), "%s should start with %s", label,
			want);
	REQUIRE(CHECK_WHOLE_LINE(c, "ready"), "%s did not start", label);
	return c;
}

/* The client printed nothing but what starts with one of ignored (NULL
 * terminated, may be empty) since it was last read. */
static bool check_silent(struct harness_client *c, const char *const *ignored,
		const char *what) {
	struct lines lines;
	bool ok = client_sync_lines(c, &lines);
	for (size_t i = 0; ok && i < lines.count; i++) {
		bool ignore = false;
		for (size_t j = 0; ignored[j] != NULL && !ignore; j++) {
			ignore =
					strncmp(lines.line[i], ignored[j], strlen(ignored[j])) == 0;
		}
		ok = CHECK(ignore, "%s: unexpected \"%s\"", what, lines.line[i]);
	}
	lines_free(&lines);
	return ok;
}

/* A gridctl output command whose reply says the output's power is now
 * power. */
static bool set_power(struct harness *h, const char *output, const char *key,
		const char *power) {
	const char *value = strcmp(power, "on") == 0 ? "on" : "off";
	struct json_object *reply =
			harness_gridctl_ok(h, "output", output, key, value, NULL);
	bool ok = CHECK(reply != NULL, "gridctl output %s %s %s failed", output,
			key, value);
	if (ok) {
		ok = CHECK_JSON_STRING(reply, "output.power", power) && ok;
		ok = CHECK_JSON_BOOL(reply, "output.enabled", true) && ok;
	}
	json_object_put(reply);
	return ok;
}

/* Has the pattern client draw (a damage or pattern command) and checks
 * that it hears of nothing else meanwhile: no output, enter or leave. */
static bool draw(struct harness_client *c, const char *command) {
	REQUIRE(harness_client_send(c, "%s", command), "cannot send %s", command);
	const char *drawn[] = { "damaged ", "ready ", NULL };
	return check_silent(c, drawn, command);
}

/* While output is off its window keeps committing (drawing into a corner,
 * again and again), and so does other_window on other, which keeps
 * presenting; output commits no frame. */
static bool check_no_frames(struct harness *h, const char *output,
		struct harness_client *window, const char *other,
		struct harness_client *other_window) {
	int64_t frames = output_frames(h, output);
	int64_t other_frames = output_frames(h, other);
	REQUIRE(frames >= 0 && other_frames >= 0, "no frame counts");
	bool ok = true;
	for (int i = 0; i < 5 && ok; i++) {
		ok = draw(window, "damage 0 0 8 8") &&
				draw(other_window, "damage 0 0 8 8");
	}
	ok = wait_frames_above(h, other, other_frames) && ok;
	harness_sleep_ms(WATCH_MS);
	int64_t after = output_frames(h, output);
	return CHECK(after == frames, "%s is off and committed %lld frames", output,
				   (long long)(after - frames)) &&
			ok;
}

/* The output shows exactly the windows (bottom first) with their buffers'
 * patterns, in gridctl's screenshot and grim's (wlr-screencopy). */
static bool check_shows(struct harness *h, const char *output,
		struct layout_window *windows, size_t count, const char *tag) {
	struct layout layout;
	REQUIRE(layout_read(h, &layout), "cannot read the layout");
	const struct layout_output *o = layout_find(&layout, output);
	REQUIRE(o != NULL, "no output %s in the layout", output);
	bool ok = true;
	struct expected *e = layout_expect_output(o, windows, count);
	REQUIRE(e != NULL, "no expectation for %s", output);
	char name[96];
	snprintf(name, sizeof(name), "%s-gridctl", tag);
	struct image *shot = screenshot_gridctl(h, output, name);
	ok = CHECK(shot != NULL, "no gridctl screenshot of %s", output) &&
			CHECK_EXPECTED(shot, e, name) && ok;
	image_destroy(shot);
	snprintf(name, sizeof(name), "%s-grim", tag);
	shot = screenshot_grim(h, output, name);
	ok = CHECK(shot != NULL, "no grim screenshot of %s", output) &&
			CHECK_EXPECTED(shot, e, name) && ok;
	image_destroy(shot);
	expected_destroy(e);
	return ok;
}

static bool read_window(struct harness *h, const char *app_id,
		enum pattern_kind kind, int buffer_scale, struct layout_window *w) {
	*w = (struct layout_window){
		.pattern = { .kind = kind },
		.buffer_scale = buffer_scale,
	};
	return layout_window_read(h, app_id, w);
}

/* Neither gridctl nor grim gives a picture of an output that is off, and
 * grim is told so rather than left waiting. */
static bool check_no_capture(struct harness *h, const char *output) {
	char *path = harness_path(h, "off.png");
	int status = -1;
	struct json_object *reply =
			harness_gridctl(h, &status, "screenshot", "-o", output, path, NULL);
	bool ok = CHECK(status == 1,
			"gridctl screenshot of %s (off) exited "
			"with %d",
			output, status);
	char want[96];
	snprintf(want, sizeof(want), "output %s is powered off", output);
	ok = CHECK_JSON_BOOL(reply, "success", false) &&
			CHECK_JSON_STRING(reply, "error", want) && ok;
	json_object_put(reply);
	const char *grim[] = { "grim", "-o", output, path, NULL };
	status = harness_run(h, grim, HARNESS_TIMEOUT_MS, NULL);
	ok = CHECK(status != -1, "grim waited for a frame of %s (off)", output) &&
			CHECK(status != 0, "grim captured %s while it is off", output) &&
			ok;
	free(path);
	return ok;
}

/* wlr-output-management (wlr-randr) still has the output enabled. */
static bool check_randr_enabled(struct harness *h, const char *output) {
	const char *argv[] = { "wlr-randr", NULL };
	char *listing = NULL;
	bool ok = CHECK(harness_run(h, argv, HARNESS_TIMEOUT_MS, &listing) == 0,
			"wlr-randr cannot list outputs");
	char header[64];
	snprintf(header, sizeof(header), "%s \"", output);
	const char *block = listing != NULL ? strstr(listing, header) : NULL;
	const char *enabled = block != NULL ? strstr(block, "Enabled: ") : NULL;
	ok = CHECK(enabled != NULL && strncmp(enabled, "Enabled: yes", 12) == 0,
				 "wlr-randr should list %s as enabled:\n%s", output,
				 listing != NULL ? listing : "") &&
			ok;
	free(listing);
	return ok;
}

static bool body_gridctl(struct harness *h, const void *data) {
	struct harness_client *left, *right;
	REQUIRE(spawn_pair(h, &left, &right), "no windows");
	struct harness_client *watcher =
			spawn_power(h, "power", "HEADLESS-2", "on");
	REQUIRE(watcher != NULL, "no power client");

	bool ok = set_power(h, "HEADLESS-2", "power", "off");
	ok = CHECK_WHOLE_LINE(watcher, "mode off") && ok;
	ok = check_output(h, "HEADLESS-2", "off", 640, 0, 640, 480, 2) && ok;
	ok = check_output(h, "HEADLESS-1", "on", 0, 0, 640, 480, 1) && ok;
	// No client hears of any change of an output (wl_output, xdg-output,
	// enter, leave).
	const char *none[] = { NULL };
	ok = check_silent(right, none, "right once its output is off") && ok;
	ok = check_silent(left, none, "left once the other output is off") && ok;

	// Both windows keep drawing; only HEADLESS-1 presents.
	ok = check_no_frames(h, "HEADLESS-2", right, "HEADLESS-1", left) && ok;
	// What it draws meanwhile is what shows when the output is on again.
	ok = draw(right, "pattern checker") && ok;

	// Nothing moved or left it, and no client heard of any change of an
	// output while they drew.
	ok = check_window_on(h, "right", 800, 100, -1, -1, "HEADLESS-2") && ok;
	ok = check_window_on(h, "left", 100, 100, -1, -1, "HEADLESS-1") && ok;
	ok = check_silent(right, none, "right while its output is off") && ok;
	ok = check_silent(watcher, none, "the power client") && ok;

	// The pointer still goes over it, to the window there.
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no virtual pointer");
	char move[64];
	snprintf(move, sizeof(move), "move 900 150 %d %d", LAYOUT_W, LAYOUT_H);
	ok = pointer_command(pointer, "moved", move) &&
			CHECK_LINE(right, "pointer enter", "pointer enter 100.00 50.00") &&
			ok;

	ok = check_no_capture(h, "HEADLESS-2") && ok;
	ok = check_randr_enabled(h, "HEADLESS-2") && ok;

	// On again, without the pointer over it (grim's picture has the
	// cursor): frames resume and show what right drew while it was off.
	snprintf(move, sizeof(move), "move 10 400 %d %d", LAYOUT_W, LAYOUT_H);
	ok = pointer_command(pointer, "moved", move) && ok;
	int64_t frames = output_frames(h, "HEADLESS-2");
	ok = set_power(h, "HEADLESS-2", "power", "on") && ok;
	ok = CHECK_WHOLE_LINE(watcher, "mode on") && ok;
	ok = wait_frames_above(h, "HEADLESS-2", frames) && ok;
	ok = check_output(h, "HEADLESS-2", "on", 640, 0, 640, 480, 2) && ok;
	struct layout_window windows[2];
	ok = read_window(h, "left", PATTERN_COORDS, 1, &windows[0]) &&
			read_window(h, "right", PATTERN_CHECKER, 2, &windows[1]) &&
			check_shows(h, "HEADLESS-2", windows, 2, "power-on") && ok;
	ok = check_window_on(h, "right", 800, 100, -1, -1, "HEADLESS-2") && ok;
	ok = check_silent(right, (const char *const[]){ "pointer ", NULL },
				 "right after its output came back") &&
			ok;
	harness_client_send(pointer, "quit");
	return ok;
}

/* What wlopm does: any number of clients watch an output, any of them may
 * switch it, and all of them hear it, also when gridctl switches it. */
static bool body_protocol(struct harness *h, const void *data) {
	struct harness_client *left, *right;
	REQUIRE(spawn_pair(h, &left, &right), "no windows");
	struct harness_client *a = spawn_power(h, "power-a", "HEADLESS-2", "on");
	struct harness_client *b = spawn_power(h, "power-b", "HEADLESS-2", "on");
	struct harness_client *one = spawn_power(h, "power-1", "HEADLESS-1", "on");
	REQUIRE(a != NULL && b != NULL && one != NULL, "no power clients");

	bool ok = harness_client_send(a, "set off") &&
			CHECK_WHOLE_LINE(a, "mode off") && CHECK_WHOLE_LINE(b, "mode off");
	ok = check_output(h, "HEADLESS-2", "off", 640, 0, 640, 480, 2) && ok;
	ok = check_output(h, "HEADLESS-1", "on", 0, 0, 640, 480, 1) && ok;
	ok = check_no_frames(h, "HEADLESS-2", right, "HEADLESS-1", left) && ok;
	ok = check_no_capture(h, "HEADLESS-2") && ok;
	const char *none[] = { NULL };
	ok = check_silent(one, none, "the client of HEADLESS-1") && ok;

	// It is a run-time change: a reload keeps it off, and tells nobody
	// anything.
	struct json_object *reply = harness_gridctl_ok(h, "reload", NULL);
	ok = CHECK(reply != NULL, "reload failed") && ok;
	json_object_put(reply);
	ok = check_output(h, "HEADLESS-2", "off", 640, 0, 640, 480, 2) && ok;
	ok = check_silent(a, none, "power-a after the reload") && ok;
	ok = check_silent(b, none, "power-b after the reload") && ok;

	// gridctl, with sway 1.7's word for it, switches it on; both hear it.
	int64_t frames = output_frames(h, "HEADLESS-2");
	ok = set_power(h, "HEADLESS-2", "dpms", "on") && ok;
	ok = CHECK_WHOLE_LINE(a, "mode on") && CHECK_WHOLE_LINE(b, "mode on") && ok;
	ok = wait_frames_above(h, "HEADLESS-2", frames) && ok;
	ok = check_silent(one, none, "the client of HEADLESS-1") && ok;

	// Asking for the mode it is in changes nothing and tells nobody.
	ok = harness_client_send(b, "set on") &&
			check_silent(b, none, "power-b after set on") &&
			check_silent(a, none, "power-a after power-b's set on") && ok;

	// A mode the protocol does not have is a protocol error: it ends that
	// client only.
	ok = harness_client_send(b, "set 7") && ok;
	char *error = harness_client_wait_line(b,
			"error protocol interface=zwlr_output_power_v1 code=1 ",
			HARNESS_TIMEOUT_MS);
	ok = CHECK(error != NULL, "power-b should get invalid_mode") && ok;
	free(error);
	ok = CHECK(harness_client_wait_exit(b, HARNESS_TIMEOUT_MS) == 1,
				 "power-b should end with status 1") &&
			ok;
	ok = check_silent(a, none, "power-a after power-b's error") && ok;
	ok = check_output(h, "HEADLESS-2", "on", 640, 0, 640, 480, 2) && ok;

	// The control of an output that goes fails.
	reply = harness_gridctl_ok(h, "create-output", "320x240", NULL);
	ok = CHECK(reply != NULL, "cannot create an output") &&
			CHECK_JSON_STRING(reply, "name", "HEADLESS-3") && ok;
	json_object_put(reply);
	struct harness_client *three =
			spawn_power(h, "power-3", "HEADLESS-3", "on");
	ok = CHECK(three != NULL, "no power client for HEADLESS-3") && ok;
	reply = harness_gridctl_ok(h, "destroy-output", "HEADLESS-3", NULL);
	ok = CHECK(reply != NULL, "cannot destroy HEADLESS-3") && ok;
	json_object_put(reply);
	if (three != NULL) {
		ok = CHECK_WHOLE_LINE(three, "failed") && ok;
	}

	// Each ends cleanly, leaving nothing behind (under LeakSanitizer too),
	// also the one whose control failed.
	struct harness_client *quitting[] = { a, one, three };
	for (size_t i = 0; i < 3; i++) {
		if (quitting[i] != NULL) {
			ok = harness_client_send(quitting[i], "quit") &&
					CHECK(harness_client_wait_exit(quitting[i],
								  HARNESS_TIMEOUT_MS) == 0,
							"a power client did not end cleanly") &&
					ok;
		}
	}
	return ok;
}

/* A new scale and position while off are in the layout at once (windows
 * move with the output, clients are told), and do not switch it on; on
 * again, it is at the new scale. */
static bool body_scale_while_off(struct harness *h, const void *data) {
	struct harness_client *left, *right;
	REQUIRE(spawn_pair(h, &left, &right), "no windows");
	struct harness_client *watcher =
			spawn_power(h, "power", "HEADLESS-2", "on");
	REQUIRE(watcher != NULL, "no power client");

	bool ok = set_power(h, "HEADLESS-2", "power", "off") &&
			CHECK_WHOLE_LINE(watcher, "mode off");
	int64_t frames = output_frames(h, "HEADLESS-2");
	struct json_object *reply = harness_gridctl_ok(h, "output", "HEADLESS-2",
			"scale", "1", "position", "700,0", NULL);
	ok = CHECK(reply != NULL, "cannot change HEADLESS-2") && ok;
	if (reply != NULL) {
		ok = CHECK_JSON_STRING(reply, "output.power", "off") && ok;
		ok = CHECK_JSON_INT(reply, "output.scale", 1) && ok;
	}
	json_object_put(reply);
	ok = check_output(h, "HEADLESS-2", "off", 700, 0, 1280, 960, 1) && ok;
	// right keeps its place on its output, 60 further right.
	ok = check_window_on(h, "right", 860, 100, -1, -1, "HEADLESS-2") && ok;
	struct lines lines, seen;
	ok = client_sync_lines(right, &lines) && ok;
	const char *prefixes[] = { "output HEADLESS-2", "xdg_output HEADLESS-2",
		"enter ", "leave ", NULL };
	lines_filter(&lines, prefixes, &seen);
	const char *expected[] = {
		"output HEADLESS-2 scale=1 mode=1280x960",
		"xdg_output HEADLESS-2 x=700 y=0 width=1280 height=960",
		NULL,
	};
	ok = CHECK_LINES(&seen, expected,
				 "right hears of the new scale and "
				 "position") &&
			ok;
	lines_free(&seen);
	lines_free(&lines);
	// left heard of it too; it is not what is looked at here.
	ok = drain(left) && ok;
	const char *none[] = { NULL };
	ok = check_silent(watcher, none, "the power client") && ok;
	ok = check_no_frames(h, "HEADLESS-2", right, "HEADLESS-1", left) && ok;
	ok = CHECK(output_frames(h, "HEADLESS-2") == frames,
				 "the change committed a frame of HEADLESS-2 while it is off") &&
			ok;
	ok = draw(right, "pattern checker") && ok;

	ok = set_power(h, "HEADLESS-2", "power", "on") &&
			CHECK_WHOLE_LINE(watcher, "mode on") && ok;
	ok = wait_frames_above(h, "HEADLESS-2", frames) && ok;
	ok = check_output(h, "HEADLESS-2", "on", 700, 0, 1280, 960, 1) && ok;
	// right's scale-2 buffer, box-reduced on what is now a scale-1 output.
	struct layout_window windows[2];
	ok = read_window(h, "left", PATTERN_COORDS, 1, &windows[0]) &&
			read_window(h, "right", PATTERN_CHECKER, 2, &windows[1]) &&
			check_shows(h, "HEADLESS-2", windows, 2, "rescaled") && ok;
	return ok;
}

/* The sway user's swayidle line, with gridctl for swaymsg: both outputs
 * go off when idle and come back with input. */
static bool body_swayidle(struct harness *h, const void *data) {
	const char *gridctl = getenv("GRIDCTL_BIN");
	REQUIRE(gridctl != NULL, "GRIDCTL_BIN is not set");
	char off[512], on[512];
	snprintf(off, sizeof(off), "'%s' output '*' dpms off", gridctl);
	snprintf(on, sizeof(on), "'%s' output '*' dpms on", gridctl);
	struct harness_client *one = spawn_power(h, "power-1", "HEADLESS-1", "on");
	struct harness_client *two = spawn_power(h, "power-2", "HEADLESS-2", "on");
	REQUIRE(one != NULL && two != NULL, "no power clients");
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no virtual pointer");
	const char *argv[] = {
		"swayidle",
		"-w",
		"timeout",
		"1",
		off,
		"resume",
		on,
		NULL,
	};
	struct harness_client *swayidle = harness_spawn(h, "swayidle", argv);
	REQUIRE(swayidle != NULL, "cannot start swayidle");

	bool ok = CHECK_WHOLE_LINE(one, "mode off") &&
			CHECK_WHOLE_LINE(two, "mode off");
	ok = check_output(h, "HEADLESS-1", "off", 0, 0, 640, 480, 1) && ok;
	ok = check_output(h, "HEADLESS-2", "off", 640, 0, 640, 480, 2) && ok;
	char move[64];
	snprintf(move, sizeof(move), "move 100 100 %d %d", LAYOUT_W, LAYOUT_H);
	ok = harness_client_send(pointer, "%s", move) &&
			CHECK_WHOLE_LINE(one, "mode on") &&
			CHECK_WHOLE_LINE(two, "mode on") && ok;
	// And off again once the hand is still.
	ok = CHECK_WHOLE_LINE(one, "mode off") &&
			CHECK_WHOLE_LINE(two, "mode off") && ok;
	harness_client_send(pointer, "quit");
	return ok;
}

static struct harness_client *spawn_locker(struct harness *h,
		const char *label) {
	const char *argv[] = { getenv("LOCK_CLIENT_BIN"), NULL };
	REQUIRE(argv[0] != NULL, "LOCK_CLIENT_BIN is not set");
	struct harness_client *locker = harness_spawn(h, label, argv);
	REQUIRE(locker != NULL, "cannot start the locker");
	REQUIRE(CHECK_WHOLE_LINE(locker, "ready"), "the locker did not start");
	return locker;
}

static bool unlocked(struct json_object *reply, void *data) {
	return json_string_is(reply, "session_lock", "unlocked");
}

static bool wait_unlocked(struct harness *h) {
	const char *args[] = { "stats", NULL };
	struct json_object *reply = harness_wait_gridctl(h, args, unlocked, NULL,
			HARNESS_TIMEOUT_MS, "session_lock unlocked");
	json_object_put(reply);
	return CHECK(reply != NULL, "the session should be unlocked");
}

/* swaylock is often run just before the screens go off, or after: an
 * output that is off does not keep the lock from being confirmed. */
static bool body_lock(struct harness *h, const void *data) {
	// Off from its config line.
	bool ok = check_output(h, "HEADLESS-2", "off", 640, 0, 640, 480, 2);
	struct harness_client *locker = spawn_locker(h, "locker");
	REQUIRE(locker != NULL, "no locker");
	ok = harness_client_send(locker, "lock") &&
			CHECK_LINE(locker, "configure 0", "configure 0 640 480") &&
			CHECK_LINE(locker, "configure 1", "configure 1 640 480") &&
			CHECK_WHOLE_LINE(locker, "locked") && ok;
	ok = CHECK_WHOLE_LINE(locker, "shown 0") && ok;

	// On while locked, it shows the lock surface, which is then drawn
	// (its frame callback comes back).
	ok = set_power(h, "HEADLESS-2", "power", "on") &&
			CHECK_WHOLE_LINE(locker, "shown 1") && ok;
	struct image *shot = screenshot_grim(h, "HEADLESS-2", "locked-on");
	struct pattern coords = { .kind = PATTERN_COORDS };
	struct image_region all = { 0, 0, 1280, 960 };
	ok = CHECK(shot != NULL, "no screenshot") &&
			CHECK_PATTERN(shot, all, &coords, 1280, 960, "locked-on") && ok;
	image_destroy(shot);
	ok = harness_client_send(locker, "unlock") && wait_unlocked(h) && ok;

	// Every output off: locked at once.
	struct json_object *reply =
			harness_gridctl_ok(h, "output", "*", "power", "off", NULL);
	struct json_object *outputs = json_path(reply, "outputs", json_type_array);
	ok = CHECK(outputs != NULL && json_object_array_length(outputs) == 2,
				 "gridctl output '*' should report both outputs") &&
			ok;
	json_object_put(reply);
	ok = check_output(h, "HEADLESS-1", "off", 0, 0, 640, 480, 1) && ok;
	struct harness_client *second = spawn_locker(h, "second-locker");
	REQUIRE(second != NULL, "no second locker");
	ok = harness_client_send(second, "lock") &&
			CHECK_WHOLE_LINE(second, "locked") && ok;
	ok = harness_client_send(second, "unlock") && wait_unlocked(h) && ok;
	return ok;
}

/* wlroots' wayland backend names its toplevels so. */
static bool is_inner_window(struct json_object *window, void *data) {
	return json_string_is(window, "app_id", "wlroots");
}

/* The host's screen shows pattern (of the region's size) over region, as
 * soon as the nested gridwl and then the host have repainted. */
static bool wait_host_shows(struct harness *host, struct image_region region,
		const struct pattern *pattern, const char *tag) {
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	for (;;) {
		struct image *image = screenshot_gridctl(host, "HEADLESS-1", tag);
		REQUIRE(image != NULL, "no host screenshot");
		bool last = harness_now_ms() >= deadline;
		long count = pattern_mismatches(image, region, pattern, region.width,
				region.height);
		if (count == 0 || last) {
			bool ok = count == 0 ||
					CHECK_PATTERN(image, region, pattern, region.width,
							region.height, tag);
			image_destroy(image);
			return ok;
		}
		image_destroy(image);
		harness_sleep_ms(50);
	}
}

/* A nested output, which wlroots cannot switch off, goes black on the
 * host's screen, stays so while its client draws, and shows the client
 * again when on. */
static bool body_nested(struct harness *host, const void *data) {
	struct harness *inner =
			start_nested_outputs(host, "WL-1 mode 640x480 scale 1", NULL);
	REQUIRE(inner != NULL, "nested gridwl did not start");
	struct json_object *window = harness_wait_window(host, is_inner_window,
			NULL, HARNESS_TIMEOUT_MS, "the nested gridwl's window");
	struct json_object *x = json_path(window, "x", json_type_int);
	struct json_object *y = json_path(window, "y", json_type_int);
	bool ok = CHECK(x != NULL && y != NULL, "no nested window on the host");
	struct image_region region = {
		x != NULL ? json_object_get_int(x) : 0,
		y != NULL ? json_object_get_int(y) : 0,
		640,
		480,
	};
	json_object_put(window);
	struct harness_client *client = ok ?
			spawn_pattern_ready(inner, "inner", 640, 480, 1, "--fullscreen",
					"WL-1", "--pattern", "coords", "--app-id", "inner", NULL) :
			NULL;
	ok = ok && client != NULL;
	struct pattern coords = { .kind = PATTERN_COORDS };
	struct pattern black = { .kind = PATTERN_SOLID, .colour = 0xff000000u };
	ok = ok && wait_host_shows(host, region, &coords, "nested-before") &&
			drain(client);

	// A fullscreen window is configured anew on any change of its output
	// (to the same size here); it does not leave it.
	const char *same[] = { "configure 640 480", "ready 640 480 1", NULL };
	ok = ok && set_power(inner, "WL-1", "power", "off") &&
			check_silent(client, same, "inner once its output is off") &&
			wait_host_shows(host, region, &black, "nested-off");
	if (ok) {
		for (int i = 0; i < 5 && ok; i++) {
			ok = draw(client, "damage 0 0 64 64");
		}
		harness_sleep_ms(WATCH_MS);
		ok = ok && wait_host_shows(host, region, &black, "nested-still-off");
	}
	ok = ok && draw(client, "pattern coords") &&
			set_power(inner, "WL-1", "power", "on") &&
			wait_host_shows(host, region, &coords, "nested-on");
	return harness_stop(inner, ok);
}

static bool run(const void *data) {
	bool (*const *body)(struct harness *, const void *) = data;
	return run_mixed_layout(*body, NULL);
}

static bool run_lock(const void *data) {
	const char *args[] = {
		"--output",
		"HEADLESS-1 mode 640x480 scale 1 position 0,0",
		"--output",
		"HEADLESS-2 mode 1280x960 scale 2 position 640,0 "
		"power off",
		NULL,
	};
	return run_gridwl(args, body_lock, NULL);
}

static bool run_nested(const void *data) {
	return run_on_output("HEADLESS-1", 1600, 768, 1, body_nested, NULL);
}

static bool run_swayidle(const void *data) {
	return programs_installed("swayidle", NULL) && run(data);
}

int main(void) {
	static bool (*const gridctl)(struct harness *, const void *) = body_gridctl;
	static bool (*const protocol)(struct harness *, const void *) =
			body_protocol;
	static bool (*const scale)(struct harness *, const void *) =
			body_scale_while_off;
	static bool (*const swayidle)(struct harness *, const void *) =
			body_swayidle;
	struct check_suite suite = { 0 };
	check_run(&suite,
			"power off: in the layout with its windows, no frames, "
			"no capture; on again: exact",
			run, &gridctl);
	check_run(&suite,
			"wlr-output-power-management: clients switch it and "
			"all watchers hear it",
			run, &protocol);
	check_run(&suite,
			"a scale and position set while off apply at once and "
			"keep it off",
			run, &scale);
	check_run(&suite, "swayidle turns every output off and on with gridctl",
			run_swayidle, &swayidle);
	check_run(&suite, "a session lock is confirmed with outputs off", run_lock,
			NULL);
	check_run(&suite, "a nested output that is off is black on the host",
			run_nested, NULL);
	return check_finish(&suite);
}
