#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client.h"
#include "fractional-scale-v1-client-protocol.h"
#include "idle-inhibit-unstable-v1-client-protocol.h"
#include "server-decoration-client-protocol.h"
#include "xdg-decoration-unstable-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

/* The first frame is on screen: now break the rules (--bad-scale), to see
 * the compositor refuse it without harming anyone else. */
static void first_frame_shown(void *data) {
	struct client *client = data;
	struct window *window = client->window;
	if (window != NULL && client->options.bad_scale_set) {
		wl_surface_set_buffer_scale(window->surface, client->options.bad_scale);
		wl_surface_commit(window->surface);
	}
}

void client_sync(struct client *client, const char *line) {
	client_skeleton_sync_line(&client->skel, line, NULL, NULL);
}

void client_fail(struct client *client) {
	client_skeleton_quit(&client->skel, 1);
}

static void buffer_size(const struct window *window, int *width, int *height) {
	*width = window->width * window->scale;
	*height = window->height * window->scale;
	if (window->client->options.odd_buffer) {
		// Not a multiple of the scale: a protocol error since wl_surface
		// version 4 would have it.
		*width += 1;
		*height += 1;
	}
}

void window_redraw_if_needed(struct window *window) {
	if (window->popup != NULL) {
		popup_redraw_if_needed(window->popup);
	}
	if (!window->configured || !window->needs_redraw) {
		return;
	}
	window->needs_redraw = false;
	struct client *client = window->client;
	// Synchronized subsurfaces first: the main surface's commit below is
	// what applies them.
	for (int i = 0; i < window->subsurface_count; i++) {
		if (!subsurface_redraw_if_needed(window->subsurfaces[i])) {
			client_fail(client);
			return;
		}
	}
	int bw, bh;
	buffer_size(window, &bw, &bh);
	struct client_buffer *buffer =
			buffer_next(client, &window->buffers, window->front, bw, bh);
	if (buffer == NULL) {
		client_fail(client);
		return;
	}
	buffer_fill(buffer, &window->pattern);
	if (window->subsurface_count > 0 && !client->options.no_window_geometry) {
		// Otherwise the window geometry would be the extents of all the
		// surfaces, and a subsurface could not stick out of the window.
		xdg_surface_set_window_geometry(window->xdg_surface, 0, 0,
				window->width, window->height);
	}
	buffer_commit(buffer, window->surface, window->scale);
	window->front = buffer;

	char line[128];
	snprintf(line, sizeof(line), "ready %d %d %d", window->width,
			window->height, window->scale);
	client_skeleton_sync_line(&client->skel, line,
			window->shown ? NULL : first_frame_shown, client);
	window->shown = true;
}

void window_set_scale(struct window *window, int scale) {
	window->scale = scale;
	window->needs_redraw = true;
}

void window_set_pattern(struct window *window, const struct pattern *pattern) {
	window->pattern = *pattern;
	window->needs_redraw = true;
}

bool window_damage(struct window *window, int x, int y, int w, int h) {
	struct client_buffer *front = window->front;
	if (front == NULL || w <= 0 || h <= 0 || x < 0 || y < 0 ||
			x > front->width - w || y > front->height - h) {
		return false;
	}
	struct client_buffer *buffer = buffer_next(window->client, &window->buffers,
			front, front->width, front->height);
	if (buffer == NULL) {
		return false;
	}
	// Outside the damage the new buffer must show what is on screen now,
	// or a compositor that rightly repaints only the damage would be
	// indistinguishable from one that repaints everything.
	memcpy(buffer->data, front->data, front->size);
	for (int by = y; by < y + h; by++) {
		uint32_t *row = buffer->data + (size_t)by * (size_t)buffer->width;
		for (int bx = x; bx < x + w; bx++) {
			row[bx] = pattern_pixel(&window->pattern, bx, by, buffer->width,
							  buffer->height) ^
					0x00ffffffu;
		}
	}
	wl_surface_attach(window->surface, buffer->wl_buffer, 0, 0);
	wl_surface_damage_buffer(window->surface, x, y, w, h);
	wl_surface_commit(window->surface);
	buffer->busy = true;
	window->front = buffer;

	char line[128];
	snprintf(line, sizeof(line), "damaged %d %d %d %d", x, y, w, h);
	client_sync(window->client, line);
	return true;
}

void client_emit_surface_event(const char *prefix, const char *event,
		struct wl_output *wl_output) {
	// A proxy already destroyed arrives as NULL.
	struct client_output *output =
			wl_output ? wl_output_get_user_data(wl_output) : NULL;
	const char *name = output ? client_output_name(output) : "?";
	if (prefix != NULL) {
		client_emit("%s %s %s", prefix, event, name);
	} else {
		client_emit("%s %s", event, name);
	}
}

static void fixed_surface_enter(void *data, struct wl_surface *surface,
		struct wl_output *wl_output) {
	client_emit_surface_event(data, "enter", wl_output);
}

static void fixed_surface_leave(void *data, struct wl_surface *surface,
		struct wl_output *wl_output) {
	client_emit_surface_event(data, "leave", wl_output);
}

/* libwayland calls every slot of a listener unchecked. */
static void fixed_surface_preferred_buffer_scale(void *data,
		struct wl_surface *surface, int32_t factor) {
}

static void fixed_surface_preferred_buffer_transform(void *data,
		struct wl_surface *surface, uint32_t transform) {
}

const struct wl_surface_listener client_fixed_surface_listener = {
	.enter = fixed_surface_enter,
	.leave = fixed_surface_leave,
	.preferred_buffer_scale = fixed_surface_preferred_buffer_scale,
	.preferred_buffer_transform = fixed_surface_preferred_buffer_transform,
};

static void surface_enter(void *data, struct wl_surface *surface,
		struct wl_output *wl_output) {
	client_emit_surface_event(NULL, "enter", wl_output);
}

static void surface_leave(void *data, struct wl_surface *surface,
		struct wl_output *wl_output) {
	client_emit_surface_event(NULL, "leave", wl_output);
}

static void surface_preferred_buffer_scale(void *data,
		struct wl_surface *surface, int32_t factor) {
	struct window *window = data;
	const struct client_options *options = &window->client->options;
	if (options->report_preferred) {
		client_emit("preferred scale %d", factor);
	}
	// Only scales a buffer can be drawn at: anything else is the
	// compositor's mistake, which the line above shows to a test.
	if (options->scale_preferred && factor >= 1 && factor <= SCALE_MAX &&
			factor != window->scale) {
		// Redrawn at the same logical size: the next "ready" says the
		// new scale.
		window_set_scale(window, factor);
	}
}

static void surface_preferred_buffer_transform(void *data,
		struct wl_surface *surface, uint32_t transform) {
	struct window *window = data;
	// Always drawn upright: the transform is only narrated.
	if (window->client->options.report_preferred) {
		client_emit("preferred transform %u", transform);
	}
}

static void fractional_preferred_scale(void *data,
		struct wp_fractional_scale_v1 *fractional_scale, uint32_t scale) {
	// Only narrated: the window follows preferred_buffer_scale.
	client_emit("preferred fractional %u", scale);
}

static const struct wp_fractional_scale_v1_listener fractional_listener = {
	.preferred_scale = fractional_preferred_scale,
};

static const struct wl_surface_listener surface_listener = {
	.enter = surface_enter,
	.leave = surface_leave,
	.preferred_buffer_scale = surface_preferred_buffer_scale,
	.preferred_buffer_transform = surface_preferred_buffer_transform,
};

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct window *window = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	client_emit("configure %d %d", window->pending_width,
			window->pending_height);
	const struct client_options *options = &window->client->options;
	window->width =
			window->pending_width > 0 ? window->pending_width : options->width;
	window->height = window->pending_height > 0 ? window->pending_height :
												  options->height;
	window->configured = true;
	// Every configure is answered by a new buffer, even at the same size:
	// that commit is what tells the compositor the configure took effect.
	window->needs_redraw = true;
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel,
		int32_t width, int32_t height, struct wl_array *states) {
	struct window *window = data;
	window->pending_width = width;
	window->pending_height = height;
}

static void toplevel_close(void *data, struct xdg_toplevel *toplevel) {
	struct window *window = data;
	client_emit("close");
	client_skeleton_quit(&window->client->skel, 0);
}

static void decoration_configure(void *data,
		struct zxdg_toplevel_decoration_v1 *decoration, uint32_t mode) {
	client_emit("decoration %s",
			mode == ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE ? "server" :
																   "client");
}

static const struct zxdg_toplevel_decoration_v1_listener decoration_listener = {
	.configure = decoration_configure,
};

static void kde_decoration_mode(void *data,
		struct org_kde_kwin_server_decoration *decoration, uint32_t mode) {
	client_emit("decoration %s",
			mode == ORG_KDE_KWIN_SERVER_DECORATION_MODE_SERVER ? "server" :
					mode == ORG_KDE_KWIN_SERVER_DECORATION_MODE_CLIENT ?
																 "client" :
																 "none");
}

static const struct org_kde_kwin_server_decoration_listener
		kde_decoration_listener = {
			.mode = kde_decoration_mode,
		};

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = toplevel_configure,
	.close = toplevel_close,
};

struct window *window_create(struct client *client) {
	const struct client_options *options = &client->options;
	struct window *window = calloc(1, sizeof(*window));
	if (window == NULL) {
		return NULL;
	}
	window->client = client;
	window->scale = options->scale;
	window->pattern = options->pattern;
	wl_list_init(&window->buffers);
	window->surface = wl_compositor_create_surface(client->skel.compositor);
	wl_surface_add_listener(window->surface, &surface_listener, window);
	window->xdg_surface =
			xdg_wm_base_get_xdg_surface(client->skel.wm_base, window->surface);
	xdg_surface_add_listener(window->xdg_surface, &xdg_surface_listener,
			window);
	window->xdg_toplevel = xdg_surface_get_toplevel(window->xdg_surface);
	xdg_toplevel_add_listener(window->xdg_toplevel, &toplevel_listener, window);
	xdg_toplevel_set_app_id(window->xdg_toplevel, options->app_id);
	xdg_toplevel_set_title(window->xdg_toplevel, options->title);
	if (client->decoration_manager != NULL) {
		window->decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(
				client->decoration_manager, window->xdg_toplevel);
		zxdg_toplevel_decoration_v1_add_listener(window->decoration,
				&decoration_listener, window);
		if (strcmp(options->decoration, "server") == 0) {
			zxdg_toplevel_decoration_v1_set_mode(window->decoration,
					ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE);
		} else if (strcmp(options->decoration, "client") == 0) {
			zxdg_toplevel_decoration_v1_set_mode(window->decoration,
					ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE);
		}
	}
	if (client->kde_decoration_manager != NULL) {
		// As GTK 3 does: the mode asked for before the first commit.
		window->kde_decoration = org_kde_kwin_server_decoration_manager_create(
				client->kde_decoration_manager, window->surface);
		org_kde_kwin_server_decoration_add_listener(window->kde_decoration,
				&kde_decoration_listener, window);
		org_kde_kwin_server_decoration_request_mode(window->kde_decoration,
				strcmp(options->decoration, "kde-server") == 0 ?
						ORG_KDE_KWIN_SERVER_DECORATION_MODE_SERVER :
						ORG_KDE_KWIN_SERVER_DECORATION_MODE_CLIENT);
	}
	if (options->maximized) {
		xdg_toplevel_set_maximized(window->xdg_toplevel);
	}
	if (options->fullscreen != NULL) {
		struct client_output *output =
				client_output_from_name(client, options->fullscreen);
		xdg_toplevel_set_fullscreen(window->xdg_toplevel,
				output ? output->wl_output : NULL);
	}
	for (int i = 0; i < options->subsurface_count; i++) {
		struct subsurface *subsurface =
				subsurface_create(window, i + 1, &options->subsurfaces[i]);
		if (subsurface == NULL) {
			window_destroy(window);
			return NULL;
		}
		window->subsurfaces[window->subsurface_count++] = subsurface;
	}
	if (client->idle_inhibit_manager != NULL) {
		window->idle_inhibitor = zwp_idle_inhibit_manager_v1_create_inhibitor(
				client->idle_inhibit_manager, window->surface);
	}
	if (client->fractional_scale_manager != NULL) {
		window->fractional_scale =
				wp_fractional_scale_manager_v1_get_fractional_scale(
						client->fractional_scale_manager, window->surface);
		wp_fractional_scale_v1_add_listener(window->fractional_scale,
				&fractional_listener, window);
	}
	// The initial commit without a buffer asks for the first configure.
	wl_surface_commit(window->surface);
	return window;
}

void window_destroy(struct window *window) {
	if (window->popup != NULL) {
		popup_destroy(window->popup);
	}
	for (int i = 0; i < window->subsurface_count; i++) {
		subsurface_destroy(window->subsurfaces[i]);
	}
	buffers_destroy(&window->buffers);
	if (window->decoration != NULL) {
		zxdg_toplevel_decoration_v1_destroy(window->decoration);
	}
	if (window->kde_decoration != NULL) {
		org_kde_kwin_server_decoration_release(window->kde_decoration);
	}
	if (window->idle_inhibitor != NULL) {
		zwp_idle_inhibitor_v1_destroy(window->idle_inhibitor);
	}
	if (window->fractional_scale != NULL) {
		wp_fractional_scale_v1_destroy(window->fractional_scale);
	}
	xdg_toplevel_destroy(window->xdg_toplevel);
	xdg_surface_destroy(window->xdg_surface);
	wl_surface_destroy(window->surface);
	free(window);
}
