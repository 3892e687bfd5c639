#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include "compositor/frame/occluders.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/alpha_modifier.h"
#include "compositor/shell/xwayland.h"
#include "compositor/surface.h"
#include "compositor/util.h"
#include "compositor/view/view.h"
#include "input/seat.h"
#include "render/buffer_access.h"
#include "render/resample_cache.h"

/*
 * Every wl_surface gets one of these: on commit it checks what the client
 * handed in, brings its resampled copies up to date and turns the
 * surface's damage into output damage.
 */
struct gridwl_surface {
	struct gridwl_server *server;
	struct wlr_surface *wlr_surface;
	struct gridwl_resample_cache resample;
	double alpha; // its alpha modifier's multiplier at the last commit
	// Its opaque region at the last commit: where it shrinks, what is
	// under it shows again, with no buffer damage to say so.
	pixman_region32_t opaque;
	struct wl_listener commit;
	struct wl_listener destroy;
};

static void surface_handle_destroy(struct wl_listener *listener, void *data);

static struct gridwl_surface *surface_from_wlr(
		struct wlr_surface *wlr_surface) {
	struct wl_listener *listener =
			wl_signal_get(&wlr_surface->events.destroy, surface_handle_destroy);
	if (listener == NULL) {
		return NULL;
	}
	struct gridwl_surface *surface =
			wl_container_of(listener, surface, destroy);
	return surface;
}

struct gridwl_resample_cache *gridwl_surface_resample_cache(
		struct wlr_surface *wlr_surface) {
	struct gridwl_surface *surface = surface_from_wlr(wlr_surface);
	return surface != NULL ? &surface->resample : NULL;
}

/* Whether the surface is magnified with bilinear on that output, which
 * makes every changed buffer pixel reach into its neighbours. */
static bool blends_neighbours(struct gridwl_view *view,
		struct wlr_surface *surface, struct gridwl_output *output) {
	return surface->current.scale * GRIDWL_SCALE120_ONE < output->scale120 &&
			gridwl_view_filter_on(view, output) == GRIDWL_FILTER_BILINEAR;
}

static void region_expand(pixman_region32_t *region, int by) {
	int count;
	pixman_box32_t *boxes = pixman_region32_rectangles(region, &count);
	pixman_region32_t grown;
	pixman_region32_init(&grown);
	for (int i = 0; i < count; i++) {
		pixman_region32_union_rect(&grown, &grown, boxes[i].x1 - by,
				boxes[i].y1 - by, boxes[i].x2 - boxes[i].x1 + 2 * by,
				boxes[i].y2 - boxes[i].y1 + 2 * by);
	}
	pixman_region32_fini(region);
	*region = grown;
}

void gridwl_surface_update_resample(struct wlr_surface *wlr_surface,
		struct gridwl_view *view) {
	struct gridwl_surface *surface = surface_from_wlr(wlr_surface);
	if (surface == NULL) {
		return;
	}
	// One key per output the surface is on; a handful at most.
	struct gridwl_resample_key keys[16];
	size_t count = 0;
	struct wlr_surface_output *surface_output;
	wl_list_for_each(surface_output, &wlr_surface->current_outputs, link) {
		struct gridwl_output *output =
				gridwl_output_from_wlr(surface_output->output);
		if (view == NULL || !view->mapped || output == NULL ||
				!gridwl_resample_supported(wlr_surface, output->scale120) ||
				count == sizeof(keys) / sizeof(keys[0])) {
			continue;
		}
		keys[count++] = (struct gridwl_resample_key){
			.scale120 = output->scale120,
			.filter = gridwl_view_filter_on(view, output),
		};
	}
	gridwl_resample_cache_retain(&surface->resample, keys, count);
}

/* wl_surface.error.invalid_size: the protocol says a buffer's size must be
 * a multiple of its scale. See the README for why gridwl enforces it. */
static bool check_buffer_size(struct gridwl_server *server,
		struct wlr_surface *surface) {
	struct wlr_surface_state *state = &surface->current;
	// wlroots hands current.buffer on to the texture during the commit,
	// so whether there is content is asked of the surface. Xwayland's
	// scale is gridwl's, not the client's (xwayland_scale.h): any size.
	if (!wlr_surface_has_buffer(surface) || state->scale <= 1 ||
			gridwl_xwayland_surface_scale(server->xwayland, surface) > 1) {
		return true;
	}
	int width = state->buffer_width, height = state->buffer_height;
	if (state->transform & WL_OUTPUT_TRANSFORM_90) {
		width = state->buffer_height;
		height = state->buffer_width;
	}
	if (width % state->scale == 0 && height % state->scale == 0) {
		return true;
	}
	wl_resource_post_error(surface->resource, WL_SURFACE_ERROR_INVALID_SIZE,
			"buffer size %dx%d is not divisible by buffer scale %d", width,
			height, state->scale);
	return false;
}

/* libwayland takes any stride of at least the width, in bytes, so a
 * buffer's rows can overlap and its last row end past the pool: reading it
 * would run off the client's memory. The buffer is unusable, so it is an
 * invalid size, which ends the client before anything draws it. */
static bool check_buffer_stride(struct wlr_surface *surface) {
	// Only the commit that attaches it: a buffer's rows never change
	// (wlroots clears current.committed on every commit since 0.18, which
	// tells that commit apart: wlr_compat/wlr_compat.h, N6).
	if (!(surface->current.committed & WLR_SURFACE_STATE_BUFFER) ||
			!wlr_surface_has_buffer(surface)) {
		return true;
	}
	// Its description is enough: reading its pixels would cost wlroots'
	// SIGBUS handler, two system calls, on every commit that attaches one.
	struct wlr_shm_attributes shm;
	if (surface->buffer == NULL || surface->buffer->source == NULL ||
			!wlr_buffer_get_shm(surface->buffer->source, &shm)) {
		return true;
	}
	bool fits = gridwl_buffer_rows_fit(shm.format, shm.width, shm.stride);
	if (!fits) {
		wl_resource_post_error(surface->resource, WL_SURFACE_ERROR_INVALID_SIZE,
				"buffer stride %d is shorter "
				"than a row of %d pixels of %d bytes",
				shm.stride, shm.width,
				gridwl_drm_format_bytes_per_pixel(shm.format));
	}
	return fits;
}

/* Adds to damage (surface-local) what its opaque region no longer holds:
 * what was under it there may show now. wlroots works the region out from
 * the buffer's format and size too, not only from set_opaque_region, so it
 * is compared on every commit (one box against one, mostly). */
static void opaque_region_committed(struct gridwl_surface *surface,
		pixman_region32_t *damage) {
	struct wlr_surface *wlr_surface = surface->wlr_surface;
	if (pixman_region32_equal(&surface->opaque, &wlr_surface->opaque_region)) {
		return;
	}
	pixman_region32_t lost;
	pixman_region32_init(&lost);
	pixman_region32_subtract(&lost, &surface->opaque,
			&wlr_surface->opaque_region);
	pixman_region32_union(damage, damage, &lost);
	pixman_region32_fini(&lost);
	pixman_region32_copy(&surface->opaque, &wlr_surface->opaque_region);
}

/* A commit may carry only a frame callback; a frame must still come to
 * answer it, on each output the view is on. A view wholly covered there is
 * not paced, so the frame would have nothing to do: its commit counts as
 * shown there, as that frame would have counted it. */
static void schedule_for_commit(struct gridwl_output *output,
		struct gridwl_view *view, const struct wlr_box *bounds) {
	struct wlr_box output_box = gridwl_output_logical_box(output);
	struct wlr_box overlap;
	if (!gridwl_output_is_active(output) ||
			!wlr_box_intersection(&overlap, bounds, &output_box)) {
		return;
	}
	if (gridwl_occluders_hide(output, view)) {
		gridwl_view_record_presented(view, output);
	} else {
		wlr_output_schedule_frame(output->wlr_output);
	}
}

static void surface_handle_commit(struct wl_listener *listener, void *data) {
	struct gridwl_surface *surface = wl_container_of(listener, surface, commit);
	struct wlr_surface *wlr_surface = surface->wlr_surface;
	wl_signal_emit(&surface->server->events.surface_commit, wlr_surface);
	if (!check_buffer_stride(wlr_surface) ||
			!check_buffer_size(surface->server, wlr_surface)) {
		return;
	}
	gridwl_resample_cache_commit(&surface->resample, wlr_surface);

	struct gridwl_view *view = gridwl_view_from_surface(wlr_surface);
	if (view != NULL) {
		gridwl_view_committed(view);
	}
	if (view == NULL || !view->mapped) {
		return;
	}
	gridwl_view_geometry_committed(view);
	struct wlr_box bounds = gridwl_view_bounds(view);
	// A new alpha multiplier changes every pixel without buffer damage.
	double alpha = gridwl_surface_alpha(wlr_surface);
	if (!gridwl_box_equal(&bounds, &view->last_bounds) ||
			alpha != surface->alpha) {
		// Resized, moved its geometry or a subsurface: what it covered
		// before and what it covers now both change.
		gridwl_view_damage_whole(view);
	}
	surface->alpha = alpha;
	// A subsurface can move, grow or map within unchanged bounds and still
	// cross onto another output; enter/leave skip what is already so, so
	// this costs a walk over a few surfaces.
	gridwl_view_update_outputs(view);
	gridwl_seat_schedule_pointer_rebase(surface->server->seat);

	int sx, sy;
	if (!gridwl_view_surface_position(view, wlr_surface, &sx, &sy)) {
		return;
	}

	pixman_region32_t damage;
	pixman_region32_init(&damage);
	wlr_surface_get_effective_damage(wlr_surface, &damage);
	opaque_region_committed(surface, &damage);
	// A hidden view draws nothing; showing it again repaints all of it.
	if (!gridwl_view_is_shown(view)) {
		pixman_region32_fini(&damage);
		return;
	}
	pixman_region32_translate(&damage, sx, sy);
	struct gridwl_output *output;
	wl_list_for_each(output, &surface->server->outputs, link) {
		// Only what the views above leave uncovered can change there.
		if (blends_neighbours(view, wlr_surface, output)) {
			pixman_region32_t grown;
			pixman_region32_init(&grown);
			pixman_region32_copy(&grown, &damage);
			region_expand(&grown, 1);
			gridwl_occluders_damage(output, view, &grown);
			pixman_region32_fini(&grown);
		} else {
			gridwl_occluders_damage(output, view, &damage);
		}
		schedule_for_commit(output, view, &bounds);
	}
	pixman_region32_fini(&damage);
}

static void surface_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_surface *surface =
			wl_container_of(listener, surface, destroy);
	gridwl_resample_cache_finish(&surface->resample);
	pixman_region32_fini(&surface->opaque);
	wl_list_remove(&surface->commit.link);
	wl_list_remove(&surface->destroy.link);
	free(surface);
}

void gridwl_surface_track(struct gridwl_server *server,
		struct wlr_surface *wlr_surface) {
	struct gridwl_surface *surface = calloc(1, sizeof(*surface));
	if (surface == NULL) {
		wl_resource_post_no_memory(wlr_surface->resource);
		return;
	}
	surface->server = server;
	surface->wlr_surface = wlr_surface;
	surface->alpha = 1.0;
	pixman_region32_init(&surface->opaque);
	gridwl_resample_cache_init(&surface->resample, &server->resample_stats,
			server->renderer);
	surface->commit.notify = surface_handle_commit;
	wl_signal_add(&wlr_surface->events.commit, &surface->commit);
	surface->destroy.notify = surface_handle_destroy;
	wl_signal_add(&wlr_surface->events.destroy, &surface->destroy);
}
