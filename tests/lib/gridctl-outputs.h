#ifndef GRIDWL_TESTS_GRIDCTL_OUTPUTS_H
#define GRIDWL_TESTS_GRIDCTL_OUTPUTS_H

#include <stdbool.h>
#include "harness.h"

/* What gridctl outputs says of an output, and waits for it. */

/* The output name of gridctl outputs (a new reference); NULL after
 * reporting the reply when there is none. */
struct json_object *gridctl_output(struct harness *h, const char *name);

/* Polls gridctl outputs until the output name has the boolean at path
 * (dotted: "adaptive_sync.wanted") at value; false after reporting why
 * when that does not happen. */
bool wait_output_bool(struct harness *h, const char *name, const char *path,
		bool value, const char *why);

/* The same for integers: each of paths (NULL terminated, as
 * "mode.width") at the value of the same index. */
bool wait_output_ints(struct harness *h, const char *name,
		const char *const *paths, const int *values, const char *why);

#endif
