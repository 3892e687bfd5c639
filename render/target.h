#ifndef GRIDWL_RENDER_TARGET_H
#define GRIDWL_RENDER_TARGET_H

#include <pixman.h>
#include <stdint.h>

struct gridwl_gles2_models;
struct gridwl_plan_item;
struct wlr_box;
struct wlr_render_pass;
struct wlr_renderer;
struct wlr_texture;

/*
 * Inside render/: one pass of drawing a plan (render/plan.h) into a buffer,
 * physical size width x height at a scale in 120ths (config/scale.h),
 * repainting only the damage region.
 */
struct gridwl_render_target {
	struct wlr_renderer *renderer;
	int scale120;
	int width, height;
	struct wlr_render_pass *pass;
	// On the pixman renderer, the buffer's own pixels, which gridwl's
	// kernels and blits write directly between the pass's operations (the
	// pixman pass draws at once, so they interleave in order); NULL on
	// GLES2.
	pixman_image_t *image;
	// On GLES2, gridwl's own resampling programs for what the kernels
	// cannot read (NULL: the renderer's filter).
	struct gridwl_gles2_models *gles2_models;
	const pixman_region32_t *damage;
};

/* Draws a surface item of the plan: its buffer onto item->box's top-left,
 * magnified with its filter where its buffer scale is below the target's.
 * This is the one place that decides how a buffer reaches the target's
 * pixels: 1:1 copies, resampled copies, or the renderer's own path. */
void gridwl_render_surface(struct gridwl_render_target *target,
		const struct gridwl_plan_item *item);

/* Draws texture onto box (physical) of the target, within its damage:
 * blended over what is there, or replacing it. */
void gridwl_render_texture(struct gridwl_render_target *target,
		struct wlr_texture *texture, const struct wlr_box *box, bool blend);

#endif
