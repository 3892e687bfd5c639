#include <drm_fourcc.h>
#include <inttypes.h>
#include <wlr/render/allocator.h>
#include <wlr/render/drm_format_set.h>
#include <wlr/render/swapchain.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/types/wlr_output.h>
#include <wlr/util/box.h>
#include "compositor/frame/plan.h"
#include "compositor/frame/screenshot.h"
#include "compositor/layout.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/util.h"
#include "compositor/view/view.h"
#include "render/plan.h"
#include "render/screenshot.h"

/* A side of a picture at a scale of its own: 8 times the largest side an
 * output of 4 at 2x a 4K screen has, and far below what an allocation
 * refuses. */
#define MAX_SIDE 32768

/*
 * Draws the output's plan into a buffer of its swapchain and reads it back
 * without committing: the same code path and pixels as a frame, on either
 * renderer. The buffer then holds current content, which stays correct
 * under buffer-age damage tracking (a frame repaints what changed since its
 * age over a picture that is newer, not older). A rotated or flipped
 * output's is its upright picture (compositor/frame/upright.h): the
 * screenshot is upright, as the user sees it.
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
	struct gridwl_frame_plan plan;
	gridwl_frame_plan_init(&plan);
	struct wl_array views;
	wl_array_init(&views);
	gridwl_frame_plan_for_output(&plan, output, with_cursor, true, NULL,
			&views);
	wl_array_release(&views);
	struct wlr_buffer *buffer = NULL;
	if (wlr_output->transform != WL_OUTPUT_TRANSFORM_NORMAL) {
		// Upright, as the user sees it (and grim gives it), in the buffer
		// rotated frames are composed in.
		buffer = gridwl_upright_buffer(output, plan.width, plan.height);
		if (buffer != NULL) {
			wlr_buffer_lock(buffer);
		}
	} else {
		struct wlr_output_state state;
		wlr_output_state_init(&state);
		bool have_swapchain = wlr_output_configure_primary_swapchain(wlr_output,
				&state, &wlr_output->swapchain);
		wlr_output_state_finish(&state);
		buffer = have_swapchain ?
				wlr_swapchain_acquire(wlr_output->swapchain, NULL) :
				NULL;
	}
	if (buffer == NULL) {
		gridwl_frame_plan_finish(&plan);
		gridwl_set_error(error, "output %s cannot render now",
				wlr_output->name);
		return false;
	}
	bool ok = gridwl_render_plan_read(&plan, server->renderer, buffer,
			DRM_FORMAT_XRGB8888, image, error);
	gridwl_frame_plan_finish(&plan);
	wlr_buffer_unlock(buffer);
	if (ok) {
		gridwl_image_make_opaque(image);
	}
	return ok;
}

/* The layout image, and the map from layout to its pixels. */
static bool screenshot_layout(struct gridwl_server *server, bool with_cursor,
		struct gridwl_image *image, struct gridwl_device_map *map,
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
	// Outputs at fractional scales are pasted at the integer above.
	*map = (struct gridwl_device_map){ bounds.x1, bounds.y1,
		max_scale * GRIDWL_SCALE120_ONE };
	struct wlr_box all;
	if (!gridwl_device_box(map, bounds.x1, bounds.y1, bounds.x2 - bounds.x1,
				bounds.y2 - bounds.y1, &all) ||
			!gridwl_image_init(image, all.width, all.height)) {
		gridwl_set_error(error, "out of memory");
		return false;
	}
	wl_list_for_each(output, &server->outputs, link) {
		if (!gridwl_output_is_active(output)) {
			continue;
		}
		struct wlr_box logical = gridwl_output_logical_box(output), box;
		gridwl_device_box(map, logical.x, logical.y, logical.width,
				logical.height, &box);
		if (!output->powered) {
			// Black, as the screen is: in the layout, showing nothing.
			gridwl_image_fill(image, &box, 0x000000);
			continue;
		}
		struct gridwl_image part;
		if (!gridwl_screenshot_output(output, with_cursor, &part, error)) {
			gridwl_image_finish(image);
			return false;
		}
		gridwl_image_paste(image, &box, &part, output->scale120, map->scale120);
		gridwl_image_finish(&part);
	}
	return true;
}

bool gridwl_screenshot_layout(struct gridwl_server *server, bool with_cursor,
		struct gridwl_image *image, char **error) {
	struct gridwl_device_map map;
	return screenshot_layout(server, with_cursor, image, &map, error);
}

bool gridwl_screenshot_region(struct gridwl_server *server, bool with_cursor,
		const struct wlr_box *box, struct gridwl_image *image, char **error) {
	struct gridwl_image layout;
	struct gridwl_device_map map;
	if (!screenshot_layout(server, with_cursor, &layout, &map, error)) {
		return false;
	}
	int scale = map.scale120 / GRIDWL_SCALE120_ONE;
	struct wlr_box all = { map.x, map.y, layout.width / scale,
		layout.height / scale };
	struct wlr_box part, device;
	if (!wlr_box_intersection(&part, box, &all)) {
		gridwl_image_finish(&layout);
		gridwl_set_error(error, "the region %d,%d %dx%d is outside the layout",
				box->x, box->y, box->width, box->height);
		return false;
	}
	gridwl_device_box(&map, part.x, part.y, part.width, part.height, &device);
	bool ok = gridwl_image_crop(&layout, &device, image);
	gridwl_image_finish(&layout);
	if (!ok) {
		gridwl_set_error(error, "out of memory");
	}
	return ok;
}

/* box (logical) at scale120 into a buffer of its own, as a virtual output
 * of that scale covering it would show it (only: that view alone). */
static bool compose_at_scale(struct gridwl_server *server,
		const struct wlr_box *box, int scale120, struct gridwl_view *only,
		struct gridwl_image *image, char **error) {
	int64_t width = gridwl_scale_round(box->width, scale120);
	int64_t height = gridwl_scale_round(box->height, scale120);
	if (width <= 0 || height <= 0 || width > MAX_SIDE || height > MAX_SIDE) {
		gridwl_set_error(error, "a %" PRId64 "x%" PRId64 " picture is too big",
				width, height);
		return false;
	}
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
	if (buffer == NULL) {
		gridwl_set_error(error,
				"cannot render a %" PRId64 "x%" PRId64 " picture", width,
				height);
		return false;
	}
	struct gridwl_frame_plan plan;
	gridwl_frame_plan_init(&plan);
	gridwl_frame_plan_for_box(&plan, server, box, scale120, only);
	bool ok = gridwl_render_plan_read(&plan, server->renderer, buffer,
			DRM_FORMAT_ARGB8888, image, error);
	gridwl_frame_plan_finish(&plan);
	wlr_buffer_drop(buffer);
	return ok;
}

int gridwl_screenshot_window_scale(struct gridwl_view *view) {
	int scale120 = 0;
	struct gridwl_output *output;
	wl_list_for_each(output, &view->server->outputs, link) {
		if (gridwl_view_shown_on(view, output) && output->scale120 > scale120) {
			scale120 = output->scale120;
		}
	}
	// A window on no output is taken at the scale it draws at.
	return scale120 > 0 ? scale120 :
						  gridwl_view_buffer_scale(view) * GRIDWL_SCALE120_ONE;
}

bool gridwl_screenshot_window(struct gridwl_view *view, int scale120,
		struct gridwl_image *image, char **error) {
	if (!gridwl_view_is_shown(view)) {
		gridwl_set_error(error, "window %u is not shown", view->id);
		return false;
	}
	struct wlr_box box = gridwl_view_box(view);
	if (!compose_at_scale(view->server, &box, scale120, view, image, error)) {
		return false;
	}
	image->alpha = true;
	return true;
}

bool gridwl_screenshot_region_at_scale(struct gridwl_server *server,
		const struct wlr_box *box, int scale120, struct gridwl_image *image,
		char **error) {
	if (!compose_at_scale(server, box, scale120, NULL, image, error)) {
		return false;
	}
	gridwl_image_make_opaque(image);
	return true;
}
