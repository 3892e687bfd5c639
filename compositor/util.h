#ifndef GRIDWL_COMPOSITOR_UTIL_H
#define GRIDWL_COMPOSITOR_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <wlr/util/box.h>
// gridwl_set_error, which every part of gridwl uses.
#include "config/error.h"

static inline bool gridwl_box_equal(const struct wlr_box *a,
		const struct wlr_box *b) {
	return a->x == b->x && a->y == b->y && a->width == b->width &&
			a->height == b->height;
}

/* CLOCK_MONOTONIC in milliseconds, the time base of input events, for
 * events gridwl makes itself. */
uint32_t gridwl_now_msec(void);

#endif
