#ifndef GRIDWL_RENDER_COMPOSE_H
#define GRIDWL_RENDER_COMPOSE_H

#include <pixman.h>

struct gridwl_frame_plan;
struct wlr_buffer;
struct wlr_render_pass;
struct wlr_renderer;

/* Brings the resampled copies the plan's surfaces need up to date.
 * Textures may not be written during a render pass, so this runs before
 * the pass begins. */
void gridwl_render_plan_prepare(const struct gridwl_frame_plan *plan);

/* Draws the plan into buffer, which pass renders to, where damage (device
 * pixels) says: the background where no opaque item is, then every item
 * bottom to top. */
void gridwl_render_plan_draw(const struct gridwl_frame_plan *plan,
		struct wlr_renderer *renderer, struct wlr_render_pass *pass,
		struct wlr_buffer *buffer, const pixman_region32_t *damage);

#endif
