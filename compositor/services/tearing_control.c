#include <wlr/types/wlr_tearing_control_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/tearing_control.h"

/* Version 1, the only one wlroots 0.18 has. */
#define TEARING_CONTROL_VERSION 1

bool gridwl_tearing_control_init(struct gridwl_server *server) {
	// Nobody listens to new_object: the hint is never acted on. wlroots
	// frees the objects with their surfaces and the global with the
	// display.
	if (wlr_tearing_control_manager_v1_create(server->display,
				TEARING_CONTROL_VERSION) == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the tearing control manager");
		return false;
	}
	return true;
}
