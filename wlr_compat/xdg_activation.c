#include <stdlib.h>
#include <string.h>
#include <wayland-server-core.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_xdg_activation_v1.h>
#include "wlr_compat/wlr_compat.h"

/*
 * W21: xdg_activation_v1.activate with a token wlroots does not know (made
 * up, used, expired, or refused at its commit) is dropped by wlroots
 * before request_activate. A protocol logger sees the request before
 * libwayland dispatches it, looks the token up as wlroots will, and tells
 * gridwl of the surface when wlroots will not.
 */
struct gridwl_compat_activation_watch {
	struct wl_protocol_logger *logger;
	struct wlr_xdg_activation_v1 *activation;
	gridwl_compat_unknown_token_func unknown_token;
	void *data;
};

static bool token_known(struct wlr_xdg_activation_v1 *activation,
		const char *name) {
	struct wlr_xdg_activation_token_v1 *token;
	wl_list_for_each(token, &activation->tokens, link) {
		if (token->token != NULL && strcmp(token->token, name) == 0) {
			return true;
		}
	}
	return false;
}

static void watch_log(void *data, enum wl_protocol_logger_type type,
		const struct wl_protocol_logger_message *message) {
	struct gridwl_compat_activation_watch *watch = data;
	if (type != WL_PROTOCOL_LOGGER_REQUEST ||
			strcmp(wl_resource_get_class(message->resource),
					"xdg_activation_v1") != 0 ||
			strcmp(message->message->name, "activate") != 0 ||
			message->arguments_count < 2 || message->arguments[0].s == NULL ||
			message->arguments[1].o == NULL) {
		return;
	}
	if (token_known(watch->activation, message->arguments[0].s)) {
		return;
	}
	// libwayland's own cast: a resource starts with its wl_object.
	struct wl_resource *surface_resource =
			(struct wl_resource *)message->arguments[1].o;
	watch->unknown_token(watch->data,
			wlr_surface_from_resource(surface_resource));
}

struct gridwl_compat_activation_watch *gridwl_compat_xdg_activation_watch(
		struct wl_display *display, struct wlr_xdg_activation_v1 *activation,
		gridwl_compat_unknown_token_func unknown_token, void *data) {
	struct gridwl_compat_activation_watch *watch = calloc(1, sizeof(*watch));
	if (watch == NULL) {
		return NULL;
	}
	watch->activation = activation;
	watch->unknown_token = unknown_token;
	watch->data = data;
	watch->logger = wl_display_add_protocol_logger(display, watch_log, watch);
	if (watch->logger == NULL) {
		free(watch);
		return NULL;
	}
	return watch;
}

void gridwl_compat_xdg_activation_unwatch(
		struct gridwl_compat_activation_watch *watch) {
	if (watch == NULL) {
		return;
	}
	wl_protocol_logger_destroy(watch->logger);
	free(watch);
}
