#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "pattern.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "virtual-pointer.h"

/*
 * wlr-layer-shell with real clients (layer-client, pattern-client) on the
 * mixed layout: HEADLESS-1 640x480 at scale 1 at 0,0, HEADLESS-2 1280x960
 * at scale 2 at 640,0. Panels are placed by their anchors and drawn at the
 * output's scale, exclusive zones shrink what maximized windows get, the
 * layers stack around the windows, an exclusive launcher keeps the keyboard,
 * and a panel whose output goes is closed.
 */

#define RED 0xffff0000u
#define GREEN 0xff00ff00u
#define BLUE 0xff0000ffu
#define YELLOW 0xffffff00u
#define CYAN 0xff00ffffu
#define MAGENTA 0xffff00ffu

static struct harness_client *spawn_layer(struct harness *h, const char *label,
		const char *const *args) {
	const char *argv[24] = { getenv("LAYER_CLIENT_BIN") };
	REQUIRE(argv[0] != NULL, "LAYER_CLIENT_BIN is not set");
	size_t n = 1;
	for (; args[n - 1] != NULL && n < 23; n++) {
		argv[n] = args[n - 1];
	}
	argv[n] = NULL;
	struct harness_client *c = harness_spawn(h, label, argv);
	REQUIRE(c != NULL, "cannot start %s", label);
	return c;
}

/* Waits for the line starting with prefix and checks it is exactly want. */
/* The client's first configure is W H and that frame has been shown. */
static bool expect_shown(struct harness_client *c, int width, int height) {
	char want[64];
	snprintf(want, sizeof(want), "configure %d %d", width, height);
	bool ok = CHECK_LINE(c, "configure ", want);
	snprintf(want, sizeof(want), "shown %d %d", width, height);
	return CHECK_LINE(c, "shown ", want) && ok;
}

struct box_want {
	const char *key, *value; // the object's key whose value is value
	const char *box; // "" for the object itself, else the key of its box
	int x, y, width, height;
};

static bool has_box(struct json_object *object, const struct box_want *want) {
	if (want->box[0] != '\0') {
		object = json_path(object, want->box, json_type_object);
	}
	struct json_object *x = json_path(object, "x", json_type_int);
	struct json_object *y = json_path(object, "y", json_type_int);
	struct json_object *w = json_path(object, "width", json_type_int);
	struct json_object *hh = json_path(object, "height", json_type_int);
	return x != NULL && y != NULL && w != NULL && hh != NULL &&
			json_object_get_int(x) == want->x &&
			json_object_get_int(y) == want->y &&
			json_object_get_int(w) == want->width &&
			json_object_get_int(hh) == want->height;
}

struct list_want {
	const char *list; // "outputs", "windows" or "layers"
	struct box_want box;
};

static bool list_has_box(struct json_object *reply, void *data) {
	const struct list_want *want = data;
	struct json_object *array = json_path(reply, want->list, json_type_array);
	struct json_object *object =
			json_array_find(array, want->box.key, want->box.value);
	return object != NULL && has_box(object, &want->box);
}

/* Polls gridctl LIST until its object whose key is value has the box. */
static bool wait_box(struct harness *h, const char *list, const char *key,
		const char *value, const char *box, int x, int y, int width,
		int height) {
	struct list_want want = {
		.list = list,
		.box = { key, value, box, x, y, width, height },
	};
	const char *args[] = { list, NULL };
	char why[160];
	snprintf(why, sizeof(why), "%s %s=%s: %s%s%d,%d %dx%d", list, key, value,
			box, box[0] ? " " : "", x, y, width, height);
	struct json_object *reply = harness_wait_gridctl(h, args, list_has_box,
			&want, HARNESS_TIMEOUT_MS, why);
	json_object_put(reply);
	return reply != NULL;
}

static bool layers_count_is(struct json_object *reply, void *data) {
	struct json_object *layers = json_path(reply, "layers", json_type_array);
	return layers != NULL &&
			(int)json_object_array_length(layers) == *(int *)data;
}

static bool wait_layer_count(struct harness *h, int count) {
	const char *args[] = { "layers", NULL };
	struct json_object *reply = harness_wait_gridctl(h, args, layers_count_is,
			&count, HARNESS_TIMEOUT_MS, "the layer count");
	json_object_put(reply);
	return reply != NULL;
}

struct focus_want {
	const char *namespace;
	bool focused;
};

static bool layer_focus_is(struct json_object *reply, void *data) {
	const struct focus_want *want = data;
	struct json_object *layers = json_path(reply, "layers", json_type_array);
	struct json_object *layer =
			json_array_find(layers, "namespace", want->namespace);
	struct json_object *focused =
			json_path(layer, "focused", json_type_boolean);
	return focused != NULL && json_object_get_boolean(focused) == want->focused;
}

static bool wait_layer_focused(struct harness *h, const char *namespace,
		bool focused) {
	struct focus_want want = { namespace, focused };
	const char *args[] = { "layers", NULL };
	char why[96];
	snprintf(why, sizeof(why), "layer %s %sfocused", namespace,
			focused ? "" : "not ");
	struct json_object *reply = harness_wait_gridctl(h, args, layer_focus_is,
			&want, HARNESS_TIMEOUT_MS, why);
	json_object_put(reply);
	return reply != NULL;
}

/* A checker drawn at buffer scale 1 and magnified by 2 with nearest. */
static uint32_t doubled_checker(void *data, int rx, int ry) {
	const int *size = data;
	static const struct pattern checker = { .kind = PATTERN_CHECKER };
	return pattern_pixel(&checker, rx / 2, ry / 2, size[0], size[1]);
}

static bool panel_at_output_scale(struct harness *h, const void *data) {
	const char *top[] = { "--output", "1", "--anchor", "top,left,right",
		"--size", "0x30", "--exclusive", "30", "--scale", "2", "--pattern",
		"checker", "--namespace", "panel", NULL };
	struct harness_client *panel = spawn_layer(h, "panel", top);
	REQUIRE(panel != NULL, "no panel");
	// Stretched between its anchors: the output's logical width.
	bool ok = expect_shown(panel, 640, 30);
	ok = wait_box(h, "layers", "namespace", "panel", "", 640, 0, 640, 30) && ok;
	ok = wait_box(h, "outputs", "name", "HEADLESS-2", "usable", 640, 30, 640,
				 450) &&
			ok;
	ok = wait_box(h, "outputs", "name", "HEADLESS-1", "usable", 0, 0, 640,
				 480) &&
			ok;

	// A buffer at scale 1 on the same output, at the bottom.
	const char *bottom[] = { "--output", "1", "--anchor", "bottom,left,right",
		"--size", "0x20", "--exclusive", "20", "--scale", "1", "--pattern",
		"checker", "--namespace", "dock", NULL };
	struct harness_client *dock = spawn_layer(h, "dock", bottom);
	REQUIRE(dock != NULL, "no dock");
	ok = expect_shown(dock, 640, 20) && ok;
	ok = wait_box(h, "outputs", "name", "HEADLESS-2", "usable", 640, 30, 640,
				 430) &&
			ok;

	struct image *shot = screenshot_gridctl(h, "HEADLESS-2", "panels");
	REQUIRE(shot != NULL, "no screenshot");
	// The scale-2 panel 1:1, every buffer pixel where it belongs.
	static const struct pattern checker = { .kind = PATTERN_CHECKER };
	struct image_region panel_region = { 0, 0, 1280, 60 };
	ok = CHECK_PATTERN(shot, panel_region, &checker, 1280, 60,
				 "panel-scale-2") &&
			ok;
	// The scale-1 dock magnified, each of its pixels a 2x2 block.
	struct image_region dock_region = { 0, 920, 1280, 40 };
	int dock_size[2] = { 640, 20 };
	struct image_mismatch mismatch;
	long bad = image_compare(shot, dock_region, doubled_checker, dock_size,
			&mismatch);
	ok = CHECK(bad == 0,
				 "dock: %ld pixels differ, first at %d,%d: want "
				 "%08x, got %08x",
				 bad, mismatch.x, mismatch.y, mismatch.expected,
				 mismatch.actual) &&
			ok;
	struct image_region between = { 0, 60, 1280, 860 };
	ok = CHECK_SOLID(shot, between, BACKGROUND, "between-panels") && ok;
	image_destroy(shot);
	harness_client_kill(dock);
	harness_client_kill(panel);
	return ok;
}

static bool maximized_fills_usable_area(struct harness *h, const void *data) {
	const char *top[] = { "--output", "0", "--anchor", "top,left,right",
		"--size", "0x30", "--exclusive", "30", "--pattern", "solid:ff0000",
		"--namespace", "panel", NULL };
	struct harness_client *panel = spawn_layer(h, "panel", top);
	REQUIRE(panel != NULL, "no panel");
	bool ok = expect_shown(panel, 640, 30);
	// The pointer starts on HEADLESS-1, where new windows go.
	const char *args[] = { "--app-id", "max", "--maximized", NULL };
	struct harness_client *window =
			harness_spawn_pattern_client(h, "max", args);
	REQUIRE(window != NULL, "no window");
	ok = wait_box(h, "windows", "app_id", "max", "", 0, 30, 640, 450) && ok;
	// The panel grows its zone: the window follows.
	ok = CHECK(harness_client_send(panel, "exclusive 50"), "send") && ok;
	ok = wait_box(h, "outputs", "name", "HEADLESS-1", "usable", 0, 50, 640,
				 430) &&
			ok;
	ok = wait_box(h, "windows", "app_id", "max", "", 0, 50, 640, 430) && ok;
	// Unmapped, the panel keeps no room.
	ok = CHECK(harness_client_send(panel, "unmap"), "send") && ok;
	ok = wait_box(h, "windows", "app_id", "max", "", 0, 0, 640, 480) && ok;
	ok = wait_layer_count(h, 0) && ok;
	// Mapped again (a configure first), it has it back.
	ok = CHECK(harness_client_send(panel, "remap"), "send") && ok;
	ok = expect_shown(panel, 640, 30) && ok;
	ok = wait_box(h, "windows", "app_id", "max", "", 0, 50, 640, 430) && ok;
	// Gone, it leaves the whole output to the window.
	harness_client_kill(panel);
	ok = wait_box(h, "windows", "app_id", "max", "", 0, 0, 640, 480) && ok;
	harness_client_kill(window);
	return ok;
}

static bool layers_stack_around_windows(struct harness *h, const void *data) {
	const char *wallpaper_args[] = { "--output", "0", "--layer", "background",
		"--anchor", "top,bottom,left,right", "--pattern", "solid:ffff00",
		"--namespace", "wallpaper", NULL };
	struct harness_client *wallpaper =
			spawn_layer(h, "wallpaper", wallpaper_args);
	REQUIRE(wallpaper != NULL, "no wallpaper");
	bool ok = expect_shown(wallpaper, 640, 480);
	const char *bottom_args[] = { "--output", "0", "--layer", "bottom",
		"--anchor", "top,left", "--size", "300x300", "--pattern",
		"solid:00ffff", "--namespace", "desktop-icons", NULL };
	struct harness_client *bottom = spawn_layer(h, "bottom", bottom_args);
	REQUIRE(bottom != NULL, "no bottom layer");
	ok = expect_shown(bottom, 300, 300) && ok;
	// A 200x100 window centred on HEADLESS-1: 220,190.
	const char *window_args[] = { "--app-id", "win", "--pattern",
		"solid:00ff00", NULL };
	struct harness_client *window =
			harness_spawn_pattern_client(h, "win", window_args);
	REQUIRE(window != NULL, "no window");
	ok = wait_box(h, "windows", "app_id", "win", "", 220, 190, 200, 100) && ok;
	ok = CHECK_READY(window, 200, 100, 1) && ok;
	const char *top_args[] = { "--output", "0", "--layer", "top", "--anchor",
		"bottom,right", "--size", "300x100", "--pattern", "solid:ff0000",
		"--namespace", "notification", NULL };
	struct harness_client *top = spawn_layer(h, "top", top_args);
	REQUIRE(top != NULL, "no top layer");
	ok = expect_shown(top, 300, 100) && ok;

	struct image *shot = screenshot_gridctl(h, "HEADLESS-1", "stack");
	REQUIRE(shot != NULL, "no screenshot");
	// Bottom over background, the window over both, the top layer (at
	// 340,380) over the window's corner.
	ok = CHECK_SOLID(shot, ((struct image_region){ 0, 0, 300, 190 }), CYAN,
				 "bottom-layer") &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ 300, 0, 340, 190 }), YELLOW,
				 "background-layer") &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ 220, 190, 120, 100 }), GREEN,
				 "window-over-bottom") &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ 340, 380, 300, 100 }), RED,
				 "top-layer") &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ 0, 300, 340, 180 }), YELLOW,
				 "background-below") &&
			ok;
	image_destroy(shot);

	// Clicks go to what is drawn on top; a layer surface without keyboard
	// interactivity takes no focus, nor raises over the window.
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no pointer");
	ok = pointer_click(pointer, 10, 10, 1280, 480) && ok;
	ok = CHECK_LINE(bottom, "pointer enter", "pointer enter 10 10") && ok;
	ok = pointer_click(pointer, 350, 390, 1280, 480) && ok;
	ok = CHECK_LINE(top, "pointer enter", "pointer enter 10 10") && ok;
	ok = wait_focused(h, "win") && ok;
	ok = pointer_click(pointer, 250, 200, 1280, 480) && ok;
	ok = wait_focused(h, "win") && ok;
	harness_client_kill(pointer);
	harness_client_kill(top);
	harness_client_kill(window);
	harness_client_kill(bottom);
	harness_client_kill(wallpaper);
	return ok;
}

static bool fullscreen_covers_top_layer(struct harness *h, const void *data) {
	const char *top_args[] = { "--output", "0", "--anchor", "top,left,right",
		"--size", "0x30", "--exclusive", "30", "--pattern", "solid:ff0000",
		"--namespace", "panel", NULL };
	struct harness_client *panel = spawn_layer(h, "panel", top_args);
	REQUIRE(panel != NULL, "no panel");
	bool ok = expect_shown(panel, 640, 30);
	const char *window_args[] = { "--app-id", "video", "--fullscreen",
		"HEADLESS-1", "--pattern", "solid:00ff00", NULL };
	struct harness_client *window =
			harness_spawn_pattern_client(h, "video", window_args);
	REQUIRE(window != NULL, "no window");
	// Fullscreen is the whole output, the panel's zone notwithstanding.
	ok = wait_box(h, "windows", "app_id", "video", "", 0, 0, 640, 480) && ok;
	ok = CHECK_READY(window, 640, 480, 1) && ok;
	// Exclusive zone -1: at the very corner, the panel's zone regardless.
	const char *overlay_args[] = { "--output", "0", "--layer", "overlay",
		"--anchor", "top,left", "--size", "20x10", "--exclusive", "-1",
		"--pattern", "solid:0000ff", "--namespace", "osd", NULL };
	struct harness_client *overlay = spawn_layer(h, "osd", overlay_args);
	REQUIRE(overlay != NULL, "no overlay");
	ok = expect_shown(overlay, 20, 10) && ok;
	struct image *shot = screenshot_gridctl(h, "HEADLESS-1", "fullscreen");
	REQUIRE(shot != NULL, "no screenshot");
	ok = CHECK_SOLID(shot, ((struct image_region){ 0, 0, 20, 10 }), BLUE,
				 "overlay") &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ 20, 0, 620, 30 }), GREEN,
				 "fullscreen-over-panel") &&
			ok;
	image_destroy(shot);
	harness_client_kill(overlay);
	harness_client_kill(window);
	harness_client_kill(panel);
	return ok;
}

static bool exclusive_keyboard(struct harness *h, const void *data) {
	const char *window_args[] = { "--app-id", "editor", NULL };
	struct harness_client *window =
			harness_spawn_pattern_client(h, "editor", window_args);
	REQUIRE(window != NULL, "no window");
	bool ok = wait_focused(h, "editor");
	int64_t id = wait_window_id(h, "editor");
	const char *launcher_args[] = { "--output", "0", "--layer", "overlay",
		"--size", "100x50", "--keyboard", "exclusive", "--namespace",
		"launcher", NULL };
	struct harness_client *launcher = spawn_layer(h, "launcher", launcher_args);
	REQUIRE(launcher != NULL, "no launcher");
	ok = expect_shown(launcher, 100, 50) && ok;
	// Headless has no keyboard device, so gridctl tells where the focus
	// is rather than wl_keyboard.enter.
	ok = wait_layer_focused(h, "launcher", true) && ok;
	// Centred without anchors.
	ok = wait_box(h, "layers", "namespace", "launcher", "", 270, 215, 100,
				 50) &&
			ok;
	ok = wait_focused(h, NULL) && ok;
	// Neither gridctl nor a new window takes the keyboard from it.
	char id_text[24];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	json_object_put(harness_gridctl(h, NULL, "focus", id_text, NULL));
	const char *other_args[] = { "--app-id", "other", NULL };
	struct harness_client *other =
			harness_spawn_pattern_client(h, "other", other_args);
	REQUIRE(other != NULL, "no second window");
	ok = wait_window_id(h, "other") != 0 && ok;
	ok = CHECK_READY(other, 200, 100, 1) && ok;
	ok = wait_focused(h, NULL) && ok;
	// Giving it up hands the keyboard to the topmost window.
	ok = wait_layer_focused(h, "launcher", true) && ok;
	ok = CHECK(harness_client_send(launcher, "keyboard none"), "send") && ok;
	ok = wait_layer_focused(h, "launcher", false) && ok;
	ok = wait_focused(h, "other") && ok;
	harness_client_kill(other);
	harness_client_kill(launcher);
	harness_client_kill(window);
	return ok;
}

static bool panel_popup(struct harness *h, const void *data) {
	const char *args[] = { "--output", "1", "--anchor", "top,left,right",
		"--size", "0x30", "--scale", "2", "--pattern", "solid:ff00ff",
		"--popup", "10,10,50x40", "--namespace", "panel", NULL };
	struct harness_client *panel = spawn_layer(h, "panel", args);
	REQUIRE(panel != NULL, "no panel");
	// The client makes its popup at the panel's configure, so the popup
	// may be configured before or after the panel's first frame callback
	// (which waits for the output's next frame): the order of the two is
	// no promise, the lines are.
	struct lines lines = { 0 };
	bool ok = CHECK(client_lines_until(panel, "popup shown", &lines),
			"no popup shown");
	bool panel_shown = false;
	for (size_t i = 0; i < lines.count; i++) {
		panel_shown = panel_shown || strcmp(lines.line[i], "shown 640 30") == 0;
	}
	if (!panel_shown) {
		ok = CHECK_LINE(panel, "shown ", "shown 640 30") && ok;
		ok = lines_add(&lines, strdup("shown 640 30")) && ok;
	}
	const char *const expected[] = { "configure 640 30", "shown 640 30",
		"popup configure 10 10 50 40", "popup shown", NULL };
	ok = CHECK_LINES_UNORDERED(&lines, expected, "panel and popup") && ok;
	lines_free(&lines);
	struct image *shot = screenshot_gridctl(h, "HEADLESS-2", "panel-popup");
	REQUIRE(shot != NULL, "no screenshot");
	// The popup hangs below the panel, at the output's scale.
	ok = CHECK_SOLID(shot, ((struct image_region){ 20, 20, 100, 80 }), MAGENTA,
				 "popup") &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ 0, 60, 20, 40 }), BACKGROUND,
				 "beside-popup") &&
			ok;
	image_destroy(shot);
	harness_client_kill(panel);
	return ok;
}

static bool bad_layers(struct harness *h, const void *data) {
	// A size of 0 needs anchors on both sides.
	const char *unanchored[] = { "--anchor", "top", "--size", "0x30", NULL };
	struct harness_client *bad = spawn_layer(h, "unanchored", unanchored);
	REQUIRE(bad != NULL, "no client");
	char *line = harness_client_wait_line(bad, "error", HARNESS_TIMEOUT_MS);
	bool ok = CHECK(line != NULL &&
					strncmp(line,
							"error protocol interface=zwlr_layer_surface_v1 code=1 ",
							54) == 0,
			"want invalid_size on the layer surface, got %s", line);
	free(line);
	harness_client_kill(bad);
	// Configured twice (its size changed) and gone without an answer:
	// wlroots 0.15.1 would leak both configures (LeakSanitizer at exit).
	const char *mute_args[] = { "--output", "0", "--anchor", "top,left,right",
		"--size", "0x30", "--no-ack", NULL };
	struct harness_client *mute = spawn_layer(h, "mute", mute_args);
	REQUIRE(mute != NULL, "no client");
	ok = CHECK_LINE(mute, "configure", "configure 640 30") && ok;
	ok = CHECK(harness_client_send(mute, "margin 0 10 0 10"), "send") && ok;
	ok = CHECK_LINE(mute, "configure", "configure 620 30") && ok;
	harness_client_kill(mute);
	// Absurd sizes close it.
	const char *huge[] = { "--anchor", "top", "--size", "100000x30", NULL };
	bad = spawn_layer(h, "huge", huge);
	REQUIRE(bad != NULL, "no client");
	ok = CHECK_LINE(bad, "closed", "closed") && ok;
	harness_client_kill(bad);
	// Margins that leave no room close it.
	const char *squeezed[] = { "--output", "0", "--anchor", "top,left,right",
		"--size", "0x30", "--margin", "0,400,0,400", NULL };
	bad = spawn_layer(h, "squeezed", squeezed);
	REQUIRE(bad != NULL, "no client");
	ok = CHECK_LINE(bad, "closed", "closed") && ok;
	harness_client_kill(bad);
	// An output that goes between get_layer_surface and the first commit:
	// wlroots keeps a stale pointer to it, gridwl closes the surface.
	const char *late_args[] = { "--output", "1", "--anchor", "top,left,right",
		"--size", "0x30", "--no-commit", "--namespace", "late", NULL };
	struct harness_client *late = spawn_layer(h, "late", late_args);
	REQUIRE(late != NULL, "no client");
	ok = CHECK(harness_client_send(late, "sync"), "send") && ok;
	ok = CHECK_LINE(late, "sync", "sync") && ok;
	struct json_object *reply =
			harness_gridctl_ok(h, "destroy-output", "HEADLESS-2", NULL);
	ok = CHECK(reply != NULL, "destroy-output failed") && ok;
	json_object_put(reply);
	ok = CHECK(harness_client_send(late, "commit"), "send") && ok;
	ok = CHECK_LINE(late, "closed", "closed") && ok;
	harness_client_kill(late);
	reply = harness_gridctl_ok(h, "create-output", "1280x960", "scale", "2",
			NULL);
	ok = CHECK(reply != NULL, "create-output failed") && ok;
	const char *name =
			json_object_get_string(json_path(reply, "name", json_type_string));
	ok = CHECK(name != NULL && strcmp(name, "HEADLESS-2") == 0,
				 "the new output is %s", name ? name : "(none)") &&
			ok;
	json_object_put(reply);
	// A panel whose output goes is closed; the rest lives on.
	const char *panel_args[] = { "--output", "1", "--anchor", "top,left,right",
		"--size", "0x30", "--exclusive", "30", "--namespace", "panel", NULL };
	struct harness_client *panel = spawn_layer(h, "panel", panel_args);
	REQUIRE(panel != NULL, "no panel");
	ok = expect_shown(panel, 640, 30) && ok;
	ok = wait_layer_count(h, 1) && ok;
	reply = harness_gridctl_ok(h, "destroy-output", "HEADLESS-2", NULL);
	ok = CHECK(reply != NULL, "destroy-output failed") && ok;
	json_object_put(reply);
	ok = CHECK_LINE(panel, "closed", "closed") && ok;
	ok = wait_layer_count(h, 0) && ok;
	harness_client_kill(panel);
	const char *window_args[] = { "--app-id", "survivor", NULL };
	struct harness_client *window =
			harness_spawn_pattern_client(h, "survivor", window_args);
	REQUIRE(window != NULL, "no window");
	ok = CHECK_READY(window, 200, 100, 1) && ok;
	harness_client_kill(window);
	return ok;
}

struct scale_want {
	const char *output;
	int scale;
};

static bool wallpaper_scale_is(struct json_object *reply, void *data) {
	const struct scale_want *want = data;
	struct json_object *layers = json_path(reply, "layers", json_type_array);
	size_t n = layers != NULL ? json_object_array_length(layers) : 0;
	for (size_t i = 0; i < n; i++) {
		struct json_object *layer = json_object_array_get_idx(layers, i);
		struct json_object *output =
				json_path(layer, "output", json_type_string);
		struct json_object *scale =
				json_path(layer, "buffer_scale", json_type_int);
		if (output != NULL && scale != NULL &&
				strcmp(json_object_get_string(output), want->output) == 0 &&
				json_object_get_int(scale) == want->scale) {
			return true;
		}
	}
	return false;
}

/* swaybg, a real layer-shell client: a wallpaper on each output, under the
 * windows. swaybg 1.2 draws a plain colour as a single-pixel buffer
 * stretched by wp_viewporter where single-pixel-buffer-v1 is offered, so
 * its buffer scale is 1 on both outputs, and exact on each. */
static bool real_wallpaper(struct harness *h, const void *data) {
	const char *argv[] = { "swaybg", "-c", "#12ab34", NULL };
	struct harness_client *swaybg = harness_spawn(h, "swaybg", argv);
	REQUIRE(swaybg != NULL, "cannot start swaybg");
	bool ok = true;
	static const struct scale_want wants[] = {
		{ "HEADLESS-1", 1 },
		{ "HEADLESS-2", 1 },
	};
	for (size_t i = 0; i < 2; i++) {
		const char *args[] = { "layers", NULL };
		char why[64];
		snprintf(why, sizeof(why), "swaybg at buffer scale %d on %s",
				wants[i].scale, wants[i].output);
		struct json_object *reply = harness_wait_gridctl(h, args,
				wallpaper_scale_is, (void *)&wants[i], HARNESS_TIMEOUT_MS, why);
		ok = CHECK(reply != NULL, "%s", why) && ok;
		json_object_put(reply);
	}
	const char *window_args[] = { "--app-id", "win", "--pattern",
		"solid:ff0000", NULL };
	struct harness_client *window =
			harness_spawn_pattern_client(h, "win", window_args);
	REQUIRE(window != NULL, "no window");
	ok = CHECK_READY(window, 200, 100, 1) && ok;
	// Each output's own pixels (grim of the whole layout would scale
	// HEADLESS-1 up itself, smoothly).
	const uint32_t wallpaper = 0xff12ab34u;
	struct image *shot = screenshot_grim(h, "HEADLESS-1", "swaybg-1");
	REQUIRE(shot != NULL, "no screenshot of HEADLESS-1");
	ok = CHECK_SOLID(shot, ((struct image_region){ 0, 0, 640, 190 }), wallpaper,
				 "wallpaper-above") &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ 220, 190, 200, 100 }), RED,
				 "window-over-wallpaper") &&
			ok;
	ok = CHECK_SOLID(shot, ((struct image_region){ 0, 290, 640, 190 }),
				 wallpaper, "wallpaper-below") &&
			ok;
	image_destroy(shot);
	shot = screenshot_grim(h, "HEADLESS-2", "swaybg-2");
	REQUIRE(shot != NULL, "no screenshot of HEADLESS-2");
	ok = CHECK_SOLID(shot, ((struct image_region){ 0, 0, 1280, 960 }),
				 wallpaper, "wallpaper-scale-2") &&
			ok;
	image_destroy(shot);
	harness_client_kill(window);
	harness_client_kill(swaybg);
	return ok;
}

struct layer_case {
	const char *name;
	bool (*body)(struct harness *h, const void *data);
};

static bool run_case(const void *data) {
	const struct layer_case *c = data;
	return run_mixed_layout(c->body, NULL);
}

int main(void) {
	static const struct layer_case cases[] = {
		{ "a panel takes its edge at the output's scale",
				panel_at_output_scale },
		{ "maximized windows fill the usable area",
				maximized_fills_usable_area },
		{ "layers stack around windows and take clicks",
				layers_stack_around_windows },
		{ "fullscreen covers the top layer, not the overlay",
				fullscreen_covers_top_layer },
		{ "an exclusive launcher keeps the keyboard", exclusive_keyboard },
		{ "a panel's popup", panel_popup },
		{ "bad sizes and lost outputs close layer surfaces", bad_layers },
		{ "swaybg draws a wallpaper on each output at its scale",
				real_wallpaper },
	};
	struct check_suite suite = { 0 };
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (cases[i].body == real_wallpaper && !program_in_path("swaybg")) {
			check_skip(&suite, cases[i].name, "swaybg is not installed");
			continue;
		}
		check_run(&suite, cases[i].name, run_case, &cases[i]);
	}
	return check_finish(&suite);
}
