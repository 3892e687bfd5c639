#include <wayland-server-core.h>
#include "compositor/global_filter.h"
#include "compositor/server.h"
#include "compositor/services/security_context.h"
#include "compositor/shell/xwayland.h"

/*
 * libwayland takes one global filter a display: the rules of every part of
 * gridwl that hides a global from some clients meet here.
 */

static bool filter_global(const struct wl_client *client,
		const struct wl_global *global, void *data) {
	struct gridwl_server *server = data;
	return gridwl_security_context_allows(server, client, global) &&
			gridwl_xwayland_allows(server->xwayland, client, global);
}

void gridwl_global_filter_init(struct gridwl_server *server) {
	wl_display_set_global_filter(server->display, filter_global, server);
}
