#include <stdlib.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_virtual_keyboard_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "input/listeners.h"
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
	struct gridwl_listeners listeners; // on the wlr manager
	struct wl_listener new_virtual_keyboard;
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

struct gridwl_virtual_keyboard_manager *gridwl_virtual_keyboard_manager_create(
		struct gridwl_seat *seat) {
	// Goes with the display, and our listeners with it.
	struct wlr_virtual_keyboard_manager_v1 *wlr_manager =
			wlr_virtual_keyboard_manager_v1_create(seat->server->display);
	struct gridwl_virtual_keyboard_manager *manager =
			wlr_manager != NULL ? calloc(1, sizeof(*manager)) : NULL;
	if (manager == NULL) {
		return NULL;
	}
	manager->seat = seat;
	gridwl_listeners_add(&manager->listeners,
			&wlr_manager->events.new_virtual_keyboard,
			&manager->new_virtual_keyboard,
			manager_handle_new_virtual_keyboard);
	gridwl_listeners_until(&manager->listeners, &wlr_manager->events.destroy);
	return manager;
}

void gridwl_virtual_keyboard_manager_destroy(
		struct gridwl_virtual_keyboard_manager *manager) {
	if (manager == NULL) {
		return;
	}
	gridwl_listeners_remove(&manager->listeners);
	free(manager);
}
