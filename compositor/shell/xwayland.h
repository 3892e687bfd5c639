#ifndef GRIDWL_COMPOSITOR_SHELL_XWAYLAND_H
#define GRIDWL_COMPOSITOR_SHELL_XWAYLAND_H

#include <stdbool.h>
#include <sys/types.h>

struct gridwl_server;
struct wl_client;
struct wl_global;
struct wlr_surface;
struct wlr_xwayland_surface;

/*
 * Xwayland for X11 clients, started (by wlroots) when the first one
 * connects, or with gridwl when X11 programs draw at a scale above 1
 * (compositor/shell/xwayland_scale.h), so that the first one finds its
 * settings. Off when the config says "xwayland disable" or the Xwayland
 * binary is missing.
 */
struct gridwl_xwayland;

/* NULL when Xwayland is off; why is logged. Run after the seat and the
 * first outputs exist (their scales decide whether it starts now). */
struct gridwl_xwayland *gridwl_xwayland_create(struct gridwl_server *server);
/* After the config changed: a lazy Xwayland waiting for an X11 client
 * starts now when X11 programs are to draw at N > 1 (as it would have with
 * gridwl), so that the first finds its settings. Outputs changing call it
 * themselves. */
void gridwl_xwayland_scale_may_have_changed(struct gridwl_xwayland *xwayland);
/* Destroys every X11 window's view too; run while the seat still exists. */
void gridwl_xwayland_destroy(struct gridwl_xwayland *xwayland);
/* The DISPLAY X11 clients connect to (":1"), NULL when xwayland is NULL. */
const char *gridwl_xwayland_display(struct gridwl_xwayland *xwayland);
/* The child wlroots forks to start Xwayland and waits for itself once
 * Xwayland is ready: no one else may reap it. 0 when none is starting (or
 * xwayland is NULL). */
pid_t gridwl_xwayland_starting_pid(struct gridwl_xwayland *xwayland);
/* Whether client may see global: xwayland_shell_v1 and gridwl's
 * xdg-output manager in X pixels are Xwayland's alone, wlroots'
 * xdg-output manager everyone else's. */
bool gridwl_xwayland_allows(struct gridwl_xwayland *xwayland,
		const struct wl_client *client, const struct wl_global *global);

/* Whether the programs gridwl starts (exec lines, --exec, "-- CMD") are to
 * wait: Xwayland starts with gridwl and its X11 settings are not yet in
 * place. It runs them (gridwl_server_start_programs) once they are, or
 * they failed, or Xwayland did not start, or after 20 s at most. */
bool gridwl_xwayland_holds_programs(struct gridwl_xwayland *xwayland);

/* The scale N of the Xwayland running, or last run (1 before the first,
 * or when xwayland is NULL): X pixels per logical pixel
 * (compositor/shell/xwayland_scale.h). */
int gridwl_xwayland_scale(struct gridwl_xwayland *xwayland);
/* N for a surface of Xwayland, 1 for any other: what surface-local input
 * positions are multiplied by. */
int gridwl_xwayland_surface_scale(struct gridwl_xwayland *xwayland,
		struct wlr_surface *surface);

/* From the reaping of gridwl's children: true when pid was a helper of
 * Xwayland's (xrdb, xsettingsd), which takes its exit status. */
bool gridwl_xwayland_child_exited(struct gridwl_xwayland *xwayland, pid_t pid,
		int status);
/* How many Xwayland processes were started; *lazy is whether the next
 * waits for an X11 client (0 and false when Xwayland is off). */
int gridwl_xwayland_starts(struct gridwl_xwayland *xwayland, bool *lazy);
/* Whether X11 programs have been given the settings to draw at N:
 * "pending", "applied", "failed", or NULL when there are none to give
 * (N = 1, Xwayland not started or off). */
const char *gridwl_xwayland_settings_state(struct gridwl_xwayland *xwayland);

/* A view for a new X11 window (in compositor/shell/xwayland_view.c); it
 * goes with the window, which wlroots destroys with Xwayland too. */
void gridwl_xwayland_view_create(struct gridwl_server *server,
		struct wlr_xwayland_surface *xsurface);

#endif
