#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * xdg-activation-v1 with activation-client: a token one window made from
 * its keyboard enter while focused brings another window to the front; a
 * token made while not focused (which wlroots refuses), a token without
 * serial or surface, a used one and one never made each mark the window
 * urgent (gridctl windows) and leave the focus where it is, until the
 * window is focused. A program gridwl starts (--exec) gets a good
 * token in XDG_ACTIVATION_TOKEN: its window, covered by another, comes
 * back to the front with it.
 */

struct window_state {
	const char *app_id;
	bool focused, urgent;
};

static bool window_is(struct json_object *window, void *data) {
	const struct window_state *want = data;
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	struct json_object *focused =
			json_path(window, "focused", json_type_boolean);
	struct json_object *urgent = json_path(window, "urgent", json_type_boolean);
	return app_id != NULL && focused != NULL && urgent != NULL &&
			strcmp(json_object_get_string(app_id), want->app_id) == 0 &&
			json_object_get_boolean(focused) == want->focused &&
			json_object_get_boolean(urgent) == want->urgent;
}

static bool check_window(struct harness *h, const char *app_id, bool focused,
		bool urgent, const char *what) {
	struct window_state want = { app_id, focused, urgent };
	char why[160];
	snprintf(why, sizeof(why), "%s: %s %sfocused, %surgent", what, app_id,
			focused ? "" : "not ", urgent ? "" : "not ");
	struct json_object *window =
			harness_wait_window(h, window_is, &want, HARNESS_TIMEOUT_MS, why);
	json_object_put(window);
	return CHECK(window != NULL, "%s", why);
}

static struct harness_client *spawn_window(struct harness *h,
		const char *app_id) {
	return spawn_ready(h, app_id, "ACTIVATION_CLIENT_BIN", app_id, NULL);
}

/* Asks c for a token ("token" or "token-bare"); malloc'd, NULL on
 * failure. */
static char *get_token(struct harness_client *c, const char *command) {
	if (!harness_client_send(c, "%s", command)) {
		return NULL;
	}
	char *line = harness_client_wait_line(c, "token ", HARNESS_TIMEOUT_MS);
	char *token = line != NULL ? strdup(line + 6) : NULL;
	free(line);
	return token;
}

static bool activate(struct harness_client *c, const char *token) {
	char command[160];
	snprintf(command, sizeof(command), "activate %s", token);
	return client_command_synced(c, command);
}

/* Headless gridwl has a keyboard once gridctl typed on it: windows then
 * get keyboard enter, whose serial makes a good token. */
static bool make_keyboard(struct harness *h) {
	struct json_object *reply = harness_gridctl_ok(h, "key", "Shift_L", NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "gridctl key failed");
}

/* gridctl focus of the window with app_id. */
static bool focus(struct harness *h, const char *app_id) {
	struct json_object *reply = harness_gridctl_ok(h, "windows", NULL);
	struct json_object *list =
			reply ? json_path(reply, "windows", json_type_array) : NULL;
	struct json_object *window =
			list ? json_array_find(list, "app_id", app_id) : NULL;
	struct json_object *id_obj =
			window ? json_path(window, "id", json_type_int) : NULL;
	int64_t id = id_obj ? json_object_get_int64(id_obj) : 0;
	json_object_put(reply);
	REQUIRE(id > 0, "no id for %s", app_id);
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	struct json_object *focused = harness_gridctl_ok(h, "focus", id_text, NULL);
	json_object_put(focused);
	return CHECK(focused != NULL, "cannot focus %s", app_id);
}

static bool body_tokens(struct harness *h, const void *data) {
	REQUIRE(make_keyboard(h), "no keyboard");
	struct harness_client *a = spawn_window(h, "a");
	REQUIRE(a != NULL, "window a did not map");
	struct harness_client *b = spawn_window(h, "b");
	REQUIRE(b != NULL, "window b did not map");
	bool ok = check_window(h, "b", true, false, "b mapped last");

	// b, focused, hands a its token.
	char *good = get_token(b, "token");
	REQUIRE(good != NULL, "no token from b");
	ok = activate(a, good) && check_window(h, "a", true, false, "good token") &&
			check_window(h, "b", false, false, "good token") && ok;

	// b, no longer focused (and not under the pointer), gets a token that
	// wlroots refuses and does not keep: b is urgent, a keeps the keyboard.
	struct json_object *moved =
			harness_gridctl_ok(h, "pointer", "5", "5", NULL);
	json_object_put(moved);
	REQUIRE(moved != NULL, "cannot move the pointer");
	char *refused = get_token(b, "token");
	REQUIRE(refused != NULL, "no token from b");
	ok = activate(b, refused) &&
			check_window(h, "b", false, true, "refused token") &&
			check_window(h, "a", true, false, "refused token") && ok;

	// Focused, it is no longer urgent.
	ok = focus(h, "b") && check_window(h, "b", true, false, "focused") && ok;

	// b hands a a good token again; then a token from no input event
	// makes b urgent, and a keeps the keyboard.
	char *good2 = get_token(b, "token");
	REQUIRE(good2 != NULL, "no token from b");
	ok = activate(a, good2) &&
			check_window(h, "a", true, false, "second good token") && ok;
	char *bare = get_token(b, "token-bare");
	REQUIRE(bare != NULL, "no token from b");
	ok = activate(b, bare) && check_window(h, "b", false, true, "bare token") &&
			check_window(h, "a", true, false, "bare token") && ok;
	ok = focus(h, "b") && check_window(h, "b", true, false, "focused") && ok;

	// A token is good once: used again (stale), it makes a urgent, and b
	// keeps the keyboard. So does one gridwl never made.
	ok = activate(a, good) &&
			check_window(h, "a", false, true, "token used twice") &&
			check_window(h, "b", true, false, "token used twice") && ok;
	ok = focus(h, "a") && check_window(h, "a", true, false, "focused") && ok;
	ok = activate(b, "not-a-token") &&
			check_window(h, "b", false, true, "unknown token") &&
			check_window(h, "a", true, false, "unknown token") && ok;
	free(good2);
	free(good);
	free(refused);
	free(bare);
	struct harness_client *clients[] = { a, b };
	for (size_t i = 0; i < 2; i++) {
		ok = CHECK_QUITS(clients[i], "a client") && ok;
	}
	return ok;
}

static bool run_tokens(const void *data) {
	return run_on_output("HEADLESS-1", 640, 480, 1, body_tokens, NULL);
}

static bool body_exec(struct harness *h, const void *data) {
	REQUIRE(make_keyboard(h), "no keyboard");
	bool ok = check_window(h, "launched", true, false, "mapped");
	const char *argv[] = { getenv("SOLID_CLIENT_BIN"), "--app-id", "other",
		"--size", "300x300", "--colour", "00ff00", NULL };
	REQUIRE(argv[0] != NULL, "SOLID_CLIENT_BIN is not set");
	struct harness_client *other = spawn_argv_until(h, "other", argv, "ready");
	REQUIRE(other != NULL, "the other window did not map");
	// Covered, the launched program asks with its token, and is back.
	ok = check_window(h, "launched", true, false, "after its activation") &&
			check_window(h, "other", false, false, "after the activation") &&
			ok;
	return ok;
}

static bool run_exec(const void *data) {
	const char *bin = getenv("ACTIVATION_CLIENT_BIN");
	REQUIRE(bin != NULL, "ACTIVATION_CLIENT_BIN is not set");
	char command[512];
	snprintf(command, sizeof(command), "'%s' launched --on-leave", bin);
	const char *args[] = { "--output", "HEADLESS-1 mode 640x480 scale 1",
		"--exec", command, NULL };
	return run_gridwl(args, body_exec, NULL);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite,
			"a focused window's token focuses another; a refused, bare, "
			"used or unknown one marks the window urgent instead",
			run_tokens, NULL);
	check_run(&suite,
			"a program gridwl starts comes to the front with its "
			"XDG_ACTIVATION_TOKEN",
			run_exec, NULL);
	return check_finish(&suite);
}
