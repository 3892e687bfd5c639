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
 * virtual-keyboard-unstable-v1 with Debian's wtype: what it types reaches
 * the focused window with its own keymap, a chord it types runs gridwl's
 * binding (the client never sees the keys), and keymaps that would crash
 * or fool gridwl end only the client that sent them
 * (virtual-keyboard-client), while wtype types on.
 *
 * gridctl's keyboard is made first, so that the window's seat has a
 * keyboard from the start: a seat that gains its first keyboard with
 * wtype's would race wtype's keys against the client's get_keyboard.
 * wtype exits once it has sent its keys, so the checks wait for the lines
 * the keys give rather than syncing.
 */

static struct harness_client *spawn_focused_window(struct harness *h,
		const char *app_id) {
	REQUIRE(harness_gridctl_succeeds(h, "key", "space", NULL),
			"no gridctl keyboard");
	return spawn_focused_keyboard_window(h, app_id, "200x150");
}

/* The key (and close) lines the client prints up to and including the
 * first that starts with last are exactly want. */
static bool expect_keys_until(struct harness_client *c, const char *last,
		const char *const *want) {
	const char *const prefixes[] = { "key ", "close", NULL };
	return check_heard_through_at(__FILE__, __LINE__, c, last, prefixes, want,
			"the keys the window got");
}

static bool body_wtype(struct harness *h, const void *data) {
	REQUIRE(program_in_path("wtype"), "wtype is not installed");
	struct harness_client *a = spawn_focused_window(h, "vk-a");
	REQUIRE(a != NULL, "no window");
	// wtype's keymap has the text's keysyms only; gridwl hands it to the
	// window with wtype's keys.
	const char *const type_text[] = { "wtype", "h\u00e9llo", NULL };
	bool ok = run_ok(h, type_text);
	const char *const typed[] = { "key h pressed", "key h released",
		"key eacute pressed", "key eacute released", "key l pressed",
		"key l released", "key l pressed", "key l released", "key o pressed",
		"key o released", NULL };
	ok = expect_keys_until(a, "key o released", typed) && ok;
	// Mod4+Shift+q, a default binding, closes the window: the chord from
	// a virtual keyboard is a chord.
	const char *const chord[] = { "wtype", "-M", "logo", "-M", "shift", "q",
		"-m", "shift", "-m", "logo", NULL };
	ok = run_ok(h, chord) && ok;
	const char *const closed[] = { "close", NULL };
	ok = expect_keys_until(a, "close", closed) && ok;
	ok = CHECK_EXITS(a, "vk-a") && ok;
	return ok;
}

static const char *const bad_modes[] = { "beyond-end", "no-nul", "garbage",
	"bad-format", "pipe", "key-first", NULL };

static bool body_bad_keymaps(struct harness *h, const void *data) {
	const char *bin = getenv("VIRTUAL_KEYBOARD_CLIENT_BIN");
	REQUIRE(bin != NULL, "VIRTUAL_KEYBOARD_CLIENT_BIN is not set");
	REQUIRE(program_in_path("wtype"), "wtype is not installed");
	struct harness_client *a = spawn_focused_window(h, "vk-a");
	REQUIRE(a != NULL, "no window");
	bool ok = true;
	for (size_t i = 0; bad_modes[i] != NULL; i++) {
		const char *argv[] = { bin, bad_modes[i], NULL };
		struct harness_client *bad = harness_spawn(h, bad_modes[i], argv);
		REQUIRE(bad != NULL, "cannot start %s", bad_modes[i]);
		// no_keymap (0), the protocol's only error, on the keyboard.
		char *line = harness_client_wait_line(bad, "error", HARNESS_TIMEOUT_MS);
		const char *want =
				"error protocol interface=zwp_virtual_keyboard_v1 code=0 ";
		ok = CHECK(line != NULL && strncmp(line, want, strlen(want)) == 0,
					 "%s: \"%s\", want \"%s...\"", bad_modes[i],
					 line != NULL ? line : "nothing", want) &&
				ok;
		free(line);
		ok = CHECK(harness_client_wait_exit(bad, HARNESS_TIMEOUT_MS) == 1,
					 "%s did not end with the error", bad_modes[i]) &&
				ok;
	}
	// gridwl and the window carry on: wtype still types into it.
	const char *const type_ok[] = { "wtype", "ok", NULL };
	ok = run_ok(h, type_ok) && ok;
	const char *const typed[] = { "key o pressed", "key o released",
		"key k pressed", "key k released", NULL };
	ok = expect_keys_until(a, "key k released", typed) && ok;
	harness_client_send(a, "quit");
	return CHECK_EXITS(a, "vk-a") && ok;
}

static bool run_wtype(const void *data) {
	return run_on_output("HEADLESS-1", 640, 480, 1, body_wtype, data);
}

static bool run_bad_keymaps(const void *data) {
	return run_on_output("HEADLESS-1", 640, 480, 1, body_bad_keymaps, data);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite,
			"wtype types into the focused window, and its chord runs a "
			"binding",
			run_wtype, NULL);
	check_run(&suite,
			"a bad keymap gets no_keymap and ends only its client; wtype "
			"types on",
			run_bad_keymaps, NULL);
	return check_finish(&suite);
}
