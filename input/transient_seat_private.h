#ifndef GRIDWL_INPUT_TRANSIENT_SEAT_PRIVATE_H
#define GRIDWL_INPUT_TRANSIENT_SEAT_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>
#include "input/cursor_surface.h"
#include "input/listeners.h"

/* What input/transient_seat.c and input/transient_cursor.c share. */

struct gridwl_seat;
struct gridwl_view;
struct wlr_cursor;
struct wlr_input_device;
struct wlr_output;
struct wlr_surface;
struct wlr_transient_seat_manager_v1;

struct gridwl_transient_seats {
	struct gridwl_seat *seat; // the user's
	struct wlr_transient_seat_manager_v1 *manager; // freed by wlroots
	struct wl_list seats; // gridwl_transient_seat.link
	unsigned next_number;
	// Set while a check for clients that bound a seat late is due.
	struct wl_event_source *late_bind_idle;
	struct gridwl_listeners listeners; // on the manager and the seat
	struct wl_listener create_seat;
	struct wl_listener focus_change;
};

struct gridwl_transient_seat {
	struct gridwl_transient_seats *seats;
	struct wlr_seat *wlr_seat;
	struct wl_client *client;
	struct wl_list link;
	struct wl_list keyboards; // gridwl_transient_keyboard.link
	// The surface its own pointer last clicked into, which has its
	// keyboard; NULL while it follows the user's focus.
	struct wlr_surface *focus;
	struct wl_listener focus_destroy;

	// Its own pointer, on the output layout like the user's.
	struct wlr_cursor *cursor;
	struct wl_list pointers; // gridwl_transient_pointer.link
	// Moved at least once: drawn, and given to the surface under it.
	bool cursor_shown;
	// The theme image shown (a static name: "left_ptr" or a cursor-shape
	// name), or NULL.
	const char *cursor_image;
	// A client's surface as its image, or NULL.
	struct gridwl_cursor_surface cursor_surface;
	struct gridwl_cursor_events cursor_events;

	struct wl_listener destroy;
};

/* input/transient_seat.c: the seat's keyboard goes to view's surface from
 * now on (a click of its pointer); views that take no keyboard are left
 * alone. */
void gridwl_transient_seat_focus_view(struct gridwl_transient_seat *seat,
		struct gridwl_view *view);
/* Advertises what its devices can do. */
void gridwl_transient_seat_update_capabilities(
		struct gridwl_transient_seat *seat);

/* input/transient_cursor.c */
bool gridwl_transient_cursor_init(struct gridwl_transient_seat *seat);
void gridwl_transient_cursor_finish(struct gridwl_transient_seat *seat);
void gridwl_transient_cursor_add_pointer(struct gridwl_transient_seat *seat,
		struct wlr_input_device *device, struct wlr_output *output);
bool gridwl_transient_cursor_has_pointer(struct gridwl_transient_seat *seat);
void gridwl_transient_cursor_set_theme_image(struct gridwl_transient_seat *seat,
		const char *name);
/* The pointer to whatever is under it now (a still pointer over windows
 * that moved). */
void gridwl_transient_cursor_rebase(struct gridwl_transient_seat *seat,
		uint32_t time_msec);

#endif
