#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"

/*
 * Damage tracking: an output whose content does not change is not
 * composed again, and one whose content changes is. The frame counter of
 * gridctl outputs counts committed frames; an unchanged output at 60 Hz
 * would otherwise commit about 30 of them in the half second watched here.
 */

#define WATCH_MS 500

static bool body(struct harness *h, const void *data) {
	struct harness_client *c = spawn_pattern_ready(h, "still", 200, 100, 1,
			"--app-id", "still", NULL);
	REQUIRE(c != NULL, "client not shown");
	struct lines lines;
	REQUIRE(client_sync_lines(c, &lines), "no sync from the client");
	lines_free(&lines);
	int64_t id = wait_window_id(h, "still");
	REQUIRE(id > 0, "no window for the client");
	// Let the frame that shows the window go out first.
	harness_sleep_ms(100);

	int64_t before = rs_output_frames(h, "HEADLESS-1");
	int64_t idle_before = rs_output_frames(h, "HEADLESS-2");
	REQUIRE(before >= 1 && idle_before >= 1,
			"outputs report no frames (%lld, %lld)", (long long)before,
			(long long)idle_before);
	harness_sleep_ms(WATCH_MS);
	int64_t after = rs_output_frames(h, "HEADLESS-1");
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
		moved = rs_output_frames(h, "HEADLESS-1");
	}
	ok = CHECK(moved > after, "moving the window composed no frame") && ok;
	int64_t idle_after = rs_output_frames(h, "HEADLESS-2");
	ok = CHECK(idle_after == idle_before,
				 "HEADLESS-2, which shows nothing, composed %lld frames",
				 (long long)(idle_after - idle_before)) &&
			ok;

	// And after that, quiet again.
	harness_sleep_ms(100);
	int64_t settled = rs_output_frames(h, "HEADLESS-1");
	harness_sleep_ms(WATCH_MS);
	int64_t later = rs_output_frames(h, "HEADLESS-1");
	ok = CHECK(later == settled,
				 "HEADLESS-1 kept composing after the move (%lld frames)",
				 (long long)(later - settled)) &&
			ok;
	return ok;
}

int main(void) {
	const char *args[] = { "--output", "HEADLESS-1 mode 640x480 scale 1",
		"--output", "HEADLESS-2 mode 640x480 scale 2", NULL };
	return main_gridwl("unchanged outputs are not repainted", args, body, NULL);
}
