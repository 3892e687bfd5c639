#ifndef GRIDWL_RENDER_SCREENSHOT_H
#define GRIDWL_RENDER_SCREENSHOT_H

#include <stdbool.h>
#include <stdint.h>

struct gridwl_output;
struct gridwl_server;
struct wlr_box;

/* An image in memory: 0xAARRGGBB (premultiplied), rows of stride bytes. */
struct gridwl_image {
	int width, height;
	int stride;
	uint32_t *data;
};

void gridwl_image_finish(struct gridwl_image *image);

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

/* render/png.c */
bool gridwl_png_write(const char *path, const struct gridwl_image *image,
		char **error);
/* render/ppm.c */
bool gridwl_ppm_write(const char *path, const struct gridwl_image *image,
		char **error);

#endif
