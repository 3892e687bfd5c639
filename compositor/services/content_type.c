#include <wlr/types/wlr_content_type_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/content_type.h"

/* Version 1, the only one wlroots 0.18 has. */
#define CONTENT_TYPE_VERSION 1

bool gridwl_content_type_init(struct gridwl_server *server) {
	// wlroots keeps the type in each surface's double-buffered state; the
	// global goes with the display.
	server->content_type = wlr_content_type_manager_v1_create(server->display,
			CONTENT_TYPE_VERSION);
	if (server->content_type == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the content type manager");
		return false;
	}
	return true;
}

const char *gridwl_surface_content_type(struct gridwl_server *server,
		struct wlr_surface *surface) {
	if (server->content_type == NULL || surface == NULL) {
		return "none";
	}
	switch (wlr_surface_get_content_type_v1(server->content_type, surface)) {
	case WP_CONTENT_TYPE_V1_TYPE_PHOTO:
		return "photo";
	case WP_CONTENT_TYPE_V1_TYPE_VIDEO:
		return "video";
	case WP_CONTENT_TYPE_V1_TYPE_GAME:
		return "game";
	case WP_CONTENT_TYPE_V1_TYPE_NONE:
		break;
	}
	return "none";
}
