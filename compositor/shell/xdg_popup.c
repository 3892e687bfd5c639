#include <limits.h>
#include <stdlib.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/view/view.h"
#include "input/seat.h"
#include "wlr_compat/guard.h"

struct gridwl_popup {
	struct gridwl_server *server;
	struct wlr_xdg_surface *xdg_surface;
	struct wl_listener commit;
	struct wl_listener map;
	struct wl_listener unmap;
	struct wl_listener reposition;
	struct wl_listener destroy;
};

static void popup_damage(struct gridwl_popup *popup) {
	struct gridwl_view *view =
			gridwl_view_from_surface(popup->xdg_surface->surface);
	if (view != NULL) {
		gridwl_view_damage_whole(view);
	}
}

/* The xdg popup grab of the seat, when one holds it. */
static struct wlr_xdg_popup_grab *active_grab(struct gridwl_server *server) {
	struct wlr_seat *seat = server->seat->wlr_seat;
	struct wlr_xdg_popup_grab *grab;
	wl_list_for_each(grab, &server->xdg_shell->popup_grabs, link) {
		if (grab->seat == seat && !wl_list_empty(&grab->popups) &&
				(seat->keyboard_state.grab == &grab->keyboard_grab ||
						seat->pointer_state.grab == &grab->pointer_grab)) {
			return grab;
		}
	}
	return NULL;
}

/* A grabbing menu takes the keyboard from its own window, never from
 * another one (the grab's serial is not checked by wlroots). */
static void focus_grabbing_popup(struct gridwl_popup *popup,
		struct gridwl_view *view) {
	struct wlr_xdg_popup *xdg_popup = popup->xdg_surface->popup;
	struct gridwl_seat *seat = popup->server->seat;
	struct wlr_surface *focused =
			seat->wlr_seat->keyboard_state.focused_surface;
	if (xdg_popup->seat != seat->wlr_seat || focused == NULL ||
			gridwl_view_from_surface(focused) != view) {
		return;
	}
	gridwl_seat_focus_popup(seat, popup->xdg_surface->surface);
}

static void popup_handle_map(struct wl_listener *listener, void *data) {
	struct gridwl_popup *popup = wl_container_of(listener, popup, map);
	popup_damage(popup);
	struct gridwl_view *view =
			gridwl_view_from_surface(popup->xdg_surface->surface);
	if (view != NULL) {
		gridwl_view_update_outputs(view);
		focus_grabbing_popup(popup, view);
	}
}

/* The keyboard goes back down the chain of menus: to the nearest shown
 * popup that grabbed it, else to the window. */
static void return_keyboard_focus(struct gridwl_popup *popup) {
	struct gridwl_seat *seat = popup->server->seat;
	struct wlr_surface *surface = popup->xdg_surface->surface;
	if (seat->wlr_seat->keyboard_state.focused_surface != surface) {
		return;
	}
	struct gridwl_view *view = gridwl_view_from_surface(surface);
	// The popup's role object is there until after its unmap.
	struct wlr_surface *parent = popup->xdg_surface->popup->parent;
	while (parent != NULL) {
		struct wlr_xdg_popup *xdg_parent =
				wlr_xdg_popup_try_from_wlr_surface(parent);
		if (xdg_parent == NULL) {
			break;
		}
		if (parent->mapped && xdg_parent->seat == seat->wlr_seat) {
			gridwl_seat_focus_popup(seat, parent);
			return;
		}
		parent = xdg_parent->parent;
	}
	if (view != NULL && view->mapped && gridwl_view_surface(view) != NULL) {
		gridwl_seat_focus_popup(seat, gridwl_view_surface(view));
	} else {
		wlr_seat_keyboard_clear_focus(seat->wlr_seat);
	}
}

static void popup_handle_unmap(struct wl_listener *listener, void *data) {
	struct gridwl_popup *popup = wl_container_of(listener, popup, unmap);
	popup_damage(popup);
	return_keyboard_focus(popup);
}

void gridwl_popup_dismiss_grab(struct gridwl_server *server,
		struct gridwl_view *keep) {
	struct wlr_xdg_popup_grab *grab = active_grab(server);
	if (grab == NULL) {
		return;
	}
	struct wlr_xdg_popup *top =
			wl_container_of(grab->popups.next, top, grab_link);
	if (keep != NULL && gridwl_view_from_surface(top->base->surface) == keep) {
		return;
	}
	struct wlr_seat *seat = server->seat->wlr_seat;
	// Ending the pointer grab is wlroots' own dismissal: popup_done to
	// every grabbing popup and the keyboard and touch grabs ended. Without
	// it (a drag took the pointer), the keyboard grab ends the same way
	// once its popups are gone.
	if (seat->pointer_state.grab == &grab->pointer_grab) {
		wlr_seat_pointer_end_grab(seat);
		return;
	}
	struct wlr_xdg_popup *popup, *tmp;
	// Newest first: a popup's children are destroyed before it.
	wl_list_for_each_safe(popup, tmp, &grab->popups, grab_link) {
		wlr_xdg_popup_destroy(popup);
	}
}

static void popup_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_popup *popup = wl_container_of(listener, popup, destroy);
	wl_list_remove(&popup->commit.link);
	wl_list_remove(&popup->map.link);
	wl_list_remove(&popup->unmap.link);
	wl_list_remove(&popup->reposition.link);
	wl_list_remove(&popup->destroy.link);
	free(popup);
}

/* Where the positioner's anchor point is on its anchor rectangle, relative
 * to the parent's window geometry, as wlroots 0.15's
 * wlr_xdg_popup_get_anchor_point (gone since 0.16) put it: its centre is
 * (x + width) / 2, which decides the output the popup stays inside. The
 * rectangle is the client's, anywhere in int32: the sums go wider. */
static void anchor_point(const struct wlr_xdg_positioner_rules *rules,
		int64_t *x, int64_t *y) {
	const struct wlr_box *rect = &rules->anchor_rect;
	int64_t left = rect->x, top = rect->y;
	int64_t right = left + rect->width, bottom = top + rect->height;
	switch (rules->anchor) {
	case XDG_POSITIONER_ANCHOR_TOP:
	case XDG_POSITIONER_ANCHOR_TOP_LEFT:
	case XDG_POSITIONER_ANCHOR_TOP_RIGHT:
		*y = top;
		break;
	case XDG_POSITIONER_ANCHOR_BOTTOM:
	case XDG_POSITIONER_ANCHOR_BOTTOM_LEFT:
	case XDG_POSITIONER_ANCHOR_BOTTOM_RIGHT:
		*y = bottom;
		break;
	default:
		*y = bottom / 2;
		break;
	}
	switch (rules->anchor) {
	case XDG_POSITIONER_ANCHOR_LEFT:
	case XDG_POSITIONER_ANCHOR_TOP_LEFT:
	case XDG_POSITIONER_ANCHOR_BOTTOM_LEFT:
		*x = left;
		break;
	case XDG_POSITIONER_ANCHOR_RIGHT:
	case XDG_POSITIONER_ANCHOR_TOP_RIGHT:
	case XDG_POSITIONER_ANCHOR_BOTTOM_RIGHT:
		*x = right;
		break;
	default:
		*x = right / 2;
		break;
	}
}

/* The popup stays inside the output under its anchor point. wlroots (0.15
 * to 0.18) positions popups against the window geometry the client set
 * (none: the surface's origin) but draws them against the effective one,
 * which without a set geometry is the extent of the surfaces; view->x is
 * the latter. The base below maps wlroots' positioning space to the layout
 * as drawn (wlr_compat/wlr_compat.h, N3). */
static void popup_unconstrain(struct gridwl_server *server,
		struct wlr_xdg_popup *popup, struct gridwl_view *view) {
	int64_t anchor_x, anchor_y;
	anchor_point(&popup->scheduled.rules, &anchor_x, &anchor_y);
	if (anchor_x < INT_MIN / 2 || anchor_x > INT_MAX / 2 ||
			anchor_y < INT_MIN / 2 || anchor_y > INT_MAX / 2) {
		return;
	}
	int tx = 0, ty = 0;
	wlr_xdg_popup_get_toplevel_coords(popup, anchor_x, anchor_y, &tx, &ty);
	// A layer surface has no geometry of its own: the surface is all.
	static const struct wlr_box no_geometry = { 0 };
	const struct wlr_box *set = view->kind == GRIDWL_VIEW_XDG_TOPLEVEL ?
			&view->xdg_surface->current.geometry :
			&no_geometry;
	// The geometry and the anchor are the client's, anywhere in int32;
	// a popup that far from every output has nothing to stay inside.
	int64_t ox = (int64_t)view->x - set->x, oy = (int64_t)view->y - set->y;
	int64_t px = ox + tx, py = oy + ty;
	if (ox < INT_MIN / 2 || ox > INT_MAX / 2 || oy < INT_MIN / 2 ||
			oy > INT_MAX / 2 || px < INT_MIN || px > INT_MAX || py < INT_MIN ||
			py > INT_MAX) {
		return;
	}
	struct gridwl_output *output = gridwl_output_at(server, px, py);
	if (output == NULL) {
		return;
	}
	struct wlr_box box = gridwl_output_logical_box(output);
	box.x -= ox;
	box.y -= oy;
	wlr_xdg_popup_unconstrain_from_box(popup, &box);
}

/* wlroots 0.15 announced a popup at its first commit, with its parent set
 * (a layer surface's popup gets it from get_popup, after it is made), and
 * configured it itself; from 0.17 on the compositor answers the initial
 * commit with the configure. */
static void popup_handle_commit(struct wl_listener *listener, void *data) {
	struct gridwl_popup *popup = wl_container_of(listener, popup, commit);
	struct wlr_xdg_surface *xdg_surface = popup->xdg_surface;
	if (!xdg_surface->initial_commit) {
		return;
	}
	struct gridwl_view *view = gridwl_view_from_surface(xdg_surface->surface);
	if (view != NULL) {
		popup_unconstrain(popup->server, xdg_surface->popup, view);
	}
	wlr_xdg_surface_schedule_configure(xdg_surface);
}

/* xdg_popup.reposition (xdg_wm_base 3): wlroots has the new rules in
 * scheduled and sends the configure; gridwl keeps it on its output. */
static void popup_handle_reposition(struct wl_listener *listener, void *data) {
	struct gridwl_popup *popup = wl_container_of(listener, popup, reposition);
	struct wlr_xdg_surface *xdg_surface = popup->xdg_surface;
	gridwl_wlroots_guard_popup_positioned(popup->server->wlroots_guard,
			xdg_surface->popup);
	struct gridwl_view *view = gridwl_view_from_surface(xdg_surface->surface);
	if (view != NULL) {
		popup_unconstrain(popup->server, xdg_surface->popup, view);
	}
}

void gridwl_popup_create(struct gridwl_server *server,
		struct wlr_xdg_popup *xdg_popup) {
	struct wlr_xdg_surface *xdg_surface = xdg_popup->base;
	gridwl_wlroots_guard_popup_positioned(server->wlroots_guard, xdg_popup);
	struct gridwl_popup *popup = calloc(1, sizeof(*popup));
	if (popup == NULL) {
		wl_resource_post_no_memory(xdg_popup->resource);
		return;
	}
	popup->server = server;
	popup->xdg_surface = xdg_surface;
	popup->commit.notify = popup_handle_commit;
	wl_signal_add(&xdg_surface->surface->events.commit, &popup->commit);
	popup->map.notify = popup_handle_map;
	wl_signal_add(&xdg_surface->surface->events.map, &popup->map);
	popup->unmap.notify = popup_handle_unmap;
	wl_signal_add(&xdg_surface->surface->events.unmap, &popup->unmap);
	popup->reposition.notify = popup_handle_reposition;
	wl_signal_add(&xdg_popup->events.reposition, &popup->reposition);
	popup->destroy.notify = popup_handle_destroy;
	wl_signal_add(&xdg_popup->events.destroy, &popup->destroy);
}
