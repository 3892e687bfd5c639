#include <stdlib.h>
#include <wlr/types/wlr_layer_shell_v1.h>
#include "wlr_compat/wlr_compat.h"

/* wlroots 0.15.1 frees the configures it sent only when a mapped surface
 * unmaps: one destroyed with configures unacknowledged (never mapped, or
 * configured again since) would leak them. */
void gridwl_compat_layer_surface_free_configures(
		struct wlr_layer_surface_v1 *layer_surface) {
	struct wlr_layer_surface_v1_configure *configure, *tmp;
	wl_list_for_each_safe(configure, tmp, &layer_surface->configure_list,
			link) {
		wl_list_remove(&configure->link);
		free(configure);
	}
}
