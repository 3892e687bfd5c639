#ifndef GRIDWL_INPUT_CURSOR_SURFACE_H
#define GRIDWL_INPUT_CURSOR_SURFACE_H

#include <stdint.h>
#include <wayland-server-core.h>

struct wlr_cursor;
struct wlr_output;
struct wlr_seat;
struct wlr_surface;
struct wlr_texture;

/*
 * What the user's seat and the transient seats do alike with their
 * cursors. First, a client's surface a wlr_cursor shows (the user's seat's and each
 * transient seat's). wlr_cursor keeps the surface to itself and gives the
 * output cursors only its texture: this remembers it, until it is
 * destroyed or replaced, for the renderer to find by that texture.
 */
struct gridwl_cursor_surface {
	struct wlr_surface *surface; // NULL while the cursor shows none
	struct wl_listener destroy;
};

/* The events a seat's wlr_cursor brings, and its wlr_seat's requests for
 * an image: what the user's seat and each transient seat follow, each
 * with handlers of its own but for the frame, which goes to the seat's
 * pointer focus alike. */
struct gridwl_cursor_events {
	struct wlr_seat *wlr_seat;
	struct wl_listener motion;
	struct wl_listener motion_absolute;
	struct wl_listener button;
	struct wl_listener axis;
	struct wl_listener frame;
	struct wl_listener request_set_cursor;
};

/* The handlers of a file that names them handle_motion,
 * handle_motion_absolute, handle_button, handle_axis and
 * handle_request_set_cursor, for gridwl_cursor_events_connect. */
#define GRIDWL_CURSOR_HANDLERS \
	{ \
		.motion.notify = handle_motion, \
		.motion_absolute.notify = handle_motion_absolute, \
		.button.notify = handle_button, \
		.axis.notify = handle_axis, \
		.request_set_cursor.notify = handle_request_set_cursor, \
	}

/* Sets each listener of events to the handler of the same name (every one
 * but frame given) and adds it to cursor's or wlr_seat's signal. */
void gridwl_cursor_events_connect(struct gridwl_cursor_events *events,
		const struct gridwl_cursor_events *handlers, struct wlr_cursor *cursor,
		struct wlr_seat *wlr_seat);
void gridwl_cursor_events_disconnect(struct gridwl_cursor_events *events);

/* Shows surface (NULL: nothing) on cursor with its hotspot, and holds it. */
void gridwl_cursor_surface_show(struct gridwl_cursor_surface *held,
		struct wlr_cursor *cursor, struct wlr_surface *surface,
		int32_t hotspot_x, int32_t hotspot_y);

/* Lets the surface go, once the cursor shows something else. */
void gridwl_cursor_surface_forget(struct gridwl_cursor_surface *held);

/* The surface held when texture is its own, else NULL. */
struct wlr_surface *gridwl_cursor_surface_of(
		const struct gridwl_cursor_surface *held, struct wlr_texture *texture);

/* The output a virtual pointer's absolute motion is mapped to (the one its
 * client suggested), on the user's cursor or a transient seat's. wlr_cursor
 * keeps a bare pointer to it: when it goes, unmapped maps the device
 * elsewhere first. */
struct gridwl_mapped_output {
	struct wlr_output *output; // NULL while none
	struct wl_listener destroy;
	void (*unmapped)(struct gridwl_mapped_output *mapped);
};

/* Holds output until it is destroyed or another is held; NULL lets it go
 * (and unmapped is not called). */
void gridwl_mapped_output_hold(struct gridwl_mapped_output *mapped,
		struct wlr_output *output,
		void (*unmapped)(struct gridwl_mapped_output *mapped));

#endif
