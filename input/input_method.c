#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_input_method_v2.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_text_input_v3.h>
#include <wlr/types/wlr_virtual_keyboard_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "input/input_method.h"
#include "input/listeners.h"
#include "input/seat.h"

/*
 * text-input-unstable-v3 and input-method-unstable-v2, relayed as sway
 * does: the text inputs of the client with the keyboard focus are entered
 * into the focused surface; the one that is enabled there is the active
 * one, and the seat's input method (one at a time, fcitx5 or ibus) is told
 * of it (activate, its surrounding text, content type, deactivate) and
 * composes into it (preedit, commit, delete). While the input method grabs
 * the keyboard, the keys that no binding takes go to it instead of the
 * focused surface, but for those of its own virtual keyboard (what it
 * types back). Its popup surfaces (candidate lists) are placed by
 * compositor/shell/im_popup.c at the active text input's cursor rectangle.
 */

struct gridwl_text_input {
	struct wl_list link; // gridwl_input_method_relay.text_inputs
	struct gridwl_input_method_relay *relay;
	struct wlr_text_input_v3 *wlr;
	struct gridwl_listeners listeners; // on wlr
	struct wl_listener enable;
	struct wl_listener commit;
	struct wl_listener disable;
	struct wl_listener destroy;
};

struct gridwl_input_method_relay {
	struct gridwl_seat *seat;
	struct wlr_text_input_manager_v3 *text_input_manager;
	struct wlr_input_method_manager_v2 *input_method_manager;
	struct wl_list text_inputs; // gridwl_text_input.link
	// The seat's input method, NULL when none is connected.
	struct wlr_input_method_v2 *input_method;
	// On the two managers and the seat.
	struct gridwl_listeners listeners;
	struct wl_listener new_text_input;
	struct wl_listener new_input_method;
	struct wl_listener focus_change;
	struct gridwl_call_listener text_input_manager_destroy;
	struct gridwl_call_listener input_method_manager_destroy;
	struct gridwl_listeners im_listeners; // on input_method
	struct wl_listener im_commit;
	struct wl_listener im_new_popup_surface;
	struct wl_listener im_grab_keyboard;
	struct gridwl_call_listener im_destroy;
	struct wl_listener grab_destroy;
	struct wl_list popups; // gridwl_im_popup's, by im_popup.c
};

/* The enabled text input on the surface with the keyboard, if any. */
struct gridwl_text_input *gridwl_input_method_active_text_input(
		struct gridwl_input_method_relay *relay) {
	struct wlr_surface *focused =
			relay->seat->wlr_seat->keyboard_state.focused_surface;
	struct gridwl_text_input *text_input;
	wl_list_for_each(text_input, &relay->text_inputs, link) {
		if (text_input->wlr->current_enabled && focused != NULL &&
				text_input->wlr->focused_surface == focused) {
			return text_input;
		}
	}
	return NULL;
}

struct wlr_text_input_v3 *gridwl_text_input_wlr(
		struct gridwl_text_input *text_input) {
	return text_input->wlr;
}

struct wl_list *gridwl_input_method_popups(
		struct gridwl_input_method_relay *relay) {
	return &relay->popups;
}

struct gridwl_seat *gridwl_input_method_seat(
		struct gridwl_input_method_relay *relay) {
	return relay->seat;
}

/* What the input method hears of the active text input's state. */
static void send_im_state(struct wlr_input_method_v2 *input_method,
		struct wlr_text_input_v3 *text_input) {
	if (text_input->active_features &
			WLR_TEXT_INPUT_V3_FEATURE_SURROUNDING_TEXT) {
		const char *text = text_input->current.surrounding.text;
		wlr_input_method_v2_send_surrounding_text(input_method,
				text != NULL ? text : "",
				text_input->current.surrounding.cursor,
				text_input->current.surrounding.anchor);
	}
	wlr_input_method_v2_send_text_change_cause(input_method,
			text_input->current.text_change_cause);
	if (text_input->active_features & WLR_TEXT_INPUT_V3_FEATURE_CONTENT_TYPE) {
		wlr_input_method_v2_send_content_type(input_method,
				text_input->current.content_type.hint,
				text_input->current.content_type.purpose);
	}
	wlr_input_method_v2_send_done(input_method);
}

static void text_input_handle_enable(struct wl_listener *listener, void *data) {
	struct gridwl_text_input *text_input =
			wl_container_of(listener, text_input, enable);
	struct gridwl_input_method_relay *relay = text_input->relay;
	if (relay->input_method == NULL ||
			gridwl_input_method_active_text_input(relay) != text_input) {
		return;
	}
	wlr_input_method_v2_send_activate(relay->input_method);
	send_im_state(relay->input_method, text_input->wlr);
}

static void text_input_handle_commit(struct wl_listener *listener, void *data) {
	struct gridwl_text_input *text_input =
			wl_container_of(listener, text_input, commit);
	struct gridwl_input_method_relay *relay = text_input->relay;
	gridwl_im_popups_update(relay);
	if (relay->input_method == NULL ||
			gridwl_input_method_active_text_input(relay) != text_input) {
		return;
	}
	send_im_state(relay->input_method, text_input->wlr);
}

/* The input method stops composing for a text input that is disabled,
 * destroyed or loses its surface. */
static void deactivate_im(struct gridwl_input_method_relay *relay) {
	if (relay->input_method == NULL || !relay->input_method->active) {
		return;
	}
	wlr_input_method_v2_send_deactivate(relay->input_method);
	wlr_input_method_v2_send_done(relay->input_method);
}

static void text_input_handle_disable(struct wl_listener *listener,
		void *data) {
	struct gridwl_text_input *text_input =
			wl_container_of(listener, text_input, disable);
	struct gridwl_input_method_relay *relay = text_input->relay;
	// Another one may be the active one still (two text inputs of one
	// client on the surface).
	if (gridwl_input_method_active_text_input(relay) == NULL) {
		deactivate_im(relay);
	}
	gridwl_im_popups_update(relay);
}

static void text_input_free(struct gridwl_text_input *text_input) {
	gridwl_listeners_remove(&text_input->listeners);
	wl_list_remove(&text_input->link);
	free(text_input);
}

static void text_input_handle_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_text_input *text_input =
			wl_container_of(listener, text_input, destroy);
	struct gridwl_input_method_relay *relay = text_input->relay;
	bool was_active =
			gridwl_input_method_active_text_input(relay) == text_input;
	text_input_free(text_input);
	if (was_active && gridwl_input_method_active_text_input(relay) == NULL) {
		deactivate_im(relay);
	}
	gridwl_im_popups_update(relay);
}

static bool same_client(struct wlr_text_input_v3 *text_input,
		struct wlr_surface *surface) {
	return surface != NULL &&
			wl_resource_get_client(text_input->resource) ==
			wl_resource_get_client(surface->resource);
}

static void relay_handle_new_text_input(struct wl_listener *listener,
		void *data) {
	struct gridwl_input_method_relay *relay =
			wl_container_of(listener, relay, new_text_input);
	struct wlr_text_input_v3 *wlr = data;
	if (wlr->seat != relay->seat->wlr_seat) {
		return;
	}
	struct gridwl_text_input *text_input = calloc(1, sizeof(*text_input));
	if (text_input == NULL) {
		wl_client_post_no_memory(wl_resource_get_client(wlr->resource));
		return;
	}
	text_input->relay = relay;
	text_input->wlr = wlr;
	struct gridwl_listeners *listeners = &text_input->listeners;
	gridwl_listeners_add(listeners, &wlr->events.enable, &text_input->enable,
			text_input_handle_enable);
	gridwl_listeners_add(listeners, &wlr->events.commit, &text_input->commit,
			text_input_handle_commit);
	gridwl_listeners_add(listeners, &wlr->events.disable, &text_input->disable,
			text_input_handle_disable);
	gridwl_listeners_add(listeners, &wlr->events.destroy, &text_input->destroy,
			text_input_handle_destroy);
	wl_list_insert(&relay->text_inputs, &text_input->link);
	struct wlr_surface *focused =
			relay->seat->wlr_seat->keyboard_state.focused_surface;
	if (same_client(wlr, focused)) {
		wlr_text_input_v3_send_enter(wlr, focused);
	}
}

static void relay_handle_focus_change(struct wl_listener *listener,
		void *data) {
	struct gridwl_input_method_relay *relay =
			wl_container_of(listener, relay, focus_change);
	struct wlr_seat_keyboard_focus_change_event *event = data;
	struct gridwl_text_input *text_input;
	wl_list_for_each(text_input, &relay->text_inputs, link) {
		struct wlr_text_input_v3 *wlr = text_input->wlr;
		if (wlr->focused_surface != NULL &&
				wlr->focused_surface != event->new_surface) {
			if (wlr->current_enabled) {
				deactivate_im(relay);
			}
			wlr_text_input_v3_send_leave(wlr);
		}
		if (wlr->focused_surface == NULL &&
				same_client(wlr, event->new_surface)) {
			wlr_text_input_v3_send_enter(wlr, event->new_surface);
		}
	}
	gridwl_im_popups_update(relay);
}

static void im_handle_commit(struct wl_listener *listener, void *data) {
	struct gridwl_input_method_relay *relay =
			wl_container_of(listener, relay, im_commit);
	struct wlr_input_method_v2 *input_method = data;
	struct gridwl_text_input *text_input =
			gridwl_input_method_active_text_input(relay);
	if (text_input == NULL) {
		return;
	}
	struct wlr_text_input_v3 *wlr = text_input->wlr;
	const struct wlr_input_method_v2_state *state = &input_method->current;
	if (state->preedit.text != NULL) {
		wlr_text_input_v3_send_preedit_string(wlr, state->preedit.text,
				state->preedit.cursor_begin, state->preedit.cursor_end);
	}
	if (state->commit_text != NULL) {
		wlr_text_input_v3_send_commit_string(wlr, state->commit_text);
	}
	if (state->delete.before_length != 0 || state->delete.after_length != 0) {
		wlr_text_input_v3_send_delete_surrounding_text(wlr,
				state->delete.before_length, state->delete.after_length);
	}
	wlr_text_input_v3_send_done(wlr);
}

static void im_handle_grab_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_input_method_relay *relay =
			wl_container_of(listener, relay, grab_destroy);
	struct wlr_input_method_keyboard_grab_v2 *grab = data;
	wl_list_remove(&relay->grab_destroy.link);
	wl_list_init(&relay->grab_destroy.link);
	// The focused client gets the modifiers the grab had held back.
	if (grab->keyboard != NULL) {
		wlr_seat_keyboard_notify_modifiers(relay->seat->wlr_seat,
				&grab->keyboard->modifiers);
	}
}

static void im_handle_grab_keyboard(struct wl_listener *listener, void *data) {
	struct gridwl_input_method_relay *relay =
			wl_container_of(listener, relay, im_grab_keyboard);
	struct wlr_input_method_keyboard_grab_v2 *grab = data;
	// The keymap the keys will come in.
	wlr_input_method_keyboard_grab_v2_set_keyboard(grab,
			wlr_seat_get_keyboard(relay->seat->wlr_seat));
	wl_list_remove(&relay->grab_destroy.link);
	relay->grab_destroy.notify = im_handle_grab_destroy;
	wl_signal_add(&grab->events.destroy, &relay->grab_destroy);
}

static void im_handle_new_popup_surface(struct wl_listener *listener,
		void *data) {
	struct gridwl_input_method_relay *relay =
			wl_container_of(listener, relay, im_new_popup_surface);
	gridwl_im_popup_create(relay, data);
}

/* Also when the input method is destroyed. The text input is not told:
 * its client keeps what it has, and the next input method starts
 * afresh. */
static void im_finish(void *data) {
	struct gridwl_input_method_relay *relay = data;
	if (relay->input_method == NULL) {
		return;
	}
	gridwl_listeners_remove(&relay->im_listeners);
	wl_list_remove(&relay->grab_destroy.link);
	wl_list_init(&relay->grab_destroy.link);
	relay->input_method = NULL;
}

static void relay_handle_new_input_method(struct wl_listener *listener,
		void *data) {
	struct gridwl_input_method_relay *relay =
			wl_container_of(listener, relay, new_input_method);
	struct wlr_input_method_v2 *input_method = data;
	if (input_method->seat != relay->seat->wlr_seat ||
			relay->input_method != NULL) {
		// One input method a seat, as the protocol has it.
		wlr_input_method_v2_send_unavailable(input_method);
		return;
	}
	relay->input_method = input_method;
	struct gridwl_listeners *listeners = &relay->im_listeners;
	gridwl_listeners_add(listeners, &input_method->events.commit,
			&relay->im_commit, im_handle_commit);
	gridwl_listeners_add(listeners, &input_method->events.new_popup_surface,
			&relay->im_new_popup_surface, im_handle_new_popup_surface);
	gridwl_listeners_add(listeners, &input_method->events.grab_keyboard,
			&relay->im_grab_keyboard, im_handle_grab_keyboard);
	gridwl_listeners_add_call(listeners, &input_method->events.destroy,
			&relay->im_destroy, im_finish, relay);
	// A text field enabled before the input method came.
	struct gridwl_text_input *text_input =
			gridwl_input_method_active_text_input(relay);
	if (text_input != NULL) {
		wlr_input_method_v2_send_activate(input_method);
		send_im_state(input_method, text_input->wlr);
	}
}

/* Also when either manager goes: the display went first, and the seat
 * frees the relay later. */
static void relay_finish(void *data) {
	struct gridwl_input_method_relay *relay = data;
	if (relay->text_input_manager == NULL) {
		return;
	}
	im_finish(relay);
	struct gridwl_text_input *text_input, *tmp;
	wl_list_for_each_safe(text_input, tmp, &relay->text_inputs, link) {
		text_input_free(text_input);
	}
	gridwl_im_popups_destroy_all(relay);
	gridwl_listeners_remove(&relay->listeners);
	relay->text_input_manager = NULL;
	relay->input_method_manager = NULL;
}

struct gridwl_input_method_relay *gridwl_input_method_relay_create(
		struct gridwl_seat *seat) {
	struct gridwl_input_method_relay *relay = calloc(1, sizeof(*relay));
	if (relay == NULL) {
		return NULL;
	}
	relay->seat = seat;
	wl_list_init(&relay->text_inputs);
	wl_list_init(&relay->popups);
	wl_list_init(&relay->grab_destroy.link);
	relay->text_input_manager =
			wlr_text_input_manager_v3_create(seat->server->display);
	relay->input_method_manager =
			wlr_input_method_manager_v2_create(seat->server->display);
	if (relay->text_input_manager == NULL ||
			relay->input_method_manager == NULL) {
		// Whichever was made goes with the display.
		free(relay);
		return NULL;
	}
	struct gridwl_listeners *listeners = &relay->listeners;
	gridwl_listeners_add(listeners,
			&relay->text_input_manager->events.text_input,
			&relay->new_text_input, relay_handle_new_text_input);
	gridwl_listeners_add(listeners,
			&relay->input_method_manager->events.input_method,
			&relay->new_input_method, relay_handle_new_input_method);
	gridwl_listeners_add(listeners,
			&seat->wlr_seat->keyboard_state.events.focus_change,
			&relay->focus_change, relay_handle_focus_change);
	gridwl_listeners_add_call(listeners,
			&relay->text_input_manager->events.destroy,
			&relay->text_input_manager_destroy, relay_finish, relay);
	gridwl_listeners_add_call(listeners,
			&relay->input_method_manager->events.destroy,
			&relay->input_method_manager_destroy, relay_finish, relay);
	return relay;
}

void gridwl_input_method_relay_destroy(
		struct gridwl_input_method_relay *relay) {
	if (relay == NULL) {
		return;
	}
	// The wlr managers themselves go with the display.
	relay_finish(relay);
	free(relay);
}

struct wlr_input_method_keyboard_grab_v2 *gridwl_input_method_keyboard_grab(
		struct gridwl_seat *seat, struct wlr_keyboard *keyboard) {
	struct gridwl_input_method_relay *relay = seat->input_method_relay;
	if (relay == NULL || relay->input_method == NULL ||
			relay->input_method->keyboard_grab == NULL) {
		return NULL;
	}
	struct wlr_input_method_keyboard_grab_v2 *grab =
			relay->input_method->keyboard_grab;
	// What the input method types back through its own virtual keyboard
	// goes to the text field, not round to it again.
	struct wlr_virtual_keyboard_v1 *virtual_keyboard =
			wlr_input_device_get_virtual_keyboard(&keyboard->base);
	if (virtual_keyboard != NULL &&
			wl_resource_get_client(virtual_keyboard->resource) ==
					wl_resource_get_client(grab->resource)) {
		return NULL;
	}
	return grab;
}
