#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"

/*
 * wlr-foreign-toplevel-management through a real client (toplevel-client,
 * a test taskbar): handles appear and go with windows and only for
 * windows, follow title and app_id, enter and leave outputs as gridctl
 * moves the window across the mixed layout's seam, mark the focused window
 * activated, and the taskbar's activate, close, maximize and fullscreen
 * requests act as gridctl or the client's own requests do, minimize
 * too.
 */

static struct harness_client *spawn_helper(struct harness *h, const char *env,
		const char *label, const char *const *args) {
	const char *argv[8] = { getenv(env) };
	REQUIRE(argv[0] != NULL, "%s is not set", env);
	for (int i = 0; args != NULL && args[i] != NULL && i < 6; i++) {
		argv[i + 1] = args[i];
	}
	struct harness_client *c = harness_spawn(h, label, argv);
	REQUIRE(c != NULL, "cannot start %s", label);
	char *line = harness_client_wait_line(c, "ready", HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "%s did not start", label);
	free(line);
	return c;
}

/* Reads the taskbar's lines until exactly want, which must come. */
static bool wait_exact(struct harness_client *tbar, const char *want) {
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	while (harness_now_ms() < deadline) {
		char *line = harness_client_next_line(tbar,
				(int)(deadline - harness_now_ms()));
		if (line == NULL) {
			break;
		}
		bool found = strcmp(line, want) == 0;
		bool error = strncmp(line, "error", 5) == 0;
		free(line);
		REQUIRE(!error, "the taskbar reported an error");
		if (found) {
			return true;
		}
	}
	return CHECK(false, "the taskbar never printed \"%s\"", want);
}

static bool tbar_command(struct harness_client *tbar, const char *command) {
	return CHECK(harness_client_send(tbar, "%s", command), "cannot send %s",
			command);
}

/* Lines up to the taskbar's sync: after it, every event of what came
 * before has arrived. */
static bool tbar_sync(struct harness_client *tbar, struct lines *lines) {
	return tbar_command(tbar, "sync") &&
			client_lines_until(tbar, "sync", lines);
}

static bool no_line_starts(const struct lines *lines, const char *prefix) {
	for (size_t i = 0; i < lines->count; i++) {
		if (strncmp(lines->line[i], prefix, strlen(prefix)) == 0 ||
				strncmp(lines->line[i], "error", 5) == 0) {
			return CHECK(false, "unexpected taskbar line \"%s\"",
					lines->line[i]);
		}
	}
	return true;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *tbar =
			spawn_helper(h, "TOPLEVEL_CLIENT_BIN", "taskbar", NULL);
	REQUIRE(tbar != NULL, "no taskbar");
	const char *one_args[] = {
		"--app-id",
		"one",
		"--title",
		"One",
		"--size",
		"200x150",
		NULL,
	};
	struct harness_client *one =
			harness_spawn_pattern_client(h, "one", one_args);
	REQUIRE(one != NULL && CHECK_READY(one, 200, 150, 1), "no window one");
	// Mapped at the centre of HEADLESS-1, where the pointer starts.
	bool ok = wait_exact(tbar,
			"toplevel 1 app_id=one title=One "
			"state=activated outputs=HEADLESS-1");

	const char *two_args[] = { "two", "200", "150", "2", NULL };
	struct harness_client *two =
			spawn_helper(h, "CONSTRAINT_CLIENT_BIN", "two", two_args);
	REQUIRE(two != NULL, "no window two");
	ok = wait_exact(tbar,
				 "toplevel 1 app_id=one title=One state=- "
				 "outputs=HEADLESS-1") &&
			ok;
	ok = wait_exact(tbar,
				 "toplevel 2 app_id=two title=two "
				 "state=activated outputs=HEADLESS-1") &&
			ok;

	// Title and app_id as the client changes them.
	ok = tbar_command(two, "title Renamed") &&
			wait_exact(tbar,
					"toplevel 2 app_id=two title=Renamed state=activated "
					"outputs=HEADLESS-1") &&
			ok;
	ok = tbar_command(two, "app-id deux") &&
			wait_exact(tbar,
					"toplevel 2 app_id=deux title=Renamed state=activated "
					"outputs=HEADLESS-1") &&
			ok;

	// Focus from gridctl.
	int64_t one_id = wait_window_id(h, "one");
	REQUIRE(one_id > 0, "window one is not listed");
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)one_id);
	struct json_object *reply = harness_gridctl_ok(h, "focus", id_text, NULL);
	ok = CHECK(reply != NULL, "gridctl focus failed") && ok;
	json_object_put(reply);
	ok = wait_exact(tbar,
				 "toplevel 1 app_id=one title=One "
				 "state=activated outputs=HEADLESS-1") &&
			ok;
	ok = wait_exact(tbar,
				 "toplevel 2 app_id=deux title=Renamed state=- "
				 "outputs=HEADLESS-1") &&
			ok;

	// Across the seam at 640, then onto HEADLESS-2 alone.
	ok = CHECK(rs_place(h, "one", 600, 100) > 0, "cannot move one") &&
			wait_exact(tbar,
					"toplevel 1 app_id=one title=One state=activated "
					"outputs=HEADLESS-1,HEADLESS-2") &&
			ok;
	ok = CHECK(rs_place(h, "one", 800, 100) > 0, "cannot move one") &&
			wait_exact(tbar,
					"toplevel 1 app_id=one title=One state=activated "
					"outputs=HEADLESS-2") &&
			ok;

	// The taskbar's requests.
	ok = tbar_command(tbar, "activate deux") &&
			wait_exact(tbar,
					"toplevel 2 app_id=deux title=Renamed "
					"state=activated outputs=HEADLESS-1") &&
			wait_focused(h, "deux") && ok;
	ok = tbar_command(tbar, "maximize one") &&
			wait_window_bool(h, "one", "maximized", true) &&
			wait_exact(tbar,
					"toplevel 1 app_id=one title=One state=maximized "
					"outputs=HEADLESS-2") &&
			ok;
	ok = tbar_command(tbar, "unmaximize one") &&
			wait_window_bool(h, "one", "maximized", false) &&
			wait_exact(tbar,
					"toplevel 1 app_id=one title=One state=- "
					"outputs=HEADLESS-2") &&
			ok;
	ok = tbar_command(tbar, "fullscreen one HEADLESS-1") &&
			wait_window_bool(h, "one", "fullscreen", true) &&
			wait_exact(tbar,
					"toplevel 1 app_id=one title=One "
					"state=fullscreen outputs=HEADLESS-1") &&
			ok;
	ok = tbar_command(tbar, "unfullscreen one") &&
			wait_window_bool(h, "one", "fullscreen", false) &&
			wait_exact(tbar,
					"toplevel 1 app_id=one title=One state=- "
					"outputs=HEADLESS-2") &&
			ok;

	// Minimize and back (tests/integration/minimize.c has the rest).
	ok = tbar_command(tbar, "minimize one") &&
			wait_window_bool(h, "one", "minimized", true) &&
			wait_exact(tbar,
					"toplevel 1 app_id=one title=One state=minimized "
					"outputs=HEADLESS-2") &&
			ok;
	ok = tbar_command(tbar, "unminimize one") &&
			wait_window_bool(h, "one", "minimized", false) &&
			wait_exact(tbar,
					"toplevel 1 app_id=one title=One state=activated "
					"outputs=HEADLESS-2") &&
			ok;
	// A popup gets no handle, and that is no error.
	struct lines lines = { 0 };
	ok = client_command_synced(one, "popup 10 10 60 40") &&
			tbar_sync(tbar, &lines) && no_line_starts(&lines, "toplevel 3") &&
			ok;
	lines_free(&lines);

	// Close asks the client, which goes; its handle with it.
	ok = tbar_command(tbar, "close one") &&
			CHECK(harness_client_wait_exit(one, HARNESS_TIMEOUT_MS) == 0,
					"window one did not close") &&
			wait_exact(tbar, "closed 1 app_id=one") && ok;
	// The other one loses its handle when it goes.
	harness_client_send(two, "quit");
	ok = CHECK(harness_client_wait_exit(two, HARNESS_TIMEOUT_MS) == 0,
				 "window two did not quit") &&
			wait_exact(tbar, "closed 2 app_id=deux") && ok;
	harness_client_send(tbar, "quit");
	ok = CHECK(harness_client_wait_exit(tbar, HARNESS_TIMEOUT_MS) == 0,
				 "the taskbar did not end cleanly") &&
			ok;
	return ok;
}

static bool run(const void *data) {
	return run_mixed_layout(body, data);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite,
			"foreign toplevel handles follow windows, titles, "
			"outputs, focus and state; their requests act",
			run, NULL);
	return check_finish(&suite);
}
