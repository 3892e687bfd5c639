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
#include "screenshots.h"

/*
 * The window switcher (Alt+Tab, the default binding "switcher next"), on
 * the mixed layout: HEADLESS-1 at scale 1 at 0,0 and HEADLESS-2 at scale 2
 * at 640,0, 640x480 logical each. Debian's wtype holds Alt down with
 * -M alt and presses Tab, as a person does, and keeps holding it (-s) while
 * the test looks: gridctl stats says where the list is (logical), and the
 * output's picture has it there at the output's scale, exactly: its
 * outline and its highlighted row in the focused title bar's colour,
 * scale x the logical box in device pixels, and at scale 2 text of its
 * own rather than the scale-1 picture magnified. Keys pressed while it is
 * open reach no window; Escape, or the keyboard going away, closes it
 * with no change; letting Alt go focuses the highlighted window and
 * brings a minimized one back. gridctl windows tells the focus.
 */

#define OUTLINE 0xff285577u // the focused title bar's colour
#define INSIDE 0xff222222u // the unfocused one's

struct list {
	int x, y, width, height; // the list, logical
	int rx, ry, rwidth, rheight; // its highlighted row, logical
	int64_t windows[8];
	size_t count;
	int64_t highlighted;
};

static int field(struct json_object *object, const char *path) {
	return json_object_get_int(json_path(object, path, json_type_int));
}

static bool read_list(struct json_object *switcher, struct list *list) {
	struct json_object *windows =
			json_path(switcher, "windows", json_type_array);
	REQUIRE(windows != NULL, "the switcher lists no windows");
	*list = (struct list){
		.x = field(switcher, "x"),
		.y = field(switcher, "y"),
		.width = field(switcher, "width"),
		.height = field(switcher, "height"),
		.rx = field(switcher, "highlighted_row.x"),
		.ry = field(switcher, "highlighted_row.y"),
		.rwidth = field(switcher, "highlighted_row.width"),
		.rheight = field(switcher, "highlighted_row.height"),
		.highlighted = field(switcher, "highlighted"),
		.count = json_object_array_length(windows),
	};
	for (size_t i = 0; i < list->count && i < 8; i++) {
		list->windows[i] =
				json_object_get_int64(json_object_array_get_idx(windows, i));
	}
	return true;
}

static bool switcher_open(struct json_object *reply, void *data) {
	return json_path(reply, "switcher", json_type_object) != NULL;
}

static bool switcher_closed(struct json_object *reply, void *data) {
	struct json_object *s;
	return json_object_object_get_ex(reply, "switcher", &s) && s == NULL;
}

/* Waits until the list is open (or closed: list NULL), and reads it. */
static bool wait_list(struct harness *h, struct list *list) {
	const char *const args[] = { "stats", NULL };
	struct json_object *reply = harness_wait_gridctl(h, args,
			list != NULL ? switcher_open : switcher_closed, NULL,
			HARNESS_TIMEOUT_MS,
			list != NULL ? "the switcher open" : "the switcher closed");
	bool ok = reply != NULL &&
			(list == NULL ||
					read_list(json_path(reply, "switcher", json_type_object),
							list));
	json_object_put(reply);
	return ok;
}

static bool list_is(struct harness *h, const int64_t *want, size_t count,
		int64_t highlighted, struct list *list) {
	REQUIRE(wait_list(h, list), "no switcher");
	bool ok = CHECK(list->count == count, "%zu windows listed, want %zu",
			list->count, count);
	for (size_t i = 0; ok && i < count; i++) {
		ok = CHECK(list->windows[i] == want[i],
					 "window %zu of the list is %lld, want %lld", i,
					 (long long)list->windows[i], (long long)want[i]) &&
				ok;
	}
	return CHECK(list->highlighted == highlighted,
				   "window %lld highlighted, want %lld",
				   (long long)list->highlighted, (long long)highlighted) &&
			ok;
}

/* wtype holding Alt after pressing Tab presses times: it keeps holding it
 * for a minute unless killed. */
static struct harness_client *hold_alt_tab(struct harness *h) {
	const char *const argv[] = { "wtype", "-M", "alt", "-k", "Tab", "-s",
		"60000", "-m", "alt", NULL };
	return harness_spawn(h, "wtype", argv);
}

static bool pixel_is(const struct image *shot, const char *output, int x, int y,
		uint32_t want, bool equal) {
	uint32_t pixel = image_get(shot, x, y);
	return CHECK((pixel == want) == equal, "%s %d,%d is %08x, want %s%08x",
			output, x, y, pixel, equal ? "" : "other than ", want);
}

/*
 * The list as output (at scale, its logical origin at ox) shows it: the
 * box at scale x its logical box, an outline of 2 logical pixels in the
 * focused title bar's colour, the unfocused one's inside, and the
 * highlighted row filled with the focused colour from its first device
 * pixel to its last. The list's picture, cropped, in *crop.
 */
static bool list_drawn(struct harness *h, const char *output, int ox, int scale,
		const struct list *l, struct image **crop) {
	struct image *shot = screenshot_gridctl(h, output, output);
	REQUIRE(shot != NULL, "no screenshot of %s", output);
	int x0 = (l->x - ox) * scale, y0 = l->y * scale;
	int x1 = x0 + l->width * scale - 1, y1 = y0 + l->height * scale - 1;
	int b = 2 * scale; // the outline, device pixels
	int rx0 = (l->rx - ox) * scale, ry0 = l->ry * scale;
	int rx1 = rx0 + l->rwidth * scale - 1, ry1 = ry0 + l->rheight * scale - 1;
	bool ok = pixel_is(shot, output, x0, y0, OUTLINE, true) &&
			pixel_is(shot, output, x1, y1, OUTLINE, true) &&
			pixel_is(shot, output, x0 - 1, y0, OUTLINE, false) &&
			pixel_is(shot, output, x1 + 1, y1, OUTLINE, false) &&
			pixel_is(shot, output, x0, y0 - 1, OUTLINE, false) &&
			pixel_is(shot, output, x0 + b - 1, y0 + b - 1, OUTLINE, true) &&
			pixel_is(shot, output, x0 + b, y0 + b, INSIDE, true) &&
			pixel_is(shot, output, x1 - b + 1, y1 - b + 1, OUTLINE, true) &&
			pixel_is(shot, output, x1 - b, y1 - b, INSIDE, true);
	ok = pixel_is(shot, output, rx0, ry0, OUTLINE, true) &&
			pixel_is(shot, output, rx1, ry1, OUTLINE, true) &&
			pixel_is(shot, output, rx0 - 1, ry0, INSIDE, true) &&
			pixel_is(shot, output, rx1 + 1, ry1, INSIDE, true) &&
			pixel_is(shot, output, rx1, ry1 + 1, INSIDE, true) &&
			pixel_is(shot, output, rx0, ry0 - 1, INSIDE, true) && ok;
	*crop = image_create(x1 - x0 + 1, y1 - y0 + 1);
	for (int y = y0; *crop != NULL && y <= y1; y++) {
		for (int x = x0; x <= x1; x++) {
			image_set(*crop, x - x0, y - y0, image_get(shot, x, y));
		}
	}
	if (!ok) {
		check_save_artifact(shot, output);
	}
	image_destroy(shot);
	return ok;
}

/* The scale-2 list is drawn at 2, not the scale-1 one magnified: its text
 * has pixels a magnified copy has not, and there is text in both. */
static bool drawn_at_its_scale(const struct image *one,
		const struct image *two) {
	REQUIRE(one != NULL && two != NULL, "no crops");
	REQUIRE(two->width == 2 * one->width && two->height == 2 * one->height,
			"the scale-2 list is %dx%d, the scale-1 one %dx%d", two->width,
			two->height, one->width, one->height);
	long differ = 0, text = 0;
	for (int y = 0; y < two->height; y++) {
		for (int x = 0; x < two->width; x++) {
			uint32_t pixel = image_get(two, x, y);
			differ += pixel != image_get(one, x / 2, y / 2);
			text += pixel != OUTLINE && pixel != INSIDE;
		}
	}
	bool ok = CHECK(text > 200, "only %ld pixels of text at scale 2", text);
	ok = CHECK(differ > 200,
				 "the scale-2 list is the scale-1 one magnified but for %ld "
				 "pixels",
				 differ) &&
			ok;
	if (!ok) {
		check_save_artifact(one, "list-scale-1");
		check_save_artifact(two, "list-scale-2");
	}
	return ok;
}

static bool no_key_reached(struct harness_client *c, const char *name) {
	const char *const prefixes[] = { "key ", NULL };
	return CHECK_HEARD(c, prefixes, name, NULL);
}

static bool body(struct harness *h, const void *data) {
	REQUIRE(program_in_path("wtype"), "wtype is not installed");
	REQUIRE(harness_gridctl_succeeds(h, "key", "space", NULL),
			"no gridctl keyboard");
	struct harness_client *a =
			spawn_focused_keyboard_window(h, "alpha", "200x150");
	struct harness_client *b =
			spawn_focused_keyboard_window(h, "bravo", "200x150");
	struct harness_client *c =
			spawn_focused_keyboard_window(h, "charlie", "200x150");
	REQUIRE(a != NULL && b != NULL && c != NULL, "no windows");
	int64_t ida = wait_window_id(h, "alpha"), idb = wait_window_id(h, "bravo");
	int64_t idc = wait_window_id(h, "charlie");
	// a minimized: listed last, as the window that had the keyboard
	// longest ago.
	char id[24];
	snprintf(id, sizeof(id), "%lld", (long long)ida);
	bool ok = harness_gridctl_succeeds(h, "focus", id, NULL) &&
			wait_focused(h, "alpha") &&
			harness_gridctl_succeeds(h, "action", "minimize", NULL) &&
			wait_focused(h, "charlie");
	ok = harness_gridctl_succeeds(h, "pointer", "320", "240", NULL) && ok;

	// Alt held after Alt+Tab on HEADLESS-1: c, b, a with b highlighted,
	// centred, 480 wide.
	struct harness_client *hold = hold_alt_tab(h);
	struct list one, two;
	const int64_t order[] = { idc, idb, ida };
	ok = list_is(h, order, 3, idb, &one) && ok;
	ok = CHECK(one.x == 80 && one.width == 480 &&
						 one.y == (480 - one.height) / 2,
				 "the list at %d,%d %dx%d, not centred on HEADLESS-1", one.x,
				 one.y, one.width, one.height) &&
			ok;
	struct image *crop1 = NULL, *crop2 = NULL;
	ok = list_drawn(h, "HEADLESS-1", 0, 1, &one, &crop1) && ok;
	// Keys are the switcher's: Tab (from gridctl's keyboard) moves on
	// to a, Escape closes it, and the focus stays.
	ok = harness_gridctl_succeeds(h, "key", "Tab", NULL) &&
			list_is(h, order, 3, ida, &one) && ok;
	// Other keys are swallowed (no_key_reached below).
	ok = harness_gridctl_succeeds(h, "key", "x", NULL) &&
			list_is(h, order, 3, ida, &one) && ok;
	ok = harness_gridctl_succeeds(h, "key", "Escape", NULL) &&
			wait_list(h, NULL) && wait_focused(h, "charlie") && ok;
	harness_client_kill(hold);

	// On HEADLESS-2 the same list, at scale 2.
	ok = harness_gridctl_succeeds(h, "pointer", "960", "240", NULL) && ok;
	hold = hold_alt_tab(h);
	ok = list_is(h, order, 3, idb, &two) && ok;
	ok = CHECK(two.x == 640 + 80 && two.y == one.y && two.width == one.width &&
						 two.height == one.height,
				 "the list at %d,%d %dx%d on HEADLESS-2", two.x, two.y,
				 two.width, two.height) &&
			ok;
	ok = list_drawn(h, "HEADLESS-2", 640, 2, &two, &crop2) && ok;
	// Drawn again at scale 1 with the same highlight, for the comparison.
	image_destroy(crop1);
	crop1 = NULL;
	struct list again = two;
	again.x -= 640;
	again.rx -= 640;
	ok = harness_gridctl_succeeds(h, "pointer", "320", "240", NULL) && ok;
	ok = harness_gridctl_succeeds(h, "key", "Tab", NULL) &&
			harness_gridctl_succeeds(h, "key", "Left", NULL) &&
			list_is(h, order, 3, idb, &again) &&
			list_drawn(h, "HEADLESS-1", 0, 1, &again, &crop1) && ok;
	ok = drawn_at_its_scale(crop1, crop2) && ok;
	image_destroy(crop1);
	image_destroy(crop2);
	// The keyboard holding Alt goes away: closed, nothing chosen.
	harness_client_kill(hold);
	ok = wait_list(h, NULL) && wait_focused(h, "charlie") && ok;
	ok = no_key_reached(c, "charlie") && ok;

	// Alt+Tab+Tab, Alt let go: a, restored.
	const char *const twice[] = { "wtype", "-M", "alt", "-k", "Tab", "-k",
		"Tab", "-m", "alt", NULL };
	ok = run_ok(h, twice) && wait_focused(h, "alpha") &&
			wait_window_bool(h, "alpha", "minimized", false) &&
			wait_list(h, NULL) && ok;
	// As gridctl key types them: Alt+Tab back to c, Alt+Shift+Tab to the
	// one focused longest ago, b.
	ok = harness_gridctl_succeeds(h, "key", "Alt+Tab", NULL) &&
			wait_focused(h, "charlie") && ok;
	ok = harness_gridctl_succeeds(h, "key", "Alt+Shift+Tab", NULL) &&
			wait_focused(h, "bravo") && ok;
	// gridctl action opens it with no key held: Return chooses.
	ok = harness_gridctl_succeeds(h, "action", "switcher", "next", NULL) &&
			wait_list(h, &one) && CHECK(one.highlighted == idc, "not c next") &&
			harness_gridctl_succeeds(h, "key", "Return", NULL) &&
			wait_focused(h, "charlie") && wait_list(h, NULL) && ok;

	struct harness_client *clients[] = { a, b, c };
	for (size_t i = 0; i < 3; i++) {
		harness_client_kill(clients[i]);
	}
	return ok;
}

int main(void) {
	return main_mixed_layout(
			"Alt+Tab shows the window list at each output's scale, and "
			"letting Alt go focuses the highlighted window",
			body, NULL);
}
