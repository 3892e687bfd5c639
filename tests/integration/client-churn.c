#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * Clients coming and going by the hundred, a few at a time and in every
 * way a client can go (quitting, killed half connected, hanging up in the
 * middle of a commit, closing once shown), while one client keeps drawing.
 * Whatever per-client state gridwl keeps must be torn down each time: at
 * the end only the survivor's window is left and it is drawn right. Under
 * ASan a missed free or a use after free shows up here too.
 */

#define OUTPUT "HEADLESS-1"
#define WIDTH 640
#define HEIGHT 480
#define CLIENTS 200
#define CONCURRENT 4 // alive at once, one of each kind
#define SYNC_EVERY 10 // rounds between checks that the survivor is served

enum churn_kind {
	CHURN_QUIT, // maps a window, then quits
	CHURN_KILLED, // killed at once, wherever it got to
	CHURN_HANGUP, // commits and exits without reading the reply
	CHURN_TINY, // maps a 1x1 window, leaves when stdin closes
};

static bool only_survivor_left(struct json_object *reply, void *data) {
	struct json_object *windows = json_path(reply, "windows", json_type_array);
	return windows != NULL && json_object_array_length(windows) == 1 &&
			json_array_find(windows, "app_id", "survivor") != NULL;
}

static struct harness_client *spawn_churner(struct harness *h,
		enum churn_kind kind, int index) {
	char app_id[32];
	snprintf(app_id, sizeof(app_id), "churn-%d", index);
	const char *pattern_args[] = { "--app-id", app_id, NULL };
	const char *raw = getenv("BAD_BUFFER_CLIENT_BIN");
	switch (kind) {
	case CHURN_QUIT:
	case CHURN_KILLED:
		return harness_spawn_pattern_client(h, app_id, pattern_args);
	case CHURN_HANGUP:
	case CHURN_TINY:
		if (raw == NULL) {
			fprintf(stderr, "BAD_BUFFER_CLIENT_BIN is not set\n");
			return NULL;
		}
		const char *argv[] = {
			raw,
			kind == CHURN_HANGUP ? "hangup" : "tiny",
			NULL,
		};
		return harness_spawn(h, app_id, argv);
	}
	return NULL;
}

/* Sees one churner through to its end; false when it went wrong. */
static bool finish_churner(struct harness_client *c, enum churn_kind kind) {
	bool ok = true;
	char *line = NULL;
	switch (kind) {
	case CHURN_QUIT:
		line = harness_client_wait_line(c, "ready ", HARNESS_TIMEOUT_MS);
		ok = CHECK(line != NULL, "a churning client was not shown");
		ok = harness_client_send(c, "quit") && ok;
		break;
	case CHURN_KILLED:
		break;
	case CHURN_HANGUP:
		line = harness_client_wait_line(c, "hangup", HARNESS_TIMEOUT_MS);
		ok = CHECK(line != NULL, "a churning client did not hang up");
		break;
	case CHURN_TINY:
		line = harness_client_wait_line(c, "shown", HARNESS_TIMEOUT_MS);
		ok = CHECK(line != NULL, "a tiny churning client was not shown");
		harness_client_close_stdin(c);
		break;
	}
	free(line);
	if (kind != CHURN_KILLED) {
		int code = harness_client_wait_exit(c, HARNESS_TIMEOUT_MS);
		ok = CHECK(code == 0, "a churning client exited %d", code) && ok;
	}
	harness_client_kill(c);
	return ok;
}

static bool churn(struct harness *h, struct harness_client *survivor) {
	static const char *const patterns[] = { "grid", "checker", "coords" };
	bool ok = true;
	for (int round = 0; round < CLIENTS / CONCURRENT && ok; round++) {
		struct harness_client *clients[CONCURRENT];
		for (int k = 0; k < CONCURRENT; k++) {
			clients[k] = spawn_churner(h, (enum churn_kind)k,
					round * CONCURRENT + k);
			REQUIRE(clients[k] != NULL, "cannot start a churning client");
		}
		// The survivor draws while the others come and go.
		ok = harness_client_send(survivor, "pattern %s", patterns[round % 3]) &&
				ok;
		for (int k = 0; k < CONCURRENT; k++) {
			ok = finish_churner(clients[k], (enum churn_kind)k) && ok;
		}
		if (round % SYNC_EVERY == SYNC_EVERY - 1) {
			ok = CHECK(client_command_synced(survivor, "sync"),
						 "the survivor went unanswered in round %d", round) &&
					ok;
		}
	}
	return ok;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *survivor = spawn_pattern_ready(h, "survivor", WIDTH,
			HEIGHT, 1, "--fullscreen", OUTPUT, "--pattern", "coords",
			"--app-id", "survivor", NULL);
	REQUIRE(survivor != NULL, "survivor not shown");

	bool ok = churn(h, survivor);

	const char *windows[] = { "windows", NULL };
	struct json_object *reply = harness_wait_gridctl(h, windows,
			only_survivor_left, NULL, HARNESS_TIMEOUT_MS,
			"only the survivor's window to be left");
	ok = CHECK(reply != NULL, "windows of gone clients are left") && ok;
	json_object_put(reply);

	// The survivor is still there and drawn.
	return check_good_client_draws(h, survivor, OUTPUT, WIDTH, HEIGHT,
				   "client-churn") &&
			ok;
}

int main(void) {
	return main_on_output("200 clients come and go while one draws", OUTPUT,
			WIDTH, HEIGHT, 1, body, NULL);
}
