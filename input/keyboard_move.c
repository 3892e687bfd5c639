#include <stdlib.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/edges.h>
#include <wlr/util/log.h>
#include <xkbcommon/xkbcommon.h>
#include "compositor/server.h"
#include "compositor/shell/session_lock.h"
#include "compositor/view/view.h"
#include "input/keyboard_move.h"
#include "input/seat.h"

/*
 * Moving and resizing a window from the keyboard (the move-mode and
 * resize-mode actions), as sway's resize mode and KWin's keyboard move do:
 * until Return or Escape, each arrow key moves the window (or its right or
 * bottom edge) by STEP logical pixels, FINE_STEP with Shift, whatever the
 * scale of the outputs it is on: the client is asked for a logical size,
 * which it draws at its own scale. The mode holds the keyboard: no key
 * pressed while it lasts reaches a client (the release of a key the client
 * saw go down still does, so it never believes a key is held), and
 * Escape gives the window back the box it had. It ends, where the window
 * is, when the window unmaps, hides or goes fullscreen or maximized, and
 * when the session locks.
 */

#define STEP 10
#define FINE_STEP 1

struct gridwl_keyboard_move {
	struct gridwl_view *view;
	bool resize;
	// What Escape gives back: the box, and the half it was snapped to
	// with the size an unsnap gives back then.
	struct wlr_box start;
	enum gridwl_snap start_snap;
	struct wlr_box start_snap_restore;
	// The box asked for so far: the client answers a resize later.
	struct wlr_box box;
};

static bool can_move(struct gridwl_view *view) {
	return gridwl_view_is_window(view) && gridwl_view_is_shown(view) &&
			!view->fullscreen && !view->maximized;
}

bool gridwl_keyboard_move_active(struct gridwl_seat *seat) {
	return seat->keyboard_move != NULL;
}

bool gridwl_keyboard_move_begin(struct gridwl_seat *seat,
		struct gridwl_view *view, bool resize) {
	gridwl_keyboard_move_end(seat, false);
	if (!can_move(view)) {
		wlr_log(WLR_INFO, "Window %u is not moved from the keyboard: it is %s",
				view->id,
				view->fullscreen        ? "fullscreen" :
						view->maximized ? "maximized" :
										  "not shown");
		return false;
	}
	struct gridwl_keyboard_move *move = calloc(1, sizeof(*move));
	if (move == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a keyboard move");
		return false;
	}
	move->view = view;
	move->resize = resize;
	move->start = gridwl_view_box(view);
	move->box = move->start;
	move->start_snap = view->snap;
	move->start_snap_restore = view->snap_restore;
	seat->keyboard_move = move;
	if (resize) {
		gridwl_view_set_resizing(view, true);
	}
	wlr_log(WLR_DEBUG, "Window %u: keyboard %s", view->id,
			resize ? "resize" : "move");
	return true;
}

/* Gives the keyboard back, the window left as it is. */
static void finish(struct gridwl_seat *seat) {
	free(seat->keyboard_move);
	seat->keyboard_move = NULL;
	// What the modifiers are now: none of their changes reached the client
	// while the mode held the keyboard.
	struct wlr_keyboard *keyboard = wlr_seat_get_keyboard(seat->wlr_seat);
	if (keyboard != NULL) {
		wlr_seat_keyboard_notify_modifiers(seat->wlr_seat,
				&keyboard->modifiers);
	}
}

void gridwl_keyboard_move_end(struct gridwl_seat *seat, bool restore) {
	struct gridwl_keyboard_move *move = seat->keyboard_move;
	if (move == NULL) {
		return;
	}
	struct gridwl_view *view = move->view;
	if (move->resize) {
		gridwl_view_set_resizing(view, false);
	}
	if (restore) {
		gridwl_view_move(view, move->start.x, move->start.y);
		gridwl_view_request_size(view, move->start.width, move->start.height);
		if (move->start_snap != GRIDWL_SNAP_NONE) {
			gridwl_view_resnap(view, move->start_snap,
					move->start_snap_restore);
		}
	}
	finish(seat);
}

void gridwl_keyboard_move_view_unmapped(struct gridwl_seat *seat,
		struct gridwl_view *view) {
	// An unmapped window is told nothing more (as an interactive resize
	// that ends with it): its role may be half gone.
	if (seat->keyboard_move != NULL && seat->keyboard_move->view == view) {
		finish(seat);
	}
}

static void step(struct gridwl_keyboard_move *move, int dx, int dy) {
	struct gridwl_view *view = move->view;
	// Moved or resized by hand, it is no longer snapped; its box stays.
	gridwl_view_forget_snap(view);
	if (move->resize) {
		move->box = gridwl_resized_box(move->box,
				WLR_EDGE_RIGHT | WLR_EDGE_BOTTOM, dx, dy);
		gridwl_view_request_size(view, move->box.width, move->box.height);
	} else {
		move->box.x += dx;
		move->box.y += dy;
		gridwl_view_move(view, move->box.x, move->box.y);
	}
}

bool gridwl_keyboard_move_key(struct gridwl_seat *seat,
		struct wlr_keyboard *keyboard, uint32_t keycode) {
	struct gridwl_keyboard_move *move = seat->keyboard_move;
	if (move == NULL) {
		return false;
	}
	// Gone from the screen or from the keys' reach: the keys are the
	// locker's, or the window's again.
	if (!can_move(move->view) || gridwl_session_is_locked(seat->server)) {
		gridwl_keyboard_move_end(seat, false);
		return false;
	}
	xkb_keysym_t sym = xkb_state_key_get_one_sym(keyboard->xkb_state, keycode);
	int by = (wlr_keyboard_get_modifiers(keyboard) & WLR_MODIFIER_SHIFT) ?
			FINE_STEP :
			STEP;
	switch (sym) {
	case XKB_KEY_Left:
	case XKB_KEY_KP_Left:
		step(move, -by, 0);
		break;
	case XKB_KEY_Right:
	case XKB_KEY_KP_Right:
		step(move, by, 0);
		break;
	case XKB_KEY_Up:
	case XKB_KEY_KP_Up:
		step(move, 0, -by);
		break;
	case XKB_KEY_Down:
	case XKB_KEY_KP_Down:
		step(move, 0, by);
		break;
	case XKB_KEY_Return:
	case XKB_KEY_KP_Enter:
		gridwl_keyboard_move_end(seat, false);
		break;
	case XKB_KEY_Escape:
		gridwl_keyboard_move_end(seat, true);
		break;
	default:
		// Any other key is the mode's too, and does nothing.
		break;
	}
	return true;
}
