#include <linux/input-event-codes.h>
#include <math.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_relative_pointer_v1.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_xcursor_manager.h>
#include <wlr/types/wlr_xdg_shell.h>
#include "compositor/server.h"
#include "compositor/services/idle.h"
#include "compositor/session/nested.h"
#include "compositor/shell/xwayland.h"
#include "compositor/util.h"
#include "compositor/view/view.h"
#include "input/cursor.h"
#include "input/cursor_theme.h"
#include "input/decoration_input.h"
#include "input/input_device.h"
#include "input/pointer_constraints.h"
#include "input/seat.h"
#include "input/transient_seat.h"

/* Windows are at least this big, in logical pixels, while resized. */
#define MIN_WINDOW_SIZE 16

/* A theme a reload replaced goes once the cursor no longer shows it. */
static void release_retired_theme(struct gridwl_seat *seat) {
	if (seat->retired_xcursor_manager != NULL &&
			seat->retired_xcursor_manager != seat->cursor_theme_shown) {
		wlr_xcursor_manager_destroy(seat->retired_xcursor_manager);
		seat->retired_xcursor_manager = NULL;
	}
}

void gridwl_cursor_set_surface(struct gridwl_seat *seat,
		struct wlr_surface *surface, int32_t hotspot_x, int32_t hotspot_y) {
	gridwl_cursor_surface_show(&seat->cursor_surface, seat->cursor, surface,
			hotspot_x, hotspot_y);
	seat->cursor_theme_shown = NULL;
	release_retired_theme(seat);
}

struct wlr_surface *gridwl_cursor_client_surface(struct gridwl_server *server,
		struct wlr_texture *texture) {
	struct gridwl_seat *seat = server->seat;
	if (seat == NULL) {
		return NULL;
	}
	struct wlr_surface *surface =
			gridwl_cursor_surface_of(&seat->cursor_surface, texture);
	if (surface != NULL) {
		return surface;
	}
	return gridwl_transient_seats_cursor_surface(seat->transient_seats,
			texture);
}

static void show_deferred_pointer(void *data) {
	struct gridwl_seat *seat = data;
	seat->cursor_theme_idle = NULL;
	gridwl_cursor_set_default_image(seat);
}

void gridwl_cursor_set_theme_image(struct gridwl_seat *seat, const char *name) {
	if (seat->server->socket == NULL) {
		// Before the Wayland socket (a mouse there at start-up, as outputs
		// are configured): loading the theme can wait until the event loop
		// runs, which is before the first frame, and no client can have
		// set an image of its own by then.
		if (seat->cursor_theme_idle == NULL) {
			seat->cursor_theme_idle =
					wl_event_loop_add_idle(wl_display_get_event_loop(
												   seat->server->display),
							show_deferred_pointer, seat);
		}
		return;
	}
	if (seat->pointer_count > 0 && seat->xcursor_manager != NULL &&
			!seat->pointer_parked) {
		gridwl_cursor_theme_load_outputs(seat, seat->xcursor_manager);
		wlr_cursor_set_xcursor(seat->cursor, seat->xcursor_manager, name);
		gridwl_cursor_surface_forget(&seat->cursor_surface);
		seat->cursor_theme_shown = seat->xcursor_manager;
		release_retired_theme(seat);
	}
}

void gridwl_cursor_set_default_image(struct gridwl_seat *seat) {
	gridwl_cursor_set_theme_image(seat, "left_ptr");
}

void gridwl_cursor_hide(struct gridwl_seat *seat) {
	wlr_cursor_unset_image(seat->cursor);
	gridwl_cursor_surface_forget(&seat->cursor_surface);
	seat->cursor_theme_shown = NULL;
	release_retired_theme(seat);
}

void gridwl_seat_pointer_at(struct gridwl_server *server,
		struct wlr_seat *wlr_seat, struct wlr_surface *surface, double sx,
		double sy, uint32_t time_msec) {
	// Xwayland's surface-local positions are X pixels.
	int n = gridwl_xwayland_surface_scale(server->xwayland, surface);
	sx *= n;
	sy *= n;
	struct wlr_seat_pointer_state *state = &wlr_seat->pointer_state;
	if (surface != state->focused_surface) {
		wlr_seat_pointer_notify_enter(wlr_seat, surface, sx, sy);
	} else if (sx != state->sx || sy != state->sy) {
		wlr_seat_pointer_notify_motion(wlr_seat, time_msec, sx, sy);
	}
}

void gridwl_seat_update_pointer_focus(struct gridwl_seat *seat,
		uint32_t time_msec) {
	if (seat->pointer_parked) {
		return;
	}
	double sx, sy;
	struct wlr_surface *surface = NULL;
	struct gridwl_view *view = gridwl_view_at(seat->server, seat->cursor->x,
			seat->cursor->y, &surface, &sx, &sy);
	struct wlr_seat_pointer_state *state = &seat->wlr_seat->pointer_state;
	if (view == NULL && gridwl_seat_frame_pointer_focus(seat)) {
		return;
	}
	if (seat->frame_cursor) {
		// Off a frame: the arrow, until a surface entered sets its own.
		seat->frame_cursor = false;
		gridwl_cursor_set_default_image(seat);
	}
	if (view == NULL) {
		if (state->focused_surface != NULL) {
			gridwl_cursor_set_default_image(seat);
		}
		wlr_seat_pointer_clear_focus(seat->wlr_seat);
		return;
	}
	gridwl_seat_pointer_at(seat->server, seat->wlr_seat, surface, sx, sy,
			time_msec);
}

static void rebase_pointer(void *data) {
	struct gridwl_seat *seat = data;
	seat->pointer_rebase_idle = NULL;
	gridwl_transient_seats_rebase_pointers(seat->transient_seats);
	struct wlr_seat_pointer_state *state = &seat->wlr_seat->pointer_state;
	// While a button is held the surface it went to keeps the pointer
	// (the implicit grab clients rely on for drags), and during a move or
	// resize nothing has it.
	if (seat->grab_mode != GRIDWL_GRAB_NONE || state->button_count > 0 ||
			seat->pointer_count == 0) {
		return;
	}
	struct wlr_surface *before = state->focused_surface;
	double sx = state->sx, sy = state->sy;
	gridwl_seat_update_pointer_focus(seat, gridwl_now_msec());
	if (state->focused_surface != before ||
			(before != NULL && (sx != state->sx || sy != state->sy))) {
		wlr_seat_pointer_notify_frame(seat->wlr_seat);
	}
}

void gridwl_seat_schedule_pointer_rebase(struct gridwl_seat *seat) {
	if (seat->pointer_rebase_idle != NULL) {
		return;
	}
	struct wl_event_loop *loop =
			wl_display_get_event_loop(seat->server->display);
	seat->pointer_rebase_idle =
			wl_event_loop_add_idle(loop, rebase_pointer, seat);
}

static int min_int(int a, int b) {
	return a < b ? a : b;
}

static int max_int(int a, int b) {
	return a > b ? a : b;
}

struct wlr_box gridwl_resized_box(struct wlr_box box, uint32_t edges, int dx,
		int dy) {
	int left = box.x, top = box.y;
	int right = box.x + box.width, bottom = box.y + box.height;
	// The edges held move; the window keeps its minimum size.
	if (edges & WLR_EDGE_LEFT) {
		left = min_int(left + dx, right - MIN_WINDOW_SIZE);
	} else if (edges & WLR_EDGE_RIGHT) {
		right = max_int(right + dx, left + MIN_WINDOW_SIZE);
	}
	if (edges & WLR_EDGE_TOP) {
		top = min_int(top + dy, bottom - MIN_WINDOW_SIZE);
	} else if (edges & WLR_EDGE_BOTTOM) {
		bottom = max_int(bottom + dy, top + MIN_WINDOW_SIZE);
	}
	return (struct wlr_box){ left, top, right - left, bottom - top };
}

static void process_grab_motion(struct gridwl_seat *seat) {
	struct gridwl_view *view = seat->grab_view;
	// Rounded, not truncated: absolute motion reaches the cursor as
	// fraction * layout size, so a drag of exactly 60 pixels can come out
	// as 59.99999999999997, and truncating it lost a pixel.
	int dx = (int)lround(seat->cursor->x - seat->grab_x);
	int dy = (int)lround(seat->cursor->y - seat->grab_y);
	if (dx != 0 || dy != 0) {
		// A press that became a drag is not half of a double click.
		seat->title_click_view = 0;
	}
	if (seat->grab_mode == GRIDWL_GRAB_MOVE) {
		gridwl_view_move(view, seat->grab_box.x + dx, seat->grab_box.y + dy);
		gridwl_view_snap_drag_motion(view, seat->cursor->x, seat->cursor->y);
		return;
	}
	struct wlr_box box =
			gridwl_resized_box(seat->grab_box, seat->grab_edges, dx, dy);
	gridwl_view_move(view, box.x, box.y);
	gridwl_view_request_size(view, box.width, box.height);
}

bool gridwl_seat_pointer_implicit_grab(struct gridwl_server *server,
		struct wlr_seat *wlr_seat, struct wlr_cursor *cursor,
		uint32_t time_msec) {
	struct wlr_seat_pointer_state *state = &wlr_seat->pointer_state;
	if (state->button_count == 0 || state->focused_surface == NULL) {
		return false;
	}
	struct gridwl_view *view = gridwl_view_from_surface(state->focused_surface);
	int lx, ly;
	if (view == NULL || !view->mapped ||
			!gridwl_view_surface_position(view, state->focused_surface, &lx,
					&ly)) {
		return false;
	}
	int n = gridwl_xwayland_surface_scale(server->xwayland,
			state->focused_surface);
	wlr_seat_pointer_notify_motion(wlr_seat, time_msec, (cursor->x - lx) * n,
			(cursor->y - ly) * n);
	return true;
}

/* The parked pointer's first use shows it where it is, with the cursor;
 * false when it was not parked. */
static bool unpark(struct gridwl_seat *seat) {
	if (!seat->pointer_parked) {
		return false;
	}
	seat->pointer_parked = false;
	gridwl_cursor_set_default_image(seat);
	return true;
}

void gridwl_cursor_moved(struct gridwl_seat *seat, uint32_t time_msec) {
	unpark(seat);
	if (seat->grab_mode != GRIDWL_GRAB_NONE && seat->grab_view != NULL) {
		process_grab_motion(seat);
		return;
	}
	if (gridwl_seat_pointer_implicit_grab(seat->server, seat->wlr_seat,
				seat->cursor, time_msec)) {
		return;
	}
	gridwl_seat_update_pointer_focus(seat, time_msec);
}

/* Games and 3D views read the hand's movement, not the cursor's: it goes
 * out before the cursor meets the layout's edge or a lock, for every
 * relative motion of a real or virtual pointer. */
static void send_relative_motion(struct gridwl_seat *seat, uint32_t time_msec,
		double dx, double dy, double dx_unaccel, double dy_unaccel) {
	// It goes to the client with the pointer focus; Xwayland's deltas are
	// X pixels, as its positions are (raw motion for X11 games).
	int n = gridwl_xwayland_surface_scale(seat->server->xwayland,
			seat->wlr_seat->pointer_state.focused_surface);
	wlr_relative_pointer_manager_v1_send_relative_motion(
			seat->relative_pointers, seat->wlr_seat, (uint64_t)time_msec * 1000,
			dx * n, dy * n, dx_unaccel * n, dy_unaccel * n);
}

/* wlr_cursor stops the pointer at a right or bottom edge of the layout (or
 * of the device's output) 1/65536 of a pixel inside it, which clients get
 * rounded onto the edge in wl_fixed_t: gridwl stops it at the last whole
 * pixel inside, as at the edge of a confinement region. want_x, want_y is
 * where the motion would have taken it. */
static void stop_inside(struct gridwl_seat *seat,
		struct wlr_input_device *device, double want_x, double want_y) {
	double x = seat->cursor->x, y = seat->cursor->y;
	if (want_x > x) {
		x = floor(x);
	}
	if (want_y > y) {
		y = floor(y);
	}
	if (x != seat->cursor->x || y != seat->cursor->y) {
		wlr_cursor_warp(seat->cursor, device, x, y);
	}
}

/* wlr_cursor_move, stopping inside the layout's edges. */
static void move_cursor(struct gridwl_seat *seat,
		struct wlr_input_device *device, double dx, double dy) {
	double want_x = seat->cursor->x + dx, want_y = seat->cursor->y + dy;
	wlr_cursor_move(seat->cursor, device, dx, dy);
	stop_inside(seat, device, want_x, want_y);
}

static void handle_motion(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, cursor_events.motion);
	struct wlr_pointer_motion_event *event = data;
	gridwl_idle_notify_activity(seat->server);
	// Deltas are logical pixels: the same hand movement crosses the same
	// share of a window whatever the output's scale.
	double dx = event->delta_x, dy = event->delta_y;
	send_relative_motion(seat, event->time_msec, dx, dy, event->unaccel_dx,
			event->unaccel_dy);
	if (gridwl_pointer_constraints_apply(seat->pointer_constraints, &dx, &dy) ==
			GRIDWL_POINTER_MOTION_LOCKED) {
		return;
	}
	move_cursor(seat, &event->pointer->base, dx, dy);
	gridwl_cursor_moved(seat, event->time_msec);
}

static void handle_motion_absolute(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, cursor_events.motion_absolute);
	struct wlr_pointer_motion_absolute_event *event = data;
	struct wlr_input_device *device = &event->pointer->base;
	gridwl_idle_notify_activity(seat->server);
	// A position, not a movement: no relative motion goes out (unlike
	// sway, which sends the distance from the cursor; under a lock, where
	// the cursor stays, that would repeat the whole way from the lock
	// point with every event). Constraints still hold it back.
	double x = event->x, y = event->y;
	gridwl_nested_input_position(seat->server, device, &x, &y);
	double lx, ly;
	wlr_cursor_absolute_to_layout_coords(seat->cursor, device, x, y, &lx, &ly);
	double dx = lx - seat->cursor->x, dy = ly - seat->cursor->y;
	switch (gridwl_pointer_constraints_apply(seat->pointer_constraints, &dx,
			&dy)) {
	case GRIDWL_POINTER_MOTION_LOCKED:
		return;
	case GRIDWL_POINTER_MOTION_CONFINED:
		move_cursor(seat, device, dx, dy);
		break;
	case GRIDWL_POINTER_MOTION_FREE:
		// Exactly where the device says, with no rounding on the way.
		wlr_cursor_warp_absolute(seat->cursor, device, x, y);
		stop_inside(seat, device, lx, ly);
		break;
	}
	gridwl_cursor_moved(seat, event->time_msec);
}

/* Alt (as gridwl always had it) or Super (as sway and labwc have it). */
static bool drag_modifier_held(struct gridwl_seat *seat) {
	struct wlr_keyboard *keyboard = wlr_seat_get_keyboard(seat->wlr_seat);
	return keyboard != NULL &&
			(wlr_keyboard_get_modifiers(keyboard) &
					(WLR_MODIFIER_ALT | WLR_MODIFIER_LOGO));
}

static void begin_grab(struct gridwl_seat *seat, struct gridwl_view *view,
		enum gridwl_grab_mode mode, uint32_t edges) {
	// Only a shown window can be dragged; unmapping ends the grab, so the
	// seat never holds a window that goes away unseen. Panels, lock
	// surfaces and X11 menus are placed by their own rules, and nothing
	// moves under the lock.
	if (!gridwl_view_is_shown(view) || view->fullscreen || view->maximized ||
			!gridwl_view_is_window(view)) {
		return;
	}
	// Taken from its half, a snapped window gets its own size back; a
	// resize makes the size the user's.
	if (mode == GRIDWL_GRAB_MOVE) {
		gridwl_view_snap_drag_begin(view, seat->cursor->x);
	} else {
		gridwl_view_forget_snap(view);
	}
	seat->grab_mode = mode;
	seat->grab_view = view;
	seat->grab_x = seat->cursor->x;
	seat->grab_y = seat->cursor->y;
	seat->grab_box = gridwl_view_box(view);
	seat->grab_edges = edges;
	// The window follows the pointer, it does not receive it: the client
	// sees it leave until the grab ends.
	if (seat->wlr_seat->pointer_state.focused_surface != NULL) {
		wlr_seat_pointer_clear_focus(seat->wlr_seat);
		gridwl_cursor_set_default_image(seat);
	}
	if (mode == GRIDWL_GRAB_RESIZE) {
		gridwl_view_set_resizing(view, true);
	}
}

static void end_grab(struct gridwl_seat *seat) {
	if (seat->grab_mode == GRIDWL_GRAB_RESIZE && seat->grab_view != NULL) {
		gridwl_view_set_resizing(seat->grab_view, false);
	}
	// Dropped at an edge: snapped to what the preview showed.
	gridwl_view_snap_drag_end(seat->server,
			seat->grab_mode == GRIDWL_GRAB_MOVE ? seat->grab_view : NULL);
	seat->grab_mode = GRIDWL_GRAB_NONE;
	seat->grab_view = NULL;
}

void gridwl_seat_begin_move(struct gridwl_seat *seat,
		struct gridwl_view *view) {
	begin_grab(seat, view, GRIDWL_GRAB_MOVE, 0);
}

void gridwl_seat_begin_resize(struct gridwl_seat *seat,
		struct gridwl_view *view, uint32_t edges) {
	begin_grab(seat, view, GRIDWL_GRAB_RESIZE, edges);
}

/* Alt+right-drag resizes from the corner nearest the pointer. */
static uint32_t nearest_edges(struct gridwl_seat *seat,
		struct gridwl_view *view) {
	struct wlr_box box = gridwl_view_box(view);
	uint32_t edges = seat->cursor->x < box.x + box.width / 2.0 ? WLR_EDGE_LEFT :
																 WLR_EDGE_RIGHT;
	edges |= seat->cursor->y < box.y + box.height / 2.0 ? WLR_EDGE_TOP :
														  WLR_EDGE_BOTTOM;
	return edges;
}

void gridwl_cursor_button(struct gridwl_seat *seat, uint32_t time_msec,
		uint32_t button, enum wl_pointer_button_state state) {
	gridwl_idle_notify_activity(seat->server);
	if (unpark(seat)) {
		// A click before any motion is where the pointer was placed.
		gridwl_seat_update_pointer_focus(seat, time_msec);
	}
	if (state == WL_POINTER_BUTTON_STATE_RELEASED) {
		if (seat->grab_mode != GRIDWL_GRAB_NONE) {
			end_grab(seat);
			gridwl_seat_update_pointer_focus(seat, time_msec);
			return;
		}
		wlr_seat_pointer_notify_button(seat->wlr_seat, time_msec, button,
				state);
		// The last release ends the implicit grab: the pointer may be over
		// another surface by now.
		if (seat->wlr_seat->pointer_state.button_count == 0) {
			gridwl_seat_schedule_pointer_rebase(seat);
		}
		return;
	}

	double sx, sy;
	struct wlr_surface *surface = NULL;
	struct gridwl_view *view = gridwl_view_at(seat->server, seat->cursor->x,
			seat->cursor->y, &surface, &sx, &sy);
	if (view != NULL) {
		gridwl_view_focus(view);
		if (drag_modifier_held(seat) && button == BTN_LEFT) {
			begin_grab(seat, view, GRIDWL_GRAB_MOVE, 0);
			return;
		}
		if (drag_modifier_held(seat) && button == BTN_RIGHT) {
			begin_grab(seat, view, GRIDWL_GRAB_RESIZE,
					nearest_edges(seat, view));
			return;
		}
	} else if (gridwl_seat_frame_button(seat, button, time_msec)) {
		return;
	}
	wlr_seat_pointer_notify_button(seat->wlr_seat, time_msec, button, state);
}

static void handle_button(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, cursor_events.button);
	struct wlr_pointer_button_event *event = data;
	gridwl_cursor_button(seat, event->time_msec, event->button, event->state);
}

static void handle_axis(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, cursor_events.axis);
	struct wlr_pointer_axis_event *event = data;
	gridwl_idle_notify_activity(seat->server);
	// scroll_factor, as sway applies it: the distance and the wheel's
	// steps (120ths of a notch) alike.
	double factor =
			gridwl_input_device_scroll_factor(seat, &event->pointer->base);
	wlr_seat_pointer_notify_axis(seat->wlr_seat, event->time_msec,
			event->orientation, event->delta * factor,
			(int32_t)round(event->delta_discrete * factor), event->source,
			event->relative_direction);
}

static void handle_request_set_cursor(struct wl_listener *listener,
		void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, cursor_events.request_set_cursor);
	struct wlr_seat_pointer_request_set_cursor_event *event = data;
	// Only the client under the pointer may choose its image.
	if (event->seat_client == seat->wlr_seat->pointer_state.focused_client) {
		// Xwayland's hotspot is in X pixels of its scale-N image.
		int n = gridwl_xwayland_surface_scale(seat->server->xwayland,
				event->surface);
		gridwl_cursor_set_surface(seat, event->surface, event->hotspot_x / n,
				event->hotspot_y / n);
	}
}

static const struct gridwl_cursor_events cursor_handlers =
		GRIDWL_CURSOR_HANDLERS;

void gridwl_cursor_init(struct gridwl_seat *seat) {
	gridwl_cursor_events_connect(&seat->cursor_events, &cursor_handlers,
			seat->cursor, seat->wlr_seat);
}

void gridwl_cursor_finish(struct gridwl_seat *seat) {
	gridwl_cursor_surface_forget(&seat->cursor_surface);
	gridwl_cursor_events_disconnect(&seat->cursor_events);
}
