#include <stdlib.h>
#include <wlr/backend/session.h>
#include <wlr/types/wlr_input_method_v2.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>
#include <xkbcommon/xkbcommon.h>
#include "compositor/services/idle.h"
#include "compositor/server.h"
#include "compositor/shell/switcher.h"
#include "config/config.h"
#include "input/bindings.h"
#include "input/input_device.h"
#include "input/input_method.h"
#include "input/keyboard_move.h"
#include "input/seat.h"

struct gridwl_keyboard {
	struct wl_list link; // gridwl_seat.keyboards
	struct gridwl_seat *seat;
	struct wlr_keyboard *wlr_keyboard;
	struct gridwl_listeners listeners; // on wlr_keyboard
	struct wl_listener modifiers;
	struct wl_listener key;
	struct wl_listener destroy;
	// Keys held whose press a binding took: their release is no
	// client's business either, nor are they among the keys a window
	// that gets the keyboard is told are down.
	uint32_t bound_keys[WLR_KEYBOARD_KEYS_CAP];
	size_t bound_key_count;
};

static bool is_bound_key(struct gridwl_keyboard *keyboard, uint32_t keycode) {
	for (size_t i = 0; i < keyboard->bound_key_count; i++) {
		if (keyboard->bound_keys[i] == keycode) {
			return true;
		}
	}
	return false;
}

static void add_bound_key(struct gridwl_keyboard *keyboard, uint32_t keycode) {
	if (!is_bound_key(keyboard, keycode) &&
			keyboard->bound_key_count < WLR_KEYBOARD_KEYS_CAP) {
		keyboard->bound_keys[keyboard->bound_key_count++] = keycode;
	}
}

/* False when the key was not taken by a binding. */
static bool remove_bound_key(struct gridwl_keyboard *keyboard,
		uint32_t keycode) {
	for (size_t i = 0; i < keyboard->bound_key_count; i++) {
		if (keyboard->bound_keys[i] == keycode) {
			keyboard->bound_keys[i] =
					keyboard->bound_keys[--keyboard->bound_key_count];
			return true;
		}
	}
	return false;
}

/* Ctrl+Alt+Fn switches virtual terminals on a DRM session, whatever the
 * config says, so a user is never locked in. */
static bool handle_vt_switch(struct gridwl_seat *seat, xkb_keysym_t sym) {
	struct wlr_session *session = seat->server->session;
	if (session == NULL || sym < XKB_KEY_XF86Switch_VT_1 ||
			sym > XKB_KEY_XF86Switch_VT_12) {
		return false;
	}
	wlr_session_change_vt(session, sym - XKB_KEY_XF86Switch_VT_1 + 1);
	return true;
}

static bool handle_bindings(struct gridwl_keyboard *keyboard,
		uint32_t keycode) {
	struct wlr_keyboard *wlr_keyboard = keyboard->wlr_keyboard;
	const xkb_keysym_t *syms;
	int count = xkb_state_key_get_syms(wlr_keyboard->xkb_state, keycode, &syms);
	// Caps Lock and Num Lock are states, not part of a chord.
	uint32_t modifiers = wlr_keyboard_get_modifiers(wlr_keyboard) &
			~(WLR_MODIFIER_CAPS | WLR_MODIFIER_MOD2);
	// A surface that inhibits shortcuts (a VM viewer) gets their keys.
	bool inhibited = gridwl_shortcuts_inhibited(keyboard->seat);
	for (int i = 0; i < count; i++) {
		if (handle_vt_switch(keyboard->seat, syms[i])) {
			return true;
		}
		if (gridwl_bindings_run(keyboard->seat->server, modifiers,
					xkb_keysym_to_lower(syms[i]), inhibited)) {
			return true;
		}
	}
	if (count == 0) {
		return false;
	}
	// Then the key's own symbols, as sway's bindsym does: Super+Shift+1
	// types exclam on a US layout, and a binding names the key 1.
	xkb_layout_index_t layout =
			xkb_state_key_get_layout(wlr_keyboard->xkb_state, keycode);
	const xkb_keysym_t *raw;
	int raw_count = xkb_keymap_key_get_syms_by_level(wlr_keyboard->keymap,
			keycode, layout, 0, &raw);
	for (int i = 0; i < raw_count; i++) {
		if (raw[i] != syms[0] &&
				gridwl_bindings_run(keyboard->seat->server, modifiers,
						xkb_keysym_to_lower(raw[i]), inhibited)) {
			return true;
		}
	}
	return false;
}

/* The grab of an input method that composes from this keyboard's keys, with
 * the keyboard's keymap set on it; NULL when they go to the focused
 * client. */
static struct wlr_input_method_keyboard_grab_v2 *input_method_grab(
		struct gridwl_keyboard *keyboard) {
	struct wlr_input_method_keyboard_grab_v2 *grab =
			gridwl_input_method_keyboard_grab(keyboard->seat,
					keyboard->wlr_keyboard);
	if (grab != NULL) {
		wlr_input_method_keyboard_grab_v2_set_keyboard(grab,
				keyboard->wlr_keyboard);
	}
	return grab;
}

static void keyboard_handle_key(struct wl_listener *listener, void *data) {
	struct gridwl_keyboard *keyboard = wl_container_of(listener, keyboard, key);
	struct wlr_keyboard_key_event *event = data;
	struct wlr_seat *seat = keyboard->seat->wlr_seat;
	gridwl_idle_notify_activity(keyboard->seat->server);
	uint32_t keycode = event->keycode + 8; // evdev to xkb
	struct gridwl_switcher *switcher = keyboard->seat->server->switcher;
	// While the window switcher is open, the keys pressed are its own.
	if (event->state == WL_KEYBOARD_KEY_STATE_PRESSED &&
			gridwl_switcher_key(switcher, keyboard->wlr_keyboard, keycode)) {
		add_bound_key(keyboard, event->keycode);
		return;
	}
	// A keyboard move takes every key before the bindings do.
	if (event->state == WL_KEYBOARD_KEY_STATE_PRESSED &&
			(gridwl_keyboard_move_key(keyboard->seat, keyboard->wlr_keyboard,
					 keycode) ||
					handle_bindings(keyboard, keycode))) {
		add_bound_key(keyboard, event->keycode);
		// A switcher this key opened stays while its modifiers are
		// held on this keyboard.
		gridwl_switcher_hold(switcher, keyboard->wlr_keyboard);
		return;
	}
	// The client never saw this key go down.
	if (event->state == WL_KEYBOARD_KEY_STATE_RELEASED &&
			remove_bound_key(keyboard, event->keycode)) {
		return;
	}
	// An input method composing from the keys gets them instead.
	struct wlr_input_method_keyboard_grab_v2 *grab =
			input_method_grab(keyboard);
	if (grab != NULL) {
		wlr_input_method_keyboard_grab_v2_send_key(grab, event->time_msec,
				event->keycode, event->state);
		return;
	}
	wlr_seat_set_keyboard(seat, keyboard->wlr_keyboard);
	wlr_seat_keyboard_notify_key(seat, event->time_msec, event->keycode,
			event->state);
}

static void keyboard_handle_modifiers(struct wl_listener *listener,
		void *data) {
	struct gridwl_keyboard *keyboard =
			wl_container_of(listener, keyboard, modifiers);
	// Alt let go after Alt+Tab: the window switcher's choice is made,
	// whoever gets the modifiers.
	gridwl_switcher_modifiers(keyboard->seat->server->switcher,
			keyboard->wlr_keyboard);
	// Told when the keyboard move ends (input/keyboard_move.c).
	if (gridwl_keyboard_move_active(keyboard->seat)) {
		return;
	}
	struct wlr_input_method_keyboard_grab_v2 *grab =
			input_method_grab(keyboard);
	if (grab != NULL) {
		wlr_input_method_keyboard_grab_v2_send_modifiers(grab,
				&keyboard->wlr_keyboard->modifiers);
		return;
	}
	wlr_seat_set_keyboard(keyboard->seat->wlr_seat, keyboard->wlr_keyboard);
	wlr_seat_keyboard_notify_modifiers(keyboard->seat->wlr_seat,
			&keyboard->wlr_keyboard->modifiers);
}

static void keyboard_destroy(struct gridwl_keyboard *keyboard) {
	gridwl_listeners_remove(&keyboard->listeners);
	wl_list_remove(&keyboard->link);
	free(keyboard);
}

static void keyboard_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_keyboard *keyboard =
			wl_container_of(listener, keyboard, destroy);
	struct gridwl_seat *seat = keyboard->seat;
	keyboard_destroy(keyboard);
	gridwl_seat_update_capabilities(seat);
}

static struct gridwl_keyboard *keyboard_attach(struct gridwl_seat *seat,
		struct wlr_keyboard *wlr_keyboard) {
	struct gridwl_keyboard *keyboard =
			gridwl_input_device_state_alloc(sizeof(*keyboard), "keyboard",
					&wlr_keyboard->base);
	if (keyboard == NULL) {
		return NULL;
	}
	keyboard->seat = seat;
	keyboard->wlr_keyboard = wlr_keyboard;
	gridwl_listeners_add(&keyboard->listeners, &wlr_keyboard->events.modifiers,
			&keyboard->modifiers, keyboard_handle_modifiers);
	gridwl_listeners_add(&keyboard->listeners, &wlr_keyboard->events.key,
			&keyboard->key, keyboard_handle_key);
	gridwl_listeners_add(&keyboard->listeners,
			&wlr_keyboard->base.events.destroy, &keyboard->destroy,
			keyboard_handle_destroy);
	wl_list_insert(&seat->keyboards, &keyboard->link);
	return keyboard;
}

void gridwl_keyboard_create(struct gridwl_seat *seat,
		struct wlr_keyboard *wlr_keyboard) {
	struct gridwl_keyboard *keyboard = keyboard_attach(seat, wlr_keyboard);
	if (keyboard == NULL) {
		return;
	}
	// The keymap and repeat rate of the input lines for it; without any,
	// the layout comes from the XKB_DEFAULT_* variables, as in sway and
	// weston, when they are set.
	gridwl_input_device_add(seat, &wlr_keyboard->base, false);
	if (wlr_keyboard->keymap == NULL) {
		// Not even xkbcommon's defaults compile: keys it cannot read
		// must not reach the bindings.
		wlr_log(WLR_ERROR, "Keyboard %s: cannot compile a keymap",
				wlr_keyboard->base.name);
		keyboard_destroy(keyboard);
		return;
	}
	wlr_seat_set_keyboard(seat->wlr_seat, wlr_keyboard);
}

void gridwl_keyboard_create_with_client_keymap(struct gridwl_seat *seat,
		struct wlr_keyboard *wlr_keyboard) {
	// Its client sends the keymap, and before that it has no keys to
	// send; it becomes the seat's keyboard with its first key.
	if (keyboard_attach(seat, wlr_keyboard) != NULL) {
		gridwl_input_device_add(seat, &wlr_keyboard->base, true);
	}
}

size_t gridwl_keyboard_client_keys(struct gridwl_seat *seat,
		struct wlr_keyboard *wlr_keyboard, uint32_t *keycodes) {
	struct gridwl_keyboard *keyboard = NULL, *k;
	wl_list_for_each(k, &seat->keyboards, link) {
		if (k->wlr_keyboard == wlr_keyboard) {
			keyboard = k;
			break;
		}
	}
	size_t count = 0;
	for (size_t i = 0; i < wlr_keyboard->num_keycodes; i++) {
		if (keyboard == NULL ||
				!is_bound_key(keyboard, wlr_keyboard->keycodes[i])) {
			keycodes[count++] = wlr_keyboard->keycodes[i];
		}
	}
	return count;
}

void gridwl_keyboard_destroy_all(struct gridwl_seat *seat) {
	struct gridwl_keyboard *keyboard, *tmp;
	wl_list_for_each_safe(keyboard, tmp, &seat->keyboards, link) {
		keyboard_destroy(keyboard);
	}
}
