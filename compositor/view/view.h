#ifndef GRIDWL_COMPOSITOR_VIEW_VIEW_H
#define GRIDWL_COMPOSITOR_VIEW_VIEW_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>
#include <wlr/util/box.h>
#include "compositor/shell/decoration.h"
#include "config/config.h"

struct gridwl_server;
struct gridwl_output;
struct gridwl_view;
struct gridwl_foreign_toplevel;
struct gridwl_xdg_decoration;
struct gridwl_lock_surface;
struct wlr_surface;
struct wlr_xdg_popup;
struct wlr_xdg_surface;
struct wlr_xdg_toplevel;
struct wlr_xwayland_surface;

typedef void (*gridwl_surface_iterator_t)(struct wlr_surface *surface, int sx,
		int sy, void *data);

/* What differs between an xdg toplevel and an X11 window; view.c does the
 * rest the same for both. */
struct gridwl_view_impl {
	/* The main surface; NULL while an X11 window has none. */
	struct wlr_surface *(*get_surface)(struct gridwl_view *view);
	/* The window geometry relative to the main surface's origin. */
	void (*get_geometry)(struct gridwl_view *view, struct wlr_box *geometry);
	/* The main surface, its subsurfaces and popups, with their positions
	 * relative to the main surface. */
	void (*for_each_surface)(struct gridwl_view *view,
			gridwl_surface_iterator_t iterator, void *data);
	struct wlr_surface *(*surface_at)(struct gridwl_view *view, double sx,
			double sy, double *sub_x, double *sub_y);
	const char *(*get_app_id)(struct gridwl_view *view);
	const char *(*get_title)(struct gridwl_view *view);
	const char *(*get_x11_class)(struct gridwl_view *view);
	/* Asks for a logical size, the view's position staying as it is. */
	void (*set_size)(struct gridwl_view *view, int width, int height);
	/* After the view moved; NULL when the client is not told where it is. */
	void (*moved)(struct gridwl_view *view);
	void (*set_activated)(struct gridwl_view *view, bool activated);
	void (*set_fullscreen)(struct gridwl_view *view, bool fullscreen);
	void (*set_maximized)(struct gridwl_view *view, bool maximized);
	// NULL when the client is not told (xdg-shell has no minimized state).
	void (*set_minimized)(struct gridwl_view *view, bool minimized);
	void (*set_resizing)(struct gridwl_view *view, bool resizing);
	// Which edges (enum wlr_edges) lie against a neighbour or the usable
	// area's border; NULL when the client is not told (X11).
	void (*set_tiled)(struct gridwl_view *view, uint32_t edges);
	void (*close)(struct gridwl_view *view);
};

/* Which half of its output's usable area a window is snapped to
 * (compositor/view/view_snap.c). */
enum gridwl_snap {
	GRIDWL_SNAP_NONE,
	GRIDWL_SNAP_LEFT,
	GRIDWL_SNAP_RIGHT,
	// Dropped at an output's top edge: maximized (a drag's target only).
	GRIDWL_SNAP_TOP,
};

/* What a view is; each kind has its own role code in compositor/shell/. */
enum gridwl_view_kind {
	// An xdg toplevel (shell/xdg_toplevel.c): a window.
	GRIDWL_VIEW_XDG_TOPLEVEL,
	// An X11 window that the window manager places (shell/xwayland_view.c):
	// a window.
	GRIDWL_VIEW_X11_MANAGED,
	// An X11 menu or tooltip (override-redirect): drawn where X11 puts it,
	// never focused nor listed as a window. An X11 window may change
	// between the two X11 kinds before it maps.
	GRIDWL_VIEW_X11_UNMANAGED,
	// A layer surface (shell/layer_shell.c): placed by its anchors, stacked
	// in its layer's band, never listed nor moved as a window.
	GRIDWL_VIEW_LAYER_SURFACE,
	// A lock surface (shell/session_lock.c): over its output, above
	// everything, shown only while its lock holds the session.
	GRIDWL_VIEW_LOCK_SURFACE,
	// An input method's popup (shell/im_popup.c): at the text cursor,
	// over everything but the lock, never focused nor listed.
	GRIDWL_VIEW_IM_POPUP,
};

/*
 * Anything gridwl places and draws for a surface role: a window (an xdg
 * toplevel or a managed X11 window), an X11 menu, a layer surface or a lock
 * surface. Its position is the logical layout position of the top-left
 * corner of its window geometry; everything drawn for it is derived from
 * that, once per output, at the output's scale.
 */
struct gridwl_view {
	struct wl_list link; // gridwl_server.views, topmost first
	struct gridwl_server *server;
	const struct gridwl_view_impl *impl;
	enum gridwl_view_kind kind;
	// The role object of the kind, for as long as the view exists.
	union {
		struct wlr_xdg_surface *xdg_surface; // GRIDWL_VIEW_XDG_TOPLEVEL
		struct wlr_xwayland_surface *xwayland_surface; // both X11 kinds
		struct { // GRIDWL_VIEW_LAYER_SURFACE
			struct wlr_layer_surface_v1 *layer_surface;
			uint32_t layer; // enum zwlr_layer_shell_v1_layer
		};
		struct gridwl_lock_surface *lock_surface; // GRIDWL_VIEW_LOCK_SURFACE
	};
	uint32_t id;
	bool mapped;
	int x, y;
	// What was last damaged for the view, so that what it drew before a
	// change is repainted too.
	struct wlr_box last_bounds;
	// The window geometry last seen (relative to the main surface), and
	// whether the client set it or it is the extent of the surfaces.
	struct wlr_box geometry;
	bool geometry_implicit;

	// Where the window was before it was made fullscreen or maximized.
	struct wlr_box restore;
	bool fullscreen, maximized;
	// A fullscreen window that has the focus covers the top layer (a video
	// hides the panels); focusing another window puts it back among the
	// windows, below that one.
	bool above_panels;
	struct wlr_output *fullscreen_output;

	// A window rule's filter, which wins over the outputs' own.
	bool has_rule_filter;
	enum gridwl_filter rule_filter;
	struct wl_listener fullscreen_output_destroy;

	// The workspace a window is on (compositor/workspace/workspace.c), 0
	// for the views of no workspace (panels, menus, the lock); a sticky
	// window is shown on every one.
	int workspace;
	bool sticky;
	// Minimized (compositor/view/view_minimize.c): mapped but neither drawn
	// nor reachable by input, until something activates it again.
	bool minimized;
	// Snapped to a half of its output (compositor/view/view_snap.c), and
	// where it was before, which an unsnap gives back.
	enum gridwl_snap snap;
	struct wlr_box snap_restore;
	// Stacked above the other windows, below the top layer's panels
	// (compositor/view/view_stack.c).
	bool always_on_top;

	// Its wlr-foreign-toplevel handle while mapped (a window only).
	struct gridwl_foreign_toplevel *foreign_toplevel;

	// The output the window belongs to (compositor/view/view_home.c) and that
	// output's logical origin when last seen, so the window moves with it.
	struct wlr_output *home_output;
	int home_x, home_y;
	struct wl_listener home_output_destroy;
	// Partly on an output that is going away: settled wholly onto the rest
	// at the next arrangement (compositor/view/view_home.c).
	bool stranded;

	// Its frame (compositor/shell/decoration.c): what the client asked, whether
	// gridwl draws one, the client's xdg-decoration object (NULL without
	// one) and the title bars drawn for it (render/decoration_draw.c).
	enum gridwl_decoration_request decoration_request;
	bool decorated;
	struct gridwl_xdg_decoration *xdg_decoration;
	struct gridwl_frame_cache frame_cache;

	// Commits of any of its surfaces so far, and per output the count its
	// last frame showed (struct gridwl_view_presented), so gridctl wait
	// can tell the screen shows the view's current buffers.
	uint64_t commits;
	struct wl_array presented;
	// Per output, what covered it at that output's last plan (struct
	// gridwl_view_cover, compositor/frame/occluders.c).
	struct wl_array covers;
};

/* A view for a new xdg toplevel (compositor/shell/xdg_toplevel.c); it maps
 * when the client commits its first buffer. */
void gridwl_view_handle_new_xdg_toplevel(struct gridwl_server *server,
		struct wlr_xdg_toplevel *toplevel);

/* For the kinds of view: fills in what view.c keeps, and puts the view on
 * top of the server's list. The role code sets the kind's role object. */
void gridwl_view_init(struct gridwl_view *view, struct gridwl_server *server,
		enum gridwl_view_kind kind, const struct gridwl_view_impl *impl);
/* Before the kind frees it. */
void gridwl_view_finish(struct gridwl_view *view);
/* Tells the view's surface, before its first buffer, the scale and
 * transform of the output it will be mapped on, so that its first frame is
 * drawn for it. */
void gridwl_view_prefer_initial_scale(struct gridwl_view *view);
/* What the kinds run when their surface maps and unmaps. */
void gridwl_view_map(struct gridwl_view *view);
void gridwl_view_unmap(struct gridwl_view *view);

/* The main surface (NULL while an X11 window has none). */
struct wlr_surface *gridwl_view_surface(struct gridwl_view *view);
/* Every surface of the view, at positions relative to the main surface's
 * origin (gridwl_view_surface_origin). */
void gridwl_view_for_each_surface(struct gridwl_view *view,
		gridwl_surface_iterator_t iterator, void *data);
/* The X11 class, NULL for an xdg toplevel. */
const char *gridwl_view_x11_class(struct gridwl_view *view);
void gridwl_view_set_resizing(struct gridwl_view *view, bool resizing);

/* The window geometry in layout coordinates. */
struct wlr_box gridwl_view_box(struct gridwl_view *view);
/* Everything the view draws (subsurfaces and popups too), in layout
 * coordinates. */
struct wlr_box gridwl_view_bounds(struct gridwl_view *view);
const char *gridwl_view_app_id(struct gridwl_view *view);
const char *gridwl_view_title(struct gridwl_view *view);
int gridwl_view_buffer_scale(struct gridwl_view *view);

void gridwl_view_move(struct gridwl_view *view, int x, int y);

/* compositor/view/view_home.c. The output with most of the window becomes its
 * home; done whenever the window is placed or moved. */
void gridwl_view_pick_home(struct gridwl_view *view);
/* Moves the window by as much as its home output moved in the layout. */
void gridwl_view_follow_home(struct gridwl_view *view);
/* The home output while it is in the layout, else NULL. */
struct gridwl_output *gridwl_view_home(struct gridwl_view *view);
void gridwl_view_forget_home(struct gridwl_view *view);
/* compositor/view/view_actions.c: windows from the keyboard. The window that
 * has the keyboard, NULL when none does. */
struct gridwl_view *gridwl_view_keyboard_focused(struct gridwl_server *server);
/* next: the window that had the keyboard before this one; prev: the one
 * that had it longest ago. */
void gridwl_view_focus_cycle(struct gridwl_server *server, bool next);
void gridwl_view_toggle_fullscreen(struct gridwl_view *view);
void gridwl_view_toggle_maximized(struct gridwl_view *view);
/* At the centre of the usable area of the output most of it is on. */
void gridwl_view_center(struct gridwl_view *view);
/* To the output in direction where ("left", "right", "up", "down") of
 * the one most of it is on, or the output named where: centred there with
 * its logical size (fullscreen or maximized, filling it). False and *error
 * when there is none. */
bool gridwl_view_move_to_output(struct gridwl_view *view, const char *where,
		char **error);
/* Before output leaves the layout: marks the windows partly on it (NULL:
 * it stays after all, none is). */
void gridwl_views_output_leaving(struct gridwl_server *server,
		struct gridwl_output *output);
/* A window marked so that lies partly outside every output now is moved
 * the least that puts it wholly on onto, where it fits. True when moved. */
bool gridwl_view_settle_stranded(struct gridwl_view *view,
		struct gridwl_output *onto);
void gridwl_view_request_size(struct gridwl_view *view, int width, int height);
void gridwl_view_focus(struct gridwl_view *view);
/* Puts the view on top of its band of the stack: background and bottom
 * layer surfaces, windows, top layer surfaces, fullscreen windows, overlay
 * layer surfaces, from the bottom up. */
void gridwl_view_raise(struct gridwl_view *view);
/* What a click on a window does to the stack: it goes on top of the
 * windows (a fullscreen one over the panels), the fullscreen windows over
 * the panels that were raised before it back among the windows. */
void gridwl_view_bring_to_front(struct gridwl_view *view);
/* Puts a view at the bottom of its band of the stack (a window just above
 * the bottom layer); its children stay where they are, above it. */
void gridwl_view_lower(struct gridwl_view *view);
/* Keeps a window above the other windows (not above panels). */
void gridwl_view_set_always_on_top(struct gridwl_view *view, bool on_top);
/* Fullscreen windows raised over the panels, other than focused, go back
 * among the windows (compositor/view/view_stack.c). */
void gridwl_views_lower_fullscreen(struct gridwl_server *server,
		struct gridwl_view *focused);
/* A window of gridctl's, focus's and placement's: an xdg toplevel or a
 * managed X11 window. */
bool gridwl_view_is_window(const struct gridwl_view *view);
/* Either X11 kind. */
bool gridwl_view_is_x11(const struct gridwl_view *view);
/* Mapped and hidden neither by the session lock nor by its workspace:
 * what is drawn, paced with frame callbacks and reachable by input. */
bool gridwl_view_is_shown(struct gridwl_view *view);
/* Shown and drawn on output: what the output's frames pace and present.
 * It reads last_bounds, kept current on every commit and move, so the
 * frame path does not walk the surface tree. */
bool gridwl_view_shown_on(struct gridwl_view *view,
		struct gridwl_output *output);
void gridwl_view_close(struct gridwl_view *view);
void gridwl_view_set_fullscreen(struct gridwl_view *view, bool fullscreen,
		struct wlr_output *output);
void gridwl_view_set_maximized(struct gridwl_view *view, bool maximized);
void gridwl_view_damage_whole(struct gridwl_view *view);
/* After a commit of any of the view's surfaces. */
void gridwl_view_geometry_committed(struct gridwl_view *view);
bool gridwl_view_is_focused(struct gridwl_view *view);
/* Layout position of the view's main surface (window geometry aside). */
void gridwl_view_surface_origin(struct gridwl_view *view, int *x, int *y);
/* Where one of the view's surfaces (or subsurfaces, popups) is drawn, in
 * layout coordinates; false when it is not one of them or not shown. */
bool gridwl_view_surface_position(struct gridwl_view *view,
		struct wlr_surface *surface, int *lx, int *ly);

/* Popups are drawn with their toplevel; this keeps them inside the output
 * they open on and repaints what they cover. */
void gridwl_popup_create(struct gridwl_server *server,
		struct wlr_xdg_popup *popup);
/* Sends popup_done to the menus holding the seat's popup grab unless they
 * belong to keep, so that focus can move to another window. */
void gridwl_popup_dismiss_grab(struct gridwl_server *server,
		struct gridwl_view *keep);

/* The window (gridwl_view_is_window) with that id, else NULL: gridctl
 * moves, focuses and closes windows, not menus or panels. */
struct gridwl_view *gridwl_view_by_id(struct gridwl_server *server,
		uint32_t id);
struct gridwl_view *gridwl_view_from_surface(struct wlr_surface *surface);
/* compositor/shell/im_popup.c: the view of an input method's popup
 * surface, else NULL. */
struct gridwl_view *gridwl_im_popup_view_from_surface(
		struct wlr_surface *surface);
/* The topmost mapped view with a surface accepting input at the layout
 * point, with that surface and the surface-local point. */
struct gridwl_view *gridwl_view_at(struct gridwl_server *server, double lx,
		double ly, struct wlr_surface **surface, double *sx, double *sy);

/* Keeps fullscreen and maximized views fitted to their outputs, brings
 * views whose output went away back into the layout, and updates which
 * outputs every surface is on. */
void gridwl_views_arrange(struct gridwl_server *server);
/* Sends wl_surface.enter/leave for every surface of the view, and drops the
 * resampled copies no output needs any more. */
void gridwl_view_update_outputs(struct gridwl_view *view);

/* The filter that magnifies the view on output: its window rule's, else
 * the output's. output NULL: the output most of the view is on. */
enum gridwl_filter gridwl_view_filter_on(struct gridwl_view *view,
		struct gridwl_output *output);
/* What window rules (and gridctl wait) match a window against. */
struct gridwl_window_identity gridwl_view_identity(struct gridwl_view *view);
/* Matches the view against the config's window rules again (after its
 * app_id or title changed, or a reload) and repaints it if that changed
 * its filter. */
void gridwl_view_apply_rules(struct gridwl_view *view);
/* compositor/view/view_presented.c. After a commit of any of its surfaces. */
void gridwl_view_committed(struct gridwl_view *view);
/* output (shown) has just presented a frame, or found nothing to repaint:
 * records the commits it shows of the view, if it shows the view. */
void gridwl_view_record_presented(struct gridwl_view *view,
		struct gridwl_output *output);
/* Before output goes away. */
void gridwl_view_forget_presented(struct gridwl_view *view,
		struct gridwl_output *output);
/* Mapped, shown, and every output that is shown and that the view is on
 * has presented its latest commit. */
bool gridwl_view_is_presented(struct gridwl_view *view);

/* compositor/view/view_place.c. As the window maps: what window rules say
 * of its output, position, size and stacking. */
void gridwl_view_place_by_rules(struct gridwl_view *view);
/* Whether a window rule says "floating": every window floats in gridwl,
 * so the word means the window opens at its own size, not maximized nor
 * fullscreen whatever it asked before its first commit. */
bool gridwl_view_rules_floating(struct gridwl_view *view);

/* compositor/view/view_minimize.c. Hides a mapped window (or shows it
 * again) without unmapping it: it keeps its handle, its outputs and its
 * place in focus cycling. A focused window gives the focus away. */
void gridwl_view_set_minimized(struct gridwl_view *view, bool minimized);
bool gridwl_view_is_minimized(const struct gridwl_view *view);

/* compositor/view/view_snap.c. where is "left" or "right" (that half of
 * the usable area of the output most of the window is on, panels' zones
 * left free), "up" (maximized) or "down" (unmaximized, else unsnapped);
 * false when it is no word of these. */
bool gridwl_view_snap(struct gridwl_view *view, const char *where);
/* Back to the size it had before it was snapped, at its place then
 * (keep_position: where it is now). */
void gridwl_view_unsnap(struct gridwl_view *view, bool keep_position);
/* The window's box snapped to that half of output, frame inside it. */
struct wlr_box gridwl_view_snap_box(struct gridwl_view *view,
		struct gridwl_output *output, enum gridwl_snap snap);
/* The window keeps its box and is no longer snapped (a resize made its
 * size the user's). */
void gridwl_view_forget_snap(struct gridwl_view *view);
/* Snapped to that half again, restore the size an unsnap gives back (a
 * keyboard move given up). */
void gridwl_view_resnap(struct gridwl_view *view, enum gridwl_snap snap,
		struct wlr_box restore);
/* Tells the client which of its edges are tiled: those of its half while
 * snapped, none while maximized (the maximized state says it all),
 * fullscreen or floating. */
void gridwl_view_update_tiled(struct gridwl_view *view);
/* After the outputs or panels changed: a snapped window fills its half
 * again. */
void gridwl_view_snap_fit(struct gridwl_view *view);
const char *gridwl_snap_name(enum gridwl_snap snap);
/* During an interactive move, with the pointer at lx, ly: at the left,
 * right or top edge of the layout, the half (or the maximized area) the
 * window would take becomes the server's snap preview. */
void gridwl_view_snap_drag_motion(struct gridwl_view *view, double lx,
		double ly);
/* The move ends: dropped (drop non-NULL) on a shown preview, the window
 * snaps there; the preview goes either way. */
void gridwl_view_snap_drag_end(struct gridwl_server *server,
		struct gridwl_view *drop);
/* A snapped window taken by an interactive move gets its size from before
 * back, under the pointer at lx as far across as it was. */
void gridwl_view_snap_drag_begin(struct gridwl_view *view, double lx);
/* The preview to draw: an outline of box (logical); false when none. */
bool gridwl_server_snap_preview(struct gridwl_server *server,
		struct wlr_box *box);

/* The output most of the view is on (NULL when none). */
struct gridwl_output *gridwl_view_main_output(struct gridwl_view *view);

#endif
