#include <wlr/render/allocator.h>
#include <wlr/render/pass.h>
#include <wlr/render/swapchain.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/types/wlr_output.h>
#include <wlr/util/log.h>
#include <wlr/util/region.h>
#include <wlr/util/transform.h>
#include "compositor/frame/upright.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "render/compose.h"
#include "render/plan.h"

void gridwl_upright_finish(struct gridwl_upright *upright) {
	if (upright->texture != NULL) {
		wlr_texture_destroy(upright->texture);
		upright->texture = NULL;
	}
	if (upright->buffer != NULL) {
		wlr_buffer_drop(upright->buffer);
		upright->buffer = NULL;
	}
}

struct wlr_buffer *gridwl_upright_buffer(struct gridwl_output *output,
		int width, int height) {
	struct gridwl_upright *upright = &output->upright;
	if (upright->buffer != NULL && upright->buffer->width == width &&
			upright->buffer->height == height) {
		return upright->buffer;
	}
	gridwl_upright_finish(upright);
	struct wlr_output *wlr_output = output->wlr_output;
	struct wlr_output_state empty;
	wlr_output_state_init(&empty);
	bool configured = wlr_output_configure_primary_swapchain(wlr_output, &empty,
			&wlr_output->swapchain);
	wlr_output_state_finish(&empty);
	if (!configured) {
		return NULL;
	}
	// The output's own format, so that the copy through the transform
	// converts nothing.
	upright->buffer = wlr_allocator_create_buffer(output->server->allocator,
			width, height, &wlr_output->swapchain->format);
	if (upright->buffer == NULL) {
		wlr_log(WLR_ERROR, "Output %s: no buffer for the upright picture",
				wlr_output->name);
	}
	return upright->buffer;
}

bool gridwl_upright_draw(struct gridwl_output *output,
		const struct gridwl_frame_plan *plan, const pixman_region32_t *damage) {
	struct gridwl_upright *upright = &output->upright;
	struct wlr_renderer *renderer = output->server->renderer;
	pixman_region32_t whole;
	pixman_region32_init(&whole);
	if (upright->buffer == NULL || upright->buffer->width != plan->width ||
			upright->buffer->height != plan->height) {
		if (gridwl_upright_buffer(output, plan->width, plan->height) == NULL) {
			pixman_region32_fini(&whole);
			return false;
		}
		// Nothing of the picture is in a new buffer yet.
		pixman_region32_init_rect(&whole, 0, 0, (unsigned)plan->width,
				(unsigned)plan->height);
		damage = &whole;
	}
	bool ok = false;
	struct wlr_render_pass *pass =
			wlr_renderer_begin_buffer_pass(renderer, upright->buffer, NULL);
	if (pass != NULL) {
		gridwl_render_plan_draw(plan, renderer, pass, upright->buffer, damage);
		ok = wlr_render_pass_submit(pass);
	}
	pixman_region32_fini(&whole);
	if (ok && upright->texture == NULL) {
		upright->texture = wlr_texture_from_buffer(renderer, upright->buffer);
		ok = upright->texture != NULL;
	}
	if (!ok) {
		// Whatever it holds now is not known: drawn whole next time.
		gridwl_upright_finish(upright);
	}
	return ok;
}

void gridwl_upright_copy(struct gridwl_output *output,
		struct wlr_render_pass *pass, const pixman_region32_t *damage) {
	struct wlr_output *wlr_output = output->wlr_output;
	int width, height;
	wlr_output_transformed_resolution(wlr_output, &width, &height);
	pixman_region32_t clip;
	pixman_region32_init(&clip);
	wlr_region_transform(&clip, damage,
			wlr_output_transform_invert(wlr_output->transform), width, height);
	// Whole pixels onto whole pixels by a rotation or a flip: with nearest
	// sampling each output pixel is one upright pixel, unchanged.
	wlr_render_pass_add_texture(pass,
			&(struct wlr_render_texture_options){
					.texture = output->upright.texture,
					.dst_box = { 0, 0, wlr_output->width, wlr_output->height },
					.transform = wlr_output->transform,
					.filter_mode = WLR_SCALE_FILTER_NEAREST,
					.blend_mode = WLR_RENDER_BLEND_MODE_NONE,
					.clip = &clip,
			});
	pixman_region32_fini(&clip);
}
