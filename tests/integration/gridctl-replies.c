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
 * gridctl's replies, field by field, and the commands that change them:
 * what gridctl reports must agree with what clients are told.
 */

static bool check_failure_at(const char *file, int line, struct harness *h,
		const char *const *args) {
	int status;
	struct json_object *reply = harness_gridctlv(h, &status, args);
	bool ok = check_json_bool_at(file, line, reply, "success", false);
	ok = check_json_type_at(file, line, reply, "error", json_type_string) && ok;
	if (status != 1) {
		ok = check_report(file, line, "status == 1",
				"gridctl %s exited with %d, want 1", args[0], status);
	}
	json_object_put(reply);
	return ok;
}
#define CHECK_FAILURE(h, ...) \
	check_failure_at(__FILE__, __LINE__, (h), \
			(const char *const[]){ __VA_ARGS__, NULL })

static bool check_filter(struct json_object *output) {
	struct json_object *filter = json_path(output, "filter", json_type_string);
	return CHECK(filter != NULL &&
					(strcmp(json_object_get_string(filter), "nearest") == 0 ||
							strcmp(json_object_get_string(filter),
									"bilinear") == 0),
			"filter should be \"nearest\" or \"bilinear\": %s",
			json_object_to_json_string(output));
}

struct output_want {
	const char *name;
	int mode_width, mode_height, scale, x, y;
};

static bool check_output(struct json_object *output,
		const struct output_want *w) {
	REQUIRE(output != NULL, "no output %s", w->name);
	bool ok = CHECK_JSON_STRING(output, "name", w->name);
	ok = CHECK_JSON_TYPE(output, "make", json_type_string) && ok;
	ok = CHECK_JSON_TYPE(output, "model", json_type_string) && ok;
	ok = CHECK_JSON_BOOL(output, "enabled", true) && ok;
	ok = CHECK_JSON_INT(output, "mode.width", w->mode_width) && ok;
	ok = CHECK_JSON_INT(output, "mode.height", w->mode_height) && ok;
	ok = CHECK_JSON_TYPE(output, "mode.refresh_mhz", json_type_int) && ok;
	ok = CHECK_JSON_INT(output, "scale", w->scale) && ok;
	ok = check_filter(output) && ok;
	// A headless output has no cursor plane: the cursor is drawn into
	// frames, and no commit only moves it.
	ok = CHECK_JSON_BOOL(output, "hardware_cursor", false) && ok;
	ok = CHECK_JSON_INT(output, "cursor_commits", 0) && ok;
	// Position and size are logical: the mode divided by the scale.
	ok = CHECK_JSON_BOX(output, w->x, w->y, w->mode_width / w->scale,
				 w->mode_height / w->scale) &&
			ok;
	return ok;
}

/* gridctl outputs lists exactly wants, in that order. */
static bool check_outputs(struct harness *h, const struct output_want *wants,
		size_t count) {
	struct json_object *reply = harness_gridctl_ok(h, "outputs", NULL);
	REQUIRE(reply != NULL, "gridctl outputs failed");
	struct json_object *outputs = json_path(reply, "outputs", json_type_array);
	bool ok = CHECK(outputs != NULL &&
					json_object_array_length(outputs) == count,
			"want %zu outputs: %s", count, json_object_to_json_string(reply));
	for (size_t i = 0; ok && i < count; i++) {
		ok = check_output(json_object_array_get_idx(outputs, i), &wants[i]) &&
				ok;
	}
	json_object_put(reply);
	return ok;
}

static bool outputs_body(struct harness *h, const void *data) {
	struct output_want one = { "HEADLESS-1", 1024, 768, 1, 0, 0 };
	bool ok = check_outputs(h, &one, 1);

	const char *args[] = { "--app-id", "watcher", NULL };
	struct harness_client *client =
			harness_spawn_pattern_client(h, "watcher", args);
	REQUIRE(client != NULL, "cannot start the pattern client");
	ok = CHECK_WHOLE_LINE(client, "output HEADLESS-1 scale=1 mode=1024x768") &&
			ok;
	ok = CHECK_READY(client, 200, 100, 1) && ok;
	// The output's frames were composed (the background at least); none
	// was a commit that only moved a cursor plane.
	struct json_object *stats = harness_gridctl_ok(h, "stats", NULL);
	struct json_object *composed =
			json_path(stats, "frames_composed", json_type_int);
	ok = CHECK(composed != NULL && json_object_get_int64(composed) > 0,
				 "frames_composed should be above 0: %s",
				 json_object_to_json_string(stats)) &&
			ok;
	ok = CHECK_JSON_INT(stats, "cursor_commits", 0) && ok;
	json_object_put(stats);

	struct json_object *reply =
			harness_gridctl_ok(h, "output", "HEADLESS-1", "scale", "2", NULL);
	REQUIRE(reply != NULL, "gridctl output HEADLESS-1 scale 2 failed");
	json_object_put(reply);
	one.scale = 2;
	ok = check_outputs(h, &one, 1) && ok;
	ok = CHECK_WHOLE_LINE(client, "output HEADLESS-1 scale=2 mode=1024x768") &&
			ok;
	ok = CHECK_WHOLE_LINE(client,
				 "xdg_output HEADLESS-1 x=0 y=0 width=512 height=384") &&
			ok;

	// Refused changes leave everything as it was.
	ok = CHECK_FAILURE(h, "output", "HEADLESS-1", "scale", "7") && ok;
	ok = CHECK_FAILURE(h, "output", "NO-SUCH-OUTPUT", "scale", "2") && ok;
	ok = check_outputs(h, &one, 1) && ok;

	reply = harness_gridctl_ok(h, "create-output", "640x480", "scale", "2",
			NULL);
	REQUIRE(reply != NULL, "gridctl create-output failed");
	ok = CHECK_JSON_STRING(reply, "name", "HEADLESS-2") && ok;
	json_object_put(reply);
	ok = CHECK_WHOLE_LINE(client, "output HEADLESS-2 scale=2 mode=640x480") &&
			ok;
	// Placed to the right of the existing output, as unpositioned
	// outputs are.
	ok = CHECK_WHOLE_LINE(client,
				 "xdg_output HEADLESS-2 x=512 y=0 width=320 height=240") &&
			ok;
	const struct output_want two[] = {
		one,
		{ "HEADLESS-2", 640, 480, 2, 512, 0 },
	};
	ok = check_outputs(h, two, 2) && ok;

	reply = harness_gridctl_ok(h, "destroy-output", "HEADLESS-2", NULL);
	REQUIRE(reply != NULL, "gridctl destroy-output failed");
	json_object_put(reply);
	ok = CHECK_WHOLE_LINE(client, "output_removed HEADLESS-2") && ok;
	ok = check_outputs(h, &one, 1) && ok;
	ok = CHECK_FAILURE(h, "destroy-output", "HEADLESS-2") && ok;
	return ok;
}

static bool run_outputs(const void *data) {
	return run_on_output("HEADLESS-1", 1024, 768, 1, outputs_body, data);
}

struct window_want {
	const char *app_id;
	int x, y, width, height;
	int focused; // -1: either
};

static bool window_matches(struct json_object *window, void *data) {
	const struct window_want *w = data;
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	if (app_id == NULL || strcmp(json_object_get_string(app_id), w->app_id)) {
		return false;
	}
	struct json_object *x = json_path(window, "x", json_type_int);
	struct json_object *y = json_path(window, "y", json_type_int);
	struct json_object *width = json_path(window, "width", json_type_int);
	struct json_object *height = json_path(window, "height", json_type_int);
	struct json_object *focused =
			json_path(window, "focused", json_type_boolean);
	return x && y && width && height && focused &&
			json_object_get_int(x) == w->x && json_object_get_int(y) == w->y &&
			json_object_get_int(width) == w->width &&
			json_object_get_int(height) == w->height &&
			(w->focused < 0 || json_object_get_boolean(focused) == w->focused);
}

static bool wait_window_state(struct harness *h, const struct window_want *w,
		const char *why) {
	struct json_object *window = harness_wait_window(h, window_matches,
			(void *)w, HARNESS_TIMEOUT_MS, why);
	json_object_put(window);
	return CHECK(window != NULL, "window %s: %s", w->app_id, why);
}

/* gridctl focus of id (the window of want) moves the focus there from
 * other; why_other says what other is waited for. */
static bool focus_moves(struct harness *h, const char *id,
		struct window_want *want, struct window_want *other,
		const char *why_other) {
	struct json_object *reply = harness_gridctl_ok(h, "focus", id, NULL);
	REQUIRE(reply != NULL, "gridctl focus failed");
	json_object_put(reply);
	want->focused = 1;
	other->focused = 0;
	bool ok = wait_window_state(h, want, "focused after focus");
	return wait_window_state(h, other, why_other) && ok;
}

static bool app_id_gone(struct json_object *reply, void *data) {
	struct json_object *windows = json_path(reply, "windows", json_type_array);
	return windows != NULL && json_array_find(windows, "app_id", data) == NULL;
}

static bool check_new_window(struct harness *h, const char *app_id,
		const char *title, int x, int y, int width, int height, int scale,
		int64_t *id) {
	struct json_object *window =
			harness_wait_window_app_id(h, app_id, HARNESS_TIMEOUT_MS);
	REQUIRE(window != NULL, "no window %s", app_id);
	bool ok = CHECK_JSON_TYPE(window, "id", json_type_int);
	struct json_object *id_field = json_path(window, "id", json_type_int);
	*id = id_field ? json_object_get_int64(id_field) : 0;
	ok = CHECK(*id > 0, "id should be positive: %lld", (long long)*id) && ok;
	ok = CHECK_JSON_STRING(window, "app_id", app_id) && ok;
	ok = CHECK_JSON_STRING(window, "title", title) && ok;
	ok = CHECK_JSON_BOX(window, x, y, width, height) && ok;
	const char *on[] = { "HEADLESS-1", NULL };
	ok = CHECK(window_outputs_are(window, on),
				 "outputs should be "
				 "[\"HEADLESS-1\"]: %s",
				 json_object_to_json_string(window)) &&
			ok;
	ok = CHECK_JSON_INT(window, "buffer_scale", scale) && ok;
	ok = CHECK_JSON_TYPE(window, "focused", json_type_boolean) && ok;
	json_object_put(window);
	return ok;
}

static bool windows_body(struct harness *h, const void *data) {
	struct json_object *reply = harness_gridctl_ok(h, "windows", NULL);
	REQUIRE(reply != NULL, "gridctl windows failed");
	bool ok = CHECK(json_path(reply, "windows", json_type_array) != NULL &&
					json_object_array_length(
							json_path(reply, "windows", json_type_array)) == 0,
			"no windows yet: %s", json_object_to_json_string(reply));
	json_object_put(reply);

	struct harness_client *a = spawn_pattern_ready(h, "a", 300, 200, 2,
			"--app-id", "json-a", "--title", "Window A", "--scale", "2",
			"--size", "300x200", NULL);
	REQUIRE(a != NULL, "client a not shown");
	// Centred on the 512x384 logical output the pointer starts on.
	int64_t id_a, id_b;
	ok = check_new_window(h, "json-a", "Window A", 106, 92, 300, 200, 2,
				 &id_a) &&
			ok;

	struct harness_client *b = spawn_pattern_ready(h, "b", 100, 50, 1,
			"--app-id", "json-b", "--title", "B", "--size", "100x50", NULL);
	REQUIRE(b != NULL, "client b not shown");
	ok = check_new_window(h, "json-b", "B", 206, 167, 100, 50, 1, &id_b) && ok;
	REQUIRE(id_a > 0 && id_b > 0, "windows lack ids");
	ok = CHECK(id_a != id_b, "both windows have id %lld", (long long)id_a) &&
			ok;
	char a_id[32], b_id[32], unknown[32];
	snprintf(a_id, sizeof(a_id), "%lld", (long long)id_a);
	snprintf(b_id, sizeof(b_id), "%lld", (long long)id_b);
	snprintf(unknown, sizeof(unknown), "%lld",
			(long long)(id_a > id_b ? id_a : id_b) + 1000);

	struct window_want want_a = { "json-a", 106, 92, 300, 200, -1 };
	struct window_want want_b = { "json-b", 206, 167, 100, 50, -1 };
	ok = focus_moves(h, a_id, &want_a, &want_b, "unfocused after focusing a") &&
			ok;
	ok = focus_moves(h, b_id, &want_b, &want_a, "unfocused after focusing b") &&
			ok;

	REQUIRE((reply = harness_gridctl_ok(h, "move", a_id, "10", "20", NULL)),
			"gridctl move failed");
	json_object_put(reply);
	want_a.x = 10;
	want_a.y = 20;
	ok = wait_window_state(h, &want_a, "at 10,20 after move") && ok;

	REQUIRE((reply = harness_gridctl_ok(h, "resize", a_id, "400", "250", NULL)),
			"gridctl resize failed");
	json_object_put(reply);
	ok = CHECK_WHOLE_LINE(a, "configure 400 250") && ok;
	ok = CHECK_READY(a, 400, 250, 2) && ok;
	want_a.width = 400;
	want_a.height = 250;
	ok = wait_window_state(h, &want_a, "400x250 after resize") && ok;

	REQUIRE((reply = harness_gridctl_ok(h, "close", b_id, NULL)),
			"gridctl close failed");
	json_object_put(reply);
	ok = CHECK_WHOLE_LINE(b, "close") && ok;
	ok = CHECK_EXITS(b, "client b") && ok;
	const char *windows[] = { "windows", NULL };
	reply = harness_wait_gridctl(h, windows, app_id_gone, "json-b",
			HARNESS_TIMEOUT_MS, "json-b to go after close");
	ok = CHECK(reply != NULL, "closed window still listed") && ok;
	json_object_put(reply);
	// Where focus goes once the focused window is gone is policy.
	want_a.focused = -1;
	ok = wait_window_state(h, &want_a, "unchanged by closing b") && ok;

	ok = CHECK_FAILURE(h, "move", unknown, "1", "1") && ok;
	ok = CHECK_FAILURE(h, "resize", unknown, "100", "100") && ok;
	ok = CHECK_FAILURE(h, "focus", unknown) && ok;
	ok = CHECK_FAILURE(h, "close", unknown) && ok;
	// b's id is not reused for anything else yet.
	ok = CHECK_FAILURE(h, "focus", b_id) && ok;
	return ok;
}

static bool run_windows(const void *data) {
	return run_on_output("HEADLESS-1", 1024, 768, 2, windows_body, data);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "outputs, output, create-output, destroy-output",
			run_outputs, NULL);
	check_run(&suite, "windows, move, resize, focus, close", run_windows, NULL);
	return check_finish(&suite);
}
