#include <string.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_security_context_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/security_context.h"

/* By interface name, so that globals made anywhere (input/, services/,
 * protocol/) are covered without each exposing its wl_global. */
static const char *const privileged_interfaces[] = {
	"zwlr_screencopy_manager_v1",
	"zwlr_export_dmabuf_manager_v1",
	"zwlr_data_control_manager_v1",
	"ext_data_control_manager_v1",
	"zwlr_virtual_pointer_manager_v1",
	"zwp_virtual_keyboard_manager_v1",
	"zwp_input_method_manager_v2",
	"zwp_keyboard_shortcuts_inhibit_manager_v1",
	"ext_transient_seat_manager_v1",
	"zwlr_output_manager_v1",
	"zwlr_output_power_manager_v1",
	"zwlr_gamma_control_manager_v1",
	"zwlr_foreign_toplevel_manager_v1",
	"ext_foreign_toplevel_list_v1",
	"ext_workspace_manager_v1",
	"ext_session_lock_manager_v1",
	"zwlr_layer_shell_v1",
	"wp_security_context_manager_v1",
};

bool gridwl_security_context_is_privileged(const char *name) {
	for (size_t i = 0; i <
			sizeof(privileged_interfaces) / sizeof(privileged_interfaces[0]);
			i++) {
		if (strcmp(name, privileged_interfaces[i]) == 0) {
			return true;
		}
	}
	return false;
}

bool gridwl_security_context_allows(struct gridwl_server *server,
		const struct wl_client *client, const struct wl_global *global) {
	// wlroots tags the clients that came through a context's socket.
	return server->security_context == NULL ||
			!gridwl_security_context_is_privileged(
					wl_global_get_interface(global)->name) ||
			wlr_security_context_manager_v1_lookup_client(
					server->security_context, (struct wl_client *)client) ==
			NULL;
}

bool gridwl_security_context_init(struct gridwl_server *server) {
	// The global goes with the display, and the filter with it.
	struct wlr_security_context_manager_v1 *manager =
			wlr_security_context_manager_v1_create(server->display);
	if (manager == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the security context manager");
		return false;
	}
	// compositor/services/global_filter.c asks gridwl_security_context_allows.
	server->security_context = manager;
	return true;
}

bool gridwl_security_context_of(struct gridwl_server *server,
		struct wlr_surface *surface, const char **engine, const char **app_id) {
	*engine = NULL;
	*app_id = NULL;
	if (surface == NULL) {
		return false;
	}
	return gridwl_security_context_of_client(server,
			wl_resource_get_client(surface->resource), engine, app_id);
}

bool gridwl_security_context_of_client(struct gridwl_server *server,
		struct wl_client *client, const char **engine, const char **app_id) {
	*engine = NULL;
	*app_id = NULL;
	if (server->security_context == NULL) {
		return false;
	}
	const struct wlr_security_context_v1_state *state =
			wlr_security_context_manager_v1_lookup_client(
					server->security_context, client);
	if (state == NULL) {
		return false;
	}
	*engine = state->sandbox_engine;
	*app_id = state->app_id;
	return true;
}
