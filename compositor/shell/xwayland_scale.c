#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/util/box.h>
#include <wlr/util/log.h>
#include <wlr/xwayland.h>
#include "compositor/server.h"
#include "compositor/shell/xwayland_scale.h"
#include "config/config.h"
#include "wlr_compat/wlr_compat.h"

/* X11 coordinates are 16-bit signed: the X screen must fit. */
#define X11_COORD_MAX 32767

/* A surface of Xwayland, taken at scale N from commit to commit. */
struct xwayland_scaled_surface {
	struct gridwl_xwayland_scale *scale;
	struct wlr_surface *surface;
	struct wl_listener client_commit;
	struct wl_listener commit;
	struct wl_listener destroy;
};

int gridwl_xwayland_to_logical(int x, int factor) {
	// Floor, also for negative positions (left of the first output).
	return x >= 0 ? x / factor : -((-x + factor - 1) / factor);
}

int gridwl_xwayland_size_to_logical(int size, int factor) {
	return size > 0 ? (size + factor - 1) / factor : 0;
}

int gridwl_xwayland_size_to_x(int size, int factor) {
	return size > 0 ? size * factor : factor;
}

static int largest_output_scale(struct gridwl_server *server) {
	int largest = 1;
	struct wlr_output_layout_output *layout_output;
	wl_list_for_each(layout_output, &server->output_layout->outputs, link) {
		// X clients draw at an integer scale: a 1.5 output gets 2,
		// reduced exactly.
		int scale = (int)ceilf(layout_output->output->scale);
		if (scale > largest) {
			largest = scale;
		}
	}
	return largest;
}

/* The largest N up to wanted whose X screen keeps to 16 bits; a smaller N
 * is logged when log says so. */
static int fit_x11_range(struct gridwl_server *server, int wanted, bool log) {
	struct wlr_box box;
	wlr_output_layout_get_box(server->output_layout, NULL, &box);
	int n = wanted;
	while (n > 1 &&
			((long)(box.x + box.width) * n > X11_COORD_MAX ||
					(long)(box.y + box.height) * n > X11_COORD_MAX ||
					(long)box.x * n < -X11_COORD_MAX - 1 ||
					(long)box.y * n < -X11_COORD_MAX - 1)) {
		n--;
	}
	if (n != wanted && log) {
		wlr_log(WLR_ERROR,
				"Xwayland at scale %d would make an X screen past X11's "
				"16-bit coordinates (layout %dx%d at %d,%d): scale %d instead",
				wanted, box.width, box.height, box.x, box.y, n);
	}
	return n;
}

static int choose_factor(struct gridwl_server *server, bool log) {
	int configured = server->config->xwayland_scale;
	int wanted = configured > 0 ? configured : largest_output_scale(server);
	return fit_x11_range(server, wanted, log);
}

int gridwl_xwayland_scale_planned(struct gridwl_server *server) {
	return choose_factor(server, false);
}

static void handle_server_start(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_scale *scale =
			wl_container_of(listener, scale, server_start);
	struct gridwl_server *server = scale->server;
	int configured = server->config->xwayland_scale;
	scale->factor = choose_factor(server, true);
	wlr_log(WLR_INFO,
			"Xwayland starts at scale %d (xwayland scale %s); a change of "
			"it applies when Xwayland next starts",
			scale->factor, configured > 0 ? "from the config" : "auto");
}

static void scaled_surface_destroy(struct xwayland_scaled_surface *scaled) {
	wl_list_remove(&scaled->client_commit.link);
	wl_list_remove(&scaled->commit.link);
	wl_list_remove(&scaled->destroy.link);
	free(scaled);
}

static void handle_surface_client_commit(struct wl_listener *listener,
		void *data) {
	struct xwayland_scaled_surface *scaled =
			wl_container_of(listener, scaled, client_commit);
	gridwl_compat_surface_scale_client_commit(scaled->surface,
			scaled->scale->factor);
}

static void handle_surface_commit(struct wl_listener *listener, void *data) {
	struct xwayland_scaled_surface *scaled =
			wl_container_of(listener, scaled, commit);
	gridwl_compat_surface_scale_committed(scaled->surface);
}

static void handle_surface_destroy(struct wl_listener *listener, void *data) {
	struct xwayland_scaled_surface *scaled =
			wl_container_of(listener, scaled, destroy);
	scaled_surface_destroy(scaled);
}

static void handle_new_surface(struct wl_listener *listener, void *data) {
	struct gridwl_xwayland_scale *scale =
			wl_container_of(listener, scale, new_surface);
	struct wlr_surface *surface = data;
	if (!gridwl_xwayland_scale_is_xwayland(scale,
				wl_resource_get_client(surface->resource))) {
		return;
	}
	struct xwayland_scaled_surface *scaled = calloc(1, sizeof(*scaled));
	if (scaled == NULL) {
		wl_resource_post_no_memory(surface->resource);
		return;
	}
	scaled->scale = scale;
	scaled->surface = surface;
	scaled->client_commit.notify = handle_surface_client_commit;
	wl_signal_add(&surface->events.client_commit, &scaled->client_commit);
	scaled->commit.notify = handle_surface_commit;
	wl_signal_add(&surface->events.commit, &scaled->commit);
	scaled->destroy.notify = handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &scaled->destroy);
}

bool gridwl_xwayland_scale_init(struct gridwl_xwayland_scale *scale,
		struct gridwl_server *server, struct wlr_xwayland_server *xserver) {
	scale->server = server;
	scale->xserver = xserver;
	scale->factor = 1;
	gridwl_xwayland_settings_init(&scale->settings);
	scale->outputs = gridwl_xwayland_outputs_create(scale);
	if (scale->outputs == NULL) {
		return false;
	}
	scale->server_start.notify = handle_server_start;
	wl_signal_add(&xserver->events.start, &scale->server_start);
	scale->new_surface.notify = handle_new_surface;
	wl_signal_add(&server->compositor->events.new_surface, &scale->new_surface);
	return true;
}

void gridwl_xwayland_scale_finish(struct gridwl_xwayland_scale *scale) {
	wl_list_remove(&scale->server_start.link);
	wl_list_remove(&scale->new_surface.link);
}

bool gridwl_xwayland_scale_is_xwayland(struct gridwl_xwayland_scale *scale,
		const struct wl_client *client) {
	return scale->xserver != NULL && client != NULL &&
			client == scale->xserver->client;
}
