#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_fractional_scale_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/fractional_scale.h"
#include "config/scale.h"

/* Version 1, the only one wlroots 0.18 has. */
#define FRACTIONAL_SCALE_VERSION 1

bool gridwl_fractional_scale_init(struct gridwl_server *server) {
	if (wlr_fractional_scale_manager_v1_create(server->display,
				FRACTIONAL_SCALE_VERSION) == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the fractional scale manager");
		return false;
	}
	return true;
}

void gridwl_surface_prefer_scale(struct wlr_surface *surface, int scale120,
		enum wl_output_transform transform) {
	// Integer clients draw at the scale rounded up and are reduced
	// exactly; fractional ones draw at the true scale, 1:1.
	wlr_surface_set_preferred_buffer_scale(surface,
			gridwl_scale_ceil(scale120));
	wlr_surface_set_preferred_buffer_transform(surface, transform);
	// wlroots keeps the scale on the surface even before the client asks
	// for a wp_fractional_scale_v1, and sends it when it does, so a client
	// that asks late is told at once.
	wlr_fractional_scale_v1_notify_scale(surface,
			(double)scale120 / GRIDWL_SCALE120_ONE);
}
