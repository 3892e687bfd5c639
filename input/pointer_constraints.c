#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_pointer_constraints_v1.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>
#include <wlr/util/region.h>
#include "compositor/server.h"
#include "compositor/shell/xwayland.h"
#include "compositor/view/view.h"
#include "input/listeners.h"
#include "input/pointer_constraints.h"
#include "input/seat.h"
#include "wlr_compat/wlr_compat.h"

struct gridwl_pointer_constraints {
	struct gridwl_seat *seat;
	struct wlr_pointer_constraints_v1 *wlr_constraints;
	// The one constraint in effect, NULL when the pointer is free.
	struct gridwl_pointer_constraint *active;
	// On the wlr manager and the seat.
	struct gridwl_listeners listeners;
	struct wl_listener new_constraint;
	struct gridwl_call_listener pointer_focus_change;
	struct gridwl_call_listener keyboard_focus_change;
};

/* One zwp_locked_pointer_v1 or zwp_confined_pointer_v1. */
struct gridwl_pointer_constraint {
	struct gridwl_pointer_constraints *constraints;
	struct wlr_pointer_constraint_v1 *wlr_constraint;
	struct wl_listener surface_commit;
	struct wl_listener destroy;
};

/* Where surface is in the layout. The views' surface trees are searched
 * rather than the surface asked for its view: this also runs while the
 * surface is being destroyed, when its role may be gone already. */
static bool surface_layout_position(struct gridwl_server *server,
		struct wlr_surface *surface, int *lx, int *ly) {
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (view->mapped &&
				gridwl_view_surface_position(view, surface, lx, ly)) {
			return true;
		}
	}
	return false;
}

/* The point of region nearest to x, y; false when region is empty. */
static bool region_nearest_point(pixman_region32_t *region, double x, double y,
		double *nx, double *ny) {
	int count;
	pixman_box32_t *boxes = pixman_region32_rectangles(region, &count);
	double best = DBL_MAX;
	for (int i = 0; i < count; i++) {
		// The last whole pixel inside, as wlr_region_confine stops
		// motion: a fraction short of the edge could round onto it in
		// wl_fixed_t.
		double cx = fmin(fmax(x, boxes[i].x1), boxes[i].x2 - 1);
		double cy = fmin(fmax(y, boxes[i].y1), boxes[i].y2 - 1);
		double distance = (cx - x) * (cx - x) + (cy - y) * (cy - y);
		if (distance < best) {
			best = distance;
			*nx = cx;
			*ny = cy;
		}
	}
	return count > 0;
}

static bool point_in_region(pixman_region32_t *region, double x, double y) {
	return pixman_region32_contains_point(region, (int)floor(x), (int)floor(y),
			NULL);
}

/* Where the surface of a constraint of that type is in the layout; false
 * when the constraint is of another type or the surface is not shown. */
static bool constraint_position(struct gridwl_pointer_constraint *constraint,
		enum wlr_pointer_constraint_v1_type type, int *lx, int *ly) {
	struct wlr_pointer_constraint_v1 *wlr_constraint =
			constraint->wlr_constraint;
	return wlr_constraint->type == type &&
			surface_layout_position(constraint->constraints->seat->server,
					wlr_constraint->surface, lx, ly);
}

/* A confined pointer outside its region (it entered elsewhere, or the
 * region changed under it) is brought to the nearest point inside. */
static void confine_cursor(struct gridwl_pointer_constraint *constraint) {
	struct wlr_pointer_constraint_v1 *wlr_constraint =
			constraint->wlr_constraint;
	struct gridwl_seat *seat = constraint->constraints->seat;
	int lx, ly;
	if (!constraint_position(constraint, WLR_POINTER_CONSTRAINT_V1_CONFINED,
				&lx, &ly)) {
		return;
	}
	double sx = seat->cursor->x - lx, sy = seat->cursor->y - ly;
	double nx, ny;
	if (point_in_region(&wlr_constraint->region, sx, sy) ||
			!region_nearest_point(&wlr_constraint->region, sx, sy, &nx, &ny)) {
		return;
	}
	wlr_cursor_warp(seat->cursor, NULL, lx + nx, ly + ny);
	// Not from inside a seat signal: the client hears of it once the
	// current request is done.
	gridwl_seat_schedule_pointer_rebase(seat);
}

/* Where a locked pointer goes when the lock ends: the client drew its own
 * cursor there, so the real one appears where the user saw it. */
static void warp_to_cursor_hint(struct gridwl_pointer_constraint *constraint) {
	struct wlr_pointer_constraint_v1 *wlr_constraint =
			constraint->wlr_constraint;
	struct gridwl_seat *seat = constraint->constraints->seat;
	int lx, ly;
	if (!wlr_constraint->current.cursor_hint.enabled ||
			!constraint_position(constraint, WLR_POINTER_CONSTRAINT_V1_LOCKED,
					&lx, &ly)) {
		return;
	}
	// Xwayland's hint is in X pixels (its warp emulation: an X11
	// program that hid the cursor and warped the pointer).
	int n = gridwl_xwayland_surface_scale(seat->server->xwayland,
			wlr_constraint->surface);
	double x = lx + wlr_constraint->current.cursor_hint.x / n;
	double y = ly + wlr_constraint->current.cursor_hint.y / n;
	if (!isfinite(x) || !isfinite(y)) {
		return;
	}
	wlr_cursor_warp(seat->cursor, NULL, x, y);
	gridwl_seat_schedule_pointer_rebase(seat);
}

static void deactivate(struct gridwl_pointer_constraints *constraints) {
	struct gridwl_pointer_constraint *constraint = constraints->active;
	if (constraint == NULL) {
		return;
	}
	// Cleared first: a oneshot constraint is destroyed by wlroots inside
	// send_deactivated, and its destroy handler must not see it active.
	constraints->active = NULL;
	warp_to_cursor_hint(constraint);
	wlr_pointer_constraint_v1_send_deactivated(constraint->wlr_constraint);
}

/* The constraint of the surface under the pointer, when its window also
 * has the keyboard (on itself or one of its menus), as on sway. */
static struct gridwl_pointer_constraint *wanted_constraint(
		struct gridwl_pointer_constraints *constraints) {
	struct wlr_seat *wlr_seat = constraints->seat->wlr_seat;
	struct wlr_surface *pointer_surface =
			wlr_seat->pointer_state.focused_surface;
	struct wlr_surface *keyboard_surface =
			wlr_seat->keyboard_state.focused_surface;
	// Either is cleared while a focused surface is destroyed: checked
	// before the other is looked at.
	if (pointer_surface == NULL || keyboard_surface == NULL) {
		return NULL;
	}
	struct wlr_pointer_constraint_v1 *wlr_constraint =
			wlr_pointer_constraints_v1_constraint_for_surface(
					constraints->wlr_constraints, pointer_surface, wlr_seat);
	if (wlr_constraint == NULL || wlr_constraint->data == NULL) {
		return NULL;
	}
	if (keyboard_surface != pointer_surface) {
		struct gridwl_view *view = gridwl_view_from_surface(pointer_surface);
		if (view == NULL ||
				gridwl_view_from_surface(keyboard_surface) != view) {
			return NULL;
		}
	}
	return wlr_constraint->data;
}

/* Also on either focus change. */
static void update_active(void *data) {
	struct gridwl_pointer_constraints *constraints = data;
	struct gridwl_pointer_constraint *wanted = wanted_constraint(constraints);
	if (wanted == constraints->active) {
		return;
	}
	deactivate(constraints);
	if (wanted == NULL) {
		return;
	}
	constraints->active = wanted;
	wlr_pointer_constraint_v1_send_activated(wanted->wlr_constraint);
	confine_cursor(wanted);
}

static void constraint_handle_surface_commit(struct wl_listener *listener,
		void *data) {
	struct gridwl_pointer_constraint *constraint =
			wl_container_of(listener, constraint, surface_commit);
	// wlroots listened first and has the new region (constraint region
	// and input region together) in place.
	if (constraint->constraints->active == constraint) {
		confine_cursor(constraint);
	}
}

static void constraint_handle_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_pointer_constraint *constraint =
			wl_container_of(listener, constraint, destroy);
	struct gridwl_pointer_constraints *constraints = constraint->constraints;
	if (constraints->active == constraint) {
		// The client let go of an active lock: unlocked as by focus.
		constraints->active = NULL;
		warp_to_cursor_hint(constraint);
	}
	wl_list_remove(&constraint->surface_commit.link);
	wl_list_remove(&constraint->destroy.link);
	constraint->wlr_constraint->data = NULL;
	free(constraint);
}

static void handle_new_constraint(struct wl_listener *listener, void *data) {
	struct gridwl_pointer_constraints *constraints =
			wl_container_of(listener, constraints, new_constraint);
	struct wlr_pointer_constraint_v1 *wlr_constraint = data;
	struct gridwl_pointer_constraint *constraint =
			calloc(1, sizeof(*constraint));
	if (constraint == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a pointer constraint");
		wl_resource_post_no_memory(wlr_constraint->resource);
		return;
	}
	constraint->constraints = constraints;
	constraint->wlr_constraint = wlr_constraint;
	wlr_constraint->data = constraint;
	constraint->surface_commit.notify = constraint_handle_surface_commit;
	wl_signal_add(&wlr_constraint->surface->events.commit,
			&constraint->surface_commit);
	constraint->destroy.notify = constraint_handle_destroy;
	wl_signal_add(&wlr_constraint->events.destroy, &constraint->destroy);
	gridwl_compat_pointer_constraint_apply_initial_region(wlr_constraint);
	// The pointer may be on the surface already.
	update_active(constraints);
}

enum gridwl_pointer_motion gridwl_pointer_constraints_apply(
		struct gridwl_pointer_constraints *constraints, double *dx,
		double *dy) {
	struct gridwl_pointer_constraint *constraint = constraints->active;
	if (constraint == NULL) {
		return GRIDWL_POINTER_MOTION_FREE;
	}
	struct wlr_pointer_constraint_v1 *wlr_constraint =
			constraint->wlr_constraint;
	if (wlr_constraint->type == WLR_POINTER_CONSTRAINT_V1_LOCKED) {
		return GRIDWL_POINTER_MOTION_LOCKED;
	}
	struct gridwl_seat *seat = constraints->seat;
	int lx, ly;
	if (!surface_layout_position(seat->server, wlr_constraint->surface, &lx,
				&ly)) {
		return GRIDWL_POINTER_MOTION_FREE;
	}
	// In surface-local logical coordinates, as the region is: the same
	// at every output scale.
	double sx = seat->cursor->x - lx, sy = seat->cursor->y - ly;
	double nx, ny;
	if (!wlr_region_confine(&wlr_constraint->region, sx, sy, sx + *dx, sy + *dy,
				&nx, &ny) &&
			!region_nearest_point(&wlr_constraint->region, sx + *dx, sy + *dy,
					&nx, &ny)) {
		// An empty region leaves the pointer nowhere to go.
		return GRIDWL_POINTER_MOTION_LOCKED;
	}
	*dx = nx - sx;
	*dy = ny - sy;
	return GRIDWL_POINTER_MOTION_CONFINED;
}

struct gridwl_pointer_constraints *gridwl_pointer_constraints_create(
		struct gridwl_seat *seat) {
	struct gridwl_pointer_constraints *constraints =
			calloc(1, sizeof(*constraints));
	if (constraints == NULL) {
		return NULL;
	}
	constraints->seat = seat;
	// Freed by wlroots with the display.
	constraints->wlr_constraints =
			wlr_pointer_constraints_v1_create(seat->server->display);
	if (constraints->wlr_constraints == NULL) {
		free(constraints);
		return NULL;
	}
	struct gridwl_listeners *listeners = &constraints->listeners;
	gridwl_listeners_add(listeners,
			&constraints->wlr_constraints->events.new_constraint,
			&constraints->new_constraint, handle_new_constraint);
	gridwl_listeners_add_call(listeners,
			&seat->wlr_seat->pointer_state.events.focus_change,
			&constraints->pointer_focus_change, update_active, constraints);
	gridwl_listeners_add_call(listeners,
			&seat->wlr_seat->keyboard_state.events.focus_change,
			&constraints->keyboard_focus_change, update_active, constraints);
	return constraints;
}

void gridwl_pointer_constraints_destroy(
		struct gridwl_pointer_constraints *constraints) {
	if (constraints == NULL) {
		return;
	}
	// The constraints went with their clients.
	gridwl_listeners_remove(&constraints->listeners);
	free(constraints);
}
