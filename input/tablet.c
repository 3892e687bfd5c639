#include <linux/input-event-codes.h>
#include <math.h>
#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_tablet_tool.h>
#include <wlr/types/wlr_tablet_v2.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/idle.h"
#include "compositor/shell/xwayland.h"
#include "compositor/view/view.h"
#include "input/cursor.h"
#include "input/input_device.h"
#include "input/seat.h"
#include "input/tablet.h"
#include "input/tablet_internal.h"

/* A pen, eraser, ... seen on one of the seat's tablets; made when it first
 * comes into proximity, gone when the backend forgets it. */
struct gridwl_tablet_tool {
	struct gridwl_tablets *tablets;
	struct wlr_tablet_tool *wlr_tool;
	struct wlr_tablet_v2_tablet_tool *tool_v2;
	// The tablet it was last in proximity of, for the pads that a
	// backend attaches to the tool's tablet; NULL once that goes.
	struct gridwl_tablet *tablet;
	struct wl_list link;
	// libinput reports a tilt axis only when it changed; tablet-v2 sends
	// both.
	double tilt_x, tilt_y;
	// The tip went down where the surface's client has no tablet-v2: the
	// tool is the pointer, its left button held, until the tip goes up,
	// wherever it moves meanwhile (the drag a client began stays one).
	bool emulating;
	struct wl_listener destroy;
	struct wl_listener set_cursor;
};

bool gridwl_tablets_tool_focused_by(struct wlr_tablet_v2_tablet_tool *tool,
		struct wlr_seat_client *seat_client) {
	return tool != NULL && tool->focused_surface != NULL &&
			seat_client != NULL &&
			wl_resource_get_client(tool->focused_surface->resource) ==
			seat_client->client;
}

static void handle_tool_set_cursor(struct wl_listener *listener, void *data) {
	struct gridwl_tablet_tool *tool =
			wl_container_of(listener, tool, set_cursor);
	struct wlr_tablet_v2_event_cursor *event = data;
	// As for wl_pointer.set_cursor: only the client the tool is over.
	if (gridwl_tablets_tool_focused_by(tool->tool_v2, event->seat_client)) {
		gridwl_cursor_set_surface(tool->tablets->seat, event->surface,
				event->hotspot_x, event->hotspot_y);
	}
}

static void tool_free(struct gridwl_tablet_tool *tool) {
	wl_list_remove(&tool->destroy.link);
	wl_list_remove(&tool->set_cursor.link);
	wl_list_remove(&tool->link);
	tool->wlr_tool->data = NULL;
	free(tool);
}

static void handle_tool_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_tablet_tool *tool = wl_container_of(listener, tool, destroy);
	// Before wlroots' tablet-v2 tool, which listens after us and frees
	// the signal set_cursor is on.
	tool_free(tool);
}

static struct gridwl_tablet_tool *get_tool(struct gridwl_tablets *tablets,
		struct wlr_tablet_tool *wlr_tool) {
	if (wlr_tool->data != NULL) {
		return wlr_tool->data;
	}
	struct gridwl_tablet_tool *tool = calloc(1, sizeof(*tool));
	if (tool == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a tablet tool");
		return NULL;
	}
	tool->tablets = tablets;
	tool->wlr_tool = wlr_tool;
	// First on the tool's destroy signal, see handle_tool_destroy.
	tool->destroy.notify = handle_tool_destroy;
	wl_signal_add(&wlr_tool->events.destroy, &tool->destroy);
	tool->tool_v2 = wlr_tablet_tool_create(tablets->manager,
			tablets->seat->wlr_seat, wlr_tool);
	if (tool->tool_v2 == NULL) {
		wlr_log(WLR_ERROR, "Cannot make a tablet-v2 tool");
		wl_list_remove(&tool->destroy.link);
		free(tool);
		return NULL;
	}
	tool->set_cursor.notify = handle_tool_set_cursor;
	wl_signal_add(&tool->tool_v2->events.set_cursor, &tool->set_cursor);
	wl_list_insert(&tablets->tools, &tool->link);
	wlr_tool->data = tool;
	return tool;
}

static bool tool_is_relative(struct gridwl_tablet_tool *tool) {
	// A mouse or lens on a tablet is moved like a mouse, as libinput
	// and sway have it.
	return tool->wlr_tool->type == WLR_TABLET_TOOL_TYPE_MOUSE ||
			tool->wlr_tool->type == WLR_TABLET_TOOL_TYPE_LENS;
}

static void pointer_moved(struct gridwl_seat *seat, uint32_t time_msec) {
	gridwl_cursor_moved(seat, time_msec);
	wlr_seat_pointer_notify_frame(seat->wlr_seat);
}

static void pointer_button(struct gridwl_seat *seat, uint32_t time_msec,
		uint32_t button, enum wl_pointer_button_state state) {
	gridwl_cursor_button(seat, time_msec, button, state);
	wlr_seat_pointer_notify_frame(seat->wlr_seat);
}

/* Where the cursor is now, to the surface under it: tablet-v2 for a client
 * that has bound it, the pointer for any other. */
static void tool_send_position(struct gridwl_tablet *tablet,
		struct gridwl_tablet_tool *tool, uint32_t time_msec) {
	struct gridwl_seat *seat = tablet->tablets->seat;
	struct wlr_tablet_v2_tablet_tool *tool_v2 = tool->tool_v2;
	if (tool->emulating) {
		pointer_moved(seat, time_msec);
		return;
	}
	if (wlr_tablet_tool_v2_has_implicit_grab(tool_v2) &&
			tool_v2->focused_surface != NULL) {
		// The surface the tip went down on keeps the tool until it is
		// lifted, as a pointer's implicit grab: its own coordinates,
		// wherever the tool is.
		struct gridwl_view *view =
				gridwl_view_from_surface(tool_v2->focused_surface);
		int lx, ly;
		// Not once the lock hides it: the lock's surfaces are all there
		// is then.
		if (view != NULL && gridwl_view_is_shown(view) &&
				gridwl_view_surface_position(view, tool_v2->focused_surface,
						&lx, &ly)) {
			int n = gridwl_xwayland_surface_scale(seat->server->xwayland,
					tool_v2->focused_surface);
			wlr_tablet_v2_tablet_tool_notify_motion(tool_v2,
					(seat->cursor->x - lx) * n, (seat->cursor->y - ly) * n);
		}
		return;
	}
	double sx, sy;
	struct wlr_surface *surface = NULL;
	struct gridwl_view *view = gridwl_view_at(seat->server, seat->cursor->x,
			seat->cursor->y, &surface, &sx, &sy);
	if (view != NULL &&
			wlr_surface_accepts_tablet_v2(tablet->tablet_v2, surface)) {
		if (tool_v2->focused_surface != surface) {
			wlr_tablet_v2_tablet_tool_notify_proximity_in(tool_v2,
					tablet->tablet_v2, surface);
			// Its image until the client sets one for the tool.
			gridwl_cursor_set_default_image(seat);
		}
		// Xwayland's surface-local positions are X pixels.
		int n = gridwl_xwayland_surface_scale(seat->server->xwayland, surface);
		wlr_tablet_v2_tablet_tool_notify_motion(tool_v2, sx * n, sy * n);
		return;
	}
	wlr_tablet_v2_tablet_tool_notify_proximity_out(tool_v2);
	pointer_moved(seat, time_msec);
}

/* x, y are fractions of the tablet's area (the layout, or the output the
 * device is mapped to); dx, dy logical pixels, for relative tools. Axes
 * other than the position move nothing. */
static void tool_move(struct gridwl_tablet *tablet,
		struct gridwl_tablet_tool *tool, bool change_x, bool change_y, double x,
		double y, double dx, double dy, uint32_t time_msec) {
	if (!change_x && !change_y) {
		return;
	}
	struct gridwl_seat *seat = tablet->tablets->seat;
	struct wlr_input_device *device = &tablet->wlr_tablet->base;
	if (tool_is_relative(tool)) {
		wlr_cursor_move(seat->cursor, device, dx, dy);
	} else {
		wlr_cursor_warp_absolute(seat->cursor, device, change_x ? x : NAN,
				change_y ? y : NAN);
	}
	tool_send_position(tablet, tool, time_msec);
}

/* What every tool event starts with: the user's activity, the tablet and
 * the tool; false when either is unknown (out of memory). */
static bool tool_event(struct gridwl_tablets *tablets,
		struct wlr_tablet *wlr_tablet, struct wlr_tablet_tool *wlr_tool,
		struct gridwl_tablet **tablet, struct gridwl_tablet_tool **tool) {
	gridwl_idle_notify_activity(tablets->seat->server);
	// NULL for a tablet that did not become one of the seat's.
	*tablet = wlr_tablet->base.data;
	*tool = *tablet != NULL ? get_tool(tablets, wlr_tool) : NULL;
	return *tool != NULL;
}

static void handle_tool_proximity(struct wl_listener *listener, void *data) {
	struct gridwl_tablets *tablets =
			wl_container_of(listener, tablets, tool_proximity);
	struct wlr_tablet_tool_proximity_event *event = data;
	struct gridwl_tablet *tablet;
	struct gridwl_tablet_tool *tool;
	if (!tool_event(tablets, event->tablet, event->tool, &tablet, &tool)) {
		return;
	}
	if (event->state == WLR_TABLET_TOOL_PROXIMITY_OUT) {
		wlr_tablet_v2_tablet_tool_notify_proximity_out(tool->tool_v2);
		return;
	}
	tool->tablet = tablet;
	if (tool_is_relative(tool)) {
		// Where the cursor is: a mouse on a tablet does not jump.
		tool_send_position(tablet, tool, event->time_msec);
	} else {
		tool_move(tablet, tool, true, true, event->x, event->y, 0, 0,
				event->time_msec);
	}
}

static void handle_tool_axis(struct wl_listener *listener, void *data) {
	struct gridwl_tablets *tablets =
			wl_container_of(listener, tablets, tool_axis);
	struct wlr_tablet_tool_axis_event *event = data;
	struct gridwl_tablet *tablet;
	struct gridwl_tablet_tool *tool;
	if (!tool_event(tablets, event->tablet, event->tool, &tablet, &tool)) {
		return;
	}
	uint32_t axes = event->updated_axes;
	tool_move(tablet, tool, axes & WLR_TABLET_TOOL_AXIS_X,
			axes & WLR_TABLET_TOOL_AXIS_Y, event->x, event->y, event->dx,
			event->dy, event->time_msec);
	// Sent only to the surface the tool is over (wlroots drops them while
	// it is over none): a pointer has no pressure or tilt.
	struct wlr_tablet_v2_tablet_tool *tool_v2 = tool->tool_v2;
	if (axes & WLR_TABLET_TOOL_AXIS_PRESSURE) {
		wlr_tablet_v2_tablet_tool_notify_pressure(tool_v2, event->pressure);
	}
	if (axes & WLR_TABLET_TOOL_AXIS_DISTANCE) {
		wlr_tablet_v2_tablet_tool_notify_distance(tool_v2, event->distance);
	}
	if (axes & WLR_TABLET_TOOL_AXIS_TILT_X) {
		tool->tilt_x = event->tilt_x;
	}
	if (axes & WLR_TABLET_TOOL_AXIS_TILT_Y) {
		tool->tilt_y = event->tilt_y;
	}
	if (axes & (WLR_TABLET_TOOL_AXIS_TILT_X | WLR_TABLET_TOOL_AXIS_TILT_Y)) {
		wlr_tablet_v2_tablet_tool_notify_tilt(tool_v2, tool->tilt_x,
				tool->tilt_y);
	}
	if (axes & WLR_TABLET_TOOL_AXIS_ROTATION) {
		wlr_tablet_v2_tablet_tool_notify_rotation(tool_v2, event->rotation);
	}
	if (axes & WLR_TABLET_TOOL_AXIS_SLIDER) {
		wlr_tablet_v2_tablet_tool_notify_slider(tool_v2, event->slider);
	}
	if (axes & WLR_TABLET_TOOL_AXIS_WHEEL) {
		wlr_tablet_v2_tablet_tool_notify_wheel(tool_v2, event->wheel_delta, 0);
	}
}

static void handle_tool_tip(struct wl_listener *listener, void *data) {
	struct gridwl_tablets *tablets =
			wl_container_of(listener, tablets, tool_tip);
	struct wlr_tablet_tool_tip_event *event = data;
	struct gridwl_tablet *tablet;
	struct gridwl_tablet_tool *tool;
	if (!tool_event(tablets, event->tablet, event->tool, &tablet, &tool)) {
		return;
	}
	struct gridwl_seat *seat = tablets->seat;
	struct wlr_tablet_v2_tablet_tool *tool_v2 = tool->tool_v2;
	if (event->state == WLR_TABLET_TOOL_TIP_UP) {
		if (tool->emulating) {
			tool->emulating = false;
			pointer_button(seat, event->time_msec, BTN_LEFT,
					WL_POINTER_BUTTON_STATE_RELEASED);
		} else {
			wlr_tablet_v2_tablet_tool_notify_up(tool_v2);
		}
		return;
	}
	if (tool_v2->focused_surface == NULL) {
		// A click, with its focus and Alt-drags.
		tool->emulating = true;
		pointer_button(seat, event->time_msec, BTN_LEFT,
				WL_POINTER_BUTTON_STATE_PRESSED);
		return;
	}
	// Click-to-focus, as for a pointer.
	struct gridwl_view *view =
			gridwl_view_from_surface(tool_v2->focused_surface);
	if (view != NULL) {
		gridwl_view_focus(view);
	}
	wlr_tablet_v2_tablet_tool_notify_down(tool_v2);
	wlr_tablet_tool_v2_start_implicit_grab(tool_v2);
}

/* A stylus button off tablet-v2 is the pointer button sway makes it. */
static uint32_t emulated_button(uint32_t button) {
	switch (button) {
	case BTN_STYLUS:
		return BTN_RIGHT;
	case BTN_STYLUS2:
		return BTN_MIDDLE;
	case BTN_STYLUS3:
		return BTN_SIDE;
	default:
		return button;
	}
}

static void handle_tool_button(struct wl_listener *listener, void *data) {
	struct gridwl_tablets *tablets =
			wl_container_of(listener, tablets, tool_button);
	struct wlr_tablet_tool_button_event *event = data;
	struct gridwl_tablet *tablet;
	struct gridwl_tablet_tool *tool;
	if (!tool_event(tablets, event->tablet, event->tool, &tablet, &tool)) {
		return;
	}
	bool pressed = event->state == WLR_BUTTON_PRESSED;
	if (tool->tool_v2->focused_surface == NULL || tool->emulating) {
		pointer_button(tablets->seat, event->time_msec,
				emulated_button(event->button),
				pressed ? WL_POINTER_BUTTON_STATE_PRESSED :
						  WL_POINTER_BUTTON_STATE_RELEASED);
		return;
	}
	wlr_tablet_v2_tablet_tool_notify_button(tool->tool_v2, event->button,
			pressed ? ZWP_TABLET_PAD_V2_BUTTON_STATE_PRESSED :
					  ZWP_TABLET_PAD_V2_BUTTON_STATE_RELEASED);
	if (pressed) {
		wlr_tablet_tool_v2_start_implicit_grab(tool->tool_v2);
	}
}

static void tablet_free(struct gridwl_tablet *tablet) {
	tablet->wlr_tablet->base.data = NULL;
	wl_list_remove(&tablet->destroy.link);
	wl_list_remove(&tablet->link);
	free(tablet);
}

static void handle_tablet_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_tablet *tablet = wl_container_of(listener, tablet, destroy);
	// wlroots' tablet-v2 tablet goes with the device by itself.
	struct gridwl_tablets *tablets = tablet->tablets;
	struct gridwl_tablet_tool *tool;
	wl_list_for_each(tool, &tablets->tools, link) {
		if (tool->tablet == tablet) {
			tool->tablet = NULL;
		}
	}
	gridwl_tablet_pads_tablet_removed(tablets, tablet);
	tablet_free(tablet);
}

void gridwl_tablets_add_tablet(struct gridwl_tablets *tablets,
		struct wlr_input_device *device) {
	struct gridwl_tablet *tablet =
			gridwl_input_device_state_alloc(sizeof(*tablet), "tablet", device);
	if (tablet == NULL) {
		return;
	}
	tablet->tablets = tablets;
	tablet->wlr_tablet = wlr_tablet_from_input_device(device);
	tablet->tablet_v2 = wlr_tablet_create(tablets->manager,
			tablets->seat->wlr_seat, device);
	if (tablet->tablet_v2 == NULL) {
		wlr_log(WLR_ERROR, "Cannot make tablet %s a tablet-v2 tablet",
				device->name);
		free(tablet);
		return;
	}
	tablet->destroy.notify = handle_tablet_destroy;
	wl_signal_add(&device->events.destroy, &tablet->destroy);
	wl_list_insert(&tablets->tablets, &tablet->link);
	device->data = tablet;
	gridwl_tablet_pads_tablet_added(tablets, tablet);
}

struct gridwl_tablet *gridwl_tablet_of_tool(struct wlr_tablet_tool *wlr_tool) {
	struct gridwl_tablet_tool *tool = wlr_tool->data;
	return tool != NULL ? tool->tablet : NULL;
}

struct gridwl_tablets *gridwl_tablets_create(struct gridwl_seat *seat) {
	struct gridwl_tablets *tablets = calloc(1, sizeof(*tablets));
	if (tablets == NULL) {
		return NULL;
	}
	tablets->seat = seat;
	tablets->manager = wlr_tablet_v2_create(seat->server->display);
	if (tablets->manager == NULL) {
		free(tablets);
		return NULL;
	}
	wl_list_init(&tablets->tablets);
	wl_list_init(&tablets->tools);
	struct wlr_cursor *cursor = seat->cursor;
	tablets->tool_axis.notify = handle_tool_axis;
	wl_signal_add(&cursor->events.tablet_tool_axis, &tablets->tool_axis);
	tablets->tool_proximity.notify = handle_tool_proximity;
	wl_signal_add(&cursor->events.tablet_tool_proximity,
			&tablets->tool_proximity);
	tablets->tool_tip.notify = handle_tool_tip;
	wl_signal_add(&cursor->events.tablet_tool_tip, &tablets->tool_tip);
	tablets->tool_button.notify = handle_tool_button;
	wl_signal_add(&cursor->events.tablet_tool_button, &tablets->tool_button);
	gridwl_tablet_pads_init(tablets);
	return tablets;
}

void gridwl_tablets_destroy(struct gridwl_tablets *tablets) {
	if (tablets == NULL) {
		return;
	}
	// Before the cursor and the seat whose signals these are; devices
	// the backend still has keep their tablet-v2 side until they go.
	wl_list_remove(&tablets->tool_axis.link);
	wl_list_remove(&tablets->tool_proximity.link);
	wl_list_remove(&tablets->tool_tip.link);
	wl_list_remove(&tablets->tool_button.link);
	// The pads first: they point at their tablets.
	gridwl_tablet_pads_finish(tablets);
	struct gridwl_tablet *tablet, *tablet_tmp;
	wl_list_for_each_safe(tablet, tablet_tmp, &tablets->tablets, link) {
		tablet_free(tablet);
	}
	struct gridwl_tablet_tool *tool, *tool_tmp;
	wl_list_for_each_safe(tool, tool_tmp, &tablets->tools, link) {
		tool_free(tool);
	}
	free(tablets);
}
