#include <wlr/types/wlr_cursor_shape_v1.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "input/cursor.h"
#include "input/listeners.h"
#include "input/seat.h"
#include "input/tablet.h"
#include "input/transient_seat.h"

/*
 * cursor-shape-v1: a client names a shape instead of drawing a cursor, and
 * gridwl shows the cursor theme's image of that name the way it shows its
 * own pointer: wlr_cursor loads the theme at each output's scale, so a
 * scale-2 output gets the theme's 2x image, not a magnified one. A tablet
 * tool moves the same cursor (input/tablet.c): the client it is over may
 * name the shape for it.
 */
static void handle_request_set_shape(struct wl_listener *listener, void *data) {
	struct gridwl_manager_listener *manager =
			wl_container_of(listener, manager, event);
	struct wlr_cursor_shape_manager_v1_request_set_shape_event *event = data;
	struct gridwl_seat *seat = manager->seat;
	const char *name = wlr_cursor_shape_v1_name(event->shape);
	// A tablet tool is only ever the user's seat's.
	if (event->device_type == WLR_CURSOR_SHAPE_MANAGER_V1_DEVICE_TYPE_POINTER &&
			gridwl_transient_seats_set_shape(seat->transient_seats,
					event->seat_client, name)) {
		return;
	}
	// As for wl_pointer.set_cursor: only the client under the pointer, or
	// under the tablet tool that shows the cursor.
	bool allowed = event->device_type ==
					WLR_CURSOR_SHAPE_MANAGER_V1_DEVICE_TYPE_POINTER ?
			event->seat_client == seat->wlr_seat->pointer_state.focused_client :
			gridwl_tablets_tool_focused_by(event->tablet_tool,
					event->seat_client);
	if (!allowed) {
		return;
	}
	gridwl_cursor_set_theme_image(seat, name);
}

struct gridwl_manager_listener *gridwl_cursor_shape_create(
		struct gridwl_seat *seat) {
	struct wlr_cursor_shape_manager_v1 *manager =
			wlr_cursor_shape_manager_v1_create(seat->server->display, 1);
	return manager == NULL ?
			NULL :
			gridwl_manager_listener_create(seat,
					&manager->events.request_set_shape,
					handle_request_set_shape, &manager->events.destroy);
}
