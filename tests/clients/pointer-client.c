#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "client-skeleton.h"
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
	struct client_skeleton skel;
	struct zwlr_virtual_pointer_manager_v1 *manager;
	struct zwlr_virtual_pointer_v1 *pointer;
	uint32_t time_msec;
};

static const struct client_global bound_globals[] = {
	{ &zwlr_virtual_pointer_manager_v1_interface, 1,
			offsetof(struct pointer_client, manager), NULL },
	{ 0 },
};

/* Sends what the frame holds and answers with done once gridwl has handled
 * it; false when gridwl is gone. */
static bool frame(struct pointer_client *client, const char *done) {
	zwlr_virtual_pointer_v1_frame(client->pointer);
	if (wl_display_roundtrip(client->skel.display) < 0) {
		return false;
	}
	client_emit("%s", done);
	return true;
}

static bool handle_command(void *data, char *line) {
	struct pointer_client *client = data;
	struct zwlr_virtual_pointer_v1 *pointer = client->pointer;
	unsigned x, y, w, h;
	char action[16];
	int dx, dy;
	if (sscanf(line, "move %u %u %u %u", &x, &y, &w, &h) == 4) {
		zwlr_virtual_pointer_v1_motion_absolute(pointer,
				client->time_msec += 10, x, y, w, h);
		return frame(client, "moved");
	} else if (sscanf(line, "button %u %15s", &x, action) == 2 &&
			(strcmp(action, "press") == 0 || strcmp(action, "release") == 0)) {
		zwlr_virtual_pointer_v1_button(pointer, client->time_msec += 10, x,
				strcmp(action, "press") == 0 ?
						WL_POINTER_BUTTON_STATE_PRESSED :
						WL_POINTER_BUTTON_STATE_RELEASED);
		return frame(client, "button");
	} else if (sscanf(line, "motion %d %d", &dx, &dy) == 2) {
		zwlr_virtual_pointer_v1_motion(pointer, client->time_msec += 10,
				wl_fixed_from_int(dx), wl_fixed_from_int(dy));
		return frame(client, "motion");
	}
	client_emit("error unknown command");
	return true;
}

/* The roundtrip before the skeleton disconnects has gridwl drop the pointer
 * device before the exit status is seen, so a test that quits the last
 * pointer finds the seat without one. */
static int client_finish(struct pointer_client *client, int status) {
	if (client->pointer != NULL) {
		zwlr_virtual_pointer_v1_destroy(client->pointer);
	}
	if (client->skel.display != NULL) {
		wl_display_roundtrip(client->skel.display);
	}
	return client_skeleton_finish_all(&client->skel, status);
}

int main(void) {
	struct pointer_client client = { 0 };
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.globals_required = true,
		.data = &client,
		.seat_version = 1,
		.command = handle_command,
	};
	int status = client_skeleton_connect(&client.skel, &spec);
	if (status == 0) {
		client.pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(
				client.manager, client.skel.seat);
		wl_display_roundtrip(client.skel.display);
		status = client_skeleton_ready_run(&client.skel);
	}
	return client_finish(&client, status);
}
