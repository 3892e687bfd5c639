#include <stdlib.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/view.h"

struct gridwl_popup {
	struct wlr_xdg_surface *xdg_surface;
	struct wl_listener map;
	struct wl_listener unmap;
	struct wl_listener destroy;
};

static void popup_damage(struct gridwl_popup *popup) {
	struct gridwl_view *view =
		gridwl_view_from_surface(popup->xdg_surface->surface);
	if (view != NULL) {
		gridwl_view_damage_whole(view);
	}
}

static void popup_handle_map(struct wl_listener *listener, void *data) {
	struct gridwl_popup *popup = wl_container_of(listener, popup, map);
	popup_damage(popup);
	struct gridwl_view *view =
		gridwl_view_from_surface(popup->xdg_surface->surface);
	if (view != NULL) {
		gridwl_view_update_outputs(view);
	}
}

static void popup_handle_unmap(struct wl_listener *listener, void *data) {
	struct gridwl_popup *popup = wl_container_of(listener, popup, unmap);
	popup_damage(popup);
}

static void popup_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_popup *popup = wl_container_of(listener, popup, destroy);
	wl_list_remove(&popup->map.link);
	wl_list_remove(&popup->unmap.link);
	wl_list_remove(&popup->destroy.link);
	free(popup);
}

/* The popup stays inside the output under its anchor point. wlroots works
 * in the toplevel's surface coordinates, so both go through those. */
static void popup_unconstrain(struct gridwl_server *server,
		struct wlr_xdg_popup *popup, struct gridwl_view *view) {
	int anchor_x, anchor_y;
	wlr_xdg_popup_get_anchor_point(popup, &anchor_x, &anchor_y);
	int tx = 0, ty = 0;
	wlr_xdg_popup_get_toplevel_coords(popup, anchor_x, anchor_y, &tx, &ty);
	int ox, oy;
	gridwl_view_surface_origin(view, &ox, &oy);
	struct gridwl_output *output = gridwl_output_at(server, ox + tx, oy + ty);
	if (output == NULL) {
		return;
	}
	struct wlr_box box = gridwl_output_logical_box(output);
	box.x -= ox;
	box.y -= oy;
	wlr_xdg_popup_unconstrain_from_box(popup, &box);
}

void gridwl_popup_create(struct gridwl_server *server,
		struct wlr_xdg_surface *xdg_surface) {
	struct gridwl_popup *popup = calloc(1, sizeof(*popup));
	if (popup == NULL) {
		wl_resource_post_no_memory(xdg_surface->resource);
		return;
	}
	popup->xdg_surface = xdg_surface;
	popup->map.notify = popup_handle_map;
	wl_signal_add(&xdg_surface->events.map, &popup->map);
	popup->unmap.notify = popup_handle_unmap;
	wl_signal_add(&xdg_surface->events.unmap, &popup->unmap);
	popup->destroy.notify = popup_handle_destroy;
	wl_signal_add(&xdg_surface->events.destroy, &popup->destroy);

	struct gridwl_view *view = gridwl_view_from_surface(xdg_surface->surface);
	if (view != NULL) {
		popup_unconstrain(server, xdg_surface->popup, view);
	}
}
