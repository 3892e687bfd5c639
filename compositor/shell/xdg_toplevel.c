#include <stdlib.h>
#include <wlr/types/wlr_surface.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include "compositor/services/foreign_toplevel.h"
#include "compositor/server.h"
#include "compositor/view.h"
#include "input/seat.h"

/* An xdg toplevel as a gridwl_view. */
struct gridwl_xdg_view {
	struct gridwl_view view;
	struct wl_listener map;
	struct wl_listener unmap;
	struct wl_listener destroy;
	struct wl_listener request_move;
	struct wl_listener request_resize;
	struct wl_listener request_maximize;
	struct wl_listener request_fullscreen;
	struct wl_listener set_app_id;
	struct wl_listener set_title;
};

static struct wlr_surface *xdg_get_surface(struct gridwl_view *view) {
	return view->xdg_surface->surface;
}

static void xdg_get_geometry(struct gridwl_view *view,
		struct wlr_box *geometry) {
	wlr_xdg_surface_get_geometry(view->xdg_surface, geometry);
}

static void xdg_for_each_surface(struct gridwl_view *view,
		gridwl_surface_iterator_t iterator, void *data) {
	wlr_xdg_surface_for_each_surface(view->xdg_surface, iterator, data);
}

static struct wlr_surface *xdg_surface_at(struct gridwl_view *view, double sx,
		double sy, double *sub_x, double *sub_y) {
	return wlr_xdg_surface_surface_at(view->xdg_surface, sx, sy, sub_x, sub_y);
}

static const char *xdg_get_app_id(struct gridwl_view *view) {
	return view->xdg_surface->toplevel->app_id;
}

static const char *xdg_get_title(struct gridwl_view *view) {
	return view->xdg_surface->toplevel->title;
}

static const char *xdg_get_x11_class(struct gridwl_view *view) {
	return NULL;
}

static void xdg_set_size(struct gridwl_view *view, int width, int height) {
	wlr_xdg_toplevel_set_size(view->xdg_surface, width, height);
}

static void xdg_set_activated(struct gridwl_view *view, bool activated) {
	wlr_xdg_toplevel_set_activated(view->xdg_surface, activated);
}

static void xdg_set_fullscreen(struct gridwl_view *view, bool fullscreen) {
	wlr_xdg_toplevel_set_fullscreen(view->xdg_surface, fullscreen);
}

static void xdg_set_maximized(struct gridwl_view *view, bool maximized) {
	wlr_xdg_toplevel_set_maximized(view->xdg_surface, maximized);
}

static void xdg_set_resizing(struct gridwl_view *view, bool resizing) {
	wlr_xdg_toplevel_set_resizing(view->xdg_surface, resizing);
}

static void xdg_close(struct gridwl_view *view) {
	wlr_xdg_toplevel_send_close(view->xdg_surface);
}

static const struct gridwl_view_impl xdg_view_impl = {
	.get_surface = xdg_get_surface,
	.get_geometry = xdg_get_geometry,
	.for_each_surface = xdg_for_each_surface,
	.surface_at = xdg_surface_at,
	.get_app_id = xdg_get_app_id,
	.get_title = xdg_get_title,
	.get_x11_class = xdg_get_x11_class,
	.set_size = xdg_set_size,
	.moved = NULL, // xdg clients never learn where they are
	.set_activated = xdg_set_activated,
	.set_fullscreen = xdg_set_fullscreen,
	.set_maximized = xdg_set_maximized,
	.set_resizing = xdg_set_resizing,
	.close = xdg_close,
};

static void handle_map(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_view *xdg_view = wl_container_of(listener, xdg_view, map);
	gridwl_view_map(&xdg_view->view);
}

static void handle_unmap(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_view *xdg_view =
			wl_container_of(listener, xdg_view, unmap);
	gridwl_view_unmap(&xdg_view->view);
}

static void handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_view *xdg_view =
			wl_container_of(listener, xdg_view, destroy);
	wl_list_remove(&xdg_view->map.link);
	wl_list_remove(&xdg_view->unmap.link);
	wl_list_remove(&xdg_view->destroy.link);
	wl_list_remove(&xdg_view->request_move.link);
	wl_list_remove(&xdg_view->request_resize.link);
	wl_list_remove(&xdg_view->request_maximize.link);
	wl_list_remove(&xdg_view->request_fullscreen.link);
	wl_list_remove(&xdg_view->set_app_id.link);
	wl_list_remove(&xdg_view->set_title.link);
	gridwl_view_finish(&xdg_view->view);
	xdg_view->view.xdg_surface->data = NULL;
	free(xdg_view);
}

static void handle_request_move(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_view *xdg_view =
			wl_container_of(listener, xdg_view, request_move);
	gridwl_seat_begin_move(xdg_view->view.server->seat, &xdg_view->view);
}

static void handle_request_resize(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_view *xdg_view =
			wl_container_of(listener, xdg_view, request_resize);
	struct wlr_xdg_toplevel_resize_event *event = data;
	gridwl_seat_begin_resize(xdg_view->view.server->seat, &xdg_view->view,
			event->edges);
}

static void handle_request_maximize(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_view *xdg_view =
			wl_container_of(listener, xdg_view, request_maximize);
	struct wlr_xdg_surface *xdg_surface = xdg_view->view.xdg_surface;
	gridwl_view_set_maximized(&xdg_view->view,
			xdg_surface->toplevel->requested.maximized);
	// xdg-shell wants a configure in answer even when nothing changed.
	wlr_xdg_surface_schedule_configure(xdg_surface);
}

static void handle_request_fullscreen(struct wl_listener *listener,
		void *data) {
	struct gridwl_xdg_view *xdg_view =
			wl_container_of(listener, xdg_view, request_fullscreen);
	struct wlr_xdg_toplevel_set_fullscreen_event *event = data;
	gridwl_view_set_fullscreen(&xdg_view->view, event->fullscreen,
			event->output);
	wlr_xdg_surface_schedule_configure(xdg_view->view.xdg_surface);
}

static void handle_set_app_id(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_view *xdg_view =
			wl_container_of(listener, xdg_view, set_app_id);
	gridwl_view_apply_rules(&xdg_view->view);
	gridwl_foreign_toplevel_update_identity(&xdg_view->view);
}

static void handle_set_title(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_view *xdg_view =
			wl_container_of(listener, xdg_view, set_title);
	gridwl_view_apply_rules(&xdg_view->view);
	gridwl_foreign_toplevel_update_identity(&xdg_view->view);
}

static struct gridwl_view *xdg_view_create(struct gridwl_server *server,
		struct wlr_xdg_surface *xdg_surface) {
	struct gridwl_xdg_view *xdg_view = calloc(1, sizeof(*xdg_view));
	if (xdg_view == NULL) {
		return NULL;
	}
	struct gridwl_view *view = &xdg_view->view;
	view->xdg_surface = xdg_surface;
	gridwl_view_init(view, server, GRIDWL_VIEW_XDG_TOPLEVEL, &xdg_view_impl);
	xdg_surface->data = view;

	xdg_view->map.notify = handle_map;
	wl_signal_add(&xdg_surface->events.map, &xdg_view->map);
	xdg_view->unmap.notify = handle_unmap;
	wl_signal_add(&xdg_surface->events.unmap, &xdg_view->unmap);
	xdg_view->destroy.notify = handle_destroy;
	wl_signal_add(&xdg_surface->events.destroy, &xdg_view->destroy);

	struct wlr_xdg_toplevel *toplevel = xdg_surface->toplevel;
	xdg_view->request_move.notify = handle_request_move;
	wl_signal_add(&toplevel->events.request_move, &xdg_view->request_move);
	xdg_view->request_resize.notify = handle_request_resize;
	wl_signal_add(&toplevel->events.request_resize, &xdg_view->request_resize);
	xdg_view->request_maximize.notify = handle_request_maximize;
	wl_signal_add(&toplevel->events.request_maximize,
			&xdg_view->request_maximize);
	xdg_view->request_fullscreen.notify = handle_request_fullscreen;
	wl_signal_add(&toplevel->events.request_fullscreen,
			&xdg_view->request_fullscreen);
	xdg_view->set_app_id.notify = handle_set_app_id;
	wl_signal_add(&toplevel->events.set_app_id, &xdg_view->set_app_id);
	xdg_view->set_title.notify = handle_set_title;
	wl_signal_add(&toplevel->events.set_title, &xdg_view->set_title);

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
	if (xdg_view_create(server, xdg_surface) == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a new window");
		wl_resource_post_no_memory(xdg_surface->resource);
	}
}
