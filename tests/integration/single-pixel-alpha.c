#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "resample-fixture.h"

/*
 * wp_single_pixel_buffer_v1 with wp_viewporter, and wp_alpha_modifier_v1,
 * pixel for pixel on a scale-1 and a scale-2 output (gridctl and grim): a
 * single-pixel buffer is a solid rectangle of its logical size (odd, to
 * catch any rounding), blended over the background as premultiplied
 * colour, also where the output magnifies with bilinear; the alpha multiplier 128/255 blends each path a surface can take
 * exactly as pixman's OVER with a solid mask does: the renderer's own
 * (single-pixel), the 1:1 copy (buffer at the output's scale), the
 * resampled copies (scale 1 on 2, also opaque XRGB8888 buffers, which are
 * otherwise resampled straight into the frame; scale 2 on 1). A commit that
 * only changes the multiplier repaints the output (gridctl outputs' frames).
 */

#define OUT_A "HEADLESS-1" // scale 1, 640x480 at 0,0
#define OUT_B "HEADLESS-2" // scale 2, 640x480 logical at 640,0
#define WIDTH 123
#define HEIGHT 45
#define X 101 // where the window goes on its output, logical
#define Y 57
#define RING 3 // background pixels checked around the window
#define HALF "2155905152" // 0x80808080: a multiplier of 128/255

struct solid_case {
	const char *name;
	const char *output;
	const char *single_pixel; // RRGGBBAA, or NULL for a wl_shm buffer
	const char *colour; // RRGGBB of the wl_shm buffer
	const char *scale; // its buffer scale
	bool opaque; // XRGB8888
	const char *alpha; // multiplier, or NULL for none
	bool bilinear; // the output magnifies with bilinear
};

/* x * y / 255 rounded, as pixman multiplies 8-bit values. */
static uint32_t mul_un8(uint32_t x, uint32_t y) {
	uint32_t t = x * y + 0x80;
	return ((t >> 8) + t) >> 8;
}

/* What wlroots keeps of 8-bit channel c sent as c * 0x01010101. */
static uint32_t single_pixel_channel(uint32_t c) {
	double f = (double)0xff / 0xffffffff;
	return (uint8_t)((double)(c * 0x01010101u) * f);
}

struct expect {
	uint32_t inside;
	int width, height; // physical
};

static uint32_t expect_pixel(void *data, int rx, int ry) {
	const struct expect *e = data;
	bool in = rx >= RING && ry >= RING && rx < RING + e->width &&
			ry < RING + e->height;
	return in ? e->inside : BACKGROUND;
}

/* The premultiplied ARGB colour argb, multiplied by mask (255: none),
 * OVER the background. */
static uint32_t blend(uint32_t argb, uint32_t mask) {
	uint32_t sa = mul_un8(argb >> 24, mask);
	uint32_t out = 0xff000000u;
	for (int shift = 0; shift < 24; shift += 8) {
		uint32_t s = mul_un8((argb >> shift) & 0xff, mask);
		uint32_t b = (BACKGROUND >> shift) & 0xff;
		out |= (s + mul_un8(b, 255 - sa)) << shift;
	}
	return out;
}

static uint32_t case_colour(const struct solid_case *c, uint32_t mask) {
	uint32_t argb;
	if (c->single_pixel != NULL) {
		uint32_t rgba = (uint32_t)strtoul(c->single_pixel, NULL, 16);
		argb = single_pixel_channel(rgba & 0xff) << 24 |
				single_pixel_channel(rgba >> 24) << 16 |
				single_pixel_channel((rgba >> 16) & 0xff) << 8 |
				single_pixel_channel((rgba >> 8) & 0xff);
	} else {
		argb = 0xff000000u | (uint32_t)strtoul(c->colour, NULL, 16);
	}
	return blend(argb, mask);
}

static bool check_shots(struct harness *h, const struct solid_case *c,
		uint32_t inside, const char *what) {
	int scale = strcmp(c->output, OUT_B) == 0 ? 2 : 1;
	struct expect e = { inside, WIDTH * scale, HEIGHT * scale };
	struct image_region region = { X * scale - RING, Y * scale - RING,
		e.width + 2 * RING, e.height + 2 * RING };
	bool ok = true;
	for (int tool = 0; tool < 2; tool++) {
		char name[96];
		snprintf(name, sizeof(name), "%s-%s-%s", c->name, what,
				tool == 0 ? "gridctl" : "grim");
		struct image *image = tool == 0 ?
				screenshot_gridctl(h, c->output, name) :
				screenshot_grim(h, c->output, name);
		if (!CHECK(image != NULL, "%s: no screenshot", name)) {
			ok = false;
			continue;
		}
		struct image_mismatch m = { 0 };
		long bad = image_compare(image, region, expect_pixel, &e, &m);
		ok = CHECK(bad == 0,
					 "%s: %ld pixels differ, first at %d,%d: 0x%08" PRIx32
					 " instead of 0x%08" PRIx32,
					 name, bad, m.x, m.y, m.actual, m.expected) &&
				ok;
		image_destroy(image);
	}
	return ok;
}

static bool settle(struct harness *h) {
	struct json_object *reply =
			harness_gridctl_ok(h, "wait", "settled", "--quiet", "100", NULL);
	json_object_put(reply);
	return reply != NULL;
}

/* Sends "alpha MULTIPLIER", a commit with nothing else in it, and checks
 * the output repainted for it (gridctl's screenshots compose afresh, and
 * grim's frame may come from an older buffer that was repainted anyway). */
static bool set_alpha(struct harness *h, struct harness_client *client,
		const char *output, const char *multiplier) {
	REQUIRE(settle(h), "the screen did not settle");
	int64_t before = rs_output_frames(h, output);
	char command[64];
	snprintf(command, sizeof(command), "alpha %s", multiplier);
	REQUIRE(client_command_synced(client, command), "the client did not sync");
	REQUIRE(settle(h), "the screen did not settle");
	int64_t after = rs_output_frames(h, output);
	return CHECK(before >= 0 && after > before,
			"%s not repainted for alpha %s (frames %" PRId64 ", then %" PRId64
			")",
			output, multiplier, before, after);
}

static bool body(struct harness *h, const void *data) {
	const struct solid_case *c = data;
	const char *bin = getenv("SOLID_CLIENT_BIN");
	REQUIRE(bin != NULL, "SOLID_CLIENT_BIN is not set");
	char size[32];
	snprintf(size, sizeof(size), "%dx%d", WIDTH, HEIGHT);
	const char *argv[16] = { bin, "--app-id", "solid", "--size", size };
	int n = 5;
	if (c->single_pixel != NULL) {
		argv[n++] = "--single-pixel";
		argv[n++] = c->single_pixel;
	} else {
		argv[n++] = "--colour";
		argv[n++] = c->colour;
		argv[n++] = "--scale";
		argv[n++] = c->scale;
	}
	if (c->opaque) {
		argv[n++] = "--opaque";
	}
	if (c->alpha != NULL) {
		argv[n++] = "--alpha";
		argv[n++] = c->alpha;
	}
	struct harness_client *client = harness_spawn(h, "solid", argv);
	REQUIRE(client != NULL, "cannot start the client");
	char *line = harness_client_wait_line(client, "ready", HARNESS_TIMEOUT_MS);
	free(line);
	REQUIRE(line != NULL, "the client did not map");
	int64_t id = wait_window_id(h, "solid");
	REQUIRE(id > 0, "no window");
	char id_text[32], x[16], y[16];
	snprintf(id_text, sizeof(id_text), "%" PRId64, id);
	snprintf(x, sizeof(x), "%d", strcmp(c->output, OUT_B) == 0 ? 640 + X : X);
	snprintf(y, sizeof(y), "%d", Y);
	struct json_object *moved =
			harness_gridctl_ok(h, "move", id_text, x, y, NULL);
	json_object_put(moved);
	REQUIRE(moved != NULL, "cannot move the window");

	if (c->bilinear) {
		struct json_object *set = harness_gridctl_ok(h, "output", c->output,
				"filter", "bilinear", NULL);
		json_object_put(set);
		REQUIRE(set != NULL, "cannot set the filter");
	}
	uint32_t mask = c->alpha != NULL ? 128 : 255;
	bool ok = check_shots(h, c, case_colour(c, mask), "first");
	if (c->alpha != NULL) {
		// The multiplier alone, committed without a new buffer.
		ok = set_alpha(h, client, c->output, "4294967295") &&
				check_shots(h, c, case_colour(c, 255), "opaque") && ok;
		ok = set_alpha(h, client, c->output, "0") &&
				check_shots(h, c, BACKGROUND, "invisible") && ok;
		ok = set_alpha(h, client, c->output, HALF) &&
				check_shots(h, c, case_colour(c, mask), "half") && ok;
	}
	ok = CHECK_QUITS(client, "the client") && ok;
	return ok;
}

int main(void) {
	static const struct solid_case cases[] = {
		{ "single-pixel-1", OUT_A, "2080c0ff", NULL, NULL, false, NULL, false },
		{ "single-pixel-2", OUT_B, "2080c0ff", NULL, NULL, false, NULL, false },
		{ "single-pixel-translucent-2", OUT_B, "40200080", NULL, NULL, false,
				NULL, false },
		// A one-pixel source is solid at any size, whatever the filter.
		{ "single-pixel-bilinear-2", OUT_B, "2080c0ff", NULL, NULL, false, NULL,
				true },
		{ "single-pixel-alpha-1", OUT_A, "2080c0ff", NULL, NULL, false, HALF,
				false },
		{ "single-pixel-alpha-2", OUT_B, "40200080", NULL, NULL, false, HALF,
				false },
		{ "1to1-alpha-1", OUT_A, NULL, "2080c0", "1", false, HALF, false },
		{ "1to1-alpha-2", OUT_B, NULL, "2080c0", "2", true, HALF, false },
		{ "magnified-alpha", OUT_B, NULL, "2080c0", "1", false, HALF, false },
		{ "magnified-opaque-alpha", OUT_B, NULL, "2080c0", "1", true, HALF,
				false },
		{ "reduced-alpha", OUT_A, NULL, "2080c0", "2", false, HALF, false },
	};
	struct check_suite suite = { 0 };
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		check_run_mixed_layout(&suite, cases[i].name, body, &cases[i]);
	}
	return check_finish(&suite);
}
