#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"

/*
 * A virtual pointer for the tests: gives gridwl a pointer device (headless
 * has none, and without one no cursor is shown) and puts it where told.
 * stdin: "move X Y W H" puts the pointer at X,Y of a W x H extent mapped
 * onto the whole layout, then prints "moved" once gridwl has handled it;
 * "button CODE press|release" (a linux/input-event-codes.h code, BTN_LEFT
 * is 272) prints "button"; "motion DX DY" moves it relatively by logical
 * pixels and prints "motion"; "quit".
 */

struct pointer_client {
	struct wl_display *display;
	struct wl_registry *registry;
	struct zwlr_virtual_pointer_manager_v1 *manager;
	struct wl_seat *seat;
	struct zwlr_virtual_pointer_v1 *pointer;
};

static const struct client_global bound_globals[] = {
	{ &zwlr_virtual_pointer_manager_v1_interface, 1,
			offsetof(struct pointer_client, manager), NULL },
	{ &wl_seat_interface, 1, offsetof(struct pointer_client, seat), NULL },
	{ 0 },
};

/* Destroys every object the client made and disconnects: a clean exit
 * leaves nothing behind (LeakSanitizer counts proxies still allocated).
 * The roundtrip before disconnecting has gridwl drop the pointer device
 * before the exit status is seen, so a test that quits the last pointer
 * finds the seat without one. */
static void client_finish(struct pointer_client *client) {
	if (client->pointer != NULL) {
		zwlr_virtual_pointer_v1_destroy(client->pointer);
	}
	if (client->manager != NULL) {
		zwlr_virtual_pointer_manager_v1_destroy(client->manager);
	}
	// Bound at version 1: wl_seat.release needs 5.
	if (client->seat != NULL) {
		wl_seat_destroy(client->seat);
	}
	wl_registry_destroy(client->registry);
	wl_display_roundtrip(client->display);
	wl_display_disconnect(client->display);
}

int main(void) {
	struct pointer_client client = { 0 };
	client.display = wl_display_connect(NULL);
	if (client.display == NULL) {
		fprintf(stderr, "pointer-client: cannot connect\n");
		return 1;
	}
	struct wl_display *display = client.display;
	struct client_globals globals = {
		.table = bound_globals,
		.data = &client,
	};
	client.registry = client_globals_listen(display, &globals);
	wl_display_roundtrip(display);
	if (client.manager == NULL) {
		fprintf(stderr, "pointer-client: no zwlr_virtual_pointer_manager_v1\n");
		client_finish(&client);
		return 1;
	}
	struct zwlr_virtual_pointer_v1 *pointer =
			zwlr_virtual_pointer_manager_v1_create_virtual_pointer(
					client.manager, client.seat);
	client.pointer = pointer;
	wl_display_roundtrip(display);
	printf("ready\n");
	fflush(stdout);

	char line[256];
	uint32_t time_msec = 0;
	while (fgets(line, sizeof(line), stdin) != NULL) {
		unsigned x, y, w, h;
		char action[16];
		int dx, dy;
		if (sscanf(line, "move %u %u %u %u", &x, &y, &w, &h) == 4) {
			zwlr_virtual_pointer_v1_motion_absolute(pointer, time_msec += 10, x,
					y, w, h);
			zwlr_virtual_pointer_v1_frame(pointer);
			if (wl_display_roundtrip(display) < 0) {
				break;
			}
			printf("moved\n");
		} else if (sscanf(line, "button %u %15s", &x, action) == 2 &&
				(strcmp(action, "press") == 0 ||
						strcmp(action, "release") == 0)) {
			zwlr_virtual_pointer_v1_button(pointer, time_msec += 10, x,
					strcmp(action, "press") == 0 ?
							WL_POINTER_BUTTON_STATE_PRESSED :
							WL_POINTER_BUTTON_STATE_RELEASED);
			zwlr_virtual_pointer_v1_frame(pointer);
			if (wl_display_roundtrip(display) < 0) {
				break;
			}
			printf("button\n");
		} else if (sscanf(line, "motion %d %d", &dx, &dy) == 2) {
			zwlr_virtual_pointer_v1_motion(pointer, time_msec += 10,
					wl_fixed_from_int(dx), wl_fixed_from_int(dy));
			zwlr_virtual_pointer_v1_frame(pointer);
			if (wl_display_roundtrip(display) < 0) {
				break;
			}
			printf("motion\n");
		} else if (strncmp(line, "quit", 4) == 0) {
			break;
		} else {
			printf("error unknown command\n");
		}
		fflush(stdout);
	}
	client_finish(&client);
	return 0;
}
