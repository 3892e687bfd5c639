#include <wlr/render/wlr_texture.h>
#include "render/scaled_texture_cache.h"

struct wlr_texture *gridwl_scaled_texture_cache_get(
		const struct gridwl_scaled_texture_cache *cache, int scale120) {
	for (int i = 0; i < GRIDWL_SCALE_MAX; i++) {
		if (cache->slots[i].scale120 == scale120) {
			return cache->slots[i].texture;
		}
	}
	return NULL;
}

void gridwl_scaled_texture_cache_put(struct gridwl_scaled_texture_cache *cache,
		int scale120, struct wlr_texture *texture) {
	int slot = -1;
	for (int i = 0; i < GRIDWL_SCALE_MAX && slot < 0; i++) {
		if (cache->slots[i].scale120 == scale120) {
			slot = i;
		}
	}
	for (int i = 0; i < GRIDWL_SCALE_MAX && slot < 0; i++) {
		if (cache->slots[i].scale120 == 0) {
			slot = i;
		}
	}
	if (slot < 0) {
		slot = 0;
	}
	if (cache->slots[slot].texture != NULL &&
			cache->slots[slot].texture != texture) {
		wlr_texture_destroy(cache->slots[slot].texture);
	}
	cache->slots[slot].scale120 = scale120;
	cache->slots[slot].texture = texture;
}

void gridwl_scaled_texture_cache_clear(
		struct gridwl_scaled_texture_cache *cache) {
	for (int i = 0; i < GRIDWL_SCALE_MAX; i++) {
		if (cache->slots[i].texture != NULL) {
			wlr_texture_destroy(cache->slots[i].texture);
		}
		cache->slots[i].scale120 = 0;
		cache->slots[i].texture = NULL;
	}
}
