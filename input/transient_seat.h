#ifndef GRIDWL_INPUT_TRANSIENT_SEAT_H
#define GRIDWL_INPUT_TRANSIENT_SEAT_H

#include <stdbool.h>

struct gridwl_seat;
struct gridwl_transient_seats;
struct wlr_keyboard;
struct wlr_seat;

/* ext-transient-seat-v1: seats that remote-desktop clients make for
 * themselves (input/transient_seat.c). */
struct gridwl_transient_seats *gridwl_transient_seats_create(
		struct gridwl_seat *seat);
void gridwl_transient_seats_destroy(struct gridwl_transient_seats *seats);

/* Gives wlr_seat, when it is one of the transient seats, the keyboard (a
 * virtual keyboard its client made on it); false when it is not one. */
bool gridwl_transient_seats_add_keyboard(struct gridwl_transient_seats *seats,
		struct wlr_seat *wlr_seat, struct wlr_keyboard *wlr_keyboard);

#endif
