#include <json-c/json.h>
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
 * wlr-foreign-toplevel-management through a real client (toplevel-client,
 * a test taskbar): handles appear and go with windows and only for
 * windows, follow title and app_id, enter and leave outputs as gridctl
 * moves the window across the mixed layout's seam, mark the focused window
 * activated, and the taskbar's activate, close, maximize and fullscreen
 * requests act as gridctl or the client's own requests do, minimize
 * too.
 */

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

/* A taskbar request on window one (on HEADLESS-2), the state gridctl
 * windows then gives it and the handle's line that follows. */
struct state_request {
	const char *command, *key;
	bool value;
	const char *handle;
};

static const struct state_request state_requests[] = {
	{ "maximize one", "maximized", true,
			"toplevel 1 app_id=one title=One state=maximized "
			"outputs=HEADLESS-2" },
	{ "unmaximize one", "maximized", false,
			"toplevel 1 app_id=one title=One state=- outputs=HEADLESS-2" },
	{ "fullscreen one HEADLESS-1", "fullscreen", true,
			"toplevel 1 app_id=one title=One state=fullscreen "
			"outputs=HEADLESS-1" },
	{ "unfullscreen one", "fullscreen", false,
			"toplevel 1 app_id=one title=One state=- outputs=HEADLESS-2" },
	// Minimize and back (tests/integration/minimize.c has the rest).
	{ "minimize one", "minimized", true,
			"toplevel 1 app_id=one title=One state=minimized "
			"outputs=HEADLESS-2" },
	{ "unminimize one", "minimized", false,
			"toplevel 1 app_id=one title=One state=activated "
			"outputs=HEADLESS-2" },
};

static bool body(struct harness *h, const void *data) {
	struct harness_client *tbar =
			spawn_readyv(h, "taskbar", "TOPLEVEL_CLIENT_BIN", NULL);
	REQUIRE(tbar != NULL, "no taskbar");
	struct harness_client *one = spawn_pattern_ready(h, "one", 200, 150, 1,
			"--app-id", "one", "--title", "One", "--size", "200x150", NULL);
	REQUIRE(one != NULL, "no window one");
	// Mapped at the centre of HEADLESS-1, where the pointer starts.
	bool ok = client_wait_exact(tbar,
			"toplevel 1 app_id=one title=One "
			"state=activated outputs=HEADLESS-1");

	const char *two_args[] = { "two", "200", "150", "2", NULL };
	struct harness_client *two =
			spawn_readyv(h, "two", "CONSTRAINT_CLIENT_BIN", two_args);
	REQUIRE(two != NULL, "no window two");
	ok = client_wait_exact(tbar,
				 "toplevel 1 app_id=one title=One state=- "
				 "outputs=HEADLESS-1") &&
			ok;
	ok = client_wait_exact(tbar,
				 "toplevel 2 app_id=two title=two "
				 "state=activated outputs=HEADLESS-1") &&
			ok;

	// Title and app_id as the client changes them.
	ok = tbar_command(two, "title Renamed") &&
			client_wait_exact(tbar,
					"toplevel 2 app_id=two title=Renamed state=activated "
					"outputs=HEADLESS-1") &&
			ok;
	ok = tbar_command(two, "app-id deux") &&
			client_wait_exact(tbar,
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
	ok = client_wait_exact(tbar,
				 "toplevel 1 app_id=one title=One "
				 "state=activated outputs=HEADLESS-1") &&
			ok;
	ok = client_wait_exact(tbar,
				 "toplevel 2 app_id=deux title=Renamed state=- "
				 "outputs=HEADLESS-1") &&
			ok;

	// Across the seam at 640, then onto HEADLESS-2 alone.
	ok = CHECK(rs_place(h, "one", 600, 100) > 0, "cannot move one") &&
			client_wait_exact(tbar,
					"toplevel 1 app_id=one title=One state=activated "
					"outputs=HEADLESS-1,HEADLESS-2") &&
			ok;
	ok = CHECK(rs_place(h, "one", 800, 100) > 0, "cannot move one") &&
			client_wait_exact(tbar,
					"toplevel 1 app_id=one title=One state=activated "
					"outputs=HEADLESS-2") &&
			ok;

	// The taskbar's requests.
	ok = tbar_command(tbar, "activate deux") &&
			client_wait_exact(tbar,
					"toplevel 2 app_id=deux title=Renamed "
					"state=activated outputs=HEADLESS-1") &&
			wait_focused(h, "deux") && ok;
	for (size_t i = 0; i < sizeof(state_requests) / sizeof(state_requests[0]);
			i++) {
		const struct state_request *r = &state_requests[i];
		ok = tbar_command(tbar, r->command) &&
				wait_window_bool(h, "one", r->key, r->value) &&
				client_wait_exact(tbar, r->handle) && ok;
	}
	// A popup gets no handle, and that is no error.
	struct lines lines = { 0 };
	ok = client_command_synced(one, "popup 10 10 60 40") &&
			tbar_sync(tbar, &lines) && no_line_starts(&lines, "toplevel 3") &&
			ok;
	lines_free(&lines);

	// Close asks the client, which goes; its handle with it.
	ok = tbar_command(tbar, "close one") && CHECK_EXITS(one, "window one") &&
			client_wait_exact(tbar, "closed 1 app_id=one") && ok;
	// The other one loses its handle when it goes.
	ok = CHECK_QUITS(two, "window two") &&
			client_wait_exact(tbar, "closed 2 app_id=deux") && ok;
	ok = CHECK_QUITS(tbar, "the taskbar") && ok;
	return ok;
}

int main(void) {
	return main_mixed_layout("foreign toplevel handles follow windows, titles, "
							 "outputs, focus and state; their requests act",
			body, NULL);
}
