#ifndef GRIDWL_INPUT_TRANSIENT_SEAT_H
#define GRIDWL_INPUT_TRANSIENT_SEAT_H

#include <stdbool.h>

struct gridwl_seat;
struct gridwl_transient_seats;
struct gridwl_view;
struct wl_client;
struct wlr_input_device;
struct wlr_keyboard;
struct wlr_output;
struct wlr_seat;
struct wlr_seat_client;
struct wlr_surface;
struct wlr_texture;

/* ext-transient-seat-v1: seats that remote-desktop clients make for
 * themselves (input/transient_seat.c), each with its own keyboard focus and
 * its own cursor (input/transient_cursor.c). */
struct gridwl_transient_seats *gridwl_transient_seats_create(
		struct gridwl_seat *seat);
void gridwl_transient_seats_destroy(struct gridwl_transient_seats *seats);

/* A client may be binding a wl_seat (the global filter is asked): once
 * the event loop is idle, a transient seat whose keyboard or pointer
 * focus is on that client's surface enters it again. */
void gridwl_transient_seats_check_late_binders(
		struct gridwl_transient_seats *seats);

/* Gives wlr_seat, when it is one of the transient seats, the keyboard (a
 * virtual keyboard its client made on it); false when it is not one. */
bool gridwl_transient_seats_add_keyboard(struct gridwl_transient_seats *seats,
		struct wlr_seat *wlr_seat, struct wlr_keyboard *wlr_keyboard);
/* Gives wlr_seat, when it is one of the transient seats, the pointing
 * device (a virtual pointer its client made on it), its absolute motion
 * mapped to output (NULL: the layout); false when it is not one. */
bool gridwl_transient_seats_add_pointer(struct gridwl_transient_seats *seats,
		struct wlr_seat *wlr_seat, struct wlr_input_device *device,
		struct wlr_output *output);

/* The client cursor surface some transient seat's cursor shows with
 * texture, or NULL. */
struct wlr_surface *gridwl_transient_seats_cursor_surface(
		struct gridwl_transient_seats *seats, struct wlr_texture *texture);
/* cursor-shape-v1 for a transient seat: the theme's image called name on
 * the cursor of seat_client's seat, when that client has its pointer;
 * false when the seat is not a transient one. */
bool gridwl_transient_seats_set_shape(struct gridwl_transient_seats *seats,
		struct wlr_seat_client *seat_client, const char *name);
/* After the user's seat loaded another cursor theme, before the old one
 * is freed: the transient cursors show the new one. */
void gridwl_transient_seats_theme_changed(struct gridwl_transient_seats *seats);
/* After outputs were added, moved, rescaled or removed. */
void gridwl_transient_seats_layout_changed(
		struct gridwl_transient_seats *seats);
/* Windows moved, restacked or (un)mapped: each transient pointer goes to
 * whatever is under it now. */
void gridwl_transient_seats_rebase_pointers(
		struct gridwl_transient_seats *seats);
/* Before view unmaps: a transient seat whose keyboard it had follows the
 * user's focus again. */
void gridwl_transient_seats_view_unmapped(struct gridwl_transient_seats *seats,
		struct gridwl_view *view);

/* What gridctl seats lists of one transient seat. */
struct gridwl_transient_seat_info {
	struct wlr_seat *wlr_seat;
	struct wl_client *client; // the one that made it
	// Its keyboard goes where its own pointer clicked, not where the
	// user's focus is.
	bool own_focus;
	// Its cursor has been moved (and is drawn) at x, y in the layout.
	bool cursor_shown;
	double x, y;
	// The theme image it shows (an xcursor name), or NULL for none or a
	// client's surface (client_cursor).
	const char *cursor_image;
	bool client_cursor;
};
void gridwl_transient_seats_for_each(struct gridwl_transient_seats *seats,
		void (*func)(const struct gridwl_transient_seat_info *info, void *data),
		void *data);

#endif
