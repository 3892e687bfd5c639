#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_relative_pointer_v1.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_xcursor_manager.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/idle.h"
#include "compositor/shell/decoration.h"
#include "compositor/shell/xwayland.h"
#include "compositor/view/view.h"
#include "input/cursor.h"
#include "input/cursor_theme.h"
#include "input/seat.h"
#include "input/transient_seat.h"
#include "input/transient_seat_private.h"

/*
 * A transient seat's own pointer: a wlr_cursor of its own on the output
 * layout, moved by the virtual pointers its client makes on the seat,
 * with its own pointer focus, and drawn on every output as the user's is
 * (compositor/frame/plan.c puts every cursor of an output in its
 * frames): the theme's image at each output's scale, or the surface the
 * client under it sets on this seat. Its clicks give this seat's keyboard the window and raise
 * it; nothing here moves the user's cursor or focus. Bindings, window
 * drags, frames' buttons and pointer constraints are the user's alone.
 */
struct gridwl_transient_pointer {
	struct gridwl_transient_seat *seat;
	struct wlr_input_device *device;
	struct gridwl_mapped_output mapped;
	struct wl_list link;
	struct wl_listener destroy;
};

static struct gridwl_server *seat_server(struct gridwl_transient_seat *seat) {
	return seat->seats->seat->server;
}

void gridwl_transient_cursor_set_theme_image(struct gridwl_transient_seat *seat,
		const char *name) {
	struct wlr_xcursor_manager *theme = seat->seats->seat->xcursor_manager;
	if (!seat->cursor_shown || theme == NULL) {
		return;
	}
	// The user's theme, shared: each scale is loaded once for both.
	gridwl_cursor_theme_load_outputs(seat->seats->seat, theme);
	wlr_cursor_set_xcursor(seat->cursor, theme, name);
	gridwl_cursor_surface_forget(&seat->cursor_surface);
	seat->cursor_image = name;
}

static void set_cursor_surface(struct gridwl_transient_seat *seat,
		struct wlr_surface *surface, int32_t hotspot_x, int32_t hotspot_y) {
	gridwl_cursor_surface_show(&seat->cursor_surface, seat->cursor, surface,
			hotspot_x, hotspot_y);
	seat->cursor_image = NULL;
}

static void hide_cursor(struct gridwl_transient_seat *seat) {
	wlr_cursor_unset_image(seat->cursor);
	gridwl_cursor_surface_forget(&seat->cursor_surface);
	seat->cursor_image = NULL;
	seat->cursor_shown = false;
}

/* The surface under the cursor gets this seat's pointer; frames and the
 * background none. */
static void update_pointer_focus(struct gridwl_transient_seat *seat,
		uint32_t time_msec) {
	struct wlr_seat_pointer_state *state = &seat->wlr_seat->pointer_state;
	double sx, sy;
	struct wlr_surface *surface = NULL;
	struct gridwl_view *view = gridwl_view_at(seat_server(seat),
			seat->cursor->x, seat->cursor->y, &surface, &sx, &sy);
	if (view == NULL) {
		if (state->focused_surface != NULL ||
				seat->cursor_surface.surface != NULL) {
			gridwl_transient_cursor_set_theme_image(seat, "left_ptr");
		}
		wlr_seat_pointer_notify_clear_focus(seat->wlr_seat);
		return;
	}
	gridwl_seat_pointer_at(seat_server(seat), seat->wlr_seat, surface, sx, sy,
			time_msec);
}

static void cursor_moved(struct gridwl_transient_seat *seat,
		uint32_t time_msec) {
	gridwl_idle_notify_activity(seat_server(seat));
	if (!seat->cursor_shown) {
		// Drawn from its first move: before it, it is nowhere.
		seat->cursor_shown = true;
		gridwl_transient_cursor_set_theme_image(seat, "left_ptr");
	}
	if (!gridwl_seat_pointer_implicit_grab(seat_server(seat), seat->wlr_seat,
				seat->cursor, time_msec)) {
		update_pointer_focus(seat, time_msec);
	}
}

void gridwl_transient_cursor_rebase(struct gridwl_transient_seat *seat,
		uint32_t time_msec) {
	struct wlr_seat_pointer_state *state = &seat->wlr_seat->pointer_state;
	if (!seat->cursor_shown || state->button_count > 0) {
		return;
	}
	struct wlr_surface *before = state->focused_surface;
	double sx = state->sx, sy = state->sy;
	update_pointer_focus(seat, time_msec);
	if (state->focused_surface != before ||
			(before != NULL && (sx != state->sx || sy != state->sy))) {
		wlr_seat_pointer_notify_frame(seat->wlr_seat);
	}
}

static void send_relative_motion(struct gridwl_transient_seat *seat,
		const struct wlr_pointer_motion_event *event) {
	wlr_relative_pointer_manager_v1_send_relative_motion(
			seat->seats->seat->relative_pointers, seat->wlr_seat,
			(uint64_t)event->time_msec * 1000, event->delta_x, event->delta_y,
			event->unaccel_dx, event->unaccel_dy);
}

static void handle_motion(struct wl_listener *listener, void *data) {
	struct gridwl_transient_seat *seat =
			wl_container_of(listener, seat, cursor_events.motion);
	struct wlr_pointer_motion_event *event = data;
	// Logical pixels, as the user's pointer moves.
	send_relative_motion(seat, event);
	wlr_cursor_move(seat->cursor, &event->pointer->base, event->delta_x,
			event->delta_y);
	cursor_moved(seat, event->time_msec);
}

static void handle_motion_absolute(struct wl_listener *listener, void *data) {
	struct gridwl_transient_seat *seat =
			wl_container_of(listener, seat, cursor_events.motion_absolute);
	struct wlr_pointer_motion_absolute_event *event = data;
	wlr_cursor_warp_absolute(seat->cursor, &event->pointer->base, event->x,
			event->y);
	cursor_moved(seat, event->time_msec);
}

/* The window under the cursor, by its surface or by its frame. */
static struct gridwl_view *view_under_cursor(
		struct gridwl_transient_seat *seat) {
	struct gridwl_server *server = seat_server(seat);
	double lx = seat->cursor->x, ly = seat->cursor->y;
	double sx, sy;
	struct wlr_surface *surface = NULL;
	struct gridwl_view *view =
			gridwl_view_at(server, lx, ly, &surface, &sx, &sy);
	if (view != NULL) {
		return view;
	}
	wl_list_for_each(view, &server->views, link) {
		if (gridwl_view_is_shown(view) &&
				gridwl_view_frame_contains(view, lx, ly)) {
			return view;
		}
	}
	return NULL;
}

static void handle_button(struct wl_listener *listener, void *data) {
	struct gridwl_transient_seat *seat =
			wl_container_of(listener, seat, cursor_events.button);
	struct wlr_pointer_button_event *event = data;
	gridwl_idle_notify_activity(seat_server(seat));
	if (!seat->cursor_shown) {
		// A click before any motion is where the cursor was made.
		cursor_moved(seat, event->time_msec);
	}
	if (event->state == WL_POINTER_BUTTON_STATE_PRESSED) {
		struct gridwl_view *view = view_under_cursor(seat);
		if (view != NULL) {
			gridwl_transient_seat_focus_view(seat, view);
		}
	}
	wlr_seat_pointer_notify_button(seat->wlr_seat, event->time_msec,
			event->button, event->state);
	// The last release ends the implicit grab: the pointer may be over
	// another surface by now, and a raise may have put one under it.
	if (seat->wlr_seat->pointer_state.button_count == 0) {
		update_pointer_focus(seat, event->time_msec);
	}
}

static void handle_axis(struct wl_listener *listener, void *data) {
	struct gridwl_transient_seat *seat =
			wl_container_of(listener, seat, cursor_events.axis);
	struct wlr_pointer_axis_event *event = data;
	gridwl_idle_notify_activity(seat_server(seat));
	wlr_seat_pointer_notify_axis(seat->wlr_seat, event->time_msec,
			event->orientation, event->delta, event->delta_discrete,
			event->source, event->relative_direction);
}

static void handle_request_set_cursor(struct wl_listener *listener,
		void *data) {
	struct gridwl_transient_seat *seat =
			wl_container_of(listener, seat, cursor_events.request_set_cursor);
	struct wlr_seat_pointer_request_set_cursor_event *event = data;
	// Only the client under this seat's pointer may choose its image.
	if (!seat->cursor_shown ||
			event->seat_client !=
					seat->wlr_seat->pointer_state.focused_client) {
		return;
	}
	// Xwayland's hotspot is in X pixels of its scale-N image.
	int n = gridwl_xwayland_surface_scale(seat_server(seat)->xwayland,
			event->surface);
	set_cursor_surface(seat, event->surface, event->hotspot_x / n,
			event->hotspot_y / n);
}

bool gridwl_transient_seats_set_shape(struct gridwl_transient_seats *seats,
		struct wlr_seat_client *seat_client, const char *name) {
	struct gridwl_transient_seat *seat;
	wl_list_for_each(seat, &seats->seats, link) {
		if (seat->wlr_seat != seat_client->seat) {
			continue;
		}
		if (seat_client == seat->wlr_seat->pointer_state.focused_client) {
			gridwl_transient_cursor_set_theme_image(seat, name);
		}
		return true;
	}
	return false;
}

struct wlr_surface *gridwl_transient_seats_cursor_surface(
		struct gridwl_transient_seats *seats, struct wlr_texture *texture) {
	struct gridwl_transient_seat *seat;
	wl_list_for_each(seat, &seats->seats, link) {
		struct wlr_surface *surface =
				gridwl_cursor_surface_of(&seat->cursor_surface, texture);
		if (surface != NULL) {
			return surface;
		}
	}
	return NULL;
}

void gridwl_transient_seats_theme_changed(
		struct gridwl_transient_seats *seats) {
	struct gridwl_transient_seat *seat;
	wl_list_for_each(seat, &seats->seats, link) {
		if (seat->cursor_image != NULL) {
			gridwl_transient_cursor_set_theme_image(seat, seat->cursor_image);
		}
	}
}

void gridwl_transient_seats_layout_changed(
		struct gridwl_transient_seats *seats) {
	struct gridwl_transient_seat *seat;
	wl_list_for_each(seat, &seats->seats, link) {
		// As for the user's cursor (gridwl_seat_layout_changed): each
		// output's cursor is placed only when the cursor moves.
		wlr_cursor_warp(seat->cursor, NULL, seat->cursor->x, seat->cursor->y);
	}
}

static void pointer_unmapped(struct gridwl_mapped_output *mapped) {
	struct gridwl_transient_pointer *pointer =
			wl_container_of(mapped, pointer, mapped);
	// The whole layout again.
	wlr_cursor_map_input_to_output(pointer->seat->cursor, pointer->device,
			NULL);
}

static void pointer_free(struct gridwl_transient_pointer *pointer) {
	gridwl_mapped_output_hold(&pointer->mapped, NULL, NULL);
	wlr_cursor_detach_input_device(pointer->seat->cursor, pointer->device);
	wl_list_remove(&pointer->destroy.link);
	wl_list_remove(&pointer->link);
	free(pointer);
}

static void pointer_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_transient_pointer *pointer =
			wl_container_of(listener, pointer, destroy);
	struct gridwl_transient_seat *seat = pointer->seat;
	pointer_free(pointer);
	gridwl_transient_seat_update_capabilities(seat);
	if (wl_list_empty(&seat->pointers)) {
		// Nothing left to point with: no cursor, no pointer focus.
		wlr_seat_pointer_notify_clear_focus(seat->wlr_seat);
		hide_cursor(seat);
	}
}

void gridwl_transient_cursor_add_pointer(struct gridwl_transient_seat *seat,
		struct wlr_input_device *device, struct wlr_output *output) {
	struct gridwl_transient_pointer *pointer = calloc(1, sizeof(*pointer));
	if (pointer == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a pointer of %s",
				seat->wlr_seat->name);
		return;
	}
	pointer->seat = seat;
	pointer->device = device;
	pointer->destroy.notify = pointer_handle_destroy;
	wl_signal_add(&device->events.destroy, &pointer->destroy);
	wl_list_insert(&seat->pointers, &pointer->link);
	wlr_cursor_attach_input_device(seat->cursor, device);
	if (output != NULL) {
		wlr_cursor_map_input_to_output(seat->cursor, device, output);
		gridwl_mapped_output_hold(&pointer->mapped, output, pointer_unmapped);
	}
	wlr_log(WLR_DEBUG, "Pointer of %s%s%s", seat->wlr_seat->name,
			output != NULL ? " on " : "", output != NULL ? output->name : "");
}

bool gridwl_transient_cursor_has_pointer(struct gridwl_transient_seat *seat) {
	return !wl_list_empty(&seat->pointers);
}

static const struct gridwl_cursor_events cursor_handlers =
		GRIDWL_CURSOR_HANDLERS;

bool gridwl_transient_cursor_init(struct gridwl_transient_seat *seat) {
	seat->cursor = wlr_cursor_create();
	if (seat->cursor == NULL) {
		return false;
	}
	wl_list_init(&seat->pointers);
	wlr_cursor_attach_output_layout(seat->cursor,
			seat_server(seat)->output_layout);
	gridwl_cursor_events_connect(&seat->cursor_events, &cursor_handlers,
			seat->cursor, seat->wlr_seat);
	return true;
}

void gridwl_transient_cursor_finish(struct gridwl_transient_seat *seat) {
	struct gridwl_transient_pointer *pointer, *tmp;
	wl_list_for_each_safe(pointer, tmp, &seat->pointers, link) {
		pointer_free(pointer);
	}
	gridwl_cursor_surface_forget(&seat->cursor_surface);
	gridwl_cursor_events_disconnect(&seat->cursor_events);
	// Its output cursors go, and the outputs repaint where they were.
	wlr_cursor_destroy(seat->cursor);
	seat->cursor = NULL;
}
