#ifndef GRIDWL_TESTS_SCREENSHOTS_H
#define GRIDWL_TESTS_SCREENSHOTS_H

#include "harness.h"
#include "image.h"

/* What the compositor paints where no window is. */
#define BACKGROUND 0xff333333u

/* gridctl screenshot [-o output] into the runtime dir as name.png, loaded.
 * Reports and returns NULL on failure. */
struct image *screenshot_gridctl(struct harness *h, const char *output,
		const char *name);
/* gridctl screenshot -o output --cursor (the cursor drawn in, as the
 * output shows it) as name.png, loaded. Reports and returns NULL on
 * failure. */
struct image *screenshot_cursor(struct harness *h, const char *output,
		const char *name);
/* The same with grim, which goes through wlr-screencopy and xdg-output. */
struct image *screenshot_grim(struct harness *h, const char *output,
		const char *name);

/* Takes pictures with take(data) (NULL after reporting on failure) until
 * region of one is expected's pixels 1:1, for screens that repaint on
 * their own schedule (a nested compositor's host); on timeout reports how
 * many pixels differ and saves the last picture as name. */
bool screenshot_wait_matches(struct image *(*take)(void *data), void *data,
		struct image_region region, const struct image *expected,
		const char *name);

/* screenshot_wait_matches with gridctl screenshot -o output (saved as
 * output.png): waits until output shows expected with its top-left at
 * physical x, y. */
bool output_shows(struct harness *h, const char *output, int x, int y,
		const struct image *expected, const char *name);

#endif
