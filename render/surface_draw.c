#include <wlr/render/pass.h>
#include <wlr/render/pixman.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/types/wlr_alpha_modifier_v1.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/util/log.h>
#include <wlr/util/transform.h>
#include "config/scale.h"
#include "render/buffer_access.h"
#include "render/gles2_models.h"
#include "render/plan.h"
#include "render/ragged.h"
#include "render/resample_cache.h"
#include "render/target.h"

/*
 * A buffer at the target's own scale with no transform or viewport maps
 * pixel for pixel (a ragged one too, render/ragged.h), and so does one
 * whose viewport only sizes the surface to what the buffer covers there: a
 * wp_fractional_scale_v1 client's buffer of round(size x scale) pixels,
 * which the plan's box has too (config/scale.h). On the pixman
 * renderer that is a plain composite with offsets and no transform, which
 * keeps pixman on its blit fast path and is exact by construction.
 * (wlroots 0.18's pixman pass does the same for a 1:1 texture, but from
 * the texture's image, which for shm points where the pool was mapped at
 * commit; see blit_pixman.)
 */
static bool surface_is_1to1(struct gridwl_render_target *target,
		const struct gridwl_plan_item *item) {
	const struct wlr_surface_state *state = &item->surface->current;
	if (state->transform != WL_OUTPUT_TRANSFORM_NORMAL ||
			state->viewport.has_src) {
		return false;
	}
	if (state->viewport.has_dst) {
		return state->buffer_width == item->box.width &&
				state->buffer_height == item->box.height;
	}
	return state->scale * GRIDWL_SCALE120_ONE == target->scale120 &&
			gridwl_buffer_sized_state(state);
}

/* The surface's alpha-modifier-v1 multiplier, 1 without one. */
static float surface_alpha(struct wlr_surface *surface) {
	const struct wlr_alpha_modifier_surface_v1_state *state =
			wlr_alpha_modifier_v1_get_surface_state(surface);
	return state != NULL ? (float)state->multiplier : 1.0f;
}

/* What multiplies a surface's pixels by alpha on pixman: a solid mask made
 * as wlroots' pixman pass makes its own, so that the 1:1 and resampled
 * copies blend exactly as the renderer's path does. NULL for 1. */
static pixman_image_t *alpha_mask(float alpha) {
	if (alpha >= 1.0f) {
		return NULL;
	}
	return pixman_image_create_solid_fill(&(struct pixman_color){
			.alpha = 0xFFFF * alpha,
	});
}

/* Copies src, whose top-left is at (x, y) of the target, where clip says,
 * multiplied by mask (NULL: none). */
static void blit_pixman_clipped(struct gridwl_render_target *target,
		pixman_image_t *src, pixman_image_t *mask, int x, int y,
		pixman_region32_t *clip) {
	pixman_image_t *dst = target->image;
	// Opaque formats need no blending; SRC is the cheapest operator.
	pixman_op_t op =
			mask == NULL && PIXMAN_FORMAT_A(pixman_image_get_format(src)) == 0 ?
			PIXMAN_OP_SRC :
			PIXMAN_OP_OVER;
	int count;
	pixman_box32_t *rects = pixman_region32_rectangles(clip, &count);
	for (int i = 0; i < count; i++) {
		pixman_image_composite32(op, src, mask, dst, rects[i].x1 - x,
				rects[i].y1 - y, 0, 0, rects[i].x1, rects[i].y1,
				rects[i].x2 - rects[i].x1, rects[i].y2 - rects[i].y1);
	}
}

/* The part of the damage that src, placed at (x, y), covers. */
static void damage_under(struct gridwl_render_target *target, int x, int y,
		int width, int height, pixman_region32_t *clip) {
	pixman_region32_init_rect(clip, x, y, width, height);
	pixman_region32_intersect(clip, clip, target->damage);
}

/* The 1:1 copy on the pixman renderer, from the buffer's pixels where the
 * pool is mapped now (the texture's image may point where it was), with
 * the texture's pixman format. */
static void blit_pixman(struct gridwl_render_target *target,
		struct wlr_surface *surface, struct wlr_texture *texture, int x, int y,
		pixman_image_t *mask) {
	pixman_image_t *image = wlr_pixman_texture_get_image(texture);
	struct gridwl_buffer_access access;
	if (!gridwl_buffer_access_begin(surface, &access)) {
		return;
	}
	pixman_format_code_t format = pixman_image_get_format(image);
	pixman_region32_t clip;
	damage_under(target, x, y, access.width, access.height, &clip);
	const pixman_box32_t *extents = pixman_region32_extents(&clip);
	const void *data;
	size_t stride;
	if (pixman_region32_not_empty(&clip) &&
			gridwl_buffer_access_rows(&access, extents->y1 - y, extents->y2 - y,
					&data, &stride)) {
		pixman_image_t *src = pixman_image_create_bits_no_clear(format,
				access.width, access.height, (uint32_t *)data, (int)stride);
		if (src != NULL) {
			blit_pixman_clipped(target, src, mask, x, y, &clip);
			pixman_image_unref(src);
		}
	}
	pixman_region32_fini(&clip);
	gridwl_buffer_access_end(&access);
}

/* Draws src_box of texture onto box of the target, within the damage,
 * multiplied by alpha, blended over what is there or replacing it. */
static void draw_texture(struct gridwl_render_target *target,
		struct wlr_texture *texture, const struct wlr_fbox *src_box,
		const struct wlr_box *box, enum wl_output_transform transform,
		enum gridwl_filter filter, float alpha, bool blend) {
	pixman_region32_t clip;
	pixman_region32_init_rect(&clip, box->x, box->y, box->width, box->height);
	pixman_region32_intersect(&clip, &clip, target->damage);
	if (pixman_region32_not_empty(&clip)) {
		wlr_render_pass_add_texture(target->pass,
				&(struct wlr_render_texture_options){
						.texture = texture,
						.src_box = *src_box,
						.dst_box = *box,
						.clip = &clip,
						.alpha = alpha < 1.0f ? &alpha : NULL,
						.transform = transform,
						.filter_mode = filter == GRIDWL_FILTER_BILINEAR ?
								WLR_SCALE_FILTER_BILINEAR :
								WLR_SCALE_FILTER_NEAREST,
						.blend_mode = blend ?
								WLR_RENDER_BLEND_MODE_PREMULTIPLIED :
								WLR_RENDER_BLEND_MODE_NONE,
				});
	}
	pixman_region32_fini(&clip);
}

void gridwl_render_texture(struct gridwl_render_target *target,
		struct wlr_texture *texture, const struct wlr_box *box, bool blend) {
	struct wlr_fbox src_box = { 0, 0, texture->width, texture->height };
	draw_texture(target, texture, &src_box, box, WL_OUTPUT_TRANSFORM_NORMAL,
			GRIDWL_FILTER_NEAREST, 1.0f, blend);
}

/* On GLES2, a buffer the kernels cannot read (a dmabuf, another format)
 * but whose geometry they would take: resampled by the same model on the
 * GPU (render/gles2_models.h). False when it is not such a buffer. */
static bool draw_with_models(struct gridwl_render_target *target,
		struct gridwl_resample_cache *cache, struct wlr_surface *surface,
		struct wlr_texture *texture, enum gridwl_filter filter, int x, int y) {
	// A texture that is not the current buffer's (one that could not be
	// uploaded) is left to the renderer, which checks its source box.
	struct gridwl_resample_model model;
	if (target->gles2_models == NULL ||
			texture->width != (uint32_t)surface->current.buffer_width ||
			texture->height != (uint32_t)surface->current.buffer_height ||
			!gridwl_resample_model_for(cache, surface, target->scale120, filter,
					&model)) {
		return false;
	}
	struct wlr_box box = { x, y, model.width, model.height };
	pixman_region32_t clip;
	damage_under(target, x, y, model.width, model.height, &clip);
	bool drawn = !pixman_region32_not_empty(&clip) ||
			gridwl_gles2_models_draw(target->gles2_models, texture, &model,
					&box, &clip, surface_alpha(surface));
	pixman_region32_fini(&clip);
	return drawn;
}

/* What the renderer does by itself, for what the kernels do not handle
 * (viewports, buffer transforms, other formats, dmabufs): both renderers
 * sample as filter says. */
static void draw_with_renderer(struct gridwl_render_target *target,
		struct wlr_surface *surface, struct wlr_texture *texture,
		enum gridwl_filter filter, int x, int y) {
	// A ragged buffer (render/ragged.h) is drawn over the pixels it
	// covers, which is exact where the ratio of scales divides its size.
	struct wlr_box box = { .x = x, .y = y };
	gridwl_surface_extent(surface, target->scale120, &box.width, &box.height);
	struct wlr_fbox src_box;
	wlr_surface_get_buffer_source_box(surface, &src_box);
	// The state and the texture can disagree for a commit whose buffer
	// could not be uploaded (the texture is the last one that could);
	// the render pass asserts that the source is inside the texture.
	if (src_box.x < 0 || src_box.y < 0 ||
			src_box.x + src_box.width > texture->width ||
			src_box.y + src_box.height > texture->height) {
		wlr_log(WLR_DEBUG,
				"Surface source box %.1fx%.1f+%.1f+%.1f is outside its "
				"%ux%u texture: not drawn",
				src_box.width, src_box.height, src_box.x, src_box.y,
				texture->width, texture->height);
		return;
	}
	// The filter is for magnifying. A buffer drawn smaller than it is (a
	// higher buffer scale, a viewport) is sampled bilinearly, which at
	// exactly half size is the mean of each 2x2 block: nearest would drop
	// three pixels of four.
	enum wl_output_transform transform =
			wlr_output_transform_invert(surface->current.transform);
	double src_width = src_box.width, src_height = src_box.height;
	if (transform & WL_OUTPUT_TRANSFORM_90) {
		src_width = src_box.height;
		src_height = src_box.width;
	}
	if (src_width > box.width || src_height > box.height) {
		filter = GRIDWL_FILTER_BILINEAR;
	}
	// One pixel (a single-pixel buffer stretched by a viewport) is a solid
	// rectangle at any size. Bilinear would be too, with its edge clamped;
	// pixman blends the edge with transparent instead.
	if (texture->width == 1 && texture->height == 1) {
		filter = GRIDWL_FILTER_NEAREST;
	}
	draw_texture(target, texture, &src_box, &box, transform, filter,
			surface_alpha(surface), true);
}

/* Where a direct entry is stale, resamples the surface's buffer straight
 * into the frame: a window that changes every frame then costs one kernel
 * pass a frame and no copy. True when it drew all of clip's stale part;
 * what it drew is taken out of clip. */
static bool draw_direct(struct gridwl_render_target *target,
		struct gridwl_resample_cache *cache,
		struct gridwl_resample_entry *entry, struct wlr_surface *surface, int x,
		int y, pixman_region32_t *clip) {
	pixman_image_t *dst = target->image;
	pixman_format_code_t format = pixman_image_get_format(dst);
	if (format != PIXMAN_x8r8g8b8 && format != PIXMAN_a8r8g8b8) {
		return false;
	}
	pixman_region32_t direct;
	pixman_region32_init(&direct);
	pixman_region32_copy(&direct, &entry->stale);
	pixman_region32_translate(&direct, x, y);
	pixman_region32_intersect(&direct, &direct, clip);
	if (!pixman_region32_not_empty(&direct)) {
		pixman_region32_fini(&direct);
		return true;
	}
	pixman_region32_subtract(clip, clip, &direct);
	pixman_region32_translate(&direct, -x, -y);
	bool ok = gridwl_resample_cache_draw_direct(cache, entry, surface, &direct,
			pixman_image_get_data(dst), pixman_image_get_stride(dst) / 4, x, y);
	pixman_region32_fini(&direct);
	return ok;
}

/* A resampled copy at the target's scale: pixel for pixel, like a buffer
 * at that scale. */
static bool draw_resampled(struct gridwl_render_target *target,
		struct gridwl_resample_cache *cache,
		struct gridwl_resample_entry *entry, struct wlr_surface *surface, int x,
		int y) {
	float alpha = surface_alpha(surface);
	if (target->image == NULL) {
		struct wlr_box box = { x, y, entry->width, entry->height };
		struct wlr_fbox src_box = { 0, 0, entry->width, entry->height };
		draw_texture(target, entry->texture, &src_box, &box,
				WL_OUTPUT_TRANSFORM_NORMAL, GRIDWL_FILTER_NEAREST, alpha, true);
		return true;
	}
	pixman_region32_t clip;
	damage_under(target, x, y, entry->width, entry->height, &clip);
	bool ok;
	if (!entry->direct) {
		ok = true;
	} else if (alpha < 1.0f) {
		// Written straight into the frame it would replace what is under
		// it: brought up to date in the copy, which is then blended.
		ok = gridwl_resample_cache_settle(cache, entry, surface, NULL);
	} else if (entry->quiet) {
		// No commit since the frame before: what this frame shows goes
		// into the copy once, for this frame and the next ones to blit.
		pixman_region32_translate(&clip, -x, -y);
		ok = gridwl_resample_cache_settle(cache, entry, surface, &clip);
		pixman_region32_translate(&clip, x, y);
	} else {
		ok = draw_direct(target, cache, entry, surface, x, y, &clip);
	}
	if (ok) {
		pixman_image_t *mask = alpha_mask(alpha);
		blit_pixman_clipped(target, entry->image, mask, x, y, &clip);
		if (mask != NULL) {
			pixman_image_unref(mask);
		}
	}
	pixman_region32_fini(&clip);
	return ok;
}

void gridwl_render_surface(struct gridwl_render_target *target,
		const struct gridwl_plan_item *item) {
	struct wlr_surface *surface = item->surface;
	int x = item->box.x, y = item->box.y;
	struct wlr_texture *texture = wlr_surface_get_texture(surface);
	if (texture == NULL) {
		return;
	}
	if (surface_is_1to1(target, item) && target->image != NULL &&
			wlr_texture_is_pixman(texture)) {
		pixman_image_t *mask = alpha_mask(surface_alpha(surface));
		blit_pixman(target, surface, texture, x, y, mask);
		if (mask != NULL) {
			pixman_image_unref(mask);
		}
		if (item->cache != NULL) {
			item->cache->stats->blits_1to1++;
		}
		return;
	}
	struct gridwl_resample_cache *cache = item->cache;
	if (cache != NULL) {
		struct gridwl_resample_key key = { target->scale120, item->filter };
		struct gridwl_resample_entry *entry =
				gridwl_resample_cache_find(cache, surface, &key);
		if (entry != NULL &&
				draw_resampled(target, cache, entry, surface, x, y)) {
			return;
		}
	}
	if (!draw_with_models(target, cache, surface, texture, item->filter, x,
				y)) {
		draw_with_renderer(target, surface, texture, item->filter, x, y);
	}
}
