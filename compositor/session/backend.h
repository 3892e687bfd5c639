#ifndef GRIDWL_COMPOSITOR_SESSION_BACKEND_H
#define GRIDWL_COMPOSITOR_SESSION_BACKEND_H

#include <stdbool.h>
#include "compositor/server.h"

/* Creates server->backend (and the session, renderer and allocator) for the
 * asked kind; auto picks a window in the parent session when WAYLAND_DISPLAY
 * or DISPLAY is set and DRM with libinput otherwise, as wlroots does. */
bool gridwl_backend_create(struct gridwl_server *server,
		enum gridwl_backend_kind kind, char **error);

#endif
