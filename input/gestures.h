#ifndef GRIDWL_INPUT_GESTURES_H
#define GRIDWL_INPUT_GESTURES_H

#include <stdbool.h>
#include <wayland-server-core.h>
#include "input/listeners.h"

struct gridwl_seat;
struct wlr_pointer_gestures_v1;

/* input/gestures.c: pointer-gestures-unstable-v1, the seat's listeners
 * on its cursor's gesture events, as touch.c's on its touch events. */
struct gridwl_gestures {
	struct wlr_pointer_gestures_v1 *wlr_gestures; // goes with the display
	struct gridwl_listeners listeners; // on the seat's cursor
	struct wl_listener swipe_begin;
	struct wl_listener swipe_update;
	struct wl_listener swipe_end;
	struct wl_listener pinch_begin;
	struct wl_listener pinch_update;
	struct wl_listener pinch_end;
	struct wl_listener hold_begin;
	struct wl_listener hold_end;
};

/* False when wlroots could not make the global. */
bool gridwl_gestures_init(struct gridwl_seat *seat);
/* Before the cursor whose signals these are. */
void gridwl_gestures_finish(struct gridwl_seat *seat);

#endif
