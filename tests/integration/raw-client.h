#ifndef GRIDWL_TESTS_RAW_CLIENT_H
#define GRIDWL_TESTS_RAW_CLIENT_H

#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"

/*
 * What the hand-written test clients (bad-client-raw, bad-client-tree)
 * share: their line protocol on stdout and the listeners that do nothing
 * but answer.
 */

/* One line on stdout, flushed at once for the harness to read. */
void raw_client_emit(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* Prints how the connection ended ("error protocol interface=I code=C
 * id=N" or "error REASON", then "disconnected") and returns 1, the exit
 * status. */
int raw_client_report_disconnect(struct wl_display *display);

/* Answers pings. */
extern const struct xdg_wm_base_listener raw_client_wm_base_listener;
/* Takes whatever size the compositor asks for and ignores close. */
extern const struct xdg_toplevel_listener raw_client_toplevel_listener;

#endif
