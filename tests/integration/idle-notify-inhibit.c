#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"
#include "virtual-pointer.h"

/*
 * Idleness with the real swayidle (org_kde_kwin_idle): it goes idle after
 * its timeout without input and resumes with the first motion. An idle
 * inhibitor on a shown window holds idleness off; the same window hidden
 * by the screen lock, or gone, does not.
 */

/* How long swayidle waits, and how long the test watches for it not to
 * fire: twice as long, so a timer that runs is seen. */
#define IDLE_TIMEOUT_S "1"
#define QUIET_MS 2500

static struct harness_client *spawn_swayidle(struct harness *h) {
	const char *argv[] = {
		"swayidle",
		"-w",
		"timeout",
		IDLE_TIMEOUT_S,
		"echo idle",
		"resume",
		"echo resumed",
		NULL,
	};
	return harness_spawn(h, "swayidle", argv);
}

/* swayidle prints nothing (it does not go idle) for QUIET_MS. */
static bool expect_quiet(struct harness_client *c, const char *why) {
	int64_t deadline = harness_now_ms() + QUIET_MS;
	bool ok = true;
	while (ok && harness_now_ms() < deadline) {
		char *line =
				harness_client_next_line(c, (int)(deadline - harness_now_ms()));
		ok = CHECK(line == NULL || strcmp(line, "idle") != 0,
				"swayidle went idle %s", why);
		free(line);
	}
	return ok;
}

static bool inhibited_is(struct json_object *reply, void *data) {
	struct json_object *inhibited =
			json_path(reply, "idle_inhibited", json_type_boolean);
	return inhibited != NULL &&
			json_object_get_boolean(inhibited) == *(const bool *)data;
}

static bool wait_inhibited(struct harness *h, bool want) {
	const char *args[] = { "stats", NULL };
	struct json_object *reply = harness_wait_gridctl(h, args, inhibited_is,
			&want, HARNESS_TIMEOUT_MS, "idle_inhibited");
	json_object_put(reply);
	return CHECK(reply != NULL, "idleness should be %s",
			want ? "inhibited" : "allowed");
}

static bool body_timeout(struct harness *h, const void *data) {
	struct harness_client *swayidle = spawn_swayidle(h);
	REQUIRE(swayidle != NULL, "cannot start swayidle");
	bool ok = CHECK_WHOLE_LINE(swayidle, "idle");
	struct harness_client *pointer = spawn_virtual_pointer(h);
	ok = CHECK(pointer != NULL, "no virtual pointer") &&
			harness_client_send(pointer, "move 100 100 1280 480") &&
			CHECK_WHOLE_LINE(swayidle, "resumed") && ok;
	// And idle again once the hand is still.
	ok = CHECK_WHOLE_LINE(swayidle, "idle") && ok;
	if (pointer != NULL) {
		harness_client_send(pointer, "quit");
	}
	return ok;
}

static bool body_inhibitor(struct harness *h, const void *data) {
	struct harness_client *video = spawn_pattern_ready(h, "video", 200, 100, 1,
			"--app-id", "video", "--inhibit-idle", NULL);
	REQUIRE(video != NULL, "the window did not map");
	bool ok = wait_inhibited(h, true);
	struct harness_client *swayidle = spawn_swayidle(h);
	REQUIRE(swayidle != NULL, "cannot start swayidle");
	ok = expect_quiet(swayidle, "with a shown inhibitor") && ok;

	// Locked, the window is not shown: its inhibitor no longer counts.
	const char *lock_argv[] = { getenv("LOCK_CLIENT_BIN"), NULL };
	REQUIRE(lock_argv[0] != NULL, "LOCK_CLIENT_BIN is not set");
	struct harness_client *locker = harness_spawn(h, "locker", lock_argv);
	REQUIRE(locker != NULL, "cannot start the locker");
	char *line = harness_client_wait_line(locker, "ready", HARNESS_TIMEOUT_MS);
	free(line);
	ok = CHECK(line != NULL, "the locker did not start") &&
			harness_client_send(locker, "lock") && ok;
	line = harness_client_wait_line(locker, "locked", HARNESS_TIMEOUT_MS);
	free(line);
	ok = CHECK(line != NULL, "the session did not lock") && ok;
	ok = wait_inhibited(h, false) && CHECK_WHOLE_LINE(swayidle, "idle") && ok;

	// Unlocked, it is shown again: what it shows counts as activity, so
	// swayidle resumes, and then idleness is held off again.
	ok = harness_client_send(locker, "unlock") && wait_inhibited(h, true) &&
			CHECK_WHOLE_LINE(swayidle, "resumed") && ok;
	ok = expect_quiet(swayidle,
				 "after the unlock, with the inhibitor "
				 "shown again") &&
			ok;

	// The window goes, and its inhibitor with it; input resumes as ever.
	ok = CHECK_QUITS(video, "the window") && ok;
	ok = wait_inhibited(h, false) && CHECK_WHOLE_LINE(swayidle, "idle") && ok;
	struct harness_client *pointer = spawn_virtual_pointer(h);
	ok = CHECK(pointer != NULL, "no virtual pointer") &&
			harness_client_send(pointer, "move 100 100 1280 480") &&
			CHECK_WHOLE_LINE(swayidle, "resumed") && ok;
	if (pointer != NULL) {
		harness_client_send(pointer, "quit");
	}
	return ok;
}

static bool run(const void *data) {
	bool (*const *body)(struct harness *, const void *) = data;
	return programs_installed("swayidle", NULL) &&
			run_mixed_layout(*body, NULL);
}

int main(void) {
	static bool (*const timeout)(struct harness *, const void *) = body_timeout;
	static bool (*const inhibitor)(struct harness *, const void *) =
			body_inhibitor;
	struct check_suite suite = { 0 };
	check_run(&suite, "swayidle goes idle without input and resumes with it",
			run, &timeout);
	check_run(&suite,
			"a shown window's idle inhibitor holds idleness off, "
			"hidden or gone it does not",
			run, &inhibitor);
	return check_finish(&suite);
}
