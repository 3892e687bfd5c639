#include <stdlib.h>
#include <string.h>
#include <wayland-server-core.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "input/seat.h"

/*
 * Headless gridwl's keyboard is made when it is first needed, not at
 * start: compiling its keymap (xkbcommon reads some thirty files of the
 * XKB data) was half of the instructions before the socket (issue 34).
 * A client learns of keyboards only through a wl_seat, so the keyboard is
 * made when a client creates its first wl_seat, inside that wl_resource's
 * creation, before wlroots sends the seat's capabilities: every client
 * sees the keyboard it saw when it was made at start. gridctl's commands
 * that type or list devices make it too (gridwl_control_keyboard_ensure).
 */

/* One per connected client until the keyboard is made. */
struct client_watch {
	struct gridwl_keyboard_first_use *first_use;
	struct wl_listener resource_created;
	struct wl_listener client_destroy;
	struct wl_list link; // gridwl_keyboard_first_use.watches
};

struct gridwl_keyboard_first_use {
	struct gridwl_seat *seat;
	struct wl_listener client_created;
	struct wl_list watches; // client_watch.link
};

static void watch_destroy(struct client_watch *watch) {
	wl_list_remove(&watch->resource_created.link);
	wl_list_remove(&watch->client_destroy.link);
	wl_list_remove(&watch->link);
	free(watch);
}

/* Once, whether its keymap compiles or not, as at start before. */
static void make_keyboard(struct gridwl_seat *seat) {
	// Frees every watch, the caller's too: nothing of it is used after
	// (libwayland's resource_created signal lets a listener go).
	gridwl_keyboard_first_use_destroy(seat->keyboard_first_use);
	seat->keyboard_first_use = NULL;
	if (!gridwl_control_keyboard_ensure(seat)) {
		wlr_log(WLR_ERROR, "Cannot make gridctl's keyboard");
	}
}

static void handle_resource_created(struct wl_listener *listener, void *data) {
	struct client_watch *watch =
			wl_container_of(listener, watch, resource_created);
	struct wl_resource *resource = data;
	if (strcmp(wl_resource_get_class(resource), wl_seat_interface.name) != 0) {
		return;
	}
	struct gridwl_seat *seat = watch->first_use->seat;
	make_keyboard(seat);
}

static void handle_client_destroy(struct wl_listener *listener, void *data) {
	struct client_watch *watch =
			wl_container_of(listener, watch, client_destroy);
	watch_destroy(watch);
}

static void handle_client_created(struct wl_listener *listener, void *data) {
	struct gridwl_keyboard_first_use *first_use =
			wl_container_of(listener, first_use, client_created);
	struct wl_client *client = data;
	struct client_watch *watch = calloc(1, sizeof(*watch));
	if (watch == NULL) {
		// Without a watch this client could miss the keyboard.
		wlr_log(WLR_ERROR, "Out of memory: making gridctl's keyboard now");
		make_keyboard(first_use->seat);
		return;
	}
	watch->first_use = first_use;
	watch->resource_created.notify = handle_resource_created;
	wl_client_add_resource_created_listener(client, &watch->resource_created);
	watch->client_destroy.notify = handle_client_destroy;
	wl_client_add_destroy_listener(client, &watch->client_destroy);
	wl_list_insert(&first_use->watches, &watch->link);
}

struct gridwl_keyboard_first_use *gridwl_keyboard_first_use_create(
		struct gridwl_seat *seat) {
	struct gridwl_keyboard_first_use *first_use = calloc(1, sizeof(*first_use));
	if (first_use == NULL) {
		return NULL;
	}
	first_use->seat = seat;
	wl_list_init(&first_use->watches);
	first_use->client_created.notify = handle_client_created;
	wl_display_add_client_created_listener(seat->server->display,
			&first_use->client_created);
	return first_use;
}

void gridwl_keyboard_first_use_destroy(
		struct gridwl_keyboard_first_use *first_use) {
	if (first_use == NULL) {
		return;
	}
	struct client_watch *watch, *tmp;
	wl_list_for_each_safe(watch, tmp, &first_use->watches, link) {
		watch_destroy(watch);
	}
	wl_list_remove(&first_use->client_created.link);
	free(first_use);
}
