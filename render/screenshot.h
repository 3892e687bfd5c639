#ifndef GRIDWL_RENDER_SCREENSHOT_H
#define GRIDWL_RENDER_SCREENSHOT_H

#include <stdbool.h>
#include <stdint.h>

struct gridwl_output;
struct gridwl_server;
struct gridwl_view;
struct wlr_box;

/* An image in memory: 0xAARRGGBB (premultiplied), rows of stride bytes. */
struct gridwl_image {
	int width, height;
	int stride;
	uint32_t *data;
	// Whether the alpha channel means anything: outputs are opaque, a
	// window alone is not.
	bool alpha;
};

/* Zeroed pixels; false when out of memory. */
bool gridwl_image_init(struct gridwl_image *image, int width, int height);
void gridwl_image_finish(struct gridwl_image *image);
/* Alpha 0xff everywhere: what the renderer left in an opaque picture's
 * alpha byte is not its alpha. */
void gridwl_image_make_opaque(struct gridwl_image *image);

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

/* render/screenshot_scaled.c: pictures at a scale of their own, composed
 * from the clients' buffers rather than taken from outputs. */
/* The largest scale of the outputs the view is shown on (its buffer scale
 * when on none). */
int gridwl_screenshot_window_scale(struct gridwl_view *view);
/* The window alone at scale: its window geometry, its surfaces,
 * subsurfaces and popups within it, with alpha (transparent where it draws
 * nothing). Exact 1:1 where scale is its buffers' scale; magnified with the
 * filter in effect where most of it is, or reduced by the exact box filter,
 * as on an output of that scale. */
bool gridwl_screenshot_window(struct gridwl_view *view, int scale,
		struct gridwl_image *image, char **error);
/* box (logical) composed at scale as an output of that scale covering it
 * would show it (each window with the filter of the output most of it is
 * on, the background where none is), cursor left out. */
bool gridwl_screenshot_region_at_scale(struct gridwl_server *server,
		const struct wlr_box *box, int scale, struct gridwl_image *image,
		char **error);

/* render/png.c: RGB, or RGBA (straight alpha) for an image with alpha. */
bool gridwl_png_write(const char *path, const struct gridwl_image *image,
		char **error);
/* render/ppm.c: RGB; transparent parts come out black. */
bool gridwl_ppm_write(const char *path, const struct gridwl_image *image,
		char **error);

#endif
