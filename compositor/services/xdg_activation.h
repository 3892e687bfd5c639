#ifndef GRIDWL_COMPOSITOR_SERVICES_XDG_ACTIVATION_H
#define GRIDWL_COMPOSITOR_SERVICES_XDG_ACTIVATION_H

#include <stdbool.h>

struct gridwl_server;
struct wlr_surface;

/*
 * xdg-activation-v1: a window asks to be focused with a token. A token is
 * good when gridwl made it for a program it started (XDG_ACTIVATION_TOKEN
 * in exec children's environment) or when a client made it from an input
 * event (a serial wlroots checked) on a surface of the window that had the
 * keyboard then: the window it is used for is focused and raised. Any other
 * token that wlroots knows (no serial, or made while not focused) marks the
 * window urgent instead, until it is focused; unknown and expired ones
 * (wlroots forgets tokens after 30 s) do nothing.
 */

/* After the seat exists. */
bool gridwl_xdg_activation_init(struct gridwl_server *server);
/* Before the seat goes. */
void gridwl_xdg_activation_finish(struct gridwl_server *server);

/* A good token for a program gridwl is about to start (malloc'd), NULL
 * when none can be made. */
char *gridwl_xdg_activation_launch_token(struct gridwl_server *server);

/* Whether the window of surface asked for focus with a token that was not
 * good enough, and has not been focused since (gridctl windows' urgent). */
bool gridwl_xdg_activation_urgent(struct gridwl_server *server,
		struct wlr_surface *surface);

#endif
