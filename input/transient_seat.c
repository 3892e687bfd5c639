#include <stdio.h>
#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_transient_seat_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/idle.h"
#include "compositor/shell/layer_shell.h"
#include "compositor/shell/session_lock.h"
#include "compositor/util.h"
#include "compositor/view/view.h"
#include "input/seat.h"
#include "input/transient_seat.h"
#include "input/transient_seat_private.h"
#include "wlr_compat/wlr_compat.h"

/*
 * ext-transient-seat-v1 (wayvnc, remote desktops): a seat of the client's
 * own, a wlr_seat with its wl_seat global, used as a second person at the
 * desktop would use one (as sway's seats are): the virtual keyboards its
 * client makes on it type into its own keyboard focus, and its virtual
 * pointers move a cursor of its own (input/transient_cursor.c), whose
 * clicks give it that focus. Until its pointer has clicked a window, and
 * again when that window goes, its keyboard follows the user's focus, so
 * a remote desktop without a pointer types where the local user would.
 * The user's keyboard focus and cursor are never touched. It goes when
 * its client destroys it or disconnects: wlroots destroys the wlr_seat
 * with the resource.
 */
struct gridwl_transient_keyboard {
	struct gridwl_transient_seat *seat;
	struct wlr_keyboard *wlr_keyboard;
	struct wl_list link;
	struct gridwl_listeners listeners; // on wlr_keyboard
	struct wl_listener key;
	struct wl_listener modifiers;
	struct wl_listener destroy;
};

void gridwl_transient_seat_update_capabilities(
		struct gridwl_transient_seat *seat) {
	uint32_t caps = 0;
	if (!wl_list_empty(&seat->keyboards)) {
		caps |= WL_SEAT_CAPABILITY_KEYBOARD;
	}
	if (gridwl_transient_cursor_has_pointer(seat)) {
		caps |= WL_SEAT_CAPABILITY_POINTER;
	}
	wlr_seat_set_capabilities(seat->wlr_seat, caps);
}

/* Its own focus while the session lets the keyboard go there (not under
 * the lock, nor while a launcher holds the keyboard), else the user's. */
static struct wlr_surface *keyboard_target(struct gridwl_transient_seat *seat) {
	struct gridwl_server *server = seat->seats->seat->server;
	struct wlr_surface *user =
			seat->seats->seat->wlr_seat->keyboard_state.focused_surface;
	if (seat->focus == NULL ||
			!gridwl_session_lock_allows_focus(server, seat->focus)) {
		return user;
	}
	struct gridwl_view *exclusive = gridwl_layer_keyboard_exclusive(server);
	if (exclusive != NULL &&
			exclusive != gridwl_view_from_surface(seat->focus)) {
		return user;
	}
	return seat->focus;
}

/* The keyboard to its target, with this seat's own keys held. */
static void update_keyboard_focus(struct gridwl_transient_seat *seat) {
	struct wlr_surface *surface = keyboard_target(seat);
	if (surface == seat->wlr_seat->keyboard_state.focused_surface) {
		return;
	}
	if (surface == NULL) {
		wlr_seat_keyboard_notify_clear_focus(seat->wlr_seat);
		return;
	}
	struct wlr_keyboard *keyboard = wlr_seat_get_keyboard(seat->wlr_seat);
	wlr_seat_keyboard_notify_enter(seat->wlr_seat, surface,
			keyboard != NULL ? keyboard->keycodes : NULL,
			keyboard != NULL ? keyboard->num_keycodes : 0,
			keyboard != NULL ? &keyboard->modifiers : NULL);
}

static void forget_focus(struct gridwl_transient_seat *seat) {
	if (seat->focus != NULL) {
		wl_list_remove(&seat->focus_destroy.link);
		seat->focus = NULL;
	}
}

/* Its own focus is going (its view unmaps, or its surface is destroyed):
 * back to following the user's, unless the user's focus is on what goes
 * too, which the user's seat leaves next (this one follows it then). view
 * is the one unmapping, NULL for a surface being destroyed. */
static void lose_focus(struct gridwl_transient_seat *seat,
		struct gridwl_view *view) {
	struct wlr_surface *surface = seat->focus;
	forget_focus(seat);
	struct wlr_surface *user =
			seat->seats->seat->wlr_seat->keyboard_state.focused_surface;
	if (user != NULL &&
			(user == surface ||
					(view != NULL && gridwl_view_from_surface(user) == view))) {
		wlr_seat_keyboard_notify_clear_focus(seat->wlr_seat);
		return;
	}
	update_keyboard_focus(seat);
}

static void handle_focus_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_transient_seat *seat =
			wl_container_of(listener, seat, focus_destroy);
	lose_focus(seat, NULL);
}

void gridwl_transient_seat_focus_view(struct gridwl_transient_seat *seat,
		struct gridwl_view *view) {
	struct wlr_surface *surface = gridwl_view_surface(view);
	// What a click of the user's would not focus either: X11 menus, input
	// method popups, panels that want no keyboard.
	if (surface == NULL || !view->mapped || gridwl_view_hidden_by_lock(view) ||
			view->kind == GRIDWL_VIEW_X11_UNMANAGED ||
			view->kind == GRIDWL_VIEW_IM_POPUP ||
			(view->kind == GRIDWL_VIEW_LAYER_SURFACE &&
					!gridwl_layer_accepts_keyboard(view))) {
		return;
	}
	// A launcher holding the keyboard keeps it, and the stack as it is.
	struct gridwl_view *exclusive =
			gridwl_layer_keyboard_exclusive(seat->seats->seat->server);
	if (exclusive != NULL && exclusive != view) {
		return;
	}
	if (gridwl_view_is_window(view)) {
		gridwl_view_bring_to_front(view);
	}
	if (surface != seat->focus) {
		forget_focus(seat);
		seat->focus = surface;
		seat->focus_destroy.notify = handle_focus_destroy;
		wl_signal_add(&surface->events.destroy, &seat->focus_destroy);
	}
	update_keyboard_focus(seat);
}

static void keyboard_handle_key(struct wl_listener *listener, void *data) {
	struct gridwl_transient_keyboard *keyboard =
			wl_container_of(listener, keyboard, key);
	struct wlr_keyboard_key_event *event = data;
	struct wlr_seat *wlr_seat = keyboard->seat->wlr_seat;
	gridwl_idle_notify_activity(keyboard->seat->seats->seat->server);
	wlr_seat_set_keyboard(wlr_seat, keyboard->wlr_keyboard);
	wlr_seat_keyboard_notify_key(wlr_seat, event->time_msec, event->keycode,
			event->state);
}

static void keyboard_handle_modifiers(struct wl_listener *listener,
		void *data) {
	struct gridwl_transient_keyboard *keyboard =
			wl_container_of(listener, keyboard, modifiers);
	struct wlr_seat *wlr_seat = keyboard->seat->wlr_seat;
	wlr_seat_set_keyboard(wlr_seat, keyboard->wlr_keyboard);
	wlr_seat_keyboard_notify_modifiers(wlr_seat,
			&keyboard->wlr_keyboard->modifiers);
}

static void keyboard_free(struct gridwl_transient_keyboard *keyboard) {
	gridwl_listeners_remove(&keyboard->listeners);
	wl_list_remove(&keyboard->link);
	free(keyboard);
}

static void keyboard_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_transient_keyboard *keyboard =
			wl_container_of(listener, keyboard, destroy);
	struct gridwl_transient_seat *seat = keyboard->seat;
	// wlr_seat forgets its keyboard by itself when it goes.
	keyboard_free(keyboard);
	gridwl_transient_seat_update_capabilities(seat);
}

static struct gridwl_transient_seat *find_seat(
		struct gridwl_transient_seats *seats, struct wlr_seat *wlr_seat) {
	struct gridwl_transient_seat *seat;
	wl_list_for_each(seat, &seats->seats, link) {
		if (seat->wlr_seat == wlr_seat) {
			return seat;
		}
	}
	return NULL;
}

bool gridwl_transient_seats_add_keyboard(struct gridwl_transient_seats *seats,
		struct wlr_seat *wlr_seat, struct wlr_keyboard *wlr_keyboard) {
	struct gridwl_transient_seat *seat = find_seat(seats, wlr_seat);
	if (seat == NULL) {
		return false;
	}
	struct gridwl_transient_keyboard *keyboard = calloc(1, sizeof(*keyboard));
	if (keyboard == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a keyboard of %s",
				wlr_seat->name);
		// Not the user's seat's either: the client asked for this one.
		return true;
	}
	keyboard->seat = seat;
	keyboard->wlr_keyboard = wlr_keyboard;
	gridwl_listeners_add(&keyboard->listeners, &wlr_keyboard->events.key,
			&keyboard->key, keyboard_handle_key);
	gridwl_listeners_add(&keyboard->listeners, &wlr_keyboard->events.modifiers,
			&keyboard->modifiers, keyboard_handle_modifiers);
	gridwl_listeners_add(&keyboard->listeners,
			&wlr_keyboard->base.events.destroy, &keyboard->destroy,
			keyboard_handle_destroy);
	wl_list_insert(&seat->keyboards, &keyboard->link);
	wlr_seat_set_keyboard(seat->wlr_seat, wlr_keyboard);
	gridwl_transient_seat_update_capabilities(seat);
	return true;
}

bool gridwl_transient_seats_add_pointer(struct gridwl_transient_seats *seats,
		struct wlr_seat *wlr_seat, struct wlr_input_device *device,
		struct wlr_output *output) {
	struct gridwl_transient_seat *seat = find_seat(seats, wlr_seat);
	if (seat == NULL) {
		return false;
	}
	gridwl_transient_cursor_add_pointer(seat, device, output);
	gridwl_transient_seat_update_capabilities(seat);
	return true;
}

static void seat_free(struct gridwl_transient_seat *seat) {
	struct gridwl_transient_keyboard *keyboard, *tmp;
	wl_list_for_each_safe(keyboard, tmp, &seat->keyboards, link) {
		keyboard_free(keyboard);
	}
	forget_focus(seat);
	// Its cursor leaves every output with it.
	gridwl_transient_cursor_finish(seat);
	wl_list_remove(&seat->destroy.link);
	wl_list_remove(&seat->link);
	free(seat);
}

static void seat_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_transient_seat *seat =
			wl_container_of(listener, seat, destroy);
	wlr_log(WLR_DEBUG, "Transient seat %s gone", seat->wlr_seat->name);
	seat_free(seat);
}

static void handle_create_seat(struct wl_listener *listener, void *data) {
	struct gridwl_transient_seats *seats =
			wl_container_of(listener, seats, create_seat);
	struct wlr_transient_seat_v1 *transient = data;
	struct gridwl_transient_seat *seat = calloc(1, sizeof(*seat));
	char name[32];
	snprintf(name, sizeof(name), "transient-%u", ++seats->next_number);
	struct wlr_seat *wlr_seat = seat != NULL ?
			wlr_seat_create(seats->seat->server->display, name) :
			NULL;
	if (wlr_seat != NULL) {
		seat->seats = seats;
		seat->wlr_seat = wlr_seat;
		if (!gridwl_transient_cursor_init(seat)) {
			wlr_seat_destroy(wlr_seat);
			wlr_seat = NULL;
		}
	}
	if (wlr_seat == NULL) {
		wlr_log(WLR_ERROR, "Cannot make transient seat %s", name);
		free(seat);
		gridwl_compat_transient_seat_deny(transient);
		return;
	}
	seat->client = wl_resource_get_client(transient->resource);
	wl_list_init(&seat->keyboards);
	seat->destroy.notify = seat_handle_destroy;
	wl_signal_add(&wlr_seat->events.destroy, &seat->destroy);
	wl_list_insert(&seats->seats, &seat->link);
	wlr_log(WLR_DEBUG, "Transient seat %s", name);
	update_keyboard_focus(seat);
	wlr_transient_seat_v1_ready(transient, wlr_seat);
}

static void handle_focus_change(struct wl_listener *listener, void *data) {
	struct gridwl_transient_seats *seats =
			wl_container_of(listener, seats, focus_change);
	// The user's focus is read from the seat, which has it already.
	struct gridwl_transient_seat *seat;
	wl_list_for_each(seat, &seats->seats, link) {
		update_keyboard_focus(seat);
	}
}

void gridwl_transient_seats_view_unmapped(struct gridwl_transient_seats *seats,
		struct gridwl_view *view) {
	struct gridwl_transient_seat *seat;
	wl_list_for_each(seat, &seats->seats, link) {
		if (seat->focus != NULL &&
				gridwl_view_from_surface(seat->focus) == view) {
			lose_focus(seat, view);
		}
	}
}

void gridwl_transient_seats_rebase_pointers(
		struct gridwl_transient_seats *seats) {
	uint32_t now = gridwl_now_msec();
	struct gridwl_transient_seat *seat;
	wl_list_for_each(seat, &seats->seats, link) {
		gridwl_transient_cursor_rebase(seat, now);
	}
}

void gridwl_transient_seats_for_each(struct gridwl_transient_seats *seats,
		void (*func)(const struct gridwl_transient_seat_info *info, void *data),
		void *data) {
	struct gridwl_transient_seat *seat;
	// Oldest first, as they were made.
	wl_list_for_each_reverse(seat, &seats->seats, link) {
		struct gridwl_transient_seat_info info = {
			.wlr_seat = seat->wlr_seat,
			.client = seat->client,
			.own_focus =
					seat->focus != NULL && keyboard_target(seat) == seat->focus,
			.cursor_shown = seat->cursor_shown,
			.x = seat->cursor->x,
			.y = seat->cursor->y,
			.cursor_image = seat->cursor_image,
			.client_cursor = seat->cursor_surface.surface != NULL,
		};
		func(&info, data);
	}
}

struct gridwl_transient_seats *gridwl_transient_seats_create(
		struct gridwl_seat *seat) {
	struct gridwl_transient_seats *seats = calloc(1, sizeof(*seats));
	if (seats == NULL) {
		return NULL;
	}
	seats->seat = seat;
	wl_list_init(&seats->seats);
	seats->manager =
			wlr_transient_seat_manager_v1_create(seat->server->display);
	if (seats->manager == NULL) {
		free(seats);
		return NULL;
	}
	gridwl_listeners_add(&seats->listeners, &seats->manager->events.create_seat,
			&seats->create_seat, handle_create_seat);
	gridwl_listeners_add(&seats->listeners,
			&seat->wlr_seat->keyboard_state.events.focus_change,
			&seats->focus_change, handle_focus_change);
	return seats;
}

/* wlroots 0.18 enters a surface only for a client that has bound the seat
 * by then, and never again for one that binds it later (its keyboard or
 * pointer then gets no enter: wlr_seat_keyboard_enter keeps the surface
 * with no client, and a second enter of the same surface is a no-op). A
 * transient seat comes while windows are up, and gets its focus before
 * they can bind it: so its focus is entered again once they have. Their
 * wl_keyboard or wl_pointer, asked for later, gets the enter then. */
static void reenter_late_binder(struct gridwl_transient_seat *seat) {
	struct wlr_seat *wlr_seat = seat->wlr_seat;
	struct wlr_surface *keyboard = wlr_seat->keyboard_state.focused_surface;
	if (keyboard != NULL && wlr_seat->keyboard_state.focused_client == NULL &&
			wlr_seat_client_for_wl_client(wlr_seat,
					wl_resource_get_client(keyboard->resource)) != NULL) {
		wlr_seat_keyboard_notify_clear_focus(wlr_seat);
		update_keyboard_focus(seat);
	}
	struct wlr_surface *pointer = wlr_seat->pointer_state.focused_surface;
	if (pointer != NULL && wlr_seat->pointer_state.focused_client == NULL &&
			wlr_seat_client_for_wl_client(wlr_seat,
					wl_resource_get_client(pointer->resource)) != NULL) {
		double sx = wlr_seat->pointer_state.sx;
		double sy = wlr_seat->pointer_state.sy;
		wlr_seat_pointer_notify_clear_focus(wlr_seat);
		wlr_seat_pointer_notify_enter(wlr_seat, pointer, sx, sy);
	}
}

static void handle_late_bind_idle(void *data) {
	struct gridwl_transient_seats *seats = data;
	seats->late_bind_idle = NULL;
	struct gridwl_transient_seat *seat;
	wl_list_for_each(seat, &seats->seats, link) {
		reenter_late_binder(seat);
	}
}

void gridwl_transient_seats_check_late_binders(
		struct gridwl_transient_seats *seats) {
	if (seats == NULL || seats->late_bind_idle != NULL ||
			wl_list_empty(&seats->seats)) {
		return;
	}
	seats->late_bind_idle = wl_event_loop_add_idle(seats->seat->server->loop,
			handle_late_bind_idle, seats);
}

void gridwl_transient_seats_destroy(struct gridwl_transient_seats *seats) {
	if (seats == NULL) {
		return;
	}
	if (seats->late_bind_idle != NULL) {
		wl_event_source_remove(seats->late_bind_idle);
	}
	// wlroots 0.18's manager has no destroy signal; it goes with the
	// display, after the seat.
	gridwl_listeners_remove(&seats->listeners);
	// Their clients are gone by now, and with them the seats; any left
	// are wlroots' to destroy with the display, their cursors ours now,
	// before the output layout and the theme they show.
	struct gridwl_transient_seat *seat, *tmp;
	wl_list_for_each_safe(seat, tmp, &seats->seats, link) {
		seat_free(seat);
	}
	free(seats);
}
