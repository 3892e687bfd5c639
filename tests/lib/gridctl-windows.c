#include <stdio.h>
#include <string.h>
#include "check.h"
#include "gridctl-windows.h"

int64_t wait_window_id(struct harness *h, const char *app_id) {
	struct json_object *window =
			harness_wait_window_app_id(h, app_id, HARNESS_TIMEOUT_MS);
	struct json_object *id = json_path(window, "id", json_type_int);
	int64_t value = id ? json_object_get_int64(id) : 0;
	if (window != NULL && value <= 0) {
		fprintf(stderr, "window %s has no positive integer id: %s\n", app_id,
				json_object_to_json_string(window));
		value = 0;
	}
	json_object_put(window);
	return value;
}

bool window_outputs_are(struct json_object *window, const char *const *names) {
	struct json_object *outputs = json_path(window, "outputs", json_type_array);
	if (outputs == NULL) {
		return false;
	}
	size_t n = 0;
	for (; names[n] != NULL; n++) {
		if (json_array_find_string(outputs, names[n]) < 0) {
			return false;
		}
	}
	return json_object_array_length(outputs) == n;
}

/* Whether exactly the window app_id is focused; NULL: none is. */
static bool focused_is(struct json_object *reply, void *data) {
	const char *want = data;
	struct json_object *windows = json_path(reply, "windows", json_type_array);
	if (windows == NULL) {
		return false;
	}
	int matches = 0;
	for (size_t i = 0; i < json_object_array_length(windows); i++) {
		struct json_object *w = json_object_array_get_idx(windows, i);
		struct json_object *app_id = json_path(w, "app_id", json_type_string);
		struct json_object *focused =
				json_path(w, "focused", json_type_boolean);
		if (app_id == NULL || focused == NULL) {
			return false;
		}
		bool is_want = want != NULL &&
				strcmp(json_object_get_string(app_id), want) == 0;
		if (json_object_get_boolean(focused) != is_want) {
			return false;
		}
		matches += is_want;
	}
	return matches == (want != NULL);
}

bool wait_focused(struct harness *h, const char *app_id) {
	char why[96];
	snprintf(why, sizeof(why), "%s to be the only focused window",
			app_id != NULL ? app_id : "no window");
	const char *args[] = { "windows", NULL };
	struct json_object *reply = harness_wait_gridctl(h, args, focused_is,
			(void *)app_id, HARNESS_TIMEOUT_MS, why);
	json_object_put(reply);
	return reply != NULL;
}

struct window_bool {
	const char *app_id;
	const char *field;
	bool value;
};

static bool window_bool_is(struct json_object *window, void *data) {
	const struct window_bool *want = data;
	struct json_object *app_id, *field;
	return json_object_object_get_ex(window, "app_id", &app_id) &&
			strcmp(json_object_get_string(app_id), want->app_id) == 0 &&
			json_object_object_get_ex(window, want->field, &field) &&
			json_object_get_boolean(field) == want->value;
}

bool wait_window_bool(struct harness *h, const char *app_id, const char *field,
		bool value) {
	struct window_bool want = { app_id, field, value };
	char why[128];
	snprintf(why, sizeof(why), "window %s with %s %s", app_id, field,
			value ? "true" : "false");
	struct json_object *window = harness_wait_window(h, window_bool_is, &want,
			3 * HARNESS_TIMEOUT_MS, why);
	json_object_put(window);
	return window != NULL;
}

int window_int(struct json_object *window, const char *key) {
	struct json_object *value = json_path(window, key, json_type_int);
	return value != NULL ? json_object_get_int(value) : -1;
}

bool move_window_id(struct harness *h, int64_t id, int x, int y) {
	char ids[32], xs[16], ys[16];
	snprintf(ids, sizeof(ids), "%lld", (long long)id);
	snprintf(xs, sizeof(xs), "%d", x);
	snprintf(ys, sizeof(ys), "%d", y);
	struct json_object *reply =
			harness_gridctl_ok(h, "move", ids, xs, ys, (char *)NULL);
	json_object_put(reply);
	return reply != NULL;
}

struct window_box {
	const char *app_id;
	int box[4]; // x, y, width, height; -1: any
	const char *output; // the only one it is on; NULL: any
};

bool window_box_matches(struct json_object *window, const char *app_id, int x,
		int y, int width, int height) {
	static const char *const keys[] = { "x", "y", "width", "height" };
	const int box[] = { x, y, width, height };
	struct json_object *v = json_path(window, "app_id", json_type_string);
	if (v == NULL ||
			(app_id != NULL &&
					strcmp(json_object_get_string(v), app_id) != 0)) {
		return false;
	}
	for (int i = 0; i < 4; i++) {
		v = json_path(window, keys[i], json_type_int);
		if (v == NULL || (box[i] >= 0 && json_object_get_int(v) != box[i])) {
			return false;
		}
	}
	return true;
}

static bool window_box_is(struct json_object *window, void *data) {
	const struct window_box *want = data;
	const char *names[] = { want->output, NULL };
	return window_box_matches(window, want->app_id, want->box[0], want->box[1],
				   want->box[2], want->box[3]) &&
			(want->output == NULL || window_outputs_are(window, names));
}

bool check_window_on(struct harness *h, const char *app_id, int x, int y,
		int width, int height, const char *output) {
	struct window_box want = { app_id, { x, y, width, height }, output };
	struct json_object *window = harness_wait_window(h, window_box_is, &want,
			HARNESS_TIMEOUT_MS, app_id);
	json_object_put(window);
	return CHECK(window != NULL, "%s should be at %d,%d on %s alone", app_id, x,
			y, output);
}

bool wait_window_box(struct harness *h, const char *app_id, int x, int y,
		int width, int height) {
	struct window_box want = { app_id, { x, y, width, height }, NULL };
	char why[128];
	snprintf(why, sizeof(why), "window %s at %d,%d %dx%d", app_id, x, y, width,
			height);
	struct json_object *window = harness_wait_window(h, window_box_is, &want,
			HARNESS_TIMEOUT_MS, why);
	json_object_put(window);
	return window != NULL;
}
