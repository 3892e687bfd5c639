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
#include "config/scale.h"
#include "input/cursor_theme.h"
#include "input/seat.h"
#include "wlr_compat/wlr_compat.h"

/* How long the programs gridwl starts wait at most for X11 settings (an
 * Xwayland or xrdb that hangs): they run then anyway, logged. */
#define HOLD_TIMEOUT_MS 20000

struct gridwl_xwayland {
	struct gridwl_server *server;
	struct wlr_xwayland *wlr_xwayland;
	struct gridwl_xwayland_scale scale;
	// The programs gridwl starts wait for the settings of the first
	// Xwayland (see gridwl_xwayland_create).
	bool holding;
	struct wl_event_source *hold_timer; // NULL when not holding
	struct gridwl_compat_xwayland_starts starts; // W28
	struct wl_listener ready;
	struct wl_listener new_surface;
	struct wl_listener server_start;
	struct wl_listener client_destroy; // the Xwayland starting or running
	struct wl_listener settings_changed;
	struct wl_listener layout_change;
};

static void release_programs(struct gridwl_xwayland *xwayland,
		const char *why) {
	if (!xwayland->holding) {
		return;
	}
	xwayland->holding = false;
	if (xwayland->hold_timer != NULL) {
		wl_event_source_remove(xwayland->hold_timer);
		xwayland->hold_timer = NULL;
	}
	wlr_log(WLR_INFO, "Starting the session's programs: %s", why);
	gridwl_server_start_programs(xwayland->server);
}

/* Once the settings of the first Xwayland are in place, or cannot be. */
static void release_if_settled(struct gridwl_xwayland *xwayland) {
	if (!xwayland->wlr_xwayland->server->ready) {
		// A helper of an Xwayland gone: the next one's settings count.
		return;
	}
	switch (xwayland->scale.settings.state) {
	case GRIDWL_XWAYLAND_SETTINGS_APPLIED:
		release_programs(xwayland, "X11 settings applied");
		break;
	case GRIDWL_XWAYLAND_SETTINGS_FAILED:
		release_programs(xwayland, "X11 settings failed");
		break;
	case GRIDWL_XWAYLAND_SETTINGS_NONE:
		// N came out 1 at the start (the layout changed meanwhile).
		release_programs(xwayland, "no X11 settings at scale 1");
		break;
	case GRIDWL_XWAYLAND_SETTINGS_PENDING:
		break;
	}
}

static void handle_settings_changed(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland *xwayland =
			wl_container_of(listener, xwayland, settings_changed);
	release_if_settled(xwayland);
}

static int handle_hold_timeout(void *data) {
	struct gridwl_xwayland *xwayland = data;
	wlr_log(WLR_ERROR,
			"X11 settings not in place after %d s (Xwayland or xrdb hangs?)",
			HOLD_TIMEOUT_MS / 1000);
	release_programs(xwayland, "not waiting any longer");
	return 0;
}

static void handle_client_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland *xwayland =
			wl_container_of(listener, xwayland, client_destroy);
	wl_list_remove(&xwayland->client_destroy.link);
	wl_list_init(&xwayland->client_destroy.link);
	struct wlr_xwayland_server *server = xwayland->wlr_xwayland->server;
	// Restarted lazily (or not at all): a settings program that has not
	// connected yet would start the next one.
	gridwl_xwayland_settings_stop(&xwayland->scale);
	if (!server->ready) {
		// wlroots says why, and does not restart it.
		release_programs(xwayland, "Xwayland did not start");
	}
}

/* Each start. wlroots 0.18 restarts an Xwayland whose client goes after it
 * was ready (always: W28), at once when it was started with gridwl, lazily
 * otherwise; one whose client goes before it is ready is not restarted,
 * which is how a failed start shows. */
static void handle_server_start(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland *xwayland =
			wl_container_of(listener, xwayland, server_start);
	gridwl_compat_xwayland_started(xwayland->wlr_xwayland->server,
			&xwayland->starts);
	// Those of an Xwayland before went with it (a settings program still
	// starting would merge into this one, or race its xsettingsd for the
	// selection); handle_ready gives them again.
	gridwl_xwayland_settings_stop(&xwayland->scale);
	xwayland->scale.settings.state = GRIDWL_XWAYLAND_SETTINGS_NONE;
	// Still in the destroy signal of the client before, which wlroots'
	// restart runs in.
	wl_list_remove(&xwayland->client_destroy.link);
	wl_list_init(&xwayland->client_destroy.link);
	struct wl_client *client = xwayland->wlr_xwayland->server->client;
	if (client != NULL) {
		wl_client_add_destroy_listener(client, &xwayland->client_destroy);
	}
}

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
	if (n <= 1 || manager == NULL ||
			!gridwl_cursor_theme_load(xwayland->server->seat, manager,
					n * GRIDWL_SCALE120_ONE)) {
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
	gridwl_compat_xwayland_disown_wm_fd(xwayland->wlr_xwayland);
	// wlroots has reaped its fork: what exited meanwhile is reaped now.
	gridwl_server_reap_children(xwayland->server);
	gridwl_xwayland_settings_start(&xwayland->scale);
	set_root_cursor(xwayland);
	release_if_settled(xwayland);
}

static void handle_new_surface(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland *xwayland =
			wl_container_of(listener, xwayland, new_surface);
	gridwl_xwayland_view_create(xwayland->server, data);
}

void gridwl_xwayland_scale_may_have_changed(struct gridwl_xwayland *xwayland) {
	if (xwayland == NULL ||
			gridwl_xwayland_scale_planned(xwayland->server) <= 1) {
		return;
	}
	// See gridwl_xwayland_create: the first X11 client of a lazy
	// Xwayland at N > 1 would come before xrdb.
	if (gridwl_compat_xwayland_start_waiting(xwayland->wlr_xwayland->server,
				&xwayland->starts)) {
		wlr_log(WLR_INFO,
				"Xwayland on DISPLAY=%s starts now (X11 scale above 1), "
				"before its first X11 client",
				xwayland->wlr_xwayland->display_name);
	}
}

/* An output added, gone, moved or scaled. */
static void handle_layout_change(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland *xwayland =
			wl_container_of(listener, xwayland, layout_change);
	gridwl_xwayland_scale_may_have_changed(xwayland);
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
	xwayland->client_destroy.notify = handle_client_destroy;
	wl_list_init(&xwayland->client_destroy.link);
	// The first X11 client would start a lazy Xwayland and be accepted as
	// soon as wlroots' window manager is up, before xrdb could run (wlroots
	// 0.18 never passes -initfd): it would read no Xft.dpi and come out
	// small. At N > 1 Xwayland starts with gridwl instead, and the programs
	// gridwl starts wait for the settings; at N = 1 there are none to wait
	// for, and nothing runs until an X11 client comes.
	bool eager = gridwl_xwayland_scale_planned(server) > 1;
	xwayland->wlr_xwayland =
			wlr_xwayland_create(server->display, server->compositor, !eager);
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
	xwayland->server_start.notify = handle_server_start;
	wl_signal_add(&xwayland->wlr_xwayland->server->events.start,
			&xwayland->server_start);
	xwayland->settings_changed.notify = handle_settings_changed;
	wl_signal_add(&xwayland->scale.settings.events.changed,
			&xwayland->settings_changed);
	wlr_xwayland_set_seat(xwayland->wlr_xwayland, server->seat->wlr_seat);
	xwayland->layout_change.notify = handle_layout_change;
	wl_signal_add(&server->output_layout->events.change,
			&xwayland->layout_change);
	if (!eager) {
		wlr_log(WLR_INFO,
				"Xwayland on DISPLAY=%s, started when an X11 client "
				"connects, or when X11 scale goes above 1",
				xwayland->wlr_xwayland->display_name);
		return xwayland;
	}
	wlr_log(WLR_INFO,
			"Xwayland on DISPLAY=%s, started now (X11 scale above 1); the "
			"session's programs wait for its X11 settings",
			xwayland->wlr_xwayland->display_name);
	xwayland->hold_timer = wl_event_loop_add_timer(server->loop,
			handle_hold_timeout, xwayland);
	xwayland->holding = xwayland->hold_timer != NULL &&
			wl_event_source_timer_update(xwayland->hold_timer,
					HOLD_TIMEOUT_MS) == 0;
	if (!xwayland->holding && xwayland->hold_timer != NULL) {
		wl_event_source_remove(xwayland->hold_timer);
		xwayland->hold_timer = NULL;
	}
	return xwayland;
}

void gridwl_xwayland_destroy(struct gridwl_xwayland *xwayland) {
	if (xwayland == NULL) {
		return;
	}
	wl_list_remove(&xwayland->ready.link);
	wl_list_remove(&xwayland->new_surface.link);
	wl_list_remove(&xwayland->server_start.link);
	wl_list_remove(&xwayland->client_destroy.link);
	wl_list_remove(&xwayland->settings_changed.link);
	wl_list_remove(&xwayland->layout_change.link);
	if (xwayland->hold_timer != NULL) {
		wl_event_source_remove(xwayland->hold_timer);
	}
	gridwl_xwayland_settings_stop(&xwayland->scale);
	gridwl_xwayland_scale_finish(&xwayland->scale);
	// Destroys every X11 window left, whose views go with them, and
	// Xwayland's client with its resources. The globals it removes ask
	// gridwl_xwayland_allows about the clients still there, which must
	// not look at the server it frees first.
	xwayland->scale.xserver = NULL;
	wlr_xwayland_destroy(xwayland->wlr_xwayland);
	xwayland->wlr_xwayland = NULL;
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
	// A change of the settings' state releases the programs
	// (handle_settings_changed).
	return xwayland != NULL &&
			gridwl_xwayland_settings_child_exited(&xwayland->scale, pid,
					status);
}

bool gridwl_xwayland_holds_programs(struct gridwl_xwayland *xwayland) {
	return xwayland != NULL && xwayland->holding;
}

int gridwl_xwayland_starts(struct gridwl_xwayland *xwayland, bool *lazy) {
	if (xwayland == NULL) {
		*lazy = false;
		return 0;
	}
	*lazy = xwayland->wlr_xwayland->server->options.lazy;
	return xwayland->starts.count;
}

const char *gridwl_xwayland_settings_state(struct gridwl_xwayland *xwayland) {
	return xwayland != NULL ? gridwl_xwayland_settings_state_name(
									  xwayland->scale.settings.state) :
							  NULL;
}
