#include <inttypes.h>
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "framed-windows.h"

static bool read_int(struct json_object *obj, const char *path, int *out) {
	struct json_object *v = json_path(obj, path, json_type_int);
	if (v == NULL) {
		return false;
	}
	*out = json_object_get_int(v);
	return true;
}

bool frame_from_json(struct json_object *window, struct frame_info *f) {
	*f = (struct frame_info){ 0 };
	if (!read_int(window, "x", &f->x) || !read_int(window, "y", &f->y) ||
			!read_int(window, "width", &f->width) ||
			!read_int(window, "height", &f->height)) {
		return false;
	}
	struct json_object *maximized =
			json_path(window, "maximized", json_type_boolean);
	f->maximized = maximized != NULL && json_object_get_boolean(maximized);
	f->has_frame = read_int(window, "frame.x", &f->fx) &&
			read_int(window, "frame.y", &f->fy) &&
			read_int(window, "frame.width", &f->fw) &&
			read_int(window, "frame.height", &f->fh);
	return true;
}

bool window_frame(struct harness *h, const char *app_id, struct frame_info *f) {
	*f = (struct frame_info){ 0 };
	struct json_object *window =
			harness_wait_window_app_id(h, app_id, HARNESS_TIMEOUT_MS);
	bool ok = window != NULL && frame_from_json(window, f);
	json_object_put(window);
	return CHECK(ok, "no geometry for window %s", app_id);
}

static bool box_matches(struct json_object *window, void *data) {
	const struct want_box *want = data;
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	struct frame_info f;
	if (app_id == NULL ||
			strcmp(json_object_get_string(app_id), want->app_id) != 0 ||
			!frame_from_json(window, &f)) {
		return false;
	}
	return (want->x < 0 || f.x == want->x) && (want->y < 0 || f.y == want->y) &&
			(want->width < 0 || f.width == want->width) &&
			(want->height < 0 || f.height == want->height) &&
			(want->maximized < 0 || f.maximized == (want->maximized == 1));
}

bool wait_box(struct harness *h, struct want_box want, struct frame_info *f,
		const char *why) {
	*f = (struct frame_info){ 0 };
	struct json_object *window =
			harness_wait_window(h, box_matches, &want, HARNESS_TIMEOUT_MS, why);
	bool ok = window != NULL && frame_from_json(window, f);
	json_object_put(window);
	return ok;
}

struct harness_client *spawn_framed(struct harness *h, const char *app_id,
		const char *decoration, const char *want, int scale,
		const char *title) {
	char scale_text[8];
	snprintf(scale_text, sizeof(scale_text), "%d", scale);
	const char *args[14] = { "--app-id", app_id, "--pattern", "checker",
		"--scale", scale_text, "--size", "200x100", "--title", title };
	int n = 10;
	if (decoration != NULL) {
		args[n++] = "--decoration";
		args[n++] = decoration;
	}
	args[n] = NULL;
	struct harness_client *c = harness_spawn_pattern_client(h, app_id, args);
	bool ok = c != NULL;
	if (ok && decoration != NULL) {
		char line[64];
		snprintf(line, sizeof(line), "decoration %s", want);
		ok = CHECK_LINE(c, "decoration ", line);
	}
	if (!ok || !CHECK_READY(c, FRAMED_WIDTH, FRAMED_HEIGHT, scale)) {
		if (c != NULL) {
			harness_client_kill(c);
		}
		return NULL;
	}
	return c;
}

bool move_window(struct harness *h, const char *app_id, int x, int y) {
	struct frame_info f;
	REQUIRE(window_frame(h, app_id, &f), "no window");
	struct json_object *window =
			harness_wait_window_app_id(h, app_id, HARNESS_TIMEOUT_MS);
	struct json_object *id = json_path(window, "id", json_type_int);
	char ids[24], xs[16], ys[16];
	snprintf(ids, sizeof(ids), "%" PRId64, id ? json_object_get_int64(id) : 0);
	json_object_put(window);
	snprintf(xs, sizeof(xs), "%d", x);
	snprintf(ys, sizeof(ys), "%d", y);
	struct json_object *reply =
			harness_gridctl_ok(h, "move", ids, xs, ys, NULL);
	json_object_put(reply);
	REQUIRE(reply != NULL, "gridctl move failed");
	struct want_box want = { app_id, x, y, -1, -1, -1 };
	return wait_box(h, want, &f, "the window at its new place");
}
