#include <stdlib.h>
#include <wlr/types/wlr_keyboard_shortcuts_inhibit_v1.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "input/listeners.h"
#include "input/seat.h"

/*
 * keyboard-shortcuts-inhibit-unstable-v1 (VM and remote-desktop viewers):
 * an inhibitor is active exactly while its surface has the seat's
 * keyboard, as on sway; input/keyboard.c then hands the keys of bindings
 * to the surface, all but VT switching and the config's inhibit-escape
 * binding. gridwl honours every inhibitor: a client can take shortcuts
 * only from its own focused surface, and the escape binding is the way out.
 */
struct gridwl_shortcuts_inhibit {
	struct gridwl_seat *seat;
	struct wlr_keyboard_shortcuts_inhibit_manager_v1 *wlr_manager;
	// On the wlr manager and the seat, both gone with the display.
	struct gridwl_listeners listeners;
	struct gridwl_call_listener new_inhibitor;
	struct gridwl_call_listener focus_change;
};

/* Each inhibitor of the seat active when its surface has the keyboard: on
 * a new inhibitor and on a keyboard focus change. */
static void update_inhibitors(void *data) {
	struct gridwl_shortcuts_inhibit *inhibit = data;
	struct wlr_seat *wlr_seat = inhibit->seat->wlr_seat;
	struct wlr_surface *focused = wlr_seat->keyboard_state.focused_surface;
	struct wlr_keyboard_shortcuts_inhibitor_v1 *inhibitor;
	wl_list_for_each(inhibitor, &inhibit->wlr_manager->inhibitors, link) {
		if (inhibitor->seat != wlr_seat) {
			continue;
		}
		if (inhibitor->surface == focused) {
			wlr_keyboard_shortcuts_inhibitor_v1_activate(inhibitor);
		} else {
			wlr_keyboard_shortcuts_inhibitor_v1_deactivate(inhibitor);
		}
	}
}

struct gridwl_shortcuts_inhibit *gridwl_shortcuts_inhibit_create(
		struct gridwl_seat *seat) {
	struct gridwl_shortcuts_inhibit *inhibit = calloc(1, sizeof(*inhibit));
	if (inhibit == NULL) {
		return NULL;
	}
	inhibit->seat = seat;
	inhibit->wlr_manager =
			wlr_keyboard_shortcuts_inhibit_v1_create(seat->server->display);
	if (inhibit->wlr_manager == NULL) {
		free(inhibit);
		return NULL;
	}
	gridwl_listeners_add_call(&inhibit->listeners,
			&inhibit->wlr_manager->events.new_inhibitor,
			&inhibit->new_inhibitor, update_inhibitors, inhibit);
	gridwl_listeners_add_call(&inhibit->listeners,
			&seat->wlr_seat->keyboard_state.events.focus_change,
			&inhibit->focus_change, update_inhibitors, inhibit);
	gridwl_listeners_until(&inhibit->listeners,
			&inhibit->wlr_manager->events.destroy);
	return inhibit;
}

void gridwl_shortcuts_inhibit_destroy(
		struct gridwl_shortcuts_inhibit *inhibit) {
	if (inhibit == NULL) {
		return;
	}
	gridwl_listeners_remove(&inhibit->listeners);
	free(inhibit);
}

bool gridwl_shortcuts_inhibited(struct gridwl_seat *seat) {
	struct gridwl_shortcuts_inhibit *inhibit = seat->shortcuts_inhibit;
	if (inhibit == NULL || !gridwl_listeners_connected(&inhibit->listeners)) {
		return false;
	}
	struct wlr_surface *focused =
			seat->wlr_seat->keyboard_state.focused_surface;
	struct wlr_keyboard_shortcuts_inhibitor_v1 *inhibitor;
	wl_list_for_each(inhibitor, &inhibit->wlr_manager->inhibitors, link) {
		if (inhibitor->seat == seat->wlr_seat && inhibitor->active &&
				inhibitor->surface == focused) {
			return true;
		}
	}
	return false;
}
