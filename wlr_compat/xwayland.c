#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/xwayland.h>
#include "wlr_compat/wlr_compat.h"

const char *gridwl_compat_xwayland_binary(void) {
	// What wlroots (0.15 to 0.18, xwayland/server.c) runs: $WLR_XWAYLAND,
	// else the path it was built with (Debian's).
	const char *path = getenv("WLR_XWAYLAND");
	return path != NULL && path[0] != '\0' ? path : "/usr/bin/Xwayland";
}

void gridwl_compat_xwayland_map_associated(
		struct wlr_xwayland_surface *xsurface) {
	struct wlr_surface *surface = xsurface->surface;
	if (surface != NULL && !surface->mapped &&
			wlr_surface_has_buffer(surface)) {
		wlr_surface_map(surface);
	}
}
