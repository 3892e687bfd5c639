#include <drm_fourcc.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/render/pass.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/util/box.h>
#include "config/error.h"
#include "render/compose.h"
#include "render/plan.h"
#include "render/screenshot.h"

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

bool gridwl_render_plan_read(const struct gridwl_frame_plan *plan,
		struct wlr_renderer *renderer, struct wlr_buffer *buffer,
		uint32_t drm_format, struct gridwl_image *image, char **error) {
	gridwl_render_plan_prepare(plan);
	struct wlr_render_pass *pass =
			wlr_renderer_begin_buffer_pass(renderer, buffer, NULL);
	if (pass == NULL) {
		gridwl_set_error(error, "cannot render a %dx%d picture", plan->width,
				plan->height);
		return false;
	}
	pixman_region32_t damage;
	pixman_region32_init_rect(&damage, 0, 0, plan->width, plan->height);
	gridwl_render_plan_draw(plan, renderer, pass, buffer, &damage);
	pixman_region32_fini(&damage);
	bool ok = wlr_render_pass_submit(pass);
	struct wlr_texture *texture =
			ok ? wlr_texture_from_buffer(renderer, buffer) : NULL;
	ok = texture != NULL &&
			gridwl_image_init(image, plan->width, plan->height) &&
			wlr_texture_read_pixels(texture,
					&(struct wlr_texture_read_pixels_options){
							.data = image->data,
							.format = drm_format,
							.stride = image->stride,
					});
	if (texture != NULL) {
		wlr_texture_destroy(texture);
	}
	if (!ok) {
		gridwl_image_finish(image);
		gridwl_set_error(error, "reading the picture's pixels failed");
	}
	return ok;
}

void gridwl_image_paste(struct gridwl_image *dst, const struct wlr_box *box,
		const struct gridwl_image *src, int src_scale, int dst_scale) {
	pixman_image_t *to = pixman_image_create_bits(PIXMAN_a8r8g8b8, dst->width,
			dst->height, dst->data, dst->stride);
	pixman_image_t *from = pixman_image_create_bits(PIXMAN_a8r8g8b8, src->width,
			src->height, src->data, src->stride);
	pixman_fixed_t step = pixman_double_to_fixed((double)src_scale / dst_scale);
	pixman_transform_t transform;
	pixman_transform_init_scale(&transform, step, step);
	pixman_image_set_transform(from, &transform);
	pixman_image_set_filter(from, PIXMAN_FILTER_NEAREST, NULL, 0);
	pixman_image_composite32(PIXMAN_OP_SRC, from, NULL, to, 0, 0, 0, 0, box->x,
			box->y, box->width, box->height);
	pixman_image_unref(from);
	pixman_image_unref(to);
}

void gridwl_image_fill(struct gridwl_image *image, const struct wlr_box *box,
		uint32_t rgb) {
	pixman_image_t *to = pixman_image_create_bits(PIXMAN_a8r8g8b8, image->width,
			image->height, image->data, image->stride);
	pixman_color_t color = {
		.red = ((rgb >> 16) & 0xff) * 0x101,
		.green = ((rgb >> 8) & 0xff) * 0x101,
		.blue = (rgb & 0xff) * 0x101,
		.alpha = 0xffff,
	};
	pixman_box32_t rect = { box->x, box->y, box->x + box->width,
		box->y + box->height };
	pixman_image_fill_boxes(PIXMAN_OP_SRC, to, &color, 1, &rect);
	pixman_image_unref(to);
}

bool gridwl_image_crop(const struct gridwl_image *src,
		const struct wlr_box *box, struct gridwl_image *out) {
	if (!gridwl_image_init(out, box->width, box->height)) {
		return false;
	}
	for (int y = 0; y < out->height; y++) {
		memcpy((uint8_t *)out->data + (size_t)y * out->stride,
				(const uint8_t *)src->data +
						(size_t)(box->y + y) * src->stride + (size_t)box->x * 4,
				(size_t)out->width * 4);
	}
	return true;
}
