#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_surface.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/types/wlr_output.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/surface.h"
#include "compositor/view.h"
#include "render/resample_cache.h"
#include "render/render.h"

struct surface_draw_data {
	struct gridwl_render_target *target;
	enum gridwl_filter filter;
	int ox, oy; // logical layout position of the view's main surface
};

static void draw_surface(struct wlr_surface *surface, int sx, int sy,
		void *data) {
	struct surface_draw_data *draw = data;
	struct gridwl_render_target *target = draw->target;
	int scale = target->scale;
	int x = (draw->ox + sx - target->lx) * scale;
	int y = (draw->oy + sy - target->ly) * scale;
	int width = surface->current.width * scale;
	int height = surface->current.height * scale;
	if (x >= target->width || y >= target->height ||
			x + width <= 0 || y + height <= 0) {
		return;
	}
	pixman_box32_t box = { x, y, x + width, y + height };
	if (pixman_region32_contains_rectangle(target->damage, &box) ==
			PIXMAN_REGION_OUT) {
		return;
	}
	gridwl_render_surface(target, surface, draw->filter, x, y);
}

static void clear_damage(struct gridwl_render_target *target) {
	static const float background[4] = {
		((GRIDWL_BACKGROUND_ARGB >> 16) & 0xff) / 255.0f,
		((GRIDWL_BACKGROUND_ARGB >> 8) & 0xff) / 255.0f,
		(GRIDWL_BACKGROUND_ARGB & 0xff) / 255.0f,
		1.0f,
	};
	int count;
	pixman_box32_t *rects = pixman_region32_rectangles(target->damage, &count);
	for (int i = 0; i < count; i++) {
		struct wlr_box box = {
			.x = rects[i].x1,
			.y = rects[i].y1,
			.width = rects[i].x2 - rects[i].x1,
			.height = rects[i].y2 - rects[i].y1,
		};
		wlr_renderer_scissor(target->renderer, &box);
		wlr_renderer_clear(target->renderer, background);
	}
	wlr_renderer_scissor(target->renderer, NULL);
}

struct prepare_data {
	struct gridwl_output *output;
	struct wlr_box output_box;
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
	if (!wlr_box_intersection(&overlap, &surface_box,
			&prepare->output_box)) {
		return;
	}
	struct gridwl_resample_cache *cache =
		gridwl_surface_resample_cache(surface);
	if (cache != NULL) {
		gridwl_resample_cache_prepare(cache, surface, &prepare->key);
	}
}

void gridwl_render_prepare(struct gridwl_output *output) {
	struct prepare_data prepare = {
		.output = output,
		.output_box = gridwl_output_logical_box(output),
		.key.scale = output->scale,
	};
	struct gridwl_view *view;
	wl_list_for_each(view, &output->server->views, link) {
		struct wlr_box overlap;
		if (!view->mapped || !wlr_box_intersection(&overlap,
				&view->last_bounds, &prepare.output_box)) {
			continue;
		}
		prepare.key.filter = gridwl_view_filter_on(view, output);
		gridwl_view_surface_origin(view, &prepare.ox, &prepare.oy);
		wlr_xdg_surface_for_each_surface(view->xdg_surface, prepare_surface,
			&prepare);
	}
}

void gridwl_render_views(struct gridwl_render_target *target) {
	clear_damage(target);
	struct gridwl_view *view;
	wl_list_for_each_reverse(view, &target->server->views, link) {
		if (!view->mapped) {
			continue;
		}
		struct surface_draw_data draw = {
			.target = target,
			.filter = gridwl_view_filter_on(view, target->output),
		};
		gridwl_view_surface_origin(view, &draw.ox, &draw.oy);
		wlr_xdg_surface_for_each_surface(view->xdg_surface, draw_surface,
			&draw);
	}
}

void gridwl_render_target_for_output(struct gridwl_render_target *target,
		struct gridwl_output *output, pixman_region32_t *damage) {
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
		.projection = wlr_output->transform_matrix,
		.damage = damage,
	};
}
