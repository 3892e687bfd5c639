#ifndef GRIDWL_CONFIG_TRANSFORM_H
#define GRIDWL_CONFIG_TRANSFORM_H

#include <stdbool.h>
#include <wayland-server-protocol.h>

/*
 * An output's transform by the names of sway's "output NAME transform":
 * normal, 90, 180, 270, flipped, flipped-90, flipped-180, flipped-270,
 * which are also wl_output's, anticlockwise as the protocol says.
 */

/* False for any other text. */
bool gridwl_transform_parse(const char *text,
		enum wl_output_transform *transform);

/* "normal", "90"...: the name gridwl_transform_parse takes back. */
const char *gridwl_transform_name(enum wl_output_transform transform);

#endif
