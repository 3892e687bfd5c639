#ifndef GRIDWL_RENDER_SCREENSHOT_H
#define GRIDWL_RENDER_SCREENSHOT_H

#include <stdbool.h>
#include <stdint.h>

struct gridwl_frame_plan;
struct wlr_box;
struct wlr_buffer;
struct wlr_renderer;

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

/* Draws the whole of plan into buffer (of the plan's size) in a render pass
 * of its own, and reads it back into image as drm_format (ARGB8888, or
 * XRGB8888 for an opaque picture); the same drawing as an output's frame.
 * False when the renderer cannot. */
bool gridwl_render_plan_read(const struct gridwl_frame_plan *plan,
		struct wlr_renderer *renderer, struct wlr_buffer *buffer,
		uint32_t drm_format, struct gridwl_image *image, char **error);

/* Pastes src, a picture at src_scale, into box of dst (a picture at
 * dst_scale, box in its pixels; either scale in any unit, 120ths), magnified
 * by replicating pixels so that src's own pixels stay visible as they are
 * (by whole pixels where the scales divide, as 1 and 2 into 4; a scale-2
 * picture in a scale-3 one necessarily alternates 1 and 2). */
void gridwl_image_paste(struct gridwl_image *dst, const struct wlr_box *box,
		const struct gridwl_image *src, int src_scale, int dst_scale);
/* Fills box of image (its pixels) with an opaque colour, 0xRRGGBB. */
void gridwl_image_fill(struct gridwl_image *image, const struct wlr_box *box,
		uint32_t rgb);
/* A copy of box (inside src, its pixels) of src. */
bool gridwl_image_crop(const struct gridwl_image *src,
		const struct wlr_box *box, struct gridwl_image *out);

/* render/png.c: RGB, or RGBA (straight alpha) for an image with alpha. */
bool gridwl_png_write(const char *path, const struct gridwl_image *image,
		char **error);
/* render/ppm.c: RGB; transparent parts come out black. */
bool gridwl_ppm_write(const char *path, const struct gridwl_image *image,
		char **error);

#endif
