#include <linux/input-event-codes.h>
#include <math.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/edges.h>
#include <wlr/xcursor.h>
#include "compositor/server.h"
#include "compositor/shell/decoration.h"
#include "compositor/view/view.h"
#include "input/cursor.h"
#include "input/decoration_input.h"
#include "input/seat.h"

/*
 * The frames gridwl draws take the pointer and touch where no surface is
 * above them: the title bar moves the window (twice quickly: maximizes it
 * and back), its buttons close, maximize and minimize, the borders resize;
 * a finger
 * does all of it as the pointer does.
 */

/* Two presses on one title bar this close together are a double-click,
 * GTK's default. */
#define DOUBLE_CLICK_MSEC 400

struct gridwl_view *gridwl_frame_at(struct gridwl_server *server, double lx,
		double ly, enum gridwl_frame_part *part, uint32_t *edges) {
	double sx, sy;
	struct wlr_surface *surface;
	// gridwl_view_at stops at the first frame from the top, so when it
	// finds no surface, nothing above the topmost frame here takes it.
	if (gridwl_view_at(server, lx, ly, &surface, &sx, &sy) != NULL) {
		return NULL;
	}
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (!gridwl_view_is_shown(view)) {
			continue;
		}
		*part = gridwl_view_frame_part_at(view, lx, ly, edges);
		if (*part != GRIDWL_FRAME_NONE) {
			return view;
		}
	}
	return NULL;
}

static struct gridwl_view *frame_under_cursor(struct gridwl_seat *seat,
		enum gridwl_frame_part *part, uint32_t *edges) {
	return gridwl_frame_at(seat->server, seat->cursor->x, seat->cursor->y, part,
			edges);
}

bool gridwl_seat_frame_pointer_focus(struct gridwl_seat *seat) {
	enum gridwl_frame_part part;
	uint32_t edges;
	struct gridwl_view *view = frame_under_cursor(seat, &part, &edges);
	if (view == NULL) {
		return false;
	}
	wlr_seat_pointer_clear_focus(seat->wlr_seat);
	seat->frame_cursor = true;
	// The theme's own image at each output's scale, as for any shape.
	gridwl_cursor_set_theme_image(seat,
			part == GRIDWL_FRAME_EDGE ? wlr_xcursor_get_resize_name(edges) :
										"left_ptr");
	return true;
}

/* The finger touch_id, down at lx, ly, moves view (edges 0) or resizes it
 * by those edges as it goes, as a pointer's grab does. */
static void touch_follow(struct gridwl_seat *seat, struct gridwl_view *view,
		uint32_t edges, int32_t touch_id, double lx, double ly) {
	if (view->maximized || view->fullscreen) {
		return;
	}
	seat->touch_move_view = view->id;
	seat->touch_move_id = touch_id;
	seat->touch_move_edges = edges;
	seat->touch_move_x = lx;
	seat->touch_move_y = ly;
	seat->touch_move_box = gridwl_view_box(view);
	if (edges != 0) {
		gridwl_view_set_resizing(view, true);
	}
}

/* A press or a tap on part of view's frame; a pointer moves and resizes
 * with a grab, a finger down on the title moves the window as it goes
 * (touch_id, at lx, ly). */
static void frame_activate(struct gridwl_seat *seat, struct gridwl_view *view,
		enum gridwl_frame_part part, uint32_t edges, uint32_t time_msec,
		bool pointer, int32_t touch_id, double lx, double ly) {
	gridwl_view_focus(view);
	switch (part) {
	case GRIDWL_FRAME_NONE:
		return;
	case GRIDWL_FRAME_CLOSE:
		gridwl_view_close(view);
		return;
	case GRIDWL_FRAME_MAXIMIZE:
		gridwl_view_toggle_maximized(view);
		return;
	case GRIDWL_FRAME_MINIMIZE:
		gridwl_view_set_minimized(view, true);
		return;
	case GRIDWL_FRAME_EDGE:
		if (pointer) {
			gridwl_seat_begin_resize(seat, view, edges);
		} else {
			touch_follow(seat, view, edges, touch_id, lx, ly);
		}
		return;
	case GRIDWL_FRAME_TITLE:
		break;
	}
	if (seat->title_click_view == view->id &&
			time_msec - seat->title_click_msec < DOUBLE_CLICK_MSEC) {
		seat->title_click_view = 0;
		gridwl_view_toggle_maximized(view);
		return;
	}
	seat->title_click_view = view->id;
	seat->title_click_msec = time_msec;
	if (pointer) {
		gridwl_seat_begin_move(seat, view);
	} else {
		touch_follow(seat, view, 0, touch_id, lx, ly);
	}
}

bool gridwl_seat_frame_button(struct gridwl_seat *seat, uint32_t button,
		uint32_t time_msec) {
	enum gridwl_frame_part part;
	uint32_t edges;
	struct gridwl_view *view = frame_under_cursor(seat, &part, &edges);
	if (view == NULL) {
		return false;
	}
	if (button == BTN_LEFT) {
		frame_activate(seat, view, part, edges, time_msec, true, 0,
				seat->cursor->x, seat->cursor->y);
	} else {
		gridwl_view_focus(view);
	}
	return true;
}

bool gridwl_seat_frame_touch_down(struct gridwl_seat *seat, int32_t touch_id,
		double lx, double ly, uint32_t time_msec) {
	enum gridwl_frame_part part;
	uint32_t edges;
	struct gridwl_view *view =
			gridwl_frame_at(seat->server, lx, ly, &part, &edges);
	if (view == NULL) {
		return false;
	}
	frame_activate(seat, view, part, edges, time_msec, false, touch_id, lx, ly);
	return true;
}

bool gridwl_seat_frame_touch_motion(struct gridwl_seat *seat, int32_t touch_id,
		double lx, double ly) {
	if (seat->touch_move_view == 0 || seat->touch_move_id != touch_id) {
		return false;
	}
	// By id: the window may have gone since the finger went down.
	struct gridwl_view *view =
			gridwl_view_by_id(seat->server, seat->touch_move_view);
	if (view == NULL || !gridwl_view_is_shown(view) || view->maximized ||
			view->fullscreen) {
		if (view != NULL && seat->touch_move_edges != 0) {
			gridwl_view_set_resizing(view, false);
		}
		seat->touch_move_view = 0;
		return true;
	}
	int dx = (int)lround(lx - seat->touch_move_x);
	int dy = (int)lround(ly - seat->touch_move_y);
	if (dx != 0 || dy != 0) {
		seat->title_click_view = 0;
	}
	if (seat->touch_move_edges == 0) {
		gridwl_view_move(view, seat->touch_move_box.x + dx,
				seat->touch_move_box.y + dy);
		return true;
	}
	struct wlr_box box = gridwl_resized_box(seat->touch_move_box,
			seat->touch_move_edges, dx, dy);
	gridwl_view_move(view, box.x, box.y);
	gridwl_view_request_size(view, box.width, box.height);
	return true;
}

bool gridwl_seat_frame_touch_up(struct gridwl_seat *seat, int32_t touch_id) {
	if (seat->touch_move_view == 0 || seat->touch_move_id != touch_id) {
		return false;
	}
	struct gridwl_view *view =
			gridwl_view_by_id(seat->server, seat->touch_move_view);
	if (view != NULL && seat->touch_move_edges != 0) {
		gridwl_view_set_resizing(view, false);
	}
	seat->touch_move_view = 0;
	return true;
}
