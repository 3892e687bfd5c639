#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/foreign_toplevel.h"
#include "compositor/view/view.h"
#include "input/seat.h"

/*
 * Minimized windows: still mapped, listed and on their outputs (a taskbar
 * keeps its button for them), but not drawn and not reachable by input
 * (gridwl_view_is_shown). A taskbar's button, xdg-activation, gridctl
 * focus, focus cycling or maximizing brings one back.
 */

bool gridwl_view_is_minimized(const struct gridwl_view *view) {
	return view->minimized;
}

void gridwl_view_set_minimized(struct gridwl_view *view, bool minimized) {
	// Menus, panels and unmapped windows have nothing to minimize; an
	// unmapped window maps shown (gridwl_view_unmap clears it).
	if (!gridwl_view_is_window(view) || !view->mapped ||
			view->minimized == minimized) {
		return;
	}
	struct gridwl_server *server = view->server;
	if (minimized) {
		// What it covered is repainted before it stops being drawn.
		gridwl_view_damage_whole(view);
		view->minimized = true;
		// Last in focus cycling, as on other desktops: "focus next" goes
		// back to the window below it, "focus prev" reaches it.
		gridwl_view_lower(view);
		// Its grabs end and the keyboard falls to the next window down,
		// as when it unmaps.
		gridwl_seat_view_unmapped(server->seat, view);
	} else {
		view->minimized = false;
		gridwl_view_damage_whole(view);
	}
	if (view->impl->set_minimized != NULL) {
		view->impl->set_minimized(view, minimized);
	}
	gridwl_foreign_toplevel_update_state(view);
	// Frame callbacks, idle inhibitors and the pointer's focus follow.
	gridwl_view_update_outputs(view);
	gridwl_seat_schedule_pointer_rebase(server->seat);
	wlr_log(WLR_DEBUG, "Window %u (%s) %s", view->id, gridwl_view_app_id(view),
			minimized ? "minimized" : "restored");
}
