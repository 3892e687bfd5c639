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
/* The same with grim, which goes through wlr-screencopy and xdg-output. */
struct image *screenshot_grim(struct harness *h, const char *output,
		const char *name);

#endif
