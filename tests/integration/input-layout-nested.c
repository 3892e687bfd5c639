#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"
#include "xvfb-session.h"

/*
 * The layout of an input line reaches clients through a real keyboard:
 * gridwl on its X11 backend inside an Xvfb of our own (see
 * keyboard-bindings.c), with "input type:keyboard xkb_layout de". xdotool
 * presses the keys that are Y and Z on the US keyboard Xvfb has; X hands
 * gridwl their keycodes, and with the German layout the window gets z and
 * y. gridctl inputs names the X11 keyboard's layout.
 */

static const char config_text[] = "xwayland disable\n"
								  "input type:keyboard xkb_layout de\n";

static bool body(struct harness *h, struct xvfb_session *xs) {
	// X gives the keyboard to the window under the pointer.
	REQUIRE(xvfb_session_pointer_to(xs, 400, 300), "cannot move the pointer");
	const char *bin = getenv("KEYBOARD_CLIENT_BIN");
	REQUIRE(bin != NULL, "KEYBOARD_CLIENT_BIN is not set");
	const char *argv[] = { bin, "--app-id", "de", "--size", "200x150",
		"--layouts", NULL };
	struct harness_client *c = harness_spawn(h, "de", argv);
	REQUIRE(c != NULL, "cannot start the keyboard client");
	char *line = harness_client_wait_line(c, "layout ", HARNESS_TIMEOUT_MS);
	bool ok = CHECK(line != NULL && strcmp(line, "layout German") == 0,
			"the window's keymap: '%s', want 'layout German'",
			line != NULL ? line : "(none)");
	free(line);
	REQUIRE(wait_focused(h, "de"), "the window has no focus");

	// The US keyboard's y and z keys, as the German layout reads them.
	REQUIRE(XDO(xs, "key", "y", "key", "z"), "xdotool failed");
	const char *const want[] = {
		"key z pressed",
		"key z released",
		"key y pressed",
		"key y released",
		NULL,
	};
	struct lines lines = { 0 };
	for (;;) {
		char *next = harness_client_next_line(c, HARNESS_TIMEOUT_MS);
		if (next == NULL) {
			ok = CHECK(false, "no \"key y released\" from the window") && ok;
			break;
		}
		bool done = strcmp(next, "key y released") == 0;
		if (!lines_add(&lines, next)) {
			break;
		}
		if (done) {
			break;
		}
	}
	const char *const prefixes[] = { "key ", NULL };
	struct lines keys;
	lines_filter(&lines, prefixes, &keys);
	ok = CHECK_LINES(&keys, want, "the US y and z keys with layout de") && ok;
	lines_free(&keys);
	lines_free(&lines);

	// The X11 backend's keyboard, as gridctl inputs lists it.
	struct json_object *reply = harness_gridctl_ok(h, "inputs", (char *)NULL);
	struct json_object *inputs = json_path(reply, "inputs", json_type_array);
	bool found = false;
	for (size_t i = 0; inputs != NULL && i < json_object_array_length(inputs);
			i++) {
		struct json_object *input = json_object_array_get_idx(inputs, i);
		struct json_object *type = json_path(input, "type", json_type_string);
		struct json_object *id =
				json_path(input, "identifier", json_type_string);
		struct json_object *active =
				json_path(input, "xkb_active_layout_name", json_type_string);
		if (type != NULL && id != NULL && active != NULL &&
				strcmp(json_object_get_string(type), "keyboard") == 0 &&
				strcmp(json_object_get_string(id), "0:0:gridctl-keyboard") !=
						0) {
			found = strcmp(json_object_get_string(active), "German") == 0;
		}
	}
	ok = CHECK(found, "gridctl inputs lists no X11 keyboard with German: %s",
				 reply != NULL ? json_object_to_json_string(reply) :
								 "(none)") &&
			ok;
	json_object_put(reply);
	harness_client_kill(c);
	return ok;
}

struct layout_test {
	struct xvfb_session xvfb;
	char *config;
	bool ready;
};

static bool run(const void *data) {
	const struct layout_test *t = data;
	REQUIRE(t->ready, "no Xvfb to run in");
	const char *args[] = { "--backend", "x11", "--config", t->config,
		"--output", "X11-1 mode 800x600 scale 1", NULL };
	struct harness *h = harness_start(args);
	REQUIRE(h != NULL, "gridwl did not start on the X11 backend");
	bool ok = body(h, (struct xvfb_session *)&t->xvfb);
	return harness_stop(h, ok);
}

int main(void) {
	const char *name = "input type:keyboard xkb_layout de: the US keyboard's "
					   "y key types z in a window, and its z key y";
	struct check_suite suite = { 0 };
	if (!program_in_path("Xvfb") || !program_in_path("xdotool")) {
		check_skip(&suite, name,
				"Xvfb or xdotool is not installed (Debian packages xvfb, "
				"xdotool)");
		return check_finish(&suite);
	}
	struct layout_test test = { 0 };
	test.ready = xvfb_session_start(&test.xvfb, "1024x768x24") &&
			(test.config = xvfb_session_write(&test.xvfb, "config",
					 config_text)) != NULL;
	check_run(&suite, name, run, &test);
	xvfb_session_stop(&test.xvfb);
	free(test.config);
	return check_finish(&suite);
}
