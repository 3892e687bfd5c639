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
 * wp_content_type_v1 and wp_tearing_control_v1 (with solid-client): gridctl
 * windows reports the content type a window's surface says (none before it
 * says any), following each commit; the async tearing hint is accepted and
 * changes nothing (the window still shows its exact colour, gridwl never
 * tears). A second content-type or tearing-control object for one surface
 * is the protocol's error for that client alone: the other window and
 * gridwl carry on.
 */

#define COLOUR 0xff2080c0u

static struct harness_client *spawn_window(struct harness *h,
		const char *app_id) {
	return spawn_ready(h, app_id, "SOLID_CLIENT_BIN", "--app-id", app_id,
			"--size", "100x80", "--colour", "2080c0", NULL);
}

/* gridctl windows says the window of app_id has that content type. */
static bool check_type(struct harness *h, const char *app_id,
		const char *want) {
	struct json_object *window =
			harness_wait_window_app_id(h, app_id, HARNESS_TIMEOUT_MS);
	REQUIRE(window != NULL, "no window %s", app_id);
	bool ok = CHECK_JSON_STRING(window, "content_type", want);
	json_object_put(window);
	return ok;
}

/* A second window sends first, then command, and is ended for it with error
 * code 0 of interface. */
static bool check_refused(struct harness *h, const char *first,
		const char *command, const char *interface) {
	struct harness_client *bad = spawn_window(h, "bad");
	REQUIRE(bad != NULL, "the second window did not map");
	bool ok = client_command_synced(bad, first) &&
			harness_client_send(bad, "%s", command);
	char *line = harness_client_wait_line(bad, "error", HARNESS_TIMEOUT_MS);
	char want[128];
	snprintf(want, sizeof(want), "error protocol interface=%s code=0 ",
			interface);
	ok = CHECK(line != NULL && strncmp(line, want, strlen(want)) == 0,
				 "%s: \"%s\", want \"%s...\"", command,
				 line != NULL ? line : "(nothing)", want) &&
			ok;
	free(line);
	ok = CHECK(harness_client_wait_exit(bad, HARNESS_TIMEOUT_MS) == 1,
				 "%s: the client was not ended", command) &&
			ok;
	harness_client_kill(bad);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *c = spawn_window(h, "player");
	REQUIRE(c != NULL, "the window did not map");
	bool ok = check_type(h, "player", "none");
	static const char *const types[] = { "video", "game", "photo", "none",
		"video" };
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		char command[64];
		snprintf(command, sizeof(command), "content-type %s", types[i]);
		ok = client_command_synced(c, command) &&
				check_type(h, "player", types[i]) && ok;
	}

	// Accepted, and nothing changes: the window is shown as before.
	ok = client_command_synced(c, "tearing async") &&
			client_command_synced(c, "tearing vsync") &&
			client_command_synced(c, "tearing async") &&
			check_type(h, "player", "video") && ok;
	struct json_object *window =
			harness_wait_window_app_id(h, "player", HARNESS_TIMEOUT_MS);
	REQUIRE(window != NULL, "the window is gone");
	int x = json_object_get_int(json_path(window, "x", json_type_int));
	int y = json_object_get_int(json_path(window, "y", json_type_int));
	json_object_put(window);
	struct image *image = screenshot_gridctl(h, "HEADLESS-1", "async");
	REQUIRE(image != NULL, "no screenshot");
	int wrong = 0;
	for (int py = y; py < y + 80; py++) {
		for (int px = x; px < x + 100; px++) {
			wrong += image_get(image, px, py) != COLOUR;
		}
	}
	image_destroy(image);
	ok = CHECK(wrong == 0, "%d pixels of the async window are wrong", wrong) &&
			ok;

	ok = check_refused(h, "content-type photo", "content-type-again",
				 "wp_content_type_manager_v1") &&
			ok;
	ok = check_refused(h, "tearing async", "tearing-again",
				 "wp_tearing_control_manager_v1") &&
			ok;
	// The first window and gridwl are unharmed.
	ok = CHECK(harness_client_running(c), "the first window died") &&
			client_command_synced(c, "content-type game") &&
			check_type(h, "player", "game") && ok;
	ok = CHECK_QUITS(c, "the client") && ok;
	return ok;
}

int main(void) {
	return main_on_output(
			"gridctl windows reports the content type; the tearing hint is "
			"accepted and changes nothing; second objects are refused",
			"HEADLESS-1", 640, 480, 1, body, NULL);
}
