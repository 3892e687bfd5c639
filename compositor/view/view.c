#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_layer_shell_v1.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include <wlr/xwayland.h>
#include "compositor/frame/occluders.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/foreign_toplevel.h"
#include "compositor/services/fractional_scale.h"
#include "compositor/services/idle.h"
#include "compositor/shell/layer_shell.h"
#include "compositor/shell/session_lock.h"
#include "compositor/shell/switcher.h"
#include "compositor/surface.h"
#include "compositor/control/subscribe.h"
#include "compositor/view/view.h"
#include "compositor/workspace/workspace.h"
#include "input/seat.h"

struct gridwl_view *gridwl_view_by_id(struct gridwl_server *server,
		uint32_t id) {
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (view->id == id && gridwl_view_is_window(view)) {
			return view;
		}
	}
	return NULL;
}

bool gridwl_view_is_window(const struct gridwl_view *view) {
	return view->kind == GRIDWL_VIEW_XDG_TOPLEVEL ||
			view->kind == GRIDWL_VIEW_X11_MANAGED;
}

bool gridwl_view_is_x11(const struct gridwl_view *view) {
	return view->kind == GRIDWL_VIEW_X11_MANAGED ||
			view->kind == GRIDWL_VIEW_X11_UNMANAGED;
}

bool gridwl_view_is_shown(struct gridwl_view *view) {
	return view->mapped && !gridwl_view_is_minimized(view) &&
			!gridwl_view_hidden_by_lock(view) &&
			!gridwl_view_hidden_by_workspace(view);
}

bool gridwl_view_shown_on(struct gridwl_view *view,
		struct gridwl_output *output) {
	struct wlr_box output_box = gridwl_output_logical_box(output);
	struct wlr_box overlap;
	return gridwl_view_is_shown(view) &&
			wlr_box_intersection(&overlap, &view->last_bounds, &output_box);
}

struct gridwl_view *gridwl_view_from_surface(struct wlr_surface *surface) {
	// Climb subsurfaces and popups up to the toplevel that owns them; the
	// depth is bounded by what clients built, and each step is a parent.
	while (surface != NULL) {
		surface = wlr_surface_get_root_surface(surface);
		struct gridwl_view *lock_view = gridwl_lock_view_from_surface(surface);
		if (lock_view != NULL) {
			return lock_view;
		}
		struct gridwl_view *im_popup_view =
				gridwl_im_popup_view_from_surface(surface);
		if (im_popup_view != NULL) {
			return im_popup_view;
		}
		struct wlr_layer_surface_v1 *layer_surface =
				wlr_layer_surface_v1_try_from_wlr_surface(surface);
		if (layer_surface != NULL) {
			return layer_surface->data;
		}
		struct wlr_xwayland_surface *xsurface =
				wlr_xwayland_surface_try_from_wlr_surface(surface);
		if (xsurface != NULL) {
			return xsurface->data;
		}
		// NULL too for an xdg_surface whose role object is gone.
		struct wlr_xdg_surface *xdg_surface =
				wlr_xdg_surface_try_from_wlr_surface(surface);
		if (xdg_surface == NULL) {
			return NULL;
		}
		if (xdg_surface->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL) {
			return xdg_surface->data;
		}
		if (xdg_surface->role != WLR_XDG_SURFACE_ROLE_POPUP ||
				xdg_surface->popup == NULL) {
			return NULL;
		}
		surface = xdg_surface->popup->parent;
	}
	return NULL;
}

struct wlr_surface *gridwl_view_surface(struct gridwl_view *view) {
	return view->impl->get_surface(view);
}

void gridwl_view_for_each_surface(struct gridwl_view *view,
		gridwl_surface_iterator_t iterator, void *data) {
	view->impl->for_each_surface(view, iterator, data);
}

const char *gridwl_view_x11_class(struct gridwl_view *view) {
	return view->impl->get_x11_class(view);
}

void gridwl_view_set_resizing(struct gridwl_view *view, bool resizing) {
	if (view->impl->set_resizing != NULL) {
		view->impl->set_resizing(view, resizing);
	}
}

struct wlr_box gridwl_view_box(struct gridwl_view *view) {
	struct wlr_box geometry;
	view->impl->get_geometry(view, &geometry);
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
	view->impl->get_geometry(view, &geometry);
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
			bounds->ox + sx, bounds->oy + sy, surface->current.width,
			surface->current.height);
}

struct wlr_box gridwl_view_bounds(struct gridwl_view *view) {
	struct bounds_data bounds;
	view_surface_origin(view, &bounds.ox, &bounds.oy);
	pixman_region32_init(&bounds.region);
	gridwl_view_for_each_surface(view, add_surface_bounds, &bounds);
	gridwl_view_frame_add_bounds(view, &bounds.region);
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
	const char *app_id = view->impl->get_app_id(view);
	return app_id != NULL ? app_id : "";
}

const char *gridwl_view_title(struct gridwl_view *view) {
	const char *title = view->impl->get_title(view);
	return title != NULL ? title : "";
}

int gridwl_view_buffer_scale(struct gridwl_view *view) {
	struct wlr_surface *surface = gridwl_view_surface(view);
	return surface != NULL ? surface->current.scale : 1;
}

void gridwl_view_damage_whole(struct gridwl_view *view) {
	if (!view->mapped) {
		return;
	}
	// Whatever changed (moved, resized, restacked, shown, hidden) may
	// uncover views below.
	gridwl_occluders_invalidate(view->server);
	struct wlr_box bounds = gridwl_view_bounds(view);
	gridwl_server_damage_logical_box(view->server, &bounds);
	gridwl_server_damage_logical_box(view->server, &view->last_bounds);
	view->last_bounds = bounds;
}

struct output_update_data {
	struct gridwl_view *view;
	int ox, oy;
};

static void update_surface_outputs(struct wlr_surface *surface, int sx, int sy,
		void *data) {
	struct output_update_data *update = data;
	struct wlr_box surface_box = {
		.x = update->ox + sx,
		.y = update->oy + sy,
		.width = surface->current.width,
		.height = surface->current.height,
	};
	struct gridwl_output *preferred = NULL;
	struct gridwl_output *output;
	wl_list_for_each(output, &update->view->server->outputs, link) {
		struct wlr_box output_box = gridwl_output_logical_box(output);
		struct wlr_box overlap;
		// wlr_surface_send_enter/leave skip outputs already entered or
		// left, so this can run on every change.
		if (update->view->mapped && gridwl_output_is_active(output) &&
				wlr_box_intersection(&overlap, &surface_box, &output_box)) {
			wlr_surface_send_enter(surface, output->wlr_output);
			if (preferred == NULL || output->scale120 > preferred->scale120) {
				preferred = output;
			}
		} else {
			wlr_surface_send_leave(surface, output->wlr_output);
		}
	}
	// The largest scale it is shown at, and that output's transform: 1:1
	// there, box-reduced exactly elsewhere. On no output, it keeps what it
	// was told last. wlroots sends each only when it changed.
	if (preferred != NULL) {
		gridwl_surface_prefer_scale(surface, preferred->scale120,
				preferred->wlr_output->transform);
	}
	gridwl_surface_update_resample(surface, update->view);
}

void gridwl_view_update_outputs(struct gridwl_view *view) {
	struct output_update_data update = { .view = view };
	view_surface_origin(view, &update.ox, &update.oy);
	gridwl_view_for_each_surface(view, update_surface_outputs, &update);
	gridwl_foreign_toplevel_update_outputs(view);
	// Whether an idle inhibitor's surface is shown may have changed.
	gridwl_idle_update(view->server);
}

void gridwl_view_move(struct gridwl_view *view, int x, int y) {
	gridwl_view_damage_whole(view);
	view->x = x;
	view->y = y;
	if (view->impl->moved != NULL) {
		view->impl->moved(view);
	}
	gridwl_view_damage_whole(view);
	gridwl_view_pick_home(view);
	gridwl_view_update_outputs(view);
	gridwl_seat_schedule_pointer_rebase(view->server->seat);
}

/* A size that came out negative (an output whose panels' exclusive zones
 * take more than all of it, a restore box of a window that was never
 * drawn) is asked as 0, the client's own choice: wlroots asserts that
 * sizes are not negative. */
static void view_set_size(struct gridwl_view *view, int width, int height) {
	view->impl->set_size(view, width > 0 ? width : 0, height > 0 ? height : 0);
}

void gridwl_view_request_size(struct gridwl_view *view, int width, int height) {
	view_set_size(view, width, height);
}

void gridwl_view_close(struct gridwl_view *view) {
	view->impl->close(view);
}

void gridwl_view_focus(struct gridwl_view *view) {
	struct gridwl_server *server = view->server;
	struct wlr_seat *seat = server->seat->wlr_seat;
	struct wlr_surface *surface = gridwl_view_surface(view);
	struct wlr_surface *previous = seat->keyboard_state.focused_surface;
	// While the session is locked, only the lock's surfaces are focused,
	// and nothing else is raised or activated.
	if (gridwl_view_hidden_by_lock(view)) {
		return;
	}
	// Activating a window on another workspace shows that workspace.
	gridwl_view_reveal(view);
	if (view->kind == GRIDWL_VIEW_LOCK_SURFACE) {
		if (surface != NULL && view->mapped && previous != surface) {
			gridwl_seat_focus_surface(server->seat, surface);
		}
		return;
	}
	// Menus and tooltips of X11 clients take no focus from their window,
	// nor do panels that want no keyboard.
	if (view->kind == GRIDWL_VIEW_X11_UNMANAGED ||
			view->kind == GRIDWL_VIEW_IM_POPUP || surface == NULL ||
			previous == surface ||
			(view->kind == GRIDWL_VIEW_LAYER_SURFACE &&
					!gridwl_layer_accepts_keyboard(view))) {
		return;
	}
	// A screen locker or launcher holding the keyboard keeps it.
	struct gridwl_view *exclusive = gridwl_layer_keyboard_exclusive(server);
	if (exclusive != NULL && exclusive != view) {
		return;
	}
	struct gridwl_view *previous_view =
			previous != NULL ? gridwl_view_from_surface(previous) : NULL;
	// The keyboard is on one of the window's own menus: a click into the
	// menu keeps it there.
	if (previous_view == view) {
		return;
	}
	// Activating a minimized window (a taskbar's button, xdg-activation,
	// gridctl focus, focus cycling) restores it.
	gridwl_view_set_minimized(view, false);
	// An open menu of another window would swallow the focus change.
	gridwl_popup_dismiss_grab(server, view);
	if (previous_view != NULL &&
			previous_view->kind != GRIDWL_VIEW_X11_UNMANAGED) {
		previous_view->impl->set_activated(previous_view, false);
	}
	// Panels keep their place in the stack.
	if (view->kind != GRIDWL_VIEW_LAYER_SURFACE) {
		gridwl_view_bring_to_front(view);
	}
	view->impl->set_activated(view, true);
	gridwl_seat_focus_surface(server->seat, surface);
	gridwl_seat_schedule_pointer_rebase(server->seat);
}

bool gridwl_view_is_focused(struct gridwl_view *view) {
	struct wlr_surface *surface = gridwl_view_surface(view);
	struct wlr_surface *focused =
			view->server->seat->wlr_seat->keyboard_state.focused_surface;
	// The keyboard on one of its menus still counts as the window's.
	return view->mapped && surface != NULL && focused != NULL &&
			gridwl_view_from_surface(focused) == view;
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
		output = gridwl_view_home(view);
	}
	if (output == NULL) {
		output = view_output(view);
	}
	if (output == NULL) {
		return;
	}
	// Fullscreen covers the panels; maximized leaves them their room.
	struct wlr_box box = view->fullscreen ? gridwl_output_logical_box(output) :
											gridwl_output_usable_box(output);
	box = gridwl_view_frame_inset(view, box);
	if (view->mapped) {
		gridwl_view_move(view, box.x, box.y);
	} else {
		view->x = box.x;
		view->y = box.y;
	}
	// After the move: X11 windows are told their position with their size.
	view_set_size(view, box.width, box.height);
}

void gridwl_view_set_fullscreen(struct gridwl_view *view, bool fullscreen,
		struct wlr_output *wlr_output) {
	wl_list_remove(&view->fullscreen_output_destroy.link);
	wl_list_init(&view->fullscreen_output_destroy.link);
	view->fullscreen_output = NULL;
	if (fullscreen && !view->fullscreen && !view->maximized) {
		view->restore = gridwl_view_box(view);
	}
	if (fullscreen) {
		gridwl_view_set_minimized(view, false);
	}
	view->fullscreen = fullscreen;
	view->impl->set_fullscreen(view, fullscreen);
	gridwl_view_update_tiled(view);
	gridwl_foreign_toplevel_update_state(view);
	// Over the top layer while fullscreen and focused, back among the
	// windows after.
	view->above_panels = fullscreen && gridwl_view_is_focused(view);
	gridwl_view_raise(view);
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
		gridwl_view_move(view, view->restore.x, view->restore.y);
		view_set_size(view, view->restore.width, view->restore.height);
	}
}

void gridwl_view_set_maximized(struct gridwl_view *view, bool maximized) {
	if (maximized && !view->fullscreen && !view->maximized) {
		view->restore = gridwl_view_box(view);
	}
	if (maximized) {
		gridwl_view_set_minimized(view, false);
	}
	view->maximized = maximized;
	view->impl->set_maximized(view, maximized);
	gridwl_view_update_tiled(view);
	gridwl_foreign_toplevel_update_state(view);
	if (view->fullscreen) {
		return;
	}
	if (maximized) {
		view_fit(view);
	} else {
		gridwl_view_move(view, view->restore.x, view->restore.y);
		view_set_size(view, view->restore.width, view->restore.height);
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
	// Panels first: they decide the usable areas maximized windows fill.
	gridwl_layers_arrange(server);
	gridwl_session_lock_arrange(server);
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (view->fullscreen || view->maximized) {
			view->stranded = false;
			view_fit(view);
		} else if (view->snap != GRIDWL_SNAP_NONE && view->mapped) {
			view->stranded = false;
			gridwl_view_snap_fit(view);
		} else if (view->mapped &&
				(gridwl_view_is_window(view) ||
						view->kind == GRIDWL_VIEW_X11_UNMANAGED)) {
			gridwl_view_follow_home(view);
			gridwl_view_settle_stranded(view, gridwl_view_main_output(view));
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
				// Its output went away or shrank: bring the window back
				// onto it, or onto the nearest one, keeping its size.
				struct gridwl_output *target = gridwl_view_home(view);
				if (target == NULL) {
					target = view_output(view);
				}
				if (target != NULL) {
					view_bring_onto(view, target);
				}
			}
		}
		gridwl_view_update_outputs(view);
	}
	gridwl_seat_schedule_pointer_rebase(server->seat);
}

void gridwl_view_init(struct gridwl_view *view, struct gridwl_server *server,
		enum gridwl_view_kind kind, const struct gridwl_view_impl *impl) {
	view->server = server;
	view->kind = kind;
	view->impl = impl;
	view->id = ++server->next_view_id;
	wl_array_init(&view->presented);
	wl_array_init(&view->covers);
	wl_list_init(&view->fullscreen_output_destroy.link);
	view->fullscreen_output_destroy.notify = fullscreen_output_destroy;
	wl_list_insert(&server->views, &view->link);
	gridwl_view_raise(view);
}

void gridwl_view_finish(struct gridwl_view *view) {
	if (view->mapped) {
		gridwl_view_unmap(view);
	}
	wl_list_remove(&view->fullscreen_output_destroy.link);
	gridwl_view_forget_home(view);
	gridwl_view_decoration_finish(view);
	wl_array_release(&view->presented);
	gridwl_occluders_finish(view);
	wl_list_remove(&view->link);
}

static void view_remember_geometry(struct gridwl_view *view) {
	view->impl->get_geometry(view, &view->geometry);
	view->geometry_implicit = view->kind == GRIDWL_VIEW_XDG_TOPLEVEL &&
			wlr_box_empty(&view->xdg_surface->current.geometry);
}

/* Without a geometry of the client's, the window geometry is the extent of
 * its surfaces, and a subsurface moving out past the main surface (or back)
 * moves its origin. The surfaces stay where they are on screen, as they
 * would with nothing but the subsurface changing; a geometry the client
 * set is what stays put, as everywhere else. */
void gridwl_view_geometry_committed(struct gridwl_view *view) {
	struct wlr_box previous = view->geometry;
	bool was_implicit = view->geometry_implicit;
	view_remember_geometry(view);
	if (!was_implicit || !view->geometry_implicit || view->fullscreen ||
			view->maximized) {
		return;
	}
	int dx = view->geometry.x - previous.x;
	int dy = view->geometry.y - previous.y;
	if (dx != 0 || dy != 0) {
		view->x += dx;
		view->y += dy;
	}
}

/* Where new windows open. */
static struct gridwl_output *output_under_pointer(
		struct gridwl_server *server) {
	return gridwl_output_at(server, server->seat->cursor->x,
			server->seat->cursor->y);
}

void gridwl_view_prefer_initial_scale(struct gridwl_view *view) {
	struct gridwl_server *server = view->server;
	// Where gridwl_view_map will put it: its home when fullscreen or
	// maximized picked one, else the output under the pointer.
	struct gridwl_output *output = gridwl_view_home(view);
	if (output == NULL) {
		output = output_under_pointer(server);
	}
	struct wlr_surface *surface = gridwl_view_surface(view);
	if (output != NULL && surface != NULL) {
		gridwl_surface_prefer_scale(surface, output->scale120,
				output->wlr_output->transform);
	}
}

void gridwl_view_map(struct gridwl_view *view) {
	struct gridwl_server *server = view->server;
	view->mapped = true;
	if (!view->fullscreen && !view->maximized &&
			view->kind != GRIDWL_VIEW_X11_UNMANAGED) {
		struct gridwl_output *output = output_under_pointer(server);
		// Centred frame and all (an X11 window's is decided here).
		gridwl_view_update_decoration(view);
		if (output != NULL) {
			struct wlr_box ob = gridwl_output_logical_box(output);
			gridwl_view_frame_center(view, &ob, &view->x, &view->y);
		}
		if (view->impl->moved != NULL) {
			view->impl->moved(view);
		}
	}
	view->last_bounds = gridwl_view_bounds(view);
	view_remember_geometry(view);
	gridwl_view_pick_home(view);
	gridwl_view_apply_rules(view);
	gridwl_view_place_by_rules(view);
	gridwl_view_take_workspace(view);
	// Before its focus, so that subscribers hear of it first.
	gridwl_subscribe_window(server, view, "new");
	gridwl_view_damage_whole(view);
	gridwl_view_update_outputs(view);
	// A rule may have opened it on a workspace not shown: it waits there.
	if (!gridwl_view_hidden_by_workspace(view)) {
		gridwl_view_focus(view);
	}
	gridwl_foreign_toplevel_map(view);
	gridwl_seat_schedule_pointer_rebase(server->seat);
	wlr_log(WLR_DEBUG, "Window %u (%s) mapped at %d,%d", view->id,
			gridwl_view_app_id(view), view->x, view->y);
	wl_signal_emit(&server->events.view_map, view);
	if (gridwl_view_is_window(view)) {
		gridwl_workspaces_changed(server);
	}
}

void gridwl_view_unmap(struct gridwl_view *view) {
	// Closed before it leaves its outputs: a taskbar sees it go at once.
	gridwl_foreign_toplevel_unmap(view);
	gridwl_view_damage_whole(view);
	view->mapped = false;
	// Mapped again, it is shown.
	view->minimized = false;
	gridwl_view_forget_home(view);
	// Leaves every output and frees its resampled copies: an unmapped
	// window is on no output.
	gridwl_view_update_outputs(view);
	gridwl_seat_view_unmapped(view->server->seat, view);
	gridwl_seat_schedule_pointer_rebase(view->server->seat);
	if (gridwl_view_is_window(view)) {
		gridwl_switcher_view_unmapped(view->server->switcher, view);
		gridwl_workspaces_changed(view->server);
		gridwl_subscribe_window(view->server, view, "close");
	}
}

struct gridwl_view *gridwl_view_at(struct gridwl_server *server, double lx,
		double ly, struct wlr_surface **surface, double *sx, double *sy) {
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (!gridwl_view_is_shown(view)) {
			continue;
		}
		int ox, oy;
		view_surface_origin(view, &ox, &oy);
		struct wlr_surface *found =
				view->impl->surface_at(view, lx - ox, ly - oy, sx, sy);
		if (found != NULL) {
			*surface = found;
			return view;
		}
		// A frame hides what is below it (input/decoration_input.c).
		if (gridwl_view_frame_contains(view, lx, ly)) {
			return NULL;
		}
	}
	return NULL;
}

void gridwl_view_surface_origin(struct gridwl_view *view, int *x, int *y) {
	view_surface_origin(view, x, y);
}

struct locate_data {
	struct wlr_surface *target;
	bool found;
	int sx, sy;
};

static void locate_surface(struct wlr_surface *surface, int sx, int sy,
		void *data) {
	struct locate_data *locate = data;
	if (surface == locate->target) {
		locate->found = true;
		locate->sx = sx;
		locate->sy = sy;
	}
}

bool gridwl_view_surface_position(struct gridwl_view *view,
		struct wlr_surface *surface, int *lx, int *ly) {
	struct locate_data locate = { .target = surface };
	gridwl_view_for_each_surface(view, locate_surface, &locate);
	if (!locate.found) {
		return false;
	}
	int ox, oy;
	view_surface_origin(view, &ox, &oy);
	*lx = ox + locate.sx;
	*ly = oy + locate.sy;
	return true;
}

enum gridwl_filter gridwl_view_filter_on(struct gridwl_view *view,
		struct gridwl_output *output) {
	if (view->has_rule_filter) {
		return view->rule_filter;
	}
	if (output == NULL) {
		output = gridwl_view_main_output(view);
	}
	// Where the view is on no output, the outputs' default.
	return output != NULL ? output->filter : GRIDWL_FILTER_NEAREST;
}

struct gridwl_window_identity gridwl_view_identity(struct gridwl_view *view) {
	// An X11 window's app_id is its class; rules with app_id= match it
	// too, class= only X11 windows.
	return (struct gridwl_window_identity){
		.app_id = view->impl->get_app_id(view),
		.title = view->impl->get_title(view),
		.x11_class = view->impl->get_x11_class(view),
	};
}

void gridwl_view_apply_rules(struct gridwl_view *view) {
	gridwl_view_update_decoration(view);
	struct gridwl_window_identity identity = gridwl_view_identity(view);
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
				gridwl_view_app_id(view),
				has_filter ? gridwl_filter_name(filter) : "of its outputs");
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
