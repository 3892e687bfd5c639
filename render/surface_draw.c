#include <wlr/render/pixman.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/types/wlr_matrix.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_surface.h>
#include "render/render.h"

/*
 * A buffer at the target's own scale with no transform or viewport maps
 * pixel for pixel. On the pixman renderer that is a plain composite with
 * offsets and no transform, which keeps pixman on its blit fast path
 * (wlroots 0.15 always sets a transform, about 5x slower, see
 * shared/notes) and is exact by construction.
 */
static bool surface_is_1to1(struct gridwl_render_target *target,
		struct wlr_surface *surface) {
	const struct wlr_surface_state *state = &surface->current;
	return state->scale == target->scale &&
		state->transform == WL_OUTPUT_TRANSFORM_NORMAL &&
		!state->viewport.has_src && !state->viewport.has_dst &&
		state->buffer_width == state->width * state->scale &&
		state->buffer_height == state->height * state->scale;
}

static void blit_pixman(struct gridwl_render_target *target,
		struct wlr_texture *texture, int x, int y) {
	pixman_image_t *dst =
		wlr_pixman_renderer_get_current_image(target->renderer);
	pixman_image_t *src = wlr_pixman_texture_get_image(texture);
	// Opaque formats need no blending; SRC is the cheapest operator.
	pixman_op_t op = PIXMAN_FORMAT_A(pixman_image_get_format(src)) == 0 ?
		PIXMAN_OP_SRC : PIXMAN_OP_OVER;
	pixman_region32_t clip;
	pixman_region32_init_rect(&clip, x, y, texture->width, texture->height);
	pixman_region32_intersect(&clip, &clip, target->damage);
	int count;
	pixman_box32_t *rects = pixman_region32_rectangles(&clip, &count);
	for (int i = 0; i < count; i++) {
		pixman_image_composite32(op, src, NULL, dst,
			rects[i].x1 - x, rects[i].y1 - y, 0, 0,
			rects[i].x1, rects[i].y1,
			rects[i].x2 - rects[i].x1, rects[i].y2 - rects[i].y1);
	}
	pixman_region32_fini(&clip);
}

static void draw_with_renderer(struct gridwl_render_target *target,
		struct wlr_surface *surface, struct wlr_texture *texture,
		int x, int y) {
	struct wlr_box box = {
		.x = x,
		.y = y,
		.width = surface->current.width * target->scale,
		.height = surface->current.height * target->scale,
	};
	float matrix[9];
	enum wl_output_transform transform =
		wlr_output_transform_invert(surface->current.transform);
	wlr_matrix_project_box(matrix, &box, transform, 0, target->projection);
	struct wlr_fbox src_box;
	wlr_surface_get_buffer_source_box(surface, &src_box);

	pixman_region32_t clip;
	pixman_region32_init_rect(&clip, box.x, box.y, box.width, box.height);
	pixman_region32_intersect(&clip, &clip, target->damage);
	int count;
	pixman_box32_t *rects = pixman_region32_rectangles(&clip, &count);
	for (int i = 0; i < count; i++) {
		struct wlr_box scissor = {
			.x = rects[i].x1,
			.y = rects[i].y1,
			.width = rects[i].x2 - rects[i].x1,
			.height = rects[i].y2 - rects[i].y1,
		};
		wlr_renderer_scissor(target->renderer, &scissor);
		wlr_render_subtexture_with_matrix(target->renderer, texture,
			&src_box, matrix, 1.0f);
	}
	wlr_renderer_scissor(target->renderer, NULL);
	pixman_region32_fini(&clip);
}

void gridwl_render_surface(struct gridwl_render_target *target,
		struct wlr_surface *surface, int x, int y) {
	struct wlr_texture *texture = wlr_surface_get_texture(surface);
	if (texture == NULL) {
		return;
	}
	if (surface_is_1to1(target, surface) &&
			wlr_renderer_is_pixman(target->renderer) &&
			wlr_texture_is_pixman(texture)) {
		blit_pixman(target, texture, x, y);
		return;
	}
	// Until render/ has its own integer kernels, every other case is left
	// to the renderer: pixman replicates pixels, GLES2 samples linearly.
	draw_with_renderer(target, surface, texture, x, y);
}
