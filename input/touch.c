#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/idle.h"
#include "compositor/session/nested.h"
#include "compositor/shell/xwayland.h"
#include "compositor/util.h"
#include "compositor/view/view.h"
#include "input/decoration_input.h"
#include "input/seat.h"
#include "input/touch.h"
#include "wlr_compat/wlr_compat.h"

/*
 * Touch goes to the surface under the finger at touch-down and stays with
 * it until the finger lifts, wherever it moves, as on every touch desktop.
 * Positions come from wlr_cursor in layout (logical) coordinates, so a
 * finger maps to the same logical spot whatever the output's scale.
 */

/*
 * A finger down on a surface, from touch-down to its lifting: gridwl's own
 * account of which fingers are down, which the handlers below go by.
 * wlroots keeps a touch point whose surface is destroyed until the finger
 * lifts, and tells its client nothing; the client then holds a touch on a
 * surface it no longer has, and the touch id stays taken. gridwl ends the
 * sequence (wl_touch.up) when the surface goes.
 */
struct gridwl_touch_point {
	struct gridwl_seat *seat;
	int32_t touch_id;
	struct wlr_surface *surface;
	struct wl_list link; // gridwl_seat.touch_points
	struct wl_listener surface_destroy;
	struct wl_listener point_destroy;
};

static void touch_point_forget(struct gridwl_touch_point *tracked) {
	wl_list_remove(&tracked->surface_destroy.link);
	wl_list_remove(&tracked->point_destroy.link);
	wl_list_remove(&tracked->link);
	free(tracked);
}

static struct gridwl_touch_point *touch_point_find(struct gridwl_seat *seat,
		int32_t touch_id) {
	struct gridwl_touch_point *tracked;
	wl_list_for_each(tracked, &seat->touch_points, link) {
		if (tracked->touch_id == touch_id) {
			return tracked;
		}
	}
	return NULL;
}

/* wlroots 0.18.2 does not free its point on up (wlr_compat/wlr_compat.h,
 * W15). */
static void touch_point_up(struct gridwl_seat *seat, uint32_t time_msec,
		int32_t touch_id) {
	gridwl_compat_seat_touch_notify_up(seat->wlr_seat, time_msec, touch_id);
	struct gridwl_touch_point *tracked = touch_point_find(seat, touch_id);
	if (tracked != NULL) {
		touch_point_forget(tracked);
	}
}

static void touch_point_handle_point_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_touch_point *tracked =
			wl_container_of(listener, tracked, point_destroy);
	touch_point_forget(tracked);
}

static void touch_point_handle_surface_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_touch_point *tracked =
			wl_container_of(listener, tracked, surface_destroy);
	struct gridwl_seat *seat = tracked->seat;
	touch_point_up(seat, gridwl_now_msec(), tracked->touch_id);
	wlr_seat_touch_notify_frame(seat->wlr_seat);
}

static void touch_point_track(struct gridwl_seat *seat,
		struct wlr_surface *surface, int32_t touch_id) {
	struct wlr_touch_point *point =
			wlr_seat_touch_get_point(seat->wlr_seat, touch_id);
	if (point == NULL) {
		return;
	}
	struct gridwl_touch_point *tracked = calloc(1, sizeof(*tracked));
	if (tracked == NULL) {
		wlr_log(WLR_ERROR, "Out of memory tracking touch point %d", touch_id);
		return;
	}
	tracked->seat = seat;
	tracked->touch_id = touch_id;
	tracked->surface = surface;
	// Added after wlroots' own listeners, so the point has already let go
	// of the surface when gridwl lifts the finger.
	tracked->surface_destroy.notify = touch_point_handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &tracked->surface_destroy);
	// The client went (and its points with it), or cancelled.
	tracked->point_destroy.notify = touch_point_handle_point_destroy;
	wl_signal_add(&point->events.destroy, &tracked->point_destroy);
	wl_list_insert(&seat->touch_points, &tracked->link);
}

static void handle_touch_down(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat = wl_container_of(listener, seat, touch_down);
	struct wlr_touch_down_event *event = data;
	gridwl_idle_notify_activity(seat->server);
	double lx, ly, sx, sy;
	double x = event->x, y = event->y;
	gridwl_nested_input_position(seat->server, &event->touch->base, &x, &y);
	wlr_cursor_absolute_to_layout_coords(seat->cursor, &event->touch->base, x,
			y, &lx, &ly);
	struct wlr_surface *surface = NULL;
	struct gridwl_view *view =
			gridwl_view_at(seat->server, lx, ly, &surface, &sx, &sy);
	if (view == NULL) {
		gridwl_seat_frame_touch_down(seat, event->touch_id, lx, ly,
				event->time_msec);
		return;
	}
	// A tap focuses and raises like a click.
	gridwl_view_focus(view);
	// Xwayland's surface-local positions are X pixels.
	int n = gridwl_xwayland_surface_scale(seat->server->xwayland, surface);
	if (wlr_surface_accepts_touch(seat->wlr_seat, surface) &&
			wlr_seat_touch_notify_down(seat->wlr_seat, surface,
					event->time_msec, event->touch_id, sx * n, sy * n) != 0) {
		touch_point_track(seat, surface, event->touch_id);
	}
}

static void handle_touch_up(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat = wl_container_of(listener, seat, touch_up);
	struct wlr_touch_up_event *event = data;
	if (gridwl_seat_frame_touch_up(seat, event->touch_id) ||
			touch_point_find(seat, event->touch_id) == NULL) {
		return;
	}
	touch_point_up(seat, event->time_msec, event->touch_id);
}

static void handle_touch_motion(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat = wl_container_of(listener, seat, touch_motion);
	struct wlr_touch_motion_event *event = data;
	gridwl_idle_notify_activity(seat->server);
	struct gridwl_touch_point *tracked =
			touch_point_find(seat, event->touch_id);
	if (tracked == NULL) {
		double lx, ly;
		double x = event->x, y = event->y;
		gridwl_nested_input_position(seat->server, &event->touch->base, &x, &y);
		wlr_cursor_absolute_to_layout_coords(seat->cursor, &event->touch->base,
				x, y, &lx, &ly);
		gridwl_seat_frame_touch_motion(seat, event->touch_id, lx, ly);
		return;
	}
	struct gridwl_view *view = gridwl_view_from_surface(tracked->surface);
	int surface_x, surface_y;
	if (view == NULL || !view->mapped ||
			!gridwl_view_surface_position(view, tracked->surface, &surface_x,
					&surface_y)) {
		return;
	}
	double lx, ly;
	double x = event->x, y = event->y;
	gridwl_nested_input_position(seat->server, &event->touch->base, &x, &y);
	wlr_cursor_absolute_to_layout_coords(seat->cursor, &event->touch->base, x,
			y, &lx, &ly);
	int n = gridwl_xwayland_surface_scale(seat->server->xwayland,
			tracked->surface);
	wlr_seat_touch_notify_motion(seat->wlr_seat, event->time_msec,
			event->touch_id, (lx - surface_x) * n, (ly - surface_y) * n);
}

static void handle_touch_cancel(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat = wl_container_of(listener, seat, touch_cancel);
	struct wlr_touch_cancel_event *event = data;
	struct gridwl_touch_point *tracked =
			touch_point_find(seat, event->touch_id);
	struct wlr_touch_point *point =
			wlr_seat_touch_get_point(seat->wlr_seat, event->touch_id);
	if (tracked != NULL && point != NULL) {
		// Every touch of that client ends, and their points with it.
		wlr_seat_touch_notify_cancel(seat->wlr_seat, point->client);
	}
}

static void handle_touch_frame(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat = wl_container_of(listener, seat, touch_frame);
	wlr_seat_touch_notify_frame(seat->wlr_seat);
}

void gridwl_touch_init(struct gridwl_seat *seat) {
	struct wlr_cursor *cursor = seat->cursor;
	wl_list_init(&seat->touch_points);
	struct gridwl_listeners *listeners = &seat->touch_listeners;
	gridwl_listeners_add(listeners, &cursor->events.touch_down,
			&seat->touch_down, handle_touch_down);
	gridwl_listeners_add(listeners, &cursor->events.touch_up, &seat->touch_up,
			handle_touch_up);
	gridwl_listeners_add(listeners, &cursor->events.touch_motion,
			&seat->touch_motion, handle_touch_motion);
	gridwl_listeners_add(listeners, &cursor->events.touch_cancel,
			&seat->touch_cancel, handle_touch_cancel);
	gridwl_listeners_add(listeners, &cursor->events.touch_frame,
			&seat->touch_frame, handle_touch_frame);
}

void gridwl_touch_finish(struct gridwl_seat *seat) {
	// The wlroots points outlive the seat's listeners (they go with the
	// display), so the trackers let go of them here.
	struct gridwl_touch_point *tracked, *tmp;
	wl_list_for_each_safe(tracked, tmp, &seat->touch_points, link) {
		touch_point_forget(tracked);
	}
	gridwl_listeners_remove(&seat->touch_listeners);
}
