#ifndef GRIDWL_INPUT_INPUT_METHOD_H
#define GRIDWL_INPUT_INPUT_METHOD_H

#include <wayland-server-core.h>

struct gridwl_seat;
struct gridwl_text_input;
struct gridwl_input_method_relay;
struct wlr_input_method_keyboard_grab_v2;
struct wlr_input_popup_surface_v2;
struct wlr_keyboard;
struct wlr_text_input_v3;

/* input/input_method.c: text-input-unstable-v3 and
 * input-method-unstable-v2 for the seat. */
struct gridwl_input_method_relay *gridwl_input_method_relay_create(
		struct gridwl_seat *seat);
void gridwl_input_method_relay_destroy(struct gridwl_input_method_relay *relay);
/* The input method's keyboard grab that a key of keyboard goes to instead
 * of the focused surface, or NULL. */
struct wlr_input_method_keyboard_grab_v2 *gridwl_input_method_keyboard_grab(
		struct gridwl_seat *seat, struct wlr_keyboard *keyboard);
/* The enabled text input on the surface with the keyboard, if any. */
struct gridwl_text_input *gridwl_input_method_active_text_input(
		struct gridwl_input_method_relay *relay);
struct wlr_text_input_v3 *gridwl_text_input_wlr(
		struct gridwl_text_input *text_input);
/* The list compositor/shell/im_popup.c keeps the popups in. */
struct wl_list *gridwl_input_method_popups(
		struct gridwl_input_method_relay *relay);
struct gridwl_seat *gridwl_input_method_seat(
		struct gridwl_input_method_relay *relay);

/* compositor/shell/im_popup.c: the input method's popup surfaces, drawn
 * over everything but the lock at the active text input's cursor
 * rectangle, while there is one. */
void gridwl_im_popup_create(struct gridwl_input_method_relay *relay,
		struct wlr_input_popup_surface_v2 *popup);
/* Places (or hides) every popup after the active text input, its cursor
 * rectangle or the focus changed. */
void gridwl_im_popups_update(struct gridwl_input_method_relay *relay);
void gridwl_im_popups_destroy_all(struct gridwl_input_method_relay *relay);

#endif
