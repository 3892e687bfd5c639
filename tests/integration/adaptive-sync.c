#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-outputs.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * Adaptive sync on headless outputs, which wlroots 0.18 says cannot take it
 * (adaptive_sync_supported false, status disabled): gridctl outputs says so
 * plainly; "adaptive-sync on" from the config file is logged and the rest of
 * the config applies; from gridctl or wlr-randr it is refused with the
 * reason and nothing of the request changes; an unknown value is an error.
 * With auto, what the output wants follows what is shown on it: a window of
 * content type game or a fullscreen window, on that output only, and not
 * while minimized (the VM test sees the same on a real connector).
 */

#define CONFIG \
	"output HEADLESS-1 adaptive-sync auto\n" \
	"output HEADLESS-2 adaptive-sync on\n"

static bool check_vrr(struct harness *h, const char *name, const char *setting,
		bool wanted) {
	struct json_object *entry = gridctl_output(h, name);
	REQUIRE(entry != NULL, "gridctl outputs has no %s", name);
	bool ok = CHECK_JSON_STRING(entry, "adaptive_sync.setting", setting);
	ok = CHECK_JSON_BOOL(entry, "adaptive_sync.supported", false) && ok;
	ok = CHECK_JSON_BOOL(entry, "adaptive_sync.wanted", wanted) && ok;
	ok = CHECK_JSON_BOOL(entry, "adaptive_sync.enabled", false) && ok;
	if (!ok) {
		fprintf(stderr, "%s: %s\n", name, json_object_to_json_string(entry));
	}
	json_object_put(entry);
	return ok;
}

/* Polled: what is shown changes with the client's next frame. */
static bool wait_wanted(struct harness *h, const char *name, bool wanted,
		const char *why) {
	return wait_output_bool(h, name, "adaptive_sync.wanted", wanted, why);
}

/* gridctl output NAME WORDS... must fail with an error containing want. */
static bool check_refused(struct harness *h, const char *const *args,
		const char *want) {
	int status = 0;
	struct json_object *reply = harness_gridctlv(h, &status, args);
	const char *error =
			json_object_get_string(json_path(reply, "error", json_type_string));
	bool ok = CHECK(status == 1 && error != NULL && strstr(error, want),
			"gridctl %s %s %s %s: status %d, error \"%s\", want \"%s\"",
			args[0], args[1], args[2], args[3], status,
			error != NULL ? error : "(none)", want);
	json_object_put(reply);
	return ok;
}

static bool check_mode_kept(struct harness *h) {
	struct json_object *entry = gridctl_output(h, "HEADLESS-1");
	REQUIRE(entry != NULL, "no HEADLESS-1");
	bool ok = CHECK_JSON_INT(entry, "scale", 1) &&
			CHECK_JSON_INT(entry, "mode.width", 640) &&
			CHECK_JSON_INT(entry, "mode.height", 480) &&
			CHECK_JSON_STRING(entry, "adaptive_sync.setting", "auto");
	json_object_put(entry);
	return ok;
}

static bool check_bad_input(struct harness *h) {
	const char *on[] = { "output", "HEADLESS-1", "adaptive-sync", "on", NULL };
	bool ok = check_refused(h, on,
			"output HEADLESS-1 cannot take adaptive-sync on: headless "
			"outputs have no variable refresh rate");
	// The whole request is refused, not just its adaptive-sync.
	const char *with_scale[] = { "output", "HEADLESS-1", "adaptive-sync", "on",
		"scale", "2", NULL };
	ok = check_refused(h, with_scale, "cannot take adaptive-sync on") && ok;
	const char *every[] = { "output", "*", "adaptive-sync", "on", NULL };
	ok = check_refused(h, every, "cannot take adaptive-sync on") && ok;
	const char *unknown[] = { "output", "HEADLESS-1", "adaptive-sync",
		"sometimes", NULL };
	ok = check_refused(h, unknown,
				 "gridctl output: adaptive-sync must be on, off or auto, "
				 "got 'sometimes'") &&
			ok;
	ok = check_mode_kept(h) && ok;

	// wlr-output-management: the real wlr-randr asks, the request fails
	// whole, and the output is as it was.
	const char *randr[] = { "wlr-randr", "--output", "HEADLESS-1",
		"--adaptive-sync", "enabled", "--scale", "2", NULL };
	int code = harness_run(h, randr, HARNESS_TIMEOUT_MS, NULL);
	ok = CHECK(code > 0, "wlr-randr --adaptive-sync enabled exited %d", code) &&
			ok;
	char *listing = NULL;
	const char *list[] = { "wlr-randr", NULL };
	ok = CHECK(harness_run(h, list, HARNESS_TIMEOUT_MS, &listing) == 0,
				 "wlr-randr cannot list outputs") &&
			CHECK(listing != NULL &&
							strstr(listing, "Adaptive Sync: disabled") != NULL,
					"wlr-randr does not list adaptive sync disabled:\n%s",
					listing != NULL ? listing : "") &&
			ok;
	free(listing);
	ok = check_mode_kept(h) && ok;
	return ok;
}

static bool check_auto(struct harness *h) {
	const char *argv[] = { getenv("SOLID_CLIENT_BIN"), "--app-id", "game",
		"--size", "100x80", "--colour", "2080c0", NULL };
	REQUIRE(argv[0] != NULL, "SOLID_CLIENT_BIN is not set");
	struct harness_client *c = harness_spawn(h, "game", argv);
	REQUIRE(c != NULL, "no client");
	char *line = harness_client_wait_line(c, "ready", HARNESS_TIMEOUT_MS);
	free(line);
	REQUIRE(line != NULL, "the window did not map");
	struct json_object *window =
			harness_wait_window_app_id(h, "game", HARNESS_TIMEOUT_MS);
	REQUIRE(window != NULL, "gridctl windows has no game window");
	char id[16];
	snprintf(id, sizeof(id), "%d",
			json_object_get_int(json_path(window, "id", json_type_int)));
	json_object_put(window);
	json_object_put(harness_gridctl_ok(h, "move", id, "100", "100", NULL));

	bool ok = check_vrr(h, "HEADLESS-1", "auto", false);
	ok = client_command_synced(c, "content-type game") &&
			wait_wanted(h, "HEADLESS-1", true, "a game window") && ok;
	ok = check_vrr(h, "HEADLESS-1", "auto", true) && ok;
	ok = client_command_synced(c, "content-type video") &&
			wait_wanted(h, "HEADLESS-1", false, "a video window") && ok;

	// Fullscreen, whatever it shows; only on its own output.
	json_object_put(harness_gridctl_ok(h, "action", "fullscreen", NULL));
	ok = wait_wanted(h, "HEADLESS-1", true, "a fullscreen window") && ok;
	json_object_put(harness_gridctl_ok(h, "action", "fullscreen", NULL));
	ok = wait_wanted(h, "HEADLESS-1", false, "fullscreen left") && ok;

	// A game moved to the other output takes its wish along.
	ok = client_command_synced(c, "content-type game") &&
			wait_wanted(h, "HEADLESS-1", true, "the game back") && ok;
	json_object_put(harness_gridctl_ok(h, "move", id, "800", "100", NULL));
	ok = wait_wanted(h, "HEADLESS-1", false, "the game moved away") && ok;
	json_object_put(harness_gridctl_ok(h, "move", id, "100", "100", NULL));
	ok = wait_wanted(h, "HEADLESS-1", true, "the game moved back") && ok;

	// Minimized, it is not shown.
	json_object_put(harness_gridctl_ok(h, "action", "minimize", NULL));
	ok = wait_wanted(h, "HEADLESS-1", false, "the game minimized") && ok;

	// off wins over what is shown.
	json_object_put(harness_gridctl_ok(h, "output", "HEADLESS-1",
			"adaptive-sync", "off", NULL));
	ok = check_vrr(h, "HEADLESS-1", "off", false) && ok;
	harness_client_kill(c);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	// Started with "on" for an output that cannot: logged, and the rest
	// of the config (the mixed layout's modes and scales) is in force.
	bool ok = check_vrr(h, "HEADLESS-1", "auto", false);
	ok = check_vrr(h, "HEADLESS-2", "on", true) && ok;
	struct json_object *entry = gridctl_output(h, "HEADLESS-2");
	REQUIRE(entry != NULL, "no HEADLESS-2");
	ok = CHECK_JSON_INT(entry, "scale", 2) &&
			CHECK_JSON_INT(entry, "mode.width", 1280) && ok;
	json_object_put(entry);
	ok = check_bad_input(h) && ok;
	ok = check_auto(h) && ok;
	return ok;
}

static bool run(const void *data) {
	return run_mixed_layout_config(CONFIG, body, NULL);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite,
			"adaptive sync on headless outputs: reported unsupported, "
			"refused with the reason, auto's wish follows fullscreen and "
			"game windows",
			run, NULL);
	return check_finish(&suite);
}
