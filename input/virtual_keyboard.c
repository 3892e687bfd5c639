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
static void handle_new_virtual_keyboard(struct wl_listener *listener,
		void *data) {
	struct gridwl_manager_listener *manager =
			wl_container_of(listener, manager, event);
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

struct gridwl_manager_listener *gridwl_virtual_keyboard_manager_create(
		struct gridwl_seat *seat) {
	struct wlr_virtual_keyboard_manager_v1 *manager =
			wlr_virtual_keyboard_manager_v1_create(seat->server->display);
	return manager == NULL ?
			NULL :
			gridwl_manager_listener_create(seat,
					&manager->events.new_virtual_keyboard,
					handle_new_virtual_keyboard, &manager->events.destroy);
}
