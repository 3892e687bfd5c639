#ifndef GRIDWL_COMPOSITOR_SHELL_DECORATION_H
#define GRIDWL_COMPOSITOR_SHELL_DECORATION_H

#include <stdbool.h>
#include <stdint.h>
#include <pixman.h>
#include <wayland-server-core.h>
#include <wlr/util/box.h>
#include "render/decoration_draw.h"

struct gridwl_server;
struct gridwl_view;

/*
 * Server-side decorations: xdg-decoration-unstable-v1 and KDE's
 * server-decoration, the policy that decides which windows gridwl frames
 * (config "decorations", window rules, X11 Motif hints) and the frame's
 * geometry around a window. The frame's pixels are render/decoration_draw.c's.
 */
struct gridwl_decorations {
	struct gridwl_server *server;
	struct wlr_xdg_decoration_manager_v1 *xdg_manager;
	struct wlr_server_decoration_manager *kde_manager;
	struct wl_list kde_decorations; // gridwl_kde_decoration.link
	struct gridwl_decoration_style style;
	struct wl_listener new_xdg_decoration;
	struct wl_listener new_kde_decoration;
	struct wl_listener keyboard_focus;
};

/* What a client asked for its frame. */
enum gridwl_decoration_request {
	// No decoration object: it draws its own, as xdg-decoration says.
	GRIDWL_DECORATION_REQUEST_UNKNOWN,
	// An object and no preference: the config's "decorations" decides.
	GRIDWL_DECORATION_REQUEST_ANY,
	GRIDWL_DECORATION_REQUEST_SERVER,
	GRIDWL_DECORATION_REQUEST_CLIENT,
};

/* Where a point of a frame is; edges are resize handles. */
enum gridwl_frame_part {
	GRIDWL_FRAME_NONE,
	GRIDWL_FRAME_TITLE,
	GRIDWL_FRAME_CLOSE,
	GRIDWL_FRAME_MAXIMIZE,
	GRIDWL_FRAME_MINIMIZE,
	GRIDWL_FRAME_EDGE, // with edges (enum wlr_edges)
};

struct gridwl_decorations *gridwl_decorations_create(
		struct gridwl_server *server);
void gridwl_decorations_destroy(struct gridwl_decorations *decorations);
/* After a reload: the font and colours again, every window decided again. */
void gridwl_decorations_apply_config(struct gridwl_decorations *decorations);

/* Decides again whether gridwl frames the window (after a request, a rule
 * or Motif hints changed), and tells an xdg client. */
void gridwl_view_update_decoration(struct gridwl_view *view);
/* Before an xdg toplevel's first configure: its decoration mode goes with
 * it. */
void gridwl_view_decoration_initial_commit(struct gridwl_view *view);
/* After the title or the keyboard focus changed: its title bar again. */
void gridwl_view_damage_title(struct gridwl_view *view);
/* Before the view is freed. */
void gridwl_view_decoration_finish(struct gridwl_view *view);

/* Whether a frame is drawn around the view now (decorated, mapped, not
 * fullscreen). */
bool gridwl_view_has_frame(struct gridwl_view *view);
/* The frame around the window geometry box, in layout coordinates; the
 * window box itself when it has none. */
struct wlr_box gridwl_view_frame_box(struct gridwl_view *view);
/* How far the frame reaches out of box on each side; 0 without one, and
 * for a view that is not decorated. */
void gridwl_view_frame_margins(struct gridwl_view *view, int *left, int *top,
		int *right, int *bottom);
/* Adds the frame, when the view has one, to region (layout coordinates). */
void gridwl_view_frame_add_bounds(struct gridwl_view *view,
		pixman_region32_t *region);
/* The window box whose frame is area (area itself without a frame): what a
 * maximized window fills, its frame inside the usable area. */
struct wlr_box gridwl_view_frame_inset(struct gridwl_view *view,
		struct wlr_box area);
/* Where the window goes for its frame (or itself, without one) to be
 * centred in area, as far as it fits. */
void gridwl_view_frame_center(struct gridwl_view *view,
		const struct wlr_box *area, int *x, int *y);
/* Whether the layout point is on the view's frame. */
bool gridwl_view_frame_contains(struct gridwl_view *view, double lx, double ly);
/* Which part of the view's frame the layout point is on; edges (may be
 * NULL) gets the resize edges of GRIDWL_FRAME_EDGE. */
enum gridwl_frame_part gridwl_view_frame_part_at(struct gridwl_view *view,
		double lx, double ly, uint32_t *edges);

#endif
