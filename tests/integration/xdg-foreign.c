#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * xdg-foreign v1 and v2 with foreign-client: an application exports its
 * window, a portal imports the handle and makes its dialog a child of it.
 * With a third window over the application, all three centred: the dialog
 * maps on top; focusing the third window puts it over both; focusing the
 * application brings it up with the dialog still above it (on screen and
 * in gridctl's stacking order). Once the application unexports its window
 * the dialog hears it (destroyed) and is on its own: focusing the
 * application covers it. A handle nobody exported is destroyed at once,
 * and its dialog maps anyway.
 */

#define OUTPUT "HEADLESS-1" // 640x480, scale 1: every window centred
#define APP 0xff0000ffu // 300x200
#define OTHER 0xff00ff00u // 400x300
#define DIALOG 0xffff0000u // 120x80
#define CENTRE_X 320 // inside all three
#define CENTRE_Y 240
#define APP_X 450 // inside the application and the other, not the dialog
#define APP_Y 240

static struct harness_client *spawn_foreign(struct harness *h,
		const char *const *args, char **handle) {
	const char *bin = getenv("FOREIGN_CLIENT_BIN");
	if (bin == NULL) {
		fprintf(stderr, "FOREIGN_CLIENT_BIN is not set\n");
		return NULL;
	}
	const char *argv[8] = { bin };
	for (int i = 0; args[i] != NULL && i < 6; i++) {
		argv[i + 1] = args[i];
	}
	struct harness_client *c = harness_spawn(h, args[2], argv);
	if (c == NULL) {
		return NULL;
	}
	if (handle != NULL) {
		char *line = harness_client_wait_line(c, "handle ", HARNESS_TIMEOUT_MS);
		*handle = line != NULL ? strdup(line + 7) : NULL;
		free(line);
	}
	char *line = harness_client_wait_line(c, "ready", HARNESS_TIMEOUT_MS);
	free(line);
	return line != NULL ? c : NULL;
}

/* The screen shows want at (x, y), and gridctl stacks the app_ids in that
 * order, topmost first. */
static bool check_stack(struct harness *h, uint32_t centre, uint32_t app,
		const char *const *order, const char *what) {
	struct image *image = screenshot_gridctl(h, OUTPUT, what);
	REQUIRE(image != NULL, "%s: no screenshot", what);
	uint32_t at_centre = image_get(image, CENTRE_X, CENTRE_Y);
	uint32_t at_app = image_get(image, APP_X, APP_Y);
	image_destroy(image);
	bool ok = CHECK(at_centre == centre && at_app == app,
			"%s: 0x%08" PRIx32 " and 0x%08" PRIx32
			" on screen, want 0x%08" PRIx32 " and 0x%08" PRIx32,
			what, at_centre, at_app, centre, app);
	struct json_object *reply = harness_gridctl_ok(h, "windows", NULL);
	struct json_object *list = json_path(reply, "windows", json_type_array);
	size_t n = 0;
	for (; order[n] != NULL; n++) {
		struct json_object *window =
				list != NULL && n < json_object_array_length(list) ?
				json_object_array_get_idx(list, n) :
				NULL;
		struct json_object *app_id =
				window ? json_path(window, "app_id", json_type_string) : NULL;
		ok = CHECK(app_id != NULL &&
							 strcmp(json_object_get_string(app_id), order[n]) ==
									 0,
					 "%s: window %zu from the top is %s, want %s", what, n,
					 app_id ? json_object_get_string(app_id) : "(none)",
					 order[n]) &&
				ok;
	}
	json_object_put(reply);
	return ok;
}

static bool focus(struct harness *h, const char *app_id) {
	int64_t id = wait_window_id(h, app_id);
	char text[32];
	snprintf(text, sizeof(text), "%" PRId64, id);
	struct json_object *reply = harness_gridctl_ok(h, "focus", text, NULL);
	json_object_put(reply);
	return CHECK(id > 0 && reply != NULL, "cannot focus %s", app_id);
}

static bool body(struct harness *h, const void *data) {
	const char *version = data;
	char *handle = NULL;
	const char *app_args[] = { "export", version, "app", "0000ff", "300x200",
		NULL };
	struct harness_client *app = spawn_foreign(h, app_args, &handle);
	REQUIRE(app != NULL && handle != NULL, "the application did not export");
	const char *other_argv[] = { getenv("SOLID_CLIENT_BIN"), "--app-id",
		"other", "--size", "400x300", "--colour", "00ff00", NULL };
	REQUIRE(other_argv[0] != NULL, "SOLID_CLIENT_BIN is not set");
	struct harness_client *other =
			spawn_argv_until(h, "other", other_argv, "ready");
	REQUIRE(other != NULL, "the other window did not map");
	const char *dialog_args[] = { "import", version, "dialog", "ff0000",
		"120x80", handle, NULL };
	struct harness_client *dialog = spawn_foreign(h, dialog_args, NULL);
	free(handle);
	REQUIRE(dialog != NULL, "the dialog did not map");

	const char *mapped[] = { "dialog", "other", "app", NULL };
	bool ok = check_stack(h, DIALOG, OTHER, mapped, "mapped");
	const char *other_up[] = { "other", "dialog", "app", NULL };
	ok = focus(h, "other") &&
			check_stack(h, OTHER, OTHER, other_up, "other focused") && ok;
	const char *app_up[] = { "dialog", "app", "other", NULL };
	ok = focus(h, "app") &&
			check_stack(h, DIALOG, APP, app_up, "application focused") && ok;
	ok = focus(h, "other") && focus(h, "dialog") && focus(h, "app") &&
			check_stack(h, DIALOG, APP, app_up, "application focused again") &&
			ok;

	// Unexported, the dialog is nobody's child any more.
	ok = harness_client_send(app, "unexport") &&
			CHECK_WHOLE_LINE(dialog, "import destroyed") && ok;
	const char *alone[] = { "app", "dialog", "other", NULL };
	ok = focus(h, "other") && focus(h, "dialog") && focus(h, "app") &&
			check_stack(h, APP, APP, alone, "after unexport") && ok;

	const char *stale_args[] = { "import", version, "stale", "ff0000", "50x50",
		"no-such-handle", NULL };
	const char *stale_argv[8] = { getenv("FOREIGN_CLIENT_BIN") };
	memcpy(stale_argv + 1, stale_args, sizeof(stale_args));
	struct harness_client *stale = harness_spawn(h, "stale", stale_argv);
	REQUIRE(stale != NULL, "cannot start the dialog of an unknown handle");
	// Destroyed as the import is made, before the dialog maps.
	ok = CHECK_WHOLE_LINE(stale, "import destroyed") &&
			CHECK_WHOLE_LINE(stale, "ready") && ok;

	struct harness_client *clients[] = { stale, dialog, other, app };
	for (size_t i = 0; i < 4; i++) {
		if (clients[i] != NULL) {
			ok = CHECK_QUITS(clients[i], "a client") && ok;
		}
	}
	return ok;
}

static bool run(const void *data) {
	return run_on_output(OUTPUT, 640, 480, 1, body, data);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "xdg-foreign v1: an imported dialog stays above", run,
			"1");
	check_run(&suite, "xdg-foreign v2: an imported dialog stays above", run,
			"2");
	return check_finish(&suite);
}
