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
 * kanshi, the real one, drives gridwl through wlr-output-management: it
 * picks the profile that matches the connected outputs, applies scale,
 * position and enable/disable, and picks again when an output is plugged in
 * or removed. Clients see each new layout; windows keep their logical size
 * and move with the output they are on, as on sway.
 */

static const char kanshi_config[] =
		"profile docked {\n"
		"	output HEADLESS-1 scale 2 position 1280,0\n"
		"	output HEADLESS-2 enable position 0,0\n"
		"}\n"
		"profile three {\n"
		"	output HEADLESS-1 scale 2 position 0,0\n"
		"	output HEADLESS-2 disable\n"
		"	output HEADLESS-3 scale 2 position 640,0\n"
		"}\n";

struct output_want {
	const char *name;
	bool enabled;
	int scale, x, y;
};

struct layout_want {
	const struct output_want *outputs;
	size_t count;
};

static bool output_matches(struct json_object *outputs,
		const struct output_want *w) {
	struct json_object *output = json_array_find(outputs, "name", w->name);
	struct json_object *enabled =
			json_path(output, "enabled", json_type_boolean);
	if (output == NULL || enabled == NULL ||
			json_object_get_boolean(enabled) != w->enabled) {
		return false;
	}
	if (!w->enabled) {
		return true;
	}
	struct json_object *scale = json_path(output, "scale", json_type_int);
	struct json_object *x = json_path(output, "x", json_type_int);
	struct json_object *y = json_path(output, "y", json_type_int);
	struct json_object *width = json_path(output, "width", json_type_int);
	// Every output here is a 1280x720 mode.
	return scale != NULL && x != NULL && y != NULL && width != NULL &&
			json_object_get_int(scale) == w->scale &&
			json_object_get_int(x) == w->x && json_object_get_int(y) == w->y &&
			json_object_get_int(width) == 1280 / w->scale;
}

static bool layout_is(struct json_object *reply, void *data) {
	const struct layout_want *want = data;
	struct json_object *outputs = json_path(reply, "outputs", json_type_array);
	if (outputs == NULL || json_object_array_length(outputs) != want->count) {
		return false;
	}
	for (size_t i = 0; i < want->count; i++) {
		if (!output_matches(outputs, &want->outputs[i])) {
			return false;
		}
	}
	return true;
}

static bool wait_layout(struct harness *h, const struct output_want *outputs,
		size_t count, const char *why) {
	struct layout_want want = { outputs, count };
	const char *args[] = { "outputs", NULL };
	struct json_object *reply = harness_wait_gridctl(h, args, layout_is, &want,
			HARNESS_TIMEOUT_MS, why);
	json_object_put(reply);
	return CHECK(reply != NULL, "kanshi should apply: %s", why);
}

/* Reads the client's lines up to the next sync and checks that every line
 * of expected is among them. */
static bool client_saw(struct harness_client *c, const char *const *expected) {
	struct lines lines;
	REQUIRE(client_sync_lines(c, &lines), "no sync from the client");
	bool ok = true;
	for (size_t i = 0; expected[i] != NULL; i++) {
		bool found = false;
		for (size_t j = 0; j < lines.count && !found; j++) {
			found = strcmp(lines.line[j], expected[i]) == 0;
		}
		ok = CHECK(found, "the client should have seen \"%s\"", expected[i]) &&
				ok;
	}
	lines_free(&lines);
	return ok;
}

/* kanshi applied a profile: gridctl outputs shows its layout (why names
 * it), the watcher heard of it (seen, in any order) and its window moved
 * with HEADLESS-1 to watcher_x,100. */
static bool profile_applied(struct harness *h, struct harness_client *watcher,
		const struct output_want *layout, size_t count, const char *why,
		const char *const *seen, int watcher_x) {
	bool ok = wait_layout(h, layout, count, why);
	ok = client_saw(watcher, seen) && ok;
	return check_window_on(h, "kanshi-watcher", watcher_x, 100, 200, 100,
				   "HEADLESS-1") &&
			ok;
}

/* The window of app_id is 200x100 logical and on some output. */
static bool check_window_shown(struct harness *h, const char *app_id) {
	struct json_object *window =
			harness_wait_window_app_id(h, app_id, HARNESS_TIMEOUT_MS);
	REQUIRE(window != NULL, "the window %s is gone", app_id);
	bool ok = CHECK_JSON_INT(window, "width", 200);
	ok = CHECK_JSON_INT(window, "height", 100) && ok;
	struct json_object *outputs = json_path(window, "outputs", json_type_array);
	ok = CHECK(outputs != NULL && json_object_array_length(outputs) > 0,
				 "the window should be on an output: %s",
				 json_object_to_json_string(window)) &&
			ok;
	json_object_put(window);
	return ok;
}

static bool write_config(const char *path) {
	FILE *f = fopen(path, "w");
	REQUIRE(f != NULL, "cannot write %s", path);
	bool ok = fputs(kanshi_config, f) >= 0;
	ok = fclose(f) == 0 && ok;
	return CHECK(ok, "cannot write %s", path);
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *watcher = spawn_pattern_ready(h, "watcher", 200, 100,
			1, "--app-id", "kanshi-watcher", NULL);
	REQUIRE(watcher != NULL, "the window did not map");
	struct harness_client *other = spawn_pattern_ready(h, "other", 200, 100, 1,
			"--app-id", "kanshi-other", NULL);
	REQUIRE(other != NULL, "the second window did not map");
	// One window on each output, away from their edges.
	REQUIRE(rs_place(h, "kanshi-watcher", 100, 100) != 0 &&
					rs_place(h, "kanshi-other", 1500, 200) != 0,
			"cannot place windows");

	char *path = harness_path(h, "kanshi.conf");
	REQUIRE(path != NULL && write_config(path), "no kanshi config");
	const char *kanshi_argv[] = { "kanshi", "-c", path, NULL };
	struct harness_client *kanshi = harness_spawn(h, "kanshi", kanshi_argv);
	free(path);
	REQUIRE(kanshi != NULL, "cannot start kanshi");

	const struct output_want docked[] = {
		{ "HEADLESS-1", true, 2, 1280, 0 },
		{ "HEADLESS-2", true, 1, 0, 0 },
	};
	const char *docked_seen[] = {
		"output HEADLESS-1 scale=2 mode=1280x720",
		"xdg_output HEADLESS-1 x=1280 y=0 width=640 height=360",
		"xdg_output HEADLESS-2 x=0 y=0 width=1280 height=720",
		NULL,
	};
	// Each window moved with its output: HEADLESS-1 went from 0,0 to
	// 1280,0, HEADLESS-2 from 1280,0 to 0,0.
	bool ok = profile_applied(h, watcher, docked, 2, "profile docked at start",
			docked_seen, 1380);
	ok = check_window_on(h, "kanshi-other", 220, 200, 200, 100, "HEADLESS-2") &&
			ok;

	// Plugging in a third output switches kanshi to the other profile.
	struct json_object *reply =
			harness_gridctl_ok(h, "create-output", "1280x720", NULL);
	ok = CHECK(reply != NULL, "create-output failed") && ok;
	ok = ok && CHECK_JSON_STRING(reply, "name", "HEADLESS-3");
	json_object_put(reply);
	const struct output_want three[] = {
		{ "HEADLESS-1", true, 2, 0, 0 },
		{ "HEADLESS-2", false, 0, 0, 0 },
		{ "HEADLESS-3", true, 2, 640, 0 },
	};
	const char *three_seen[] = {
		"output_removed HEADLESS-2",
		"output HEADLESS-3 scale=2 mode=1280x720",
		"xdg_output HEADLESS-1 x=0 y=0 width=640 height=360",
		"xdg_output HEADLESS-3 x=640 y=0 width=640 height=360",
		NULL,
	};
	ok = profile_applied(h, watcher, three, 3,
				 "profile three after create-output", three_seen, 100) &&
			ok;
	// Its output disabled, the other window is brought onto one that is
	// left, at its size.
	ok = check_window_shown(h, "kanshi-other") && ok;

	// Unplugging it brings the first profile back, HEADLESS-2 included.
	reply = harness_gridctl_ok(h, "destroy-output", "HEADLESS-3", NULL);
	ok = CHECK(reply != NULL, "destroy-output failed") && ok;
	json_object_put(reply);
	const char *back_seen[] = {
		"output_removed HEADLESS-3",
		"output HEADLESS-2 scale=1 mode=1280x720",
		"xdg_output HEADLESS-1 x=1280 y=0 width=640 height=360",
		"xdg_output HEADLESS-2 x=0 y=0 width=1280 height=720",
		NULL,
	};
	ok = profile_applied(h, watcher, docked, 2,
				 "profile docked after destroy-output", back_seen, 1380) &&
			ok;
	ok = check_window_shown(h, "kanshi-other") && ok;

	ok = CHECK(harness_client_running(kanshi), "kanshi should still run") && ok;
	harness_client_kill(kanshi);
	return ok;
}

static bool run(const void *data) {
	const char *args[] = { "--output", "HEADLESS-1 mode 1280x720 scale 1",
		"--output", "HEADLESS-2 mode 1280x720 scale 1", NULL };
	return programs_installed("kanshi", NULL) && run_gridwl(args, body, data);
}

int main(void) {
	return check_main("kanshi profiles follow hotplug", run, NULL);
}
