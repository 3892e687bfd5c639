#include <stdlib.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_tablet_pad.h>
#include <wlr/types/wlr_tablet_v2.h>
#include <wlr/util/log.h>
#include <wlr/version.h>
#include "wlr_compat/wlr_compat.h"

/* The mode array of a tablet-v2 pad, freed once wlroots' pad has gone
 * with its device. */
struct pad_groups {
	uint32_t *groups;
	struct wl_listener device_destroy;
};

static void handle_device_destroy(struct wl_listener *listener, void *data) {
	struct pad_groups *leftover =
			wl_container_of(listener, leftover, device_destroy);
	wl_list_remove(&leftover->device_destroy.link);
	free(leftover->groups);
	free(leftover);
}

void gridwl_compat_tablet_pad_v2_created(struct wlr_tablet_v2_tablet_pad *pad) {
#if WLR_VERSION_NUM <= ((0 << 16) | (20 << 8) | 0xff)
	struct pad_groups *leftover = calloc(1, sizeof(*leftover));
	if (leftover == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a tablet pad's modes");
		return;
	}
	leftover->groups = pad->groups;
	// After wlroots' own listener, added by wlr_tablet_pad_create (which
	// leaves pad->wlr_device unset).
	leftover->device_destroy.notify = handle_device_destroy;
	wl_signal_add(&pad->wlr_pad->base.events.destroy,
			&leftover->device_destroy);
#else
	(void)pad;
#endif
}
