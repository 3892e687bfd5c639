#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * keyboard-shortcuts-inhibit-unstable-v1, with keyboard-client's
 * inhibitor: while the inhibiting window has the keyboard its inhibitor
 * is active and a binding's chord reaches it as keys, except the config's
 * inhibit-escape binding, which runs; when another window takes the
 * keyboard the inhibitor is inactive and bindings run there, and it is
 * active again when the window gets the keyboard back; once destroyed,
 * bindings run on the window too. Keys come from gridctl's keyboard,
 * which takes a real keyboard's path. (VT switching, which no inhibitor
 * stops either, needs a DRM session.)
 */

static const char config_text[] =
		"xwayland disable\n"
		"bind Mod4+Shift+q close\n"
		"bind Mod4+Escape inhibit-escape exec echo escaped >> "
		"\"$XDG_RUNTIME_DIR/escaped\"\n";

/* Everything the client was sent up to now, of keys, closing and its
 * inhibitor, is exactly want. */
static bool expect_lines(struct harness_client *c, const char *const *want) {
	const char *const prefixes[] = { "key ", "close", "inhibitor", NULL };
	return check_heard_at(__FILE__, __LINE__, c, prefixes, want,
			"what the window got");
}

static bool body(struct harness *h, const void *data) {
	// gridctl's keyboard first, so that windows see a keyboard.
	REQUIRE(harness_gridctl_succeeds(h, "key", "space", NULL),
			"no gridctl keyboard");
	struct harness_client *a =
			spawn_focused_keyboard_window(h, "si-a", "200x150");
	REQUIRE(a != NULL, "no window a");
	harness_client_send(a, "inhibit");
	const char *const active[] = { "inhibitor active", NULL };
	bool ok = expect_lines(a, active);

	// The close binding's chord is the window's.
	ok = harness_gridctl_succeeds(h, "key", "Mod4+Shift+q", NULL) && ok;
	const char *const q[] = { "key Q pressed", "key Q released", NULL };
	ok = expect_lines(a, q) && ok;

	// The escape runs, and its keys are not the window's.
	ok = harness_gridctl_succeeds(h, "key", "Mod4+Escape", NULL) && ok;
	char *escaped_path = harness_path(h, "escaped");
	char *line = harness_wait_file_line(escaped_path, HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL && strcmp(line, "escaped\n") == 0,
				 "the inhibit-escape binding did not run") &&
			ok;
	free(line);
	free(escaped_path);
	const char *const none[] = { NULL };
	ok = expect_lines(a, none) && ok;

	// Another window has the keyboard: a's inhibitor is inactive, and the
	// binding closes b; a gets the keyboard and its inhibitor back.
	struct harness_client *b =
			spawn_focused_keyboard_window(h, "si-b", "200x150");
	REQUIRE(b != NULL, "no window b");
	const char *const inactive[] = { "inhibitor inactive", NULL };
	ok = expect_lines(a, inactive) && ok;
	ok = harness_gridctl_succeeds(h, "key", "Mod4+Shift+q", NULL) && ok;
	char *closed = harness_client_wait_line(b, "close", HARNESS_TIMEOUT_MS);
	ok = CHECK(closed != NULL, "the binding did not close si-b") && ok;
	free(closed);
	ok = CHECK_EXITS(b, "si-b") && ok;
	ok = CHECK(wait_focused(h, "si-a"), "si-a did not get the keyboard back") &&
			ok;
	ok = expect_lines(a, active) && ok;

	// Without its inhibitor the window's chord is the binding's again.
	harness_client_send(a, "uninhibit");
	ok = expect_lines(a, none) && ok;
	ok = harness_gridctl_succeeds(h, "key", "Mod4+Shift+q", NULL) && ok;
	closed = harness_client_wait_line(a, "close", HARNESS_TIMEOUT_MS);
	ok = CHECK(closed != NULL, "the binding did not close si-a") && ok;
	free(closed);
	return CHECK_EXITS(a, "si-a") && ok;
}

static bool run(const void *data) {
	const char *args[] = { "--output", "HEADLESS-1 mode 640x480 scale 1",
		NULL };
	return run_gridwl_config(config_text, args, body, data);
}

int main(void) {
	return check_main(
			"an inhibiting window gets the bindings' keys while it has the "
			"keyboard; the inhibit-escape binding runs",
			run, NULL);
}
