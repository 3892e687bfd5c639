#include <string.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/util/edges.h>
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
 * window back the size it had before. An xdg client is told the edges of
 * its half are tiled (xdg_toplevel's tiled states), so that GTK and
 * libadwaita square the corners and drop the shadows there, as they do
 * on GNOME.
 */

const char *gridwl_snap_name(enum gridwl_snap snap) {
	switch (snap) {
	case GRIDWL_SNAP_LEFT:
		return "left";
	case GRIDWL_SNAP_RIGHT:
		return "right";
	case GRIDWL_SNAP_TOP:
		return "top";
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

void gridwl_view_update_tiled(struct gridwl_view *view) {
	if (view->impl->set_tiled == NULL) {
		return;
	}
	uint32_t edges = WLR_EDGE_NONE;
	if (!view->maximized && !view->fullscreen) {
		if (view->snap == GRIDWL_SNAP_LEFT) {
			edges = WLR_EDGE_LEFT | WLR_EDGE_TOP | WLR_EDGE_BOTTOM;
		} else if (view->snap == GRIDWL_SNAP_RIGHT) {
			edges = WLR_EDGE_RIGHT | WLR_EDGE_TOP | WLR_EDGE_BOTTOM;
		}
	}
	view->impl->set_tiled(view, edges);
}

static void set_snap(struct gridwl_view *view, enum gridwl_snap snap) {
	view->snap = snap;
	gridwl_view_update_tiled(view);
}

void gridwl_view_forget_snap(struct gridwl_view *view) {
	set_snap(view, GRIDWL_SNAP_NONE);
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

void gridwl_view_resnap(struct gridwl_view *view, enum gridwl_snap snap,
		struct wlr_box restore) {
	view->snap_restore = restore;
	set_snap(view, snap);
	gridwl_view_snap_fit(view);
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
	set_snap(view, snap);
	place_snapped(view, output);
	wlr_log(WLR_DEBUG, "Window %u snapped %s", view->id,
			gridwl_snap_name(snap));
}

void gridwl_view_unsnap(struct gridwl_view *view, bool keep_position) {
	if (view->snap == GRIDWL_SNAP_NONE) {
		return;
	}
	set_snap(view, GRIDWL_SNAP_NONE);
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

bool gridwl_server_snap_preview(struct gridwl_server *server,
		struct wlr_box *box) {
	*box = server->snap_preview;
	return server->snap_preview_shown;
}

static void set_preview(struct gridwl_server *server, bool shown,
		struct wlr_box box, enum gridwl_snap where) {
	if (shown == server->snap_preview_shown &&
			(!shown ||
					(wlr_box_equal(&box, &server->snap_preview) &&
							(int)where == server->snap_preview_where))) {
		return;
	}
	if (server->snap_preview_shown) {
		gridwl_server_damage_logical_box(server, &server->snap_preview);
	}
	server->snap_preview_shown = shown;
	server->snap_preview = shown ? box : (struct wlr_box){ 0 };
	server->snap_preview_where = shown ? (int)where : GRIDWL_SNAP_NONE;
	if (shown) {
		gridwl_server_damage_logical_box(server, &box);
	}
}

/* Strictly on an output (gridwl_output_at finds the nearest one too). */
static bool in_layout(struct gridwl_server *server, double lx, double ly) {
	return wlr_output_layout_output_at(server->output_layout, lx, ly) != NULL;
}

void gridwl_view_snap_drag_motion(struct gridwl_view *view, double lx,
		double ly) {
	struct gridwl_server *server = view->server;
	// An edge is where the pointer can go no further: a seam between two
	// outputs is crossed, not snapped to.
	enum gridwl_snap where = GRIDWL_SNAP_NONE;
	if (!in_layout(server, lx, ly)) {
		where = GRIDWL_SNAP_NONE;
	} else if (!in_layout(server, lx - 1, ly)) {
		where = GRIDWL_SNAP_LEFT;
	} else if (!in_layout(server, lx + 1, ly)) {
		where = GRIDWL_SNAP_RIGHT;
	} else if (!in_layout(server, lx, ly - 1)) {
		where = GRIDWL_SNAP_TOP;
	}
	if (where == GRIDWL_SNAP_NONE) {
		set_preview(server, false, (struct wlr_box){ 0 }, where);
		return;
	}
	struct gridwl_output *output = gridwl_output_at(server, lx, ly);
	// The area the window would take, its frame included.
	struct wlr_box box = gridwl_output_usable_box(output);
	if (where != GRIDWL_SNAP_TOP) {
		int left_width = box.width / 2;
		if (where == GRIDWL_SNAP_RIGHT) {
			box.x += left_width;
			box.width -= left_width;
		} else {
			box.width = left_width;
		}
	}
	set_preview(server, true, box, where);
}

void gridwl_view_snap_drag_end(struct gridwl_server *server,
		struct gridwl_view *drop) {
	bool shown = server->snap_preview_shown;
	enum gridwl_snap where = server->snap_preview_where;
	set_preview(server, false, (struct wlr_box){ 0 }, GRIDWL_SNAP_NONE);
	if (drop == NULL || !shown) {
		return;
	}
	if (where == GRIDWL_SNAP_TOP) {
		gridwl_view_set_maximized(drop, true);
	} else {
		snap_to(drop, where);
	}
}

void gridwl_view_snap_drag_begin(struct gridwl_view *view, double lx) {
	if (view->snap == GRIDWL_SNAP_NONE) {
		return;
	}
	struct wlr_box box = gridwl_view_box(view);
	struct wlr_box restore = view->snap_restore;
	set_snap(view, GRIDWL_SNAP_NONE);
	// The pointer keeps its place across the window, in proportion.
	double across = box.width > 0 ? (lx - box.x) / box.width : 0.5;
	int x = (int)(lx - across * restore.width);
	gridwl_view_move(view, x, box.y);
	gridwl_view_request_size(view, restore.width, restore.height);
}
