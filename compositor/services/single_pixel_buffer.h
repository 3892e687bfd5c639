#ifndef GRIDWL_COMPOSITOR_SERVICES_SINGLE_PIXEL_BUFFER_H
#define GRIDWL_COMPOSITOR_SERVICES_SINGLE_PIXEL_BUFFER_H

#include <stdbool.h>

struct gridwl_server;

/*
 * wp_single_pixel_buffer_manager_v1: one-pixel buffers of any colour, which
 * clients stretch with wp_viewporter into solid rectangles of any logical
 * size (backgrounds, video letterboxes). They are drawn like any buffer;
 * render/surface_draw.c keeps a one-pixel source solid at any size.
 */
bool gridwl_single_pixel_buffer_init(struct gridwl_server *server);

#endif
