#ifndef GRIDWL_TESTS_LAYOUT_EXPECT_H
#define GRIDWL_TESTS_LAYOUT_EXPECT_H

#include <stdbool.h>
#include <stddef.h>
#include "harness.h"
#include "resample_expect.h"

/*
 * What the multi-output tests (window-across-seam, output-churn,
 * output-power) share: the layout as gridctl reports it, the windows as
 * gridctl reports them, and what every output, and the whole-layout
 * screenshot, must show for windows drawn with known patterns. The
 * expectations come from resample_expect.h and the layout's numbers only,
 * never from gridwl's pixels.
 */

/* What gridctl screenshot without -o leaves where no output is: the image
 * starts zeroed and is written as RGB, so opaque black. */
#define LAYOUT_UNCOVERED 0xff000000u

#define LAYOUT_MAX_OUTPUTS 16
#define LAYOUT_MAX_WINDOWS 16

struct layout_output {
	char name[32];
	int x, y, width, height; // logical
	int scale;
	enum resample_filter filter;
};

struct layout {
	struct layout_output outputs[LAYOUT_MAX_OUTPUTS];
	size_t count;
};

/* The enabled outputs of gridctl outputs, in its order (creation order,
 * which is also the order the whole-layout screenshot paints them in). */
bool layout_read(struct harness *h, struct layout *layout);
const struct layout_output *layout_find(const struct layout *layout,
		const char *name);

/* A window as a test knows it: where gridctl says it is and what its
 * client draws. */
struct layout_window {
	struct pattern pattern;
	int x, y, width, height; // logical
	int buffer_scale;
	// What the buffer holds when it is not the pattern (after the
	// client's damage command); NULL for the pattern itself.
	const struct image *buffer;
};

/* Its logical box intersected with the output's; false when empty. */
bool layout_overlap(const struct layout_output *output,
		const struct layout_window *window, int *x, int *y, int *width,
		int *height);

/* What output must show: background, and the windows pasted bottom first,
 * each resampled as a whole to the output's scale with its filter, then
 * placed at its logical offset times the scale (so an output shows its
 * part of a window that continues on another). NULL after reporting. */
struct expected *layout_expect_output(const struct layout_output *output,
		const struct layout_window *windows, size_t count);

/* What gridctl screenshot (no -o) must give: the bounding box of the
 * outputs at the largest scale, LAYOUT_UNCOVERED where no output is, each
 * output's expectation magnified by nearest to that scale at its logical
 * position, later outputs over earlier ones. */
struct expected *layout_expect_whole(const struct layout *layout,
		const struct layout_window *windows, size_t count);

/* The (bx, by) a PATTERN_COORDS pixel encodes. */
void layout_coords_decode(uint32_t pixel, int *bx, int *by);

/*
 * The corners of the window's part on output must show the buffer pixels
 * that belong there, read back from the coordinate-encoding pattern: where
 * the window crosses the output's edge, the output's first physical column
 * (or row) is the buffer column of that logical column, with nothing
 * skipped or repeated on either side. Only where each physical pixel comes
 * from one buffer pixel (1:1, or nearest magnification) of the unaltered
 * pattern; elsewhere it
 * checks nothing and returns true. Counts the pixels it checked.
 */
bool layout_check_corners(const struct image *shot,
		const struct layout_output *output, const struct layout_window *window,
		const char *name, long *checked);

/* Reads the window of app_id from gridctl windows; false after reporting.
 * The pattern and buffer scale are the caller's to fill in. */
bool layout_window_read(struct harness *h, const char *app_id,
		struct layout_window *window);

#endif
