#ifndef GRIDWL_RENDER_SCALED_TEXTURE_CACHE_H
#define GRIDWL_RENDER_SCALED_TEXTURE_CACHE_H

#include "config/config.h"

struct wlr_texture;

/*
 * One picture (a title bar, the window switcher) drawn at each output scale
 * it is shown at, keyed by the scale in 120ths (config/scale.h). All of them
 * show the same thing, so when that changes they are dropped together. A
 * window spans at most four outputs at once; should it be shown at more
 * scales than there are slots, the first slot is drawn again.
 */
struct gridwl_scaled_texture_cache {
	struct {
		int scale120; // 0: unused
		struct wlr_texture *texture;
	} slots[GRIDWL_SCALE_MAX];
};

/* The texture kept for scale120; NULL when there is none. */
struct wlr_texture *gridwl_scaled_texture_cache_get(
		const struct gridwl_scaled_texture_cache *cache, int scale120);
/* Keeps texture (the cache's from now on) for scale120. */
void gridwl_scaled_texture_cache_put(struct gridwl_scaled_texture_cache *cache,
		int scale120, struct wlr_texture *texture);
/* Destroys every texture kept: what they show has changed. */
void gridwl_scaled_texture_cache_clear(
		struct gridwl_scaled_texture_cache *cache);

#endif
