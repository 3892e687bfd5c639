#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * Real toolkits follow the scale of the outputs their window is on: moved
 * from a scale-1 output onto a scale-2 one, gtk3-widget-factory and foot
 * commit buffer scale 2 (seen in their own WAYLAND_DEBUG trace, and in
 * gridctl windows), and moved back they return to 1.
 *
 * The scale-2 output is large enough that the widget factory, which does
 * not shrink below about 1415x732 logical pixels, fits on either output.
 */

#define SCALE1_OUTPUT "HEADLESS-1"
#define SCALE2_OUTPUT "HEADLESS-2"

struct toolkit {
	const char *name;
	const char *binary;
	const char *app_id;
	const char *command; // run by sh, its Wayland trace on stdout
};

static const struct toolkit toolkits[] = {
	{
			"gtk3-widget-factory",
			"gtk3-widget-factory",
			"gtk3-widget-factory",
			// NO_AT_BRIDGE: no accessibility bus to wait for here.
			"GDK_BACKEND=wayland NO_AT_BRIDGE=1 WAYLAND_DEBUG=client "
			"gtk3-widget-factory 2>&1 >/dev/null | "
			"grep --line-buffered 'set_buffer_scale'",
	},
	{
			"foot",
			"foot",
			"foot",
			"WAYLAND_DEBUG=client foot --app-id foot -o tweak.render-timer=none "
			"sleep 600 2>&1 >/dev/null | "
			"grep --line-buffered 'set_buffer_scale'",
	},
};

/* Waits for gridwl to report buffer scale want for the window and, with
 * traced, for the client's own trace to show it setting that scale. */
static bool wait_scale(struct harness *h, struct harness_client *client,
		const struct toolkit *tk, int want, bool traced, const char *where) {
	char needle[32];
	snprintf(needle, sizeof(needle), "set_buffer_scale(%d)", want);
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	bool seen = !traced;
	while (!seen && harness_now_ms() < deadline) {
		char *line = harness_client_next_line(client, 500);
		seen = line != NULL && strstr(line, needle) != NULL;
		free(line);
	}
	REQUIRE(seen, "%s: no %s in its trace after moving it %s", tk->name, needle,
			where);

	bool reported = false;
	while (!reported && harness_now_ms() < deadline) {
		struct json_object *reply = harness_gridctl_ok(h, "windows", NULL);
		struct json_object *windows = reply != NULL ?
				json_path(reply, "windows", json_type_array) :
				NULL;
		struct json_object *window = windows != NULL ?
				json_array_find(windows, "app_id", tk->app_id) :
				NULL;
		struct json_object *scale = window != NULL ?
				json_path(window, "buffer_scale", json_type_int) :
				NULL;
		reported = scale != NULL && json_object_get_int(scale) == want;
		json_object_put(reply);
		if (!reported) {
			harness_sleep_ms(50);
		}
	}
	return CHECK(reported,
			"%s: gridctl windows never showed buffer_scale "
			"%d after moving it %s",
			tk->name, want, where);
}

/* Drops the trace lines queued so far, so that what is read after a move
 * is mostly what the move caused. The widget factory animates, setting its
 * scale every frame and never falling quiet, so this stops after a while;
 * what is left then is all the scale the window has settled on. */
static void drain(struct harness_client *client) {
	int64_t until = harness_now_ms() + 1000;
	char *line;
	while (harness_now_ms() < until &&
			(line = harness_client_next_line(client, 300)) != NULL) {
		free(line);
	}
}

static bool move_window(struct harness *h, struct harness_client *client,
		int64_t id, int x, int y) {
	drain(client);
	char ids[32], xs[16], ys[16];
	snprintf(ids, sizeof(ids), "%lld", (long long)id);
	snprintf(xs, sizeof(xs), "%d", x);
	snprintf(ys, sizeof(ys), "%d", y);
	struct json_object *reply =
			harness_gridctl_ok(h, "move", ids, xs, ys, NULL);
	json_object_put(reply);
	return reply != NULL;
}

static bool body(struct harness *h, const void *data) {
	const struct toolkit *tk = data;
	const char *argv[] = { "sh", "-c", tk->command, NULL };
	struct harness_client *client = harness_spawn(h, tk->name, argv);
	REQUIRE(client != NULL, "cannot start %s", tk->name);
	int64_t id = wait_window_id(h, tk->app_id);
	REQUIRE(id != 0, "%s never mapped a window", tk->name);

	// Logical layout: scale 1 at 0,0 (1920x1080), scale 2 at 1920,0
	// (1920x1080 logical). It opens on the first; settle there first.
	REQUIRE(move_window(h, client, id, 40, 40), "cannot move the window");
	REQUIRE(wait_scale(h, client, tk, 1, false, "onto the scale-1 output"),
			"never at scale 1 to begin with");
	REQUIRE(move_window(h, client, id, 2000, 40), "cannot move the window");
	bool ok = wait_scale(h, client, tk, 2, true, "onto the scale-2 output");
	REQUIRE(move_window(h, client, id, 40, 40), "cannot move the window");
	ok = wait_scale(h, client, tk, 1, true, "back onto the scale-1 output") &&
			ok;
	REQUIRE(move_window(h, client, id, 2100, 300), "cannot move the window");
	ok = wait_scale(h, client, tk, 2, true, "onto the scale-2 output again") &&
			ok;
	return ok;
}

static bool run_toolkit(const void *data) {
	const struct toolkit *tk = data;
	const char *args[] = {
		"--output",
		SCALE1_OUTPUT " mode 1920x1080 scale 1 position 0,0",
		"--output",
		SCALE2_OUTPUT " mode 3840x2160 scale 2 position 1920,0",
		NULL,
	};
	return run_gridwl(args, body, tk);
}

int main(void) {
	struct check_suite suite = { 0 };
	for (size_t i = 0; i < sizeof(toolkits) / sizeof(toolkits[0]); i++) {
		char name[128];
		snprintf(name, sizeof(name),
				"%s follows the output scale as it "
				"moves",
				toolkits[i].name);
		if (!program_in_path(toolkits[i].binary)) {
			check_skip(&suite, name, "not installed");
			continue;
		}
		check_run(&suite, name, run_toolkit, &toolkits[i]);
	}
	return check_finish(&suite);
}
