#ifndef GRIDWL_RENDER_RENDER_H
#define GRIDWL_RENDER_RENDER_H

#include <pixman.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "config/config.h"
#include "render/kernels/resample.h"

struct gridwl_output;
struct gridwl_server;
struct wlr_renderer;
struct wlr_surface;
struct wlr_texture;
struct wlr_box;
struct wlr_buffer;
struct wlr_output;

/* Where no window is. Tests rely on this exact value. */
#define GRIDWL_BACKGROUND_ARGB 0xff333333u

/*
 * One pass of composition into a buffer that the renderer has bound: the
 * layout seen from (lx, ly) at an integer scale, physical size width x
 * height, repainting only the physical damage region.
 */
struct gridwl_render_target {
	struct gridwl_server *server;
	struct gridwl_output *output; // whose scale and filter apply
	struct wlr_renderer *renderer;
	int scale;
	int lx, ly;
	int width, height;
	const float *projection;
	pixman_region32_t *damage;
};

/* The target that composes output's own pixels where damage says. */
void gridwl_render_target_for_output(struct gridwl_render_target *target,
	struct gridwl_output *output, pixman_region32_t *damage);

/* The frame handler of an output: repaints its damage, commits, and sends
 * frame callbacks to what it shows. */
void gridwl_render_output_frame(struct gridwl_output *output);
/* Commits one all-black frame, whatever the damage, for an output that is
 * powered off but that the backend keeps showing. */
void gridwl_render_output_blank(struct gridwl_output *output);

/* Brings the resampled copies of everything the output shows up to date.
 * Textures may not be written during a render pass, so this runs before
 * the output's buffer is attached. */
void gridwl_render_prepare(struct gridwl_output *output);

/* Background, then every mapped window bottom to top. */
void gridwl_render_views(struct gridwl_render_target *target);

/* Draws one surface whose top-left is at physical (x, y) of the target,
 * magnified with filter where its buffer scale is below the target's.
 * This is the one place that decides how a buffer reaches the target's
 * pixels: 1:1 copies, resampled copies, or the renderer's own path. */
void gridwl_render_surface(struct gridwl_render_target *target,
	struct wlr_surface *surface, enum gridwl_filter filter, int x, int y);

/* Direct reads of a surface's shm pixels, at the pool's mapping of now and
 * guarded against a client that truncates its pool (see
 * render/buffer_access.c). Not nestable on one buffer; end it before
 * anything else begins one. Begin fails when the surface has no buffer
 * with a data pointer. */
struct gridwl_buffer_access {
	struct wlr_buffer *buffer; // NULL when not begun
	const void *data;
	uint32_t format; // DRM_FORMAT_*
	size_t stride; // in bytes
	int width, height;
	void *copy; // aligned rows, for a buffer that is not
};
bool gridwl_buffer_access_begin(struct wlr_surface *surface,
	struct gridwl_buffer_access *access);
/* Bytes per pixel of a DRM format wl_shm buffers come in, 0 if unknown. */
int gridwl_drm_format_bytes_per_pixel(uint32_t format);
/* Whether a row of the buffer fits in its stride (libwayland checks only
 * that the stride is at least the width); true for an unknown format. */
bool gridwl_buffer_access_row_fits(const struct gridwl_buffer_access *access);
/* Rows y1 to y2 (exclusive) of the buffer, 4-byte aligned: the buffer's
 * own pixels, or a copy of those rows that lives until the access ends.
 * False for an unknown format or a row that does not fit its stride. */
bool gridwl_buffer_access_rows(struct gridwl_buffer_access *access,
	int y1, int y2, const void **data, size_t *stride);
/* The same as 32-bit pixels for the kernels: ARGB8888 and XRGB8888 only. */
bool gridwl_buffer_access_pixels(struct gridwl_buffer_access *access,
	int y1, int y2, struct gridwl_pixels *pixels, bool *opaque);
void gridwl_buffer_access_end(struct gridwl_buffer_access *access);

/* Draws texture 1:1 onto box (physical) of the target, within its damage. */
void gridwl_render_texture(struct gridwl_render_target *target,
	struct wlr_texture *texture, const struct wlr_box *box);

/* The output's software cursors (with_hardware: also the one on a hardware
 * plane, for screenshots): a client's cursor surface like any other surface
 * at the output's scale and filter, a theme image 1:1. The prepare step
 * runs before the render pass, as gridwl_render_prepare does. */
void gridwl_render_prepare_cursors(struct gridwl_output *output,
	bool with_hardware);
void gridwl_render_cursors(struct gridwl_render_target *target,
	bool with_hardware);

/* On the GLES2 renderer, makes the next draws of texture magnify it with
 * filter (the GPU's own sampling); does nothing on other renderers. */
void gridwl_gles2_texture_set_filter(struct wlr_texture *texture,
	enum gridwl_filter filter);

/* On a GLES2 renderer that rasterizes on the CPU (llvmpipe, softpipe),
 * waits until the frame drawn into the bound buffer is complete, since
 * nothing makes KMS wait for it; does nothing on other renderers. Call it
 * in the render pass, before the buffer is committed. */
void gridwl_gles2_finish_frame(struct gridwl_server *server);

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

bool gridwl_png_write(const char *path, const struct gridwl_image *image,
	char **error);

#endif
