#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * X11 iconify: xdotool's windowminimize (WM_CHANGE_STATE IconicState, as
 * ICCCM has it) minimizes an X11 window (gridctl windows says minimized),
 * and xdotool's windowactivate (_NET_ACTIVE_WINDOW) brings it back.
 */

#define X_CLASS "X11Pattern"

static bool xdotool(struct harness *h, const char *display_env,
		const char *command) {
	char script[256];
	snprintf(script, sizeof(script), "xdotool search --class %s %s", X_CLASS,
			command);
	const char *argv[] = { "env", display_env, "sh", "-c", script, NULL };
	return CHECK(run_ok(h, argv), "%s failed", script);
}

static bool body(struct harness *h) {
	const char *bin = getenv("X11_PATTERN_CLIENT_BIN");
	REQUIRE(bin != NULL, "X11_PATTERN_CLIENT_BIN is not set");
	struct json_object *stats = harness_gridctl_ok(h, "stats", NULL);
	char display_env[64];
	bool have_display =
			xwayland_display_env(stats, display_env, sizeof(display_env));
	json_object_put(stats);
	REQUIRE(have_display, "Xwayland is off");
	const char *argv[] = { "env", display_env, bin, "200", "150", NULL };
	struct harness_client *client = harness_spawn(h, "x11-pattern", argv);
	REQUIRE(client != NULL, "cannot start the X11 client");
	bool ok = wait_window_bool(h, X_CLASS, "minimized", false);
	ok = xdotool(h, display_env, "windowminimize") &&
			wait_window_bool(h, X_CLASS, "minimized", true) && ok;
	ok = xdotool(h, display_env, "windowactivate") &&
			wait_window_bool(h, X_CLASS, "minimized", false) && ok;
	harness_client_kill(client);
	return ok;
}

static bool run(const void *data) {
	if (!program_in_path("xdotool")) {
		fprintf(stderr, "# no xdotool\n");
		return true;
	}
	char *dir = harness_mkdtemp();
	REQUIRE(dir != NULL, "no temporary directory");
	const char *args[] = { "--output", "HEADLESS-1 mode 640x480 scale 1",
		NULL };
	struct harness *h = start_gridwl_with_xwayland(dir, args);
	bool ok = CHECK(h != NULL, "gridwl did not start");
	if (h != NULL) {
		ok = harness_stop(h, body(h)) && ok;
	}
	harness_remove_tree(dir);
	free(dir);
	return ok;
}

int main(void) {
	return check_main("X11 iconify minimizes, activation restores", run, NULL);
}
