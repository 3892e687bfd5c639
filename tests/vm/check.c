#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "image.h"
#include "pattern.h"

/*
 * Checks a screenshot of the VM test against the coords pattern, exactly:
 *
 *   vm-check PNG full WIDTH HEIGHT [CURSOR.png]
 *     a fullscreen buffer at the output's scale: pixel (x, y) is coords(x, y)
 *   vm-check PNG window WIDTH HEIGHT X Y BW BH K [CURSOR.png]
 *     a BWxBH coords buffer magnified K times (nearest) at physical X,Y, and
 *     the background everywhere else
 *
 * With a last argument CURSOR.png (gridctl screenshot --cursor of the same
 * scene), a pixel may also be what that image has where it differs from the
 * pattern: the cursor, which grim and the scanout show when it is a software
 * cursor and do not when it is on a hardware plane.
 *
 * Prints one line: what matched, or how many pixels did not, the first of
 * them and the largest difference of a channel (which tells a filter
 * difference from a misplaced image). A diff image goes next to the PNG.
 */

#define BACKGROUND 0xff333333u

struct expect {
	struct pattern pattern;
	int x, y, width, height; // the window in image pixels
	int bw, bh, factor;
};

static uint32_t expected(const struct expect *e, int x, int y)
{
	if (x < e->x || y < e->y || x >= e->x + e->width ||
			y >= e->y + e->height) {
		return BACKGROUND;
	}
	return pattern_pixel(&e->pattern, (x - e->x) / e->factor,
		(y - e->y) / e->factor, e->bw, e->bh);
}

static uint32_t expect_at(void *data, int rx, int ry)
{
	return expected(data, rx, ry);
}

static int channel_diff(uint32_t a, uint32_t b)
{
	int max = 0;
	for (int shift = 0; shift < 32; shift += 8) {
		int d = abs((int)((a >> shift) & 0xff) - (int)((b >> shift) & 0xff));
		if (d > max) {
			max = d;
		}
	}
	return max;
}

static int parse(const char *text)
{
	char *end;
	long value = strtol(text, &end, 10);
	if (end == text || *end != '\0' || value < 0 || value > 16384) {
		fprintf(stderr, "vm-check: bad number %s\n", text);
		exit(2);
	}
	return (int)value;
}

int main(int argc, char *argv[])
{
	if (argc < 5) {
		fprintf(stderr, "usage: vm-check PNG full|window WIDTH HEIGHT ...\n");
		return 2;
	}
	const char *path = argv[1];
	int width = parse(argv[3]), height = parse(argv[4]);
	struct expect e = { .pattern = { .kind = PATTERN_COORDS } };
	const char *cursor_path = NULL;
	if (strcmp(argv[2], "full") == 0 && (argc == 5 || argc == 6)) {
		e = (struct expect){ e.pattern, 0, 0, width, height,
			width, height, 1 };
		cursor_path = argc == 6 ? argv[5] : NULL;
	} else if (strcmp(argv[2], "window") == 0 &&
			(argc == 10 || argc == 11)) {
		cursor_path = argc == 11 ? argv[10] : NULL;
		e.x = parse(argv[5]);
		e.y = parse(argv[6]);
		e.bw = parse(argv[7]);
		e.bh = parse(argv[8]);
		e.factor = parse(argv[9]);
		if (e.factor < 1) {
			fprintf(stderr, "vm-check: factor must be positive\n");
			return 2;
		}
		e.width = e.bw * e.factor;
		e.height = e.bh * e.factor;
	} else {
		fprintf(stderr, "vm-check: bad arguments\n");
		return 2;
	}

	struct image *image = image_load_png(path);
	if (image == NULL) {
		printf("cannot load %s\n", path);
		return 1;
	}
	if (image->width != width || image->height != height) {
		printf("%s is %dx%d, want %dx%d\n", path, image->width,
			image->height, width, height);
		return 1;
	}
	struct image *cursor = NULL;
	if (cursor_path != NULL) {
		cursor = image_load_png(cursor_path);
		if (cursor == NULL || cursor->width != width ||
				cursor->height != height) {
			printf("bad cursor image %s\n", cursor_path);
			return 1;
		}
	}
	// Pixels of the cursor: in the cursor image, and among them those the
	// checked image shows.
	long cursor_pixels = 0, cursor_shown = 0;
	for (int y = 0; cursor != NULL && y < height; y++) {
		for (int x = 0; x < width; x++) {
			uint32_t c = image_get(cursor, x, y);
			if (c == expected(&e, x, y)) {
				continue;
			}
			cursor_pixels++;
			if (image_get(image, x, y) == c) {
				cursor_shown++;
				// Counts as expected from here on.
				image_set(image, x, y, expected(&e, x, y));
			}
		}
	}
	char cursor_note[128] = "";
	if (cursor != NULL) {
		snprintf(cursor_note, sizeof(cursor_note),
			"; cursor %ld px, %ld of them shown", cursor_pixels,
			cursor_shown);
	}
	image_destroy(cursor);

	struct image_region all = { 0, 0, width, height };
	struct image_mismatch mismatch = {0};
	long count = image_compare(image, all, expect_at, &e, &mismatch);
	if (count == 0) {
		printf("%dx%d exact (%dx%d coords x%d at %d,%d)%s\n", width,
			height, e.bw, e.bh, e.factor, e.x, e.y, cursor_note);
		image_destroy(image);
		return 0;
	}

	int max_diff = 0;
	long in_window = 0;
	for (int y = 0; y < height; y++) {
		for (int x = 0; x < width; x++) {
			uint32_t want = expected(&e, x, y);
			uint32_t got = image_get(image, x, y);
			if (want == got) {
				continue;
			}
			int d = channel_diff(want, got);
			if (d > max_diff) {
				max_diff = d;
			}
			if (want != BACKGROUND) {
				in_window++;
			}
		}
	}
	char diff_path[4096];
	snprintf(diff_path, sizeof(diff_path), "%s.diff.png", path);
	struct image *diff = image_diff(image, all, expect_at, &e);
	if (diff != NULL) {
		image_save_png(diff, diff_path);
		image_destroy(diff);
	}
	printf("%ld of %d pixels differ (%ld in the window), first at %d,%d: "
		"want %08x got %08x; max channel difference %d%s\n", count,
		width * height, in_window, mismatch.x, mismatch.y,
		mismatch.expected, mismatch.actual, max_diff, cursor_note);
	image_destroy(image);
	return 1;
}
