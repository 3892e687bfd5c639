#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * Global workspaces on the mixed layout (HEADLESS-1 at scale 1, HEADLESS-2
 * at scale 2 beside it at 640,0): a window across the seam is drawn whole
 * on both outputs while its workspace is shown and on neither once another
 * is; the default bindings typed with gridctl key (Super+N, Super+Shift+N,
 * Super+Ctrl+Left), gridctl workspace by number, name and back-and-forth,
 * gridctl move-to-workspace, a window rule's workspace, focus following
 * the switch, a hidden window's frame callbacks held back, and bad numbers
 * and names refused with nothing changed.
 */

#define RED 0xffff0000u
#define GREEN 0xff00ff00u

static const char config_text[] = "workspace 3 name mail\n"
								  "window app_id=^ruled$ workspace 4\n";

static struct harness_client *spawn(struct harness *h, const char *app_id,
		const char *colour) {
	char pattern[32];
	snprintf(pattern, sizeof(pattern), "solid:%s", colour);
	struct harness_client *c =
			spawn_pattern_ready(h, app_id, 200, 150, 1, "--app-id", app_id,
					"--size", "200x150", "--pattern", pattern, NULL);
	REQUIRE(c != NULL, "no window %s", app_id);
	return c;
}

/* The pixel at logical (x, y) of the layout, from a screenshot of the
 * output it is on; 0 when there is none. */
static uint32_t pixel_at(struct harness *h, int x, int y) {
	bool left = x < 640;
	const char *output = left ? "HEADLESS-1" : "HEADLESS-2";
	struct image *image = screenshot_gridctl(h, output, "workspaces");
	if (image == NULL) {
		return 0;
	}
	uint32_t pixel = left ? image_get(image, x, y) :
							image_get(image, (x - 640) * 2, y * 2);
	image_destroy(image);
	return pixel;
}

/* Both sides of the window across the seam (540..740 x 100..250). */
static bool seam_shows(struct harness *h, uint32_t want, const char *what) {
	uint32_t left = pixel_at(h, 600, 200);
	uint32_t right = pixel_at(h, 700, 200);
	return CHECK(left == want && right == want,
			"%s: 600,200 is %08x and 700,200 is %08x, want %08x", what, left,
			right, want);
}

static bool gridctl_ok(struct harness *h, const char *a, const char *b,
		const char *c) {
	struct json_object *reply = harness_gridctl_ok(h, a, b, c, NULL);
	json_object_put(reply);
	return reply != NULL;
}

/* gridctl that must fail with exit status 1. */
static bool gridctl_refused(struct harness *h, const char *a, const char *b,
		const char *c) {
	int status = 0;
	struct json_object *reply = harness_gridctl(h, &status, a, b, c, NULL);
	json_object_put(reply);
	return CHECK(status == 1, "gridctl %s %s %s: exit %d, want 1", a, b,
			c != NULL ? c : "", status);
}

/* Workspace number's entry of gridctl workspaces. */
static bool check_workspace(struct harness *h, int number, const char *name,
		bool shown, int windows) {
	struct json_object *reply = harness_gridctl_ok(h, "workspaces", NULL);
	struct json_object *list = json_path(reply, "workspaces", json_type_array);
	struct json_object *w =
			list != NULL && json_object_array_length(list) == 10 ?
			json_object_array_get_idx(list, (size_t)number - 1) :
			NULL;
	bool ok = CHECK(w != NULL, "gridctl workspaces lists no workspace %d",
					  number) &&
			CHECK_JSON_INT(w, "number", number) &&
			CHECK_JSON_STRING(w, "name", name) &&
			CHECK_JSON_BOOL(w, "shown", shown) &&
			CHECK_JSON_INT(w, "windows", windows) &&
			CHECK_JSON_BOOL(w, "urgent", false);
	json_object_put(reply);
	return ok;
}

static bool check_window_workspace(struct harness *h, const char *app_id,
		int number) {
	struct json_object *reply = harness_gridctl_ok(h, "windows", NULL);
	struct json_object *w =
			json_array_find(json_path(reply, "windows", json_type_array),
					"app_id", app_id);
	bool ok = CHECK(w != NULL, "no window %s", app_id) &&
			CHECK_JSON_INT(w, "workspace", number);
	json_object_put(reply);
	return ok;
}

static bool key(struct harness *h, const char *chord) {
	return gridctl_ok(h, "key", chord, NULL);
}

/* No window has the keyboard. */
static bool focus_is_none(struct harness *h) {
	struct json_object *reply = harness_gridctl_ok(h, "stats", NULL);
	bool ok =
			reply != NULL && CHECK_JSON_STRING(reply, "keyboard_focus", "none");
	json_object_put(reply);
	return ok;
}

/* How many frames c hears of ("presented" or "discarded") within ms. */
static int feedback_within(struct harness_client *c, int ms) {
	int count = 0;
	int64_t end = harness_now_ms() + ms;
	for (;;) {
		int64_t left = end - harness_now_ms();
		char *line = left > 0 ? harness_client_next_line(c, (int)left) : NULL;
		if (line == NULL) {
			return count;
		}
		count += strncmp(line, "presented ", 10) == 0 ||
				strcmp(line, "discarded") == 0;
		free(line);
	}
}

static bool frame_callbacks(struct harness *h) {
	const char *bin = getenv("PRESENTATION_CLIENT_BIN");
	REQUIRE(bin != NULL, "PRESENTATION_CLIENT_BIN is not set");
	const char *argv[] = { bin, "video", NULL };
	struct harness_client *c = spawn_argv_until(h, "video", argv, "ready");
	REQUIRE(c != NULL, "the presentation client did not map");
	int64_t id = wait_window_id(h, "video");
	char id_text[24];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	// On workspace 6, not shown: its first frame is not shown, and no
	// frame callback lets it draw the next (a callback would have it
	// draw all three, each one heard of).
	bool ok = gridctl_ok(h, "move-to-workspace", id_text, "6");
	harness_client_send(c, "frames 3");
	int hidden = feedback_within(c, 700);
	ok = CHECK(hidden == 0, "a window on a hidden workspace heard of %d frames",
				 hidden) &&
			ok;
	// Shown: the first frame, then the two its callbacks ask for.
	ok = gridctl_ok(h, "workspace", "6", NULL) && ok;
	int shown = feedback_within(c, 3000);
	ok = CHECK(shown == 3, "the window shown again heard of %d frames, not 3",
				 shown) &&
			ok;
	harness_client_send(c, "quit");
	harness_client_wait_exit(c, HARNESS_TIMEOUT_MS);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *a = spawn(h, "a", "ff0000");
	REQUIRE(a != NULL && rs_place(h, "a", 540, 100) > 0, "cannot place a");
	bool ok = seam_shows(h, RED, "a on workspace 1") &&
			check_window_workspace(h, "a", 1) &&
			check_workspace(h, 1, "1", true, 1) &&
			check_workspace(h, 3, "mail", false, 0);

	// Super+2: workspace 2 on both outputs at once, a drawn on neither.
	ok = key(h, "Mod4+2") && check_workspace(h, 2, "2", true, 0) &&
			check_workspace(h, 1, "1", false, 1) &&
			seam_shows(h, BACKGROUND, "workspace 2 shown") &&
			focus_is_none(h) && ok;

	// A new window opens on the workspace shown and takes the keyboard;
	// Super+Shift+3 sends it to "mail", out of sight.
	struct harness_client *b = spawn(h, "b", "00ff00");
	REQUIRE(b != NULL && rs_place(h, "b", 540, 100) > 0, "cannot place b");
	ok = check_window_workspace(h, "b", 2) && wait_focused(h, "b") &&
			seam_shows(h, GREEN, "b on workspace 2") && ok;
	ok = key(h, "Mod4+Shift+3") && check_window_workspace(h, "b", 3) &&
			seam_shows(h, BACKGROUND, "b sent to workspace 3") &&
			focus_is_none(h) && ok;
	ok = gridctl_ok(h, "workspace", "mail", NULL) &&
			check_workspace(h, 3, "mail", true, 1) &&
			seam_shows(h, GREEN, "workspace mail shown") &&
			wait_focused(h, "b") && ok;
	// Super+Ctrl+Left: the one before; back-and-forth: back to mail.
	ok = key(h, "Mod4+Ctrl+Left") && check_workspace(h, 2, "2", true, 0) && ok;
	ok = gridctl_ok(h, "workspace", "back-and-forth", NULL) &&
			check_workspace(h, 3, "mail", true, 1) && ok;
	ok = gridctl_ok(h, "workspace", "1", NULL) &&
			seam_shows(h, RED, "workspace 1 again") && wait_focused(h, "a") &&
			ok;

	// Bad numbers and names: refused, nothing changes.
	ok = gridctl_refused(h, "workspace", "11", NULL) &&
			gridctl_refused(h, "workspace", "0", NULL) &&
			gridctl_refused(h, "workspace", "nope", NULL) &&
			gridctl_refused(h, "move-to-workspace", "9999", "2") &&
			gridctl_refused(h, "action", "workspace", "nope") &&
			check_workspace(h, 1, "1", true, 1) &&
			seam_shows(h, RED, "after the bad requests") && ok;
	int status = 0;
	struct json_object *reply =
			harness_gridctl(h, &status, "action", "workspace", "11", NULL);
	json_object_put(reply);
	ok = CHECK(status == 1, "action workspace 11: exit %d", status) && ok;

	// A rule's workspace: it opens there, unseen, and a focus request
	// shows its workspace.
	struct harness_client *r = spawn(h, "ruled", "0000ff");
	REQUIRE(r != NULL, "no ruled window");
	int64_t ruled = wait_window_id(h, "ruled");
	ok = check_window_workspace(h, "ruled", 4) &&
			check_workspace(h, 1, "1", true, 1) && wait_focused(h, "a") && ok;
	char id_text[24];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)ruled);
	ok = gridctl_ok(h, "focus", id_text, NULL) &&
			check_workspace(h, 4, "4", true, 1) && wait_focused(h, "ruled") &&
			ok;

	// Sticky: a is shown on every workspace; unstuck, it stays on the
	// one shown then.
	int64_t a_id = wait_window_id(h, "a");
	snprintf(id_text, sizeof(id_text), "%lld", (long long)a_id);
	ok = gridctl_ok(h, "focus", id_text, NULL) && wait_focused(h, "a") &&
			gridctl_ok(h, "action", "sticky", NULL) &&
			gridctl_ok(h, "workspace", "5", NULL) &&
			seam_shows(h, RED, "sticky a on workspace 5") &&
			check_workspace(h, 5, "5", true, 1) && ok;
	ok = gridctl_ok(h, "action", "sticky", NULL) &&
			check_window_workspace(h, "a", 5) &&
			gridctl_ok(h, "workspace", "1", NULL) &&
			seam_shows(h, BACKGROUND, "a unstuck on workspace 5") && ok;

	ok = frame_callbacks(h) && ok;
	harness_client_send(a, "quit");
	harness_client_send(b, "quit");
	harness_client_send(r, "quit");
	return ok;
}

static bool run(const void *data) {
	return run_mixed_layout_config(config_text, body, data);
}

int main(void) {
	return check_main("global workspaces: shown on every output at once, keys, "
					  "gridctl, rules, frame callbacks, bad input",
			run, NULL);
}
