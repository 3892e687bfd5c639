#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "client-spawn.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "virtual-pointer.h"

/*
 * A client's own cursor surface goes through the same path as its windows:
 * a buffer at the output's scale is shown 1:1, a scale-2 cursor on a
 * scale-1 output is box-reduced, a scale-1 one on a scale-2 output
 * magnified with the output's filter. The pattern client sets a 16x16
 * coords cursor (hotspot at its top-left) while the pointer is over its
 * window; gridctl screenshot --cursor shows it as the output does.
 */

// HEADLESS-1 640x480 @1 at 0,0; HEADLESS-2 @2 at 640,0
#define LAYOUT_WIDTH 1280
#define LAYOUT_HEIGHT 480
#define CURSOR_SIZE 16

struct cursor_case {
	const char *name;
	int cursor_scale;
	const char *output;
	int output_scale;
	int lx, ly; // pointer position in the layout
	int px, py; // the same in the output's pixels
};

static const struct cursor_case cases[] = {
	{ "a scale-2 cursor surface on a scale-2 output", 2, "HEADLESS-2", 2, 750,
			150, 220, 300 },
	{ "a scale-2 cursor surface on a scale-1 output", 2, "HEADLESS-1", 1, 550,
			150, 550, 150 },
	{ "a scale-1 cursor surface on a scale-2 output", 1, "HEADLESS-2", 2, 801,
			201, 322, 402 },
	{ "a scale-1 cursor surface on a scale-1 output", 1, "HEADLESS-1", 1, 600,
			250, 600, 250 },
};

static bool body(struct harness *h, const void *data) {
	const struct cursor_case *c = data;
	char scale[8];
	snprintf(scale, sizeof(scale), "%d", c->cursor_scale);
	struct harness_client *client = spawn_pattern_pointer_ready(h, "cursor",
			400, 300, 1, "--app-id", "cursor", "--pattern", "solid:208040",
			"--size", "400x300", "--cursor", scale, NULL);
	REQUIRE(client != NULL, "no window with a wl_pointer");
	REQUIRE(rs_place(h, "cursor", 450, 100) > 0, "cannot place the window");

	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no virtual pointer");
	REQUIRE(harness_client_send(pointer, "move %d %d %d %d", c->lx, c->ly,
					LAYOUT_WIDTH, LAYOUT_HEIGHT),
			"cannot move the pointer");
	char *line = harness_client_wait_line(pointer, "moved", HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "the pointer did not move");
	free(line);
	line = harness_client_wait_line(client, "pointer enter",
			HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "the window never got the pointer");
	free(line);
	REQUIRE(client_command_synced(client, "sync"), "no sync");

	char name[64];
	snprintf(name, sizeof(name), "cursor-surface-b%d-%s", c->cursor_scale,
			c->output);
	struct image *shot = screenshot_cursor(h, c->output, name);
	REQUIRE(shot != NULL, "no screenshot");

	struct pattern coords = { .kind = PATTERN_COORDS };
	int bsize = CURSOR_SIZE * c->cursor_scale;
	struct image *buffer = resample_pattern_buffer(&coords, bsize, bsize);
	struct image *want = buffer != NULL ?
			resample_expect(buffer, c->cursor_scale, c->output_scale,
					RESAMPLE_NEAREST) :
			NULL;
	bool ok =
			CHECK(want != NULL && want->width == CURSOR_SIZE * c->output_scale,
					"no expectation");
	long wrong = 0, compared = 0;
	for (int y = 0; ok && y < want->height; y++) {
		for (int x = 0; x < want->width; x++) {
			compared++;
			if (image_get(shot, c->px + x, c->py + y) !=
					image_get(want, x, y)) {
				if (wrong++ == 0) {
					fprintf(stderr,
							"first mismatch at %d,%d: 0x%08x, want "
							"0x%08x\n",
							c->px + x, c->py + y,
							image_get(shot, c->px + x, c->py + y),
							image_get(want, x, y));
				}
			}
		}
	}
	if (wrong > 0) {
		check_save_artifact(shot, name);
	}
	ok = ok &&
			CHECK(wrong == 0 && compared > 0,
					"%s: %ld of %ld cursor "
					"pixels differ from the scale-%d buffer shown at scale %d",
					name, wrong, compared, c->cursor_scale, c->output_scale);
	// Just right of and below the cursor: the window again.
	ok = CHECK(image_get(shot, c->px + CURSOR_SIZE * c->output_scale, c->py) ==
								 0xff208040u &&
						 image_get(shot, c->px,
								 c->py + CURSOR_SIZE * c->output_scale) ==
								 0xff208040u,
				 "%s: the cursor is larger than %d logical pixels", name,
				 CURSOR_SIZE) &&
			ok;
	image_destroy(want);
	image_destroy(buffer);
	image_destroy(shot);
	harness_client_send(pointer, "quit");
	return rs_quit(client) && ok;
}

static bool run(const void *data) {
	return run_mixed_layout(body, data);
}

int main(void) {
	return CHECK_MAIN_TABLE(cases, run);
}
