#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "pattern.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "virtual-pointer.h"

/*
 * ext-session-lock-v1 on the mixed layout (HEADLESS-1 640x480 at scale 1,
 * HEADLESS-2 1280x960 at scale 2, both 640x480 logical): while locked the
 * outputs show the locker's surfaces, pixel for pixel at each output's
 * scale, and nothing of the session; no window gets the keyboard or the
 * pointer; a locker that dies leaves the session locked; only one locker
 * holds the lock; its protocol errors end the locker, never the lock.
 */

#define LOCKED_BLACK 0xff000000u
#define ABANDONED_RED 0xffcc0000u
#define SWAYLOCK_GREEN 0xff00ff00u

static struct harness_client *spawn_locker(struct harness *h, const char *label,
		const char *bad) {
	const char *argv[] = {
		getenv("LOCK_CLIENT_BIN"),
		bad != NULL ? "--bad" : NULL,
		bad,
		NULL,
	};
	REQUIRE(argv[0] != NULL, "LOCK_CLIENT_BIN is not set");
	struct harness_client *c = harness_spawn(h, label, argv);
	REQUIRE(c != NULL, "cannot start %s", label);
	char *line = harness_client_wait_line(c, "ready", HARNESS_TIMEOUT_MS);
	free(line);
	if (line == NULL) {
		harness_client_kill(c);
		return NULL;
	}
	return c;
}

struct stat_want {
	const char *key, *value;
};

static bool stat_is(struct json_object *reply, void *data) {
	const struct stat_want *want = data;
	struct json_object *value = json_path(reply, want->key, json_type_string);
	return value != NULL &&
			strcmp(json_object_get_string(value), want->value) == 0;
}

/* Waits until gridctl stats reports value for key. */
static bool wait_stat(struct harness *h, const char *key, const char *value) {
	const char *args[] = { "stats", NULL };
	struct stat_want want = { key, value };
	struct json_object *reply = harness_wait_gridctl(h, args, stat_is, &want,
			HARNESS_TIMEOUT_MS, value);
	json_object_put(reply);
	return CHECK(reply != NULL, "gridctl stats should say %s: %s", key, value);
}

static bool wait_lock_state(struct harness *h, const char *state) {
	return wait_stat(h, "session_lock", state);
}

/* Locks with locker and waits until both outputs show its surfaces. */
static bool lock_with(struct harness *h, struct harness_client *locker) {
	bool ok = harness_client_send(locker, "lock");
	ok = CHECK_LINE(locker, "configure 0", "configure 0 640 480") && ok;
	ok = CHECK_LINE(locker, "configure 1", "configure 1 640 480") && ok;
	ok = CHECK_LINE(locker, "locked", "locked") && ok;
	// Each output paces its own frames: either may come back first.
	bool shown[2] = { false, false };
	for (int i = 0; i < 2 && ok; i++) {
		char *line =
				harness_client_wait_line(locker, "shown ", HARNESS_TIMEOUT_MS);
		int index = -1;
		ok = CHECK(line != NULL && sscanf(line, "shown %d", &index) == 1 &&
						index >= 0 && index < 2 && !shown[index],
				"want \"shown 0\" and \"shown 1\", got \"%s\"",
				line != NULL ? line : "");
		if (ok) {
			shown[index] = true;
		}
		free(line);
	}
	return wait_lock_state(h, "locked") && ok;
}

static bool unlock_with(struct harness *h, struct harness_client *locker) {
	bool ok = harness_client_send(locker, "unlock");
	return wait_lock_state(h, "unlocked") && ok;
}

/* Both outputs show the locker's coords pattern at their own scale: a
 * 640x480 scale-1 buffer on HEADLESS-1, a 1280x960 scale-2 one on
 * HEADLESS-2, each pixel exact. grim checks the screencopy path too. */
static bool check_lock_shown(struct harness *h, const char *tag) {
	struct pattern coords = { .kind = PATTERN_COORDS };
	char name[64];
	snprintf(name, sizeof(name), "%s-1", tag);
	struct image *one = screenshot_gridctl(h, "HEADLESS-1", name);
	snprintf(name, sizeof(name), "%s-2", tag);
	struct image *two = screenshot_grim(h, "HEADLESS-2", name);
	bool ok = CHECK(one != NULL && two != NULL, "no screenshots");
	if (ok) {
		struct image_region all_one = { 0, 0, 640, 480 };
		struct image_region all_two = { 0, 0, 1280, 960 };
		ok = CHECK_PATTERN(one, all_one, &coords, 640, 480, name) && ok;
		ok = CHECK_PATTERN(two, all_two, &coords, 1280, 960, name) && ok;
	}
	image_destroy(one);
	image_destroy(two);
	return ok;
}

static bool check_outputs_solid(struct harness *h, uint32_t colour,
		const char *tag) {
	char name[64];
	snprintf(name, sizeof(name), "%s-1", tag);
	struct image *one = screenshot_gridctl(h, "HEADLESS-1", name);
	snprintf(name, sizeof(name), "%s-2", tag);
	struct image *two = screenshot_gridctl(h, "HEADLESS-2", name);
	bool ok = CHECK(one != NULL && two != NULL, "no screenshots");
	if (ok) {
		struct image_region all_one = { 0, 0, 640, 480 };
		struct image_region all_two = { 0, 0, 1280, 960 };
		ok = CHECK_SOLID(one, all_one, colour, name) && ok;
		ok = CHECK_SOLID(two, all_two, colour, name) && ok;
	}
	image_destroy(one);
	image_destroy(two);
	return ok;
}

/* The victim window, a 200x100 checker at 100,100 of HEADLESS-1, is on
 * screen exactly. */
static bool check_victim_shown(struct harness *h, const char *tag) {
	struct pattern checker = { .kind = PATTERN_CHECKER };
	struct image *image = screenshot_gridctl(h, "HEADLESS-1", tag);
	REQUIRE(image != NULL, "no screenshot");
	struct image_region region = { 100, 100, 200, 100 };
	bool ok = CHECK_PATTERN(image, region, &checker, 200, 100, tag);
	image_destroy(image);
	return ok;
}

static struct harness_client *start_victim(struct harness *h, int64_t *id) {
	struct harness_client *victim =
			spawn_pattern_ready(h, "victim", 200, 100, 1, "--app-id", "victim",
					"--pattern", "checker", "--cursor", "1", NULL);
	REQUIRE(victim != NULL, "the window did not map");
	*id = rs_place(h, "victim", 100, 100);
	REQUIRE(*id > 0 && wait_focused(h, "victim"), "no focused window");
	REQUIRE(check_victim_shown(h, "victim-before"), "the window is not shown");
	return victim;
}

/* What has the keyboard: headless has no keyboard device for a client to
 * hear it, so gridctl says. */
static bool check_keyboard_on(struct harness *h, const char *kind) {
	return wait_stat(h, "keyboard_focus", kind);
}

/* gridctl focus does nothing while locked, and nothing else got focus. */
static bool check_no_window_focus(struct harness *h, int64_t id) {
	char ids[32];
	snprintf(ids, sizeof(ids), "%lld", (long long)id);
	struct json_object *reply = harness_gridctl(h, NULL, "focus", ids, NULL);
	json_object_put(reply);
	reply = harness_gridctl_ok(h, "windows", NULL);
	REQUIRE(reply != NULL, "gridctl windows failed");
	struct json_object *window =
			json_array_find(json_path(reply, "windows", json_type_array),
					"app_id", "victim");
	bool ok = CHECK(window != NULL, "the window is gone") &&
			CHECK_JSON_BOOL(window, "focused", false);
	json_object_put(reply);
	reply = harness_gridctl_ok(h, "stats", NULL);
	struct json_object *focus =
			json_path(reply, "keyboard_focus", json_type_string);
	ok = CHECK(focus != NULL &&
						 (strcmp(json_object_get_string(focus), "lock") == 0 ||
								 strcmp(json_object_get_string(focus),
										 "none") == 0),
				 "the keyboard is on a %s while locked",
				 focus != NULL ? json_object_get_string(focus) : "?") &&
			ok;
	json_object_put(reply);
	return ok;
}

/* The window heard nothing of the pointer since the last check. */
static bool check_no_pointer(struct harness_client *victim) {
	struct lines lines, entered;
	REQUIRE(client_sync_lines(victim, &lines), "no sync from the window");
	const char *prefixes[] = { "pointer enter", NULL };
	lines_filter(&lines, prefixes, &entered);
	bool ok = CHECK(entered.count == 0,
			"the window got the pointer while "
			"locked");
	lines_free(&entered);
	lines_free(&lines);
	return ok;
}

static bool body_lock_unlock(struct harness *h, const void *data) {
	int64_t id;
	struct harness_client *victim = start_victim(h, &id);
	REQUIRE(victim != NULL, "no window");
	struct harness_client *pointer = spawn_virtual_pointer(h);
	struct harness_client *locker = spawn_locker(h, "locker", NULL);
	REQUIRE(pointer != NULL && locker != NULL, "no clients");
	bool ok = lock_with(h, locker);
	ok = check_keyboard_on(h, "lock") && ok;
	ok = check_lock_shown(h, "locked") && ok;
	ok = check_no_window_focus(h, id) && ok;

	// A click right over the window goes to the lock surface.
	ok = pointer_click(pointer, 150, 150, 1280, 480) && ok;
	ok = CHECK_LINE(locker, "pointer button", "pointer button") && ok;
	ok = check_no_pointer(victim) && ok;

	ok = unlock_with(h, locker) && ok;
	ok = check_victim_shown(h, "unlocked") && ok;
	// The keyboard goes back to the window that had it.
	ok = wait_focused(h, "victim") && ok;
	harness_client_send(pointer, "quit");
	return ok;
}

static bool body_abandoned(struct harness *h, const void *data) {
	int64_t id;
	struct harness_client *victim = start_victim(h, &id);
	struct harness_client *first = spawn_locker(h, "first", NULL);
	REQUIRE(victim != NULL && first != NULL, "no clients");
	bool ok = lock_with(h, first);
	// Dies without unlocking: the session must stay locked, shown red.
	harness_client_kill(first);
	ok = wait_lock_state(h, "abandoned") && ok;
	ok = check_outputs_solid(h, ABANDONED_RED, "abandoned") && ok;
	ok = check_no_window_focus(h, id) && ok;
	// Nothing covers the window now but the lock itself: a click on it
	// still reaches nobody.
	struct harness_client *pointer = spawn_virtual_pointer(h);
	ok = CHECK(pointer != NULL, "no virtual pointer") &&
			pointer_click(pointer, 150, 150, 1280, 480) &&
			check_no_pointer(victim) && ok;

	struct harness_client *second = spawn_locker(h, "second", NULL);
	REQUIRE(second != NULL, "no second locker");
	ok = lock_with(h, second) && ok;
	ok = check_lock_shown(h, "relocked") && ok;
	ok = unlock_with(h, second) && ok;
	ok = check_victim_shown(h, "unlocked-after-abandon") && ok;
	if (pointer != NULL) {
		harness_client_send(pointer, "quit");
	}
	return ok;
}

static bool body_one_locker(struct harness *h, const void *data) {
	struct harness_client *first = spawn_locker(h, "first", NULL);
	struct harness_client *second = spawn_locker(h, "second", NULL);
	REQUIRE(first != NULL && second != NULL, "no lockers");
	bool ok = lock_with(h, first);
	ok = harness_client_send(second, "lock") &&
			CHECK_LINE(second, "finished", "finished") && ok;
	// The refused lock changed nothing.
	ok = check_lock_shown(h, "refused") && ok;
	ok = unlock_with(h, first) && ok;
	// Its objects stay harmless after the lock it never had ends.
	ok = harness_client_send(second, "unlock") &&
			client_command_synced(second, "sync") && ok;
	ok = CHECK(harness_client_running(second),
				 "the refused locker was "
				 "disconnected") &&
			ok;
	return ok;
}

struct bad_case {
	const char *mode;
	const char *error; // the line raw_client_report_disconnect prints
};

static const struct bad_case bad_cases[] = {
	{ "null-buffer",
			"error protocol interface=ext_session_lock_surface_v1 code=1" },
	{ "early-commit",
			"error protocol interface=ext_session_lock_surface_v1 code=0" },
	{ "wrong-size",
			"error protocol interface=ext_session_lock_surface_v1 code=2" },
	{ "duplicate", "error protocol interface=ext_session_lock_v1 code=3" },
	// A destructor request: the client's proxy is gone when the error
	// comes, so libwayland cannot name its interface.
	{ "early-unlock", "error protocol interface=? code=1" },
};

static bool expect_error(struct harness_client *c, const char *want) {
	char *line = harness_client_wait_line(c, "error", HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "no error, want \"%s\"", want);
	bool ok = CHECK(strncmp(line, want, strlen(want)) == 0,
			"want \"%s...\", got \"%s\"", want, line);
	free(line);
	return ok;
}

/* Each protocol error ends its locker; the session stays locked until a
 * good locker unlocks it, and gridwl carries on. */
static bool body_bad_lockers(struct harness *h, const void *data) {
	int64_t id;
	struct harness_client *victim = start_victim(h, &id);
	REQUIRE(victim != NULL, "no window");
	bool ok = true;
	for (size_t i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		const struct bad_case *bad = &bad_cases[i];
		fprintf(stderr, "# bad locker: %s\n", bad->mode);
		struct harness_client *locker = spawn_locker(h, bad->mode, bad->mode);
		REQUIRE(locker != NULL, "no locker");
		ok = harness_client_send(locker, "lock") && ok;
		ok = expect_error(locker, bad->error) && ok;
		ok = CHECK_LINE(locker, "disconnected", "disconnected") && ok;
		ok = CHECK(harness_client_wait_exit(locker, HARNESS_TIMEOUT_MS) > 0,
					 "%s: the locker should end with an error", bad->mode) &&
				ok;
		ok = wait_lock_state(h, "abandoned") && ok;
		ok = check_no_window_focus(h, id) && ok;
		struct harness_client *good = spawn_locker(h, "good", NULL);
		REQUIRE(good != NULL, "no good locker");
		ok = lock_with(h, good) && unlock_with(h, good) && ok;
		harness_client_kill(good);
		harness_client_kill(locker);
	}
	// Destroying a lock that holds the session is an error too.
	struct harness_client *locker = spawn_locker(h, "destroyer", NULL);
	REQUIRE(locker != NULL, "no locker");
	ok = lock_with(h, locker) && ok;
	ok = harness_client_send(locker, "destroy") &&
			expect_error(locker, "error protocol interface=? code=0") && ok;
	ok = wait_lock_state(h, "abandoned") && ok;
	struct harness_client *good = spawn_locker(h, "good", NULL);
	REQUIRE(good != NULL, "no good locker");
	ok = lock_with(h, good) && unlock_with(h, good) && ok;
	ok = check_victim_shown(h, "after-bad-lockers") && ok;
	return ok;
}

static bool outputs_are_two(struct json_object *reply, void *data) {
	struct json_object *outputs = json_path(reply, "outputs", json_type_int);
	return outputs != NULL && json_object_get_int(outputs) == 2;
}

/* An output plugged in while locked shows black, never the session, until
 * the locker puts a surface on it; an output whose scale changes gets its
 * lock surface configured to its new logical size. */
static bool body_new_output(struct harness *h, const void *data) {
	int64_t id;
	struct harness_client *victim = start_victim(h, &id);
	struct harness_client *locker = spawn_locker(h, "locker", NULL);
	REQUIRE(victim != NULL && locker != NULL, "no clients");
	bool ok = lock_with(h, locker);
	struct json_object *reply =
			harness_gridctl_ok(h, "create-output", "640x480", NULL);
	ok = CHECK(reply != NULL, "create-output failed") &&
			CHECK_JSON_STRING(reply, "name", "HEADLESS-3") && ok;
	json_object_put(reply);
	ok = CHECK_LINE(locker, "output 2", "output 2 scale 1") && ok;
	// A window moved onto it is not shown there either.
	char ids[32];
	snprintf(ids, sizeof(ids), "%lld", (long long)id);
	reply = harness_gridctl_ok(h, "move", ids, "1380", "100", NULL);
	json_object_put(reply);
	struct image *image = screenshot_gridctl(h, "HEADLESS-3", "new-output");
	struct image_region all = { 0, 0, 640, 480 };
	ok = CHECK(image != NULL, "no screenshot") &&
			CHECK_SOLID(image, all, LOCKED_BLACK, "new-output") && ok;
	image_destroy(image);

	ok = harness_client_send(locker, "surface 2") &&
			CHECK_LINE(locker, "configure 2", "configure 2 640 480") &&
			CHECK_LINE(locker, "shown 2", "shown 2") && ok;
	struct pattern coords = { .kind = PATTERN_COORDS };
	image = screenshot_gridctl(h, "HEADLESS-3", "new-output-locked");
	ok = CHECK(image != NULL, "no screenshot") &&
			CHECK_PATTERN(image, all, &coords, 640, 480, "new-output-locked") &&
			ok;
	image_destroy(image);

	// A new scale is a new logical size: the lock surface is configured
	// to it and drawn 1:1 again.
	reply = harness_gridctl_ok(h, "output", "HEADLESS-2", "scale", "1", NULL);
	ok = CHECK(reply != NULL, "cannot change the scale") && ok;
	json_object_put(reply);
	ok = CHECK_LINE(locker, "configure 1", "configure 1 1280 960") &&
			CHECK_LINE(locker, "shown 1", "shown 1") && ok;
	image = screenshot_gridctl(h, "HEADLESS-2", "rescaled-locked");
	struct image_region whole = { 0, 0, 1280, 960 };
	ok = CHECK(image != NULL, "no screenshot") &&
			CHECK_PATTERN(image, whole, &coords, 1280, 960,
					"rescaled-locked") &&
			ok;
	image_destroy(image);

	// The output under the pointer, whose lock surface has the keyboard,
	// goes: the keyboard moves to a lock surface that is left.
	ok = check_keyboard_on(h, "lock") && ok;
	reply = harness_gridctl_ok(h, "destroy-output", "HEADLESS-1", NULL);
	ok = CHECK(reply != NULL, "cannot destroy HEADLESS-1") && ok;
	json_object_put(reply);
	const char *stats[] = { "stats", NULL };
	reply = harness_wait_gridctl(h, stats, outputs_are_two, NULL,
			HARNESS_TIMEOUT_MS, "two outputs left");
	json_object_put(reply);
	ok = CHECK(reply != NULL, "HEADLESS-1 should be gone") &&
			check_keyboard_on(h, "lock") && ok;
	ok = unlock_with(h, locker) && ok;
	return ok;
}

static uint32_t solid_colour(void *data, int rx, int ry) {
	return *(const uint32_t *)data;
}

/* swaylock, the real one: it locks through ext-session-lock-v1 and paints
 * every output in its colour; killed, it leaves the session locked. */
static bool body_swaylock(struct harness *h, const void *data) {
	if (!programs_installed("swaylock", NULL)) {
		return false;
	}
	int64_t id;
	struct harness_client *victim = start_victim(h, &id);
	REQUIRE(victim != NULL, "no window");
	const char *argv[] = { "swaylock", "--color", "00ff00", NULL };
	struct harness_client *swaylock = harness_spawn(h, "swaylock", argv);
	REQUIRE(swaylock != NULL, "cannot start swaylock");
	bool ok = wait_lock_state(h, "locked");
	// It paints once it is told it is locked; poll for the green frame.
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	for (;;) {
		struct image *one = screenshot_gridctl(h, "HEADLESS-1", "swaylock-1");
		struct image *two = screenshot_gridctl(h, "HEADLESS-2", "swaylock-2");
		bool last = harness_now_ms() >= deadline;
		struct image_region all_one = { 0, 0, 640, 480 };
		struct image_region all_two = { 0, 0, 1280, 960 };
		uint32_t colour = SWAYLOCK_GREEN;
		bool green = one != NULL && two != NULL &&
				image_compare(one, all_one, solid_colour, &colour, NULL) == 0 &&
				image_compare(two, all_two, solid_colour, &colour, NULL) == 0;
		if (green || last) {
			ok = CHECK(one != NULL && two != NULL, "no screenshots") &&
					CHECK_SOLID(one, all_one, SWAYLOCK_GREEN, "swaylock-1") &&
					CHECK_SOLID(two, all_two, SWAYLOCK_GREEN, "swaylock-2") &&
					ok;
			image_destroy(one);
			image_destroy(two);
			break;
		}
		image_destroy(one);
		image_destroy(two);
		harness_sleep_ms(50);
	}
	ok = check_no_window_focus(h, id) && ok;
	harness_client_kill(swaylock);
	ok = wait_lock_state(h, "abandoned") && ok;
	struct harness_client *good = spawn_locker(h, "good", NULL);
	REQUIRE(good != NULL, "no locker");
	ok = lock_with(h, good) && unlock_with(h, good) && ok;
	ok = check_victim_shown(h, "after-swaylock") && ok;
	return ok;
}

struct lock_case {
	bool (*body)(struct harness *h, const void *data);
};

static bool run(const void *data) {
	const struct lock_case *lock_case = data;
	return run_mixed_layout(lock_case->body, NULL);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite,
			"locked outputs show only the locker, at each scale, "
			"and unlocking gives the session back",
			run, &(struct lock_case){ body_lock_unlock });
	check_run(&suite, "a locker that dies leaves the session locked", run,
			&(struct lock_case){ body_abandoned });
	check_run(&suite, "one locker at a time", run,
			&(struct lock_case){ body_one_locker });
	check_run(&suite, "protocol errors end the locker, not the lock", run,
			&(struct lock_case){ body_bad_lockers });
	check_run(&suite,
			"an output plugged in while locked shows nothing of "
			"the session",
			run, &(struct lock_case){ body_new_output });
	check_run(&suite, "swaylock locks every output", run,
			&(struct lock_case){ body_swaylock });
	return check_finish(&suite);
}
