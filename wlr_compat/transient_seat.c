#include <wlr/types/wlr_transient_seat_v1.h>
#include "wlr_compat/wlr_compat.h"

void gridwl_compat_transient_seat_deny(struct wlr_transient_seat_v1 *seat) {
	// What 0.20.0 does when it makes the seat: the listener's link is
	// removed with the resource whether or not the seat was ever ready.
	wl_list_init(&seat->seat_destroy.link);
	wlr_transient_seat_v1_deny(seat);
}
