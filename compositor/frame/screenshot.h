#ifndef GRIDWL_COMPOSITOR_FRAME_SCREENSHOT_H
#define GRIDWL_COMPOSITOR_FRAME_SCREENSHOT_H

#include <stdbool.h>

struct gridwl_image;
struct gridwl_output;
struct gridwl_server;
struct gridwl_view;
struct wlr_box;

/*
 * gridctl's and --dump-on-failure's pictures. Each is a frame plan
 * (compositor/frame/plan.h) drawn by render/ as an output's frame is: an
 * output's own, or one for a virtual output of a scale of its own.
 */

/* The output as it is now, at its physical size, with_cursor drawn in as
 * the output shows it (its own image for the output's scale). */
bool gridwl_screenshot_output(struct gridwl_output *output, bool with_cursor,
		struct gridwl_image *image, char **error);
/* The whole layout at the largest scale in use, each output at its logical
 * position times that scale. */
bool gridwl_screenshot_layout(struct gridwl_server *server, bool with_cursor,
		struct gridwl_image *image, char **error);
/* The part of the whole layout in box (logical), at the largest scale in
 * use, as gridwl_screenshot_layout has it; box is clipped to the layout. */
bool gridwl_screenshot_region(struct gridwl_server *server, bool with_cursor,
		const struct wlr_box *box, struct gridwl_image *image, char **error);

/* Pictures at a scale of their own, composed from the clients' buffers
 * rather than taken from outputs. */
/* The largest scale of the outputs the view is shown on (its buffer scale
 * when on none), in 120ths (config/scale.h), as every scale below. */
int gridwl_screenshot_window_scale(struct gridwl_view *view);
/* The window alone at scale120: its window geometry, its surfaces,
 * subsurfaces and popups within it, with alpha (transparent where it draws
 * nothing). Exact 1:1 where scale is its buffers' scale; magnified with the
 * filter in effect where most of it is, or reduced by the exact box filter,
 * as on an output of that scale. */
bool gridwl_screenshot_window(struct gridwl_view *view, int scale120,
		struct gridwl_image *image, char **error);
/* box (logical) composed at scale120 as an output of that scale covering it
 * would show it (each window with the filter of the output most of it is
 * on, the background where none is), cursor left out. */
bool gridwl_screenshot_region_at_scale(struct gridwl_server *server,
		const struct wlr_box *box, int scale120, struct gridwl_image *image,
		char **error);

#endif
