#include <stdlib.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_virtual_pointer_v1.h>
#include <wlr/util/box.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "input/input_device.h"
#include "input/listeners.h"
#include "input/seat.h"
#include "input/transient_seat.h"

/* What the seat's pointer bookkeeping does not know: the output a client
 * asked its absolute motion to be relative to. */
struct gridwl_virtual_pointer {
	struct gridwl_seat *seat;
	struct wlr_input_device *device;
	struct gridwl_mapped_output mapped;
	struct wl_listener destroy;
};

static void virtual_pointer_unmapped(struct gridwl_mapped_output *mapped) {
	struct gridwl_virtual_pointer *pointer =
			wl_container_of(mapped, pointer, mapped);
	// The whole layout, or map_to_output's.
	gridwl_input_device_set_default_output(pointer->seat, pointer->device,
			NULL);
}

static void virtual_pointer_handle_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_virtual_pointer *pointer =
			wl_container_of(listener, pointer, destroy);
	gridwl_mapped_output_hold(&pointer->mapped, NULL, NULL);
	wl_list_remove(&pointer->destroy.link);
	free(pointer);
}

static void handle_new_virtual_pointer(struct wl_listener *listener,
		void *data) {
	struct gridwl_manager_listener *manager =
			wl_container_of(listener, manager, event);
	struct wlr_virtual_pointer_v1_new_pointer_event *event = data;
	struct wlr_input_device *device = &event->new_pointer->pointer.base;
	struct gridwl_seat *seat = manager->seat;
	// A remote desktop's own seat moves its own cursor.
	if (event->suggested_seat != NULL &&
			gridwl_transient_seats_add_pointer(seat->transient_seats,
					event->suggested_seat, device, event->suggested_output)) {
		return;
	}
	if (event->suggested_seat != NULL &&
			event->suggested_seat != seat->wlr_seat) {
		wlr_log(WLR_INFO, "Virtual pointer asked for seat %s, using %s",
				event->suggested_seat->name, seat->wlr_seat->name);
	}

	struct gridwl_virtual_pointer *pointer = calloc(1, sizeof(*pointer));
	if (pointer == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a virtual pointer");
		return;
	}
	pointer->seat = seat;
	pointer->device = device;
	pointer->destroy.notify = virtual_pointer_handle_destroy;
	wl_signal_add(&device->events.destroy, &pointer->destroy);

	// Moves the cursor like any other pointing device from here on.
	gridwl_seat_add_input(seat, device, NULL);
	if (event->suggested_output != NULL) {
		gridwl_input_device_set_default_output(seat, device,
				event->suggested_output);
		gridwl_mapped_output_hold(&pointer->mapped, event->suggested_output,
				virtual_pointer_unmapped);
	}
	wlr_log(WLR_DEBUG, "New virtual pointer%s%s",
			event->suggested_output != NULL ? " on " : "",
			event->suggested_output != NULL ? event->suggested_output->name :
											  "");
}

struct gridwl_manager_listener *gridwl_virtual_pointer_manager_create(
		struct gridwl_seat *seat) {
	struct wlr_virtual_pointer_manager_v1 *manager =
			wlr_virtual_pointer_manager_v1_create(seat->server->display);
	return manager == NULL ?
			NULL :
			gridwl_manager_listener_create(seat,
					&manager->events.new_virtual_pointer,
					handle_new_virtual_pointer, &manager->events.destroy);
}
