#ifndef GRIDWL_INPUT_CURSOR_H
#define GRIDWL_INPUT_CURSOR_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-protocol.h>

struct gridwl_seat;
struct gridwl_server;
struct wlr_cursor;
struct wlr_seat;
struct wlr_surface;
struct wlr_texture;

void gridwl_cursor_init(struct gridwl_seat *seat);

/* A seat's pointer (the user's or a transient seat's) is at (sx, sy),
 * logical, on surface: an enter when the surface is another, a motion when
 * only the position changed, nothing otherwise (a re-evaluation after a
 * commit that moved nothing must not look like motion). Xwayland's
 * surfaces get X pixels. */
void gridwl_seat_pointer_at(struct gridwl_server *server,
		struct wlr_seat *wlr_seat, struct wlr_surface *surface, double sx,
		double sy, uint32_t time_msec);
/* While a button of a seat's pointer is held, the surface it was pressed
 * on keeps the pointer and gets motion wherever cursor goes (the implicit
 * grab drags rely on); false when there is no such surface any more. */
bool gridwl_seat_pointer_implicit_grab(struct gridwl_server *server,
		struct wlr_seat *wlr_seat, struct wlr_cursor *cursor,
		uint32_t time_msec);
void gridwl_cursor_finish(struct gridwl_seat *seat);
/* The theme's image of that name (an xcursor name, as cursor-shape-v1's
 * shapes have them), drawn from the theme at each output's scale, where a
 * pointing device is attached. */
void gridwl_cursor_set_theme_image(struct gridwl_seat *seat, const char *name);
/* The theme's pointer, where a pointing device is attached. */
void gridwl_cursor_set_default_image(struct gridwl_seat *seat);
/* No image at all: nothing left to point with. */
void gridwl_cursor_hide(struct gridwl_seat *seat);

/* A client's surface as the image (NULL: none), as it asked through its
 * wl_pointer or a tablet tool. */
void gridwl_cursor_set_surface(struct gridwl_seat *seat,
		struct wlr_surface *surface, int32_t hotspot_x, int32_t hotspot_y);
/* The surface a client gave a seat's pointer (the user's or a transient
 * seat's) as its cursor, while an output cursor shows it with texture
 * (wlroots hands the output cursor the surface's texture and keeps the
 * surface); NULL otherwise. */
struct wlr_surface *gridwl_cursor_client_surface(struct gridwl_server *server,
		struct wlr_texture *texture);
/* After the cursor was moved: a move or resize follows it, and the
 * surface under it (or the one a held button grabbed) gets the pointer. */
void gridwl_cursor_moved(struct gridwl_seat *seat, uint32_t time_msec);
/* A pointer button where the cursor is: click-to-focus, Alt-drags, or to
 * the surface with the pointer. Also a tablet tool's, for clients that
 * have not bound tablet-v2. */
void gridwl_cursor_button(struct gridwl_seat *seat, uint32_t time_msec,
		uint32_t button, enum wl_pointer_button_state state);

#endif
