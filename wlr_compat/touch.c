#include <stdlib.h>
#include <wlr/types/wlr_seat.h>
#include "wlr_compat/wlr_compat.h"

uint32_t gridwl_compat_seat_touch_notify_up(struct wlr_seat *seat,
		uint32_t time_msec, int32_t touch_id) {
	uint32_t serial = wlr_seat_touch_notify_up(seat, time_msec, touch_id);
	struct wlr_touch_point *point = wlr_seat_touch_get_point(seat, touch_id);
	if (point == NULL) {
		// A wlroots that frees it itself (0.18.3 and later).
		return serial;
	}
	// What wlroots 0.18.2's touch_point_destroy would have done after
	// the up: its code there is unreachable, after a return.
	wl_signal_emit_mutable(&point->events.destroy, point);
	if (point->focus_surface != NULL) {
		wl_list_remove(&point->focus_surface_destroy.link);
	}
	wl_list_remove(&point->surface_destroy.link);
	wl_list_remove(&point->client_destroy.link);
	wl_list_remove(&point->link);
	free(point);
	return serial;
}
