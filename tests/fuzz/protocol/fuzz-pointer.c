#include <linux/input-event-codes.h>
#include <wayland-client.h>
#include "fuzz-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"

/*
 * A virtual pointer (wlr-virtual-pointer, which gridwl offers): it moves
 * over the layout and clicks, which gives the fuzzer the input serials
 * that grabs, popups and selections want, ends interactive moves and
 * resizes, dismisses grabbing popups, and focuses windows that are about
 * to go. It is destroyed now and then with its buttons held.
 */

static uint32_t next_time(struct fz *fz) {
	fz->time_ms += (uint32_t)fz_rng_range(&fz->rng, 1, 50);
	return fz->time_ms;
}

static bool ensure_pointer(struct fz *fz) {
	if (fz->virtual_pointer == NULL && fz->virtual_pointer_manager != NULL) {
		fz->virtual_pointer =
				zwlr_virtual_pointer_manager_v1_create_virtual_pointer(
						fz->virtual_pointer_manager, fz->seat);
		fz->buttons_down = false;
		fz_log(fz, "virtual pointer: create");
	}
	return fz->virtual_pointer != NULL;
}

bool fz_pointer_op_motion(struct fz *fz) {
	if (!ensure_pointer(fz)) {
		return false;
	}
	struct zwlr_virtual_pointer_v1 *p = fz->virtual_pointer;
	if (fz_rng_chance(&fz->rng, 60)) {
		// Over the whole layout, in an extent that need not be its size.
		uint32_t extent_w = (uint32_t)fz_rng_range(&fz->rng, 1, 4000);
		uint32_t extent_h = (uint32_t)fz_rng_range(&fz->rng, 1, 3000);
		uint32_t x = fz_rng_below(&fz->rng, extent_w + 1);
		uint32_t y = fz_rng_below(&fz->rng, extent_h + 1);
		zwlr_virtual_pointer_v1_motion_absolute(p, next_time(fz), x, y,
				extent_w, extent_h);
		fz_log(fz, "virtual pointer: motion_absolute %u,%u in %ux%u", x, y,
				extent_w, extent_h);
	} else {
		int32_t dx = fz_rng_range(&fz->rng, -300, 300);
		int32_t dy = fz_rng_range(&fz->rng, -300, 300);
		zwlr_virtual_pointer_v1_motion(p, next_time(fz), wl_fixed_from_int(dx),
				wl_fixed_from_int(dy));
		fz_log(fz, "virtual pointer: motion %d,%d", dx, dy);
	}
	zwlr_virtual_pointer_v1_frame(p);
	return true;
}

bool fz_pointer_op_button(struct fz *fz) {
	if (!ensure_pointer(fz)) {
		return false;
	}
	struct zwlr_virtual_pointer_v1 *p = fz->virtual_pointer;
	switch (fz_rng_below(&fz->rng, 4)) {
	case 0: {
		// Scrolling, for the axis events of whoever is under it.
		uint32_t axis = fz_rng_below(&fz->rng, 2);
		zwlr_virtual_pointer_v1_axis_source(p, WL_POINTER_AXIS_SOURCE_WHEEL);
		zwlr_virtual_pointer_v1_axis_discrete(p, next_time(fz), axis,
				wl_fixed_from_int(fz_rng_range(&fz->rng, -30, 30)),
				fz_rng_range(&fz->rng, -2, 2));
		zwlr_virtual_pointer_v1_frame(p);
		fz_log(fz, "virtual pointer: axis %u", axis);
		return true;
	}
	case 1:
		if (fz_rng_chance(&fz->rng, 30)) {
			// With its buttons held, maybe, which the seat must forget.
			zwlr_virtual_pointer_v1_destroy(p);
			fz->virtual_pointer = NULL;
			fz_log(fz, "virtual pointer: destroy%s",
					fz->buttons_down ? " (button held)" : "");
			fz->buttons_down = false;
			return true;
		}
		break;
	default:
		break;
	}
	static const uint32_t buttons[] = { BTN_LEFT, BTN_RIGHT, BTN_MIDDLE };
	uint32_t button = buttons[fz_rng_below(&fz->rng, 3)];
	bool press = !fz->buttons_down;
	zwlr_virtual_pointer_v1_button(p, next_time(fz), button,
			press ? WL_POINTER_BUTTON_STATE_PRESSED :
					WL_POINTER_BUTTON_STATE_RELEASED);
	zwlr_virtual_pointer_v1_frame(p);
	// Which button went down matters little; the next op releases one,
	// maybe another, which the seat must take too.
	fz->buttons_down = press;
	fz_log(fz, "virtual pointer: button %u %s", button,
			press ? "press" : "release");
	return true;
}

void fz_pointer_destroy(struct fz *fz) {
	if (fz->virtual_pointer != NULL) {
		zwlr_virtual_pointer_v1_destroy(fz->virtual_pointer);
		fz->virtual_pointer = NULL;
	}
}
