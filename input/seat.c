#include <stdlib.h>
#include <wlr/backend.h>
#include <wlr/backend/wayland.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_primary_selection.h>
#include <wlr/types/wlr_relative_pointer_v1.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/types/wlr_xcursor_manager.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/shell/session_lock.h"
#include "compositor/view/view.h"
#include "input/cursor.h"
#include "input/input_device.h"
#include "input/input_method.h"
#include "input/keyboard_move.h"
#include "input/pointer_constraints.h"
#include "input/seat.h"
#include "input/switch.h"
#include "input/tablet.h"
#include "input/touch.h"
#include "input/transient_seat.h"

void gridwl_seat_update_capabilities(struct gridwl_seat *seat) {
	uint32_t caps = 0;
	if (!wl_list_empty(&seat->keyboards)) {
		caps |= WL_SEAT_CAPABILITY_KEYBOARD;
	}
	if (seat->pointer_count > 0) {
		caps |= WL_SEAT_CAPABILITY_POINTER;
	}
	if (seat->touch_count > 0) {
		caps |= WL_SEAT_CAPABILITY_TOUCH;
	}
	wlr_seat_set_capabilities(seat->wlr_seat, caps);
}

/* A device wlr_cursor reads: a pointer, a tablet tool or a touch screen. */
struct gridwl_pointer {
	struct gridwl_seat *seat;
	struct wlr_input_device *device;
	struct wl_listener destroy;
};

static void pointer_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_pointer *pointer =
			wl_container_of(listener, pointer, destroy);
	struct gridwl_seat *seat = pointer->seat;
	wlr_cursor_detach_input_device(seat->cursor, pointer->device);
	wl_list_remove(&pointer->destroy.link);
	bool touch = pointer->device->type == WLR_INPUT_DEVICE_TOUCH;
	free(pointer);
	if (touch) {
		seat->touch_count--;
		gridwl_seat_update_capabilities(seat);
		return;
	}
	seat->pointer_count--;
	gridwl_seat_update_capabilities(seat);
	if (seat->pointer_count == 0) {
		// No pointing device, nothing to point with: hide the cursor.
		gridwl_cursor_hide(seat);
	}
}

static void add_pointer(struct gridwl_seat *seat,
		struct wlr_input_device *device) {
	struct gridwl_pointer *pointer =
			gridwl_input_device_state_alloc(sizeof(*pointer), "pointer",
					device);
	if (pointer == NULL) {
		return;
	}
	pointer->seat = seat;
	pointer->device = device;
	pointer->destroy.notify = pointer_handle_destroy;
	wl_signal_add(&device->events.destroy, &pointer->destroy);
	wlr_cursor_attach_input_device(seat->cursor, device);
	// Mapped to the output map_to_output names; nested, each parent
	// window is an output with a pointer (and touch) device of its own,
	// whose absolute positions span that window only.
	gridwl_input_device_add(seat, device, false);
	if (device->type == WLR_INPUT_DEVICE_TOUCH) {
		seat->touch_count++;
		return;
	}
	bool first = seat->pointer_count++ == 0;
	if (wlr_input_device_is_wl(device)) {
		// Nested, the parent's pointer is over none of gridwl's windows
		// until it enters one: a cursor drawn into the frame before that
		// would be a second cursor where the parent's is not.
		seat->pointer_parked = seat->pointer_parked || first;
	} else if (seat->pointer_parked &&
			!gridwl_control_pointer_is(seat, device)) {
		// Another pointer arrives (a virtual one, or a mouse): from
		// now on the seat's pointer is where it is, as with no parking.
		seat->pointer_parked = false;
		first = true;
	}
	if (first) {
		gridwl_cursor_set_default_image(seat);
	}
}

void gridwl_seat_add_input(struct gridwl_seat *seat,
		struct wlr_input_device *device, struct wlr_input_device *tablet) {
	switch (device->type) {
	case WLR_INPUT_DEVICE_KEYBOARD:
		gridwl_keyboard_create(seat, wlr_keyboard_from_input_device(device));
		break;
	case WLR_INPUT_DEVICE_POINTER:
	case WLR_INPUT_DEVICE_TOUCH:
		// All go through wlr_cursor, which maps them onto the layout.
		add_pointer(seat, device);
		break;
	case WLR_INPUT_DEVICE_TABLET:
		// Its tools' events come through wlr_cursor too, which maps the
		// tablet onto the layout; tablet-v2 makes it a device of the seat
		// for clients.
		add_pointer(seat, device);
		gridwl_tablets_add_tablet(seat->tablets, device);
		break;
	case WLR_INPUT_DEVICE_TABLET_PAD:
		gridwl_tablets_add_pad(seat->tablets, device, tablet);
		gridwl_input_device_add(seat, device, false);
		break;
	case WLR_INPUT_DEVICE_SWITCH:
		gridwl_switch_add(seat, device);
		break;
	}
	gridwl_seat_update_capabilities(seat);
}

static void seat_handle_new_input(struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat = wl_container_of(listener, seat, new_input);
	gridwl_seat_add_input(seat, data, NULL);
}

static void seat_handle_request_set_selection(struct wl_listener *listener,
		void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, request_set_selection);
	struct wlr_seat_request_set_selection_event *event = data;
	wlr_seat_set_selection(seat->wlr_seat, event->source, event->serial);
}

static void seat_handle_request_set_primary_selection(
		struct wl_listener *listener, void *data) {
	struct gridwl_seat *seat =
			wl_container_of(listener, seat, request_set_primary_selection);
	struct wlr_seat_request_set_primary_selection_event *event = data;
	wlr_seat_set_primary_selection(seat->wlr_seat, event->source,
			event->serial);
}

/* The config's cursor line wins, then XCURSOR_THEME and XCURSOR_SIZE, as
 * clients read them too; then wlroots' default theme at size 24. */
static struct wlr_xcursor_manager *create_xcursor_manager(
		const struct gridwl_config *config) {
	const char *theme = config->cursor_theme;
	int size = config->cursor_size;
	if (theme == NULL) {
		theme = getenv("XCURSOR_THEME");
		const char *size_env = getenv("XCURSOR_SIZE");
		size = size_env != NULL ? atoi(size_env) : 0;
	}
	if (size <= 0 || size > GRIDWL_CURSOR_SIZE_MAX) {
		size = 24;
	}
	return wlr_xcursor_manager_create(theme, size);
}

void gridwl_seat_apply_cursor_config(struct gridwl_seat *seat) {
	struct wlr_xcursor_manager *manager =
			create_xcursor_manager(seat->server->config);
	if (manager == NULL) {
		wlr_log(WLR_ERROR, "Cannot load the cursor theme; keeping the old");
		return;
	}
	struct wlr_xcursor_manager *old = seat->xcursor_manager;
	seat->xcursor_manager = manager;
	struct gridwl_output *output;
	wl_list_for_each(output, &seat->server->outputs, link) {
		gridwl_seat_output_configured(seat, output);
	}
	gridwl_transient_seats_theme_changed(seat->transient_seats);
	// Over a surface the image stays as it was until the surface sets its
	// own or the pointer leaves it, and wlr_cursor reads it from the old
	// theme again whenever an output's scale changes meanwhile.
	if (seat->cursor_theme_shown == old) {
		seat->retired_xcursor_manager = old;
	} else {
		wlr_xcursor_manager_destroy(old);
	}
}

struct gridwl_seat *gridwl_seat_create(struct gridwl_server *server) {
	struct gridwl_seat *seat = calloc(1, sizeof(*seat));
	if (seat == NULL) {
		return NULL;
	}
	seat->server = server;
	wl_list_init(&seat->keyboards);
	wl_list_init(&seat->devices);
	seat->wlr_seat = wlr_seat_create(server->display, "seat0");
	seat->cursor = wlr_cursor_create();
	if (seat->wlr_seat == NULL || seat->cursor == NULL) {
		gridwl_seat_destroy(seat);
		return NULL;
	}
	wlr_cursor_attach_output_layout(seat->cursor, server->output_layout);

	seat->xcursor_manager = create_xcursor_manager(server->config);

	seat->new_input.notify = seat_handle_new_input;
	wl_signal_add(&server->backend->events.new_input, &seat->new_input);
	seat->request_set_selection.notify = seat_handle_request_set_selection;
	wl_signal_add(&seat->wlr_seat->events.request_set_selection,
			&seat->request_set_selection);
	seat->request_set_primary_selection.notify =
			seat_handle_request_set_primary_selection;
	wl_signal_add(&seat->wlr_seat->events.request_set_primary_selection,
			&seat->request_set_primary_selection);
	gridwl_cursor_init(seat);
	gridwl_touch_init(seat);
	seat->virtual_pointers = gridwl_virtual_pointer_manager_create(seat);
	seat->virtual_keyboards = gridwl_virtual_keyboard_manager_create(seat);
	seat->shortcuts_inhibit = gridwl_shortcuts_inhibit_create(seat);
	seat->cursor_shape = gridwl_cursor_shape_create(seat);
	bool gestures = gridwl_gestures_init(seat);
	seat->input_method_relay = gridwl_input_method_relay_create(seat);
	seat->relative_pointers =
			wlr_relative_pointer_manager_v1_create(server->display);
	seat->pointer_constraints = gridwl_pointer_constraints_create(seat);
	seat->tablets = gridwl_tablets_create(seat);
	seat->transient_seats = gridwl_transient_seats_create(seat);
	if (seat->virtual_pointers == NULL || seat->virtual_keyboards == NULL ||
			seat->shortcuts_inhibit == NULL || seat->cursor_shape == NULL ||
			!gestures || seat->input_method_relay == NULL ||
			seat->relative_pointers == NULL ||
			seat->pointer_constraints == NULL || seat->tablets == NULL ||
			seat->transient_seats == NULL) {
		gridwl_seat_destroy(seat);
		return NULL;
	}
	return seat;
}

void gridwl_seat_destroy(struct gridwl_seat *seat) {
	if (seat == NULL) {
		return;
	}
	if (seat->pointer_rebase_idle != NULL) {
		wl_event_source_remove(seat->pointer_rebase_idle);
	}
	if (seat->cursor_theme_idle != NULL) {
		wl_event_source_remove(seat->cursor_theme_idle);
	}
	// Before the cursor, which its destroy listener detaches it from.
	gridwl_control_pointer_destroy(seat);
	gridwl_control_keyboard_destroy(seat);
	gridwl_control_touch_destroy(seat);
	gridwl_control_pad_destroy(seat);
	gridwl_control_switch_destroy(seat);
	gridwl_control_tablet_destroy(seat);
	gridwl_manager_listener_destroy(seat->virtual_pointers);
	gridwl_manager_listener_destroy(seat->virtual_keyboards);
	gridwl_shortcuts_inhibit_destroy(seat->shortcuts_inhibit);
	gridwl_manager_listener_destroy(seat->cursor_shape);
	gridwl_gestures_finish(seat);
	gridwl_input_method_relay_destroy(seat->input_method_relay);
	gridwl_pointer_constraints_destroy(seat->pointer_constraints);
	gridwl_tablets_destroy(seat->tablets);
	gridwl_transient_seats_destroy(seat->transient_seats);
	// Its window is going too: nothing to give back.
	free(seat->keyboard_move);
	if (seat->xcursor_manager != NULL) {
		gridwl_cursor_finish(seat);
		gridwl_touch_finish(seat);
		wl_list_remove(&seat->new_input.link);
		wl_list_remove(&seat->request_set_selection.link);
		wl_list_remove(&seat->request_set_primary_selection.link);
	}
	gridwl_keyboard_destroy_all(seat);
	gridwl_input_devices_finish(seat);
	if (seat->cursor != NULL) {
		wlr_cursor_destroy(seat->cursor);
	}
	// After the cursor, which reads the theme it shows until it goes.
	wlr_xcursor_manager_destroy(seat->retired_xcursor_manager);
	wlr_xcursor_manager_destroy(seat->xcursor_manager);
	// The wlr_seat goes with the display.
	free(seat);
}

void gridwl_seat_add_control_devices(struct gridwl_seat *seat) {
	seat->pointer_parked = true;
	if (!gridwl_control_pointer_ensure(seat)) {
		wlr_log(WLR_ERROR, "Cannot make gridctl's pointer");
	}
	// Its keymap is compiled after the socket, when first needed.
	seat->keyboard_first_use = gridwl_keyboard_first_use_create(seat);
	if (seat->keyboard_first_use == NULL &&
			!gridwl_control_keyboard_ensure(seat)) {
		wlr_log(WLR_ERROR, "Cannot make gridctl's keyboard");
	}
}

void gridwl_seat_output_placed(struct gridwl_seat *seat,
		struct gridwl_output *output) {
	if (seat->pointer_placed) {
		// The layout's change event has put every output's cursor in
		// place (and wlroots places a new output's when it makes it).
		return;
	}
	seat->pointer_placed = true;
	struct wlr_box box = gridwl_output_logical_box(output);
	wlr_cursor_warp(seat->cursor, NULL, box.x + box.width / 2.0,
			box.y + box.height / 2.0);
}

void gridwl_seat_layout_changed(struct gridwl_seat *seat) {
	// wlr_cursor maps a device to an output it is told of, and keeps a
	// mapping to an output that has gone.
	gridwl_input_devices_map(seat, NULL);
	gridwl_transient_seats_layout_changed(seat->transient_seats);
	if (!seat->pointer_placed) {
		return;
	}
	// wlroots places each output's cursor only when the pointer moves (or
	// the output enters the layout): an output moved or rescaled since
	// would show its cursor where it was, however far the pointer is.
	wlr_cursor_warp(seat->cursor, NULL, seat->cursor->x, seat->cursor->y);
}

void gridwl_seat_output_configured(struct gridwl_seat *seat,
		struct gridwl_output *output) {
	// wlr_cursor draws the output's cursor from the theme's image for its
	// scale, which gridwl_cursor_set_theme_image has loaded.
	if (seat->wlr_seat->pointer_state.focused_surface == NULL) {
		gridwl_cursor_set_default_image(seat);
	}
}

/* Direct skips the seat's keyboard grab: an xdg popup grab swallows every
 * enter (focus stays on the popup), and a popup is what it is for. */
static void keyboard_enter(struct gridwl_seat *seat,
		struct wlr_surface *surface, bool direct) {
	// Every path to the keyboard comes here: while the session is locked
	// none leads anywhere but to the lock.
	if (!gridwl_session_lock_allows_focus(seat->server, surface)) {
		return;
	}
	struct wlr_keyboard *keyboard = wlr_seat_get_keyboard(seat->wlr_seat);
	uint32_t keycodes[WLR_KEYBOARD_KEYS_CAP];
	size_t count = 0;
	struct wlr_keyboard_modifiers *modifiers = NULL;
	if (keyboard != NULL) {
		count = gridwl_keyboard_client_keys(seat, keyboard, keycodes);
		modifiers = &keyboard->modifiers;
	}
	if (direct) {
		wlr_seat_keyboard_enter(seat->wlr_seat, surface,
				count > 0 ? keycodes : NULL, count, modifiers);
	} else {
		wlr_seat_keyboard_notify_enter(seat->wlr_seat, surface,
				count > 0 ? keycodes : NULL, count, modifiers);
	}
}

void gridwl_seat_focus_surface(struct gridwl_seat *seat,
		struct wlr_surface *surface) {
	keyboard_enter(seat, surface, false);
}

void gridwl_seat_focus_popup(struct gridwl_seat *seat,
		struct wlr_surface *surface) {
	keyboard_enter(seat, surface, true);
}

void gridwl_seat_view_unmapped(struct gridwl_seat *seat,
		struct gridwl_view *view) {
	if (seat->grab_view == view) {
		seat->grab_mode = GRIDWL_GRAB_NONE;
		seat->grab_view = NULL;
		gridwl_view_snap_drag_end(seat->server, NULL);
	}
	gridwl_keyboard_move_view_unmapped(seat, view);
	gridwl_transient_seats_view_unmapped(seat->transient_seats, view);
	// The focus may be on the window itself or on one of its popups.
	struct wlr_surface *focused =
			seat->wlr_seat->keyboard_state.focused_surface;
	if (focused == NULL || gridwl_view_from_surface(focused) != view) {
		return;
	}
	// Focus falls to the next window down, as on every stacking desktop.
	wlr_seat_keyboard_notify_clear_focus(seat->wlr_seat);
	struct gridwl_view *next;
	wl_list_for_each(next, &seat->server->views, link) {
		if (next != view && gridwl_view_is_shown(next) &&
				gridwl_view_is_window(next)) {
			gridwl_view_focus(next);
			break;
		}
	}
}
