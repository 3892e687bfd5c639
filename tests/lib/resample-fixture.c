#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "resample-fixture.h"
#include "screenshots.h"

/* How long a counter must stay put to count as settled: several frames at
 * 60 Hz, and a few polls. */
#define SETTLE_MS 250
#define POLL_MS 50

struct harness *rs_start(int scale, const char *filter) {
	char line[160];
	snprintf(line, sizeof(line), RS_OUTPUT " mode %dx%d scale %d%s%s",
			RS_MODE_WIDTH, RS_MODE_HEIGHT, scale, filter ? " filter " : "",
			filter ? filter : "");
	const char *args[] = { "-o", line, NULL };
	struct harness *h = harness_start(args);
	if (h == NULL) {
		fprintf(stderr, "gridwl -o '%s' did not start\n", line);
	}
	return h;
}

bool rs_set_filter(struct harness *h, const char *output,
		enum resample_filter filter) {
	struct json_object *reply = harness_gridctl_ok(h, "output", output,
			"filter", resample_filter_name(filter), NULL);
	json_object_put(reply);
	return reply != NULL;
}

struct harness_client *rs_spawn(struct harness *h, const char *app_id,
		const char *pattern, int scale, const char *fullscreen, int width,
		int height) {
	return rs_spawn_format(h, app_id, pattern, scale, fullscreen, width, height,
			false);
}

struct harness_client *rs_spawn_at(struct harness *h, const char *app_id,
		const char *pattern, int scale, int width, int height, int x, int y) {
	struct harness_client *c =
			rs_spawn(h, app_id, pattern, scale, NULL, width, height);
	if (c != NULL &&
			!CHECK(rs_place(h, app_id, x, y) > 0, "cannot place %s", app_id)) {
		harness_client_kill(c);
		return NULL;
	}
	return c;
}

struct harness_client *rs_spawn_format(struct harness *h, const char *app_id,
		const char *pattern, int scale, const char *fullscreen, int width,
		int height, bool opaque) {
	char scale_text[16], size[32];
	snprintf(scale_text, sizeof(scale_text), "%d", scale);
	snprintf(size, sizeof(size), "%dx%d", width, height);
	const char *args[12] = {
		"--app-id",
		app_id,
		"--pattern",
		pattern,
		"--scale",
		scale_text,
		"--size",
		size,
	};
	size_t n = 8;
	if (opaque) {
		args[n++] = "--opaque";
	}
	if (fullscreen != NULL) {
		args[n++] = "--fullscreen";
		args[n++] = fullscreen;
	}
	args[n] = NULL;
	struct harness_client *c = harness_spawn_pattern_client(h, app_id, args);
	if (c == NULL) {
		fprintf(stderr, "cannot start the pattern client %s\n", app_id);
		return NULL;
	}
	if (!CHECK_READY(c, width, height, scale)) {
		harness_client_kill(c);
		return NULL;
	}
	return c;
}

struct placed {
	const char *app_id;
	int x, y;
};

static bool is_placed(struct json_object *window, void *data) {
	const struct placed *p = data;
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	struct json_object *x = json_path(window, "x", json_type_int);
	struct json_object *y = json_path(window, "y", json_type_int);
	return app_id != NULL && x != NULL && y != NULL &&
			strcmp(json_object_get_string(app_id), p->app_id) == 0 &&
			json_object_get_int(x) == p->x && json_object_get_int(y) == p->y;
}

int64_t rs_place(struct harness *h, const char *app_id, int x, int y) {
	int64_t id = wait_window_id(h, app_id);
	if (id <= 0) {
		return 0;
	}
	char id_text[32], x_text[16], y_text[16];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	snprintf(x_text, sizeof(x_text), "%d", x);
	snprintf(y_text, sizeof(y_text), "%d", y);
	struct json_object *reply =
			harness_gridctl_ok(h, "move", id_text, x_text, y_text, NULL);
	if (reply == NULL) {
		return 0;
	}
	json_object_put(reply);
	struct placed p = { app_id, x, y };
	char why[128];
	snprintf(why, sizeof(why), "window %s at %d,%d", app_id, x, y);
	struct json_object *window =
			harness_wait_window(h, is_placed, &p, HARNESS_TIMEOUT_MS, why);
	json_object_put(window);
	return window != NULL ? id : 0;
}

bool rs_quit(struct harness_client *c) {
	bool ok = harness_client_send(c, "quit");
	int code = ok ? harness_client_wait_exit(c, HARNESS_TIMEOUT_MS) : -1;
	ok = CHECK(code == 0, "the client should exit with 0 on quit, got %d",
			code);
	harness_client_kill(c);
	return ok;
}

bool rs_stat(struct harness *h, const char *field, int64_t *value) {
	struct json_object *reply = harness_gridctl_ok(h, "stats", NULL);
	if (reply == NULL) {
		return false;
	}
	struct json_object *member = json_path(reply, field, json_type_int);
	if (member == NULL) {
		fprintf(stderr,
				"gridctl stats has no integer \"%s\", which the "
				"resampling tests require: %s\n",
				field, json_object_to_json_string(reply));
		json_object_put(reply);
		return false;
	}
	*value = json_object_get_int64(member);
	json_object_put(reply);
	return true;
}

bool rs_stat_settled(struct harness *h, const char *field, int64_t *value) {
	int64_t last;
	if (!rs_stat(h, field, &last)) {
		return false;
	}
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	int64_t since = harness_now_ms();
	while (harness_now_ms() < deadline) {
		harness_sleep_ms(POLL_MS);
		int64_t now;
		if (!rs_stat(h, field, &now)) {
			return false;
		}
		if (now != last) {
			last = now;
			since = harness_now_ms();
		} else if (harness_now_ms() - since >= SETTLE_MS) {
			*value = now;
			return true;
		}
	}
	fprintf(stderr, "stats \"%s\" kept changing for %d ms (last %lld)\n", field,
			HARNESS_TIMEOUT_MS, (long long)last);
	return false;
}

int64_t rs_output_frames(struct harness *h, const char *name) {
	struct json_object *reply = harness_gridctl_ok(h, "outputs", NULL);
	if (reply == NULL) {
		return -1;
	}
	struct json_object *output =
			json_array_find(json_path(reply, "outputs", json_type_array),
					"name", name);
	struct json_object *frames = json_path(output, "frames", json_type_int);
	int64_t value = frames != NULL ? json_object_get_int64(frames) : -1;
	if (value < 0) {
		fprintf(stderr, "no frames counter for %s: %s\n", name,
				json_object_to_json_string(reply));
	}
	json_object_put(reply);
	return value;
}

char *rs_window_filter(struct harness *h, const char *app_id) {
	struct json_object *window =
			harness_wait_window_app_id(h, app_id, HARNESS_TIMEOUT_MS);
	if (window == NULL) {
		return NULL;
	}
	struct json_object *filter = json_path(window, "filter", json_type_string);
	char *value =
			filter != NULL ? strdup(json_object_get_string(filter)) : NULL;
	if (filter == NULL) {
		fprintf(stderr, "window %s has no string \"filter\": %s\n", app_id,
				json_object_to_json_string(window));
	}
	json_object_put(window);
	return value;
}

bool rs_expect_add(struct expected *e, const struct image *buffer,
		const struct pattern *pattern, int x, int y, int width, int height,
		int buffer_scale, int output_scale, enum resample_filter filter) {
	struct image *own = NULL;
	if (buffer == NULL) {
		own = resample_pattern_buffer(pattern, width * buffer_scale,
				height * buffer_scale);
		buffer = own;
	}
	struct image *shown = buffer != NULL ?
			resample_expect(buffer, buffer_scale, output_scale, filter) :
			NULL;
	bool ok = CHECK(shown != NULL, "no memory for the expected image");
	if (ok) {
		expected_paste(e, shown, x * output_scale, y * output_scale,
				resample_tolerance(buffer_scale, output_scale, filter));
	}
	image_destroy(shown);
	image_destroy(own);
	return ok;
}

struct expected *rs_expect_window(const struct pattern *pattern, int x, int y,
		int width, int height, int buffer_scale, int output_scale,
		enum resample_filter filter) {
	struct expected *e =
			expected_create(RS_MODE_WIDTH, RS_MODE_HEIGHT, BACKGROUND);
	if (e == NULL ||
			!rs_expect_add(e, NULL, pattern, x, y, width, height, buffer_scale,
					output_scale, filter)) {
		expected_destroy(e);
		return NULL;
	}
	return e;
}
