#ifndef GRIDWL_WLR_COMPAT_GUARD_H
#define GRIDWL_WLR_COMPAT_GUARD_H

#include <wayland-server-core.h>

/* Keeps a request that wlroots 0.18.2 would crash on from reaching it
 * (wlr_compat/wlr_compat.h, W5); see wlr_compat/guard.c. Create it before
 * the first client connects, destroy it after the last is gone. */
struct gridwl_wlroots_guard;

struct gridwl_wlroots_guard *gridwl_wlroots_guard_create(
		struct wl_display *display);
void gridwl_wlroots_guard_destroy(struct gridwl_wlroots_guard *guard);

struct wlr_xdg_popup;
/* W30: from the new popup and reposition handlers, before the popup is
 * unconstrained: a zero-size anchor rect the client set is put back in
 * its rules and geometry. */
void gridwl_wlroots_guard_popup_positioned(struct gridwl_wlroots_guard *guard,
		struct wlr_xdg_popup *popup);

#endif
