#ifndef GRIDWL_TESTS_GRIDCTL_EXPECT_H
#define GRIDWL_TESTS_GRIDCTL_EXPECT_H

#include <stdbool.h>
#include "harness.h"

/*
 * gridctl commands that a test expects to succeed or to be refused: the
 * input tests drive tablets, pads and gestures this way, and check that
 * gridctl refuses what the device cannot do, saying why.
 */

/* gridctl with args (NULL terminated) exits 0 with a reply when want is
 * NULL; otherwise it fails with an "error" member that contains want.
 * Reports at file:line, naming the arguments, when not. */
bool gridctl_expect_at(const char *file, int line, struct harness *h,
		const char *const *args, const char *want);
#define GRIDCTL_SUCCEEDS(h, ...) \
	gridctl_expect_at(__FILE__, __LINE__, (h), \
			(const char *const[]){ __VA_ARGS__, NULL }, NULL)
#define GRIDCTL_FAILS(h, want, ...) \
	gridctl_expect_at(__FILE__, __LINE__, (h), \
			(const char *const[]){ __VA_ARGS__, NULL }, (want))

#endif
