#ifndef GRIDWL_RENDER_RESAMPLE_CACHE_H
#define GRIDWL_RENDER_RESAMPLE_CACHE_H

#include <pixman.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wayland-util.h>
#include "config/config.h"
#include "render/kernels/rational.h"

struct wlr_renderer;
struct wlr_surface;
struct wlr_texture;

/*
 * A surface whose buffer scale differs from an output's scale is resampled
 * by render/kernels into a copy at that output's scale, once per commit and
 * only where the commit damaged it; composition then copies the copy 1:1.
 * One cache per surface, one entry per (output scale, filter) in use.
 */

/* Far above what real layouts need (two 4K outputs' worth of copies of
 * every window is about 130 MiB), so only a runaway client reaches it;
 * beyond it surfaces fall back to the renderer's own magnification. */
#define GRIDWL_RESAMPLE_CACHE_MAX_BYTES ((size_t)1 << 30)

/* The server's totals, reported by gridctl stats. */
struct gridwl_resample_stats {
	size_t bytes; // pixel memory held by every entry
	size_t entries;
	uint64_t pixels; // destination pixels computed by the kernels
	// Surfaces drawn 1:1 (render/surface_draw.c), no resampling at all:
	// what the tests count to tell that path from the ones that sample.
	uint64_t blits_1to1;
};

struct gridwl_resample_entry {
	struct wl_list link; // gridwl_resample_cache.entries
	int scale120; // the output scale it is for (config/scale.h)
	enum gridwl_filter filter;
	// What it was computed from; a commit that changes any of them makes
	// the whole entry stale.
	int buffer_width, buffer_height, buffer_scale;
	bool opaque;
	// Through the rational kernel (render/kernels/rational.h) at these
	// ratios, rather than the integer passes.
	bool rational;
	struct gridwl_axis_ratio x_ratio, y_ratio;

	int width, height; // device pixels (gridwl_surface_extent)
	uint32_t *data;
	pixman_image_t *image; // over data
	// On renderers other than pixman the entry is drawn from a texture,
	// which may only be written outside a render pass: the part of data
	// not yet copied into it.
	struct wlr_texture *texture;
	pixman_region32_t upload;
	// What the kernels have yet to compute into data.
	pixman_region32_t stale;
	// An opaque surface on the pixman renderer: while it keeps
	// committing, its stale parts are resampled straight into the frame
	// being composed (no copy through data); once a frame comes with no
	// commit since the one before, the stale parts it draws are computed
	// into data, and only those: the rest of data is never written, and
	// its pages never made resident.
	bool direct;
	uint64_t seen_commits; // cache->commits at the last prepare
	bool quiet; // no commit between the last prepare and the one before
};

/* How the surface's current buffer reaches a target of scale120: its size
 * there, and either integer passes or a rational ratio per axis; and
 * whether the kernels take it at all. It depends on
 * the surface's current state alone, so it is worked out once per commit
 * and scale rather than for every frame. */
struct gridwl_resample_plan {
	uint64_t commits; // gridwl_resample_cache.commits it was made at
	int scale120; // 0: none made yet
	// geometric: the kernels' arithmetic applies (render/gles2_models.h
	// takes it for buffers they cannot read); supported: they read the
	// buffer too.
	bool geometric, supported;
	int width, height;
	bool rational;
	struct gridwl_axis_ratio x_ratio, y_ratio;
};

/* Outputs of two scales at once are common, more are rare: a third scale
 * recomputes, which is what every frame did before. */
#define GRIDWL_RESAMPLE_PLANS 2

struct gridwl_resample_cache {
	struct wl_list entries; // gridwl_resample_entry.link
	struct gridwl_resample_stats *stats;
	struct wlr_renderer *renderer;
	// Set once a copy was refused, so that the reason is logged once
	// rather than every frame.
	bool refused;
	uint64_t commits;
	struct gridwl_resample_plan plans[GRIDWL_RESAMPLE_PLANS];
	size_t next_plan; // the slot a plan for another scale takes
};

/* An entry key: what some output needs of a surface. */
struct gridwl_resample_key {
	int scale120;
	enum gridwl_filter filter;
};

void gridwl_resample_cache_init(struct gridwl_resample_cache *cache,
		struct gridwl_resample_stats *stats, struct wlr_renderer *renderer);
void gridwl_resample_cache_finish(struct gridwl_resample_cache *cache);

/* Whether a surface in its current state at this output scale (120ths)
 * takes the resampling path: a buffer with no buffer transform, no
 * viewport or a viewport that only sets a destination size, in a format
 * the kernels read, at a ratio they implement, and not 1:1. */
bool gridwl_resample_supported(struct wlr_surface *surface, int scale120);

/*
 * How a surface's buffer reaches a target's pixels where the kernels would
 * resample it, as a description for what computes the same model elsewhere
 * (render/gles2_models.h, for buffers the kernels cannot read): per axis a
 * device pixel spans r / m buffer pixels, magnified (m > r) with the filter
 * or reduced by the area average; or, with box above 1, the integer
 * two-pass model: magnified by x.m = y.m (r = 1) with the filter, then
 * the box x box mean.
 */
struct gridwl_resample_model {
	int width, height; // device pixels
	struct gridwl_axis_ratio x, y;
	bool bilinear;
	int box;
};

/* The model of the surface's current buffer at scale120 with filter, for
 * any buffer the kernels would take by its geometry (whatever its format
 * or memory); false for 1:1, buffer transforms, viewport crops and ratios
 * the kernels do not implement. */
bool gridwl_resample_model_for(struct gridwl_resample_cache *cache,
		struct wlr_surface *surface, int scale120, enum gridwl_filter filter,
		struct gridwl_resample_model *model);

/* After a commit: marks what the buffer damage touches in every entry and
 * recomputes it. */
void gridwl_resample_cache_commit(struct gridwl_resample_cache *cache,
		struct wlr_surface *surface);

/* Before a frame (outside any render pass): the entry for key, created and
 * brought up to date as needed; NULL when the surface cannot be resampled
 * or memory runs out. */
struct gridwl_resample_entry *gridwl_resample_cache_prepare(
		struct gridwl_resample_cache *cache, struct wlr_surface *surface,
		const struct gridwl_resample_key *key);

/* During a frame: the entry for key if it can be drawn (up to date, or a
 * direct one), else NULL. */
struct gridwl_resample_entry *gridwl_resample_cache_find(
		struct gridwl_resample_cache *cache, struct wlr_surface *surface,
		const struct gridwl_resample_key *key);

/* During a frame, for a direct entry: resamples region (in the entry's
 * pixels) of the surface's current buffer into dst (dst_stride pixels a
 * row), the entry's pixel (0, 0) going to (dst_x, dst_y); region must map
 * inside dst. False when the buffer cannot be read. */
bool gridwl_resample_cache_draw_direct(struct gridwl_resample_cache *cache,
		struct gridwl_resample_entry *entry, struct wlr_surface *surface,
		const pixman_region32_t *region, uint32_t *dst, int dst_stride,
		int dst_x, int dst_y);

/* During a frame on pixman, for a direct entry drawn from its own pixels
 * rather than written into the frame (a surface made translucent by its
 * alpha modifier, or a quiet one): computes its stale part within
 * (entry pixels; all of it where within is NULL) into them. False when
 * the buffer cannot be read. */
bool gridwl_resample_cache_settle(struct gridwl_resample_cache *cache,
		struct gridwl_resample_entry *entry, struct wlr_surface *surface,
		const pixman_region32_t *within);

/* Drops the entries whose key is not among keys. */
void gridwl_resample_cache_retain(struct gridwl_resample_cache *cache,
		const struct gridwl_resample_key *keys, size_t count);

#endif
