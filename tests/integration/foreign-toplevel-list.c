#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * ext-foreign-toplevel-list-v1 with toplevel-list-client: a handle per
 * window as it maps, each with an identifier of its own, its app_id and
 * title, and the title again (same identifier) when the window renames
 * itself; closed when the window goes; a reader that binds later gets the
 * windows there are; stop ends the list (finished) and no handle comes
 * after it.
 */

static struct harness_client *spawn_list(struct harness *h, const char *label) {
	return spawn_ready(h, label, "TOPLEVEL_LIST_CLIENT_BIN", NULL);
}

static struct harness_client *spawn_window(struct harness *h,
		const char *app_id) {
	return spawn_ready(h, app_id, "SOLID_CLIENT_BIN", "--app-id", app_id,
			"--colour", "808080", NULL);
}

/* The next "toplevel N ..." line, which must be for number, app_id and
 * title; *identifier gets its identifier (malloc'd) when NULL, else must be
 * it. */
static bool check_toplevel(struct harness_client *c, int number,
		const char *app_id, const char *title, char **identifier) {
	char *line = harness_client_wait_line(c, "toplevel ", HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "no toplevel %d (%s)", number, app_id);
	char id[128] = "";
	int n = 0, end = 0;
	bool ok = CHECK(sscanf(line, "toplevel %d identifier=%127s %n", &n, id,
							&end) == 2 &&
					n == number,
			"\"%s\" is not toplevel %d", line, number);
	char rest[256];
	snprintf(rest, sizeof(rest), "app_id=%s title=%s", app_id, title);
	ok = ok &&
			CHECK(strcmp(line + end, rest) == 0, "\"%s\": want \"%s\"", line,
					rest);
	if (ok && *identifier == NULL) {
		*identifier = strdup(id);
	} else if (ok) {
		ok = CHECK(strcmp(*identifier, id) == 0,
				"toplevel %d changed its identifier from %s to %s", number,
				*identifier, id);
	}
	free(line);
	return ok;
}

static bool check_quiet(struct harness_client *c, const char *what) {
	struct lines lines = { 0 };
	bool ok = client_sync_lines(c, &lines);
	const char *none[] = { NULL };
	ok = CHECK_LINES(&lines, none, what) && ok;
	lines_free(&lines);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *list = spawn_list(h, "list");
	REQUIRE(list != NULL, "the list client did not start");
	bool ok = check_quiet(list, "with no window");
	char *id_one = NULL, *id_two = NULL, *id_late = NULL;
	struct harness_client *one = spawn_window(h, "one");
	REQUIRE(one != NULL, "window one did not map");
	ok = check_toplevel(list, 1, "one", "", &id_one) && ok;
	struct harness_client *two = spawn_window(h, "two");
	REQUIRE(two != NULL, "window two did not map");
	ok = check_toplevel(list, 2, "two", "", &id_two) && ok;
	ok = CHECK(id_one != NULL && id_two != NULL && strcmp(id_one, id_two) != 0,
				 "two windows share identifier %s", id_one ? id_one : "") &&
			ok;

	ok = client_command_synced(one, "title Hello world") &&
			check_toplevel(list, 1, "one", "Hello world", &id_one) && ok;
	ok = client_command_synced(one, "title Hello world") &&
			check_quiet(list, "after the same title again") && ok;

	ok = harness_client_send(two, "quit") &&
			CHECK_WHOLE_LINE(list, "closed 2") && ok;

	struct harness_client *late = spawn_list(h, "late");
	REQUIRE(late != NULL, "the second list client did not start");
	ok = check_toplevel(late, 1, "one", "Hello world", &id_late) &&
			check_quiet(late, "after the windows there are") && ok;
	ok = CHECK(id_late != NULL && id_one != NULL &&
						 strcmp(id_late, id_one) == 0,
				 "the late reader got identifier %s for window one, not %s",
				 id_late ? id_late : "", id_one ? id_one : "") &&
			ok;

	ok = harness_client_send(late, "stop") &&
			CHECK_WHOLE_LINE(late, "finished") && ok;
	struct harness_client *three = spawn_window(h, "three");
	REQUIRE(three != NULL, "window three did not map");
	char *id_three = NULL;
	ok = check_toplevel(list, 3, "three", "", &id_three) && ok;
	ok = check_quiet(late, "after stop") && ok;
	free(id_one);
	free(id_two);
	free(id_late);
	free(id_three);
	struct harness_client *clients[] = { three, one, late, list };
	for (size_t i = 0; i < 4; i++) {
		ok = CHECK_QUITS(clients[i], "a client") && ok;
	}
	return ok;
}

int main(void) {
	return main_on_output(
			"windows are listed, renamed and closed; a late reader gets "
			"them; stop finishes the list",
			"HEADLESS-1", 640, 480, 1, body, NULL);
}
