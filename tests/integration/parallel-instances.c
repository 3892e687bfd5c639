#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "client-lines.h"
#include "harness.h"
#include "screenshots.h"

/*
 * CI runs many application tests at once: eight gridwl, each in its own
 * runtime dir with a client of its own, all running together, and each
 * screenshot shows that gridwl's client alone, exactly (an output of its
 * own size, a fullscreen buffer 1:1 with its own pattern and scale).
 */

#define INSTANCES 8
#define OUTPUT "HEADLESS-1"

struct instance {
	struct harness *h;
	int width, height, scale;
	const char *pattern;
	char app_id[32];
};

static bool start_instance(struct instance *in, int i) {
	static const char *const patterns[] = { "checker", "coords", "grid" };
	in->scale = 1 + i % 2;
	// Even sizes that differ between instances, whole at either scale.
	in->width = 320 + 32 * i;
	in->height = 240 - 16 * i;
	in->pattern = patterns[i % 3];
	snprintf(in->app_id, sizeof(in->app_id), "instance-%d", i);
	char line[96];
	snprintf(line, sizeof(line), OUTPUT " mode %dx%d scale %d", in->width,
			in->height, in->scale);
	const char *args[] = { "--output", line, NULL };
	in->h = harness_start(args);
	return CHECK(in->h != NULL, "gridwl %d did not start", i);
}

static bool spawn_client(struct instance *in) {
	char scale[16];
	snprintf(scale, sizeof(scale), "%d", in->scale);
	const char *args[] = { "--fullscreen", OUTPUT, "--scale", scale,
		"--pattern", in->pattern, "--app-id", in->app_id, NULL };
	struct harness_client *client =
			harness_spawn_pattern_client(in->h, in->app_id, args);
	REQUIRE(client != NULL, "cannot start %s", in->app_id);
	return CHECK_READY(client, in->width / in->scale, in->height / in->scale,
			in->scale);
}

static bool check_instance(struct instance *in) {
	struct json_object *reply = harness_gridctl_ok(in->h, "windows", NULL);
	REQUIRE(reply != NULL, "gridctl windows failed for %s", in->app_id);
	struct json_object *windows = json_path(reply, "windows", json_type_array);
	bool ok = CHECK(windows != NULL && json_object_array_length(windows) == 1 &&
					json_array_find(windows, "app_id", in->app_id) != NULL,
			"%s's gridwl does not list its window alone", in->app_id);
	json_object_put(reply);

	struct pattern pattern;
	REQUIRE(pattern_parse(in->pattern, &pattern), "bad pattern");
	char name[64];
	snprintf(name, sizeof(name), "parallel-%s", in->app_id);
	struct image *image = screenshot_gridctl(in->h, OUTPUT, name);
	ok = CHECK(image != NULL, "no screenshot of %s", in->app_id) && ok;
	if (image != NULL) {
		ok = CHECK(image->width == in->width && image->height == in->height,
					 "%s's screenshot is %dx%d, want %dx%d", in->app_id,
					 image->width, image->height, in->width, in->height) &&
				ok;
		struct image_region all = { 0, 0, in->width, in->height };
		ok = ok &&
				CHECK_PATTERN(image, all, &pattern, in->width, in->height,
						name);
		image_destroy(image);
	}
	return ok;
}

static bool run_parallel(const void *data) {
	struct instance instances[INSTANCES] = { 0 };
	bool ok = true;
	// All of them up before any client, so they really run side by side.
	for (int i = 0; i < INSTANCES && ok; i++) {
		ok = start_instance(&instances[i], i);
	}
	for (int i = 0; i < INSTANCES && ok; i++) {
		ok = spawn_client(&instances[i]);
	}
	for (int i = 0; i < INSTANCES && ok; i++) {
		ok = check_instance(&instances[i]) && ok;
	}
	for (int i = 0; i < INSTANCES; i++) {
		if (instances[i].h != NULL) {
			ok = harness_stop(instances[i].h, ok) && ok;
		}
	}
	return ok;
}

int main(void) {
	return check_main(
			"eight gridwl side by side, each screenshot its own client's "
			"pattern exactly",
			run_parallel, NULL);
}
