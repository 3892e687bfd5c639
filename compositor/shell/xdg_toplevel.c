#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include "compositor/control/subscribe.h"
#include "compositor/server.h"
#include "compositor/services/foreign_toplevel.h"
#include "compositor/view/view.h"
#include "input/seat.h"

/* An xdg toplevel as a gridwl_view. */
struct gridwl_xdg_view {
	struct gridwl_view view;
	struct wl_listener commit;
	struct wl_listener map;
	struct wl_listener unmap;
	struct wl_listener destroy;
	struct wl_listener request_move;
	struct wl_listener request_resize;
	struct wl_listener request_maximize;
	struct wl_listener request_minimize;
	struct wl_listener request_fullscreen;
	struct wl_listener set_app_id;
	struct wl_listener set_title;
	struct wl_listener set_parent;
	// Whether the first commit came: wlroots announces the toplevel when it
	// is made, 0.15 did at that commit.
	bool initialized;
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

/* The view lives as long as the toplevel role object: it is never NULL
 * here. */
static struct wlr_xdg_toplevel *view_toplevel(struct gridwl_view *view) {
	return view->xdg_surface->toplevel;
}

static const char *xdg_get_app_id(struct gridwl_view *view) {
	return view_toplevel(view)->app_id;
}

static const char *xdg_get_title(struct gridwl_view *view) {
	return view_toplevel(view)->title;
}

static const char *xdg_get_x11_class(struct gridwl_view *view) {
	return NULL;
}

static void xdg_set_size(struct gridwl_view *view, int width, int height) {
	wlr_xdg_toplevel_set_size(view_toplevel(view), width, height);
}

static void xdg_set_activated(struct gridwl_view *view, bool activated) {
	wlr_xdg_toplevel_set_activated(view_toplevel(view), activated);
}

static void xdg_set_fullscreen(struct gridwl_view *view, bool fullscreen) {
	wlr_xdg_toplevel_set_fullscreen(view_toplevel(view), fullscreen);
}

static void xdg_set_maximized(struct gridwl_view *view, bool maximized) {
	wlr_xdg_toplevel_set_maximized(view_toplevel(view), maximized);
}

static void xdg_set_resizing(struct gridwl_view *view, bool resizing) {
	wlr_xdg_toplevel_set_resizing(view_toplevel(view), resizing);
}

static void xdg_set_tiled(struct gridwl_view *view, uint32_t edges) {
	struct wlr_xdg_toplevel *toplevel = view_toplevel(view);
	// The tiled states came with xdg_wm_base 2; wlroots asserts on less.
	if (wl_resource_get_version(toplevel->resource) >=
					XDG_TOPLEVEL_STATE_TILED_LEFT_SINCE_VERSION &&
			toplevel->scheduled.tiled != edges) {
		wlr_xdg_toplevel_set_tiled(toplevel, edges);
	}
}

static void xdg_close(struct gridwl_view *view) {
	wlr_xdg_toplevel_send_close(view_toplevel(view));
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
	.set_tiled = xdg_set_tiled,
	.close = xdg_close,
};

/* What wlroots 0.15 did on a toplevel's first commit, which the compositor
 * does itself from 0.17 on: the first configure, which honours the
 * set_fullscreen or set_maximized sent before that commit. After an unmap
 * (a commit without a buffer) the next commit is an initial one again and
 * is answered with a configure of the current state. */
static void handle_commit(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_view *xdg_view =
			wl_container_of(listener, xdg_view, commit);
	struct gridwl_view *view = &xdg_view->view;
	struct wlr_xdg_surface *xdg_surface = view->xdg_surface;
	if (!xdg_surface->initial_commit) {
		return;
	}
	struct wlr_xdg_toplevel *toplevel = xdg_surface->toplevel;
	if (!xdg_view->initialized) {
		xdg_view->initialized = true;
		// A floating rule keeps a program that opens maximized or
		// fullscreen at its own size; it may still ask later.
		bool floating = gridwl_view_rules_floating(view);
		if (toplevel->requested.fullscreen && !floating) {
			gridwl_view_set_fullscreen(view, true,
					toplevel->requested.fullscreen_output);
		} else if (toplevel->requested.maximized && !floating) {
			gridwl_view_set_maximized(view, true);
		}
	}
	// What gridwl does of what a client may ask (xdg_wm_base 5); no
	// window menu.
	if (wl_resource_get_version(toplevel->resource) >=
			XDG_TOPLEVEL_WM_CAPABILITIES_SINCE_VERSION) {
		wlr_xdg_toplevel_set_wm_capabilities(toplevel,
				WLR_XDG_TOPLEVEL_WM_CAPABILITIES_MAXIMIZE |
						WLR_XDG_TOPLEVEL_WM_CAPABILITIES_MINIMIZE |
						WLR_XDG_TOPLEVEL_WM_CAPABILITIES_FULLSCREEN);
	}
	gridwl_view_prefer_initial_scale(view);
	gridwl_view_decoration_initial_commit(view);
	wlr_xdg_surface_schedule_configure(xdg_surface);
}

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
	wl_list_remove(&xdg_view->commit.link);
	wl_list_remove(&xdg_view->map.link);
	wl_list_remove(&xdg_view->unmap.link);
	wl_list_remove(&xdg_view->destroy.link);
	wl_list_remove(&xdg_view->request_move.link);
	wl_list_remove(&xdg_view->request_resize.link);
	wl_list_remove(&xdg_view->request_maximize.link);
	wl_list_remove(&xdg_view->request_minimize.link);
	wl_list_remove(&xdg_view->request_fullscreen.link);
	wl_list_remove(&xdg_view->set_app_id.link);
	wl_list_remove(&xdg_view->set_title.link);
	wl_list_remove(&xdg_view->set_parent.link);
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
	// Before the first commit it is only recorded (in requested), as
	// wlroots 0.15 did: the initial configure honours it.
	if (!xdg_view->initialized) {
		return;
	}
	gridwl_view_set_maximized(&xdg_view->view,
			xdg_surface->toplevel->requested.maximized);
	// xdg-shell wants a configure in answer even when nothing changed.
	wlr_xdg_surface_schedule_configure(xdg_surface);
}

/* xdg-shell has no way back from it: the client is restored only by what
 * activates it (compositor/view/view_minimize.c). */
static void handle_request_minimize(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_view *xdg_view =
			wl_container_of(listener, xdg_view, request_minimize);
	gridwl_view_set_minimized(&xdg_view->view, true);
}

static void handle_request_fullscreen(struct wl_listener *listener,
		void *data) {
	struct gridwl_xdg_view *xdg_view =
			wl_container_of(listener, xdg_view, request_fullscreen);
	struct wlr_xdg_surface *xdg_surface = xdg_view->view.xdg_surface;
	if (!xdg_view->initialized) {
		return;
	}
	struct wlr_xdg_toplevel_requested *requested =
			&xdg_surface->toplevel->requested;
	gridwl_view_set_fullscreen(&xdg_view->view, requested->fullscreen,
			requested->fullscreen_output);
	wlr_xdg_surface_schedule_configure(xdg_surface);
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
	gridwl_view_damage_title(&xdg_view->view);
	gridwl_foreign_toplevel_update_identity(&xdg_view->view);
	if (xdg_view->view.mapped) {
		gridwl_subscribe_window(xdg_view->view.server, &xdg_view->view,
				"title");
	}
}

/* A window given a parent (a dialog, or an xdg-foreign import's child)
 * goes above it at once, as raising the parent would put it. */
static void handle_set_parent(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_view *xdg_view =
			wl_container_of(listener, xdg_view, set_parent);
	struct gridwl_view *view = &xdg_view->view;
	if (view->mapped && view_toplevel(view)->parent != NULL) {
		gridwl_view_raise(view);
		gridwl_view_damage_whole(view);
	}
}

void gridwl_view_handle_new_xdg_toplevel(struct gridwl_server *server,
		struct wlr_xdg_toplevel *toplevel) {
	struct wlr_xdg_surface *xdg_surface = toplevel->base;
	struct gridwl_xdg_view *xdg_view = calloc(1, sizeof(*xdg_view));
	if (xdg_view == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a new window");
		wl_resource_post_no_memory(toplevel->resource);
		return;
	}
	struct gridwl_view *view = &xdg_view->view;
	view->xdg_surface = xdg_surface;
	gridwl_view_init(view, server, GRIDWL_VIEW_XDG_TOPLEVEL, &xdg_view_impl);
	xdg_surface->data = view;

	// After gridwl_surface_track's listener, which counts the commit for
	// the view.
	xdg_view->commit.notify = handle_commit;
	wl_signal_add(&xdg_surface->surface->events.commit, &xdg_view->commit);
	xdg_view->map.notify = handle_map;
	wl_signal_add(&xdg_surface->surface->events.map, &xdg_view->map);
	xdg_view->unmap.notify = handle_unmap;
	wl_signal_add(&xdg_surface->surface->events.unmap, &xdg_view->unmap);
	// The toplevel role object, not the xdg_surface: the role can go first.
	xdg_view->destroy.notify = handle_destroy;
	wl_signal_add(&toplevel->events.destroy, &xdg_view->destroy);

	xdg_view->request_move.notify = handle_request_move;
	wl_signal_add(&toplevel->events.request_move, &xdg_view->request_move);
	xdg_view->request_resize.notify = handle_request_resize;
	wl_signal_add(&toplevel->events.request_resize, &xdg_view->request_resize);
	xdg_view->request_maximize.notify = handle_request_maximize;
	wl_signal_add(&toplevel->events.request_maximize,
			&xdg_view->request_maximize);
	xdg_view->request_minimize.notify = handle_request_minimize;
	wl_signal_add(&toplevel->events.request_minimize,
			&xdg_view->request_minimize);
	xdg_view->request_fullscreen.notify = handle_request_fullscreen;
	wl_signal_add(&toplevel->events.request_fullscreen,
			&xdg_view->request_fullscreen);
	xdg_view->set_app_id.notify = handle_set_app_id;
	wl_signal_add(&toplevel->events.set_app_id, &xdg_view->set_app_id);
	xdg_view->set_title.notify = handle_set_title;
	wl_signal_add(&toplevel->events.set_title, &xdg_view->set_title);
	xdg_view->set_parent.notify = handle_set_parent;
	wl_signal_add(&toplevel->events.set_parent, &xdg_view->set_parent);
}
