#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "gridctl-outputs.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "virtual-pointer.h"

/*
 * gridwl on the wayland backend, as a window of another gridwl: a client of
 * the inner compositor must reach the host's screen pixel for pixel. With
 * two nested outputs (two host windows), the pointer over the second one
 * is on the nested gridwl's second output, where the host put it; closing
 * that window unplugs the output and loses no window.
 */

#define INNER_WIDTH 640
#define INNER_HEIGHT 480

/* wlroots' wayland backend names its toplevels so. */
static bool is_inner_window(struct json_object *window, void *data) {
	return json_string_is(window, "app_id", "wlroots");
}

struct host_window {
	int x, y, width, height;
};

static bool find_inner_window(struct harness *host, struct host_window *w) {
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
		const struct pattern *pattern) {
	struct image_region region = { w->x, w->y, w->width, w->height };
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	for (;;) {
		struct image *image = screenshot_gridctl(host, "HEADLESS-1", "host");
		REQUIRE(image != NULL, "no host screenshot");
		bool last = harness_now_ms() >= deadline;
		long count = pattern_mismatches(image, region, pattern, INNER_WIDTH,
				INNER_HEIGHT);
		if (count == 0 || last) {
			bool ok = count == 0 ||
					CHECK_PATTERN(image, region, pattern, INNER_WIDTH,
							INNER_HEIGHT, "nested-host");
			image_destroy(image);
			return ok;
		}
		image_destroy(image);
		harness_sleep_ms(50);
	}
}

static bool body(struct harness *host) {
	struct harness *inner =
			start_nested_outputs(host, "WL-1 mode 640x480 scale 1", NULL);
	REQUIRE(inner != NULL, "nested gridwl did not start");
	struct host_window w;
	REQUIRE(find_inner_window(host, &w), "cannot find the nested window");

	struct harness_client *client = spawn_pattern_ready(inner, "inner",
			INNER_WIDTH, INNER_HEIGHT, 1, "--fullscreen", "WL-1", "--pattern",
			"coords", "--app-id", "inner", NULL);
	REQUIRE(client != NULL, "inner client not shown");

	struct pattern coords = { .kind = PATTERN_COORDS };
	// The inner compositor's own view first: if that is wrong, the host
	// cannot be right.
	struct image *image = screenshot_gridctl(inner, "WL-1", "inner");
	REQUIRE(image != NULL, "no screenshot of the nested output");
	struct image_region all = { 0, 0, INNER_WIDTH, INNER_HEIGHT };
	bool ok =
			CHECK(image->width == INNER_WIDTH && image->height == INNER_HEIGHT,
					"inner screenshot is %dx%d", image->width, image->height) &&
			CHECK_PATTERN(image, all, &coords, INNER_WIDTH, INNER_HEIGHT,
					"nested-inner");
	image_destroy(image);
	ok = wait_host_shows(host, &w, &coords) && ok;
	return harness_stop(inner, ok);
}

static bool is_title(struct json_object *window, void *data) {
	struct json_object *title = json_path(window, "title", json_type_string);
	return title != NULL && strcmp(json_object_get_string(title), data) == 0;
}

/* The host window of a nested output, moved to x, y of the host. */
static bool place_output_window(struct harness *host, const char *output, int x,
		int y) {
	char title[64], id[32], xs[16], ys[16];
	snprintf(title, sizeof(title), "wlroots - %s", output);
	struct json_object *window = harness_wait_window(host, is_title, title,
			HARNESS_TIMEOUT_MS, title);
	REQUIRE(window != NULL, "no host window \"%s\"", title);
	struct json_object *wid = json_path(window, "id", json_type_int);
	bool ok = CHECK(wid != NULL, "window without id");
	if (ok) {
		snprintf(id, sizeof(id), "%lld", (long long)json_object_get_int64(wid));
		snprintf(xs, sizeof(xs), "%d", x);
		snprintf(ys, sizeof(ys), "%d", y);
		struct json_object *reply =
				harness_gridctl_ok(host, "move", id, xs, ys, NULL);
		ok = CHECK(reply != NULL, "cannot move %s", title);
		json_object_put(reply);
	}
	json_object_put(window);
	return ok;
}

/* Moves the host's virtual pointer to x, y of its 1600x768 layout. */
static bool host_pointer_to(struct harness_client *pointer, int x, int y) {
	REQUIRE(harness_client_send(pointer, "move %d %d 1600 768", x, y),
			"cannot move the host pointer");
	char *line = harness_client_wait_line(pointer, "moved", HARNESS_TIMEOUT_MS);
	free(line);
	return CHECK(line != NULL, "the host pointer did not move");
}

static bool body_pointer(struct harness *host) {
	// WL-2 is right of WL-1 in the nested layout: 400,0, 400x300 logical.
	struct harness *inner = start_nested_outputs(host,
			"WL-1 mode 400x300 scale 1", "WL-2 mode 800x600 scale 2", NULL);
	REQUIRE(inner != NULL, "nested gridwl did not start");
	// On the host, side by side the other way round: WL-2's window
	// (800x600 host pixels) at 0,100, WL-1's at 900,100.
	bool ok = place_output_window(host, "WL-2", 0, 100) &&
			place_output_window(host, "WL-1", 900, 100);
	// The host's pointer gives the nested gridwl a pointer from its start
	// (headless gridwl has one from its own).
	struct harness_client *client = ok ?
			spawn_pattern_pointer_ready(inner, "inner", 400, 300, 2,
					"--fullscreen", "WL-2", "--pattern", "checker", "--app-id",
					"inner", "--scale", "2", "--cursor", "2", NULL) :
			NULL;
	ok = ok && client != NULL;
	struct harness_client *pointer = ok ? spawn_virtual_pointer(host) : NULL;
	ok = ok && pointer != NULL;
	// Host 200,200 is 200,100 of WL-2's window: the host's wl_pointer
	// enters it there, with no motion (W27), which is logical 100,50 of
	// WL-2 (scale 2), where the fullscreen client is. Host 300,240 is then
	// 300,140 of it, logical 150,70. Mapped to the whole nested layout
	// instead, they would land on WL-1.
	ok = ok && host_pointer_to(pointer, 200, 200) &&
			CHECK_LINE(client, "pointer enter", "pointer enter 100.00 50.00");
	ok = ok && host_pointer_to(pointer, 300, 240) &&
			CHECK_LINE(client, "pointer motion", "pointer motion 150.00 70.00");
	ok = ok && host_pointer_to(pointer, 320, 250) &&
			CHECK_LINE(client, "pointer motion", "pointer motion 160.00 75.00");
	if (pointer != NULL) {
		harness_client_send(pointer, "quit");
	}
	return harness_stop(inner, ok);
}

struct window_on {
	const char *app_id;
	const char *output;
};

/* The window is on exactly that output, whole, at its logical size. */
static bool window_is_on(struct json_object *window, void *data) {
	const struct window_on *want = data;
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	const char *names[] = { want->output, NULL };
	struct json_object *width = json_path(window, "width", json_type_int);
	struct json_object *height = json_path(window, "height", json_type_int);
	return app_id != NULL &&
			strcmp(json_object_get_string(app_id), want->app_id) == 0 &&
			window_outputs_are(window, names) && width != NULL &&
			height != NULL && json_object_get_int(width) == 200 &&
			json_object_get_int(height) == 100;
}

static bool wait_window_on(struct harness *h, const char *app_id,
		const char *output, int *x, int *y) {
	struct window_on want = { app_id, output };
	struct json_object *window = harness_wait_window(h, window_is_on, &want,
			HARNESS_TIMEOUT_MS, output);
	REQUIRE(window != NULL, "window %s should be whole on %s", app_id, output);
	*x = json_object_get_int(json_path(window, "x", json_type_int));
	*y = json_object_get_int(json_path(window, "y", json_type_int));
	json_object_put(window);
	return true;
}

static bool is_output_list(struct json_object *reply, void *data) {
	struct json_object *outputs = json_path(reply, "outputs", json_type_array);
	return outputs != NULL && json_object_array_length(outputs) == 1 &&
			json_array_find(outputs, "name", data) != NULL;
}

/* Closing the host window of a nested output is unplugging that output:
 * it goes, and its window moves whole onto the output that is left, drawn
 * there pixel for pixel. Made again, the output is back where its config
 * line puts it, and the window stays. */
static bool body_close(struct harness *host) {
	struct harness *inner =
			start_nested_outputs(host, "WL-1 mode 400x300 scale 1 position 0,0",
					"WL-2 mode 800x600 scale 2 position 0,300", NULL);
	REQUIRE(inner != NULL, "nested gridwl did not start");
	struct harness_client *client = spawn_pattern_ready(inner, "inner", 200,
			100, 1, "--pattern", "coords", "--app-id", "inner", NULL);
	bool ok = client != NULL;
	int64_t id = ok ? wait_window_id(inner, "inner") : 0;
	struct json_object *reply;
	if (id > 0) {
		char ids[32];
		snprintf(ids, sizeof(ids), "%lld", (long long)id);
		reply = harness_gridctl_ok(inner, "move", ids, "100", "400", NULL);
		ok = CHECK(reply != NULL, "cannot move the inner window") && ok;
		json_object_put(reply);
	}
	int x, y;
	ok = ok && wait_window_on(inner, "inner", "WL-2", &x, &y);

	struct json_object *window = ok ?
			harness_wait_window(host, is_title, "wlroots - WL-2",
					HARNESS_TIMEOUT_MS, "WL-2's host window") :
			NULL;
	ok = ok && CHECK(window != NULL, "no host window for WL-2");
	if (ok) {
		char wid[32];
		snprintf(wid, sizeof(wid), "%lld",
				(long long)json_object_get_int64(
						json_path(window, "id", json_type_int)));
		reply = harness_gridctl_ok(host, "close", wid, NULL);
		ok = CHECK(reply != NULL, "cannot close WL-2's host window");
		json_object_put(reply);
	}
	json_object_put(window);

	const char *list[] = { "outputs", NULL };
	reply = ok ? harness_wait_gridctl(inner, list, is_output_list, "WL-1",
						 HARNESS_TIMEOUT_MS, "WL-2 gone") :
				 NULL;
	ok = ok && CHECK(reply != NULL, "WL-2 should be gone, WL-1 left");
	json_object_put(reply);
	char *line = ok ? harness_client_wait_line(client, "output_removed",
							  HARNESS_TIMEOUT_MS) :
					  NULL;
	ok = ok &&
			CHECK(line != NULL && strcmp(line, "output_removed WL-2") == 0,
					"the client should see WL-2 go, saw \"%s\"",
					line ? line : "");
	free(line);
	ok = ok && wait_window_on(inner, "inner", "WL-1", &x, &y);
	ok = ok &&
			CHECK(x >= 0 && y >= 0 && x + 200 <= 400 && y + 100 <= 300,
					"the window should be inside WL-1, is at %d,%d", x, y);

	// Drawn there: the pattern, 1:1 at scale 1.
	struct image *image =
			ok ? screenshot_gridctl(inner, "WL-1", "inner") : NULL;
	ok = ok && CHECK(image != NULL, "no screenshot of WL-1");
	if (ok) {
		struct pattern coords = { .kind = PATTERN_COORDS };
		struct image_region region = { x, y, 200, 100 };
		ok = CHECK_PATTERN(image, region, &coords, 200, 100, "nested-close");
	}
	image_destroy(image);

	reply = ok ? harness_gridctl_ok(inner, "create-output", "800x600", "scale",
						 "2", NULL) :
				 NULL;
	ok = ok && CHECK(reply != NULL, "cannot create an output again") &&
			CHECK_JSON_STRING(reply, "name", "WL-2");
	json_object_put(reply);
	ok = ok &&
			CHECK(wait_output_ints(inner, "WL-2",
						  (const char *const[]){ "x", "y", "scale", NULL },
						  (const int[]){ 0, 300, 2 }, "WL-2 back at 0,300"),
					"WL-2 should be back at 0,300, scale 2");
	int x_after, y_after;
	ok = ok && wait_window_on(inner, "inner", "WL-1", &x_after, &y_after) &&
			CHECK(x_after == x && y_after == y,
					"the window moved from %d,%d to "
					"%d,%d when WL-2 came back",
					x, y, x_after, y_after);
	return harness_stop(inner, ok);
}

static bool run(const void *data) {
	const char *args[] = {
		"--output",
		"HEADLESS-1 mode 1600x768 scale 1",
		NULL,
	};
	struct harness *host = harness_start(args);
	REQUIRE(host != NULL, "host gridwl did not start");
	bool ok;
	if (data == NULL) {
		ok = body(host);
	} else if (strcmp(data, "pointer") == 0) {
		ok = body_pointer(host);
	} else {
		ok = body_close(host);
	}
	return harness_stop(host, ok);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "nested gridwl shows its client on the host", run, NULL);
	check_run(&suite,
			"the pointer over a nested output's window is on that "
			"output",
			run, "pointer");
	check_run(&suite,
			"closing a nested output's window moves its window "
			"onto the other output",
			run, "close");
	return check_finish(&suite);
}
