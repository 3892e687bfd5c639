#include <string.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/shell/decoration.h"
#include "compositor/shell/layer_shell.h"
#include "compositor/view/view.h"

/*
 * Snapping, as Windows, GNOME and labwc do it: a window fills the left or
 * right half of its output's usable area (what the panels' exclusive zones
 * leave), in logical pixels: half of a scale-2 output is half its logical
 * width, which the client draws at scale 2, 1:1. An unsnap gives the
 * window back the size it had before.
 */

const char *gridwl_snap_name(enum gridwl_snap snap) {
	switch (snap) {
	case GRIDWL_SNAP_LEFT:
		return "left";
	case GRIDWL_SNAP_RIGHT:
		return "right";
	default:
		return NULL;
	}
}

struct wlr_box gridwl_view_snap_box(struct gridwl_view *view,
		struct gridwl_output *output, enum gridwl_snap snap) {
	struct wlr_box area = gridwl_output_usable_box(output);
	// An odd width gives the right half the extra pixel: the halves meet
	// without a gap or an overlap.
	int left_width = area.width / 2;
	if (snap == GRIDWL_SNAP_RIGHT) {
		area.x += left_width;
		area.width -= left_width;
	} else {
		area.width = left_width;
	}
	return gridwl_view_frame_inset(view, area);
}

static void place_snapped(struct gridwl_view *view,
		struct gridwl_output *output) {
	struct wlr_box box = gridwl_view_snap_box(view, output, view->snap);
	gridwl_view_move(view, box.x, box.y);
	gridwl_view_request_size(view, box.width, box.height);
}

void gridwl_view_snap_fit(struct gridwl_view *view) {
	struct gridwl_output *output = gridwl_view_home(view);
	if (output == NULL) {
		output = gridwl_view_main_output(view);
	}
	if (output != NULL) {
		place_snapped(view, output);
	}
}

static void snap_to(struct gridwl_view *view, enum gridwl_snap snap) {
	struct gridwl_output *output = gridwl_view_main_output(view);
	if (output == NULL || view->fullscreen) {
		return;
	}
	if (view->maximized) {
		// The size before it was maximized is the one to go back to.
		if (view->snap == GRIDWL_SNAP_NONE) {
			view->snap_restore = view->restore;
		}
		view->snap = snap;
		gridwl_view_set_maximized(view, false);
	} else if (view->snap == GRIDWL_SNAP_NONE) {
		view->snap_restore = gridwl_view_box(view);
	}
	view->snap = snap;
	place_snapped(view, output);
	wlr_log(WLR_DEBUG, "Window %u snapped %s", view->id,
			gridwl_snap_name(snap));
}

void gridwl_view_unsnap(struct gridwl_view *view, bool keep_position) {
	if (view->snap == GRIDWL_SNAP_NONE) {
		return;
	}
	view->snap = GRIDWL_SNAP_NONE;
	struct wlr_box restore = view->snap_restore;
	if (!keep_position) {
		gridwl_view_move(view, restore.x, restore.y);
	}
	gridwl_view_request_size(view, restore.width, restore.height);
}

bool gridwl_view_snap(struct gridwl_view *view, const char *where) {
	if (strcmp(where, "left") == 0) {
		snap_to(view, GRIDWL_SNAP_LEFT);
	} else if (strcmp(where, "right") == 0) {
		snap_to(view, GRIDWL_SNAP_RIGHT);
	} else if (strcmp(where, "up") == 0) {
		gridwl_view_set_maximized(view, true);
	} else if (strcmp(where, "down") == 0) {
		// One step back at a time: maximized, then snapped.
		if (view->maximized) {
			gridwl_view_set_maximized(view, false);
		} else {
			gridwl_view_unsnap(view, false);
		}
	} else {
		return false;
	}
	return true;
}
