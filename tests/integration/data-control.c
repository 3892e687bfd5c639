#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * The clipboard and the primary selection through wlr-data-control, with the
 * real wl-clipboard and no window at all, so nothing has keyboard focus:
 * wl-copy sets each, wl-paste reads each, and a wl-paste --watch per
 * selection (a clipboard manager; it needs data-control) sees every change,
 * the other selection's left alone. A source that is replaced is cancelled
 * (wl-copy --foreground exits), one whose client goes leaves no selection.
 */

/* A watcher narrates each selection as "STATE: TEXT", STATE wl-paste's
 * CLIPBOARD_STATE (data, nil, clear...). */
static struct harness_client *spawn_watch(struct harness *h, bool primary) {
	const char *report = "echo \"$CLIPBOARD_STATE: $(cat)\"";
	const char *clipboard[] = { "wl-paste", "--watch", "sh", "-c", report,
		NULL };
	const char *selection[] = { "wl-paste", "--primary", "--watch", "sh", "-c",
		report, NULL };
	return harness_spawn(h, primary ? "watch-primary" : "watch-clipboard",
			primary ? selection : clipboard);
}

/* wl-copy stays in the foreground, serving its text until it is replaced. */
static struct harness_client *spawn_copy(struct harness *h, bool primary,
		const char *text) {
	const char *clipboard[] = { "wl-copy", "--foreground", text, NULL };
	const char *selection[] = { "wl-copy", "--primary", "--foreground", text,
		NULL };
	return harness_spawn(h, primary ? "copy-primary" : "copy-clipboard",
			primary ? selection : clipboard);
}

/* wl-paste's exit status, and what it printed in *out (malloc'd). */
static int paste(struct harness *h, bool primary, char **out) {
	const char *clipboard[] = { "wl-paste", NULL };
	const char *selection[] = { "wl-paste", "--primary", NULL };
	*out = NULL;
	return harness_run(h, primary ? selection : clipboard, HARNESS_TIMEOUT_MS,
			out);
}

static bool check_paste(struct harness *h, bool primary, const char *want) {
	char *out = NULL;
	int status = paste(h, primary, &out);
	bool ok = CHECK(status == 0, "wl-paste%s exited with %d",
					  primary ? " --primary" : "", status) &&
			CHECK(out != NULL && strcmp(out, want) == 0,
					"wl-paste%s printed '%s', not '%s'",
					primary ? " --primary" : "", out ? out : "(nothing)", want);
	free(out);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *watch_clip = spawn_watch(h, false);
	struct harness_client *watch_prim = spawn_watch(h, true);
	REQUIRE(watch_clip != NULL && watch_prim != NULL,
			"cannot start wl-paste --watch");
	// The first line is the empty selection each finds when it binds: from
	// then on it watches.
	REQUIRE(CHECK_WHOLE_LINE(watch_clip, "nil: "),
			"wl-paste --watch did not start watching the clipboard");
	REQUIRE(CHECK_WHOLE_LINE(watch_prim, "nil: "),
			"wl-paste --watch did not start watching the primary selection");

	struct harness_client *copy_clip = spawn_copy(h, false, "héllo clipboard");
	REQUIRE(copy_clip != NULL, "cannot start wl-copy");
	bool ok = CHECK_WHOLE_LINE(watch_clip, "data: héllo clipboard");
	ok = check_paste(h, false, "héllo clipboard\n") && ok;

	struct harness_client *copy_prim = spawn_copy(h, true, "primary text");
	REQUIRE(copy_prim != NULL, "cannot start wl-copy --primary");
	ok = CHECK_WHOLE_LINE(watch_prim, "data: primary text") && ok;
	ok = check_paste(h, true, "primary text\n") && ok;
	ok = check_paste(h, false, "héllo clipboard\n") && ok;

	// A new clipboard source replaces the first, which is cancelled.
	struct harness_client *copy_again = spawn_copy(h, false, "second");
	REQUIRE(copy_again != NULL, "cannot start wl-copy");
	ok = CHECK_WHOLE_LINE(watch_clip, "data: second") && ok;
	ok = CHECK_EXITS(copy_clip, "the replaced wl-copy") && ok;
	ok = check_paste(h, false, "second\n") && ok;
	ok = check_paste(h, true, "primary text\n") && ok;

	// The primary selection's client goes: no primary selection is left.
	harness_client_kill(copy_prim);
	ok = CHECK_WHOLE_LINE(watch_prim, "nil: ") && ok;
	char *out = NULL;
	int status = paste(h, true, &out);
	ok = CHECK(status != 0,
				 "wl-paste --primary printed '%s' with nothing "
				 "selected",
				 out ? out : "") &&
			ok;
	free(out);
	ok = check_paste(h, false, "second\n") && ok;

	// None of it needed a surface, let alone focus.
	struct json_object *windows = harness_gridctl_ok(h, "windows", NULL);
	struct json_object *list =
			windows ? json_path(windows, "windows", json_type_array) : NULL;
	ok = CHECK(list != NULL && json_object_array_length(list) == 0,
				 "wl-clipboard made windows") &&
			ok;
	json_object_put(windows);

	harness_client_kill(copy_again);
	harness_client_kill(watch_clip);
	harness_client_kill(watch_prim);
	harness_client_kill(copy_clip);
	return ok;
}

static bool run(const void *data) {
	return programs_installed("wl-copy", "wl-paste", NULL) &&
			run_on_output("HEADLESS-1", 640, 480, 1, body, NULL);
}

int main(void) {
	return check_main(
			"wl-copy and wl-paste set and read the clipboard and the "
			"primary selection without focus, wl-paste --watch sees each",
			run, NULL);
}
