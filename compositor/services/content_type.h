#ifndef GRIDWL_COMPOSITOR_SERVICES_CONTENT_TYPE_H
#define GRIDWL_COMPOSITOR_SERVICES_CONTENT_TYPE_H

#include <stdbool.h>

struct gridwl_server;
struct wlr_surface;

/*
 * wp_content_type_v1: what a surface shows (photo, video, game), as its
 * client says. gridwl changes nothing for it (no output has modes to pick
 * for it), and reports it in gridctl windows.
 */
bool gridwl_content_type_init(struct gridwl_server *server);

/* "none", "photo", "video" or "game": the content type of the surface's
 * current state. */
const char *gridwl_surface_content_type(struct gridwl_server *server,
		struct wlr_surface *surface);

#endif
