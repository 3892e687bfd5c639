#ifndef GRIDWL_RENDER_RESAMPLE_PLAN_H
#define GRIDWL_RENDER_RESAMPLE_PLAN_H

#include <stdbool.h>
#include "render/resample_cache.h"

/* How a surface's buffer maps onto a target's scale, for the resample
 * cache (render/resample_cache.c) and the GLES2 models: the integer
 * passes of two integer scales, and the plan kept per commit. */

struct wlr_surface;

// Magnification by magnify, then box reduction by reduce.
struct gridwl_resample_ratio {
	int magnify, reduce;
};

/* The passes from buffer_scale to scale; false for equal scales and for
 * factors past what the kernels implement. */
bool gridwl_resample_ratio_for(int buffer_scale, int scale,
		struct gridwl_resample_ratio *ratio);

/* The filter the magnifying pass uses: nearest for an overall reduction. */
enum gridwl_filter gridwl_resample_pass_filter(
		const struct gridwl_resample_ratio *ratio, enum gridwl_filter filter);

/* The surface's plan at scale120 as of its last commit: kept, since only
 * a commit (which counts in cache->commits) changes what it depends on. */
const struct gridwl_resample_plan *gridwl_resample_cache_plan(
		struct gridwl_resample_cache *cache, struct wlr_surface *surface,
		int scale120);

#endif
