#include <stdlib.h>
#include <unistd.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_xcursor_manager.h>
#include <wlr/types/wlr_xdg_output_v1.h>
#include <wlr/util/log.h>
#include <wlr/xwayland.h>
#include <wlr/xwayland/shell.h>
#include "compositor/server.h"
#include "compositor/shell/xwayland.h"
#include "compositor/shell/xwayland_scale.h"
#include "config/config.h"
#include "input/seat.h"
#include "wlr_compat/wlr_compat.h"

struct gridwl_xwayland {
	struct gridwl_server *server;
	struct wlr_xwayland *wlr_xwayland;
	struct gridwl_xwayland_scale scale;
	struct wl_listener ready;
	struct wl_listener new_surface;
};

/* The X root cursor (what X windows without a cursor of their own show) at
 * N, from gridwl's theme at N times its size: as large as over Wayland
 * windows, and crisp. Set once the window manager is up, when wlroots
 * uploads it at once and keeps no pointer to the pixels (before, it would
 * keep one for the next start, and the theme is freed on every reload).
 * At N = 1 none is set, as before. */
static void set_root_cursor(struct gridwl_xwayland *xwayland) {
	int n = xwayland->scale.factor;
	struct wlr_xcursor_manager *manager =
			xwayland->server->seat->xcursor_manager;
	if (n <= 1 || manager == NULL || !wlr_xcursor_manager_load(manager, n)) {
		return;
	}
	struct wlr_xcursor *xcursor =
			wlr_xcursor_manager_get_xcursor(manager, "left_ptr", n);
	if (xcursor == NULL || xcursor->image_count == 0) {
		return;
	}
	struct wlr_xcursor_image *image = xcursor->images[0];
	wlr_xwayland_set_cursor(xwayland->wlr_xwayland, image->buffer,
			image->width * 4, image->width, image->height, image->hotspot_x,
			image->hotspot_y);
}

static void handle_ready(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland *xwayland =
			wl_container_of(listener, xwayland, ready);
	wlr_log(WLR_INFO, "Xwayland is up on DISPLAY=%s",
			xwayland->wlr_xwayland->display_name);
	// wlroots has reaped its fork: what exited meanwhile is reaped now.
	gridwl_server_reap_children(xwayland->server);
	gridwl_xwayland_settings_start(&xwayland->scale);
	set_root_cursor(xwayland);
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
	if (!gridwl_xwayland_scale_init(&xwayland->scale, server,
				xwayland->wlr_xwayland->server)) {
		wlr_log(WLR_ERROR, "Cannot set up Xwayland's outputs: no X11 clients");
		wlr_xwayland_destroy(xwayland->wlr_xwayland);
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
	gridwl_xwayland_settings_stop(&xwayland->scale);
	gridwl_xwayland_scale_finish(&xwayland->scale);
	// Destroys every X11 window left, whose views go with them, and
	// Xwayland's client with its resources.
	wlr_xwayland_destroy(xwayland->wlr_xwayland);
	gridwl_xwayland_outputs_destroy(xwayland->scale.outputs);
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
	if (xwayland == NULL) {
		return true;
	}
	// Xwayland sees the layout in X pixels, everyone else in logical ones.
	bool is_xwayland =
			gridwl_xwayland_scale_is_xwayland(&xwayland->scale, client);
	if (global == gridwl_xwayland_outputs_global(xwayland->scale.outputs)) {
		return is_xwayland;
	}
	struct wlr_xdg_output_manager_v1 *xdg_output_manager =
			xwayland->server->xdg_output_manager;
	if (xdg_output_manager != NULL && global == xdg_output_manager->global) {
		return !is_xwayland;
	}
	// Xwayland's own protocol: wlroots ends any other client that binds it.
	struct wlr_xwayland *wlr_xwayland = xwayland->wlr_xwayland;
	if (wlr_xwayland == NULL || wlr_xwayland->shell_v1 == NULL ||
			global != wlr_xwayland->shell_v1->global) {
		return true;
	}
	return wlr_xwayland->server != NULL &&
			client == wlr_xwayland->server->client;
}

int gridwl_xwayland_scale(struct gridwl_xwayland *xwayland) {
	return xwayland != NULL ? xwayland->scale.factor : 1;
}

int gridwl_xwayland_surface_scale(struct gridwl_xwayland *xwayland,
		struct wlr_surface *surface) {
	if (xwayland == NULL || surface == NULL ||
			!gridwl_xwayland_scale_is_xwayland(&xwayland->scale,
					wl_resource_get_client(surface->resource))) {
		return 1;
	}
	return xwayland->scale.factor;
}

bool gridwl_xwayland_child_exited(struct gridwl_xwayland *xwayland, pid_t pid,
		int status) {
	return xwayland != NULL &&
			gridwl_xwayland_settings_child_exited(&xwayland->scale, pid,
					status);
}

const char *gridwl_xwayland_settings_state(struct gridwl_xwayland *xwayland) {
	return xwayland != NULL ? gridwl_xwayland_settings_state_name(
									  xwayland->scale.settings.state) :
							  NULL;
}
