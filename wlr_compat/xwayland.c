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

void gridwl_compat_surface_scale_client_commit(struct wlr_surface *surface,
		int scale) {
	struct wlr_surface_state *pending = &surface->pending;
	if (scale <= 1 || pending->viewport.has_src || pending->viewport.has_dst) {
		// A viewport (Xwayland's emulated modes) is in X pixels: left
		// at scale 1.
		return;
	}
	pending->scale = scale;
	pending->committed |= WLR_SURFACE_STATE_SCALE;
	int width = pending->buffer_width, height = pending->buffer_height;
	if (pending->transform & WL_OUTPUT_TRANSFORM_90) {
		width = pending->buffer_height;
		height = pending->buffer_width;
	}
	// Rounded up, so that the last X pixels of an odd-sized window are
	// shown (render/ragged.h draws such a buffer exactly).
	pending->width = (width + scale - 1) / scale;
	pending->height = (height + scale - 1) / scale;
	// wlroots clipped it to the size at scale 1.
	pixman_region32_intersect_rect(&pending->surface_damage,
			&pending->surface_damage, 0, 0, pending->width, pending->height);
}

void gridwl_compat_surface_scale_committed(struct wlr_surface *surface) {
	// The applied state keeps scale N; the next commit is checked at 1.
	surface->pending.scale = 1;
}
