#include <inttypes.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * Headless gridwl's keyboard is made when first needed, not before the
 * socket (issue 34): gridctl stats' keymaps_compiled is 0 until a client
 * creates a wl_seat, and that first client still sees the keyboard among
 * the seat's capabilities and gets its keymap (keyboard-client says its
 * layout). gridctl inputs, before any client, lists it as it did when it
 * was made at start.
 */

static const char config_text[] = "xwayland disable\n";

static bool keymaps_are(struct harness *h, int64_t want, const char *when) {
	struct json_object *stats = harness_gridctl_ok(h, "stats", (char *)NULL);
	struct json_object *v = json_path(stats, "keymaps_compiled", json_type_int);
	int64_t got = v != NULL ? json_object_get_int64(v) : -1;
	json_object_put(stats);
	return CHECK(got == want,
			"%s: %" PRId64 " keymaps compiled (-1: none in gridctl stats), "
			"expected %" PRId64,
			when, got, want);
}

static bool body_client(struct harness *h, const void *data) {
	bool ok = keymaps_are(h, 0, "before any client");
	const char *bin = getenv("KEYBOARD_CLIENT_BIN");
	REQUIRE(bin != NULL, "KEYBOARD_CLIENT_BIN is not set");
	const char *argv[] = { bin, "--app-id", "first", "--layouts", NULL };
	struct harness_client *c = harness_spawn(h, "first", argv);
	REQUIRE(c != NULL, "cannot start the keyboard client");
	char *line = harness_client_wait_line(c, "layout ", HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL && strcmp(line, "layout English (US)") == 0,
				 "the first client got no keyboard with a keymap (%s)",
				 line != NULL ? line : "no layout line") &&
			ok;
	free(line);
	ok = keymaps_are(h, 1, "after the first client's wl_seat") && ok;
	harness_client_kill(c);
	return ok;
}

static bool body_inputs(struct harness *h, const void *data) {
	bool ok = keymaps_are(h, 0, "before gridctl inputs");
	struct json_object *reply = harness_gridctl_ok(h, "inputs", (char *)NULL);
	const char *text = reply != NULL ? json_object_to_json_string(reply) : "";
	ok = CHECK(strstr(text, "\"0:0:gridctl-keyboard\"") != NULL &&
						 strstr(text, "English (US)") != NULL,
				 "gridctl inputs does not list the keyboard: %s", text) &&
			ok;
	json_object_put(reply);
	return keymaps_are(h, 1, "after gridctl inputs") && ok;
}

struct first_use_case {
	const char *name;
	bool (*body)(struct harness *h, const void *data);
};

static bool run_case(const void *data) {
	const struct first_use_case *c = data;
	return run_gridwl_config(config_text, NULL, c->body, NULL);
}

int main(void) {
	static const struct first_use_case cases[] = {
		{ "the first client's wl_seat makes the keyboard, with its keymap",
				body_client },
		{ "gridctl inputs lists the keyboard before any client", body_inputs },
	};
	return CHECK_MAIN_TABLE(cases, run_case);
}
