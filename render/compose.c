#include <wlr/render/pass.h>
#include <wlr/render/pixman.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_alpha_modifier_v1.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_output.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/surface.h"
#include "compositor/view/view.h"
#include "render/decoration_draw.h"
#include "render/frame.h"
#include "render/ragged.h"
#include "render/resample_cache.h"
#include "render/target.h"

struct surface_draw_data {
	struct gridwl_render_target *target;
	enum gridwl_filter filter;
	int ox, oy; // logical layout position of the view's main surface
};

/*
 * Where a surface at (sx, sy) from the view's main surface at layout
 * (ox, oy) lands in the target's physical pixels. A client may put a
 * subsurface anywhere in int32 and stretch a viewport as far, and scaled
 * sums of such numbers do not fit in an int; nothing that far out or that
 * big is ever on a target usefully, so it is reported off and not drawn.
 */
#define FAR_OFF (1 << 24)

static bool physical_box(const struct gridwl_render_target *target,
		struct wlr_surface *surface, int ox, int oy, int sx, int sy,
		pixman_box32_t *box) {
	int64_t scale = target->scale;
	int64_t x = ((int64_t)ox + sx - target->lx) * scale;
	int64_t y = ((int64_t)oy + sy - target->ly) * scale;
	int64_t width = surface->current.width * scale;
	int64_t height = surface->current.height * scale;
	if (x < -FAR_OFF || x > FAR_OFF || y < -FAR_OFF || y > FAR_OFF ||
			width > FAR_OFF || height > FAR_OFF) {
		return false;
	}
	*box = (pixman_box32_t){ x, y, x + width, y + height };
	return true;
}

static void draw_surface(struct wlr_surface *surface, int sx, int sy,
		void *data) {
	struct surface_draw_data *draw = data;
	struct gridwl_render_target *target = draw->target;
	pixman_box32_t box;
	if (!physical_box(target, surface, draw->ox, draw->oy, sx, sy, &box) ||
			box.x1 >= target->width || box.y1 >= target->height ||
			box.x2 <= 0 || box.y2 <= 0) {
		return;
	}
	if (pixman_region32_contains_rectangle(target->damage, &box) ==
			PIXMAN_REGION_OUT) {
		return;
	}
	gridwl_render_surface(target, surface, draw->filter, box.x1, box.y1);
}

struct opaque_data {
	struct gridwl_render_target *target;
	pixman_region32_t *region;
	int ox, oy;
};

static void add_opaque_surface(struct wlr_surface *surface, int sx, int sy,
		void *data) {
	struct opaque_data *opaque = data;
	struct gridwl_render_target *target = opaque->target;
	// A surface its alpha modifier makes translucent covers nothing.
	const struct wlr_alpha_modifier_surface_v1_state *alpha =
			wlr_alpha_modifier_v1_get_surface_state(surface);
	if (wlr_surface_get_texture(surface) == NULL ||
			(alpha != NULL && alpha->multiplier < 1.0)) {
		return;
	}
	int scale = target->scale;
	pixman_box32_t box;
	if (!physical_box(target, surface, opaque->ox, opaque->oy, sx, sy, &box)) {
		return;
	}
	int x = box.x1, y = box.y1;
	// A ragged buffer (render/ragged.h) leaves part of its last logical
	// pixel uncovered, whatever its opaque region says.
	int width, height;
	gridwl_surface_extent(surface, scale, &width, &height);
	int count;
	// wlroots keeps opaque_region in surface coordinates, the whole
	// surface for an opaque buffer format.
	pixman_box32_t *boxes =
			pixman_region32_rectangles(&surface->opaque_region, &count);
	for (int i = 0; i < count; i++) {
		int x1 = boxes[i].x1 * scale, y1 = boxes[i].y1 * scale;
		int x2 = boxes[i].x2 * scale, y2 = boxes[i].y2 * scale;
		x2 = x2 < width ? x2 : width;
		y2 = y2 < height ? y2 : height;
		if (x2 > x1 && y2 > y1) {
			pixman_region32_union_rect(opaque->region, opaque->region, x + x1,
					y + y1, x2 - x1, y2 - y1);
		}
	}
}

/* The background is painted only where no opaque surface will be drawn
 * over it: for a window that changes every frame, clearing the area first
 * would cost about a third of the frame. */
static void clear_damage(struct gridwl_render_target *target) {
	uint32_t argb = gridwl_render_background(target->server);
	const struct wlr_render_color background = {
		.r = ((argb >> 16) & 0xff) / 255.0f,
		.g = ((argb >> 8) & 0xff) / 255.0f,
		.b = (argb & 0xff) / 255.0f,
		.a = 1.0f,
	};
	pixman_region32_t opaque, clear;
	pixman_region32_init(&opaque);
	struct gridwl_view *view;
	wl_list_for_each(view, &target->server->views, link) {
		if (!gridwl_view_is_shown(view)) {
			continue;
		}
		struct opaque_data data = { .target = target, .region = &opaque };
		gridwl_view_surface_origin(view, &data.ox, &data.oy);
		gridwl_view_for_each_surface(view, add_opaque_surface, &data);
	}
	pixman_region32_init(&clear);
	pixman_region32_subtract(&clear, target->damage, &opaque);
	pixman_region32_fini(&opaque);

	wlr_render_pass_add_rect(target->pass,
			&(struct wlr_render_rect_options){
					.box = { 0, 0, target->width, target->height },
					.color = background,
					.clip = &clear,
					.blend_mode = WLR_RENDER_BLEND_MODE_NONE,
			});
	pixman_region32_fini(&clear);
}

struct prepare_data {
	struct wlr_box box; // logical: what the target shows
	struct gridwl_resample_key key;
	int ox, oy;
};

static void prepare_surface(struct wlr_surface *surface, int sx, int sy,
		void *data) {
	struct prepare_data *prepare = data;
	struct wlr_box surface_box = {
		.x = prepare->ox + sx,
		.y = prepare->oy + sy,
		.width = surface->current.width,
		.height = surface->current.height,
	};
	struct wlr_box overlap;
	if (!wlr_box_intersection(&overlap, &surface_box, &prepare->box)) {
		return;
	}
	struct gridwl_resample_cache *cache =
			gridwl_surface_resample_cache(surface);
	if (cache != NULL) {
		gridwl_resample_cache_prepare(cache, surface, &prepare->key);
	}
}

static void prepare_view(struct prepare_data *prepare, struct gridwl_view *view,
		enum gridwl_filter filter) {
	struct wlr_box overlap;
	if (!gridwl_view_is_shown(view) ||
			!wlr_box_intersection(&overlap, &view->last_bounds,
					&prepare->box)) {
		return;
	}
	prepare->key.filter = filter;
	gridwl_render_prepare_frame(view, prepare->key.scale);
	gridwl_view_surface_origin(view, &prepare->ox, &prepare->oy);
	gridwl_view_for_each_surface(view, prepare_surface, prepare);
}

void gridwl_render_prepare(struct gridwl_output *output) {
	struct prepare_data prepare = {
		.box = gridwl_output_logical_box(output),
		.key.scale = output->scale,
	};
	struct gridwl_view *view;
	wl_list_for_each(view, &output->server->views, link) {
		prepare_view(&prepare, view, gridwl_view_filter_on(view, output));
	}
}

void gridwl_render_prepare_box(struct gridwl_server *server,
		const struct wlr_box *box, int scale, struct gridwl_view *only) {
	struct prepare_data prepare = { .box = *box, .key.scale = scale };
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (only == NULL || view == only) {
			prepare_view(&prepare, view, gridwl_view_filter_on(view, NULL));
		}
	}
}

void gridwl_render_view(struct gridwl_render_target *target,
		struct gridwl_view *view) {
	if (!gridwl_view_is_shown(view)) {
		return;
	}
	struct surface_draw_data draw = {
		.target = target,
		.filter = gridwl_view_filter_on(view, target->output),
	};
	gridwl_render_frame(target, view);
	gridwl_view_surface_origin(view, &draw.ox, &draw.oy);
	gridwl_view_for_each_surface(view, draw_surface, &draw);
}

void gridwl_render_views(struct gridwl_render_target *target) {
	clear_damage(target);
	struct gridwl_view *view;
	wl_list_for_each_reverse(view, &target->server->views, link) {
		gridwl_render_view(target, view);
	}
}

void gridwl_render_target_for_output(struct gridwl_render_target *target,
		struct gridwl_output *output, struct wlr_render_pass *pass,
		struct wlr_buffer *buffer, pixman_region32_t *damage) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct wlr_box box = gridwl_output_logical_box(output);
	*target = (struct gridwl_render_target){
		.server = output->server,
		.output = output,
		.renderer = output->server->renderer,
		.scale = output->scale,
		.lx = box.x,
		.ly = box.y,
		.width = wlr_output->width,
		.height = wlr_output->height,
		.pass = pass,
		.image = wlr_renderer_is_pixman(output->server->renderer) ?
				wlr_pixman_renderer_get_buffer_image(output->server->renderer,
						buffer) :
				NULL,
		.damage = damage,
	};
}
