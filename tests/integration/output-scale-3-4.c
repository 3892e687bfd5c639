#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * Output scales 3 and 4 work end to end: clients are told the scale and the
 * logical size, fullscreen fills the logical output, and a scale-1 buffer
 * reaches the output with every buffer pixel as an exact k x k block (the
 * renderer path, until render/ has its own kernels).
 */

#define OUTPUT "HEADLESS-1"
#define MODE_WIDTH 960
#define MODE_HEIGHT 720

struct scale_case {
	int scale;
	const char *pattern;
};

struct magnified {
	const struct pattern *pattern;
	int scale, bw, bh;
};

static uint32_t expect_magnified(void *data, int rx, int ry) {
	const struct magnified *m = data;
	return pattern_pixel(m->pattern, rx / m->scale, ry / m->scale, m->bw,
			m->bh);
}

static bool body(struct harness *h, const struct scale_case *c) {
	struct pattern pattern;
	REQUIRE(pattern_parse(c->pattern, &pattern), "bad pattern %s", c->pattern);
	const char *args[] = {
		"--fullscreen",
		OUTPUT,
		"--scale",
		"1",
		"--pattern",
		c->pattern,
		"--app-id",
		"magnified",
		NULL,
	};
	struct harness_client *client =
			harness_spawn_pattern_client(h, "magnified", args);
	REQUIRE(client != NULL, "cannot start the pattern client");
	int lw = MODE_WIDTH / c->scale, lh = MODE_HEIGHT / c->scale;

	char want[128];
	snprintf(want, sizeof(want), "output " OUTPUT " scale=%d mode=%dx%d",
			c->scale, MODE_WIDTH, MODE_HEIGHT);
	char *line = harness_client_wait_line(client, "output " OUTPUT,
			HARNESS_TIMEOUT_MS);
	bool ok = CHECK(line != NULL && strcmp(line, want) == 0,
			"client should print \"%s\", got \"%s\"", want, line ? line : "");
	free(line);
	snprintf(want, sizeof(want),
			"xdg_output " OUTPUT " x=0 y=0 width=%d "
			"height=%d",
			lw, lh);
	line = harness_client_wait_line(client, "xdg_output " OUTPUT,
			HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL && strcmp(line, want) == 0,
				 "client should print \"%s\", got \"%s\"", want,
				 line ? line : "") &&
			ok;
	free(line);
	REQUIRE(CHECK_READY(client, lw, lh, 1), "client not shown");

	char name[64];
	snprintf(name, sizeof(name), "scale%d-%s", c->scale, c->pattern);
	struct image *image = screenshot_gridctl(h, OUTPUT, name);
	REQUIRE(image != NULL, "no screenshot");
	ok = CHECK(image->width == MODE_WIDTH && image->height == MODE_HEIGHT,
				 "screenshot is %dx%d", image->width, image->height) &&
			ok;
	struct magnified m = { &pattern, c->scale, lw, lh };
	struct image_region all = { 0, 0, MODE_WIDTH, MODE_HEIGHT };
	struct image_mismatch mismatch;
	long count = image_compare(image, all, expect_magnified, &m, &mismatch);
	ok = CHECK(count == 0,
				 "%s: %ld pixels differ, first at %d,%d: expected "
				 "0x%08x, got 0x%08x",
				 name, count, mismatch.x, mismatch.y, mismatch.expected,
				 mismatch.actual) &&
			ok;
	image_destroy(image);
	return ok;
}

static bool body_case(struct harness *h, const void *data) {
	return body(h, data);
}

static bool run_case(const void *data) {
	const struct scale_case *c = data;
	return run_on_output(OUTPUT, MODE_WIDTH, MODE_HEIGHT, c->scale, body_case,
			c);
}

int main(void) {
	static const struct scale_case cases[] = {
		{ 3, "checker" },
		{ 3, "coords" },
		{ 4, "checker" },
		{ 4, "coords" },
	};
	struct check_suite suite = { 0 };
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char name[64];
		snprintf(name, sizeof(name), "scale-1 %s on a scale-%d output",
				cases[i].pattern, cases[i].scale);
		check_run(&suite, name, run_case, &cases[i]);
	}
	return check_finish(&suite);
}
