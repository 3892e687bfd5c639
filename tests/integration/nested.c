#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common.h"

/*
 * gridwl on the wayland backend, as a window of another gridwl: a client of
 * the inner compositor must reach the host's screen pixel for pixel.
 */

#define INNER_WIDTH 640
#define INNER_HEIGHT 480

/* wlroots' wayland backend names its toplevels so. */
static bool is_inner_window(struct json_object *window, void *data)
{
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	return app_id != NULL && strcmp(json_object_get_string(app_id), "wlroots") == 0;
}

struct host_window {
	int x, y, width, height;
};

static bool find_inner_window(struct harness *host, struct host_window *w)
{
	struct json_object *window = harness_wait_window(host, is_inner_window,
		NULL, HARNESS_TIMEOUT_MS, "the nested gridwl's window");
	REQUIRE(window != NULL, "the nested gridwl has no window on the host");
	fprintf(stderr, "nested gridwl's window: %s\n",
		json_object_to_json_string(window));
	bool ok = CHECK_JSON_INT(window, "width", INNER_WIDTH);
	ok = CHECK_JSON_INT(window, "height", INNER_HEIGHT) && ok;
	struct json_object *x = json_path(window, "x", json_type_int);
	struct json_object *y = json_path(window, "y", json_type_int);
	ok = CHECK(x != NULL && y != NULL, "no position") && ok;
	if (ok) {
		*w = (struct host_window){ json_object_get_int(x),
			json_object_get_int(y), INNER_WIDTH, INNER_HEIGHT };
	}
	json_object_put(window);
	return ok;
}

/* The inner compositor repaints on its own frame schedule, and the host then
 * on its own, so after the inner client is shown there is nothing to wait
 * for but the host's screen itself: look until it matches. */
static bool wait_host_shows(struct harness *host, const struct host_window *w,
		const struct pattern *pattern)
{
	struct image_region region = { w->x, w->y, w->width, w->height };
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	for (;;) {
		struct image *image = screenshot_gridctl(host, "HEADLESS-1", "host");
		REQUIRE(image != NULL, "no host screenshot");
		bool last = harness_now_ms() >= deadline;
		long count = pattern_mismatches(image, region, pattern,
			INNER_WIDTH, INNER_HEIGHT);
		if (count == 0 || last) {
			bool ok = count == 0 || CHECK_PATTERN(image, region, pattern,
				INNER_WIDTH, INNER_HEIGHT, "nested-host");
			image_destroy(image);
			return ok;
		}
		image_destroy(image);
		harness_sleep_ms(50);
	}
}

static bool body(struct harness *host)
{
	const char *inner_args[] = {
		"--output", "WL-1 mode 640x480 scale 1", NULL,
	};
	// The nested gridwl alone may carry the wayland backend's own leak
	// (see tests/lsan-nested.supp); the host keeps the strict options.
	const char *nested_lsan = getenv("GRIDWL_NESTED_LSAN_OPTIONS");
	char *saved_lsan = getenv("LSAN_OPTIONS") != NULL ?
		strdup(getenv("LSAN_OPTIONS")) : NULL;
	if (nested_lsan != NULL) {
		setenv("LSAN_OPTIONS", nested_lsan, 1);
	}
	struct harness *inner = harness_start_nested(host, inner_args);
	if (saved_lsan != NULL) {
		setenv("LSAN_OPTIONS", saved_lsan, 1);
		free(saved_lsan);
	} else {
		unsetenv("LSAN_OPTIONS");
	}
	REQUIRE(inner != NULL, "nested gridwl did not start");
	struct host_window w;
	REQUIRE(find_inner_window(host, &w), "cannot find the nested window");

	const char *args[] = {
		"--fullscreen", "WL-1", "--pattern", "coords", "--app-id", "inner",
		NULL,
	};
	struct harness_client *client =
		harness_spawn_pattern_client(inner, "inner", args);
	REQUIRE(client != NULL, "cannot start the inner client");
	REQUIRE(CHECK_READY(client, INNER_WIDTH, INNER_HEIGHT, 1),
		"inner client not shown");

	struct pattern coords = { .kind = PATTERN_COORDS };
	// The inner compositor's own view first: if that is wrong, the host
	// cannot be right.
	struct image *image = screenshot_gridctl(inner, "WL-1", "inner");
	REQUIRE(image != NULL, "no screenshot of the nested output");
	struct image_region all = { 0, 0, INNER_WIDTH, INNER_HEIGHT };
	bool ok = CHECK(image->width == INNER_WIDTH &&
		image->height == INNER_HEIGHT, "inner screenshot is %dx%d",
		image->width, image->height) &&
		CHECK_PATTERN(image, all, &coords, INNER_WIDTH, INNER_HEIGHT,
		"nested-inner");
	image_destroy(image);
	ok = wait_host_shows(host, &w, &coords) && ok;
	return harness_stop(inner, ok);
}

static bool run(const void *data)
{
	const char *args[] = {
		"--output", "HEADLESS-1 mode 1024x768 scale 1", NULL,
	};
	struct harness *host = harness_start(args);
	REQUIRE(host != NULL, "host gridwl did not start");
	bool ok = body(host);
	return harness_stop(host, ok);
}

int main(void)
{
	struct check_suite suite = {0};
	check_run(&suite, "nested gridwl shows its client on the host", run, NULL);
	return check_finish(&suite);
}
