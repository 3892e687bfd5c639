#include <wlr/types/wlr_alpha_modifier_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/alpha_modifier.h"

/* wlroots keeps the multiplier in the surface's double-buffered state; the
 * global goes with the display. */
bool gridwl_alpha_modifier_init(struct gridwl_server *server) {
	if (wlr_alpha_modifier_v1_create(server->display) == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the alpha modifier");
		return false;
	}
	return true;
}

double gridwl_surface_alpha(struct wlr_surface *surface) {
	const struct wlr_alpha_modifier_surface_v1_state *state =
			wlr_alpha_modifier_v1_get_surface_state(surface);
	return state != NULL ? state->multiplier : 1.0;
}
