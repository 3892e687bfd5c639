#include <stdlib.h>
#include <unistd.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>
#include <wlr/xwayland.h>
#include <wlr/xwayland/shell.h>
#include "compositor/server.h"
#include "compositor/shell/xwayland.h"
#include "config/config.h"
#include "input/seat.h"
#include "wlr_compat/wlr_compat.h"

struct gridwl_xwayland {
	struct gridwl_server *server;
	struct wlr_xwayland *wlr_xwayland;
	struct wl_listener ready;
	struct wl_listener new_surface;
};

static void handle_ready(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland *xwayland =
			wl_container_of(listener, xwayland, ready);
	wlr_log(WLR_INFO, "Xwayland is up on DISPLAY=%s",
			xwayland->wlr_xwayland->display_name);
	// wlroots has reaped its fork: what exited meanwhile is reaped now.
	gridwl_server_reap_children(xwayland->server);
	// No root cursor is set: wlroots (0.15 to 0.18) keeps the pixels'
	// pointer for a restart, and the cursor theme is freed on every reload.
}

static void handle_new_surface(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland *xwayland =
			wl_container_of(listener, xwayland, new_surface);
	gridwl_xwayland_view_create(xwayland->server, data);
}

struct gridwl_xwayland *gridwl_xwayland_create(struct gridwl_server *server) {
	if (server->config->xwayland == 0) {
		wlr_log(WLR_INFO, "Xwayland disabled by the config: no X11 clients");
		return NULL;
	}
	// A lazy Xwayland would only fail when the first X11 client
	// connects, so look first.
	const char *binary = gridwl_compat_xwayland_binary();
	if (access(binary, X_OK) != 0) {
		wlr_log(server->config->xwayland == 1 ? WLR_ERROR : WLR_INFO,
				"Xwayland is not installed (no %s): no X11 clients", binary);
		return NULL;
	}
	struct gridwl_xwayland *xwayland = calloc(1, sizeof(*xwayland));
	if (xwayland == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for Xwayland");
		return NULL;
	}
	xwayland->server = server;
	xwayland->wlr_xwayland =
			wlr_xwayland_create(server->display, server->compositor, true);
	if (xwayland->wlr_xwayland == NULL) {
		wlr_log(WLR_ERROR, "Cannot set up Xwayland: no X11 clients");
		free(xwayland);
		return NULL;
	}
	xwayland->ready.notify = handle_ready;
	wl_signal_add(&xwayland->wlr_xwayland->events.ready, &xwayland->ready);
	xwayland->new_surface.notify = handle_new_surface;
	wl_signal_add(&xwayland->wlr_xwayland->events.new_surface,
			&xwayland->new_surface);
	wlr_xwayland_set_seat(xwayland->wlr_xwayland, server->seat->wlr_seat);
	wlr_log(WLR_INFO,
			"Xwayland on DISPLAY=%s, started when an X11 client "
			"connects",
			xwayland->wlr_xwayland->display_name);
	return xwayland;
}

void gridwl_xwayland_destroy(struct gridwl_xwayland *xwayland) {
	if (xwayland == NULL) {
		return;
	}
	wl_list_remove(&xwayland->ready.link);
	wl_list_remove(&xwayland->new_surface.link);
	// Destroys every X11 window left, whose views go with them.
	wlr_xwayland_destroy(xwayland->wlr_xwayland);
	free(xwayland);
}

const char *gridwl_xwayland_display(struct gridwl_xwayland *xwayland) {
	return xwayland != NULL ? xwayland->wlr_xwayland->display_name : NULL;
}

pid_t gridwl_xwayland_starting_pid(struct gridwl_xwayland *xwayland) {
	if (xwayland == NULL) {
		return 0;
	}
	// Lazy: no server until the first X11 client; the fork's pid stays
	// set once it is reaped, until Xwayland restarts.
	struct wlr_xwayland_server *server = xwayland->wlr_xwayland->server;
	return server != NULL && server->pid > 0 && !server->ready ? server->pid :
																 0;
}

bool gridwl_xwayland_allows(struct gridwl_xwayland *xwayland,
		const struct wl_client *client, const struct wl_global *global) {
	// Xwayland's own protocol: wlroots ends any other client that binds it.
	struct wlr_xwayland *wlr_xwayland =
			xwayland != NULL ? xwayland->wlr_xwayland : NULL;
	if (wlr_xwayland == NULL || wlr_xwayland->shell_v1 == NULL ||
			global != wlr_xwayland->shell_v1->global) {
		return true;
	}
	return wlr_xwayland->server != NULL &&
			client == wlr_xwayland->server->client;
}
