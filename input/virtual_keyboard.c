#include <stdlib.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_virtual_keyboard_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "input/seat.h"
#include "input/transient_seat.h"

/*
 * virtual-keyboard-unstable-v1 (wtype, wayvnc, on-screen keyboards): each
 * virtual keyboard is a keyboard of the seat like a real one, through
 * input/keyboard.c (bindings, focus, the keys held on enter), with the
 * keymap its client gives. wlroots checks that keys come after a keymap;
 * wlr_compat/guard.c checks the keymap itself (W18).
 */
struct gridwl_virtual_keyboard_manager {
	struct gridwl_seat *seat;
	struct wlr_virtual_keyboard_manager_v1 *wlr_manager;
	struct wl_listener new_virtual_keyboard;
	struct wl_listener destroy;
};

static void manager_handle_new_virtual_keyboard(struct wl_listener *listener,
		void *data) {
	struct gridwl_virtual_keyboard_manager *manager =
			wl_container_of(listener, manager, new_virtual_keyboard);
	struct wlr_virtual_keyboard_v1 *virtual_keyboard = data;
	struct gridwl_seat *seat = manager->seat;
	if (virtual_keyboard->seat != seat->wlr_seat &&
			gridwl_transient_seats_add_keyboard(seat->transient_seats,
					virtual_keyboard->seat, &virtual_keyboard->keyboard)) {
		// A remote desktop's keyboard, on the seat it made for it.
		return;
	}
	if (virtual_keyboard->seat != seat->wlr_seat) {
		wlr_log(WLR_INFO, "Virtual keyboard asked for seat %s, using %s",
				virtual_keyboard->seat->name, seat->wlr_seat->name);
	}
	// input/keyboard.c lets go of it when the client destroys it.
	gridwl_keyboard_create_with_client_keymap(seat,
			&virtual_keyboard->keyboard);
	gridwl_seat_update_capabilities(seat);
}

static void manager_finish(struct gridwl_virtual_keyboard_manager *manager) {
	if (manager->wlr_manager == NULL) {
		return;
	}
	wl_list_remove(&manager->new_virtual_keyboard.link);
	wl_list_remove(&manager->destroy.link);
	manager->wlr_manager = NULL;
}

static void manager_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_virtual_keyboard_manager *manager =
			wl_container_of(listener, manager, destroy);
	// The display went first; the seat frees us later.
	manager_finish(manager);
}

struct gridwl_virtual_keyboard_manager *gridwl_virtual_keyboard_manager_create(
		struct gridwl_seat *seat) {
	struct gridwl_virtual_keyboard_manager *manager =
			calloc(1, sizeof(*manager));
	if (manager == NULL) {
		return NULL;
	}
	manager->seat = seat;
	manager->wlr_manager =
			wlr_virtual_keyboard_manager_v1_create(seat->server->display);
	if (manager->wlr_manager == NULL) {
		free(manager);
		return NULL;
	}
	manager->new_virtual_keyboard.notify = manager_handle_new_virtual_keyboard;
	wl_signal_add(&manager->wlr_manager->events.new_virtual_keyboard,
			&manager->new_virtual_keyboard);
	manager->destroy.notify = manager_handle_destroy;
	wl_signal_add(&manager->wlr_manager->events.destroy, &manager->destroy);
	return manager;
}

void gridwl_virtual_keyboard_manager_destroy(
		struct gridwl_virtual_keyboard_manager *manager) {
	if (manager == NULL) {
		return;
	}
	// The wlr manager itself goes with the display.
	manager_finish(manager);
	free(manager);
}
