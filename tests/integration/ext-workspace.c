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
 * ext-workspace-v1 from a pager (workspace-client), as a bar sees it, on
 * two outputs: one group on both, the ten workspaces with their names,
 * coordinates and states; a switch by gridctl reaches it; its activate and
 * deactivate switch; a pager that binds the outputs after the manager,
 * and outputs plugged in and out; a window marked urgent on a hidden workspace marks
 * that workspace urgent; stop ends it with finished. Debian 13's waybar
 * (0.12) has no ext/workspaces module, so a test client plays the bar.
 */

static const char config_text[] = "workspace 3 name mail\n";

/* The lines of the pager's next done, joined with '\n' (malloc'd), or NULL
 * after reporting. */
static char *next_done(struct harness_client *c) {
	size_t cap = 4096, len = 0;
	char *block = calloc(1, cap);
	REQUIRE(block != NULL, "out of memory");
	for (;;) {
		char *line = harness_client_next_line(c, HARNESS_TIMEOUT_MS);
		if (!CHECK(line != NULL, "the pager heard no done")) {
			free(block);
			return NULL;
		}
		bool done = strcmp(line, "done") == 0;
		bool error = strncmp(line, "error", 5) == 0;
		if (!CHECK(!error, "pager: %s", line)) {
			free(line);
			free(block);
			return NULL;
		}
		if (!done && len + strlen(line) + 2 < cap) {
			len += (size_t)snprintf(block + len, cap - len, "%s\n", line);
		}
		free(line);
		if (done) {
			return block;
		}
	}
}

/* The next done has every one of the lines (NULL-terminated). */
static bool done_has(struct harness_client *c, const char *const *want,
		const char *what) {
	char *block = next_done(c);
	if (block == NULL) {
		return false;
	}
	bool ok = true;
	for (size_t i = 0; want[i] != NULL; i++) {
		char line[256];
		snprintf(line, sizeof(line), "%s\n", want[i]);
		ok = CHECK(strstr(block, line) != NULL, "%s: no '%s' in:\n%s", what,
					 want[i], block) &&
				ok;
	}
	free(block);
	return ok;
}

#define DONE_HAS(c, what, ...) \
	done_has((c), (const char *const[]){ __VA_ARGS__, NULL }, (what))

/* Reads dones until one has line (up to a few). */
static bool some_done_has(struct harness_client *c, const char *line,
		const char *what) {
	char want[256];
	snprintf(want, sizeof(want), "%s\n", line);
	for (int i = 0; i < 4; i++) {
		char *block = next_done(c);
		bool found = block != NULL && strstr(block, want) != NULL;
		free(block);
		if (found || block == NULL) {
			return CHECK(found, "%s: no '%s'", what, line);
		}
	}
	return CHECK(false, "%s: no '%s' in 4 dones", what, line);
}

/* A pager that binds the outputs after the manager, and outputs that come
 * and go: the group enters and leaves each. */
static bool late_outputs(struct harness *h, const char *bin) {
	const char *argv[] = { bin, "--outputs-later", NULL };
	struct harness_client *late = spawn_argv_until(h, "late", argv, "ready");
	REQUIRE(late != NULL, "the late pager did not start");
	bool ok =
			some_done_has(late, "group outputs=2 workspaces=10 capabilities=0",
					"outputs bound after the manager");
	char output[64];
	REQUIRE(create_output(h, "320x240", output, sizeof(output)),
			"no new output");
	ok = some_done_has(late, "group outputs=3 workspaces=10 capabilities=0",
				 "an output plugged in") &&
			ok;
	struct json_object *reply =
			harness_gridctl_ok(h, "destroy-output", output, (char *)NULL);
	json_object_put(reply);
	ok = some_done_has(late, "group outputs=2 workspaces=10 capabilities=0",
				 "an output unplugged") &&
			ok;
	ok = CHECK_QUITS(late, "the late pager") && ok;
	return ok;
}

static bool shown_is(struct harness *h, int number) {
	struct json_object *reply = harness_gridctl_ok(h, "workspaces", NULL);
	struct json_object *list = json_path(reply, "workspaces", json_type_array);
	int shown = 0;
	for (size_t i = 0; list != NULL && i < json_object_array_length(list);
			i++) {
		struct json_object *w = json_object_array_get_idx(list, i);
		struct json_object *flag = json_path(w, "shown", json_type_boolean);
		if (flag != NULL && json_object_get_boolean(flag)) {
			shown = (int)i + 1;
		}
	}
	json_object_put(reply);
	return CHECK(shown == number, "workspace %d is shown, want %d", shown,
			number);
}

static bool body(struct harness *h, const void *data) {
	const char *bin = getenv("WORKSPACE_CLIENT_BIN");
	REQUIRE(bin != NULL, "WORKSPACE_CLIENT_BIN is not set");
	const char *argv[] = { bin, NULL };
	struct harness_client *pager = spawn_argv_until(h, "pager", argv, "ready");
	REQUIRE(pager != NULL, "the pager did not start");
	// Capabilities 11: activate, deactivate and assign. An empty workspace
	// not shown is hidden unless a workspace line names it.
	bool ok = DONE_HAS(pager, "at bind",
			"group outputs=2 workspaces=10 capabilities=0",
			"workspace 1 name=1 coordinates=0 state=active capabilities=11",
			"workspace 2 name=2 coordinates=1 state=hidden capabilities=11",
			"workspace 3 name=mail coordinates=2 state=none capabilities=11",
			"workspace 10 name=10 coordinates=9 state=hidden capabilities=11");

	struct json_object *reply =
			harness_gridctl_ok(h, "workspace", "2", (char *)NULL);
	json_object_put(reply);
	ok = DONE_HAS(pager, "after gridctl workspace 2",
				 "workspace 1 name=1 coordinates=0 state=hidden "
				 "capabilities=11",
				 "workspace 2 name=2 coordinates=1 state=active "
				 "capabilities=11") &&
			ok;

	harness_client_send(pager, "activate 3");
	ok = DONE_HAS(pager, "after activate 3",
				 "workspace 3 name=mail coordinates=2 state=active "
				 "capabilities=11") &&
			shown_is(h, 3) && ok;
	harness_client_send(pager, "deactivate 3");
	ok = DONE_HAS(pager, "after deactivate 3",
				 "workspace 2 name=2 coordinates=1 state=active "
				 "capabilities=11") &&
			shown_is(h, 2) && ok;
	// Deactivating one not shown, and assigning to the one group, change
	// nothing.
	harness_client_send(pager, "deactivate 5");
	harness_client_send(pager, "assign 4");
	harness_client_send(pager, "sync");
	free(harness_client_wait_line(pager, "sync", HARNESS_TIMEOUT_MS));
	ok = shown_is(h, 2) && ok;

	// A window on workspace 2, sent to 5 and asking for the focus without
	// a good token: urgent, and so is workspace 5.
	const char *act_argv[] = { getenv("ACTIVATION_CLIENT_BIN"), "asker", NULL };
	REQUIRE(act_argv[0] != NULL, "ACTIVATION_CLIENT_BIN is not set");
	struct harness_client *asker =
			spawn_argv_until(h, "asker", act_argv, "ready");
	REQUIRE(asker != NULL, "the asking window did not map");
	int64_t id = wait_window_id(h, "asker");
	char id_text[24];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	reply = harness_gridctl_ok(h, "move-to-workspace", id_text, "5",
			(char *)NULL);
	json_object_put(reply);
	ok = DONE_HAS(pager, "a window on workspace 5",
				 "workspace 5 name=5 coordinates=4 state=none "
				 "capabilities=11") &&
			ok;
	harness_client_send(asker, "token-bare");
	char *token = harness_client_wait_line(asker, "token ", HARNESS_TIMEOUT_MS);
	REQUIRE(token != NULL, "no token");
	harness_client_send(asker, "activate %s", token + strlen("token "));
	free(token);
	ok = DONE_HAS(pager, "an urgent window on workspace 5",
				 "workspace 5 name=5 coordinates=4 state=urgent "
				 "capabilities=11") &&
			shown_is(h, 2) && ok;
	reply = harness_gridctl_ok(h, "workspaces", NULL);
	struct json_object *w = json_object_array_get_idx(
			json_path(reply, "workspaces", json_type_array), 4);
	ok = CHECK(w != NULL, "no workspace 5") &&
			CHECK_JSON_BOOL(w, "urgent", true) && ok;
	json_object_put(reply);

	harness_client_send(pager, "stop");
	char *line =
			harness_client_wait_line(pager, "finished", HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL, "no finished after stop") && ok;
	free(line);
	harness_client_send(asker, "quit");
	ok = CHECK_QUITS(pager, "the pager") && ok;
	return late_outputs(h, bin) && ok;
}

static bool run(const void *data) {
	return run_mixed_layout_config(config_text, body, data);
}

int main(void) {
	return check_main(
			"ext-workspace-v1: one group on every output, ten workspaces, "
			"switches both ways, urgency, stop",
			run, NULL);
}
