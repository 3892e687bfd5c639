#include <drm_fourcc.h>
#include <inttypes.h>
#include <stdlib.h>
#include <wlr/render/allocator.h>
#include <wlr/render/drm_format_set.h>
#include <wlr/render/pass.h>
#include <wlr/render/pixman.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/util/box.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/util.h"
#include "compositor/view/view.h"
#include "render/screenshot.h"
#include "render/target.h"

/* A side of a picture at a scale of its own: 8 times the largest side an
 * output of 4 at 2x a 4K screen has, and far below what an allocation
 * refuses. */
#define MAX_SIDE 32768

/*
 * Composes box (logical) at scale into a buffer of its own, from the
 * buffers of the views (only that one, over nothing, when only is set;
 * every shown view over the background otherwise), each view with the
 * filter of the output most of it is on, and reads it back. The same
 * drawing code as an output's frame: what an output of that scale covering
 * the box would show, cursors left out.
 */
static bool compose_at_scale(struct gridwl_server *server,
		const struct wlr_box *box, int scale, struct gridwl_view *only,
		struct gridwl_image *image, char **error) {
	int64_t width = (int64_t)box->width * scale;
	int64_t height = (int64_t)box->height * scale;
	if (width <= 0 || height <= 0 || width > MAX_SIDE || height > MAX_SIDE) {
		gridwl_set_error(error, "a %" PRId64 "x%" PRId64 " picture is too big",
				width, height);
		return false;
	}
	gridwl_render_prepare_box(server, box, scale, only);
	// Any layout will do for a buffer read back once: implicit or linear.
	uint64_t modifiers[] = { DRM_FORMAT_MOD_INVALID, DRM_FORMAT_MOD_LINEAR };
	const struct wlr_drm_format format = {
		.format = DRM_FORMAT_ARGB8888,
		.len = 2,
		.capacity = 2,
		.modifiers = modifiers,
	};
	struct wlr_buffer *buffer = wlr_allocator_create_buffer(server->allocator,
			(int)width, (int)height, &format);
	struct wlr_render_pass *pass = buffer != NULL ?
			wlr_renderer_begin_buffer_pass(server->renderer, buffer, NULL) :
			NULL;
	if (pass == NULL) {
		if (buffer != NULL) {
			wlr_buffer_drop(buffer);
		}
		gridwl_set_error(error,
				"cannot render a %" PRId64 "x%" PRId64 " picture", width,
				height);
		return false;
	}
	pixman_region32_t damage;
	pixman_region32_init_rect(&damage, 0, 0, (int)width, (int)height);
	struct gridwl_render_target target = {
		.server = server,
		.renderer = server->renderer,
		.scale = scale,
		.lx = box->x,
		.ly = box->y,
		.width = (int)width,
		.height = (int)height,
		.pass = pass,
		.image = wlr_renderer_is_pixman(server->renderer) ?
				wlr_pixman_renderer_get_buffer_image(server->renderer, buffer) :
				NULL,
		.damage = &damage,
	};
	if (only != NULL) {
		// Where the window draws nothing, nothing: a transparent pixel.
		wlr_render_pass_add_rect(pass,
				&(struct wlr_render_rect_options){
						.box = { 0, 0, (int)width, (int)height },
						.color = { 0, 0, 0, 0 },
						.blend_mode = WLR_RENDER_BLEND_MODE_NONE,
				});
		gridwl_render_view(&target, only);
	} else {
		gridwl_render_views(&target);
	}
	pixman_region32_fini(&damage);
	bool ok = wlr_render_pass_submit(pass);
	struct wlr_texture *texture =
			ok ? wlr_texture_from_buffer(server->renderer, buffer) : NULL;
	ok = texture != NULL && gridwl_image_init(image, (int)width, (int)height) &&
			wlr_texture_read_pixels(texture,
					&(struct wlr_texture_read_pixels_options){
							.data = image->data,
							.format = DRM_FORMAT_ARGB8888,
							.stride = image->stride,
					});
	if (texture != NULL) {
		wlr_texture_destroy(texture);
	}
	wlr_buffer_drop(buffer);
	if (!ok) {
		gridwl_image_finish(image);
		gridwl_set_error(error, "reading the picture's pixels failed");
	}
	return ok;
}

int gridwl_screenshot_window_scale(struct gridwl_view *view) {
	int scale = 0;
	struct gridwl_output *output;
	wl_list_for_each(output, &view->server->outputs, link) {
		if (gridwl_view_shown_on(view, output) && output->scale > scale) {
			scale = output->scale;
		}
	}
	// A window on no output is taken at the scale it draws at.
	return scale > 0 ? scale : gridwl_view_buffer_scale(view);
}

bool gridwl_screenshot_window(struct gridwl_view *view, int scale,
		struct gridwl_image *image, char **error) {
	if (!gridwl_view_is_shown(view)) {
		gridwl_set_error(error, "window %u is not shown", view->id);
		return false;
	}
	struct wlr_box box = gridwl_view_box(view);
	if (!compose_at_scale(view->server, &box, scale, view, image, error)) {
		return false;
	}
	image->alpha = true;
	return true;
}

bool gridwl_screenshot_region_at_scale(struct gridwl_server *server,
		const struct wlr_box *box, int scale, struct gridwl_image *image,
		char **error) {
	if (!compose_at_scale(server, box, scale, NULL, image, error)) {
		return false;
	}
	gridwl_image_make_opaque(image);
	return true;
}
