#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_pointer_gestures_v1.h>
#include <wlr/types/wlr_seat.h>
#include "compositor/services/idle.h"
#include "compositor/server.h"
#include "input/gestures.h"
#include "input/seat.h"

/*
 * pointer-gestures-unstable-v1: touchpad swipes, pinches and holds from
 * libinput reach wlr_cursor as gesture events of its pointers, and go to
 * the surface that has the pointer (wlroots sends them to the seat's
 * pointer focus), as on sway. gridwl binds no gesture itself. Pinch and
 * swipe deltas are libinput's, in its normalized (logical) units, the same
 * at every output scale.
 */
/* What every gesture event does first: it is the user's activity. */
static struct wlr_seat *gesture_seat(struct gridwl_seat *seat) {
	gridwl_idle_notify_activity(seat->server);
	return seat->wlr_seat;
}

static void handle_swipe_begin(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, gestures.swipe_begin);
	struct wlr_pointer_swipe_begin_event *event = data;
	wlr_pointer_gestures_v1_send_swipe_begin(seat->gestures.wlr_gestures,
			gesture_seat(seat), event->time_msec, event->fingers);
}

static void handle_swipe_update(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, gestures.swipe_update);
	struct wlr_pointer_swipe_update_event *event = data;
	wlr_pointer_gestures_v1_send_swipe_update(seat->gestures.wlr_gestures,
			gesture_seat(seat), event->time_msec, event->dx, event->dy);
}

static void handle_swipe_end(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, gestures.swipe_end);
	struct wlr_pointer_swipe_end_event *event = data;
	wlr_pointer_gestures_v1_send_swipe_end(seat->gestures.wlr_gestures,
			gesture_seat(seat), event->time_msec, event->cancelled);
}

static void handle_pinch_begin(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, gestures.pinch_begin);
	struct wlr_pointer_pinch_begin_event *event = data;
	wlr_pointer_gestures_v1_send_pinch_begin(seat->gestures.wlr_gestures,
			gesture_seat(seat), event->time_msec, event->fingers);
}

static void handle_pinch_update(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, gestures.pinch_update);
	struct wlr_pointer_pinch_update_event *event = data;
	wlr_pointer_gestures_v1_send_pinch_update(seat->gestures.wlr_gestures,
			gesture_seat(seat), event->time_msec, event->dx, event->dy,
			event->scale, event->rotation);
}

static void handle_pinch_end(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, gestures.pinch_end);
	struct wlr_pointer_pinch_end_event *event = data;
	wlr_pointer_gestures_v1_send_pinch_end(seat->gestures.wlr_gestures,
			gesture_seat(seat), event->time_msec, event->cancelled);
}

static void handle_hold_begin(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, gestures.hold_begin);
	struct wlr_pointer_hold_begin_event *event = data;
	wlr_pointer_gestures_v1_send_hold_begin(seat->gestures.wlr_gestures,
			gesture_seat(seat), event->time_msec, event->fingers);
}

static void handle_hold_end(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, gestures.hold_end);
	struct wlr_pointer_hold_end_event *event = data;
	wlr_pointer_gestures_v1_send_hold_end(seat->gestures.wlr_gestures,
			gesture_seat(seat), event->time_msec, event->cancelled);
}

bool gridwl_gestures_init(struct gridwl_seat *seat) {
	struct gridwl_gestures *gestures = &seat->gestures;
	gestures->wlr_gestures =
			wlr_pointer_gestures_v1_create(seat->server->display);
	if (gestures->wlr_gestures == NULL) {
		return false;
	}
	struct wlr_cursor *cursor = seat->cursor;
	struct gridwl_listeners *listeners = &gestures->listeners;
	gridwl_listeners_add(listeners, &cursor->events.swipe_begin,
			&gestures->swipe_begin, handle_swipe_begin);
	gridwl_listeners_add(listeners, &cursor->events.swipe_update,
			&gestures->swipe_update, handle_swipe_update);
	gridwl_listeners_add(listeners, &cursor->events.swipe_end,
			&gestures->swipe_end, handle_swipe_end);
	gridwl_listeners_add(listeners, &cursor->events.pinch_begin,
			&gestures->pinch_begin, handle_pinch_begin);
	gridwl_listeners_add(listeners, &cursor->events.pinch_update,
			&gestures->pinch_update, handle_pinch_update);
	gridwl_listeners_add(listeners, &cursor->events.pinch_end,
			&gestures->pinch_end, handle_pinch_end);
	gridwl_listeners_add(listeners, &cursor->events.hold_begin,
			&gestures->hold_begin, handle_hold_begin);
	gridwl_listeners_add(listeners, &cursor->events.hold_end,
			&gestures->hold_end, handle_hold_end);
	return true;
}

void gridwl_gestures_finish(struct gridwl_seat *seat) {
	gridwl_listeners_remove(&seat->gestures.listeners);
}
