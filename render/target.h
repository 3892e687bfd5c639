#ifndef GRIDWL_RENDER_TARGET_H
#define GRIDWL_RENDER_TARGET_H

#include <pixman.h>
#include <stdint.h>
#include "config/config.h"

struct gridwl_output;
struct gridwl_server;
struct gridwl_view;
struct wlr_box;
struct wlr_buffer;
struct wlr_render_pass;
struct wlr_renderer;
struct wlr_surface;
struct wlr_texture;

/* Where no window is. Tests rely on this exact value. */
#define GRIDWL_BACKGROUND_ARGB 0xff333333u

/*
 * One pass of composition into a buffer through a render pass: the layout
 * seen from (lx, ly) at an integer scale, physical size width x height,
 * repainting only the physical damage region.
 */
struct gridwl_render_target {
	struct gridwl_server *server;
	// Whose filter applies; NULL: each view's main output's (a picture
	// at a scale of its own, render/screenshot_scaled.c).
	struct gridwl_output *output;
	struct wlr_renderer *renderer;
	int scale;
	int lx, ly;
	int width, height;
	struct wlr_render_pass *pass;
	// On the pixman renderer, the buffer's own pixels, which gridwl's
	// kernels and blits write directly between the pass's operations (the
	// pixman pass draws at once, so they interleave in order); NULL on
	// GLES2.
	pixman_image_t *image;
	pixman_region32_t *damage;
};

/* The target that composes output's pixels into buffer, which pass renders
 * to, where damage says. */
void gridwl_render_target_for_output(struct gridwl_render_target *target,
		struct gridwl_output *output, struct wlr_render_pass *pass,
		struct wlr_buffer *buffer, pixman_region32_t *damage);

/* Brings the resampled copies of everything the output shows up to date.
 * Textures may not be written during a render pass, so this runs before
 * the pass begins. */
void gridwl_render_prepare(struct gridwl_output *output);

/* As gridwl_render_prepare, for a target showing box (logical) at scale
 * whose output is NULL; only that view's surfaces when only is set. */
void gridwl_render_prepare_box(struct gridwl_server *server,
		const struct wlr_box *box, int scale, struct gridwl_view *only);

/* Background, then every shown view bottom to top. */
void gridwl_render_views(struct gridwl_render_target *target);
/* One view's surfaces (nothing when it is not shown). */
void gridwl_render_view(struct gridwl_render_target *target,
		struct gridwl_view *view);

/* Draws one surface whose top-left is at physical (x, y) of the target,
 * magnified with filter where its buffer scale is below the target's.
 * This is the one place that decides how a buffer reaches the target's
 * pixels: 1:1 copies, resampled copies, or the renderer's own path. */
void gridwl_render_surface(struct gridwl_render_target *target,
		struct wlr_surface *surface, enum gridwl_filter filter, int x, int y);

/* Draws texture 1:1 onto box (physical) of the target, within its damage. */
void gridwl_render_texture(struct gridwl_render_target *target,
		struct wlr_texture *texture, const struct wlr_box *box);

#endif
