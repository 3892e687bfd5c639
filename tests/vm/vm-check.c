#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "image.h"
#include "pattern.h"
#include "resample_expect.h"

/*
 * Checks a screenshot of the VM test against a test pattern:
 *
 *   vm-check PNG full WIDTH HEIGHT [CURSOR.png] [OPTIONS]
 *     a fullscreen buffer at the output's scale: pixel (x, y) is the
 *     pattern's (x, y), exactly
 *   vm-check PNG window WIDTH HEIGHT X Y BW BH K [CURSOR.png] [OPTIONS]
 *     a BWxBH buffer magnified K times at physical X,Y, and the background
 *     everywhere else
 *
 * Options, anywhere: --pattern coords|checker|grid (default coords), --filter
 * nearest|bilinear (default nearest), the output's filter; --buffer-scale B
 * (default 1): the buffer is at scale B and K is the output's scale, so the
 * window is BW / B * K wide (B = 2, K = 1: box-reduced by 2); --tolerance N:
 * the window's pixels may be N off per channel even where the definition is
 * exact (a GL sampler's reduction, which the definition does not promise);
 * --output-scale S: the output's scale is S (1.5, in 120ths), and K is
 * ignored: the window is round(BW / B * S) wide and the buffer is resampled
 * at that ratio per axis (resample_expect_ratio: nearest, bilinear, or the
 * area average where it is reduced). Nearest must be
 * exact; with bilinear the window's pixels may be 1 off per channel
 * (resample_tolerance), the background must still be exact. The coords
 * pattern is the one to find misplaced pixels with, but it changes by 1 a
 * pixel, so at 2x its bilinear and nearest images are the same: a check of
 * the filter needs the checker.
 *
 * The expected images come from tests/lib/resample_expect.c, which is
 * written from issue 3's definitions and shares no code with gridwl.
 *
 * With a last argument CURSOR.png (gridctl screenshot --cursor of the same
 * scene), a pixel may also be what that image has where it differs from the
 * expectation: the cursor, which grim and the scanout show when it is a
 * software cursor and do not when it is on a hardware plane.
 *
 * Prints one line: what matched (for a tolerance, how many pixels used it),
 * or how many pixels did not, the first of them and the largest difference
 * of a channel (which tells a filter difference from a misplaced image). A
 * diff image goes next to the PNG.
 */

#define BACKGROUND 0xff333333u

/* The largest cursor the tests can meet: a 64 px image at scale 2. A
 * --cursor shot that differs from the expectation over a larger area shows
 * something else wrong (the same wrong window in both shots), which must not
 * pass as the cursor. */
#define CURSOR_MAX_SIZE 128

/* resample_expect.c reports failed checks through the test library's
 * check.c, which needs json-c; vm-check only calls expected_compare and
 * writes its diffs itself, so this is never called. */
void check_save_artifact(const struct image *image, const char *name);
void check_save_artifact(const struct image *image, const char *name) {
	(void)image;
	(void)name;
}

static int channel_diff(uint32_t a, uint32_t b) {
	int max = 0;
	for (int shift = 0; shift < 32; shift += 8) {
		int d = abs((int)((a >> shift) & 0xff) - (int)((b >> shift) & 0xff));
		if (d > max) {
			max = d;
		}
	}
	return max;
}

static int parse(const char *text) {
	char *end;
	long value = strtol(text, &end, 10);
	if (end == text || *end != '\0' || value < 0 || value > 16384) {
		fprintf(stderr, "vm-check: bad number %s\n", text);
		exit(2);
	}
	return (int)value;
}

/* The screenshot as it must be: the background, and the buffer resampled
 * as the output's scale and filter say, pasted at (x, y). */
struct window_scale {
	int buffer_scale, output_scale;
	int scale120; // a fractional output scale in 120ths; 0: output_scale
	int tolerance; // the least allowed in the window
};

static int window_tolerance(const struct window_scale *ws,
		enum resample_filter filter) {
	int t = ws->scale120 > 0 ?
			(filter == RESAMPLE_BILINEAR &&
					ws->scale120 > ws->buffer_scale * 120) :
			resample_tolerance(ws->buffer_scale, ws->output_scale, filter);
	return t > ws->tolerance ? t : ws->tolerance;
}

/* The window's size in device pixels for a buffer size: round(size / B *
 * S), halves up, as gridwl lays a surface out at a fractional scale. */
static int window_size(const struct window_scale *ws, int size) {
	if (ws->scale120 == 0) {
		return size / ws->buffer_scale * ws->output_scale;
	}
	return (size / ws->buffer_scale * ws->scale120 + 60) / 120;
}

static struct expected *expectation(const struct pattern *pattern, int width,
		int height, int x, int y, int bw, int bh, const struct window_scale *ws,
		enum resample_filter filter) {
	struct expected *e = expected_create(width, height, BACKGROUND);
	struct image *buffer = resample_pattern_buffer(pattern, bw, bh);
	struct image *shown = NULL;
	if (buffer != NULL && ws->scale120 > 0) {
		struct resample_ratio ratio = { window_size(ws, bw), bw,
			window_size(ws, bh), bh };
		shown = resample_expect_ratio(buffer, ratio.mx, ratio.my, &ratio,
				filter);
	} else if (buffer != NULL) {
		shown = resample_expect(buffer, ws->buffer_scale, ws->output_scale,
				filter);
	}
	if (e == NULL || shown == NULL) {
		fprintf(stderr, "vm-check: out of memory\n");
		exit(2);
	}
	expected_paste(e, shown, x, y, window_tolerance(ws, filter));
	image_destroy(shown);
	image_destroy(buffer);
	return e;
}

static uint8_t tolerance_at(const struct expected *e, int x, int y) {
	return e->tolerance[(size_t)y * (size_t)e->image->width + (size_t)x];
}

/* The expectation with the pixels that miss it in opaque red (green where
 * red is expected). */
static void save_diff(const struct expected *e, const struct image *image,
		const char *path) {
	struct image *diff = image_create(image->width, image->height);
	if (diff == NULL) {
		return;
	}
	for (int y = 0; y < image->height; y++) {
		for (int x = 0; x < image->width; x++) {
			uint32_t want = image_get(e->image, x, y);
			uint32_t got = image_get(image, x, y);
			if (channel_diff(want, got) > tolerance_at(e, x, y)) {
				want = want == 0xffff0000u ? 0xff00ff00u : 0xffff0000u;
			}
			image_set(diff, x, y, want);
		}
	}
	char diff_path[4096];
	snprintf(diff_path, sizeof(diff_path), "%s.diff.png", path);
	image_save_png(diff, diff_path);
	image_destroy(diff);
}

static void usage(void) {
	fprintf(stderr,
			"usage: vm-check PNG full|window WIDTH HEIGHT ... "
			"[--pattern NAME] [--filter nearest|bilinear] [--buffer-scale B] "
			"[--tolerance N] [--output-scale S]\n");
	exit(2);
}

int main(int argc, char *argv[]) {
	// Options may come anywhere (run passes the shot's file first and
	// its arguments after it); the rest are positional.
	struct pattern pattern = { .kind = PATTERN_COORDS };
	enum resample_filter filter = RESAMPLE_NEAREST;
	struct window_scale ws = { .buffer_scale = 1, .output_scale = 1 };
	char *positional[16];
	int positional_count = 1;
	positional[0] = argv[0];
	for (int arg = 1; arg < argc; arg++) {
		if (strncmp(argv[arg], "--", 2) != 0) {
			if (positional_count ==
					(int)(sizeof(positional) / sizeof(positional[0]))) {
				usage();
			}
			positional[positional_count++] = argv[arg];
			continue;
		}
		if (arg + 1 == argc) {
			usage();
		}
		if (strcmp(argv[arg], "--pattern") == 0) {
			if (!pattern_parse(argv[arg + 1], &pattern)) {
				usage();
			}
		} else if (strcmp(argv[arg], "--filter") == 0) {
			if (strcmp(argv[arg + 1], "bilinear") == 0) {
				filter = RESAMPLE_BILINEAR;
			} else if (strcmp(argv[arg + 1], "nearest") != 0) {
				usage();
			}
		} else if (strcmp(argv[arg], "--buffer-scale") == 0) {
			ws.buffer_scale = parse(argv[arg + 1]);
			if (ws.buffer_scale < 1) {
				usage();
			}
		} else if (strcmp(argv[arg], "--output-scale") == 0) {
			char *end;
			double scale = strtod(argv[arg + 1], &end);
			if (end == argv[arg + 1] || *end != '\0' || scale < 1 ||
					scale > 4) {
				usage();
			}
			ws.scale120 = (int)(scale * 120 + 0.5);
		} else if (strcmp(argv[arg], "--tolerance") == 0) {
			ws.tolerance = parse(argv[arg + 1]);
			if (ws.tolerance < 0 || ws.tolerance > 255) {
				usage();
			}
		} else {
			usage();
		}
		arg++;
	}
	argc = positional_count;
	argv = positional;
	if (argc < 5) {
		usage();
	}
	const char *path = argv[1];
	const char *mode = argv[2];
	int width = parse(argv[3]), height = parse(argv[4]);
	int x = 0, y = 0, bw = width, bh = height, factor = 1;
	const char *cursor_path = NULL;
	if (strcmp(mode, "full") == 0 && (argc == 5 || argc == 6)) {
		cursor_path = argc == 6 ? argv[5] : NULL;
	} else if (strcmp(mode, "window") == 0 && (argc == 10 || argc == 11)) {
		cursor_path = argc == 11 ? argv[10] : NULL;
		x = parse(argv[5]);
		y = parse(argv[6]);
		bw = parse(argv[7]);
		bh = parse(argv[8]);
		factor = parse(argv[9]);
		if (factor < 1 || bw % ws.buffer_scale != 0 ||
				bh % ws.buffer_scale != 0) {
			fprintf(stderr,
					"vm-check: the factor must be positive and "
					"the buffer a multiple of its scale\n");
			return 2;
		}
	} else {
		usage();
	}

	struct image *image = image_load_png(path);
	if (image == NULL) {
		printf("cannot load %s\n", path);
		return 1;
	}
	if (image->width != width || image->height != height) {
		printf("%s is %dx%d, want %dx%d\n", path, image->width, image->height,
				width, height);
		return 1;
	}
	ws.output_scale = factor;
	// The window's physical size.
	int ww = window_size(&ws, bw), wh = window_size(&ws, bh);
	struct expected *e =
			expectation(&pattern, width, height, x, y, bw, bh, &ws, filter);
	struct image *cursor = NULL;
	if (cursor_path != NULL) {
		cursor = image_load_png(cursor_path);
		if (cursor == NULL || cursor->width != width ||
				cursor->height != height) {
			printf("bad cursor image %s\n", cursor_path);
			return 1;
		}
	}
	// Where the cursor image differs from the expectation: a cursor is
	// small, so a larger area is a wrong scene, and no pixel is excused.
	int cx1 = width, cy1 = height, cx2 = -1, cy2 = -1;
	for (int cy = 0; cursor != NULL && cy < height; cy++) {
		for (int cx = 0; cx < width; cx++) {
			if (channel_diff(image_get(cursor, cx, cy),
						image_get(e->image, cx, cy)) >
					tolerance_at(e, cx, cy)) {
				cx1 = cx < cx1 ? cx : cx1;
				cy1 = cy < cy1 ? cy : cy1;
				cx2 = cx > cx2 ? cx : cx2;
				cy2 = cy > cy2 ? cy : cy2;
			}
		}
	}
	char cursor_note[160] = "";
	if (cursor != NULL && cx2 >= 0 &&
			(cx2 - cx1 >= CURSOR_MAX_SIZE || cy2 - cy1 >= CURSOR_MAX_SIZE)) {
		snprintf(cursor_note, sizeof(cursor_note),
				"; the --cursor shot "
				"differs over %dx%d at %d,%d, too large for a cursor: not "
				"excused",
				cx2 - cx1 + 1, cy2 - cy1 + 1, cx1, cy1);
		image_destroy(cursor);
		cursor = NULL;
	}
	// Pixels of the cursor: in the cursor image, and among them those the
	// checked image shows. Within the tolerance the cursor image is the
	// window itself, not the cursor.
	long cursor_pixels = 0, cursor_shown = 0;
	for (int cy = 0; cursor != NULL && cy < height; cy++) {
		for (int cx = 0; cx < width; cx++) {
			uint32_t c = image_get(cursor, cx, cy);
			uint32_t want = image_get(e->image, cx, cy);
			if (channel_diff(c, want) <= tolerance_at(e, cx, cy)) {
				continue;
			}
			cursor_pixels++;
			if (image_get(image, cx, cy) == c) {
				cursor_shown++;
				// Counts as expected from here on.
				image_set(image, cx, cy, want);
			}
		}
	}
	if (cursor != NULL) {
		snprintf(cursor_note, sizeof(cursor_note),
				"; cursor %ld px, %ld of them shown", cursor_pixels,
				cursor_shown);
	}
	image_destroy(cursor);

	struct expected_mismatch m;
	long count = expected_compare(e, image, &m);
	// How many pixels are not exactly the definition, and how many of
	// them lie in the window: for bilinear, the use of the tolerance.
	long inexact = 0, in_window = 0;
	for (int py = 0; py < height; py++) {
		for (int px = 0; px < width; px++) {
			uint32_t want = image_get(e->image, px, py);
			uint32_t got = image_get(image, px, py);
			if (want == got) {
				continue;
			}
			inexact++;
			if (px >= x && py >= y && px < x + ww && py < y + wh) {
				in_window++;
			}
		}
	}
	char pattern_name[64];
	pattern_format(&pattern, pattern_name, sizeof(pattern_name));
	// "x2" for a scale-1 buffer magnified by 2, "b2/o1" otherwise.
	char scaled[32];
	if (ws.scale120 > 0) {
		snprintf(scaled, sizeof(scaled), "b%d/o%d.%02d", ws.buffer_scale,
				ws.scale120 / 120, ws.scale120 % 120 * 100 / 120);
	} else if (ws.buffer_scale == 1) {
		snprintf(scaled, sizeof(scaled), "x%d", factor);
	} else {
		snprintf(scaled, sizeof(scaled), "b%d/o%d", ws.buffer_scale, factor);
	}
	const char *filter_name = resample_filter_name(filter);
	if (count == 0) {
		if (inexact == 0) {
			printf("%dx%d exact (%dx%d %s %s %s at %d,%d)%s\n", width, height,
					bw, bh, pattern_name, scaled, filter_name, x, y,
					cursor_note);
		} else {
			printf("%dx%d within tolerance (%dx%d %s %s %s at "
				   "%d,%d): %ld of %d window pixels off, by at most %d%s\n",
					width, height, bw, bh, pattern_name, scaled, filter_name, x,
					y, in_window, ww * wh, m.worst, cursor_note);
		}
		expected_destroy(e);
		image_destroy(image);
		return 0;
	}

	save_diff(e, image, path);
	printf("%ld of %d pixels differ beyond tolerance %d (%ld inexact, %ld "
		   "in the window), first at %d,%d: want %08x got %08x; max channel "
		   "difference %d (%s %s)%s\n",
			count, width * height, window_tolerance(&ws, filter), inexact,
			in_window, m.x, m.y, m.expected, m.actual, m.worst, pattern_name,
			filter_name, cursor_note);
	expected_destroy(e);
	image_destroy(image);
	return 1;
}
