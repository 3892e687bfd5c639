#include <wlr/types/wlr_xdg_foreign_registry.h>
#include <wlr/types/wlr_xdg_foreign_v1.h>
#include <wlr/types/wlr_xdg_foreign_v2.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/xdg_foreign.h"

/* wlroots checks the roles and handles (an unknown handle is the import's
 * destroyed event, a non-toplevel surface the protocol's error) and sets
 * the child's parent; all three go with the display. */
bool gridwl_xdg_foreign_init(struct gridwl_server *server) {
	struct wlr_xdg_foreign_registry *registry =
			wlr_xdg_foreign_registry_create(server->display);
	if (registry == NULL ||
			wlr_xdg_foreign_v1_create(server->display, registry) == NULL ||
			wlr_xdg_foreign_v2_create(server->display, registry) == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the xdg-foreign globals");
		return false;
	}
	return true;
}
