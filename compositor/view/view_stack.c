#include <wayland-server-core.h>
#include <wlr/types/wlr_layer_shell_v1.h>
#include <wlr/types/wlr_xdg_shell.h>
#include "compositor/frame/occluders.h"
#include "compositor/server.h"
#include "compositor/view/view.h"
#include "input/seat.h"

/*
 * The stacking order of views: bands from the background layer up to the
 * lock, and within a band the most recently raised first.
 */

/* Bottom up: 0 and 1 the background and bottom layers, 2 windows, 3
 * windows kept on top, 4 the top layer, 5 the focused fullscreen window, 6
 * overlay, 7 the lock. */
static int view_band(struct gridwl_view *view) {
	switch (view->kind) {
	case GRIDWL_VIEW_LOCK_SURFACE:
		return 7;
	case GRIDWL_VIEW_IM_POPUP:
		return 6;
	case GRIDWL_VIEW_LAYER_SURFACE:
		switch (view->layer) {
		case ZWLR_LAYER_SHELL_V1_LAYER_BACKGROUND:
			return 0;
		case ZWLR_LAYER_SHELL_V1_LAYER_BOTTOM:
			return 1;
		case ZWLR_LAYER_SHELL_V1_LAYER_TOP:
			return 4;
		default:
			return 6;
		}
	default:
		if (view->fullscreen && view->above_panels) {
			return 5;
		}
		return view->always_on_top ? 3 : 2;
	}
}

/* As weston does: the fullscreen windows over the panels go back among the
 * windows when another one is focused. */
void gridwl_views_lower_fullscreen(struct gridwl_server *server,
		struct gridwl_view *focused) {
	struct gridwl_view *view, *tmp;
	wl_list_for_each_safe(view, tmp, &server->views, link) {
		if (view != focused && view->above_panels) {
			view->above_panels = false;
			gridwl_view_raise(view);
			gridwl_view_damage_whole(view);
		}
	}
}

/* The mapped xdg toplevels whose parent is view's (dialogs, and windows an
 * xdg-foreign import made its children), bottom first. */
static void find_children(struct gridwl_view *view, struct wl_array *children) {
	if (view->kind != GRIDWL_VIEW_XDG_TOPLEVEL || view->xdg_surface == NULL) {
		return;
	}
	struct wlr_xdg_toplevel *toplevel = view->xdg_surface->toplevel;
	struct gridwl_view *other;
	wl_list_for_each_reverse(other, &view->server->views, link) {
		if (other->kind == GRIDWL_VIEW_XDG_TOPLEVEL && other->mapped &&
				other->xdg_surface != NULL &&
				other->xdg_surface->toplevel != NULL &&
				other->xdg_surface->toplevel->parent == toplevel) {
			struct gridwl_view **slot = wl_array_add(children, sizeof(*slot));
			if (slot != NULL) {
				*slot = other;
			}
		}
	}
}

void gridwl_view_raise(struct gridwl_view *view) {
	int band = view_band(view);
	gridwl_occluders_invalidate(view->server);
	wl_list_remove(&view->link);
	// The list is topmost first: the view goes right under the last view
	// of a higher band.
	struct wl_list *above = &view->server->views;
	struct gridwl_view *other;
	wl_list_for_each(other, &view->server->views, link) {
		if (view_band(other) <= band) {
			break;
		}
		above = &other->link;
	}
	wl_list_insert(above, &view->link);
	// Its children stay above it, in their order. wlroots refuses a parent
	// that would make a loop, so this ends.
	struct wl_array children;
	wl_array_init(&children);
	find_children(view, &children);
	struct gridwl_view **child;
	wl_array_for_each(child, &children) {
		gridwl_view_raise(*child);
	}
	wl_array_release(&children);
}

void gridwl_view_bring_to_front(struct gridwl_view *view) {
	gridwl_views_lower_fullscreen(view->server, view);
	view->above_panels = view->fullscreen;
	gridwl_view_raise(view);
	gridwl_view_damage_whole(view);
	gridwl_seat_schedule_pointer_rebase(view->server->seat);
}

void gridwl_view_lower(struct gridwl_view *view) {
	int band = view_band(view);
	gridwl_occluders_invalidate(view->server);
	wl_list_remove(&view->link);
	// The list is topmost first: the view goes right under the last view
	// of its band or a higher one.
	struct wl_list *above = &view->server->views;
	struct gridwl_view *other;
	wl_list_for_each(other, &view->server->views, link) {
		if (view_band(other) < band) {
			break;
		}
		above = &other->link;
	}
	wl_list_insert(above, &view->link);
	gridwl_seat_schedule_pointer_rebase(view->server->seat);
}

void gridwl_view_set_always_on_top(struct gridwl_view *view, bool on_top) {
	if (!gridwl_view_is_window(view) || view->always_on_top == on_top) {
		return;
	}
	view->always_on_top = on_top;
	gridwl_view_raise(view);
	gridwl_view_damage_whole(view);
	gridwl_seat_schedule_pointer_rebase(view->server->seat);
}
