#include <drm_fourcc.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/render/pass.h>
#include <wlr/render/swapchain.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/types/wlr_output.h>
#include <wlr/util/box.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/util.h"
#include "render/cursor_draw.h"
#include "render/screenshot.h"
#include "render/target.h"

void gridwl_image_make_opaque(struct gridwl_image *image) {
	size_t count = (size_t)image->width * image->height;
	for (size_t i = 0; i < count; i++) {
		image->data[i] |= 0xff000000u;
	}
}

void gridwl_image_finish(struct gridwl_image *image) {
	free(image->data);
	image->data = NULL;
}

bool gridwl_image_init(struct gridwl_image *image, int width, int height) {
	image->width = width;
	image->height = height;
	image->stride = width * 4;
	image->alpha = false;
	image->data = calloc((size_t)width * height, 4);
	return image->data != NULL;
}

/*
 * Composes the output's current scene into a buffer of its swapchain and
 * reads it back without committing: the same code path and pixels as a
 * frame, on either renderer. The buffer then holds current content, which
 * stays correct under buffer-age damage tracking (a frame repaints what
 * changed since its age over a picture that is newer, not older).
 */
bool gridwl_screenshot_output(struct gridwl_output *output, bool with_cursor,
		struct gridwl_image *image, char **error) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct gridwl_server *server = output->server;
	if (!gridwl_output_is_active(output)) {
		gridwl_set_error(error, "output %s is disabled", wlr_output->name);
		return false;
	}
	// As grim's capture fails: an output that is off has no picture, and
	// a picture of what it would show would pass for one.
	if (!output->powered) {
		gridwl_set_error(error, "output %s is powered off", wlr_output->name);
		return false;
	}
	gridwl_render_prepare(output);
	if (with_cursor) {
		gridwl_render_prepare_cursors(output, true);
	}
	struct wlr_output_state state;
	wlr_output_state_init(&state);
	bool have_swapchain = wlr_output_configure_primary_swapchain(wlr_output,
			&state, &wlr_output->swapchain);
	wlr_output_state_finish(&state);
	struct wlr_buffer *buffer = have_swapchain ?
			wlr_swapchain_acquire(wlr_output->swapchain, NULL) :
			NULL;
	if (buffer == NULL) {
		gridwl_set_error(error, "output %s cannot render now",
				wlr_output->name);
		return false;
	}
	struct wlr_render_pass *pass =
			wlr_renderer_begin_buffer_pass(server->renderer, buffer, NULL);
	if (pass == NULL ||
			!gridwl_image_init(image, buffer->width, buffer->height)) {
		if (pass != NULL) {
			wlr_render_pass_submit(pass);
		}
		wlr_buffer_unlock(buffer);
		gridwl_set_error(error, "output %s cannot render now",
				wlr_output->name);
		return false;
	}

	pixman_region32_t damage;
	pixman_region32_init_rect(&damage, 0, 0, buffer->width, buffer->height);
	struct gridwl_render_target target;
	gridwl_render_target_for_output(&target, output, pass, buffer, &damage);
	gridwl_render_views(&target);
	if (with_cursor) {
		gridwl_render_cursors(&target, true);
	}
	pixman_region32_fini(&damage);
	bool ok = wlr_render_pass_submit(pass);
	struct wlr_texture *texture =
			ok ? wlr_texture_from_buffer(server->renderer, buffer) : NULL;
	ok = texture != NULL &&
			wlr_texture_read_pixels(texture,
					&(struct wlr_texture_read_pixels_options){
							.data = image->data,
							.format = DRM_FORMAT_XRGB8888,
							.stride = image->stride,
					});
	if (texture != NULL) {
		wlr_texture_destroy(texture);
	}
	wlr_buffer_unlock(buffer);
	if (!ok) {
		gridwl_image_finish(image);
		gridwl_set_error(error, "output %s: reading pixels failed",
				wlr_output->name);
		return false;
	}
	gridwl_image_make_opaque(image);
	return true;
}

/* The layout image, and where it starts (logical) and its scale. */
static bool screenshot_layout(struct gridwl_server *server, bool with_cursor,
		struct gridwl_image *image, int *origin_x, int *origin_y, int *scale,
		char **error) {
	int max_scale = 0;
	pixman_region32_t extent;
	pixman_region32_init(&extent);
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		if (!gridwl_output_is_active(output)) {
			continue;
		}
		struct wlr_box box = gridwl_output_logical_box(output);
		pixman_region32_union_rect(&extent, &extent, box.x, box.y, box.width,
				box.height);
		if (output->scale > max_scale) {
			max_scale = output->scale;
		}
	}
	pixman_box32_t bounds = *pixman_region32_extents(&extent);
	pixman_region32_fini(&extent);
	if (max_scale == 0) {
		gridwl_set_error(error, "no output is enabled");
		return false;
	}
	if (!gridwl_image_init(image, (bounds.x2 - bounds.x1) * max_scale,
				(bounds.y2 - bounds.y1) * max_scale)) {
		gridwl_set_error(error, "out of memory");
		return false;
	}
	pixman_image_t *dst = pixman_image_create_bits(PIXMAN_a8r8g8b8,
			image->width, image->height, image->data, image->stride);

	bool ok = true;
	wl_list_for_each(output, &server->outputs, link) {
		if (!gridwl_output_is_active(output)) {
			continue;
		}
		if (!output->powered) {
			// Black, as the screen is: in the layout, showing nothing.
			struct wlr_box box = gridwl_output_logical_box(output);
			pixman_color_t black = { 0, 0, 0, 0xffff };
			pixman_box32_t rect = {
				(box.x - bounds.x1) * max_scale,
				(box.y - bounds.y1) * max_scale,
				(box.x + box.width - bounds.x1) * max_scale,
				(box.y + box.height - bounds.y1) * max_scale,
			};
			pixman_image_fill_boxes(PIXMAN_OP_SRC, dst, &black, 1, &rect);
			continue;
		}
		struct gridwl_image part;
		if (!gridwl_screenshot_output(output, with_cursor, &part, error)) {
			ok = false;
			break;
		}
		// Lower-scale outputs are magnified by replicating pixels so that
		// each output's own pixels stay visible as they are (by whole
		// pixels where the scales divide, as 1 and 2 into 4; a scale-2
		// output in a scale-3 image necessarily alternates 1 and 2).
		pixman_image_t *src = pixman_image_create_bits(PIXMAN_a8r8g8b8,
				part.width, part.height, part.data, part.stride);
		pixman_fixed_t step =
				pixman_double_to_fixed((double)output->scale / max_scale);
		pixman_transform_t transform;
		pixman_transform_init_scale(&transform, step, step);
		pixman_image_set_transform(src, &transform);
		pixman_image_set_filter(src, PIXMAN_FILTER_NEAREST, NULL, 0);
		struct wlr_box box = gridwl_output_logical_box(output);
		pixman_image_composite32(PIXMAN_OP_SRC, src, NULL, dst, 0, 0, 0, 0,
				(box.x - bounds.x1) * max_scale,
				(box.y - bounds.y1) * max_scale, box.width * max_scale,
				box.height * max_scale);
		pixman_image_unref(src);
		gridwl_image_finish(&part);
	}
	pixman_image_unref(dst);
	if (!ok) {
		gridwl_image_finish(image);
	}
	*origin_x = bounds.x1;
	*origin_y = bounds.y1;
	*scale = max_scale;
	return ok;
}

bool gridwl_screenshot_layout(struct gridwl_server *server, bool with_cursor,
		struct gridwl_image *image, char **error) {
	int x, y, scale;
	return screenshot_layout(server, with_cursor, image, &x, &y, &scale, error);
}

bool gridwl_screenshot_region(struct gridwl_server *server, bool with_cursor,
		const struct wlr_box *box, struct gridwl_image *image, char **error) {
	struct gridwl_image layout;
	int origin_x, origin_y, scale;
	if (!screenshot_layout(server, with_cursor, &layout, &origin_x, &origin_y,
				&scale, error)) {
		return false;
	}
	struct wlr_box all = { origin_x, origin_y, layout.width / scale,
		layout.height / scale };
	struct wlr_box part;
	if (!wlr_box_intersection(&part, box, &all)) {
		gridwl_image_finish(&layout);
		gridwl_set_error(error, "the region %d,%d %dx%d is outside the layout",
				box->x, box->y, box->width, box->height);
		return false;
	}
	if (!gridwl_image_init(image, part.width * scale, part.height * scale)) {
		gridwl_image_finish(&layout);
		gridwl_set_error(error, "out of memory");
		return false;
	}
	int x0 = (part.x - origin_x) * scale, y0 = (part.y - origin_y) * scale;
	for (int y = 0; y < image->height; y++) {
		memcpy((uint8_t *)image->data + (size_t)y * image->stride,
				(const uint8_t *)layout.data +
						(size_t)(y0 + y) * layout.stride + (size_t)x0 * 4,
				(size_t)image->width * 4);
	}
	gridwl_image_finish(&layout);
	return true;
}
