#include <string.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/box.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/shell/layer_shell.h"
#include "compositor/util.h"
#include "compositor/view/view.h"
#include "input/seat.h"

/*
 * What a binding (or gridctl action) does to windows from the keyboard,
 * on the window that has the keyboard.
 */

struct gridwl_view *gridwl_view_keyboard_focused(struct gridwl_server *server) {
	struct wlr_surface *focused =
			server->seat->wlr_seat->keyboard_state.focused_surface;
	struct gridwl_view *view =
			focused != NULL ? gridwl_view_from_surface(focused) : NULL;
	return view != NULL && gridwl_view_is_window(view) ? view : NULL;
}

/* A window the keyboard can go to: a minimized one is restored. */
static bool can_focus(struct gridwl_view *view) {
	return gridwl_view_is_window(view) &&
			(gridwl_view_is_shown(view) ||
					(view->mapped && gridwl_view_is_minimized(view)));
}

void gridwl_view_focus_cycle(struct gridwl_server *server, bool next) {
	// Focusing raises, so the windows' stacking order, top first, is the
	// order they last had the keyboard: "next" is the window focused
	// before this one (pressed again, back to this one, as Alt+Tab),
	// "prev" the one that had it longest ago (pressed again, the one
	// before it: every window in turn).
	struct gridwl_view *current = gridwl_view_keyboard_focused(server);
	struct gridwl_view *pick = NULL, *view;
	wl_list_for_each(view, &server->views, link) {
		if (view == current || !can_focus(view)) {
			continue;
		}
		pick = view;
		if (next) {
			break;
		}
	}
	if (pick != NULL) {
		gridwl_view_focus(pick);
	}
}

void gridwl_view_toggle_fullscreen(struct gridwl_view *view) {
	struct gridwl_output *output = gridwl_view_main_output(view);
	gridwl_view_set_fullscreen(view, !view->fullscreen,
			output != NULL ? output->wlr_output : NULL);
}

void gridwl_view_toggle_maximized(struct gridwl_view *view) {
	gridwl_view_set_maximized(view, !view->maximized);
}

/* At the centre of the output's usable area, as far as it fits. */
static void center_on(struct gridwl_view *view, struct gridwl_output *output) {
	struct wlr_box area = gridwl_output_usable_box(output);
	int x, y;
	gridwl_view_frame_center(view, &area, &x, &y);
	gridwl_view_move(view, x, y);
}

void gridwl_view_center(struct gridwl_view *view) {
	struct gridwl_output *output = gridwl_view_main_output(view);
	if (output != NULL && !view->fullscreen && !view->maximized) {
		center_on(view, output);
	}
}

static const struct {
	const char *name;
	enum wlr_direction direction;
} directions[] = {
	{ "left", WLR_DIRECTION_LEFT },
	{ "right", WLR_DIRECTION_RIGHT },
	{ "up", WLR_DIRECTION_UP },
	{ "down", WLR_DIRECTION_DOWN },
};

bool gridwl_view_move_to_output(struct gridwl_view *view, const char *where,
		char **error) {
	struct gridwl_server *server = view->server;
	struct gridwl_output *from = gridwl_view_main_output(view);
	struct gridwl_output *to = NULL;
	size_t i = 0;
	for (; i < sizeof(directions) / sizeof(directions[0]); i++) {
		if (strcmp(where, directions[i].name) == 0) {
			break;
		}
	}
	if (i < sizeof(directions) / sizeof(directions[0])) {
		if (from != NULL) {
			struct wlr_box box = gridwl_output_logical_box(from);
			struct wlr_output *next =
					wlr_output_layout_adjacent_output(server->output_layout,
							directions[i].direction, from->wlr_output,
							box.x + box.width / 2.0, box.y + box.height / 2.0);
			to = next != NULL ? gridwl_output_from_wlr(next) : NULL;
		}
		if (to == NULL) {
			gridwl_set_error(error, "no output %s of the window's", where);
			return false;
		}
	} else {
		to = gridwl_output_by_name(server, where);
		if (to == NULL || !gridwl_output_is_active(to)) {
			gridwl_set_error(error, "no output named %s", where);
			return false;
		}
	}
	if (to == from) {
		return true;
	}
	// The window keeps its logical size; its surfaces are drawn at the
	// new output's scale from the next frame, and the client is told the
	// new preferred scale through wl_surface enter and leave.
	if (view->fullscreen) {
		gridwl_view_set_fullscreen(view, true, to->wlr_output);
	} else if (view->maximized) {
		struct wlr_box area = gridwl_output_usable_box(to);
		gridwl_view_move(view, area.x, area.y);
		gridwl_views_arrange(server);
	} else {
		center_on(view, to);
	}
	return true;
}
