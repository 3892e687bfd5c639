#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"

/*
 * Damage tracking: an output whose content does not change is not
 * composed again, and one whose content changes is. The frame counter of
 * gridctl outputs counts committed frames; an unchanged output at 60 Hz
 * would otherwise commit about 30 of them in the half second watched here.
 */

#define WATCH_MS 500

static int64_t output_frames(struct harness *h, const char *name) {
	struct json_object *reply = harness_gridctl_ok(h, "outputs", NULL);
	if (reply == NULL) {
		return -1;
	}
	struct json_object *output =
			json_array_find(json_path(reply, "outputs", json_type_array),
					"name", name);
	struct json_object *frames =
			output != NULL ? json_path(output, "frames", json_type_int) : NULL;
	int64_t value = frames != NULL ? json_object_get_int64(frames) : -1;
	json_object_put(reply);
	return value;
}

static bool body(struct harness *h) {
	const char *args[] = { "--app-id", "still", NULL };
	struct harness_client *c = harness_spawn_pattern_client(h, "still", args);
	REQUIRE(c != NULL, "cannot start the pattern client");
	REQUIRE(CHECK_READY(c, 200, 100, 1), "client not shown");
	struct lines lines;
	REQUIRE(client_sync_lines(c, &lines), "no sync from the client");
	lines_free(&lines);
	int64_t id = wait_window_id(h, "still");
	REQUIRE(id > 0, "no window for the client");
	// Let the frame that shows the window go out first.
	harness_sleep_ms(100);

	int64_t before = output_frames(h, "HEADLESS-1");
	int64_t idle_before = output_frames(h, "HEADLESS-2");
	REQUIRE(before >= 1 && idle_before >= 1,
			"outputs report no frames (%lld, %lld)", (long long)before,
			(long long)idle_before);
	harness_sleep_ms(WATCH_MS);
	int64_t after = output_frames(h, "HEADLESS-1");
	bool ok = CHECK(after == before,
			"HEADLESS-1 composed %lld frames with nothing changed",
			(long long)(after - before));

	// A move repaints the output the window is on, and only that one.
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	struct json_object *reply =
			harness_gridctl_ok(h, "move", id_text, "40", "30", NULL);
	ok = CHECK(reply != NULL, "gridctl move failed") && ok;
	json_object_put(reply);
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	int64_t moved = after;
	while (moved == after && harness_now_ms() < deadline) {
		harness_sleep_ms(20);
		moved = output_frames(h, "HEADLESS-1");
	}
	ok = CHECK(moved > after, "moving the window composed no frame") && ok;
	int64_t idle_after = output_frames(h, "HEADLESS-2");
	ok = CHECK(idle_after == idle_before,
				 "HEADLESS-2, which shows nothing, composed %lld frames",
				 (long long)(idle_after - idle_before)) &&
			ok;

	// And after that, quiet again.
	harness_sleep_ms(100);
	int64_t settled = output_frames(h, "HEADLESS-1");
	harness_sleep_ms(WATCH_MS);
	int64_t later = output_frames(h, "HEADLESS-1");
	ok = CHECK(later == settled,
				 "HEADLESS-1 kept composing after the move (%lld frames)",
				 (long long)(later - settled)) &&
			ok;
	return ok;
}

static bool run(const void *data) {
	const char *args[] = {
		"--output",
		"HEADLESS-1 mode 640x480 scale 1",
		"--output",
		"HEADLESS-2 mode 640x480 scale 2",
		NULL,
	};
	struct harness *h = harness_start(args);
	REQUIRE(h != NULL, "gridwl did not start");
	bool ok = body(h);
	return harness_stop(h, ok);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "unchanged outputs are not repainted", run, NULL);
	return check_finish(&suite);
}
