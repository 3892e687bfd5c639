#include <stdio.h>
#include <stdlib.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_transient_seat_v1.h>
#include <wlr/util/log.h>
#include "compositor/services/idle.h"
#include "compositor/server.h"
#include "input/seat.h"
#include "input/transient_seat.h"
#include "wlr_compat/wlr_compat.h"

/*
 * ext-transient-seat-v1 (wayvnc, remote desktops): a seat of the client's
 * own, a wlr_seat with its wl_seat global, its own keyboard state (keys,
 * modifiers, enter and leave) and keyboard focus, for the virtual keyboards
 * its client makes on it. It has no pointer of its own: the window it
 * types into is the one the user's seat gives the keyboard to, followed as
 * that changes, so a remote user types where the local one would. It goes
 * when its client destroys it or disconnects: wlroots destroys the wlr_seat
 * with the resource.
 */
struct gridwl_transient_seats {
	struct gridwl_seat *seat;
	struct wlr_transient_seat_manager_v1 *manager; // freed by wlroots
	struct wl_list seats; // gridwl_transient_seat.link
	unsigned next_number;
	struct wl_listener create_seat;
	struct wl_listener focus_change;
};

struct gridwl_transient_seat {
	struct gridwl_transient_seats *seats;
	struct wlr_seat *wlr_seat;
	struct wl_list link;
	struct wl_list keyboards; // gridwl_transient_keyboard.link
	struct wl_listener destroy;
};

struct gridwl_transient_keyboard {
	struct gridwl_transient_seat *seat;
	struct wlr_keyboard *wlr_keyboard;
	struct wl_list link;
	struct wl_listener key;
	struct wl_listener modifiers;
	struct wl_listener destroy;
};

static void update_capabilities(struct gridwl_transient_seat *seat) {
	wlr_seat_set_capabilities(seat->wlr_seat,
			wl_list_empty(&seat->keyboards) ? 0 : WL_SEAT_CAPABILITY_KEYBOARD);
}

/* The surface with the user's keyboard, with this seat's own keys held. */
static void follow_focus(struct gridwl_transient_seat *seat,
		struct wlr_surface *surface) {
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
	wl_list_remove(&keyboard->key.link);
	wl_list_remove(&keyboard->modifiers.link);
	wl_list_remove(&keyboard->destroy.link);
	wl_list_remove(&keyboard->link);
	free(keyboard);
}

static void keyboard_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_transient_keyboard *keyboard =
			wl_container_of(listener, keyboard, destroy);
	struct gridwl_transient_seat *seat = keyboard->seat;
	// wlr_seat forgets its keyboard by itself when it goes.
	keyboard_free(keyboard);
	update_capabilities(seat);
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
	keyboard->key.notify = keyboard_handle_key;
	wl_signal_add(&wlr_keyboard->events.key, &keyboard->key);
	keyboard->modifiers.notify = keyboard_handle_modifiers;
	wl_signal_add(&wlr_keyboard->events.modifiers, &keyboard->modifiers);
	keyboard->destroy.notify = keyboard_handle_destroy;
	wl_signal_add(&wlr_keyboard->base.events.destroy, &keyboard->destroy);
	wl_list_insert(&seat->keyboards, &keyboard->link);
	wlr_seat_set_keyboard(seat->wlr_seat, wlr_keyboard);
	update_capabilities(seat);
	return true;
}

static void seat_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_transient_seat *seat =
			wl_container_of(listener, seat, destroy);
	wlr_log(WLR_DEBUG, "Transient seat %s gone", seat->wlr_seat->name);
	struct gridwl_transient_keyboard *keyboard, *tmp;
	wl_list_for_each_safe(keyboard, tmp, &seat->keyboards, link) {
		keyboard_free(keyboard);
	}
	wl_list_remove(&seat->destroy.link);
	wl_list_remove(&seat->link);
	free(seat);
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
	if (wlr_seat == NULL) {
		wlr_log(WLR_ERROR, "Cannot make transient seat %s", name);
		free(seat);
		gridwl_compat_transient_seat_deny(transient);
		return;
	}
	seat->seats = seats;
	seat->wlr_seat = wlr_seat;
	wl_list_init(&seat->keyboards);
	seat->destroy.notify = seat_handle_destroy;
	wl_signal_add(&wlr_seat->events.destroy, &seat->destroy);
	wl_list_insert(&seats->seats, &seat->link);
	wlr_log(WLR_DEBUG, "Transient seat %s", name);
	follow_focus(seat, seats->seat->wlr_seat->keyboard_state.focused_surface);
	wlr_transient_seat_v1_ready(transient, wlr_seat);
}

static void handle_focus_change(struct wl_listener *listener, void *data) {
	struct gridwl_transient_seats *seats =
			wl_container_of(listener, seats, focus_change);
	struct wlr_seat_keyboard_focus_change_event *event = data;
	struct gridwl_transient_seat *seat;
	wl_list_for_each(seat, &seats->seats, link) {
		follow_focus(seat, event->new_surface);
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
	seats->create_seat.notify = handle_create_seat;
	wl_signal_add(&seats->manager->events.create_seat, &seats->create_seat);
	seats->focus_change.notify = handle_focus_change;
	wl_signal_add(&seat->wlr_seat->keyboard_state.events.focus_change,
			&seats->focus_change);
	return seats;
}

void gridwl_transient_seats_destroy(struct gridwl_transient_seats *seats) {
	if (seats == NULL) {
		return;
	}
	// wlroots 0.18's manager has no destroy signal; it goes with the
	// display, after the seat.
	wl_list_remove(&seats->create_seat.link);
	wl_list_remove(&seats->focus_change.link);
	// Their clients are gone by now, and with them the seats; any left
	// are wlroots' to destroy with the display.
	struct gridwl_transient_seat *seat, *tmp;
	wl_list_for_each_safe(seat, tmp, &seats->seats, link) {
		struct gridwl_transient_keyboard *keyboard, *keyboard_tmp;
		wl_list_for_each_safe(keyboard, keyboard_tmp, &seat->keyboards, link) {
			keyboard_free(keyboard);
		}
		wl_list_remove(&seat->destroy.link);
		wl_list_remove(&seat->link);
		free(seat);
	}
	free(seats);
}
