#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_seat.h>
#include "input/cursor_surface.h"

void gridwl_cursor_surface_forget(struct gridwl_cursor_surface *held) {
	if (held->surface != NULL) {
		wl_list_remove(&held->destroy.link);
		held->surface = NULL;
	}
}

static void handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_cursor_surface *held =
			wl_container_of(listener, held, destroy);
	// wlr_cursor shows nothing from here on either.
	gridwl_cursor_surface_forget(held);
}

void gridwl_cursor_surface_show(struct gridwl_cursor_surface *held,
		struct wlr_cursor *cursor, struct wlr_surface *surface,
		int32_t hotspot_x, int32_t hotspot_y) {
	wlr_cursor_set_surface(cursor, surface, hotspot_x, hotspot_y);
	if (surface == held->surface) {
		return;
	}
	gridwl_cursor_surface_forget(held);
	if (surface != NULL) {
		held->surface = surface;
		held->destroy.notify = handle_destroy;
		wl_signal_add(&surface->events.destroy, &held->destroy);
	}
}

struct wlr_surface *gridwl_cursor_surface_of(
		const struct gridwl_cursor_surface *held, struct wlr_texture *texture) {
	if (held->surface != NULL &&
			wlr_surface_get_texture(held->surface) == texture) {
		return held->surface;
	}
	return NULL;
}

static void handle_frame(struct wl_listener *listener, void *data) {
	struct gridwl_cursor_events *events =
			wl_container_of(listener, events, frame);
	wlr_seat_pointer_notify_frame(events->wlr_seat);
}

void gridwl_cursor_events_connect(struct gridwl_cursor_events *events,
		const struct gridwl_cursor_events *handlers, struct wlr_cursor *cursor,
		struct wlr_seat *wlr_seat) {
	*events = *handlers;
	events->wlr_seat = wlr_seat;
	events->frame.notify = handle_frame;
	wl_signal_add(&cursor->events.motion, &events->motion);
	wl_signal_add(&cursor->events.motion_absolute, &events->motion_absolute);
	wl_signal_add(&cursor->events.button, &events->button);
	wl_signal_add(&cursor->events.axis, &events->axis);
	wl_signal_add(&cursor->events.frame, &events->frame);
	wl_signal_add(&wlr_seat->events.request_set_cursor,
			&events->request_set_cursor);
}

void gridwl_cursor_events_disconnect(struct gridwl_cursor_events *events) {
	wl_list_remove(&events->motion.link);
	wl_list_remove(&events->motion_absolute.link);
	wl_list_remove(&events->button.link);
	wl_list_remove(&events->axis.link);
	wl_list_remove(&events->frame.link);
	wl_list_remove(&events->request_set_cursor.link);
}

static void handle_output_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_mapped_output *mapped =
			wl_container_of(listener, mapped, destroy);
	mapped->unmapped(mapped);
	gridwl_mapped_output_hold(mapped, NULL, NULL);
}

void gridwl_mapped_output_hold(struct gridwl_mapped_output *mapped,
		struct wlr_output *output,
		void (*unmapped)(struct gridwl_mapped_output *mapped)) {
	if (mapped->output != NULL) {
		wl_list_remove(&mapped->destroy.link);
	}
	mapped->output = output;
	mapped->unmapped = unmapped;
	if (output != NULL) {
		mapped->destroy.notify = handle_output_destroy;
		wl_signal_add(&output->events.destroy, &mapped->destroy);
	}
}
