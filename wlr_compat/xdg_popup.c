#include <stdint.h>
#include <wlr/types/wlr_xdg_shell.h>
#include "wlr_compat/wlr_compat.h"

/* wlroots 0.15 grows a popup that overflows the right or bottom edge when
 * asked to resize it (it subtracts a negative offset); it is clamped to the
 * box instead, as xdg-positioner's resize means. */
static void clamp_resized(struct wlr_xdg_popup *popup,
		const struct wlr_box *box) {
	enum xdg_positioner_constraint_adjustment adjustment =
			popup->positioner.constraint_adjustment;
	int x = 0, y = 0;
	wlr_xdg_popup_get_toplevel_coords(popup, popup->geometry.x,
			popup->geometry.y, &x, &y);
	// A client's positioner may put the popup anywhere in int32: the sums
	// go wider.
	int64_t right = (int64_t)box->x + box->width;
	int64_t bottom = (int64_t)box->y + box->height;
	if ((adjustment & XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_RESIZE_X) &&
			(int64_t)x + popup->geometry.width > right && right - x > 0) {
		popup->geometry.width = (int)(right - x);
	}
	if ((adjustment & XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_RESIZE_Y) &&
			(int64_t)y + popup->geometry.height > bottom && bottom - y > 0) {
		popup->geometry.height = (int)(bottom - y);
	}
}

void gridwl_compat_xdg_popup_unconstrain_from_box(struct wlr_xdg_popup *popup,
		const struct wlr_box *box) {
	wlr_xdg_popup_unconstrain_from_box(popup, box);
	clamp_resized(popup, box);
}
