#ifndef GRIDWL_COMPOSITOR_SURFACE_H
#define GRIDWL_COMPOSITOR_SURFACE_H

struct gridwl_server;
struct gridwl_view;
struct wlr_surface;

/* Follows a new wl_surface: checks its commits, keeps its resampled copies
 * and damages what changed on every output showing it. */
void gridwl_surface_track(struct gridwl_server *server,
		struct wlr_surface *surface);

/* The resampled copies of a tracked surface; NULL for any other. */
struct gridwl_resample_cache *gridwl_surface_resample_cache(
		struct wlr_surface *surface);

/* Drops the copies no output the surface is on needs any more (all of them
 * when view is NULL or unmapped). Run after enter/leave, scale and filter
 * changes. */
void gridwl_surface_update_resample(struct wlr_surface *surface,
		struct gridwl_view *view);

#endif
