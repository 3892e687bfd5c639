#include <wayland-server-core.h>
#include "compositor/server.h"
#include "compositor/services/global_filter.h"
#include "compositor/services/security_context.h"
#include "compositor/shell/xwayland.h"
#include "input/seat.h"
#include "input/transient_seat.h"

/*
 * libwayland takes one global filter a display: the rules of every part of
 * gridwl that hides a global from some clients meet here. It is asked on
 * every bind too, which is how the transient seats hear that a client may
 * have bound one after it got their focus.
 */

static bool filter_global(const struct wl_client *client,
		const struct wl_global *global, void *data) {
	struct gridwl_server *server = data;
	bool allowed = gridwl_security_context_allows(server, client, global) &&
			gridwl_xwayland_allows(server->xwayland, client, global);
	if (allowed && server->seat != NULL &&
			wl_global_get_interface(global) == &wl_seat_interface) {
		gridwl_transient_seats_check_late_binders(
				server->seat->transient_seats);
	}
	return allowed;
}

void gridwl_global_filter_init(struct gridwl_server *server) {
	wl_display_set_global_filter(server->display, filter_global, server);
}
