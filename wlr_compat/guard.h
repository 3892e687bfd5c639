#ifndef GRIDWL_WLR_COMPAT_GUARD_H
#define GRIDWL_WLR_COMPAT_GUARD_H

#include <wayland-server-core.h>

struct wlr_layer_surface_v1;
struct wlr_seat;
struct wlr_xdg_shell;

/* Keeps requests that wlroots 0.15.1 would crash on (or corrupt the heap,
 * or leak) from reaching it unprepared; see wlr_compat/guard.c. Create it
 * before the first client connects, destroy it after the last is gone. */
struct gridwl_wlroots_guard;

struct gridwl_wlroots_guard *gridwl_wlroots_guard_create(
		struct wl_display *display, struct wlr_xdg_shell *xdg_shell);
void gridwl_wlroots_guard_destroy(struct gridwl_wlroots_guard *guard);
/* The seat inert wl_pointers are lent (see wlr_compat/guard.c). */
void gridwl_wlroots_guard_set_seat(struct gridwl_wlroots_guard *guard,
		struct wlr_seat *seat);

/* Dismisses the popups of a layer surface about to be destroyed, which
 * wlroots 0.15.1 dismisses only when it is mapped (and leaves linked to the
 * freed surface otherwise). Run before wlr_layer_surface_v1_destroy. */
void gridwl_compat_layer_surface_dismiss_popups(
		struct wlr_layer_surface_v1 *layer_surface);

#endif
