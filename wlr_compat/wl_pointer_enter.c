#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include <wlr/backend.h>
#include <wlr/backend/wayland.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/util/log.h>
#include "wlr_compat/wlr_compat.h"

/*
 * W27: the wayland backend's wl_pointer.enter handler keeps the serial and
 * drops the position, and hosts built on wlroots send no motion after an
 * enter at the same place (wlr_seat_pointer_send_motion skips a position
 * it sent already). gridwl binds the host's seats a second time on the
 * backend's connection: the host sends every enter to this wl_pointer as
 * well, and the position goes out as the motion the backend's own device
 * would have emitted, in its units (host surface-local / output size in
 * physical pixels, which W16 turns into the nested position).
 */

struct compat_wl_seat {
	struct wl_list link; // gridwl_compat_wl_enter.seats
	struct gridwl_compat_wl_enter *enter;
	struct wl_seat *wl_seat;
	struct wl_pointer *wl_pointer;
	uint32_t global_name;
	char name[64]; // empty until the host names it
	// The device an enter moved: its frame goes with the host's.
	struct compat_wl_pointer *frame_pending;
};

struct compat_wl_pointer {
	struct wl_list link; // gridwl_compat_wl_enter.pointers
	struct gridwl_compat_wl_enter *enter;
	struct wlr_pointer *wlr_pointer;
	struct wl_listener destroy;
};

struct gridwl_compat_wl_enter {
	struct wl_registry *registry;
	gridwl_compat_wl_output_func output_of;
	void *data;
	struct wl_list seats; // compat_wl_seat.link
	struct wl_list pointers; // compat_wl_pointer.link

	struct wl_listener new_input;
};

static uint32_t now_msec(void) {
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint32_t)(now.tv_sec * 1000 + now.tv_nsec / 1000000);
}

/* wlroots makes a pointer for each host seat and output, named after the
 * seat. */
static struct compat_wl_pointer *backend_pointer(struct compat_wl_seat *seat,
		struct wlr_output *output) {
	char device_name[96];
	snprintf(device_name, sizeof(device_name), "wayland-pointer-%s",
			seat->name);
	struct compat_wl_pointer *pointer;
	wl_list_for_each(pointer, &seat->enter->pointers, link) {
		struct wlr_pointer *wlr_pointer = pointer->wlr_pointer;
		if (wlr_pointer->output_name != NULL &&
				strcmp(wlr_pointer->output_name, output->name) == 0 &&
				(seat->name[0] == '\0' ||
						strcmp(wlr_pointer->base.name, device_name) == 0)) {
			return pointer;
		}
	}
	return NULL;
}

static void pointer_handle_enter(void *data, struct wl_pointer *wl_pointer,
		uint32_t serial, struct wl_surface *surface, wl_fixed_t sx,
		wl_fixed_t sy) {
	struct compat_wl_seat *seat = data;
	if (surface == NULL) {
		return;
	}
	struct wlr_output *output =
			seat->enter->output_of(seat->enter->data, surface);
	struct compat_wl_pointer *pointer =
			output != NULL ? backend_pointer(seat, output) : NULL;
	if (pointer == NULL || output->width <= 0 || output->height <= 0) {
		return;
	}
	struct wlr_pointer *wlr_pointer = pointer->wlr_pointer;
	struct wlr_pointer_motion_absolute_event event = {
		.pointer = wlr_pointer,
		.time_msec = now_msec(),
		.x = wl_fixed_to_double(sx) / output->width,
		.y = wl_fixed_to_double(sy) / output->height,
	};
	wl_signal_emit_mutable(&wlr_pointer->events.motion_absolute, &event);
	if (wl_pointer_get_version(wl_pointer) >= WL_POINTER_FRAME_SINCE_VERSION) {
		seat->frame_pending = pointer;
	} else {
		wl_signal_emit_mutable(&wlr_pointer->events.frame, wlr_pointer);
	}
}

static void pointer_handle_frame(void *data, struct wl_pointer *wl_pointer) {
	struct compat_wl_seat *seat = data;
	struct compat_wl_pointer *pointer = seat->frame_pending;
	if (pointer != NULL) {
		seat->frame_pending = NULL;
		wl_signal_emit_mutable(&pointer->wlr_pointer->events.frame,
				pointer->wlr_pointer);
	}
}

static void pointer_handle_leave(void *data, struct wl_pointer *wl_pointer,
		uint32_t serial, struct wl_surface *surface) {
}

static void pointer_handle_motion(void *data, struct wl_pointer *wl_pointer,
		uint32_t time, wl_fixed_t sx, wl_fixed_t sy) {
}

static void pointer_handle_button(void *data, struct wl_pointer *wl_pointer,
		uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
}

static void pointer_handle_axis(void *data, struct wl_pointer *wl_pointer,
		uint32_t time, uint32_t axis, wl_fixed_t value) {
}

static void pointer_handle_axis_source(void *data,
		struct wl_pointer *wl_pointer, uint32_t source) {
}

static void pointer_handle_axis_stop(void *data, struct wl_pointer *wl_pointer,
		uint32_t time, uint32_t axis) {
}

static void pointer_handle_axis_discrete(void *data,
		struct wl_pointer *wl_pointer, uint32_t axis, int32_t discrete) {
}

// Every event of version 5, the highest bound: the rest is wlroots' to read.
static const struct wl_pointer_listener pointer_listener = {
	.enter = pointer_handle_enter,
	.leave = pointer_handle_leave,
	.motion = pointer_handle_motion,
	.button = pointer_handle_button,
	.axis = pointer_handle_axis,
	.frame = pointer_handle_frame,
	.axis_source = pointer_handle_axis_source,
	.axis_stop = pointer_handle_axis_stop,
	.axis_discrete = pointer_handle_axis_discrete,
};

static void seat_release_pointer(struct compat_wl_seat *seat) {
	if (seat->wl_pointer == NULL) {
		return;
	}
	if (wl_pointer_get_version(seat->wl_pointer) >=
			WL_POINTER_RELEASE_SINCE_VERSION) {
		wl_pointer_release(seat->wl_pointer);
	} else {
		wl_pointer_destroy(seat->wl_pointer);
	}
	seat->wl_pointer = NULL;
	seat->frame_pending = NULL;
}

static void seat_handle_capabilities(void *data, struct wl_seat *wl_seat,
		uint32_t capabilities) {
	struct compat_wl_seat *seat = data;
	bool has_pointer = capabilities & WL_SEAT_CAPABILITY_POINTER;
	if (has_pointer && seat->wl_pointer == NULL) {
		seat->wl_pointer = wl_seat_get_pointer(wl_seat);
		wl_pointer_add_listener(seat->wl_pointer, &pointer_listener, seat);
	} else if (!has_pointer) {
		seat_release_pointer(seat);
	}
}

static void seat_handle_name(void *data, struct wl_seat *wl_seat,
		const char *name) {
	struct compat_wl_seat *seat = data;
	snprintf(seat->name, sizeof(seat->name), "%s", name);
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = seat_handle_capabilities,
	.name = seat_handle_name,
};

static void seat_destroy(struct compat_wl_seat *seat) {
	seat_release_pointer(seat);
	if (wl_seat_get_version(seat->wl_seat) >= WL_SEAT_RELEASE_SINCE_VERSION) {
		wl_seat_release(seat->wl_seat);
	} else {
		wl_seat_destroy(seat->wl_seat);
	}
	wl_list_remove(&seat->link);
	free(seat);
}

static void registry_handle_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct gridwl_compat_wl_enter *enter = data;
	if (strcmp(interface, wl_seat_interface.name) != 0) {
		return;
	}
	struct compat_wl_seat *seat = calloc(1, sizeof(*seat));
	if (seat == NULL) {
		wlr_log(WLR_ERROR, "Host seat: out of memory");
		return;
	}
	seat->enter = enter;
	seat->global_name = name;
	seat->wl_seat = wl_registry_bind(registry, name, &wl_seat_interface,
			version < 5 ? version : 5);
	wl_seat_add_listener(seat->wl_seat, &seat_listener, seat);
	wl_list_insert(&enter->seats, &seat->link);
}

static void registry_handle_global_remove(void *data,
		struct wl_registry *registry, uint32_t name) {
	struct gridwl_compat_wl_enter *enter = data;
	struct compat_wl_seat *seat;
	wl_list_for_each(seat, &enter->seats, link) {
		if (seat->global_name == name) {
			seat_destroy(seat);
			return;
		}
	}
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_handle_global,
	.global_remove = registry_handle_global_remove,
};

static void compat_pointer_destroy(struct gridwl_compat_wl_enter *enter,
		struct compat_wl_pointer *pointer) {
	struct compat_wl_seat *seat;
	wl_list_for_each(seat, &enter->seats, link) {
		if (seat->frame_pending == pointer) {
			seat->frame_pending = NULL;
		}
	}
	wl_list_remove(&pointer->destroy.link);
	wl_list_remove(&pointer->link);
	free(pointer);
}

static void pointer_handle_destroy(struct wl_listener *listener, void *data) {
	struct compat_wl_pointer *pointer =
			wl_container_of(listener, pointer, destroy);
	compat_pointer_destroy(pointer->enter, pointer);
}

static void handle_new_input(struct wl_listener *listener, void *data) {
	struct gridwl_compat_wl_enter *enter =
			wl_container_of(listener, enter, new_input);
	struct wlr_input_device *device = data;
	if (device->type != WLR_INPUT_DEVICE_POINTER ||
			!wlr_input_device_is_wl(device)) {
		return;
	}
	struct compat_wl_pointer *pointer = calloc(1, sizeof(*pointer));
	if (pointer == NULL) {
		wlr_log(WLR_ERROR, "Host pointer: out of memory");
		return;
	}
	pointer->enter = enter;
	pointer->wlr_pointer = wlr_pointer_from_input_device(device);
	pointer->destroy.notify = pointer_handle_destroy;
	wl_signal_add(&device->events.destroy, &pointer->destroy);
	wl_list_insert(&enter->pointers, &pointer->link);
}

struct gridwl_compat_wl_enter *gridwl_compat_wl_enter_create(
		struct wlr_backend *backend, gridwl_compat_wl_output_func output_of,
		void *data) {
	struct gridwl_compat_wl_enter *enter = calloc(1, sizeof(*enter));
	if (enter == NULL) {
		return NULL;
	}
	enter->output_of = output_of;
	enter->data = data;
	wl_list_init(&enter->seats);
	wl_list_init(&enter->pointers);
	enter->new_input.notify = handle_new_input;
	wl_signal_add(&backend->events.new_input, &enter->new_input);
	enter->registry =
			wl_display_get_registry(wlr_wl_backend_get_remote_display(backend));
	wl_registry_add_listener(enter->registry, &registry_listener, enter);
	return enter;
}

void gridwl_compat_wl_enter_destroy(struct gridwl_compat_wl_enter *enter) {
	if (enter == NULL) {
		return;
	}
	struct compat_wl_seat *seat, *seat_tmp;
	wl_list_for_each_safe(seat, seat_tmp, &enter->seats, link) {
		seat_destroy(seat);
	}
	struct compat_wl_pointer *pointer, *pointer_tmp;
	wl_list_for_each_safe(pointer, pointer_tmp, &enter->pointers, link) {
		compat_pointer_destroy(enter, pointer);
	}
	wl_list_remove(&enter->new_input.link);
	wl_registry_destroy(enter->registry);
	free(enter);
}
