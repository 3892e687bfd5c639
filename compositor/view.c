#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_surface.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/surface.h"
#include "compositor/view.h"
#include "input/seat.h"

struct gridwl_view *gridwl_view_by_id(struct gridwl_server *server,
		uint32_t id) {
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (view->id == id) {
			return view;
		}
	}
	return NULL;
}

struct gridwl_view *gridwl_view_from_surface(struct wlr_surface *surface) {
	// Climb subsurfaces and popups up to the toplevel that owns them; the
	// depth is bounded by what clients built, and each step is a parent.
	while (surface != NULL) {
		surface = wlr_surface_get_root_surface(surface);
		if (!wlr_surface_is_xdg_surface(surface)) {
			return NULL;
		}
		struct wlr_xdg_surface *xdg_surface =
			wlr_xdg_surface_from_wlr_surface(surface);
		if (xdg_surface == NULL) {
			return NULL;
		}
		if (xdg_surface->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL) {
			return xdg_surface->data;
		}
		if (xdg_surface->role != WLR_XDG_SURFACE_ROLE_POPUP) {
			return NULL;
		}
		surface = xdg_surface->popup->parent;
	}
	return NULL;
}

struct wlr_box gridwl_view_box(struct gridwl_view *view) {
	struct wlr_box geometry;
	wlr_xdg_surface_get_geometry(view->xdg_surface, &geometry);
	return (struct wlr_box){
		.x = view->x,
		.y = view->y,
		.width = geometry.width,
		.height = geometry.height,
	};
}

/* Layout position of the main surface's origin. */
static void view_surface_origin(struct gridwl_view *view, int *x, int *y) {
	struct wlr_box geometry;
	wlr_xdg_surface_get_geometry(view->xdg_surface, &geometry);
	*x = view->x - geometry.x;
	*y = view->y - geometry.y;
}

struct bounds_data {
	int ox, oy;
	pixman_region32_t region;
};

static void add_surface_bounds(struct wlr_surface *surface, int sx, int sy,
		void *data) {
	struct bounds_data *bounds = data;
	pixman_region32_union_rect(&bounds->region, &bounds->region,
		bounds->ox + sx, bounds->oy + sy,
		surface->current.width, surface->current.height);
}

struct wlr_box gridwl_view_bounds(struct gridwl_view *view) {
	struct bounds_data bounds;
	view_surface_origin(view, &bounds.ox, &bounds.oy);
	pixman_region32_init(&bounds.region);
	wlr_xdg_surface_for_each_surface(view->xdg_surface, add_surface_bounds,
		&bounds);
	pixman_box32_t *extents = pixman_region32_extents(&bounds.region);
	struct wlr_box box = {
		.x = extents->x1,
		.y = extents->y1,
		.width = extents->x2 - extents->x1,
		.height = extents->y2 - extents->y1,
	};
	pixman_region32_fini(&bounds.region);
	return box;
}

const char *gridwl_view_app_id(struct gridwl_view *view) {
	const char *app_id = view->xdg_surface->toplevel->app_id;
	return app_id != NULL ? app_id : "";
}

const char *gridwl_view_title(struct gridwl_view *view) {
	const char *title = view->xdg_surface->toplevel->title;
	return title != NULL ? title : "";
}

int gridwl_view_buffer_scale(struct gridwl_view *view) {
	return view->xdg_surface->surface->current.scale;
}

void gridwl_view_damage_whole(struct gridwl_view *view) {
	if (!view->mapped) {
		return;
	}
	struct wlr_box bounds = gridwl_view_bounds(view);
	gridwl_server_damage_logical_box(view->server, &bounds);
	gridwl_server_damage_logical_box(view->server, &view->last_bounds);
	view->last_bounds = bounds;
}

struct output_update_data {
	struct gridwl_view *view;
	int ox, oy;
};

static void update_surface_outputs(struct wlr_surface *surface, int sx,
		int sy, void *data) {
	struct output_update_data *update = data;
	struct wlr_box surface_box = {
		.x = update->ox + sx,
		.y = update->oy + sy,
		.width = surface->current.width,
		.height = surface->current.height,
	};
	struct gridwl_output *output;
	wl_list_for_each(output, &update->view->server->outputs, link) {
		struct wlr_box output_box = gridwl_output_logical_box(output);
		struct wlr_box overlap;
		// wlr_surface_send_enter/leave skip outputs already entered or
		// left, so this can run on every change.
		if (update->view->mapped && gridwl_output_is_active(output) &&
				wlr_box_intersection(&overlap, &surface_box, &output_box)) {
			wlr_surface_send_enter(surface, output->wlr_output);
		} else {
			wlr_surface_send_leave(surface, output->wlr_output);
		}
	}
	gridwl_surface_update_resample(surface, update->view);
}

void gridwl_view_update_outputs(struct gridwl_view *view) {
	struct output_update_data update = { .view = view };
	view_surface_origin(view, &update.ox, &update.oy);
	wlr_xdg_surface_for_each_surface(view->xdg_surface,
		update_surface_outputs, &update);
}

void gridwl_view_move(struct gridwl_view *view, int x, int y) {
	gridwl_view_damage_whole(view);
	view->x = x;
	view->y = y;
	gridwl_view_damage_whole(view);
	gridwl_view_update_outputs(view);
}

void gridwl_view_request_size(struct gridwl_view *view, int width,
		int height) {
	wlr_xdg_toplevel_set_size(view->xdg_surface, width, height);
}

void gridwl_view_close(struct gridwl_view *view) {
	wlr_xdg_toplevel_send_close(view->xdg_surface);
}

void gridwl_view_focus(struct gridwl_view *view) {
	struct gridwl_server *server = view->server;
	struct wlr_seat *seat = server->seat->wlr_seat;
	struct wlr_surface *previous = seat->keyboard_state.focused_surface;
	if (previous == view->xdg_surface->surface) {
		return;
	}
	if (previous != NULL && wlr_surface_is_xdg_surface(previous)) {
		struct wlr_xdg_surface *prev_xdg =
			wlr_xdg_surface_from_wlr_surface(previous);
		if (prev_xdg != NULL &&
				prev_xdg->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL) {
			wlr_xdg_toplevel_set_activated(prev_xdg, false);
		}
	}
	wl_list_remove(&view->link);
	wl_list_insert(&server->views, &view->link);
	gridwl_view_damage_whole(view);
	wlr_xdg_toplevel_set_activated(view->xdg_surface, true);
	gridwl_seat_focus_surface(server->seat, view->xdg_surface->surface);
}

bool gridwl_view_is_focused(struct gridwl_view *view) {
	return view->mapped && view->server->seat->wlr_seat->
		keyboard_state.focused_surface == view->xdg_surface->surface;
}

static struct gridwl_output *view_output(struct gridwl_view *view) {
	struct wlr_box box = gridwl_view_box(view);
	return gridwl_output_at(view->server, box.x + box.width / 2.0,
		box.y + box.height / 2.0);
}

static void fullscreen_output_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_view *view =
		wl_container_of(listener, view, fullscreen_output_destroy);
	wl_list_remove(&view->fullscreen_output_destroy.link);
	wl_list_init(&view->fullscreen_output_destroy.link);
	view->fullscreen_output = NULL;
}

static void view_fit(struct gridwl_view *view) {
	struct gridwl_output *output = NULL;
	if (view->fullscreen && view->fullscreen_output != NULL) {
		output = gridwl_output_from_wlr(view->fullscreen_output);
	}
	if (output == NULL || !gridwl_output_is_active(output)) {
		output = view_output(view);
	}
	if (output == NULL) {
		return;
	}
	// No panels exist yet, so the usable area of an output is all of it.
	struct wlr_box box = gridwl_output_logical_box(output);
	wlr_xdg_toplevel_set_size(view->xdg_surface, box.width, box.height);
	if (view->mapped) {
		gridwl_view_move(view, box.x, box.y);
	} else {
		view->x = box.x;
		view->y = box.y;
	}
}

void gridwl_view_set_fullscreen(struct gridwl_view *view, bool fullscreen,
		struct wlr_output *wlr_output) {
	wl_list_remove(&view->fullscreen_output_destroy.link);
	wl_list_init(&view->fullscreen_output_destroy.link);
	view->fullscreen_output = NULL;
	if (fullscreen && !view->fullscreen && !view->maximized) {
		view->restore = gridwl_view_box(view);
	}
	view->fullscreen = fullscreen;
	wlr_xdg_toplevel_set_fullscreen(view->xdg_surface, fullscreen);
	if (fullscreen) {
		if (wlr_output != NULL) {
			view->fullscreen_output = wlr_output;
			wl_signal_add(&wlr_output->events.destroy,
				&view->fullscreen_output_destroy);
		}
		view_fit(view);
	} else if (view->maximized) {
		view_fit(view);
	} else {
		wlr_xdg_toplevel_set_size(view->xdg_surface,
			view->restore.width, view->restore.height);
		gridwl_view_move(view, view->restore.x, view->restore.y);
	}
}

void gridwl_view_set_maximized(struct gridwl_view *view, bool maximized) {
	if (maximized && !view->fullscreen && !view->maximized) {
		view->restore = gridwl_view_box(view);
	}
	view->maximized = maximized;
	wlr_xdg_toplevel_set_maximized(view->xdg_surface, maximized);
	if (view->fullscreen) {
		return;
	}
	if (maximized) {
		view_fit(view);
	} else {
		wlr_xdg_toplevel_set_size(view->xdg_surface,
			view->restore.width, view->restore.height);
		gridwl_view_move(view, view->restore.x, view->restore.y);
	}
}

/* Centres the view on output, keeping its logical size where it fits and
 * asking the client to shrink to the output where it does not. */
static void view_bring_onto(struct gridwl_view *view,
		struct gridwl_output *output) {
	struct wlr_box box = gridwl_view_box(view);
	struct wlr_box ob = gridwl_output_logical_box(output);
	int width = box.width < ob.width ? box.width : ob.width;
	int height = box.height < ob.height ? box.height : ob.height;
	if (width != box.width || height != box.height) {
		gridwl_view_request_size(view, width, height);
	}
	gridwl_view_move(view, ob.x + (ob.width - width) / 2,
		ob.y + (ob.height - height) / 2);
}

void gridwl_views_arrange(struct gridwl_server *server) {
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (view->fullscreen || view->maximized) {
			view_fit(view);
		} else if (view->mapped) {
			struct wlr_box box = gridwl_view_box(view);
			struct wlr_box visible;
			bool on_screen = false;
			struct gridwl_output *output;
			wl_list_for_each(output, &server->outputs, link) {
				struct wlr_box output_box = gridwl_output_logical_box(output);
				if (gridwl_output_is_active(output) &&
						wlr_box_intersection(&visible, &box, &output_box)) {
					on_screen = true;
					break;
				}
			}
			if (!on_screen) {
				// Its output went away: bring the window back onto the
				// nearest one, keeping its size.
				struct gridwl_output *target = view_output(view);
				if (target != NULL) {
					view_bring_onto(view, target);
				}
			}
		}
		gridwl_view_update_outputs(view);
	}
}

static void view_handle_map(struct wl_listener *listener, void *data) {
	struct gridwl_view *view = wl_container_of(listener, view, map);
	struct gridwl_server *server = view->server;
	view->mapped = true;
	if (!view->fullscreen && !view->maximized) {
		struct gridwl_output *output = gridwl_output_at(server,
			server->seat->cursor->x, server->seat->cursor->y);
		struct wlr_box box = gridwl_view_box(view);
		if (output != NULL) {
			struct wlr_box ob = gridwl_output_logical_box(output);
			view->x = ob.x + (ob.width - box.width) / 2;
			view->y = ob.y + (ob.height - box.height) / 2;
		}
	}
	view->last_bounds = gridwl_view_bounds(view);
	gridwl_view_apply_rules(view);
	gridwl_view_damage_whole(view);
	gridwl_view_update_outputs(view);
	gridwl_view_focus(view);
	wlr_log(WLR_DEBUG, "Window %u (%s) mapped at %d,%d", view->id,
		gridwl_view_app_id(view), view->x, view->y);
}

static void view_handle_unmap(struct wl_listener *listener, void *data) {
	struct gridwl_view *view = wl_container_of(listener, view, unmap);
	gridwl_view_damage_whole(view);
	view->mapped = false;
	// Leaves every output and frees its resampled copies: an unmapped
	// window is on no output.
	gridwl_view_update_outputs(view);
	gridwl_seat_view_unmapped(view->server->seat, view);
}

static void view_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_view *view = wl_container_of(listener, view, destroy);
	wl_list_remove(&view->map.link);
	wl_list_remove(&view->unmap.link);
	wl_list_remove(&view->destroy.link);
	wl_list_remove(&view->request_move.link);
	wl_list_remove(&view->request_resize.link);
	wl_list_remove(&view->request_maximize.link);
	wl_list_remove(&view->request_fullscreen.link);
	wl_list_remove(&view->set_app_id.link);
	wl_list_remove(&view->set_title.link);
	wl_list_remove(&view->fullscreen_output_destroy.link);
	wl_list_remove(&view->link);
	view->xdg_surface->data = NULL;
	free(view);
}

static void view_handle_request_move(struct wl_listener *listener,
		void *data) {
	struct gridwl_view *view = wl_container_of(listener, view, request_move);
	gridwl_seat_begin_move(view->server->seat, view);
}

static void view_handle_request_resize(struct wl_listener *listener,
		void *data) {
	struct gridwl_view *view =
		wl_container_of(listener, view, request_resize);
	struct wlr_xdg_toplevel_resize_event *event = data;
	gridwl_seat_begin_resize(view->server->seat, view, event->edges);
}

static void view_handle_request_maximize(struct wl_listener *listener,
		void *data) {
	struct gridwl_view *view =
		wl_container_of(listener, view, request_maximize);
	gridwl_view_set_maximized(view,
		view->xdg_surface->toplevel->requested.maximized);
	// xdg-shell wants a configure in answer even when nothing changed.
	wlr_xdg_surface_schedule_configure(view->xdg_surface);
}

static void view_handle_request_fullscreen(struct wl_listener *listener,
		void *data) {
	struct gridwl_view *view =
		wl_container_of(listener, view, request_fullscreen);
	struct wlr_xdg_toplevel_set_fullscreen_event *event = data;
	gridwl_view_set_fullscreen(view, event->fullscreen, event->output);
	wlr_xdg_surface_schedule_configure(view->xdg_surface);
}

static void view_handle_set_app_id(struct wl_listener *listener,
		void *data) {
	struct gridwl_view *view = wl_container_of(listener, view, set_app_id);
	gridwl_view_apply_rules(view);
}

static void view_handle_set_title(struct wl_listener *listener,
		void *data) {
	struct gridwl_view *view = wl_container_of(listener, view, set_title);
	gridwl_view_apply_rules(view);
}

static struct gridwl_view *view_create(struct gridwl_server *server,
		struct wlr_xdg_surface *xdg_surface) {
	struct gridwl_view *view = calloc(1, sizeof(*view));
	if (view == NULL) {
		return NULL;
	}
	view->server = server;
	view->xdg_surface = xdg_surface;
	view->id = ++server->next_view_id;
	xdg_surface->data = view;
	wl_list_init(&view->fullscreen_output_destroy.link);
	view->fullscreen_output_destroy.notify = fullscreen_output_destroy;

	view->map.notify = view_handle_map;
	wl_signal_add(&xdg_surface->events.map, &view->map);
	view->unmap.notify = view_handle_unmap;
	wl_signal_add(&xdg_surface->events.unmap, &view->unmap);
	view->destroy.notify = view_handle_destroy;
	wl_signal_add(&xdg_surface->events.destroy, &view->destroy);

	struct wlr_xdg_toplevel *toplevel = xdg_surface->toplevel;
	view->request_move.notify = view_handle_request_move;
	wl_signal_add(&toplevel->events.request_move, &view->request_move);
	view->request_resize.notify = view_handle_request_resize;
	wl_signal_add(&toplevel->events.request_resize, &view->request_resize);
	view->request_maximize.notify = view_handle_request_maximize;
	wl_signal_add(&toplevel->events.request_maximize,
		&view->request_maximize);
	view->request_fullscreen.notify = view_handle_request_fullscreen;
	wl_signal_add(&toplevel->events.request_fullscreen,
		&view->request_fullscreen);
	view->set_app_id.notify = view_handle_set_app_id;
	wl_signal_add(&toplevel->events.set_app_id, &view->set_app_id);
	view->set_title.notify = view_handle_set_title;
	wl_signal_add(&toplevel->events.set_title, &view->set_title);

	wl_list_insert(&server->views, &view->link);

	// wlroots announces a toplevel at its first commit, after any
	// set_fullscreen or set_maximized sent before it: honour those now, in
	// the first configure.
	if (toplevel->requested.fullscreen) {
		gridwl_view_set_fullscreen(view, true,
			toplevel->requested.fullscreen_output);
	} else if (toplevel->requested.maximized) {
		gridwl_view_set_maximized(view, true);
	}
	return view;
}

void gridwl_view_handle_new_xdg_surface(struct gridwl_server *server,
		struct wlr_xdg_surface *xdg_surface) {
	if (xdg_surface->role == WLR_XDG_SURFACE_ROLE_POPUP) {
		gridwl_popup_create(server, xdg_surface);
		return;
	}
	if (xdg_surface->role != WLR_XDG_SURFACE_ROLE_TOPLEVEL) {
		return;
	}
	if (view_create(server, xdg_surface) == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a new window");
		wl_resource_post_no_memory(xdg_surface->resource);
	}
}

struct gridwl_view *gridwl_view_at(struct gridwl_server *server,
		double lx, double ly, struct wlr_surface **surface,
		double *sx, double *sy) {
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (!view->mapped) {
			continue;
		}
		int ox, oy;
		view_surface_origin(view, &ox, &oy);
		struct wlr_surface *found = wlr_xdg_surface_surface_at(
			view->xdg_surface, lx - ox, ly - oy, sx, sy);
		if (found != NULL) {
			*surface = found;
			return view;
		}
	}
	return NULL;
}

void gridwl_view_surface_origin(struct gridwl_view *view, int *x, int *y) {
	view_surface_origin(view, x, y);
}

enum gridwl_filter gridwl_view_filter_on(struct gridwl_view *view,
		struct gridwl_output *output) {
	return view->has_rule_filter ? view->rule_filter : output->filter;
}

void gridwl_view_apply_rules(struct gridwl_view *view) {
	struct wlr_xdg_toplevel *toplevel = view->xdg_surface->toplevel;
	struct gridwl_window_identity identity = {
		.app_id = toplevel->app_id,
		.title = toplevel->title,
	};
	enum gridwl_filter filter = GRIDWL_FILTER_NEAREST;
	// Rules from the file come first; none are made at run time yet.
	bool has_filter = gridwl_config_window_filter(view->server->config,
		&identity, &filter);
	if (has_filter == view->has_rule_filter &&
			(!has_filter || filter == view->rule_filter)) {
		return;
	}
	view->has_rule_filter = has_filter;
	view->rule_filter = filter;
	if (view->mapped) {
		wlr_log(WLR_DEBUG, "Window %u (%s): filter %s", view->id,
			gridwl_view_app_id(view), has_filter ?
			gridwl_filter_name(filter) : "of its outputs");
		gridwl_view_update_outputs(view);
		gridwl_view_damage_whole(view);
	}
}

struct gridwl_output *gridwl_view_main_output(struct gridwl_view *view) {
	struct wlr_box box = gridwl_view_box(view);
	struct gridwl_output *best = NULL, *output;
	long best_area = 0;
	wl_list_for_each(output, &view->server->outputs, link) {
		struct wlr_box output_box = gridwl_output_logical_box(output);
		struct wlr_box overlap;
		if (!gridwl_output_is_active(output) ||
				!wlr_box_intersection(&overlap, &box, &output_box)) {
			continue;
		}
		long area = (long)overlap.width * overlap.height;
		if (area > best_area) {
			best = output;
			best_area = area;
		}
	}
	return best != NULL ? best : view_output(view);
}
