#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include <wlr/backend/wayland.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/session/nested.h"
#include "config/scale.h"
#include "wlr_compat/wlr_compat.h"
#include "xdg-shell-client-protocol.h"

/*
 * wlroots 0.18.2's wayland backend binds the host's wl_compositor at
 * version 4 (no wl_surface.preferred_buffer_scale), never sets a buffer
 * scale on its host surface nor listens to its enter and leave, and turns
 * an xdg_toplevel configure into a custom mode of the logical size (or,
 * without one, of the current physical size: the two cannot be told
 * apart). So gridwl makes each host window itself, from its own binding of
 * wl_compositor (version 6) and xdg_wm_base on the backend's connection,
 * and gives the surface to wlr_wl_output_create_from_surface, which leaves
 * the xdg role to the caller. wlroots still attaches the buffers, sends
 * frame callbacks and feeds the host's input through it (it finds its
 * outputs by the tag and user data it puts on the surface, so the window
 * is found from the surface's listener, which is the window's own copy).
 *
 * The host window's logical size is what the host configures (or, when it
 * leaves the size to gridwl, what the output's mode asked for divided by
 * the host's scale); its scale is the host's preferred_buffer_scale, else
 * the largest scale of the host outputs it is on. The nested output's
 * mode is the one times the other and the host surface has that buffer
 * scale, so one nested pixel is one host pixel.
 */

struct gridwl_host_output {
	struct wl_list link; // gridwl_nested.host_outputs
	struct gridwl_nested *nested;
	struct wl_output *wl_output;
	uint32_t global_name;
	int32_t scale, pending_scale;
};

struct gridwl_nested_window {
	struct wl_list link; // gridwl_nested.windows
	struct gridwl_nested *nested;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *xdg_toplevel;
	struct wlr_output *wlr_output; // NULL until wlroots made it
	struct wl_surface_listener surface_listener;
	char title[128];

	// Host outputs the surface is on (struct gridwl_host_output *).
	struct wl_array entered;
	int preferred_scale; // 0 until the host sends one
	int scale; // the host scale the window is drawn at
	int committed_scale; // the buffer scale last set on the surface
	int width, height; // logical size of the host window
	int pending_width, pending_height; // of the last toplevel configure
	int asked_width, asked_height; // the mode the config last asked for
	uint32_t configure_serial;
	bool has_configure_serial;
	// The host sent its first configure since the window was last mapped;
	// before that no buffer may be attached.
	bool configured;
	bool fitting; // inside gridwl_nested_output_fit
	bool software_cursors; // gridwl holds a software cursor lock

	struct wl_listener output_destroy;
	struct wl_listener output_commit;
};

struct gridwl_nested {
	struct gridwl_server *server;
	struct wl_display *remote;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct xdg_wm_base *wm_base;
	struct wl_list host_outputs; // gridwl_host_output.link
	struct wl_list windows; // gridwl_nested_window.link
	struct gridwl_compat_wl_enter *pointer_enter; // W27

	struct wl_listener backend_destroy;
};

static void window_refit(struct gridwl_nested_window *window);

static int window_wanted_scale(struct gridwl_nested_window *window) {
	if (window->preferred_scale > 0) {
		return window->preferred_scale;
	}
	int scale = 0;
	struct gridwl_host_output **entered;
	wl_array_for_each(entered, &window->entered) {
		if ((*entered)->scale > scale) {
			scale = (*entered)->scale;
		}
	}
	// On no host output yet: the guess it was made with.
	return scale > 0 ? scale : window->scale;
}

static void window_update_scale(struct gridwl_nested_window *window) {
	int scale = window_wanted_scale(window);
	if (scale == window->scale) {
		return;
	}
	wlr_log(WLR_INFO, "Nested window %s: host scale %d -> %d",
			window->wlr_output != NULL ? window->wlr_output->name : "(new)",
			window->scale, scale);
	window->scale = scale;
	window_refit(window);
}

/* wlroots made the surface's user data its own output. */
static struct gridwl_nested_window *window_from_surface(
		struct wl_surface *surface) {
	const struct wl_surface_listener *listener =
			wl_proxy_get_listener((struct wl_proxy *)surface);
	struct gridwl_nested_window *window;
	return wl_container_of(listener, window, surface_listener);
}

static struct gridwl_nested_window *window_from_output(
		struct gridwl_server *server, struct wlr_output *wlr_output) {
	if (server->nested == NULL || !wlr_output_is_wl(wlr_output)) {
		return NULL;
	}
	struct wl_surface *surface = wlr_wl_output_get_surface(wlr_output);
	struct gridwl_nested_window *window;
	wl_list_for_each(window, &server->nested->windows, link) {
		if (window->surface == surface) {
			return window;
		}
	}
	return NULL;
}

static void window_forget_output(struct gridwl_nested_window *window,
		struct gridwl_host_output *host_output) {
	struct gridwl_host_output **outputs = window->entered.data;
	size_t count = window->entered.size / sizeof(*outputs);
	for (size_t i = 0; i < count; i++) {
		if (outputs[i] == host_output) {
			// Order does not matter: the last one takes its place.
			outputs[i] = outputs[count - 1];
			window->entered.size -= sizeof(*outputs);
			return;
		}
	}
}

static void surface_handle_enter(void *data, struct wl_surface *surface,
		struct wl_output *wl_output) {
	struct gridwl_nested_window *window = window_from_surface(surface);
	struct gridwl_host_output *host_output =
			wl_output != NULL ? wl_output_get_user_data(wl_output) : NULL;
	if (host_output == NULL) {
		return;
	}
	window_forget_output(window, host_output);
	struct gridwl_host_output **slot =
			wl_array_add(&window->entered, sizeof(*slot));
	if (slot == NULL) {
		wlr_log(WLR_ERROR, "Nested window: out of memory");
		return;
	}
	*slot = host_output;
	window_update_scale(window);
}

static void surface_handle_leave(void *data, struct wl_surface *surface,
		struct wl_output *wl_output) {
	struct gridwl_nested_window *window = window_from_surface(surface);
	struct gridwl_host_output *host_output =
			wl_output != NULL ? wl_output_get_user_data(wl_output) : NULL;
	if (host_output == NULL) {
		return;
	}
	window_forget_output(window, host_output);
	window_update_scale(window);
}

static void surface_handle_preferred_buffer_scale(void *data,
		struct wl_surface *surface, int32_t scale) {
	struct gridwl_nested_window *window = window_from_surface(surface);
	if (scale < 1) {
		return;
	}
	window->preferred_scale = scale;
	window_update_scale(window);
}

static void surface_handle_preferred_buffer_transform(void *data,
		struct wl_surface *surface, uint32_t transform) {
	// The host's transform is the host's to apply.
}

static const struct wl_surface_listener surface_listener = {
	.enter = surface_handle_enter,
	.leave = surface_handle_leave,
	.preferred_buffer_scale = surface_handle_preferred_buffer_scale,
	.preferred_buffer_transform = surface_handle_preferred_buffer_transform,
};

static void xdg_surface_handle_configure(void *data,
		struct xdg_surface *xdg_surface, uint32_t serial) {
	struct gridwl_nested_window *window = data;
	if (window->pending_width > 0) {
		window->width = window->pending_width;
	}
	if (window->pending_height > 0) {
		window->height = window->pending_height;
	}
	window->pending_width = window->pending_height = 0;
	window->configure_serial = serial;
	window->has_configure_serial = true;
	window->configured = true;
	window_refit(window);
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_handle_configure,
};

static void xdg_toplevel_handle_configure(void *data,
		struct xdg_toplevel *xdg_toplevel, int32_t width, int32_t height,
		struct wl_array *states) {
	// 0 leaves that side to gridwl: it keeps what it has.
	struct gridwl_nested_window *window = data;
	window->pending_width = width;
	window->pending_height = height;
}

static void xdg_toplevel_handle_close(void *data,
		struct xdg_toplevel *xdg_toplevel) {
	struct gridwl_nested_window *window = data;
	if (window->wlr_output != NULL) {
		wlr_output_destroy(window->wlr_output);
	}
}

static void xdg_toplevel_handle_configure_bounds(void *data,
		struct xdg_toplevel *xdg_toplevel, int32_t width, int32_t height) {
}

static void xdg_toplevel_handle_wm_capabilities(void *data,
		struct xdg_toplevel *xdg_toplevel, struct wl_array *capabilities) {
}

static const struct xdg_toplevel_listener xdg_toplevel_listener = {
	.configure = xdg_toplevel_handle_configure,
	.close = xdg_toplevel_handle_close,
	.configure_bounds = xdg_toplevel_handle_configure_bounds,
	.wm_capabilities = xdg_toplevel_handle_wm_capabilities,
};

static void window_destroy(struct gridwl_nested_window *window) {
	wl_list_remove(&window->link);
	wl_list_remove(&window->output_destroy.link);
	wl_list_remove(&window->output_commit.link);
	wl_array_release(&window->entered);
	xdg_toplevel_destroy(window->xdg_toplevel);
	xdg_surface_destroy(window->xdg_surface);
	// wlroots leaves a surface it did not make to its maker.
	wl_surface_destroy(window->surface);
	free(window);
}

static void window_handle_output_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_nested_window *window =
			wl_container_of(listener, window, output_destroy);
	window_destroy(window);
}

static void window_handle_output_commit(struct wl_listener *listener,
		void *data) {
	struct gridwl_nested_window *window =
			wl_container_of(listener, window, output_commit);
	struct wlr_output_event_commit *event = data;
	if ((event->state->committed & WLR_OUTPUT_STATE_ENABLED) &&
			!window->wlr_output->enabled) {
		// wlroots committed no buffer: the host unmapped the toplevel,
		// which must be configured anew before it is shown again.
		window->configured = false;
		window->has_configure_serial = false;
	}
}

/* Waits for the host's first configure of the window, as wlroots does for
 * its own; false when the connection broke. */
static bool window_wait_configured(struct gridwl_nested_window *window) {
	struct wl_display *remote = window->nested->remote;
	// A host may forget them when the window is unmapped (wlroots does).
	xdg_toplevel_set_title(window->xdg_toplevel, window->title);
	xdg_toplevel_set_app_id(window->xdg_toplevel, "wlroots");
	wl_surface_commit(window->surface);
	while (!window->configured) {
		if (wl_display_dispatch(remote) == -1) {
			wlr_log(WLR_ERROR, "Lost the host compositor");
			return false;
		}
	}
	return true;
}

static void window_refit(struct gridwl_nested_window *window) {
	if (window->fitting || window->wlr_output == NULL || !window->configured ||
			!window->wlr_output->enabled) {
		// What gridwl_nested_output_fit reads when it next runs.
		return;
	}
	struct gridwl_output *output = gridwl_output_from_wlr(window->wlr_output);
	if (output == NULL) {
		return;
	}
	struct wlr_output *wlr_output = window->wlr_output;
	if (window->scale == window->committed_scale &&
			wlr_output->width == window->width * window->scale &&
			wlr_output->height == window->height * window->scale) {
		// A configure of the same size (the window was activated, say):
		// the next frame takes it.
		if (window->has_configure_serial) {
			xdg_surface_ack_configure(window->xdg_surface,
					window->configure_serial);
			window->has_configure_serial = false;
		}
		return;
	}
	char *error = NULL;
	if (!gridwl_output_configure(output, &error)) {
		wlr_log(WLR_ERROR, "Nested window %s: %s", window->wlr_output->name,
				error);
		free(error);
	}
}

bool gridwl_nested_output_fit(struct gridwl_output *output,
		const struct gridwl_output_config *oc, struct wlr_output_state *state,
		int *scale) {
	struct gridwl_nested_window *window =
			window_from_output(output->server, output->wlr_output);
	if (window == NULL) {
		return false;
	}
	window->fitting = true;
	if (oc->has_mode &&
			(oc->width != window->asked_width ||
					oc->height != window->asked_height)) {
		// A mode asked for (at run time too) is a size in host pixels: the
		// window is resized to it, and a host that tiles it will say so.
		window->asked_width = oc->width;
		window->asked_height = oc->height;
		window->width = oc->width / window->scale;
		window->height = oc->height / window->scale;
	}
	if (!window->configured && !window_wait_configured(window)) {
		window->fitting = false;
		return true;
	}
	if (window->width < 1) {
		window->width = 1;
	}
	if (window->height < 1) {
		window->height = 1;
	}
	if (window->has_configure_serial) {
		// Taken by the commit that follows.
		xdg_surface_ack_configure(window->xdg_surface,
				window->configure_serial);
		window->has_configure_serial = false;
	}
	wl_surface_set_buffer_scale(window->surface, window->scale);
	window->committed_scale = window->scale;
	int width = window->width * window->scale;
	int height = window->height * window->scale;
	struct wlr_output *wlr_output = output->wlr_output;
	if (wlr_output->width != width || wlr_output->height != height) {
		wlr_output_state_set_custom_mode(state, width, height, 0);
	}
	if (!gridwl_output_config_has_fixed_scale(oc)) {
		// A host at a scale above gridwl's largest still gets its pixels
		// 1:1 (the buffer scale is the host's), clients draw at 4.
		*scale = window->scale < GRIDWL_SCALE_MAX ? window->scale :
													GRIDWL_SCALE_MAX;
	}
	// wlroots gives the host the cursor on a surface of its own without
	// a buffer scale, where it would be magnified by the host's scale:
	// drawn into the frame instead, it is 1:1 like the rest.
	bool software_cursors = window->scale > 1;
	if (software_cursors != window->software_cursors) {
		wlr_output_lock_software_cursors(wlr_output, software_cursors);
		window->software_cursors = software_cursors;
	}
	window->fitting = false;
	return true;
}

int gridwl_nested_host_scale(struct gridwl_server *server,
		struct wlr_output *wlr_output) {
	struct gridwl_nested_window *window =
			window_from_output(server, wlr_output);
	return window != NULL ? window->scale : 1;
}

void gridwl_nested_input_position(struct gridwl_server *server,
		struct wlr_input_device *device, double *x, double *y) {
	if (server->nested == NULL) {
		return;
	}
	const char *output_name = NULL;
	if (device->type == WLR_INPUT_DEVICE_POINTER) {
		output_name = wlr_pointer_from_input_device(device)->output_name;
	} else if (device->type == WLR_INPUT_DEVICE_TOUCH) {
		output_name = wlr_touch_from_input_device(device)->output_name;
	}
	struct gridwl_output *output = output_name != NULL ?
			gridwl_output_by_name(server, output_name) :
			NULL;
	if (output == NULL || !gridwl_output_is_active(output)) {
		return;
	}
	struct wlr_box box = gridwl_output_logical_box(output);
	gridwl_compat_wl_absolute_position(device, output->wlr_output->width,
			output->wlr_output->height, box.width, box.height,
			gridwl_nested_host_scale(server, output->wlr_output), x, y);
}

static void host_output_handle_geometry(void *data, struct wl_output *wl_output,
		int32_t x, int32_t y, int32_t physical_width, int32_t physical_height,
		int32_t subpixel, const char *make, const char *model,
		int32_t transform) {
}

static void host_output_handle_mode(void *data, struct wl_output *wl_output,
		uint32_t flags, int32_t width, int32_t height, int32_t refresh) {
}

static void host_output_handle_scale(void *data, struct wl_output *wl_output,
		int32_t factor) {
	struct gridwl_host_output *host_output = data;
	host_output->pending_scale = factor;
}

static void host_output_handle_done(void *data, struct wl_output *wl_output) {
	struct gridwl_host_output *host_output = data;
	if (host_output->pending_scale < 1 ||
			host_output->pending_scale == host_output->scale) {
		return;
	}
	host_output->scale = host_output->pending_scale;
	struct gridwl_nested_window *window;
	wl_list_for_each(window, &host_output->nested->windows, link) {
		window_update_scale(window);
	}
}

static void host_output_handle_name(void *data, struct wl_output *wl_output,
		const char *name) {
}

static void host_output_handle_description(void *data,
		struct wl_output *wl_output, const char *description) {
}

static const struct wl_output_listener host_output_listener = {
	.geometry = host_output_handle_geometry,
	.mode = host_output_handle_mode,
	.done = host_output_handle_done,
	.scale = host_output_handle_scale,
	.name = host_output_handle_name,
	.description = host_output_handle_description,
};

static void host_output_destroy(struct gridwl_host_output *host_output) {
	struct gridwl_nested_window *window;
	wl_list_for_each(window, &host_output->nested->windows, link) {
		window_forget_output(window, host_output);
	}
	wl_list_remove(&host_output->link);
	if (wl_output_get_version(host_output->wl_output) >=
			WL_OUTPUT_RELEASE_SINCE_VERSION) {
		wl_output_release(host_output->wl_output);
	} else {
		wl_output_destroy(host_output->wl_output);
	}
	free(host_output);
}

static void xdg_wm_base_handle_ping(void *data, struct xdg_wm_base *wm_base,
		uint32_t serial) {
	xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener xdg_wm_base_listener = {
	.ping = xdg_wm_base_handle_ping,
};

static uint32_t min_version(uint32_t a, uint32_t b) {
	return a < b ? a : b;
}

static void registry_handle_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct gridwl_nested *nested = data;
	if (strcmp(interface, wl_compositor_interface.name) == 0 &&
			nested->compositor == NULL) {
		// Version 6 for preferred_buffer_scale; 3 is the least with
		// set_buffer_scale, which wlroots requires of a host too.
		nested->compositor = wl_registry_bind(registry, name,
				&wl_compositor_interface, min_version(version, 6));
	} else if (strcmp(interface, xdg_wm_base_interface.name) == 0 &&
			nested->wm_base == NULL) {
		nested->wm_base = wl_registry_bind(registry, name,
				&xdg_wm_base_interface, min_version(version, 5));
		xdg_wm_base_add_listener(nested->wm_base, &xdg_wm_base_listener,
				nested);
	} else if (strcmp(interface, wl_output_interface.name) == 0 &&
			version >= 2) {
		struct gridwl_host_output *host_output =
				calloc(1, sizeof(*host_output));
		if (host_output == NULL) {
			wlr_log(WLR_ERROR, "Host output: out of memory");
			return;
		}
		host_output->nested = nested;
		host_output->global_name = name;
		host_output->scale = 1;
		host_output->wl_output = wl_registry_bind(registry, name,
				&wl_output_interface, min_version(version, 4));
		wl_output_add_listener(host_output->wl_output, &host_output_listener,
				host_output);
		wl_list_insert(&nested->host_outputs, &host_output->link);
	}
}

static void registry_handle_global_remove(void *data,
		struct wl_registry *registry, uint32_t name) {
	struct gridwl_nested *nested = data;
	struct gridwl_host_output *host_output;
	wl_list_for_each(host_output, &nested->host_outputs, link) {
		if (host_output->global_name == name) {
			host_output_destroy(host_output);
			struct gridwl_nested_window *window;
			wl_list_for_each(window, &nested->windows, link) {
				window_update_scale(window);
			}
			return;
		}
	}
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_handle_global,
	.global_remove = registry_handle_global_remove,
};

/* W27: which nested output a host pointer entered. */
static struct wlr_output *output_of_host_surface(void *data,
		struct wl_surface *surface) {
	struct gridwl_nested *nested = data;
	struct gridwl_nested_window *window;
	wl_list_for_each(window, &nested->windows, link) {
		if (window->surface == surface) {
			return window->wlr_output;
		}
	}
	return NULL;
}

static void nested_destroy(struct gridwl_nested *nested) {
	gridwl_compat_wl_enter_destroy(nested->pointer_enter);
	struct gridwl_nested_window *window, *window_tmp;
	wl_list_for_each_safe(window, window_tmp, &nested->windows, link) {
		window_destroy(window);
	}
	struct gridwl_host_output *host_output, *host_output_tmp;
	wl_list_for_each_safe(host_output, host_output_tmp, &nested->host_outputs,
			link) {
		host_output_destroy(host_output);
	}
	if (nested->wm_base != NULL) {
		xdg_wm_base_destroy(nested->wm_base);
	}
	if (nested->compositor != NULL) {
		wl_compositor_destroy(nested->compositor);
	}
	wl_registry_destroy(nested->registry);
	wl_list_remove(&nested->backend_destroy.link);
	if (nested->server->nested == nested) {
		nested->server->nested = NULL;
	}
	free(nested);
}

static void nested_handle_backend_destroy(struct wl_listener *listener,
		void *data) {
	// Before wlroots closes the connection; its outputs (and so the
	// windows) are gone by now.
	struct gridwl_nested *nested =
			wl_container_of(listener, nested, backend_destroy);
	nested_destroy(nested);
}

/* On the first nested output, when the backend has started (a roundtrip
 * before would run wlroots' own handlers early). */
static struct gridwl_nested *nested_get(struct gridwl_server *server) {
	if (server->nested != NULL) {
		return server->nested;
	}
	struct gridwl_nested *nested = calloc(1, sizeof(*nested));
	if (nested == NULL) {
		return NULL;
	}
	nested->server = server;
	nested->remote = wlr_wl_backend_get_remote_display(server->output_backend);
	wl_list_init(&nested->host_outputs);
	wl_list_init(&nested->windows);
	wl_list_init(&nested->backend_destroy.link);
	nested->registry = wl_display_get_registry(nested->remote);
	wl_registry_add_listener(nested->registry, &registry_listener, nested);
	nested->pointer_enter =
			gridwl_compat_wl_enter_create(server->output_backend,
					output_of_host_surface, nested);
	// The globals, then the outputs' first scale.
	if (nested->pointer_enter == NULL ||
			wl_display_roundtrip(nested->remote) == -1 ||
			wl_display_roundtrip(nested->remote) == -1 ||
			nested->compositor == NULL || nested->wm_base == NULL ||
			wl_compositor_get_version(nested->compositor) <
					WL_SURFACE_SET_BUFFER_SCALE_SINCE_VERSION) {
		wlr_log(WLR_ERROR,
				"The host compositor has no wl_compositor version 3 or "
				"xdg_wm_base");
		nested_destroy(nested);
		return NULL;
	}
	nested->backend_destroy.notify = nested_handle_backend_destroy;
	wl_signal_add(&server->output_backend->events.destroy,
			&nested->backend_destroy);
	server->nested = nested;
	return nested;
}

/* Before it is on any host output: the largest scale the host has, which
 * is right at once on a host with one output (or outputs of one scale). */
static int initial_scale(struct gridwl_nested *nested) {
	int scale = 1;
	struct gridwl_host_output *host_output;
	wl_list_for_each(host_output, &nested->host_outputs, link) {
		if (host_output->scale > scale) {
			scale = host_output->scale;
		}
	}
	return scale;
}

struct wlr_output *gridwl_nested_output_create(struct gridwl_server *server,
		const char *name, int width, int height) {
	struct gridwl_nested *nested = nested_get(server);
	if (nested == NULL) {
		return NULL;
	}
	struct gridwl_nested_window *window = calloc(1, sizeof(*window));
	if (window == NULL) {
		return NULL;
	}
	window->nested = nested;
	wl_array_init(&window->entered);
	wl_list_init(&window->output_destroy.link);
	wl_list_init(&window->output_commit.link);
	window->scale = initial_scale(nested);
	window->asked_width = width;
	window->asked_height = height;
	window->width = width / window->scale;
	window->height = height / window->scale;
	window->surface = wl_compositor_create_surface(nested->compositor);
	window->surface_listener = surface_listener;
	wl_surface_add_listener(window->surface, &window->surface_listener, window);
	window->xdg_surface =
			xdg_wm_base_get_xdg_surface(nested->wm_base, window->surface);
	xdg_surface_add_listener(window->xdg_surface, &xdg_surface_listener,
			window);
	window->xdg_toplevel = xdg_surface_get_toplevel(window->xdg_surface);
	xdg_toplevel_add_listener(window->xdg_toplevel, &xdg_toplevel_listener,
			window);
	// What wlroots calls its own windows, which scripts look for.
	snprintf(window->title, sizeof(window->title), "wlroots - %s", name);
	wl_list_insert(&nested->windows, &window->link);

	if (!window_wait_configured(window)) {
		window_destroy(window);
		return NULL;
	}
	struct wlr_output *wlr_output =
			wlr_wl_output_create_from_surface(server->output_backend,
					window->surface);
	if (wlr_output == NULL) {
		// wlroots destroyed the surface.
		window->surface = NULL;
		wl_list_remove(&window->link);
		wl_array_release(&window->entered);
		xdg_toplevel_destroy(window->xdg_toplevel);
		xdg_surface_destroy(window->xdg_surface);
		free(window);
		return NULL;
	}
	window->wlr_output = wlr_output;
	window->output_destroy.notify = window_handle_output_destroy;
	wl_signal_add(&wlr_output->events.destroy, &window->output_destroy);
	window->output_commit.notify = window_handle_output_commit;
	wl_signal_add(&wlr_output->events.commit, &window->output_commit);
	// Configured as the output was made, before it was this window's
	// (the scale may have come since).
	window_refit(window);
	return wlr_output;
}
