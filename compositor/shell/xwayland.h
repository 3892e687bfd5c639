#ifndef GRIDWL_COMPOSITOR_SHELL_XWAYLAND_H
#define GRIDWL_COMPOSITOR_SHELL_XWAYLAND_H

struct gridwl_server;
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

/* A view for a new X11 window (in compositor/shell/xwayland_view.c). */
void gridwl_xwayland_view_create(struct gridwl_server *server,
		struct wlr_xwayland_surface *xsurface);
/* Frees the views of every X11 window, before Xwayland goes: wlroots 0.15
 * never signals the destruction of the windows it has left at exit
 * (wlr_compat/wlr_compat.h, N4). */
void gridwl_xwayland_views_destroy(struct gridwl_server *server);

#endif
