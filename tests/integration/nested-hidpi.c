#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-outputs.h"
#include "harness.h"
#include "image.h"
#include "pattern.h"
#include "resample_expect.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "virtual-pointer.h"

/*
 * gridwl nested in a gridwl whose output is at scale 2: the nested window
 * is drawn at the host's scale, so one nested pixel is one host pixel. A
 * scale-2 client inside reaches the host's screen 1:1, a scale-1 one is
 * magnified once (by the nested gridwl), not twice; a host scale change, a
 * host resize and a move to a host output of another scale re-fit the
 * nested output, exact each time; the host's pointer lands on the nested
 * pixel under it (at host scale 1 and 2), with the client's cursor 1:1.
 */

#define HOST_WIDTH 1600
#define HOST_HEIGHT 1200

struct host_window {
	int x, y; // logical, on the host
	int64_t id;
};

struct window_size {
	const char *title;
	int width, height;
};

static bool is_sized_window(struct json_object *window, void *data) {
	const struct window_size *want = data;
	struct json_object *title = json_path(window, "title", json_type_string);
	struct json_object *width = json_path(window, "width", json_type_int);
	struct json_object *height = json_path(window, "height", json_type_int);
	return title != NULL && width != NULL && height != NULL &&
			strcmp(json_object_get_string(title), want->title) == 0 &&
			json_object_get_int(width) == want->width &&
			json_object_get_int(height) == want->height;
}

/* WL-1's host window, once it is width x height logical on the host. */
static bool find_host_window(struct harness *host, int width, int height,
		struct host_window *w) {
	struct window_size want = { "wlroots - WL-1", width, height };
	struct json_object *window = harness_wait_window(host, is_sized_window,
			&want, HARNESS_TIMEOUT_MS, "WL-1's host window");
	REQUIRE(window != NULL, "WL-1's host window should be %dx%d logical", width,
			height);
	w->x = json_object_get_int(json_path(window, "x", json_type_int));
	w->y = json_object_get_int(json_path(window, "y", json_type_int));
	w->id = json_object_get_int64(json_path(window, "id", json_type_int));
	json_object_put(window);
	return true;
}

static bool wait_wl1(struct harness *inner, int width, int height, int scale) {
	return CHECK(wait_output_ints(inner, "WL-1",
						 (const char *const[]){ "mode.width", "mode.height",
								 "scale", NULL },
						 (const int[]){ width, height, scale },
						 "WL-1's mode and scale"),
			"the nested WL-1 should be %dx%d at scale %d", width, height,
			scale);
}

/* The inner compositor and then the host repaint on their own schedules:
 * look at the host's screen until the region is expected (width x height
 * physical, drawn from expected's pixels 1:1). */
static struct image *host_screenshot(struct harness *host, const char *output,
		bool with_cursor) {
	if (!with_cursor) {
		return screenshot_gridctl(host, output, "host");
	}
	return screenshot_cursor(host, output, "host-cursor");
}

struct host_shot {
	struct harness *host;
	const char *output;
	bool with_cursor;
};

static struct image *take_host_shot(void *data) {
	struct host_shot *shot = data;
	return host_screenshot(shot->host, shot->output, shot->with_cursor);
}

static bool wait_host_shows(struct harness *host, const char *output,
		bool with_cursor, struct image_region region,
		const struct image *expected, const char *name) {
	struct host_shot shot = { host, output, with_cursor };
	return screenshot_wait_matches(take_host_shot, &shot, region, expected,
			name);
}

/* The host's output shows, from its physical pixel x, y on, the client's
 * pattern buffer (bw x bh) magnified by magnify. */
static bool check_host_at(struct harness *host, const char *output, int x,
		int y, const struct pattern *pattern, int bw, int bh, int magnify,
		const char *name) {
	struct image *buffer = resample_pattern_buffer(pattern, bw, bh);
	struct image *expected =
			magnify > 1 ? resample_magnify_nearest(buffer, magnify) : NULL;
	struct image_region region = { x, y, bw * magnify, bh * magnify };
	bool ok = wait_host_shows(host, output, false, region,
			expected != NULL ? expected : buffer, name);
	image_destroy(expected);
	image_destroy(buffer);
	return ok;
}

/* The same where WL-1's window is on HEADLESS-1 at host scale s. */
static bool check_host(struct harness *host, const struct host_window *w,
		int host_scale, const struct pattern *pattern, int bw, int bh,
		int magnify, const char *name) {
	return check_host_at(host, "HEADLESS-1", w->x * host_scale,
			w->y * host_scale, pattern, bw, bh, magnify, name);
}

static struct harness *start_inner(struct harness *host, const char *line) {
	return start_nested_outputs(host, line, NULL);
}

/* A fullscreen client on WL-1 drawing at scale, or at the scale it is
 * told when scale is 0; its cursor surface at scale (1 when told). */
static struct harness_client *spawn_fullscreen(struct harness *inner,
		const char *pattern, int scale) {
	char scale_text[16];
	snprintf(scale_text, sizeof(scale_text), "%d", scale > 0 ? scale : 1);
	const char *args[] = {
		"--fullscreen",
		"WL-1",
		"--pattern",
		pattern,
		"--app-id",
		"inner",
		"--scale",
		scale > 0 ? scale_text : "preferred",
		"--cursor",
		scale_text,
		NULL,
	};
	return harness_spawn_pattern_client(inner, "inner", args);
}

/* Waits for the client's line want; false after reporting why. */
static bool client_line(struct harness_client *client, const char *want,
		const char *why) {
	char *line = harness_client_wait_line(client, want, HARNESS_TIMEOUT_MS);
	free(line);
	return CHECK(line != NULL, "%s", why);
}

/* A scale-2 client in the nested scale-2 output: 1:1 through both
 * compositors. A scale-1 one: the nested gridwl's nearest magnification
 * by 2, and nothing more. */
static bool body_one_to_one(struct harness *host, int client_scale) {
	struct harness *inner = start_inner(host, "WL-1 mode 800x600 scale 2");
	REQUIRE(inner != NULL, "nested gridwl did not start");
	struct host_window w;
	bool ok = find_host_window(host, 400, 300, &w) &&
			wait_wl1(inner, 800, 600, 2);
	struct harness_client *client =
			ok ? spawn_fullscreen(inner, "checker", client_scale) : NULL;
	ok = ok && CHECK(client != NULL, "cannot start the inner client") &&
			CHECK_READY(client, 400, 300, client_scale);
	struct pattern checker = { .kind = PATTERN_CHECKER };
	int bw = 400 * client_scale, bh = 300 * client_scale;
	ok = ok &&
			check_host(host, &w, 2, &checker, bw, bh, 2 / client_scale,
					client_scale == 2 ? "nested-hidpi-1to1" :
										"nested-hidpi-scale1");
	return harness_stop(inner, ok);
}

static bool set_host_scale(struct harness *host, const char *scale) {
	struct json_object *reply = harness_gridctl_ok(host, "output", "HEADLESS-1",
			"scale", scale, NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "cannot set the host's scale to %s", scale);
}

/* A nested gridwl in host with WL-1 800x600 (a 400x300 host window at the
 * host's scale 2) and a fullscreen coords client there drawing at the
 * scale it is told, 2. *inner NULL when gridwl did not start. */
static bool start_coords(struct harness *host, struct harness **inner,
		struct host_window *w, struct harness_client **client) {
	*client = NULL;
	*inner = start_inner(host, "WL-1 mode 800x600");
	bool ok = *inner != NULL && find_host_window(host, 400, 300, w) &&
			wait_wl1(*inner, 800, 600, 2);
	*client = ok ? spawn_fullscreen(*inner, "coords", 0) : NULL;
	ok = ok && CHECK(*client != NULL, "cannot start the inner client");
	return ok &&
			client_line(*client, "ready 400 300 2",
					"the client should draw at scale 2");
}

/* Without a configured scale the nested output takes the host's, and
 * follows it from 2 to 1 and back; the host window keeps its logical
 * size, the client (which draws at its preferred scale) its logical
 * geometry, and every step is exact on the host. */
static bool body_scale_change(struct harness *host, int unused) {
	struct harness *inner;
	struct host_window w;
	struct harness_client *client;
	bool ok = start_coords(host, &inner, &w, &client);
	REQUIRE(inner != NULL, "nested gridwl did not start");
	struct pattern coords = { .kind = PATTERN_COORDS };
	ok = ok &&
			check_host(host, &w, 2, &coords, 800, 600, 1,
					"nested-hidpi-change-2");

	struct host_window w1;
	ok = ok && set_host_scale(host, "1") &&
			find_host_window(host, 400, 300, &w1) &&
			CHECK(w1.x == w.x && w1.y == w.y,
					"the host window moved from %d,%d to %d,%d", w.x, w.y, w1.x,
					w1.y) &&
			wait_wl1(inner, 400, 300, 1);
	ok = ok &&
			client_line(client, "ready 400 300 1",
					"the client should draw at scale 1");
	ok = ok &&
			check_host(host, &w, 1, &coords, 400, 300, 1,
					"nested-hidpi-change-1");

	ok = ok && set_host_scale(host, "2") &&
			find_host_window(host, 400, 300, &w1) &&
			wait_wl1(inner, 800, 600, 2);
	ok = ok &&
			client_line(client, "ready 400 300 2",
					"the client should draw at scale 2 again");
	ok = ok &&
			check_host(host, &w, 2, &coords, 800, 600, 1,
					"nested-hidpi-change-back");
	return harness_stop(inner, ok);
}

static bool host_window_command(struct harness *host,
		const struct host_window *w, const char *command, int a, int b) {
	char id[32], as[16], bs[16];
	snprintf(id, sizeof(id), "%lld", (long long)w->id);
	snprintf(as, sizeof(as), "%d", a);
	snprintf(bs, sizeof(bs), "%d", b);
	struct json_object *reply =
			harness_gridctl_ok(host, command, id, as, bs, NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "cannot %s the host window", command);
}

/* The host resizes the window (a configure with a size): the nested
 * output's mode follows at the same scale, and the fullscreen client with
 * it, exact. */
static bool body_resize(struct harness *host, int unused) {
	struct harness *inner;
	struct host_window w;
	struct harness_client *client;
	bool ok = start_coords(host, &inner, &w, &client);
	REQUIRE(inner != NULL, "nested gridwl did not start");
	ok = ok && host_window_command(host, &w, "resize", 300, 200) &&
			wait_wl1(inner, 600, 400, 2) &&
			find_host_window(host, 300, 200, &w);
	ok = ok &&
			client_line(client, "ready 300 200 2",
					"the client should follow, 300x200");
	struct pattern coords = { .kind = PATTERN_COORDS };
	ok = ok &&
			check_host(host, &w, 2, &coords, 600, 400, 1,
					"nested-hidpi-resized");
	return harness_stop(inner, ok);
}

/* On a host with HEADLESS-1 (1600x1200 at scale 2, 0,0) and HEADLESS-2
 * (800x600 at scale 1, 800,0), the window moved from one to the other
 * takes the scale of the one it is on. */
static bool body_move(struct harness *host, int unused) {
	// Where the host window goes (host logical x,y), the nested output's
	// size and scale there, and where on which host output it shows.
	static const struct hop {
		int x, y, width, height, scale;
		const char *output;
		int px, py;
		const char *name;
	} hops[] = {
		{ 100, 50, 800, 600, 2, "HEADLESS-1", 200, 100, "nested-hidpi-on-2" },
		{ 900, 50, 400, 300, 1, "HEADLESS-2", 100, 50, "nested-hidpi-on-1" },
		{ 100, 50, 800, 600, 2, "HEADLESS-1", 200, 100,
				"nested-hidpi-back-on-2" },
	};
	struct harness *inner = start_inner(host, "WL-1 mode 800x600");
	REQUIRE(inner != NULL, "nested gridwl did not start");
	struct host_window w;
	bool ok = find_host_window(host, 400, 300, &w);
	struct harness_client *client = NULL;
	struct pattern coords = { .kind = PATTERN_COORDS };
	for (size_t i = 0; ok && i < sizeof(hops) / sizeof(hops[0]); i++) {
		const struct hop *hop = &hops[i];
		ok = host_window_command(host, &w, "move", hop->x, hop->y) &&
				wait_wl1(inner, hop->width, hop->height, hop->scale);
		if (ok && client == NULL) {
			client = spawn_fullscreen(inner, "coords", 0);
			ok = CHECK(client != NULL, "cannot start the inner client");
		}
		char ready[32], why[96];
		snprintf(ready, sizeof(ready), "ready 400 300 %d", hop->scale);
		snprintf(why, sizeof(why), "%s: the client should draw at scale %d",
				hop->name, hop->scale);
		ok = ok && client_line(client, ready, why);
		ok = ok &&
				check_host_at(host, hop->output, hop->px, hop->py, &coords,
						hop->width, hop->height, 1, hop->name);
	}
	return harness_stop(inner, ok);
}

/* Moves the host's pointer to host pixel x, y (the virtual pointer's
 * extent is the host's 1600x1200 pixels, whatever its scale). */
static bool host_pointer_to(struct harness_client *pointer, int x, int y) {
	char move[96];
	snprintf(move, sizeof(move), "move %d %d %d %d", x, y, HOST_WIDTH,
			HOST_HEIGHT);
	return pointer_command(pointer, "moved", move);
}

/* The host's pointer at a host pixel reaches the nested pixel under it:
 * at host scale 2 half logical pixels too. */
static bool body_pointer(struct harness *host, int host_scale) {
	struct harness *inner = start_inner(host, "WL-1 mode 800x600");
	REQUIRE(inner != NULL, "nested gridwl did not start");
	int logical_width = 800 / host_scale, logical_height = 600 / host_scale;
	struct host_window w;
	bool ok = find_host_window(host, logical_width, logical_height, &w) &&
			wait_wl1(inner, 800, 600, host_scale);
	struct harness_client *client =
			ok ? spawn_fullscreen(inner, "checker", host_scale) : NULL;
	// The host's pointer (headless gridwl has one from its start) gives
	// the nested gridwl its pointer, and the client binds its wl_pointer
	// before it maps.
	char *line = ok && client != NULL ?
			harness_client_wait_line(client, "pointer ready",
					HARNESS_TIMEOUT_MS) :
			NULL;
	ok = ok && CHECK(client != NULL, "cannot start the inner client") &&
			CHECK(line != NULL, "the inner client got no wl_pointer") &&
			CHECK_READY(client, logical_width, logical_height, host_scale);
	free(line);
	struct harness_client *pointer = ok ? spawn_virtual_pointer(host) : NULL;
	ok = ok && pointer != NULL;
	// The first position enters the host window (no motion for the
	// nested gridwl), the second is its first motion.
	int px = w.x * host_scale, py = w.y * host_scale;
	ok = ok && host_pointer_to(pointer, px + 20, py + 20) &&
			host_pointer_to(pointer, px + 40, py + 30);
	ok = ok &&
			client_line(client, "pointer enter",
					"the pointer did not enter the client");
	// Host pixel 203,101 of the window is nested pixel 203,101: logical
	// 101.5,50.5 at scale 2, 203,101 at scale 1. (The client may see the
	// motion to 40,30 first, when the nested pointer started on it.)
	ok = ok && host_pointer_to(pointer, px + 203, py + 101);
	double x = -1, y = -1;
	double want_x = 203.0 / host_scale, want_y = 101.0 / host_scale;
	while (ok && (x != want_x || y != want_y)) {
		line = harness_client_wait_line(client, "pointer motion",
				HARNESS_TIMEOUT_MS);
		ok = CHECK(line != NULL,
				"no motion to %.2f,%.2f on the inner client (last at "
				"%.2f,%.2f)",
				want_x, want_y, x, y);
		ok = ok &&
				CHECK(sscanf(line, "pointer motion %lf %lf", &x, &y) == 2,
						"bad line \"%s\"", line);
		free(line);
	}
	// The client's cursor (16x16 logical at the host's scale, hotspot at
	// its top-left) is there too, 1:1 as the host shows it, pointer
	// included: not magnified by the host as a surface without a buffer
	// scale would be. Just below it, the window's checker again.
	int size = 16 * host_scale;
	struct image *expected = ok ? image_create(size, size + 1) : NULL;
	ok = ok && CHECK(expected != NULL, "out of memory");
	if (ok) {
		struct pattern coords = { .kind = PATTERN_COORDS };
		struct pattern checker = { .kind = PATTERN_CHECKER };
		for (int y = 0; y <= size; y++) {
			for (int x = 0; x < size; x++) {
				image_set(expected, x, y,
						y < size ? pattern_pixel(&coords, x, y, size, size) :
								   pattern_pixel(&checker, 203 + x, 101 + y,
										   logical_width * host_scale,
										   logical_height * host_scale));
			}
		}
		struct image_region region = { px + 203, py + 101, size, size + 1 };
		ok = wait_host_shows(host, "HEADLESS-1", true, region, expected,
				"nested-hidpi-cursor");
	}
	image_destroy(expected);
	if (pointer != NULL) {
		harness_client_send(pointer, "quit");
	}
	return harness_stop(inner, ok);
}

/* A case: its body (with arg) on a host whose HEADLESS-1 is 1600x1200 at
 * host_scale, beside HEADLESS-2 (800x600 at scale 1) when two_outputs. */
struct nested_case {
	const char *name;
	bool (*body)(struct harness *host, int arg);
	int arg;
	int host_scale;
	bool two_outputs;
};

static bool run(const void *data) {
	const struct nested_case *c = data;
	char first[64];
	snprintf(first, sizeof(first),
			"HEADLESS-1 mode 1600x1200 scale %d position 0,0", c->host_scale);
	const char *args[] = {
		"--output",
		first,
		c->two_outputs ? "--output" : NULL,
		"HEADLESS-2 mode 800x600 scale 1 position 800,0",
		NULL,
	};
	struct harness *host = harness_start(args);
	REQUIRE(host != NULL, "host gridwl did not start");
	return harness_stop(host, c->body(host, c->arg));
}

int main(void) {
	static const struct nested_case cases[] = {
		{ "a scale-2 client nested at host scale 2 is 1:1 on the host",
				body_one_to_one, 2, 2, false },
		{ "a scale-1 client nested at host scale 2 is magnified once",
				body_one_to_one, 1, 2, false },
		{ "host scale 2 -> 1 -> 2 re-fits the nested output, exact each "
		  "time",
				body_scale_change, 0, 2, false },
		{ "a host pixel under the pointer is the nested pixel (host "
		  "scale 2)",
				body_pointer, 2, 2, false },
		{ "a host pixel under the pointer is the nested pixel (host "
		  "scale 1)",
				body_pointer, 1, 1, false },
		{ "a host resize re-fits the nested output at its scale, exact",
				body_resize, 0, 2, false },
		{ "moved to a host output of another scale, the nested output "
		  "takes it, exact",
				body_move, 0, 2, true },
	};
	return CHECK_MAIN_TABLE(cases, run);
}
