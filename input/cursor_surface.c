#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include "input/cursor_surface.h"

void gridwl_cursor_surface_forget(struct gridwl_cursor_surface *held) {
	if (held->surface != NULL) {
		wl_list_remove(&held->destroy.link);
		held->surface = NULL;
	}
}

static void handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_cursor_surface *held =
			wl_container_of(listener, held, destroy);
	// wlr_cursor shows nothing from here on either.
	gridwl_cursor_surface_forget(held);
}

void gridwl_cursor_surface_show(struct gridwl_cursor_surface *held,
		struct wlr_cursor *cursor, struct wlr_surface *surface,
		int32_t hotspot_x, int32_t hotspot_y) {
	wlr_cursor_set_surface(cursor, surface, hotspot_x, hotspot_y);
	if (surface == held->surface) {
		return;
	}
	gridwl_cursor_surface_forget(held);
	if (surface != NULL) {
		held->surface = surface;
		held->destroy.notify = handle_destroy;
		wl_signal_add(&surface->events.destroy, &held->destroy);
	}
}

struct wlr_surface *gridwl_cursor_surface_of(
		const struct gridwl_cursor_surface *held, struct wlr_texture *texture) {
	if (held->surface != NULL &&
			wlr_surface_get_texture(held->surface) == texture) {
		return held->surface;
	}
	return NULL;
}
