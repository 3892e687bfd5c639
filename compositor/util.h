#ifndef GRIDWL_COMPOSITOR_UTIL_H
#define GRIDWL_COMPOSITOR_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <wlr/util/box.h>

static inline bool gridwl_box_equal(const struct wlr_box *a,
		const struct wlr_box *b) {
	return a->x == b->x && a->y == b->y && a->width == b->width &&
			a->height == b->height;
}

/* CLOCK_MONOTONIC in milliseconds, the time base of input events, for
 * events gridwl makes itself. */
uint32_t gridwl_now_msec(void);

/* Sets *error (when error is not NULL) to a malloc'd formatted message. */
void gridwl_set_error(char **error, const char *fmt, ...)
		__attribute__((format(printf, 2, 3)));

#endif
