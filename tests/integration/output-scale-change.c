#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"
#include "screenshots.h"

/*
 * Changing an output's scale or mode at run time keeps the windows'
 * logical geometry, tells clients the new scale, and the next screenshot
 * shows the same window at the new scale: pixel for pixel, the scale-1
 * checkerboard magnified by the new scale (nearest) at the logical
 * position times the new scale.
 */

#define WX 37
#define WY 23
#define WW 120
#define WH 80

struct step {
	const char *key, *value; // gridctl output HEADLESS-1 KEY VALUE
	int scale, mode_width, mode_height;
};

static const struct step steps[] = {
	{ "scale", "2", 2, 960, 720 },
	{ "mode", "1280x960", 2, 1280, 960 },
	{ "scale", "3", 3, 1280, 960 },
	{ "scale", "1", 1, 1280, 960 },
	{ "scale", "4", 4, 1280, 960 },
};

struct window_at {
	int x, y, width, height;
};

static bool window_kept(struct json_object *window, void *data) {
	const struct window_at *w = data;
	return window_box_matches(window, NULL, w->x, w->y, w->width, w->height);
}

static bool check_step(struct harness *h, struct harness_client *c,
		const struct image *buffer, const struct step *s) {
	struct json_object *reply =
			harness_gridctl_ok(h, "output", RS_OUTPUT, s->key, s->value, NULL);
	json_object_put(reply);
	REQUIRE(reply != NULL, "gridctl output %s %s failed", s->key, s->value);
	char want[96];
	snprintf(want, sizeof(want), "output " RS_OUTPUT " scale=%d mode=%dx%d",
			s->scale, s->mode_width, s->mode_height);
	char *line = harness_client_wait_line(c, want, HARNESS_TIMEOUT_MS);
	bool ok = CHECK(line != NULL, "the client was not told \"%s\"", want);
	free(line);
	struct window_at w = { WX, WY, WW, WH };
	struct json_object *window = harness_wait_window(h, window_kept, &w,
			HARNESS_TIMEOUT_MS, "the window to keep its logical geometry");
	ok = CHECK(window != NULL,
				 "after %s %s the window is no longer at "
				 "%d,%d %dx%d",
				 s->key, s->value, WX, WY, WW, WH) &&
			ok;
	json_object_put(window);

	char name[64];
	snprintf(name, sizeof(name), "scale-change-%s-%s", s->key, s->value);
	struct image *shot = screenshot_gridctl(h, RS_OUTPUT, name);
	REQUIRE(shot != NULL, "no screenshot");
	ok = CHECK(shot->width == s->mode_width && shot->height == s->mode_height,
				 "screenshot is %dx%d", shot->width, shot->height) &&
			ok;
	struct expected *e = expected_create(shot->width, shot->height, BACKGROUND);
	ok = CHECK(e != NULL &&
						 rs_expect_add(e, buffer, NULL, WX, WY, WW, WH, 1,
								 s->scale, RESAMPLE_NEAREST),
				 "no expectation") &&
			ok;
	ok = ok && CHECK_EXPECTED(shot, e, name);
	expected_destroy(e);
	image_destroy(shot);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	struct pattern checker;
	pattern_parse("checker", &checker);
	struct image *buffer = resample_pattern_buffer(&checker, WW, WH);
	struct harness_client *c =
			rs_spawn_at(h, "kept", "checker", 1, WW, WH, WX, WY);
	bool ok = CHECK(buffer != NULL, "no buffer") && c != NULL;
	for (size_t i = 0; ok && i < sizeof(steps) / sizeof(steps[0]); i++) {
		ok = check_step(h, c, buffer, &steps[i]);
	}
	image_destroy(buffer);
	if (c != NULL) {
		ok = rs_quit(c) && ok;
	}
	return ok;
}

static bool run(const void *data) {
	struct harness *h = rs_start(1, NULL);
	REQUIRE(h != NULL, "gridwl did not start");
	bool ok = body(h, data);
	return harness_stop(h, ok);
}

int main(void) {
	return check_main("run-time scale and mode changes keep the window's "
					  "logical geometry and redraw it at the new scale",
			run, NULL);
}
