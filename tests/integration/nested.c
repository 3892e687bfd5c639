#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common.h"

/*
 * gridwl on the wayland backend, as a window of another gridwl: a client of
 * the inner compositor must reach the host's screen pixel for pixel. With
 * two nested outputs (two host windows), the pointer over the second one
 * is on the nested gridwl's second output, where the host put it.
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

/* The nested gridwl alone may carry the wayland backend's own leak (see
 * tests/lsan-nested.supp); the host keeps the strict options. */
static struct harness *start_nested(struct harness *host,
		const char *const *inner_args)
{
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
	return inner;
}

static bool body(struct harness *host)
{
	const char *inner_args[] = {
		"--output", "WL-1 mode 640x480 scale 1", NULL,
	};
	struct harness *inner = start_nested(host, inner_args);
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

static bool is_title(struct json_object *window, void *data)
{
	struct json_object *title = json_path(window, "title", json_type_string);
	return title != NULL && strcmp(json_object_get_string(title), data) == 0;
}

/* The host window of a nested output, moved to x, y of the host. */
static bool place_output_window(struct harness *host, const char *output,
		int x, int y)
{
	char title[64], id[32], xs[16], ys[16];
	snprintf(title, sizeof(title), "wlroots - %s", output);
	struct json_object *window = harness_wait_window(host, is_title, title,
		HARNESS_TIMEOUT_MS, title);
	REQUIRE(window != NULL, "no host window \"%s\"", title);
	struct json_object *wid = json_path(window, "id", json_type_int);
	bool ok = CHECK(wid != NULL, "window without id");
	if (ok) {
		snprintf(id, sizeof(id), "%lld",
			(long long)json_object_get_int64(wid));
		snprintf(xs, sizeof(xs), "%d", x);
		snprintf(ys, sizeof(ys), "%d", y);
		struct json_object *reply = harness_gridctl_ok(host, "move", id, xs,
			ys, NULL);
		ok = CHECK(reply != NULL, "cannot move %s", title);
		json_object_put(reply);
	}
	json_object_put(window);
	return ok;
}

/* Moves the host's virtual pointer to x, y of its 1600x768 layout. */
static bool host_pointer_to(struct harness_client *pointer, int x, int y)
{
	REQUIRE(harness_client_send(pointer, "move %d %d 1600 768", x, y),
		"cannot move the host pointer");
	char *line = harness_client_wait_line(pointer, "moved",
		HARNESS_TIMEOUT_MS);
	free(line);
	return CHECK(line != NULL, "the host pointer did not move");
}

static bool body_pointer(struct harness *host)
{
	// WL-2 is right of WL-1 in the nested layout: 400,0, 400x300 logical.
	const char *inner_args[] = {
		"--output", "WL-1 mode 400x300 scale 1",
		"--output", "WL-2 mode 800x600 scale 2", NULL,
	};
	struct harness *inner = start_nested(host, inner_args);
	REQUIRE(inner != NULL, "nested gridwl did not start");
	// On the host, side by side the other way round: WL-2's window
	// (800x600 host pixels) at 0,100, WL-1's at 900,100.
	bool ok = place_output_window(host, "WL-2", 0, 100) &&
		place_output_window(host, "WL-1", 900, 100);
	const char *args[] = {
		"--fullscreen", "WL-2", "--pattern", "checker", "--app-id", "inner",
		"--scale", "2", "--cursor", "2", NULL,
	};
	struct harness_client *client = ok ?
		harness_spawn_pattern_client(inner, "inner", args) : NULL;
	ok = ok && CHECK(client != NULL, "cannot start the inner client") &&
		CHECK_READY(client, 400, 300, 2);
	const char *argv[] = { getenv("POINTER_CLIENT_BIN"), NULL };
	struct harness_client *pointer = ok && argv[0] != NULL ?
		harness_spawn(host, "pointer", argv) : NULL;
	ok = ok && CHECK(pointer != NULL, "no virtual pointer client");
	char *line = ok ? harness_client_wait_line(pointer, "ready",
		HARNESS_TIMEOUT_MS) : NULL;
	ok = ok && CHECK(line != NULL, "the virtual pointer did not start");
	free(line);
	// The host's pointer gives the nested gridwl its pointers, and the
	// client binds its wl_pointer then; what comes before is lost to it.
	line = ok ? harness_client_wait_line(client, "pointer ready",
		HARNESS_TIMEOUT_MS) : NULL;
	ok = ok && CHECK(line != NULL, "the client on WL-2 got no wl_pointer");
	free(line);
	// Host 200,200 is 200,100 of WL-2's window: the host's wl_pointer
	// enters it there, which the wayland backend takes as no motion. Host
	// 300,240 is then 300,140 of it: logical 150,70 of WL-2 (scale 2),
	// where the fullscreen client is, and its first motion. Mapped to the
	// whole nested layout instead, it would land on WL-1.
	ok = ok && host_pointer_to(pointer, 200, 200) &&
		host_pointer_to(pointer, 300, 240);
	line = ok ? harness_client_wait_line(client, "pointer enter",
		HARNESS_TIMEOUT_MS) : NULL;
	ok = ok && CHECK(line != NULL, "the pointer over WL-2's window did not "
		"enter the client on WL-2");
	free(line);
	ok = ok && host_pointer_to(pointer, 320, 250);
	line = ok ? harness_client_wait_line(client, "pointer motion",
		HARNESS_TIMEOUT_MS) : NULL;
	double x = -1, y = -1;
	ok = ok && CHECK(line != NULL && sscanf(line, "pointer motion %lf %lf",
		&x, &y) == 2, "no motion on WL-2's client") &&
		CHECK(x == 160 && y == 75, "the pointer is at %.2f,%.2f of the "
		"client on WL-2, want 160,75", x, y);
	free(line);
	if (pointer != NULL) {
		harness_client_send(pointer, "quit");
	}
	return harness_stop(inner, ok);
}

static bool run(const void *data)
{
	const char *args[] = {
		"--output", "HEADLESS-1 mode 1600x768 scale 1", NULL,
	};
	struct harness *host = harness_start(args);
	REQUIRE(host != NULL, "host gridwl did not start");
	bool ok = data != NULL ? body_pointer(host) : body(host);
	return harness_stop(host, ok);
}

int main(void)
{
	struct check_suite suite = {0};
	check_run(&suite, "nested gridwl shows its client on the host", run, NULL);
	check_run(&suite, "the pointer over a nested output's window is on that "
		"output", run, "pointer");
	return check_finish(&suite);
}
