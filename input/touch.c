#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include "compositor/server.h"
#include "compositor/view.h"
#include "input/seat.h"
#include "input/touch.h"

/*
 * Touch goes to the surface under the finger at touch-down and stays with
 * it until the finger lifts, wherever it moves, as on every touch desktop.
 * Positions come from wlr_cursor in layout (logical) coordinates, so a
 * finger maps to the same logical spot whatever the output's scale.
 */

static void handle_touch_down(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat = wl_container_of(listener, seat, touch_down);
	struct wlr_event_touch_down *event = data;
	double lx, ly, sx, sy;
	wlr_cursor_absolute_to_layout_coords(seat->cursor, event->device,
		event->x, event->y, &lx, &ly);
	struct wlr_surface *surface = NULL;
	struct gridwl_view *view =
		gridwl_view_at(seat->server, lx, ly, &surface, &sx, &sy);
	if (view == NULL) {
		return;
	}
	// A tap focuses and raises like a click.
	gridwl_view_focus(view);
	if (wlr_surface_accepts_touch(seat->wlr_seat, surface)) {
		wlr_seat_touch_notify_down(seat->wlr_seat, surface, event->time_msec,
			event->touch_id, sx, sy);
	}
}

static void handle_touch_up(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat = wl_container_of(listener, seat, touch_up);
	struct wlr_event_touch_up *event = data;
	if (wlr_seat_touch_get_point(seat->wlr_seat, event->touch_id) == NULL) {
		return;
	}
	wlr_seat_touch_notify_up(seat->wlr_seat, event->time_msec,
		event->touch_id);
}

static void handle_touch_motion(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat = wl_container_of(listener, seat, touch_motion);
	struct wlr_event_touch_motion *event = data;
	struct wlr_touch_point *point =
		wlr_seat_touch_get_point(seat->wlr_seat, event->touch_id);
	if (point == NULL || point->surface == NULL) {
		return;
	}
	struct gridwl_view *view = gridwl_view_from_surface(point->surface);
	int surface_x, surface_y;
	if (view == NULL || !view->mapped ||
			!gridwl_view_surface_position(view, point->surface,
				&surface_x, &surface_y)) {
		return;
	}
	double lx, ly;
	wlr_cursor_absolute_to_layout_coords(seat->cursor, event->device,
		event->x, event->y, &lx, &ly);
	wlr_seat_touch_notify_motion(seat->wlr_seat, event->time_msec,
		event->touch_id, lx - surface_x, ly - surface_y);
}

static void handle_touch_cancel(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat = wl_container_of(listener, seat, touch_cancel);
	struct wlr_event_touch_cancel *event = data;
	struct wlr_touch_point *point =
		wlr_seat_touch_get_point(seat->wlr_seat, event->touch_id);
	if (point != NULL && point->surface != NULL) {
		wlr_seat_touch_notify_cancel(seat->wlr_seat, point->surface);
	}
}

static void handle_touch_frame(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat = wl_container_of(listener, seat, touch_frame);
	wlr_seat_touch_notify_frame(seat->wlr_seat);
}

void gridwl_touch_init(struct gridwl_seat *seat) {
	struct wlr_cursor *cursor = seat->cursor;
	seat->touch_down.notify = handle_touch_down;
	wl_signal_add(&cursor->events.touch_down, &seat->touch_down);
	seat->touch_up.notify = handle_touch_up;
	wl_signal_add(&cursor->events.touch_up, &seat->touch_up);
	seat->touch_motion.notify = handle_touch_motion;
	wl_signal_add(&cursor->events.touch_motion, &seat->touch_motion);
	seat->touch_cancel.notify = handle_touch_cancel;
	wl_signal_add(&cursor->events.touch_cancel, &seat->touch_cancel);
	seat->touch_frame.notify = handle_touch_frame;
	wl_signal_add(&cursor->events.touch_frame, &seat->touch_frame);
}

void gridwl_touch_finish(struct gridwl_seat *seat) {
	wl_list_remove(&seat->touch_down.link);
	wl_list_remove(&seat->touch_up.link);
	wl_list_remove(&seat->touch_motion.link);
	wl_list_remove(&seat->touch_cancel.link);
	wl_list_remove(&seat->touch_frame.link);
}
