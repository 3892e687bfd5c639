#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_input_method_v2.h>
#include <wlr/types/wlr_text_input_v3.h>
#include <wlr/util/box.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/util.h"
#include "compositor/view/view.h"
#include "input/input_method.h"
#include "input/seat.h"

/*
 * The input method's popup surfaces (candidate lists): a view each, drawn
 * like any surface at every output's scale, over the windows and panels
 * (below the lock), never focused. One is shown while its surface is
 * mapped and a text input is active: just below the text input's cursor
 * rectangle, in logical layout coordinates, or above it where the output
 * has no room below, and moved left to stay on the output. The input
 * method is told where the rectangle is relative to the popup
 * (text_input_rectangle) whenever that changes.
 */
struct gridwl_im_popup {
	struct gridwl_view view;
	struct wl_list link; // gridwl_input_method_popups()
	struct gridwl_input_method_relay *relay;
	struct wlr_input_popup_surface_v2 *wire;
	struct wlr_box sent_rectangle;
	bool rectangle_sent;
	struct wl_listener map;
	struct wl_listener unmap;
	struct wl_listener commit;
	struct wl_listener destroy;
};

static struct gridwl_im_popup *popup_from_view(struct gridwl_view *view) {
	struct gridwl_im_popup *popup = wl_container_of(view, popup, view);
	return popup;
}

static struct wlr_surface *popup_get_surface(struct gridwl_view *view) {
	return popup_from_view(view)->wire->surface;
}

static void popup_get_geometry(struct gridwl_view *view, struct wlr_box *box) {
	struct wlr_surface *surface = popup_from_view(view)->wire->surface;
	*box = (struct wlr_box){ 0, 0, surface->current.width,
		surface->current.height };
}

static void popup_for_each_surface(struct gridwl_view *view,
		gridwl_surface_iterator_t iterator, void *data) {
	wlr_surface_for_each_surface(popup_from_view(view)->wire->surface, iterator,
			data);
}

static struct wlr_surface *popup_surface_at(struct gridwl_view *view, double sx,
		double sy, double *sub_x, double *sub_y) {
	return wlr_surface_surface_at(popup_from_view(view)->wire->surface, sx, sy,
			sub_x, sub_y);
}

static const char *popup_get_string(struct gridwl_view *view) {
	return NULL;
}

/* gridwl places it; it has no window state. */
static void popup_set_size(struct gridwl_view *view, int width, int height) {
}

static void popup_set_bool(struct gridwl_view *view, bool value) {
}

static void popup_close(struct gridwl_view *view) {
}

static const struct gridwl_view_impl popup_view_impl = {
	.get_surface = popup_get_surface,
	.get_geometry = popup_get_geometry,
	.for_each_surface = popup_for_each_surface,
	.surface_at = popup_surface_at,
	.get_app_id = popup_get_string,
	.get_title = popup_get_string,
	.get_x11_class = popup_get_string,
	.set_size = popup_set_size,
	.moved = NULL,
	.set_activated = popup_set_bool,
	.set_fullscreen = popup_set_bool,
	.set_maximized = popup_set_bool,
	.set_resizing = popup_set_bool,
	.close = popup_close,
};

/* The cursor rectangle of the active text input in layout coordinates;
 * false when there is no active text input shown. */
static bool cursor_rectangle(struct gridwl_input_method_relay *relay,
		struct wlr_box *box) {
	struct gridwl_text_input *text_input =
			gridwl_input_method_active_text_input(relay);
	if (text_input == NULL) {
		return false;
	}
	struct wlr_text_input_v3 *wlr = gridwl_text_input_wlr(text_input);
	struct gridwl_view *view = gridwl_view_from_surface(wlr->focused_surface);
	int lx, ly;
	if (view == NULL ||
			!gridwl_view_surface_position(view, wlr->focused_surface, &lx,
					&ly)) {
		return false;
	}
	*box = wlr->current.cursor_rectangle;
	box->x += lx;
	box->y += ly;
	return true;
}

static void popup_show(struct gridwl_im_popup *popup, int x, int y) {
	struct gridwl_view *view = &popup->view;
	if (!view->mapped) {
		view->x = x;
		view->y = y;
		view->mapped = true;
		view->last_bounds = gridwl_view_bounds(view);
		gridwl_view_damage_whole(view);
		gridwl_view_update_outputs(view);
	} else if (view->x != x || view->y != y) {
		gridwl_view_move(view, x, y);
	}
}

static void popup_update(struct gridwl_im_popup *popup) {
	struct gridwl_view *view = &popup->view;
	struct wlr_surface *surface = popup->wire->surface;
	struct wlr_box cursor;
	if (!surface->mapped || !cursor_rectangle(popup->relay, &cursor)) {
		if (view->mapped) {
			gridwl_view_unmap(view);
		}
		return;
	}
	int width = surface->current.width, height = surface->current.height;
	int x = cursor.x, y = cursor.y + cursor.height;
	struct gridwl_output *output =
			gridwl_output_at(view->server, cursor.x, cursor.y);
	if (output != NULL) {
		struct wlr_box area = gridwl_output_logical_box(output);
		if (y + height > area.y + area.height && cursor.y - height >= area.y) {
			y = cursor.y - height;
		}
		if (x + width > area.x + area.width) {
			x = area.x + area.width - width;
		}
		if (x < area.x) {
			x = area.x;
		}
	}
	popup_show(popup, x, y);
	struct wlr_box relative = { cursor.x - x, cursor.y - y, cursor.width,
		cursor.height };
	if (!popup->rectangle_sent ||
			!gridwl_box_equal(&relative, &popup->sent_rectangle)) {
		popup->sent_rectangle = relative;
		popup->rectangle_sent = true;
		wlr_input_popup_surface_v2_send_text_input_rectangle(popup->wire,
				&relative);
	}
}

void gridwl_im_popups_update(struct gridwl_input_method_relay *relay) {
	struct gridwl_im_popup *popup;
	wl_list_for_each(popup, gridwl_input_method_popups(relay), link) {
		popup_update(popup);
	}
}

static void popup_handle_map(struct wl_listener *listener, void *data) {
	struct gridwl_im_popup *popup = wl_container_of(listener, popup, map);
	popup_update(popup);
}

static void popup_handle_unmap(struct wl_listener *listener, void *data) {
	struct gridwl_im_popup *popup = wl_container_of(listener, popup, unmap);
	if (popup->view.mapped) {
		gridwl_view_unmap(&popup->view);
	}
}

/* A new size may not fit where it is. */
static void popup_handle_commit(struct wl_listener *listener, void *data) {
	struct gridwl_im_popup *popup = wl_container_of(listener, popup, commit);
	if (popup->wire->surface->mapped) {
		popup_update(popup);
	}
}

static void popup_destroy(struct gridwl_im_popup *popup) {
	gridwl_view_finish(&popup->view);
	wl_list_remove(&popup->link);
	wl_list_remove(&popup->map.link);
	wl_list_remove(&popup->unmap.link);
	wl_list_remove(&popup->commit.link);
	wl_list_remove(&popup->destroy.link);
	popup->wire->data = NULL;
	free(popup);
}

static void popup_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_im_popup *popup = wl_container_of(listener, popup, destroy);
	struct gridwl_seat *seat = gridwl_input_method_seat(popup->relay);
	popup_destroy(popup);
	gridwl_seat_schedule_pointer_rebase(seat);
}

void gridwl_im_popup_create(struct gridwl_input_method_relay *relay,
		struct wlr_input_popup_surface_v2 *wire) {
	struct gridwl_im_popup *popup = calloc(1, sizeof(*popup));
	if (popup == NULL) {
		wl_resource_post_no_memory(wire->resource);
		return;
	}
	popup->relay = relay;
	popup->wire = wire;
	wire->data = popup;
	popup->map.notify = popup_handle_map;
	wl_signal_add(&wire->surface->events.map, &popup->map);
	popup->unmap.notify = popup_handle_unmap;
	wl_signal_add(&wire->surface->events.unmap, &popup->unmap);
	popup->commit.notify = popup_handle_commit;
	wl_signal_add(&wire->surface->events.commit, &popup->commit);
	popup->destroy.notify = popup_handle_destroy;
	wl_signal_add(&wire->events.destroy, &popup->destroy);
	wl_list_insert(gridwl_input_method_popups(relay), &popup->link);
	struct gridwl_seat *seat = gridwl_input_method_seat(relay);
	gridwl_view_init(&popup->view, seat->server, GRIDWL_VIEW_IM_POPUP,
			&popup_view_impl);
}

void gridwl_im_popups_destroy_all(struct gridwl_input_method_relay *relay) {
	struct gridwl_im_popup *popup, *tmp;
	wl_list_for_each_safe(popup, tmp, gridwl_input_method_popups(relay), link) {
		popup_destroy(popup);
	}
}

struct gridwl_view *gridwl_im_popup_view_from_surface(
		struct wlr_surface *surface) {
	struct wlr_input_popup_surface_v2 *wire =
			wlr_input_popup_surface_v2_try_from_wlr_surface(surface);
	if (wire == NULL || wire->data == NULL) {
		return NULL;
	}
	struct gridwl_im_popup *popup = wire->data;
	return &popup->view;
}
