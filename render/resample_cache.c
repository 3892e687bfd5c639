#include <drm_fourcc.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <wlr/render/pixman.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/interfaces/wlr_buffer.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/util/log.h>
#include "config/scale.h"
#include "render/buffer_access.h"
#include "render/kernels/resample.h"
#include "render/ragged.h"
#include "render/resample_cache.h"
#include "render/resample_plan.h"

/* The two-pass case goes through a scratch strip of about this many
 * pixels, so its memory does not grow with the surface. */
#define SCRATCH_PIXELS (256 * 1024)

/* What the kernels read: the surface's current buffer, 32 bits a pixel.
 * The pixman renderer keeps the buffer for as long as the surface shows
 * it; other renderers upload shm buffers and release them, but until the
 * client destroys it the wl_shm buffer is still readable. */
struct resample_source {
	struct gridwl_pixels pixels;
	bool opaque;
	struct gridwl_buffer_access access;
};

static bool source_begin(struct wlr_surface *surface,
		struct resample_source *source) {
	*source = (struct resample_source){ 0 };
	if (!gridwl_buffer_access_begin(surface, &source->access)) {
		return false;
	}
	if (!gridwl_buffer_access_pixels(&source->access, 0, source->access.height,
				&source->pixels, &source->opaque)) {
		gridwl_buffer_access_end(&source->access);
		return false;
	}
	return true;
}

static void source_end(struct resample_source *source) {
	gridwl_buffer_access_end(&source->access);
}

/* Whether the surface's buffer is opaque shm the kernels take, told from
 * its description without reading it: wlroots' shm access installs and
 * restores a SIGBUS handler, two system calls, each time. */
static bool source_is_opaque_shm(struct wlr_surface *surface) {
	struct wlr_client_buffer *client_buffer = surface->buffer;
	struct wlr_shm_attributes shm;
	return client_buffer != NULL && client_buffer->source != NULL &&
			wlr_buffer_get_shm(client_buffer->source, &shm) &&
			shm.format == DRM_FORMAT_XRGB8888;
}

/* The entry pixels along one axis that a buffer change in [lo, hi)
 * reaches, at most [0, size). */
static void map_damage_axis(const struct gridwl_resample_entry *entry, int m,
		int r, bool bilinear, int buffer_size, int size, int lo, int hi,
		int32_t *out_lo, int32_t *out_hi) {
	if (bilinear && m > r) {
		// Every output pixel blends its two nearest buffer pixels per
		// axis, so a changed pixel reaches into its neighbours' spans.
		lo = lo > 0 ? lo - 1 : 0;
		hi = hi < buffer_size ? hi + 1 : buffer_size;
	}
	int64_t first = (int64_t)lo * m / r, last = ((int64_t)hi * m + r - 1) / r;
	if (entry->rational) {
		// Spans that end part-way into a pixel: one more either side.
		first--;
		last++;
	}
	*out_lo = (int32_t)(first < 0 ? 0 : first);
	*out_hi = (int32_t)(last > size ? size : last);
}

/* The entry pixels a buffer change in rect (buffer pixels) makes stale. */
static void map_damage(const struct gridwl_resample_entry *entry,
		const pixman_box32_t *rect, pixman_box32_t *out) {
	struct gridwl_axis_ratio x = entry->x_ratio, y = entry->y_ratio;
	bool bilinear = entry->filter == GRIDWL_FILTER_BILINEAR;
	if (!entry->rational) {
		struct gridwl_resample_ratio ratio;
		if (!gridwl_resample_ratio_for(entry->buffer_scale,
					entry->scale120 / GRIDWL_SCALE120_ONE, &ratio)) {
			ratio = (struct gridwl_resample_ratio){ 1, 1 };
		}
		bilinear = gridwl_resample_pass_filter(&ratio, entry->filter) ==
				GRIDWL_FILTER_BILINEAR;
		x = y = (struct gridwl_axis_ratio){ ratio.magnify, ratio.reduce };
	}
	map_damage_axis(entry, x.m, x.r, bilinear, entry->buffer_width,
			entry->width, rect->x1, rect->x2, &out->x1, &out->x2);
	map_damage_axis(entry, y.m, y.r, bilinear, entry->buffer_height,
			entry->height, rect->y1, rect->y2, &out->y1, &out->y2);
}

/* A copy's pixels are mapped rather than allocated: a page becomes
 * resident only when a kernel writes it, and a direct entry's copy is
 * written only where a frame without a commit needed it
 * (gridwl_resample_cache_settle), so a window that keeps committing holds
 * next to no memory for it. */
static uint32_t *copy_map(int width, int height) {
	size_t bytes = (size_t)width * height * 4;
	if (bytes == 0) {
		return NULL;
	}
	void *data = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return data != MAP_FAILED ? data : NULL;
}

static void copy_unmap(uint32_t *data, int width, int height) {
	if (data != NULL) {
		munmap(data, (size_t)width * height * 4);
	}
}

static void entry_destroy(struct gridwl_resample_cache *cache,
		struct gridwl_resample_entry *entry) {
	wl_list_remove(&entry->link);
	if (entry->texture != NULL) {
		wlr_texture_destroy(entry->texture);
	}
	if (entry->image != NULL) {
		pixman_image_unref(entry->image);
	}
	cache->stats->bytes -= (size_t)entry->width * entry->height * 4;
	cache->stats->entries--;
	copy_unmap(entry->data, entry->width, entry->height);
	pixman_region32_fini(&entry->stale);
	pixman_region32_fini(&entry->upload);
	free(entry);
}

/* (Re)allocates the entry's pixels for the surface's current buffer and
 * marks all of them stale. */
static bool entry_reset(struct gridwl_resample_cache *cache,
		struct gridwl_resample_entry *entry, struct wlr_surface *surface,
		bool opaque) {
	const struct wlr_surface_state *state = &surface->current;
	const struct gridwl_resample_plan *plan =
			gridwl_resample_cache_plan(cache, surface, entry->scale120);
	if (!plan->supported) {
		return false;
	}
	int width = plan->width, height = plan->height;
	if (width != entry->width || height != entry->height ||
			opaque != entry->opaque || entry->data == NULL) {
		size_t old_bytes = (size_t)entry->width * entry->height * 4;
		size_t new_bytes = (size_t)width * height * 4;
		if (cache->stats->bytes - old_bytes + new_bytes >
				GRIDWL_RESAMPLE_CACHE_MAX_BYTES) {
			if (!cache->refused) {
				wlr_log(WLR_ERROR,
						"Resampled copies would exceed %zu "
						"MiB; a %dx%d surface is drawn by the renderer "
						"instead",
						GRIDWL_RESAMPLE_CACHE_MAX_BYTES >> 20, state->width,
						state->height);
			}
			cache->refused = true;
			return false;
		}
		if (entry->texture != NULL) {
			wlr_texture_destroy(entry->texture);
			entry->texture = NULL;
		}
		if (entry->image != NULL) {
			pixman_image_unref(entry->image);
			entry->image = NULL;
		}
		cache->stats->bytes -= (size_t)entry->width * entry->height * 4;
		copy_unmap(entry->data, entry->width, entry->height);
		entry->width = entry->height = 0;
		entry->data = copy_map(width, height);
		if (entry->data == NULL) {
			return false;
		}
		entry->image = pixman_image_create_bits(opaque ? PIXMAN_x8r8g8b8 :
														 PIXMAN_a8r8g8b8,
				width, height, entry->data, width * 4);
		if (entry->image == NULL) {
			copy_unmap(entry->data, width, height);
			entry->data = NULL;
			return false;
		}
		entry->width = width;
		entry->height = height;
		cache->stats->bytes += (size_t)width * height * 4;
	}
	entry->buffer_width = state->buffer_width;
	entry->buffer_height = state->buffer_height;
	entry->buffer_scale = state->scale;
	entry->opaque = opaque;
	entry->rational = plan->rational;
	entry->x_ratio = plan->x_ratio;
	entry->y_ratio = plan->y_ratio;
	// Writing straight into the frame replaces what is there, which is
	// right for opaque pixels only; other renderers draw from textures.
	entry->direct = opaque && wlr_renderer_is_pixman(cache->renderer);
	pixman_region32_fini(&entry->stale);
	pixman_region32_init_rect(&entry->stale, 0, 0, width, height);
	return true;
}

static void compute_two_pass(const struct gridwl_kernels *kernels,
		const struct gridwl_pixels *src,
		const struct gridwl_resample_ratio *ratio, enum gridwl_filter filter,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride,
		uint32_t *scratch) {
	gridwl_magnify_func magnify = gridwl_resample_pass_filter(ratio, filter) ==
					GRIDWL_FILTER_BILINEAR ?
			kernels->magnify_bilinear :
			kernels->magnify_nearest;
	int r = ratio->reduce;
	int scratch_width = rect->width * r;
	int strip = SCRATCH_PIXELS / (scratch_width * r);
	if (strip < 1) {
		strip = 1;
	}
	for (int y = 0; y < rect->height; y += strip) {
		int rows = rect->height - y < strip ? rect->height - y : strip;
		struct gridwl_rect magnified = {
			.x = rect->x * r,
			.y = (rect->y + y) * r,
			.width = scratch_width,
			.height = rows * r,
		};
		magnify(src, ratio->magnify, &magnified, scratch, scratch_width);
		struct gridwl_pixels strip_pixels = {
			.data = scratch,
			.width = scratch_width,
			.height = rows * r,
			.stride = scratch_width,
		};
		struct gridwl_rect reduced = { 0, 0, rect->width, rows };
		kernels->reduce_box(&strip_pixels, r, &reduced,
				dst + (size_t)y * dst_stride, dst_stride);
	}
}

/* Resamples rect (entry pixels, whole blocks of the buffer) of src into
 * dst, which points at the rectangle's top-left pixel. */
static void compute_rect(const struct gridwl_kernels *kernels,
		const struct gridwl_pixels *src,
		const struct gridwl_resample_ratio *ratio, enum gridwl_filter filter,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride,
		uint32_t *scratch) {
	if (scratch != NULL) {
		compute_two_pass(kernels, src, ratio, filter, rect, dst, dst_stride,
				scratch);
	} else if (ratio->reduce > 1) {
		kernels->reduce_box(src, ratio->reduce, rect, dst, dst_stride);
	} else if (filter == GRIDWL_FILTER_BILINEAR) {
		kernels->magnify_bilinear(src, ratio->magnify, rect, dst, dst_stride);
	} else {
		kernels->magnify_nearest(src, ratio->magnify, rect, dst, dst_stride);
	}
}

/* The pixels of rect in the last, partial row or column of a ragged buffer
 * (render/ragged.h), one at a time. */
static void compute_partial(const struct gridwl_kernels *kernels,
		const struct gridwl_pixels *src,
		const struct gridwl_resample_ratio *ratio, enum gridwl_filter filter,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	gridwl_magnify_func magnify = gridwl_resample_pass_filter(ratio, filter) ==
					GRIDWL_FILTER_BILINEAR ?
			kernels->magnify_bilinear :
			kernels->magnify_nearest;
	for (int y = 0; y < rect->height; y++) {
		for (int x = 0; x < rect->width; x++) {
			dst[(ptrdiff_t)y * dst_stride + x] =
					gridwl_ragged_pixel(src, ratio->magnify, ratio->reduce,
							magnify, rect->x + x, rect->y + y);
		}
	}
}

/* compute_region through the rational kernel, which handles partial
 * spans at the edges itself. */
static void compute_rational(struct gridwl_resample_cache *cache,
		const struct gridwl_resample_entry *entry,
		const struct resample_source *source, const pixman_region32_t *region,
		uint32_t *dst_data, int dst_stride, int dst_x, int dst_y) {
	bool bilinear = entry->filter == GRIDWL_FILTER_BILINEAR;
	int count;
	const pixman_box32_t *boxes =
			pixman_region32_rectangles((pixman_region32_t *)region, &count);
	for (int i = 0; i < count; i++) {
		struct gridwl_rect rect = { boxes[i].x1, boxes[i].y1,
			boxes[i].x2 - boxes[i].x1, boxes[i].y2 - boxes[i].y1 };
		uint32_t *dst = dst_data + (ptrdiff_t)(rect.y + dst_y) * dst_stride +
				rect.x + dst_x;
		gridwl_resample_rational(&source->pixels, entry->x_ratio,
				entry->y_ratio, bilinear, &rect, dst, dst_stride);
		cache->stats->pixels += (uint64_t)rect.width * rect.height;
	}
}

/* Resamples region (entry pixels) of source into dst, where the entry's
 * pixel (0, 0) goes to (dst_x, dst_y). */
static bool compute_region(struct gridwl_resample_cache *cache,
		const struct gridwl_resample_entry *entry,
		const struct resample_source *source, const pixman_region32_t *region,
		uint32_t *dst_data, int dst_stride, int dst_x, int dst_y) {
	if (entry->rational) {
		compute_rational(cache, entry, source, region, dst_data, dst_stride,
				dst_x, dst_y);
		return true;
	}
	struct gridwl_resample_ratio ratio;
	const struct gridwl_kernels *kernels = gridwl_kernels_best();
	if (!gridwl_resample_ratio_for(entry->buffer_scale,
				entry->scale120 / GRIDWL_SCALE120_ONE, &ratio) ||
			kernels == NULL) {
		return false;
	}
	uint32_t *scratch = NULL;
	if (ratio.magnify > 1 && ratio.reduce > 1) {
		scratch = malloc((size_t)SCRATCH_PIXELS * 4 +
				(size_t)entry->width * ratio.reduce * ratio.reduce * 4);
		if (scratch == NULL) {
			return false;
		}
	}
	// Entry pixels past these cover only part of their block: the last
	// row and column of a ragged buffer (equal to the entry's size for
	// any other).
	int full_width =
			(int)((int64_t)entry->buffer_width * ratio.magnify / ratio.reduce);
	int full_height =
			(int)((int64_t)entry->buffer_height * ratio.magnify / ratio.reduce);
	int count;
	const pixman_box32_t *boxes =
			pixman_region32_rectangles((pixman_region32_t *)region, &count);
	for (int i = 0; i < count; i++) {
		pixman_box32_t box = boxes[i];
		int x2 = box.x2 < full_width ? box.x2 : full_width;
		int y2 = box.y2 < full_height ? box.y2 : full_height;
		// The whole blocks, the right edge, then the bottom edge.
		struct gridwl_rect parts[3] = {
			{ box.x1, box.y1, x2 - box.x1, y2 - box.y1 },
			{ x2, box.y1, box.x2 - x2, y2 - box.y1 },
			{ box.x1, y2, box.x2 - box.x1, box.y2 - y2 },
		};
		for (int j = 0; j < 3; j++) {
			struct gridwl_rect *rect = &parts[j];
			if (rect->width <= 0 || rect->height <= 0) {
				continue;
			}
			uint32_t *dst = dst_data +
					(ptrdiff_t)(rect->y + dst_y) * dst_stride + rect->x + dst_x;
			if (j == 0) {
				compute_rect(kernels, &source->pixels, &ratio, entry->filter,
						rect, dst, dst_stride, scratch);
			} else {
				compute_partial(kernels, &source->pixels, &ratio, entry->filter,
						rect, dst, dst_stride);
			}
			cache->stats->pixels += (uint64_t)rect->width * rect->height;
		}
	}
	free(scratch);
	return true;
}

/* Computes part (entry pixels, within the stale region; NULL: all of it)
 * from source into the entry's pixels, which are then no longer stale. */
static bool entry_compute(struct gridwl_resample_cache *cache,
		struct gridwl_resample_entry *entry,
		const struct resample_source *source, const pixman_region32_t *part) {
	if (part == NULL) {
		part = &entry->stale;
	}
	if (!compute_region(cache, entry, source, part, entry->data, entry->width,
				0, 0)) {
		return false;
	}
	pixman_region32_union(&entry->upload, &entry->upload, part);
	if (part == &entry->stale) {
		pixman_region32_clear(&entry->stale);
	} else {
		pixman_region32_subtract(&entry->stale, &entry->stale, part);
	}
	return true;
}

/*
 * An entry's pixels as a wlr_buffer, for the one call that uploads them
 * (wlr_texture_update_from_buffer reads them at once and keeps nothing).
 */
struct entry_buffer {
	struct wlr_buffer base;
	struct gridwl_resample_entry *entry;
	uint32_t format;
};

static void entry_buffer_destroy(struct wlr_buffer *buffer) {
	// It lives on the stack of entry_upload.
}

static bool entry_buffer_begin_data_ptr_access(struct wlr_buffer *buffer,
		uint32_t flags, void **data, uint32_t *format, size_t *stride) {
	struct entry_buffer *pixels = wl_container_of(buffer, pixels, base);
	if (flags & WLR_BUFFER_DATA_PTR_ACCESS_WRITE) {
		return false;
	}
	*data = pixels->entry->data;
	*format = pixels->format;
	*stride = (size_t)pixels->entry->width * 4;
	return true;
}

static void entry_buffer_end_data_ptr_access(struct wlr_buffer *buffer) {
}

static const struct wlr_buffer_impl entry_buffer_impl = {
	.destroy = entry_buffer_destroy,
	.begin_data_ptr_access = entry_buffer_begin_data_ptr_access,
	.end_data_ptr_access = entry_buffer_end_data_ptr_access,
};

/* Copies what changed into the entry's texture, on renderers that draw
 * from textures rather than from memory. */
static bool entry_upload(struct gridwl_resample_cache *cache,
		struct gridwl_resample_entry *entry) {
	if (wlr_renderer_is_pixman(cache->renderer)) {
		pixman_region32_clear(&entry->upload);
		return true;
	}
	uint32_t format = entry->opaque ? DRM_FORMAT_XRGB8888 : DRM_FORMAT_ARGB8888;
	uint32_t stride = (uint32_t)entry->width * 4;
	if (entry->texture == NULL) {
		entry->texture = wlr_texture_from_pixels(cache->renderer, format,
				stride, entry->width, entry->height, entry->data);
		pixman_region32_clear(&entry->upload);
		return entry->texture != NULL;
	}
	struct entry_buffer pixels = { .entry = entry, .format = format };
	wlr_buffer_init(&pixels.base, &entry_buffer_impl, entry->width,
			entry->height);
	bool ok = wlr_texture_update_from_buffer(entry->texture, &pixels.base,
			&entry->upload);
	wlr_buffer_drop(&pixels.base);
	pixman_region32_clear(&entry->upload);
	return ok;
}

static struct gridwl_resample_entry *entry_find(
		struct gridwl_resample_cache *cache,
		const struct gridwl_resample_key *key) {
	struct gridwl_resample_entry *entry;
	wl_list_for_each(entry, &cache->entries, link) {
		if (entry->scale120 == key->scale120 && entry->filter == key->filter) {
			return entry;
		}
	}
	return NULL;
}

static bool entry_matches_buffer(struct gridwl_resample_cache *cache,
		const struct gridwl_resample_entry *entry, struct wlr_surface *surface,
		bool opaque) {
	const struct wlr_surface_state *state = &surface->current;
	const struct gridwl_resample_plan *plan =
			gridwl_resample_cache_plan(cache, surface, entry->scale120);
	if (!plan->supported) {
		return false;
	}
	int width = plan->width, height = plan->height;
	return entry->rational == plan->rational &&
			entry->x_ratio.m == plan->x_ratio.m &&
			entry->x_ratio.r == plan->x_ratio.r &&
			entry->y_ratio.m == plan->y_ratio.m &&
			entry->y_ratio.r == plan->y_ratio.r &&
			entry->buffer_width == state->buffer_width &&
			entry->buffer_height == state->buffer_height &&
			entry->buffer_scale == state->scale && entry->width == width &&
			entry->height == height && entry->opaque == opaque;
}

void gridwl_resample_cache_init(struct gridwl_resample_cache *cache,
		struct gridwl_resample_stats *stats, struct wlr_renderer *renderer) {
	*cache = (struct gridwl_resample_cache){
		.stats = stats,
		.renderer = renderer,
	};
	wl_list_init(&cache->entries);
}

void gridwl_resample_cache_finish(struct gridwl_resample_cache *cache) {
	struct gridwl_resample_entry *entry, *tmp;
	wl_list_for_each_safe(entry, tmp, &cache->entries, link) {
		entry_destroy(cache, entry);
	}
}

void gridwl_resample_cache_commit(struct gridwl_resample_cache *cache,
		struct wlr_surface *surface) {
	cache->commits++;
	if (wl_list_empty(&cache->entries)) {
		return;
	}
	// Opaque on pixman, every entry is direct: the frames that show the
	// commit read it, this need not.
	bool reading = !wlr_renderer_is_pixman(cache->renderer) ||
			!source_is_opaque_shm(surface);
	struct resample_source source = { .opaque = true };
	bool readable = !reading || source_begin(surface, &source);
	struct gridwl_resample_entry *entry, *tmp;
	wl_list_for_each_safe(entry, tmp, &cache->entries, link) {
		if (!readable ||
				!gridwl_resample_cache_plan(cache, surface, entry->scale120)
						->supported) {
			// No buffer, or now at the output's scale: the next
			// frame needs something else, or nothing.
			entry_destroy(cache, entry);
			continue;
		}
		if (!entry_matches_buffer(cache, entry, surface, source.opaque)) {
			if (!entry_reset(cache, entry, surface, source.opaque)) {
				entry_destroy(cache, entry);
				continue;
			}
		} else {
			int count;
			pixman_box32_t *boxes =
					pixman_region32_rectangles(&surface->buffer_damage, &count);
			for (int i = 0; i < count; i++) {
				pixman_box32_t mapped;
				map_damage(entry, &boxes[i], &mapped);
				pixman_region32_union_rect(&entry->stale, &entry->stale,
						mapped.x1, mapped.y1, mapped.x2 - mapped.x1,
						mapped.y2 - mapped.y1);
			}
			pixman_region32_intersect_rect(&entry->stale, &entry->stale, 0, 0,
					entry->width, entry->height);
		}
		if (!entry->direct && reading &&
				entry_compute(cache, entry, &source, NULL)) {
			entry_upload(cache, entry);
		}
	}
	if (reading && readable) {
		source_end(&source);
	}
}

struct gridwl_resample_entry *gridwl_resample_cache_prepare(
		struct gridwl_resample_cache *cache, struct wlr_surface *surface,
		const struct gridwl_resample_key *key) {
	if (!gridwl_resample_cache_plan(cache, surface, key->scale120)->supported) {
		return NULL;
	}
	struct gridwl_resample_entry *entry = entry_find(cache, key);
	if (entry != NULL) {
		entry->quiet = entry->seen_commits == cache->commits;
		entry->seen_commits = cache->commits;
		// A direct entry's stale part is computed by the frames that
		// draw it, where they draw it (render/surface_draw.c).
		bool pending =
				!entry->direct && pixman_region32_not_empty(&entry->stale);
		if (!pending && !pixman_region32_not_empty(&entry->upload)) {
			return entry;
		}
	}
	struct resample_source source;
	if (!source_begin(surface, &source)) {
		return NULL;
	}
	if (entry == NULL) {
		entry = calloc(1, sizeof(*entry));
		if (entry == NULL) {
			source_end(&source);
			return NULL;
		}
		entry->scale120 = key->scale120;
		entry->filter = key->filter;
		entry->seen_commits = cache->commits;
		pixman_region32_init(&entry->stale);
		pixman_region32_init(&entry->upload);
		wl_list_insert(&cache->entries, &entry->link);
		cache->stats->entries++;
	}
	bool ok = (entry_matches_buffer(cache, entry, surface, source.opaque) ||
					  entry_reset(cache, entry, surface, source.opaque)) &&
			(entry->direct ||
					(entry_compute(cache, entry, &source, NULL) &&
							entry_upload(cache, entry)));
	source_end(&source);
	if (!ok) {
		if (!cache->refused) {
			wlr_log(WLR_ERROR,
					"Cannot resample a %dx%d surface to scale "
					"%d/120",
					surface->current.width, surface->current.height,
					key->scale120);
		}
		cache->refused = true;
		entry_destroy(cache, entry);
		return NULL;
	}
	cache->refused = false;
	return entry;
}

struct gridwl_resample_entry *gridwl_resample_cache_find(
		struct gridwl_resample_cache *cache, struct wlr_surface *surface,
		const struct gridwl_resample_key *key) {
	struct gridwl_resample_entry *entry = entry_find(cache, key);
	if (entry == NULL || pixman_region32_not_empty(&entry->upload) ||
			(!entry->direct && pixman_region32_not_empty(&entry->stale)) ||
			!entry_matches_buffer(cache, entry, surface, entry->opaque)) {
		return NULL;
	}
	return entry;
}

bool gridwl_resample_cache_settle(struct gridwl_resample_cache *cache,
		struct gridwl_resample_entry *entry, struct wlr_surface *surface,
		const pixman_region32_t *within) {
	pixman_region32_t part;
	pixman_region32_init(&part);
	if (within != NULL) {
		pixman_region32_intersect(&part, &entry->stale, within);
	}
	const pixman_region32_t *todo = within != NULL ? &part : &entry->stale;
	bool ok = true;
	struct resample_source source;
	if (pixman_region32_not_empty(todo)) {
		ok = source_begin(surface, &source);
		if (ok) {
			ok = entry_compute(cache, entry, &source, todo) &&
					entry_upload(cache, entry);
			source_end(&source);
		}
	}
	pixman_region32_fini(&part);
	return ok;
}

bool gridwl_resample_cache_draw_direct(struct gridwl_resample_cache *cache,
		struct gridwl_resample_entry *entry, struct wlr_surface *surface,
		const pixman_region32_t *region, uint32_t *dst, int dst_stride,
		int dst_x, int dst_y) {
	struct resample_source source;
	if (!source_begin(surface, &source)) {
		return false;
	}
	bool ok = source.opaque == entry->opaque &&
			compute_region(cache, entry, &source, region, dst, dst_stride,
					dst_x, dst_y);
	source_end(&source);
	return ok;
}

void gridwl_resample_cache_retain(struct gridwl_resample_cache *cache,
		const struct gridwl_resample_key *keys, size_t count) {
	struct gridwl_resample_entry *entry, *tmp;
	wl_list_for_each_safe(entry, tmp, &cache->entries, link) {
		bool wanted = false;
		for (size_t i = 0; i < count && !wanted; i++) {
			wanted = keys[i].scale120 == entry->scale120 &&
					keys[i].filter == entry->filter;
		}
		if (!wanted) {
			entry_destroy(cache, entry);
		}
	}
}
