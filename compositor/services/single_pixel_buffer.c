#include <wlr/types/wlr_single_pixel_buffer_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/single_pixel_buffer.h"

/* wlroots makes each a read-only 1x1 ARGB8888 wlr_buffer, which wl_surface
 * takes like a wl_shm one (a wrong use of it is wl_surface's error). The
 * global goes with the display. */
bool gridwl_single_pixel_buffer_init(struct gridwl_server *server) {
	if (wlr_single_pixel_buffer_manager_v1_create(server->display) == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the single-pixel buffer manager");
		return false;
	}
	return true;
}
