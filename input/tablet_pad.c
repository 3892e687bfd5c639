#include <libinput.h>
#include <stdlib.h>
#include <wlr/backend/libinput.h>
#include <wlr/backend/wayland.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_tablet_pad.h>
#include <wlr/types/wlr_tablet_tool.h>
#include <wlr/types/wlr_tablet_v2.h>
#include <wlr/util/log.h>
#include "compositor/services/idle.h"
#include "compositor/server.h"
#include "compositor/util.h"
#include "input/input_device.h"
#include "input/seat.h"
#include "input/tablet.h"
#include "input/tablet_internal.h"
#include "wlr_compat/wlr_compat.h"

/*
 * Tablet pads: the buttons, rings and strips beside a drawing tablet's
 * area. They have no position, so they follow the keyboard, as on sway and
 * GNOME: their buttons are shortcuts of the window one works in. A pad
 * enters a surface only together with the tablet it is part of, which the
 * surface's client must know.
 */

struct gridwl_tablet_pad {
	struct gridwl_tablets *tablets;
	struct wlr_tablet_pad *wlr_pad;
	struct wlr_tablet_v2_tablet_pad *pad_v2;
	// The tablet it is part of; NULL until known, or once it is gone.
	struct gridwl_tablet *tablet;
	// The surface it has entered; NULL for none. wlroots keeps sending
	// to the client it last entered, left or not, so events go only
	// while this is set.
	struct wlr_surface *focused_surface;
	// Each group's mode, by libinput's last event. wlroots keeps it
	// only from events it sends, and sends its own on enter.
	uint32_t *modes; // [pad_v2->group_count]
	struct wl_list link; // gridwl_tablets.pads
	struct gridwl_listeners listeners; // on the device and wlr_pad
	struct wl_listener destroy;
	struct wl_listener button;
	struct wl_listener ring;
	struct wl_listener strip;
	struct wl_listener attach_tablet;
	struct wl_listener surface_destroy;
};

static void pad_set_focus(struct gridwl_tablet_pad *pad,
		struct wlr_surface *surface) {
	if (surface != NULL &&
			(pad->tablet == NULL ||
					!wlr_surface_accepts_tablet_v2(pad->tablet->tablet_v2,
							surface))) {
		surface = NULL;
	}
	if (surface == pad->focused_surface) {
		return;
	}
	if (pad->focused_surface != NULL) {
		wlr_tablet_v2_tablet_pad_notify_leave(pad->pad_v2,
				pad->focused_surface);
		wl_list_remove(&pad->surface_destroy.link);
		wl_list_init(&pad->surface_destroy.link);
		pad->focused_surface = NULL;
	}
	// No serial: the client has no zwp_tablet_pad_v2 (it destroyed it).
	if (surface == NULL ||
			wlr_tablet_v2_tablet_pad_notify_enter(pad->pad_v2,
					pad->tablet->tablet_v2, surface) == 0) {
		return;
	}
	pad->focused_surface = surface;
	wl_signal_add(&surface->events.destroy, &pad->surface_destroy);
	// The mode switched while no client had the pad: wlroots says it
	// now, after the one it remembers.
	uint32_t now = gridwl_now_msec();
	for (size_t group = 0; group < pad->pad_v2->group_count; group++) {
		wlr_tablet_v2_tablet_pad_notify_mode(pad->pad_v2, group,
				pad->modes[group], now);
	}
}

static void handle_surface_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_tablet_pad *pad =
			wl_container_of(listener, pad, surface_destroy);
	pad_set_focus(pad, NULL);
}

/* A new tablet enters the surface with the keyboard anew, as the pad of
 * that tablet. */
static void pad_attach(struct gridwl_tablet_pad *pad,
		struct gridwl_tablet *tablet) {
	if (pad->tablet == tablet) {
		return;
	}
	if (tablet != NULL) {
		wlr_log(WLR_DEBUG, "Tablet pad %s is part of tablet %s",
				pad->wlr_pad->base.name, tablet->wlr_tablet->base.name);
	}
	pad_set_focus(pad, NULL);
	pad->tablet = tablet;
	pad_set_focus(pad,
			pad->tablets->seat->wlr_seat->keyboard_state.focused_surface);
}

/* Whether pad and tablet are one device to the user: libinput's device
 * group says so; nested, both are the parent seat's (whose pad's enter,
 * attach_tablet, says so again). */
static bool one_device(struct wlr_input_device *pad,
		struct wlr_input_device *tablet) {
	if (wlr_input_device_is_libinput(pad) &&
			wlr_input_device_is_libinput(tablet)) {
		return libinput_device_get_device_group(
					   wlr_libinput_get_device_handle(pad)) ==
				libinput_device_get_device_group(
						wlr_libinput_get_device_handle(tablet));
	}
	return wlr_input_device_is_wl(pad) && wlr_input_device_is_wl(tablet);
}

void gridwl_tablet_pads_tablet_added(struct gridwl_tablets *tablets,
		struct gridwl_tablet *tablet) {
	struct gridwl_tablet_pad *pad;
	wl_list_for_each(pad, &tablets->pads, link) {
		if (pad->tablet == NULL &&
				one_device(&pad->wlr_pad->base, &tablet->wlr_tablet->base)) {
			pad_attach(pad, tablet);
		}
	}
}

void gridwl_tablet_pads_tablet_removed(struct gridwl_tablets *tablets,
		struct gridwl_tablet *tablet) {
	struct gridwl_tablet_pad *pad;
	wl_list_for_each(pad, &tablets->pads, link) {
		if (pad->tablet == tablet) {
			pad_attach(pad, NULL);
		}
	}
}

static void handle_attach_tablet(struct wl_listener *listener, void *data) {
	struct gridwl_tablet_pad *pad =
			wl_container_of(listener, pad, attach_tablet);
	struct wlr_tablet_tool *wlr_tool = data;
	// A tool not yet in proximity of any tablet says nothing.
	struct gridwl_tablet *tablet = gridwl_tablet_of_tool(wlr_tool);
	if (tablet != NULL) {
		pad_attach(pad, tablet);
	}
}

static void handle_keyboard_focus_change(struct wl_listener *listener,
		void *data) {
	struct gridwl_tablets *tablets =
			wl_container_of(listener, tablets, keyboard_focus_change);
	struct wlr_seat_keyboard_focus_change_event *event = data;
	struct gridwl_tablet_pad *pad;
	wl_list_for_each(pad, &tablets->pads, link) {
		pad_set_focus(pad, event->new_surface);
	}
}

static void handle_button(struct wl_listener *listener, void *data) {
	struct gridwl_tablet_pad *pad = wl_container_of(listener, pad, button);
	struct wlr_tablet_pad_button_event *event = data;
	gridwl_idle_notify_activity(pad->tablets->seat->server);
	// libinput gives the mode with every button; a mode-switching
	// button's press has the new one.
	bool known_group = event->group < pad->pad_v2->group_count;
	if (known_group) {
		pad->modes[event->group] = event->mode;
	}
	if (pad->focused_surface == NULL) {
		return;
	}
	if (known_group) {
		// Sent by wlroots when it changed.
		wlr_tablet_v2_tablet_pad_notify_mode(pad->pad_v2, event->group,
				event->mode, event->time_msec);
	}
	wlr_tablet_v2_tablet_pad_notify_button(pad->pad_v2, event->button,
			event->time_msec,
			event->state == WLR_BUTTON_PRESSED ?
					ZWP_TABLET_PAD_V2_BUTTON_STATE_PRESSED :
					ZWP_TABLET_PAD_V2_BUTTON_STATE_RELEASED);
}

static void handle_ring(struct wl_listener *listener, void *data) {
	struct gridwl_tablet_pad *pad = wl_container_of(listener, pad, ring);
	struct wlr_tablet_pad_ring_event *event = data;
	gridwl_idle_notify_activity(pad->tablets->seat->server);
	// wlroots indexes the client's rings by the number unchecked.
	if (pad->focused_surface == NULL ||
			event->ring >= pad->wlr_pad->ring_count) {
		return;
	}
	// A position of -1 is the finger lifted: wlroots sends stop.
	wlr_tablet_v2_tablet_pad_notify_ring(pad->pad_v2, event->ring,
			event->position, event->source == WLR_TABLET_PAD_RING_SOURCE_FINGER,
			event->time_msec);
}

static void handle_strip(struct wl_listener *listener, void *data) {
	struct gridwl_tablet_pad *pad = wl_container_of(listener, pad, strip);
	struct wlr_tablet_pad_strip_event *event = data;
	gridwl_idle_notify_activity(pad->tablets->seat->server);
	if (pad->focused_surface == NULL ||
			event->strip >= pad->wlr_pad->strip_count) {
		return;
	}
	wlr_tablet_v2_tablet_pad_notify_strip(pad->pad_v2, event->strip,
			event->position,
			event->source == WLR_TABLET_PAD_STRIP_SOURCE_FINGER,
			event->time_msec);
}

static void pad_free(struct gridwl_tablet_pad *pad) {
	gridwl_listeners_remove(&pad->listeners);
	wl_list_remove(&pad->surface_destroy.link);
	wl_list_remove(&pad->link);
	free(pad->modes);
	free(pad);
}

static void handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_tablet_pad *pad = wl_container_of(listener, pad, destroy);
	// wlroots' tablet-v2 pad, which listened first, has sent removed to
	// every client and is gone: no leave.
	pad_free(pad);
}

void gridwl_tablets_add_pad(struct gridwl_tablets *tablets,
		struct wlr_input_device *device, struct wlr_input_device *tablet) {
	struct gridwl_tablet_pad *pad =
			gridwl_input_device_state_alloc(sizeof(*pad), "tablet pad", device);
	if (pad == NULL) {
		return;
	}
	pad->tablets = tablets;
	pad->wlr_pad = wlr_tablet_pad_from_input_device(device);
	pad->pad_v2 = wlr_tablet_pad_create(tablets->manager,
			tablets->seat->wlr_seat, device);
	if (pad->pad_v2 == NULL) {
		wlr_log(WLR_ERROR, "Cannot make tablet pad %s a tablet-v2 pad",
				device->name);
		free(pad);
		return;
	}
	gridwl_compat_tablet_pad_v2_created(pad->pad_v2);
	// With one more, so that a pad without groups is no special case.
	pad->modes = calloc(pad->pad_v2->group_count + 1, sizeof(*pad->modes));
	if (pad->modes == NULL) {
		// wlroots' side stays, with no events, until the device goes.
		wlr_log(WLR_ERROR, "Out of memory for tablet pad %s", device->name);
		free(pad);
		return;
	}
	struct gridwl_listeners *listeners = &pad->listeners;
	// After wlroots' own, which sends removed.
	gridwl_listeners_add(listeners, &device->events.destroy, &pad->destroy,
			handle_destroy);
	gridwl_listeners_add(listeners, &pad->wlr_pad->events.button, &pad->button,
			handle_button);
	gridwl_listeners_add(listeners, &pad->wlr_pad->events.ring, &pad->ring,
			handle_ring);
	gridwl_listeners_add(listeners, &pad->wlr_pad->events.strip, &pad->strip,
			handle_strip);
	gridwl_listeners_add(listeners, &pad->wlr_pad->events.attach_tablet,
			&pad->attach_tablet, handle_attach_tablet);
	pad->surface_destroy.notify = handle_surface_destroy;
	wl_list_init(&pad->surface_destroy.link);
	wl_list_insert(&tablets->pads, &pad->link);
	struct gridwl_tablet *own = NULL, *other;
	wl_list_for_each(other, &tablets->tablets, link) {
		struct wlr_input_device *other_device = &other->wlr_tablet->base;
		if (tablet != NULL ? other_device == tablet :
							 one_device(device, other_device)) {
			own = other;
			break;
		}
	}
	pad_attach(pad, own);
}

void gridwl_tablet_pads_init(struct gridwl_tablets *tablets) {
	wl_list_init(&tablets->pads);
	tablets->keyboard_focus_change.notify = handle_keyboard_focus_change;
	wl_signal_add(&tablets->seat->wlr_seat->keyboard_state.events.focus_change,
			&tablets->keyboard_focus_change);
}

void gridwl_tablet_pads_finish(struct gridwl_tablets *tablets) {
	wl_list_remove(&tablets->keyboard_focus_change.link);
	// Devices the backend still has keep their tablet-v2 side until they
	// go.
	struct gridwl_tablet_pad *pad, *tmp;
	wl_list_for_each_safe(pad, tmp, &tablets->pads, link) {
		pad_free(pad);
	}
}
