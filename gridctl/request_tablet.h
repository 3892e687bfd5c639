#ifndef GRIDWL_GRIDCTL_REQUEST_TABLET_H
#define GRIDWL_GRIDCTL_REQUEST_TABLET_H

#include <stdbool.h>

struct json_object;

/* gridctl tablet's request: the pen (proximity-in, motion, down, up,
 * proximity-out, button) or the pad (pad add, remove, button, ring, strip,
 * mode), argv[0] being "tablet"; false with *error set on a usage
 * error. */
bool gridctl_build_tablet(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error);

#endif
