#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gridctl-windows.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * ext-transient-seat-v1: a remote desktop (transient-seat-client remote)
 * makes a seat of its own and a virtual keyboard on it; windows that bind
 * every seat (transient-seat-client window) see the new wl_seat, its
 * keyboard enters the window with the user's keyboard focus and follows
 * it, its keys reach that window on that seat and on no other, and the
 * seat's global goes when the remote destroys the seat or disconnects.
 */

static struct harness_client *spawn(struct harness *h, const char *label,
		const char *mode, const char *app_id, struct lines *before_ready) {
	const char *argv[] = { getenv("TRANSIENT_SEAT_CLIENT_BIN"), mode, app_id,
		NULL };
	REQUIRE(argv[0] != NULL, "TRANSIENT_SEAT_CLIENT_BIN is not set");
	struct harness_client *c = harness_spawn(h, label, argv);
	REQUIRE(c != NULL, "cannot start %s", label);
	struct lines lines;
	REQUIRE(client_lines_before(c, "ready", &lines), "%s is not ready", label);
	if (before_ready != NULL) {
		*before_ready = lines;
	} else {
		lines_free(&lines);
	}
	return c;
}

static const char *const heard_prefixes[] = { "seat", "keyboard", "key",
	"error", NULL };

/* What the window heard of seats and keys since the last call is exactly
 * want, in that order when ordered. */
static bool heard_at(const char *file, int line, struct harness_client *c,
		bool ordered, const char *const *want, const char *what) {
	return ordered ?
			check_heard_at(file, line, c, heard_prefixes, want, what) :
			check_heard_unordered_at(file, line, c, heard_prefixes, want, what);
}

#define HEARD(c, what, ...) \
	heard_at(__FILE__, __LINE__, (c), true, \
			(const char *const[]){ __VA_ARGS__, NULL }, (what))
#define HEARD_NOTHING(c, what) \
	heard_at(__FILE__, __LINE__, (c), true, (const char *const[]){ NULL }, \
			(what))

/* For a new seat's keyboard enter, which comes only once the window has
 * bound the seat and asked for its keyboard, after a sync could. */
#define HEARD_UNTIL(c, what, ...) \
	CHECK_HEARD_UNTIL((c), heard_prefixes, (what), __VA_ARGS__)

/* The remote types A (key 30): c hears it on transient-1 and nothing
 * more. */
#define HEARD_REMOTE_KEY(remote, c, what) \
	(client_answers((remote), "key", "key sent") && \
			HEARD((c), (what), "key transient-1 30 1", \
					"key transient-1 30 0"))

static bool body(struct harness *h, const void *data) {
	struct lines before;
	struct harness_client *w =
			spawn(h, "window-1", "window", "seat-w1", &before);
	REQUIRE(w != NULL, "no window-1");
	const char *const w_start[] = { "seat added seat0", "keyboard enter seat0",
		NULL };
	bool ok = CHECK_LINES(&before, w_start, "window-1 mapping");
	lines_free(&before);

	struct harness_client *remote = spawn(h, "remote-1", "remote", NULL, NULL);
	REQUIRE(remote != NULL, "no remote-1");
	ok = HEARD_UNTIL(w, "the transient seat coming", "seat added transient-1",
				 "keyboard enter transient-1") &&
			ok;
	ok = HEARD_REMOTE_KEY(remote, w, "the remote's key") && ok;

	// A new window takes the user's focus, and the remote's follows.
	struct harness_client *w2 =
			spawn(h, "window-2", "window", "seat-w2", &before);
	REQUIRE(w2 != NULL, "no window-2");
	const char *const w2_start[] = { "seat added seat0",
		"seat added transient-1", "keyboard enter seat0",
		"keyboard enter transient-1", NULL };
	ok = check_lines_unordered_at(__FILE__, __LINE__, &before, w2_start,
				 "window-2 mapping") &&
			ok;
	lines_free(&before);
	ok = HEARD(w, "window-2 taking the focus", "keyboard leave seat0",
				 "keyboard leave transient-1") &&
			ok;
	ok = HEARD_REMOTE_KEY(remote, w2, "the remote's key in window-2") && ok;
	ok = HEARD_NOTHING(w, "window-1 without the focus") && ok;
	// The user's keys stay on the user's seat.
	struct json_object *reply = harness_gridctl_ok(h, "key", "a", (char *)NULL);
	ok = CHECK(reply != NULL, "gridctl key failed") && ok;
	json_object_put(reply);
	ok = HEARD(w2, "the user's key", "key seat0 30 1", "key seat0 30 0") && ok;

	ok = client_answers(remote, "destroy", "destroyed") && ok;
	ok = HEARD(w2, "the transient seat destroyed", "keyboard leave transient-1",
				 "seat removed transient-1") &&
			ok;
	ok = HEARD(w, "the transient seat destroyed", "seat removed transient-1") &&
			ok;
	ok = CHECK_QUITS(remote, "remote-1") && ok;

	// A second one goes with its client.
	remote = spawn(h, "remote-2", "remote", NULL, NULL);
	REQUIRE(remote != NULL, "no remote-2");
	ok = HEARD_UNTIL(w2, "a second transient seat", "seat added transient-2",
				 "keyboard enter transient-2") &&
			ok;
	ok = CHECK_QUITS(remote, "remote-2") && ok;
	ok = HEARD(w2, "its client gone", "keyboard leave transient-2",
				 "seat removed transient-2") &&
			ok;
	ok = HEARD(w, "its client gone", "seat added transient-2",
				 "seat removed transient-2") &&
			ok;
	return CHECK_ALL_QUIT(w, "window-1", w2, "window-2") && ok;
}

int main(void) {
	return main_on_output(
			"a remote desktop's transient seat types into the focused window "
			"on its own wl_seat, and goes with it",
			"HEADLESS-1", 640, 480, 1, body, NULL);
}
