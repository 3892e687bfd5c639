#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/util/log.h>
#include <wlr/xwayland.h>
#include "compositor/control/subscribe.h"
#include "compositor/server.h"
#include "compositor/services/foreign_toplevel.h"
#include "compositor/shell/xwayland.h"
#include "compositor/shell/xwayland_scale.h"
#include "compositor/view/view.h"
#include "input/seat.h"
#include "wlr_compat/wlr_compat.h"

/*
 * An X11 window as a gridwl_view. Xwayland's surfaces are buffers at the
 * Xwayland scale N (1 with "xwayland scale 1"), drawn like any buffer at
 * that scale. X11 coordinates are the layout's logical ones times N:
 * Xwayland lays its screen out from the xdg-output gridwl shows it
 * (compositor/shell/xwayland_scale.h has the rounding rule).
 */
struct gridwl_xwayland_view {
	struct gridwl_view view;
	// On the wl_surface, while the window has one (between associate and
	// dissociate).
	struct wl_listener map;
	struct wl_listener unmap;
	struct wl_listener associate;
	struct wl_listener dissociate;
	struct wl_listener destroy;
	struct wl_listener request_configure;
	struct wl_listener request_move;
	struct wl_listener request_resize;
	struct wl_listener request_maximize;
	struct wl_listener request_minimize;
	struct wl_listener request_fullscreen;
	struct wl_listener request_activate;
	struct wl_listener set_title;
	struct wl_listener set_class;
	struct wl_listener set_override_redirect;
	struct wl_listener set_geometry;
	struct wl_listener set_decorations;
};

/* X pixels per logical pixel. */
static int x_scale(struct gridwl_view *view) {
	return gridwl_xwayland_scale(view->server->xwayland);
}

static int x_to_logical(struct gridwl_view *view, int x) {
	return gridwl_xwayland_to_logical(x, x_scale(view));
}

/* Tells the X11 window its place and size, both logical. */
static void x_configure(struct gridwl_view *view, int width, int height) {
	int n = x_scale(view);
	wlr_xwayland_surface_configure(view->xwayland_surface, view->x * n,
			view->y * n, gridwl_xwayland_size_to_x(width, n),
			gridwl_xwayland_size_to_x(height, n));
}

static struct wlr_surface *xwl_get_surface(struct gridwl_view *view) {
	return view->xwayland_surface->surface;
}

static void xwl_get_geometry(struct gridwl_view *view,
		struct wlr_box *geometry) {
	struct wlr_xwayland_surface *xsurface = view->xwayland_surface;
	// What the surface shows is what is on screen; the X11 size leads it
	// by a commit after a configure.
	int n = x_scale(view);
	*geometry = (struct wlr_box){
		.width = gridwl_xwayland_size_to_logical(xsurface->width, n),
		.height = gridwl_xwayland_size_to_logical(xsurface->height, n),
	};
	if (xsurface->surface != NULL && xsurface->surface->current.width > 0) {
		geometry->width = xsurface->surface->current.width;
		geometry->height = xsurface->surface->current.height;
	}
}

static void xwl_for_each_surface(struct gridwl_view *view,
		gridwl_surface_iterator_t iterator, void *data) {
	struct wlr_surface *surface = view->xwayland_surface->surface;
	if (surface != NULL) {
		wlr_surface_for_each_surface(surface, iterator, data);
	}
}

static struct wlr_surface *xwl_surface_at(struct gridwl_view *view, double sx,
		double sy, double *sub_x, double *sub_y) {
	struct wlr_surface *surface = view->xwayland_surface->surface;
	return surface != NULL ?
			wlr_surface_surface_at(surface, sx, sy, sub_x, sub_y) :
			NULL;
}

static const char *xwl_get_class(struct gridwl_view *view) {
	return view->xwayland_surface->class;
}

static const char *xwl_get_title(struct gridwl_view *view) {
	return view->xwayland_surface->title;
}

/* Override-redirect windows (menus, tooltips) place themselves. */
static enum gridwl_view_kind x11_kind(struct wlr_xwayland_surface *xsurface) {
	return xsurface->override_redirect ? GRIDWL_VIEW_X11_UNMANAGED :
										 GRIDWL_VIEW_X11_MANAGED;
}

/* X11 windows are told their position with every size: clients place
 * their menus from it. */
static void xwl_set_size(struct gridwl_view *view, int width, int height) {
	if (view->kind == GRIDWL_VIEW_X11_UNMANAGED || width <= 0 || height <= 0) {
		return;
	}
	x_configure(view, width, height);
}

static void xwl_moved(struct gridwl_view *view) {
	struct wlr_xwayland_surface *xsurface = view->xwayland_surface;
	if (view->kind == GRIDWL_VIEW_X11_UNMANAGED || xsurface->width <= 0 ||
			xsurface->height <= 0) {
		return;
	}
	// The size stays in X pixels, as the window has it.
	int n = x_scale(view);
	wlr_xwayland_surface_configure(xsurface, view->x * n, view->y * n,
			xsurface->width, xsurface->height);
}

static void xwl_set_activated(struct gridwl_view *view, bool activated) {
	struct wlr_xwayland_surface *xsurface = view->xwayland_surface;
	wlr_xwayland_surface_activate(xsurface, activated);
	if (activated) {
		wlr_xwayland_surface_restack(xsurface, NULL, XCB_STACK_MODE_ABOVE);
	}
}

static void xwl_set_fullscreen(struct gridwl_view *view, bool fullscreen) {
	wlr_xwayland_surface_set_fullscreen(view->xwayland_surface, fullscreen);
}

static void xwl_set_maximized(struct gridwl_view *view, bool maximized) {
	wlr_xwayland_surface_set_maximized(view->xwayland_surface, maximized);
}

/* WM_STATE IconicState and _NET_WM_STATE_HIDDEN, as ICCCM and EWMH have
 * it, so the program knows it is not seen. */
static void xwl_set_minimized(struct gridwl_view *view, bool minimized) {
	wlr_xwayland_surface_set_minimized(view->xwayland_surface, minimized);
}

static void xwl_close(struct gridwl_view *view) {
	wlr_xwayland_surface_close(view->xwayland_surface);
}

static const struct gridwl_view_impl xwayland_view_impl = {
	.get_surface = xwl_get_surface,
	.get_geometry = xwl_get_geometry,
	.for_each_surface = xwl_for_each_surface,
	.surface_at = xwl_surface_at,
	// X11 has no app_id; the class is what names the program.
	.get_app_id = xwl_get_class,
	.get_title = xwl_get_title,
	.get_x11_class = xwl_get_class,
	.set_size = xwl_set_size,
	.moved = xwl_moved,
	.set_activated = xwl_set_activated,
	.set_fullscreen = xwl_set_fullscreen,
	.set_maximized = xwl_set_maximized,
	.set_minimized = xwl_set_minimized,
	.set_resizing = NULL, // X11 has no resizing state
	.close = xwl_close,
};

static void handle_map(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, map);
	struct gridwl_view *view = &xwl_view->view;
	struct wlr_xwayland_surface *xsurface = view->xwayland_surface;
	view->kind = x11_kind(xsurface);
	if (view->kind == GRIDWL_VIEW_X11_UNMANAGED) {
		view->x = x_to_logical(view, xsurface->x);
		view->y = x_to_logical(view, xsurface->y);
		// A menu opens over the window it belongs to; it takes no focus,
		// so focusing does not raise it.
		gridwl_view_raise(view);
	}
	gridwl_view_map(view);
}

static void handle_unmap(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, unmap);
	gridwl_view_unmap(&xwl_view->view);
}

/* The window has its wl_surface: it maps and unmaps with it. */
static void handle_associate(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, associate);
	struct wlr_surface *surface = xwl_view->view.xwayland_surface->surface;
	wl_signal_add(&surface->events.map, &xwl_view->map);
	wl_signal_add(&surface->events.unmap, &xwl_view->unmap);
	gridwl_compat_xwayland_map_associated(xwl_view->view.xwayland_surface);
}

/* After the unmap, if the window was mapped. */
static void handle_dissociate(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, dissociate);
	wl_list_remove(&xwl_view->map.link);
	wl_list_init(&xwl_view->map.link);
	wl_list_remove(&xwl_view->unmap.link);
	wl_list_init(&xwl_view->unmap.link);
}

static void handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, destroy);
	wl_list_remove(&xwl_view->map.link);
	wl_list_remove(&xwl_view->unmap.link);
	wl_list_remove(&xwl_view->associate.link);
	wl_list_remove(&xwl_view->dissociate.link);
	wl_list_remove(&xwl_view->destroy.link);
	wl_list_remove(&xwl_view->request_configure.link);
	wl_list_remove(&xwl_view->request_move.link);
	wl_list_remove(&xwl_view->request_resize.link);
	wl_list_remove(&xwl_view->request_maximize.link);
	wl_list_remove(&xwl_view->request_minimize.link);
	wl_list_remove(&xwl_view->request_fullscreen.link);
	wl_list_remove(&xwl_view->request_activate.link);
	wl_list_remove(&xwl_view->set_title.link);
	wl_list_remove(&xwl_view->set_class.link);
	wl_list_remove(&xwl_view->set_override_redirect.link);
	wl_list_remove(&xwl_view->set_geometry.link);
	wl_list_remove(&xwl_view->set_decorations.link);
	gridwl_view_finish(&xwl_view->view);
	xwl_view->view.xwayland_surface->data = NULL;
	free(xwl_view);
}

/* Every ConfigureRequest gets a configure back, or the client may wait for
 * it; where gridwl decides the geometry, the answer is gridwl's. */
static void handle_request_configure(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, request_configure);
	struct gridwl_view *view = &xwl_view->view;
	struct wlr_xwayland_surface_configure_event *event = data;
	// Sizes are rounded up to whole logical pixels, so the window has
	// no X pixel that is not shown.
	int n = x_scale(view);
	int width = (event->width + n - 1) / n;
	int height = (event->height + n - 1) / n;
	if (!view->mapped) {
		view->x = x_to_logical(view, event->x);
		view->y = x_to_logical(view, event->y);
		x_configure(view, width, height);
		return;
	}
	if (view->fullscreen || view->maximized) {
		xwl_moved(view);
		return;
	}
	// A window that asks to move itself (a program restoring its place,
	// xdotool windowmove) is a floating window here, as under any X11
	// window manager that does not tile: it goes where it asks.
	int x = x_to_logical(view, event->x), y = x_to_logical(view, event->y);
	if ((event->mask & (XCB_CONFIG_WINDOW_X | XCB_CONFIG_WINDOW_Y)) &&
			(x != view->x || y != view->y)) {
		gridwl_view_move(view, x, y);
	}
	xwl_set_size(view, width, height);
}

static void handle_request_move(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, request_move);
	if (xwl_view->view.mapped) {
		gridwl_seat_begin_move(xwl_view->view.server->seat, &xwl_view->view);
	}
}

static void handle_request_resize(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, request_resize);
	struct wlr_xwayland_resize_event *event = data;
	if (xwl_view->view.mapped) {
		gridwl_seat_begin_resize(xwl_view->view.server->seat, &xwl_view->view,
				event->edges);
	}
}

static void handle_request_maximize(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, request_maximize);
	struct wlr_xwayland_surface *xsurface = xwl_view->view.xwayland_surface;
	gridwl_view_set_maximized(&xwl_view->view,
			xsurface->maximized_horz && xsurface->maximized_vert);
}

/* WM_CHANGE_STATE IconicState or _NET_WM_STATE_HIDDEN (iconify), and
 * their way back. */
static void handle_request_minimize(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, request_minimize);
	struct wlr_xwayland_minimize_event *event = data;
	if (event->minimize) {
		gridwl_view_set_minimized(&xwl_view->view, true);
	} else {
		gridwl_view_focus(&xwl_view->view);
	}
}

static void handle_request_fullscreen(struct wl_listener *listener,
		void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, request_fullscreen);
	gridwl_view_set_fullscreen(&xwl_view->view,
			xwl_view->view.xwayland_surface->fullscreen, NULL);
}

static void handle_request_activate(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, request_activate);
	if (xwl_view->view.mapped) {
		gridwl_view_focus(&xwl_view->view);
	}
}

static void handle_set_title(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, set_title);
	gridwl_view_apply_rules(&xwl_view->view);
	gridwl_view_damage_title(&xwl_view->view);
	gridwl_foreign_toplevel_update_identity(&xwl_view->view);
	if (xwl_view->view.mapped) {
		gridwl_subscribe_window(xwl_view->view.server, &xwl_view->view,
				"title");
	}
}

static void handle_set_class(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, set_class);
	gridwl_view_apply_rules(&xwl_view->view);
	gridwl_foreign_toplevel_update_identity(&xwl_view->view);
}

/* Motif hints: whether gridwl frames it (compositor/shell/decoration.c). */
static void handle_set_decorations(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, set_decorations);
	gridwl_view_update_decoration(&xwl_view->view);
}

static void handle_set_override_redirect(struct wl_listener *listener,
		void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, set_override_redirect);
	// Only while unmapped matters: map reads it again.
	if (!xwl_view->view.mapped) {
		xwl_view->view.kind = x11_kind(xwl_view->view.xwayland_surface);
	}
}

/* Menus and tooltips move themselves; managed windows are where gridwl
 * configured them. */
static void handle_set_geometry(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_view *xwl_view =
			wl_container_of(listener, xwl_view, set_geometry);
	struct gridwl_view *view = &xwl_view->view;
	struct wlr_xwayland_surface *xsurface = view->xwayland_surface;
	if (view->kind != GRIDWL_VIEW_X11_UNMANAGED) {
		return;
	}
	int x = x_to_logical(view, xsurface->x),
		y = x_to_logical(view, xsurface->y);
	if (!view->mapped) {
		view->x = x;
		view->y = y;
		return;
	}
	if (x != view->x || y != view->y) {
		gridwl_view_move(view, x, y);
	}
}

void gridwl_xwayland_view_create(struct gridwl_server *server,
		struct wlr_xwayland_surface *xsurface) {
	struct gridwl_xwayland_view *xwl_view = calloc(1, sizeof(*xwl_view));
	if (xwl_view == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a new X11 window");
		return;
	}
	struct gridwl_view *view = &xwl_view->view;
	view->xwayland_surface = xsurface;
	gridwl_view_init(view, server, x11_kind(xsurface), &xwayland_view_impl);
	view->x = x_to_logical(view, xsurface->x);
	view->y = x_to_logical(view, xsurface->y);
	xsurface->data = view;

	struct {
		struct wl_signal *signal;
		struct wl_listener *listener;
		wl_notify_func_t notify;
	} listeners[] = {
		{ &xsurface->events.associate, &xwl_view->associate, handle_associate },
		{ &xsurface->events.dissociate, &xwl_view->dissociate,
				handle_dissociate },
		{ &xsurface->events.destroy, &xwl_view->destroy, handle_destroy },
		{ &xsurface->events.request_configure, &xwl_view->request_configure,
				handle_request_configure },
		{ &xsurface->events.request_move, &xwl_view->request_move,
				handle_request_move },
		{ &xsurface->events.request_resize, &xwl_view->request_resize,
				handle_request_resize },
		{ &xsurface->events.request_maximize, &xwl_view->request_maximize,
				handle_request_maximize },
		{ &xsurface->events.request_minimize, &xwl_view->request_minimize,
				handle_request_minimize },
		{ &xsurface->events.request_fullscreen, &xwl_view->request_fullscreen,
				handle_request_fullscreen },
		{ &xsurface->events.request_activate, &xwl_view->request_activate,
				handle_request_activate },
		{ &xsurface->events.set_title, &xwl_view->set_title, handle_set_title },
		{ &xsurface->events.set_class, &xwl_view->set_class, handle_set_class },
		{ &xsurface->events.set_override_redirect,
				&xwl_view->set_override_redirect,
				handle_set_override_redirect },
		{ &xsurface->events.set_geometry, &xwl_view->set_geometry,
				handle_set_geometry },
		{ &xsurface->events.set_decorations, &xwl_view->set_decorations,
				handle_set_decorations },
	};
	for (size_t i = 0; i < sizeof(listeners) / sizeof(listeners[0]); i++) {
		listeners[i].listener->notify = listeners[i].notify;
		wl_signal_add(listeners[i].signal, listeners[i].listener);
	}
	xwl_view->map.notify = handle_map;
	wl_list_init(&xwl_view->map.link);
	xwl_view->unmap.notify = handle_unmap;
	wl_list_init(&xwl_view->unmap.link);
}
