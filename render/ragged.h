#ifndef GRIDWL_RENDER_RAGGED_H
#define GRIDWL_RENDER_RAGGED_H

#include <stdbool.h>
#include <stdint.h>
#include "render/kernels/resample.h"

struct wlr_surface;
struct wlr_surface_state;

/*
 * Buffers whose size is not a multiple of their scale. Wayland clients may
 * not commit them (wl_surface.error.invalid_size), but gridwl takes every
 * surface of Xwayland as a buffer at scale N (wlr_compat W22), and X
 * windows have any size: a 41x31 menu at N = 2. Such a surface's logical
 * size is its buffer's divided by the scale, rounded up (21x16), and each
 * buffer pixel keeps exactly its own share of the output:
 * - at the buffer's scale and above, the buffer covers ceil(buffer size *
 *   output scale / buffer scale) physical pixels, copied or magnified as
 *   any buffer is; the rest of its last logical pixel shows what is under
 *   the surface (41 of the 42 columns of the menu at scale 2);
 * - where it is reduced (or reduced after magnifying: 3 on 2), the last
 *   output pixel of a row or column covers fewer buffer pixels than the
 *   others: it is their rounded mean (halves up, as the box kernel
 *   rounds), over the buffer pixels that are there. The 21st column of
 *   the menu at scale 1 is the mean of the two pixels above each other in
 *   its 41st X column; a full block is the box mean as ever.
 */

/* Whether the surface's current state is such a buffer: no viewport or
 * buffer transform, a size that is not a multiple of the scale, and the
 * logical size rounded up. */
bool gridwl_ragged_state(const struct wlr_surface_state *state);

/* Whether the state's logical size is its buffer's divided by its scale:
 * exactly, or rounded up for a ragged buffer (with no viewport and no
 * transform, which the callers check). */
bool gridwl_buffer_sized_state(const struct wlr_surface_state *state);

/* The physical size the surface's buffer covers on a target of scale120
 * (config/scale.h): its logical size times the scale, rounded, or less
 * for a ragged buffer (above). */
void gridwl_surface_extent(const struct wlr_surface *surface, int scale120,
		int *width, int *height);

/* Output pixel (x, y) of a buffer magnified by magnify with magnify_func,
 * then reduced by reduce, as the mean of the magnified pixels of its block
 * that fall inside the magnified buffer. For the pixels of the last, partial
 * row and column of a ragged buffer; a full block gives the box mean. */
uint32_t gridwl_ragged_pixel(const struct gridwl_pixels *src, int magnify,
		int reduce, gridwl_magnify_func magnify_func, int x, int y);

#endif
