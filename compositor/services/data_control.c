#include <wlr/types/wlr_data_control_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/data_control.h"

/* wlroots does everything: a data-control source becomes the seat's
 * selection as if a focused client had set it (wlr_seat_set_selection), so
 * focused clients see it and selections they set reach every data-control
 * device. The global goes with the display. */
bool gridwl_data_control_init(struct gridwl_server *server) {
	if (wlr_data_control_manager_v1_create(server->display) == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the data control manager");
		return false;
	}
	return true;
}
