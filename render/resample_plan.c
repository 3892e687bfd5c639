#include <drm_fourcc.h>
#include <wlr/render/pixman.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/types/wlr_compositor.h>
#include "config/scale.h"
#include "render/kernels/resample.h"
#include "render/ragged.h"
#include "render/resample_cache.h"
#include "render/resample_plan.h"

/*
 * A buffer at scale b shown at output scale o goes through at most two
 * integer passes: magnification by m = o / g, then box reduction by
 * r = b / g, with g = gcd(b, o). Usually one of them is 1 (b = 1 on any
 * output, b = 2 on 1, 2 or 4); b = 2 on a scale-3 output is magnified by 3
 * and reduced by 2, which averages every output pixel over the buffer area
 * it covers instead of dropping or doubling buffer pixels.
 *
 * The filter is for magnifying. Where the buffer is reduced overall (b > o:
 * 3 on 2, 4 on 3), the first pass replicates pixels whatever the filter,
 * so that the box that follows is the exact area average: a bilinear first
 * pass would blend neighbours the output pixel does not cover, up to 31
 * per channel away from it.
 *
 * Everything else goes through the rational kernel (kernels/rational.h) at
 * the exact ratio per axis: a fractional output scale (a scale-1 buffer on
 * a 1.5 output is magnified 3:2, a scale-2 buffer reduced 3:4 by the area
 * average) and a viewport that only sizes the surface (a buffer drawn for
 * one fractional scale, shown on an output of another).
 */
#define MAX_FACTOR 4

static int gcd(int a, int b) {
	while (b != 0) {
		int t = a % b;
		a = b;
		b = t;
	}
	return a;
}

enum gridwl_filter gridwl_resample_pass_filter(
		const struct gridwl_resample_ratio *ratio, enum gridwl_filter filter) {
	return ratio->magnify > ratio->reduce ? filter : GRIDWL_FILTER_NEAREST;
}

bool gridwl_resample_ratio_for(int buffer_scale, int scale,
		struct gridwl_resample_ratio *ratio) {
	if (buffer_scale <= 0 || scale <= 0 || buffer_scale == scale) {
		return false;
	}
	int g = gcd(buffer_scale, scale);
	ratio->magnify = scale / g;
	ratio->reduce = buffer_scale / g;
	return ratio->magnify <= MAX_FACTOR && ratio->reduce <= MAX_FACTOR;
}

static struct gridwl_axis_ratio axis_ratio(int destination, int source) {
	int g = gcd(destination, source);
	return (struct gridwl_axis_ratio){ destination / g, source / g };
}

/* How a surface's current buffer reaches a target of scale120 (all of
 * struct gridwl_resample_plan but whether the kernels read its format);
 * false when the kernels cannot take it. */
static bool plan_for(struct wlr_surface *surface, int scale120,
		struct gridwl_resample_plan *plan) {
	const struct wlr_surface_state *state = &surface->current;
	if (state->transform != WL_OUTPUT_TRANSFORM_NORMAL ||
			state->viewport.has_src || state->width <= 0 ||
			state->height <= 0 || state->buffer_width <= 0 ||
			state->buffer_height <= 0 || scale120 <= 0) {
		return false;
	}
	gridwl_surface_extent(surface, scale120, &plan->width, &plan->height);
	plan->rational = false;
	plan->x_ratio = plan->y_ratio = (struct gridwl_axis_ratio){ 0 };
	if (plan->width <= 0 || plan->height <= 0) {
		return false;
	}
	struct gridwl_resample_ratio ratio;
	if (state->viewport.has_dst) {
		// The buffer is stretched to the surface's size, whatever scale
		// it was drawn for: the ratio is the sizes'. Equal sizes are 1:1.
		if (plan->width == state->buffer_width &&
				plan->height == state->buffer_height) {
			return false;
		}
		plan->rational = true;
		plan->x_ratio = axis_ratio(plan->width, state->buffer_width);
		plan->y_ratio = axis_ratio(plan->height, state->buffer_height);
	} else if (!gridwl_buffer_sized_state(state)) {
		return false;
	} else if (gridwl_scale_is_integer(scale120) &&
			gridwl_resample_ratio_for(state->scale,
					scale120 / GRIDWL_SCALE120_ONE, &ratio)) {
		plan->rational = false;
	} else {
		int buffer120 = state->scale * GRIDWL_SCALE120_ONE;
		if (buffer120 == scale120) {
			return false;
		}
		plan->rational = true;
		plan->x_ratio = plan->y_ratio = axis_ratio(scale120, buffer120);
	}
	return !plan->rational ||
			(gridwl_rational_supported(plan->x_ratio) &&
					gridwl_rational_supported(plan->y_ratio));
}

/* Whether the kernels read the surface's buffer: 32 bits a pixel. */
static bool format_supported(struct wlr_surface *surface) {
	struct wlr_texture *texture = wlr_surface_get_texture(surface);
	if (texture == NULL) {
		return false;
	}
	if (wlr_texture_is_pixman(texture)) {
		pixman_format_code_t format =
				pixman_image_get_format(wlr_pixman_texture_get_image(texture));
		return format == PIXMAN_a8r8g8b8 || format == PIXMAN_x8r8g8b8;
	}
	struct wlr_shm_attributes shm;
	if (surface->buffer == NULL || surface->buffer->source == NULL ||
			!wlr_buffer_get_shm(surface->buffer->source, &shm)) {
		return false;
	}
	return shm.format == DRM_FORMAT_ARGB8888 ||
			shm.format == DRM_FORMAT_XRGB8888;
}

bool gridwl_resample_supported(struct wlr_surface *surface, int scale120) {
	struct gridwl_resample_plan plan;
	return plan_for(surface, scale120, &plan) && format_supported(surface);
}

const struct gridwl_resample_plan *gridwl_resample_cache_plan(
		struct gridwl_resample_cache *cache, struct wlr_surface *surface,
		int scale120) {
	for (size_t i = 0; i < GRIDWL_RESAMPLE_PLANS; i++) {
		struct gridwl_resample_plan *plan = &cache->plans[i];
		if (plan->scale120 == scale120 && plan->commits == cache->commits) {
			return plan;
		}
	}
	struct gridwl_resample_plan *plan = &cache->plans[cache->next_plan];
	cache->next_plan = (cache->next_plan + 1) % GRIDWL_RESAMPLE_PLANS;
	plan->geometric = plan_for(surface, scale120, plan);
	plan->supported = plan->geometric && format_supported(surface);
	plan->scale120 = scale120;
	plan->commits = cache->commits;
	return plan;
}

bool gridwl_resample_model_for(struct gridwl_resample_cache *cache,
		struct wlr_surface *surface, int scale120, enum gridwl_filter filter,
		struct gridwl_resample_model *model) {
	// A surface with no cache (none of gridwl's) works its plan out.
	struct gridwl_resample_plan own;
	const struct gridwl_resample_plan *plan = &own;
	if (cache != NULL) {
		plan = gridwl_resample_cache_plan(cache, surface, scale120);
	} else {
		own.geometric = plan_for(surface, scale120, &own);
	}
	if (!plan->geometric) {
		return false;
	}
	*model = (struct gridwl_resample_model){
		.width = plan->width,
		.height = plan->height,
		.x = plan->x_ratio,
		.y = plan->y_ratio,
		.bilinear = filter == GRIDWL_FILTER_BILINEAR,
		.box = 1,
	};
	if (plan->rational) {
		return true;
	}
	// Integer passes: plan_for has checked that the scales give a ratio.
	struct gridwl_resample_ratio ratio;
	if (!gridwl_resample_ratio_for(surface->current.scale,
				scale120 / GRIDWL_SCALE120_ONE, &ratio)) {
		return false;
	}
	if (ratio.magnify > 1 && ratio.reduce > 1) {
		// As compute_two_pass: an overall reduction is replicated first.
		model->bilinear = gridwl_resample_pass_filter(&ratio, filter) ==
				GRIDWL_FILTER_BILINEAR;
		model->box = ratio.reduce;
		ratio.reduce = 1;
	}
	model->x = model->y =
			(struct gridwl_axis_ratio){ ratio.magnify, ratio.reduce };
	return true;
}
