#include <stdlib.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_pointer_gestures_v1.h>
#include <wlr/types/wlr_seat.h>
#include "compositor/services/idle.h"
#include "compositor/server.h"
#include "input/seat.h"

/*
 * pointer-gestures-unstable-v1: touchpad swipes, pinches and holds from
 * libinput reach wlr_cursor as gesture events of its pointers, and go to
 * the surface that has the pointer (wlroots sends them to the seat's
 * pointer focus), as on sway. gridwl binds no gesture itself. Pinch and
 * swipe deltas are libinput's, in its normalized (logical) units, the same
 * at every output scale.
 */
struct gridwl_gestures {
	struct gridwl_seat *seat;
	struct wlr_pointer_gestures_v1 *wlr_gestures;
	struct wl_listener swipe_begin;
	struct wl_listener swipe_update;
	struct wl_listener swipe_end;
	struct wl_listener pinch_begin;
	struct wl_listener pinch_update;
	struct wl_listener pinch_end;
	struct wl_listener hold_begin;
	struct wl_listener hold_end;
};

/* What every gesture event does first: it is the user's activity. */
static struct wlr_seat *gesture_seat(struct gridwl_gestures *gestures) {
	gridwl_idle_notify_activity(gestures->seat->server);
	return gestures->seat->wlr_seat;
}

static void handle_swipe_begin(struct wl_listener *listener, void *data) {
	struct gridwl_gestures *gestures =
			wl_container_of(listener, gestures, swipe_begin);
	struct wlr_pointer_swipe_begin_event *event = data;
	wlr_pointer_gestures_v1_send_swipe_begin(gestures->wlr_gestures,
			gesture_seat(gestures), event->time_msec, event->fingers);
}

static void handle_swipe_update(struct wl_listener *listener, void *data) {
	struct gridwl_gestures *gestures =
			wl_container_of(listener, gestures, swipe_update);
	struct wlr_pointer_swipe_update_event *event = data;
	wlr_pointer_gestures_v1_send_swipe_update(gestures->wlr_gestures,
			gesture_seat(gestures), event->time_msec, event->dx, event->dy);
}

static void handle_swipe_end(struct wl_listener *listener, void *data) {
	struct gridwl_gestures *gestures =
			wl_container_of(listener, gestures, swipe_end);
	struct wlr_pointer_swipe_end_event *event = data;
	wlr_pointer_gestures_v1_send_swipe_end(gestures->wlr_gestures,
			gesture_seat(gestures), event->time_msec, event->cancelled);
}

static void handle_pinch_begin(struct wl_listener *listener, void *data) {
	struct gridwl_gestures *gestures =
			wl_container_of(listener, gestures, pinch_begin);
	struct wlr_pointer_pinch_begin_event *event = data;
	wlr_pointer_gestures_v1_send_pinch_begin(gestures->wlr_gestures,
			gesture_seat(gestures), event->time_msec, event->fingers);
}

static void handle_pinch_update(struct wl_listener *listener, void *data) {
	struct gridwl_gestures *gestures =
			wl_container_of(listener, gestures, pinch_update);
	struct wlr_pointer_pinch_update_event *event = data;
	wlr_pointer_gestures_v1_send_pinch_update(gestures->wlr_gestures,
			gesture_seat(gestures), event->time_msec, event->dx, event->dy,
			event->scale, event->rotation);
}

static void handle_pinch_end(struct wl_listener *listener, void *data) {
	struct gridwl_gestures *gestures =
			wl_container_of(listener, gestures, pinch_end);
	struct wlr_pointer_pinch_end_event *event = data;
	wlr_pointer_gestures_v1_send_pinch_end(gestures->wlr_gestures,
			gesture_seat(gestures), event->time_msec, event->cancelled);
}

static void handle_hold_begin(struct wl_listener *listener, void *data) {
	struct gridwl_gestures *gestures =
			wl_container_of(listener, gestures, hold_begin);
	struct wlr_pointer_hold_begin_event *event = data;
	wlr_pointer_gestures_v1_send_hold_begin(gestures->wlr_gestures,
			gesture_seat(gestures), event->time_msec, event->fingers);
}

static void handle_hold_end(struct wl_listener *listener, void *data) {
	struct gridwl_gestures *gestures =
			wl_container_of(listener, gestures, hold_end);
	struct wlr_pointer_hold_end_event *event = data;
	wlr_pointer_gestures_v1_send_hold_end(gestures->wlr_gestures,
			gesture_seat(gestures), event->time_msec, event->cancelled);
}

struct gridwl_gestures *gridwl_gestures_create(struct gridwl_seat *seat) {
	struct gridwl_gestures *gestures = calloc(1, sizeof(*gestures));
	if (gestures == NULL) {
		return NULL;
	}
	gestures->seat = seat;
	// Freed by wlroots with the display.
	gestures->wlr_gestures =
			wlr_pointer_gestures_v1_create(seat->server->display);
	if (gestures->wlr_gestures == NULL) {
		free(gestures);
		return NULL;
	}
	struct wlr_cursor *cursor = seat->cursor;
	gestures->swipe_begin.notify = handle_swipe_begin;
	wl_signal_add(&cursor->events.swipe_begin, &gestures->swipe_begin);
	gestures->swipe_update.notify = handle_swipe_update;
	wl_signal_add(&cursor->events.swipe_update, &gestures->swipe_update);
	gestures->swipe_end.notify = handle_swipe_end;
	wl_signal_add(&cursor->events.swipe_end, &gestures->swipe_end);
	gestures->pinch_begin.notify = handle_pinch_begin;
	wl_signal_add(&cursor->events.pinch_begin, &gestures->pinch_begin);
	gestures->pinch_update.notify = handle_pinch_update;
	wl_signal_add(&cursor->events.pinch_update, &gestures->pinch_update);
	gestures->pinch_end.notify = handle_pinch_end;
	wl_signal_add(&cursor->events.pinch_end, &gestures->pinch_end);
	gestures->hold_begin.notify = handle_hold_begin;
	wl_signal_add(&cursor->events.hold_begin, &gestures->hold_begin);
	gestures->hold_end.notify = handle_hold_end;
	wl_signal_add(&cursor->events.hold_end, &gestures->hold_end);
	return gestures;
}

void gridwl_gestures_destroy(struct gridwl_gestures *gestures) {
	if (gestures == NULL) {
		return;
	}
	// Before the cursor whose signals these are.
	wl_list_remove(&gestures->swipe_begin.link);
	wl_list_remove(&gestures->swipe_update.link);
	wl_list_remove(&gestures->swipe_end.link);
	wl_list_remove(&gestures->pinch_begin.link);
	wl_list_remove(&gestures->pinch_update.link);
	wl_list_remove(&gestures->pinch_end.link);
	wl_list_remove(&gestures->hold_begin.link);
	wl_list_remove(&gestures->hold_end.link);
	free(gestures);
}
