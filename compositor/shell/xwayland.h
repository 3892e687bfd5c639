#ifndef GRIDWL_COMPOSITOR_SHELL_XWAYLAND_H
#define GRIDWL_COMPOSITOR_SHELL_XWAYLAND_H

#include <stdbool.h>
#include <sys/types.h>

struct gridwl_server;
struct wl_client;
struct wl_global;
struct wlr_xwayland_surface;

/*
 * Xwayland for X11 clients, started (by wlroots) when the first one
 * connects. Off when the config says "xwayland disable" or the Xwayland
 * binary is missing.
 */
struct gridwl_xwayland;

/* NULL when Xwayland is off; why is logged. Run after the seat exists. */
struct gridwl_xwayland *gridwl_xwayland_create(struct gridwl_server *server);
/* Destroys every X11 window's view too; run while the seat still exists. */
void gridwl_xwayland_destroy(struct gridwl_xwayland *xwayland);
/* The DISPLAY X11 clients connect to (":1"), NULL when xwayland is NULL. */
const char *gridwl_xwayland_display(struct gridwl_xwayland *xwayland);
/* The child wlroots forks to start Xwayland and waits for itself once
 * Xwayland is ready: no one else may reap it. 0 when none is starting (or
 * xwayland is NULL). */
pid_t gridwl_xwayland_starting_pid(struct gridwl_xwayland *xwayland);
/* Whether client may see global: xwayland_shell_v1 is Xwayland's alone. */
bool gridwl_xwayland_allows(struct gridwl_xwayland *xwayland,
		const struct wl_client *client, const struct wl_global *global);

/* A view for a new X11 window (in compositor/shell/xwayland_view.c); it
 * goes with the window, which wlroots destroys with Xwayland too. */
void gridwl_xwayland_view_create(struct gridwl_server *server,
		struct wlr_xwayland_surface *xsurface);

#endif
