#ifndef GRIDWL_INPUT_CONTROL_DEVICE_H
#define GRIDWL_INPUT_CONTROL_DEVICE_H

#include <stdbool.h>
#include <stddef.h>

struct gridwl_seat;

/*
 * gridctl's keyboard, pointer, touch screen and tablet are gridwl's own
 * devices, made on first use (or at start when gridwl is headless) and kept
 * by the seat until it goes. This returns made, the one the seat has, or
 * makes it: size zeroed bytes that attach turns into a device of the seat
 * (its wlr device initialised, the seat told it is its own and given it).
 * NULL with *error set when out of memory, or when attach failed (it says
 * why and undoes what it did).
 */
void *gridwl_control_device_get(struct gridwl_seat *seat, void *made,
		size_t size,
		bool (*attach)(struct gridwl_seat *seat, void *control, char **error),
		char **error);

#endif
