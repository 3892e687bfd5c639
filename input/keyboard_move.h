#ifndef GRIDWL_INPUT_KEYBOARD_MOVE_H
#define GRIDWL_INPUT_KEYBOARD_MOVE_H

#include <stdbool.h>
#include <stdint.h>

struct gridwl_seat;
struct gridwl_view;
struct wlr_keyboard;

/* Starts moving view (resize: resizing its right and bottom edges) with
 * the arrow keys; false, with a log line, when it cannot be moved (not
 * shown, fullscreen or maximized). A mode that is on already ends first,
 * its window staying where it is. */
bool gridwl_keyboard_move_begin(struct gridwl_seat *seat,
		struct gridwl_view *view, bool resize);
/* A key pressed while a mode is on: true when the mode took it, which it
 * does with every key while it lasts. */
bool gridwl_keyboard_move_key(struct gridwl_seat *seat,
		struct wlr_keyboard *keyboard, uint32_t keycode);
/* While a mode is on, clients are told no modifier changes either. */
bool gridwl_keyboard_move_active(struct gridwl_seat *seat);
/* Ends the mode (restore: giving the window back the box it had when the
 * mode began); nothing when no mode is on. */
void gridwl_keyboard_move_end(struct gridwl_seat *seat, bool restore);
/* Before view goes away: a mode on it ends. */
void gridwl_keyboard_move_view_unmapped(struct gridwl_seat *seat,
		struct gridwl_view *view);

#endif
