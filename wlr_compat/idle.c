#include <wlr/types/wlr_idle.h>
#include "wlr_compat/wlr_compat.h"

void gridwl_compat_idle_set_enabled(struct wlr_idle *idle,
		struct wlr_seat *seat, bool enabled) {
	if (!enabled) {
		// wlroots 0.15 drops activity while its timers are off, so a
		// client that went idle before would never hear it resume: being
		// held awake counts as activity.
		wlr_idle_notify_activity(idle, seat);
	}
	wlr_idle_set_enabled(idle, seat, enabled);
}
