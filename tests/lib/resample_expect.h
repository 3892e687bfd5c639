#ifndef GRIDWL_TESTS_RESAMPLE_EXPECT_H
#define GRIDWL_TESTS_RESAMPLE_EXPECT_H

#include <stdbool.h>
#include <stdint.h>
#include "image.h"
#include "pattern.h"

/*
 * What a surface's buffer must look like on an output of another scale,
 * computed from the definitions of issue 3 and nothing of gridwl's: doubles
 * for bilinear, exact integers for nearest and box. Pixels are premultiplied
 * 0xAARRGGBB and all four channels are treated alike.
 *
 * Buffer scale b, output scale o:
 * - b == o: the buffer itself;
 * - o a multiple of b: magnified by o / b with the filter;
 * - b a multiple of o: box-reduced by b / o, whatever the filter;
 * - otherwise, b < o: magnified by L / b with the filter, then box-reduced
 *   by L / o, L = lcm(b, o); the intermediate is rounded to 8 bits per
 *   channel;
 * - otherwise, b > o (3 on 2, 4 on 3): the exact area average whatever the
 *   filter: replicated by L / b, then box-reduced by L / o.
 */

enum resample_filter {
	RESAMPLE_NEAREST,
	RESAMPLE_BILINEAR,
};

/* "nearest" / "bilinear", as gridctl and the config spell them. */
const char *resample_filter_name(enum resample_filter filter);

/* The pattern as the pattern client draws it into a bw x bh buffer. */
struct image *resample_pattern_buffer(const struct pattern *pattern, int bw,
		int bh);

/* Inverts the colours of a rectangle, as the pattern client's damage
 * command does (alpha kept). */
void resample_invert_rect(struct image *image, int x, int y, int w, int h);

/* dst(x, y) = src(x / k, y / k). */
struct image *resample_magnify_nearest(const struct image *src, int k);

/* Destination pixel centres (x + 0.5) / k - 0.5 in source space, neighbours
 * clamped to the source's edges, rounded to nearest (halves up). */
struct image *resample_magnify_bilinear(const struct image *src, int k);

/* The rounded (halves up) mean of each k x k block; the source's size must
 * be a multiple of k. */
struct image *resample_box(const struct image *src, int k);

/* The buffer as it must appear on an output of output_scale: an image of
 * (buffer size / buffer_scale) * output_scale. NULL when the buffer's size
 * is not a multiple of buffer_scale or memory runs out. */
struct image *resample_expect(const struct image *buffer, int buffer_scale,
		int output_scale, enum resample_filter filter);

/* The same for a buffer of any size, as gridwl draws Xwayland's odd-sized
 * windows (render/ragged.h): an image of ceil(buffer size * output_scale /
 * buffer_scale), the last row and column of a reduction the rounded mean
 * (halves up) of the pixels of their blocks that there are. Where the
 * surface's logical size times output_scale is larger, the rest shows what
 * is under it. */
struct image *resample_expect_ragged(const struct image *buffer,
		int buffer_scale, int output_scale, enum resample_filter filter);

/*
 * At a fractional output scale (docs/design.md, "Fractional scales"), along
 * an axis where a device pixel spans r / m buffer pixels:
 * - nearest: the buffer pixel under the device pixel's centre, floor((x +
 *   0.5) r / m), clamped to the buffer;
 * - bilinear: the buffer position (x + 0.5) r / m - 0.5 between its two
 *   neighbours, clamped at the edges, in doubles, rounded halves up;
 * - reduced: magnified by m, then the mean of each r x r block over the
 *   part of it inside the magnified buffer, halves up.
 */
struct resample_ratio {
	int mx, rx, my, ry;
};

/* The buffer as it must appear in width x height device pixels at ratio
 * (in any terms, reduced here), magnified with the filter or reduced; NULL
 * without memory or for a ratio that magnifies one axis and reduces the
 * other. */
struct image *resample_expect_ratio(const struct image *buffer, int width,
		int height, const struct resample_ratio *ratio,
		enum resample_filter filter);

/* How far from the exact definition a correct implementation may be, per
 * channel: 0 unless bilinear interpolation is involved, 1 when it is. */
int resample_tolerance(int buffer_scale, int output_scale,
		enum resample_filter filter);

/* Whether the filter matters at all for this pair of scales. */
bool resample_uses_filter(int buffer_scale, int output_scale);

/*
 * A whole screenshot as it must be: pixels, and how far each pixel may be
 * from them per channel. Built from a background and pasted surfaces, so
 * the background around a window stays exact where the window's own
 * bilinear pixels may be off by one.
 */
struct expected {
	struct image *image;
	uint8_t *tolerance; // per pixel, row-major like image->pixels
};

/* A width x height expectation of colour, tolerance 0; NULL without
 * memory. */
struct expected *expected_create(int width, int height, uint32_t colour);
void expected_destroy(struct expected *expected);
/* Puts src at (x, y), clipped, with the given tolerance for its pixels. */
void expected_paste(struct expected *expected, const struct image *src, int x,
		int y, int tolerance);

struct expected_mismatch {
	long count; // pixels off by more than their tolerance
	long compared;
	int x, y; // the first one in row order
	uint32_t expected, actual;
	int worst; // the largest channel difference seen anywhere
};

/* The number of pixels that differ from the expectation by more than their
 * tolerance in any channel; -1 when the sizes differ. m may be NULL. */
long expected_compare(const struct expected *expected,
		const struct image *actual, struct expected_mismatch *m);

/* Compares and, on a mismatch or a size difference, reports the count and
 * the first one and saves NAME-actual, NAME-expected and NAME-diff (bad
 * pixels red, or green where red is expected) in the artifacts directory.
 * An empty image never passes: a check must compare something. */
bool check_expected_at(const char *file, int line, const struct image *actual,
		const struct expected *expected, const char *name);
#define CHECK_EXPECTED(actual, expected, name) \
	check_expected_at(__FILE__, __LINE__, (actual), (expected), (name))

/* The number of pixels in which two images of one size differ at all; -1
 * when their sizes differ. */
long image_count_differences(const struct image *a, const struct image *b);

#endif
