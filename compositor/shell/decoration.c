#include <stdlib.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_server_decoration.h>
#include <wlr/types/wlr_xdg_decoration_v1.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/edges.h>
#include <wlr/util/log.h>
#include <wlr/xwayland/xwayland.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/shell/decoration.h"
#include "compositor/view/view.h"
#include "input/seat.h"

/* A client's zxdg_toplevel_decoration_v1. */
struct gridwl_xdg_decoration {
	struct wlr_xdg_toplevel_decoration_v1 *wlr_decoration;
	struct gridwl_view *view; // NULL once the view is gone
	// The mode last configured; NONE before the first.
	enum wlr_xdg_toplevel_decoration_v1_mode sent_mode;
	struct wl_listener request_mode;
	struct wl_listener destroy;
};

/* A client's org_kde_kwin_server_decoration, for a wl_surface that may
 * not have a window yet. */
struct gridwl_kde_decoration {
	struct wl_list link; // gridwl_decorations.kde_decorations
	struct wlr_server_decoration *wlr_decoration;
	struct wl_listener mode;
	struct wl_listener destroy;
};

static enum gridwl_decoration_mode config_default(
		struct gridwl_server *server) {
	return server->config->decorations == GRIDWL_DECORATIONS_CLIENT ?
			GRIDWL_DECORATIONS_CLIENT :
			GRIDWL_DECORATIONS_SERVER;
}

/* Chromium and other X11 programs that draw their own frame say so with
 * _MOTIF_WM_HINTS, which wlroots reports as both NO_BORDER and NO_TITLE. */
static bool x11_asks_no_frame(struct gridwl_view *view) {
	uint32_t none = WLR_XWAYLAND_SURFACE_DECORATIONS_NO_BORDER |
			WLR_XWAYLAND_SURFACE_DECORATIONS_NO_TITLE;
	return (view->xwayland_surface->decorations & none) == none;
}

static bool wants_frame(struct gridwl_view *view) {
	if (!gridwl_view_is_window(view)) {
		return false;
	}
	struct gridwl_window_identity identity = gridwl_view_identity(view);
	enum gridwl_decoration_mode rule;
	bool has_rule = gridwl_config_window_decorations(view->server->config,
			&identity, &rule);
	if (view->kind == GRIDWL_VIEW_X11_MANAGED) {
		return has_rule ? rule == GRIDWL_DECORATIONS_SERVER :
						  !x11_asks_no_frame(view);
	}
	switch (view->decoration_request) {
	case GRIDWL_DECORATION_REQUEST_UNKNOWN:
		return false;
	case GRIDWL_DECORATION_REQUEST_CLIENT:
		return has_rule && rule == GRIDWL_DECORATIONS_SERVER;
	case GRIDWL_DECORATION_REQUEST_ANY:
	case GRIDWL_DECORATION_REQUEST_SERVER:
		break;
	}
	return (has_rule ? rule : config_default(view->server)) ==
			GRIDWL_DECORATIONS_SERVER;
}

/* Configures the mode when it changed, or always (an answer to
 * request_mode is a configure even when the mode stays). */
static void send_xdg_mode(struct gridwl_view *view, bool always) {
	struct gridwl_xdg_decoration *deco = view->xdg_decoration;
	// Before the first commit the first configure carries it
	// (gridwl_view_decoration_initial_commit).
	if (deco == NULL || !view->xdg_surface->initialized) {
		return;
	}
	enum wlr_xdg_toplevel_decoration_v1_mode mode = view->decorated ?
			WLR_XDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE :
			WLR_XDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE;
	if (always || mode != deco->sent_mode) {
		deco->sent_mode = mode;
		wlr_xdg_toplevel_decoration_v1_set_mode(deco->wlr_decoration, mode);
	}
}

static void update_decoration(struct gridwl_view *view, bool answer) {
	bool decorated = wants_frame(view);
	if (decorated != view->decorated) {
		gridwl_view_damage_whole(view);
		view->decorated = decorated;
		gridwl_view_damage_whole(view);
		wlr_log(WLR_DEBUG, "Window %u (%s) %s", view->id,
				gridwl_view_app_id(view),
				decorated ? "decorated" : "not decorated");
	}
	if (view->kind == GRIDWL_VIEW_XDG_TOPLEVEL) {
		send_xdg_mode(view, answer);
	}
}

void gridwl_view_update_decoration(struct gridwl_view *view) {
	update_decoration(view, false);
}

static struct gridwl_kde_decoration *kde_decoration_for(
		struct gridwl_decorations *decorations, struct wlr_surface *surface) {
	struct gridwl_kde_decoration *kde;
	wl_list_for_each(kde, &decorations->kde_decorations, link) {
		if (kde->wlr_decoration->surface == surface) {
			return kde;
		}
	}
	return NULL;
}

static enum gridwl_decoration_request kde_request(
		struct gridwl_kde_decoration *kde) {
	return kde->wlr_decoration->mode ==
					WLR_SERVER_DECORATION_MANAGER_MODE_SERVER ?
			GRIDWL_DECORATION_REQUEST_SERVER :
			GRIDWL_DECORATION_REQUEST_CLIENT;
}

void gridwl_view_decoration_initial_commit(struct gridwl_view *view) {
	struct gridwl_decorations *decorations = view->server->decorations;
	// Qt makes its KDE decoration before the toplevel has its role: it is
	// found by the surface here.
	struct gridwl_kde_decoration *kde =
			kde_decoration_for(decorations, view->xdg_surface->surface);
	if (view->xdg_decoration == NULL && kde != NULL) {
		view->decoration_request = kde_request(kde);
	}
	view->decorated = wants_frame(view);
	struct gridwl_xdg_decoration *deco = view->xdg_decoration;
	if (deco != NULL) {
		deco->sent_mode = view->decorated ?
				WLR_XDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE :
				WLR_XDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE;
		wlr_xdg_toplevel_decoration_v1_set_mode(deco->wlr_decoration,
				deco->sent_mode);
	}
}

static void xdg_handle_request_mode(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_decoration *deco =
			wl_container_of(listener, deco, request_mode);
	if (deco->view == NULL) {
		return;
	}
	switch (deco->wlr_decoration->requested_mode) {
	case WLR_XDG_TOPLEVEL_DECORATION_V1_MODE_NONE:
		deco->view->decoration_request = GRIDWL_DECORATION_REQUEST_ANY;
		break;
	case WLR_XDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE:
		deco->view->decoration_request = GRIDWL_DECORATION_REQUEST_CLIENT;
		break;
	case WLR_XDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE:
		deco->view->decoration_request = GRIDWL_DECORATION_REQUEST_SERVER;
		break;
	}
	update_decoration(deco->view, true);
}

static void xdg_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_decoration *deco =
			wl_container_of(listener, deco, destroy);
	if (deco->view != NULL) {
		// Without the object the client draws its own frame again.
		deco->view->xdg_decoration = NULL;
		deco->view->decoration_request = GRIDWL_DECORATION_REQUEST_UNKNOWN;
		gridwl_view_update_decoration(deco->view);
	}
	wl_list_remove(&deco->request_mode.link);
	wl_list_remove(&deco->destroy.link);
	free(deco);
}

static void handle_new_xdg_decoration(struct wl_listener *listener,
		void *data) {
	struct wlr_xdg_toplevel_decoration_v1 *wlr_decoration = data;
	struct gridwl_view *view = wlr_decoration->toplevel->base->data;
	struct gridwl_xdg_decoration *deco = calloc(1, sizeof(*deco));
	if (deco == NULL) {
		wl_resource_post_no_memory(wlr_decoration->resource);
		return;
	}
	deco->wlr_decoration = wlr_decoration;
	deco->request_mode.notify = xdg_handle_request_mode;
	wl_signal_add(&wlr_decoration->events.request_mode, &deco->request_mode);
	deco->destroy.notify = xdg_handle_destroy;
	wl_signal_add(&wlr_decoration->events.destroy, &deco->destroy);
	// wlroots refuses a second object for one toplevel
	// (already_constructed), so a view has at most one.
	if (view != NULL && view->xdg_decoration == NULL) {
		deco->view = view;
		view->xdg_decoration = deco;
		view->decoration_request = GRIDWL_DECORATION_REQUEST_ANY;
		gridwl_view_update_decoration(view);
	}
}

static void kde_handle_mode(struct wl_listener *listener, void *data) {
	struct gridwl_kde_decoration *kde = wl_container_of(listener, kde, mode);
	struct gridwl_view *view =
			gridwl_view_from_surface(kde->wlr_decoration->surface);
	// The xdg object wins when a client has both.
	if (view != NULL && view->kind == GRIDWL_VIEW_XDG_TOPLEVEL &&
			view->xdg_decoration == NULL &&
			gridwl_view_surface(view) == kde->wlr_decoration->surface) {
		view->decoration_request = kde_request(kde);
		gridwl_view_update_decoration(view);
	}
}

static void kde_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_kde_decoration *kde = wl_container_of(listener, kde, destroy);
	wl_list_remove(&kde->link);
	wl_list_remove(&kde->mode.link);
	wl_list_remove(&kde->destroy.link);
	free(kde);
}

static void handle_new_kde_decoration(struct wl_listener *listener,
		void *data) {
	struct gridwl_decorations *decorations =
			wl_container_of(listener, decorations, new_kde_decoration);
	struct wlr_server_decoration *wlr_decoration = data;
	struct gridwl_kde_decoration *kde = calloc(1, sizeof(*kde));
	if (kde == NULL) {
		wl_resource_post_no_memory(wlr_decoration->resource);
		return;
	}
	kde->wlr_decoration = wlr_decoration;
	wl_list_insert(&decorations->kde_decorations, &kde->link);
	kde->mode.notify = kde_handle_mode;
	wl_signal_add(&wlr_decoration->events.mode, &kde->mode);
	kde->destroy.notify = kde_handle_destroy;
	wl_signal_add(&wlr_decoration->events.destroy, &kde->destroy);
	kde_handle_mode(&kde->mode, NULL);
}

/* Title bars show which window has the keyboard. */
static void handle_keyboard_focus(struct wl_listener *listener, void *data) {
	struct wlr_seat_keyboard_focus_change_event *event = data;
	struct wlr_surface *surfaces[] = { event->old_surface, event->new_surface };
	for (size_t i = 0; i < sizeof(surfaces) / sizeof(surfaces[0]); i++) {
		struct gridwl_view *view = surfaces[i] != NULL ?
				gridwl_view_from_surface(surfaces[i]) :
				NULL;
		if (view != NULL) {
			gridwl_view_damage_title(view);
		}
	}
}

static uint32_t kde_default_mode(struct gridwl_server *server) {
	return config_default(server) == GRIDWL_DECORATIONS_SERVER ?
			WLR_SERVER_DECORATION_MANAGER_MODE_SERVER :
			WLR_SERVER_DECORATION_MANAGER_MODE_CLIENT;
}

struct gridwl_decorations *gridwl_decorations_create(
		struct gridwl_server *server) {
	struct gridwl_decorations *decorations = calloc(1, sizeof(*decorations));
	if (decorations == NULL) {
		return NULL;
	}
	decorations->server = server;
	wl_list_init(&decorations->kde_decorations);
	decorations->xdg_manager =
			wlr_xdg_decoration_manager_v1_create(server->display);
	decorations->kde_manager =
			wlr_server_decoration_manager_create(server->display);
	if (decorations->xdg_manager == NULL || decorations->kde_manager == NULL) {
		free(decorations);
		return NULL;
	}
	decorations->new_xdg_decoration.notify = handle_new_xdg_decoration;
	wl_signal_add(&decorations->xdg_manager->events.new_toplevel_decoration,
			&decorations->new_xdg_decoration);
	decorations->new_kde_decoration.notify = handle_new_kde_decoration;
	wl_signal_add(&decorations->kde_manager->events.new_decoration,
			&decorations->new_kde_decoration);
	decorations->keyboard_focus.notify = handle_keyboard_focus;
	wl_signal_add(&server->seat->wlr_seat->keyboard_state.events.focus_change,
			&decorations->keyboard_focus);
	gridwl_decorations_apply_config(decorations);
	return decorations;
}

void gridwl_decorations_destroy(struct gridwl_decorations *decorations) {
	if (decorations == NULL) {
		return;
	}
	wl_list_remove(&decorations->new_xdg_decoration.link);
	wl_list_remove(&decorations->new_kde_decoration.link);
	wl_list_remove(&decorations->keyboard_focus.link);
	gridwl_decoration_style_finish(&decorations->style);
	free(decorations);
}

void gridwl_decorations_apply_config(struct gridwl_decorations *decorations) {
	struct gridwl_server *server = decorations->server;
	struct gridwl_config *config = server->config;
	// Measured only if something asked for it; then the new font is
	// measured now, to fit the frames again if it changed.
	int title_height = gridwl_decoration_style_measured(&decorations->style) ?
			gridwl_decoration_style_title_height(&decorations->style) :
			0;
	gridwl_decoration_style_set(&decorations->style, config->decoration_font,
			config->has_decoration_colors ? &config->decoration_colors : NULL);
	wlr_server_decoration_manager_set_default_mode(decorations->kde_manager,
			kde_default_mode(server));
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		gridwl_view_update_decoration(view);
		if (view->decorated) {
			gridwl_view_damage_whole(view);
		}
	}
	// A new font height moves the frame's edges around the windows:
	// maximized ones are fitted again.
	if (title_height != 0 &&
			title_height !=
					gridwl_decoration_style_title_height(&decorations->style)) {
		gridwl_views_arrange(server);
	}
}

void gridwl_view_decoration_finish(struct gridwl_view *view) {
	if (view->xdg_decoration != NULL) {
		view->xdg_decoration->view = NULL;
		view->xdg_decoration = NULL;
	}
	gridwl_frame_cache_finish(&view->frame_cache);
}

bool gridwl_view_has_frame(struct gridwl_view *view) {
	return view->decorated && !view->fullscreen;
}

void gridwl_view_frame_margins(struct gridwl_view *view, int *left, int *top,
		int *right, int *bottom) {
	if (!gridwl_view_has_frame(view)) {
		*left = *top = *right = *bottom = 0;
		return;
	}
	int border = GRIDWL_FRAME_BORDER;
	*left = *right = *bottom = border;
	*top = border +
			gridwl_decoration_style_title_height(
					&view->server->decorations->style);
}

struct wlr_box gridwl_view_frame_box(struct gridwl_view *view) {
	struct wlr_box box = gridwl_view_box(view);
	int left, top, right, bottom;
	gridwl_view_frame_margins(view, &left, &top, &right, &bottom);
	return (struct wlr_box){
		.x = box.x - left,
		.y = box.y - top,
		.width = box.width + left + right,
		.height = box.height + top + bottom,
	};
}

void gridwl_view_frame_add_bounds(struct gridwl_view *view,
		pixman_region32_t *region) {
	if (gridwl_view_has_frame(view)) {
		struct wlr_box frame = gridwl_view_frame_box(view);
		pixman_region32_union_rect(region, region, frame.x, frame.y,
				frame.width, frame.height);
	}
}

bool gridwl_view_frame_contains(struct gridwl_view *view, double lx,
		double ly) {
	return gridwl_view_frame_part_at(view, lx, ly, NULL) != GRIDWL_FRAME_NONE;
}

struct wlr_box gridwl_view_frame_inset(struct gridwl_view *view,
		struct wlr_box area) {
	int left, top, right, bottom;
	gridwl_view_frame_margins(view, &left, &top, &right, &bottom);
	return (struct wlr_box){
		.x = area.x + left,
		.y = area.y + top,
		.width = area.width - left - right,
		.height = area.height - top - bottom,
	};
}

void gridwl_view_frame_center(struct gridwl_view *view,
		const struct wlr_box *area, int *x, int *y) {
	struct wlr_box box = gridwl_view_box(view);
	struct wlr_box frame = gridwl_view_frame_box(view);
	*x = area->x + (area->width - frame.width) / 2 + (box.x - frame.x);
	*y = area->y + (area->height - frame.height) / 2 + (box.y - frame.y);
}

void gridwl_view_damage_title(struct gridwl_view *view) {
	if (!view->mapped || !gridwl_view_has_frame(view)) {
		return;
	}
	struct wlr_box frame = gridwl_view_frame_box(view);
	frame.height = GRIDWL_FRAME_BORDER +
			gridwl_decoration_style_title_height(
					&view->server->decorations->style);
	gridwl_server_damage_logical_box(view->server, &frame);
}

/* Corners take this much of each edge next to them (logical pixels), so a
 * diagonal resize is not a pixel hunt. */
#define CORNER_REACH 16

enum gridwl_frame_part gridwl_view_frame_part_at(struct gridwl_view *view,
		double lx, double ly, uint32_t *edges_out) {
	uint32_t unused;
	uint32_t *edges = edges_out != NULL ? edges_out : &unused;
	*edges = WLR_EDGE_NONE;
	if (!view->mapped || !gridwl_view_has_frame(view)) {
		return GRIDWL_FRAME_NONE;
	}
	struct wlr_box frame = gridwl_view_frame_box(view);
	struct wlr_box box = gridwl_view_box(view);
	if (!wlr_box_contains_point(&frame, lx, ly) ||
			wlr_box_contains_point(&box, lx, ly)) {
		return GRIDWL_FRAME_NONE;
	}
	int border = GRIDWL_FRAME_BORDER;
	int title = gridwl_decoration_style_title_height(
			&view->server->decorations->style);
	double x = lx - frame.x, y = ly - frame.y;
	bool left = x < border, right = x >= frame.width - border;
	bool top = y < border, bottom = y >= frame.height - border;
	if (!left && !right && !top && !bottom) {
		// The title bar: the buttons are squares at its right end.
		double from_right = frame.width - border - x;
		if (from_right < title) {
			return GRIDWL_FRAME_CLOSE;
		}
		if (from_right < 2 * title) {
			return GRIDWL_FRAME_MAXIMIZE;
		}
		if (from_right < 3 * title) {
			return GRIDWL_FRAME_MINIMIZE;
		}
		return GRIDWL_FRAME_TITLE;
	}
	if (view->maximized) {
		// A maximized window is not resized by hand; its edges are title.
		return top ? GRIDWL_FRAME_TITLE : GRIDWL_FRAME_NONE;
	}
	if (left || right) {
		top = top || y < CORNER_REACH;
		bottom = bottom || y >= frame.height - CORNER_REACH;
	}
	if (top || bottom) {
		left = left || x < CORNER_REACH;
		right = right || x >= frame.width - CORNER_REACH;
	}
	*edges = (left ? WLR_EDGE_LEFT : 0) | (right ? WLR_EDGE_RIGHT : 0) |
			(top ? WLR_EDGE_TOP : 0) | (bottom ? WLR_EDGE_BOTTOM : 0);
	return GRIDWL_FRAME_EDGE;
}
