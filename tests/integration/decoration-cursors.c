#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/xcursor.h>
#include "check.h"
#include "framed-windows.h"
#include "harness.h"
#include "screenshots.h"
#include "virtual-pointer.h"

/*
 * The pointer over a window's frame shows the theme's shape for what it
 * does there, at the output's scale (Adwaita at size 24, so 48 pixels on a
 * scale-2 output): left_ptr on the title bar, e-resize on the right
 * border, se-resize at the bottom right corner (the names wlroots gives
 * edges), and left_ptr again on the background beside it. gridctl screenshot --cursor
 * shows the cursor as the output does; its fully opaque pixels must be
 * exactly the theme's image of that name and size.
 */

#define THEME "Adwaita"
#define SIZE 24
#define LAYOUT_WIDTH 1280
#define LAYOUT_HEIGHT 480
#define BORDER 2

struct spot {
	const char *shape;
	int lx, ly; // where the pointer goes, in the layout
};

static uint32_t xcursor_pixel(const struct wlr_xcursor_image *image, int x,
		int y) {
	return ((const uint32_t *)image->buffer)[(size_t)y * image->width + x];
}

/* Whether the opaque pixels around the pointer at (px, py) of shot are
 * image's; *opaque gets how many were compared. */
static long cursor_mismatches(const struct image *shot,
		const struct wlr_xcursor_image *image, int px, int py, long *opaque) {
	int x0 = px - (int)image->hotspot_x, y0 = py - (int)image->hotspot_y;
	long wrong = 0;
	*opaque = 0;
	for (int y = 0; y < (int)image->height; y++) {
		for (int x = 0; x < (int)image->width; x++) {
			uint32_t pixel = xcursor_pixel(image, x, y);
			int sx = x0 + x, sy = y0 + y;
			if (pixel >> 24 != 0xff || sx < 0 || sy < 0 || sx >= shot->width ||
					sy >= shot->height) {
				continue;
			}
			(*opaque)++;
			wrong += image_get(shot, sx, sy) != pixel;
		}
	}
	return wrong;
}

static bool check_spot(struct harness *h, struct harness_client *pointer,
		struct wlr_xcursor_theme *theme, const struct spot *spot) {
	char move[64];
	snprintf(move, sizeof(move), "move %d %d %d %d", spot->lx, spot->ly,
			LAYOUT_WIDTH, LAYOUT_HEIGHT);
	REQUIRE(pointer_command(pointer, "moved", move),
			"the pointer did not move");
	struct wlr_xcursor *cursor =
			wlr_xcursor_theme_get_cursor(theme, spot->shape);
	REQUIRE(cursor != NULL && cursor->image_count > 0, "no %s in the %s theme",
			spot->shape, THEME);
	const struct wlr_xcursor_image *want = cursor->images[0];
	REQUIRE(want->width == 2 * SIZE, "%s is %u pixels, not %d", spot->shape,
			want->width, 2 * SIZE);
	struct image *shot = screenshot_cursor(h, "HEADLESS-2", "cursor");
	REQUIRE(shot != NULL, "no screenshot");
	long opaque;
	long wrong = cursor_mismatches(shot, want, (spot->lx - 640) * 2,
			spot->ly * 2, &opaque);
	bool ok = CHECK(opaque > 20 && wrong == 0,
			"at %d,%d: %ld of %ld opaque pixels differ from the theme's %s",
			spot->lx, spot->ly, wrong, opaque, spot->shape);
	if (!ok) {
		check_save_artifact(shot, spot->shape);
	}
	image_destroy(shot);
	return ok;
}

static bool body(struct harness *h, struct wlr_xcursor_theme *theme) {
	struct harness_client *pointer = spawn_virtual_pointer(h);
	REQUIRE(pointer != NULL, "no virtual pointer");
	struct harness_client *c =
			spawn_framed(h, "deco", "server", "server", 1, "cursors");
	REQUIRE(c != NULL, "no client");
	struct frame_info f;
	bool ok = move_window(h, "deco", 801, 203) && window_frame(h, "deco", &f) &&
			CHECK(f.has_frame, "the window has no frame");
	if (ok) {
		const struct spot spots[] = {
			{ "left_ptr", f.x + 50, f.fy + BORDER + 4 },
			{ "e-resize", f.x + f.width + 1, f.y + 50 },
			{ "se-resize", f.x + f.width + 1, f.y + f.height + 1 },
			// Off the frame, on the background: the arrow again.
			{ "left_ptr", f.x + f.width + 8, f.y + f.height + 8 },
		};
		for (size_t i = 0; i < sizeof(spots) / sizeof(spots[0]); i++) {
			ok = check_spot(h, pointer, theme, &spots[i]) && ok;
		}
	}
	harness_client_kill(c);
	harness_client_kill(pointer);
	return ok;
}

static bool run(const void *data) {
	struct wlr_xcursor_theme *theme = wlr_xcursor_theme_load(THEME, 2 * SIZE);
	REQUIRE(theme != NULL, "no %s cursor theme (adwaita-icon-theme)", THEME);
	char *dir = harness_mkdtemp();
	size_t len = strlen(dir) + sizeof("/config");
	char *config = malloc(len);
	snprintf(config, len, "%s/config", dir);
	FILE *f = fopen(config, "w");
	bool ok = CHECK(f != NULL, "cannot write %s", config);
	struct harness *h = NULL;
	if (f != NULL) {
		fprintf(f, "cursor %s %d\n", THEME, SIZE);
		fclose(f);
		const char *args[] = { "--config", config, "--output",
			"HEADLESS-1 mode 640x480 scale 1", "--output",
			"HEADLESS-2 mode 1280x960 scale 2", NULL };
		h = harness_start(args);
		ok = CHECK(h != NULL, "gridwl did not start");
	}
	if (h != NULL) {
		ok = body(h, theme) && ok;
		ok = harness_stop(h, ok) && ok;
	}
	harness_remove_tree(dir);
	free(dir);
	free(config);
	wlr_xcursor_theme_destroy(theme);
	return ok;
}

int main(void) {
	return check_main(
			"over a frame the cursor is the theme's shape for the title, an "
			"edge and a corner, at the output's scale",
			run, NULL);
}
