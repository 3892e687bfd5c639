#include <wlr/render/pass.h>
#include <wlr/render/pixman.h>
#include <wlr/render/wlr_renderer.h>
#include "render/compose.h"
#include "render/plan.h"
#include "render/resample_cache.h"
#include "render/target.h"

void gridwl_render_plan_prepare(const struct gridwl_frame_plan *plan) {
	for (size_t i = 0; i < plan->count; i++) {
		const struct gridwl_plan_item *item = &plan->items[i];
		if (item->kind == GRIDWL_PLAN_SURFACE && item->cache != NULL) {
			struct gridwl_resample_key key = { plan->scale120, item->filter };
			gridwl_resample_cache_prepare(item->cache, item->surface, &key);
		}
	}
}

static struct wlr_render_color color_of(uint32_t argb) {
	return (struct wlr_render_color){
		.r = ((argb >> 16) & 0xff) / 255.0f,
		.g = ((argb >> 8) & 0xff) / 255.0f,
		.b = (argb & 0xff) / 255.0f,
		.a = ((argb >> 24) & 0xff) / 255.0f,
	};
}

/* The background is painted only where no opaque item will be drawn over
 * it: for a window that changes every frame, clearing the area first would
 * cost about a third of the frame. */
static void clear_background(const struct gridwl_frame_plan *plan,
		struct gridwl_render_target *target) {
	pixman_region32_t clear;
	pixman_region32_init(&clear);
	pixman_region32_subtract(&clear, target->damage, &plan->opaque);
	// A cursor-only frame's damage usually lies within a window: then
	// there is nothing to clear, and the pass need not clip a rectangle to
	// nothing.
	if (!pixman_region32_not_empty(&clear)) {
		pixman_region32_fini(&clear);
		return;
	}
	wlr_render_pass_add_rect(target->pass,
			&(struct wlr_render_rect_options){
					.box = { 0, 0, target->width, target->height },
					.color = color_of(plan->background),
					.clip = &clear,
					.blend_mode = WLR_RENDER_BLEND_MODE_NONE,
			});
	pixman_region32_fini(&clear);
}

static void draw_rect(struct gridwl_render_target *target,
		const struct gridwl_plan_item *item) {
	wlr_render_pass_add_rect(target->pass,
			&(struct wlr_render_rect_options){
					.box = item->box,
					.color = color_of(0xff000000u | item->color),
					.clip = target->damage,
					.blend_mode = WLR_RENDER_BLEND_MODE_NONE,
			});
}

static void draw_item(struct gridwl_render_target *target,
		const struct gridwl_plan_item *item) {
	switch (item->kind) {
	case GRIDWL_PLAN_SURFACE:;
		pixman_box32_t box = {
			item->box.x,
			item->box.y,
			item->box.x + item->box.width,
			item->box.y + item->box.height,
		};
		if (pixman_region32_contains_rectangle(target->damage, &box) !=
				PIXMAN_REGION_OUT) {
			gridwl_render_surface(target, item);
		}
		break;
	case GRIDWL_PLAN_TEXTURE:
		gridwl_render_texture(target, item->texture, &item->box, item->blend);
		break;
	case GRIDWL_PLAN_RECT:
		draw_rect(target, item);
		break;
	}
}

void gridwl_render_plan_draw(const struct gridwl_frame_plan *plan,
		struct wlr_renderer *renderer, struct wlr_render_pass *pass,
		struct wlr_buffer *buffer, const pixman_region32_t *damage) {
	if (!pixman_region32_not_empty(damage)) {
		return;
	}
	struct gridwl_render_target target = {
		.renderer = renderer,
		.scale120 = plan->scale120,
		.width = plan->width,
		.height = plan->height,
		.pass = pass,
		.image = wlr_renderer_is_pixman(renderer) ?
				wlr_pixman_renderer_get_buffer_image(renderer, buffer) :
				NULL,
		.gles2_models = plan->gles2_models,
		.damage = damage,
	};
	clear_background(plan, &target);
	for (size_t i = 0; i < plan->count; i++) {
		draw_item(&target, &plan->items[i]);
	}
}
