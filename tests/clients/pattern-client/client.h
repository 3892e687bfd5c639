#ifndef GRIDWL_TESTS_PATTERN_CLIENT_H
#define GRIDWL_TESTS_PATTERN_CLIENT_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "pattern.h"

struct zwp_idle_inhibit_manager_v1;
struct zxdg_decoration_manager_v1;
struct zxdg_toplevel_decoration_v1;
struct org_kde_kwin_server_decoration_manager;
struct org_kde_kwin_server_decoration;
struct zwp_idle_inhibitor_v1;
struct wp_fractional_scale_manager_v1;
struct wp_fractional_scale_v1;

/*
 * pattern-client: a plain wl_shm client that shows a known pattern at a
 * chosen buffer scale and narrates on stdout, one line per event, what the
 * compositor told it. The integration tests read those lines; people can
 * read them too.
 */

/* Buffer scales the protocol can express and a test could want. */
#define SCALE_MAX 8

/* Subsurfaces and popups: few, since each is there to be told apart. */
#define SUBSURFACES_MAX 4

/* --subsurface X,Y,WxH[,SCALE[,PATTERN]], in logical pixels relative to the
 * main surface. */
struct subsurface_options {
	int x, y, width, height;
	int scale; // 0: the main surface's --scale
	struct pattern pattern;
};

struct client_options {
	int scale; // the first buffer scale; 1 with --scale preferred
	// --scale preferred: redraw at each wl_surface.preferred_buffer_scale
	// of the main surface, as a toolkit does.
	bool scale_preferred;
	// --report-preferred: narrate the main surface's preferred_buffer_scale
	// and preferred_buffer_transform.
	bool report_preferred;
	// --report-fractional: narrate the wp_fractional_scale_v1 preferred
	// scale of the main surface.
	bool report_fractional;
	struct pattern pattern;
	int width, height; // logical, used when the compositor leaves it to us
	const char *fullscreen; // output name, or NULL
	bool maximized;
	const char *app_id;
	const char *title;
	bool bad_scale_set;
	int bad_scale;
	bool odd_buffer;
	struct subsurface_options subsurfaces[SUBSURFACES_MAX];
	int subsurface_count;
	bool no_window_geometry;
	// XRGB8888 buffers (the patterns are opaque either way): what most
	// applications hand in, and a path of its own in the compositor.
	bool opaque;
	int cursor_scale; // --cursor: a cursor surface at this scale; 0 none
	bool inhibit_idle; // --inhibit-idle: an idle inhibitor on the window
	bool ignore_stdin; // --ignore-stdin: no commands, stdin's end ignored
	// --decoration: "server", "client" or "any" (xdg-decoration), or
	// "kde-server", "kde-client" (KDE's server-decoration); NULL for no
	// object.
	const char *decoration;
};

struct client_output {
	struct wl_list link; // client.outputs
	struct client *client;
	uint32_t global_name;
	uint32_t version;
	struct wl_output *wl_output;
	struct zxdg_output_v1 *xdg_output;
	char *xdg_name; // from xdg-output
	char *wl_name; // from wl_output version 4
	char *make, *model;
	int32_t scale;
	int32_t mode_width, mode_height;
	bool xdg_seen; // an xdg_output event has arrived since it was created
	bool has_logical;
	int32_t x, y, logical_width, logical_height;
	bool done; // a wl_output.done has arrived
	bool announced; // its output line has been printed
};

struct client_buffer {
	struct wl_list link; // window.buffers
	struct wl_buffer *wl_buffer;
	uint32_t *data;
	size_t size;
	int width, height;
	bool busy; // the compositor holds it until release
};

/* A wl_subsurface of the main surface, in synchronized mode (the default):
 * its state applies with the main surface's next commit, so one "ready"
 * vouches for both. */
struct subsurface {
	struct window *window;
	int index; // 1-based, in the order of the options; in its lines
	char prefix[32]; // "subsurface INDEX", its lines' prefix
	struct wl_surface *surface;
	struct wl_subsurface *wl_subsurface;
	struct wl_list buffers; // client_buffer.link
	struct client_buffer *front;
	int x, y, width, height; // logical
	int scale;
	struct pattern pattern;
	bool needs_redraw;
};

/* An xdg_popup of the window, without a grab. */
struct popup {
	struct window *window;
	char prefix[8]; // "popup", its lines' prefix
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_popup *xdg_popup;
	struct wl_list buffers; // client_buffer.link
	struct client_buffer *front;
	int32_t pending_width, pending_height; // from xdg_popup.configure
	int width, height; // logical size in use
	int scale;
	struct pattern pattern;
	bool configured;
	bool needs_redraw;
};

struct window {
	struct client *client;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *xdg_toplevel;
	struct wl_list buffers; // client_buffer.link
	struct client_buffer *front; // the buffer last committed
	int32_t pending_width, pending_height; // from xdg_toplevel.configure
	int width, height; // logical size in use
	int scale;
	struct pattern pattern;
	bool configured;
	bool needs_redraw;
	bool shown; // a frame has been committed and seen by the compositor
	struct subsurface *subsurfaces[SUBSURFACES_MAX];
	int subsurface_count;
	struct popup *popup; // NULL when none is open
	struct zwp_idle_inhibitor_v1 *idle_inhibitor; // with --inhibit-idle
	struct zxdg_toplevel_decoration_v1 *decoration; // with --decoration
	struct org_kde_kwin_server_decoration *kde_decoration; // --decoration kde-*
	struct wp_fractional_scale_v1 *fractional_scale; // --report-fractional
};

struct client {
	struct client_options options;
	// The connection, wl_compositor, wl_shm, xdg_wm_base, the seat (for
	// --cursor only), the event loop and the sync lines.
	struct client_skeleton skel;
	struct wl_subcompositor *subcompositor;
	struct zxdg_output_manager_v1 *xdg_output_manager;
	// bound for --inhibit-idle only
	struct zwp_idle_inhibit_manager_v1 *idle_inhibit_manager;
	struct zxdg_decoration_manager_v1 *decoration_manager; // --decoration
	struct org_kde_kwin_server_decoration_manager *kde_decoration_manager;
	// bound for --report-fractional only
	struct wp_fractional_scale_manager_v1 *fractional_scale_manager;
	struct client_cursor *cursor;
	struct wl_list outputs; // client_output.link
	bool globals_known; // the first registry roundtrip is done
	struct window *window;
};

/* cursor.c */
/* What the seat tells a client with --cursor. */
extern const struct client_input_handler client_cursor_input;
void client_cursor_destroy(struct client_cursor *cursor);

/* buffer.c */
/* A buffer of this size the compositor is not reading from, from buffers
 * (which front, the one last committed, also belongs to). */
struct client_buffer *buffer_next(struct client *client,
		struct wl_list *buffers, const struct client_buffer *front, int width,
		int height);
void buffer_destroy(struct client_buffer *buffer);
void buffers_destroy(struct wl_list *buffers);
/* Draws the whole pattern at the buffer's size. */
void buffer_fill(struct client_buffer *buffer, const struct pattern *pattern);
/* Attaches at scale, damages all of it and commits. */
void buffer_commit(struct client_buffer *buffer, struct wl_surface *surface,
		int scale);

/* Emits "PREFIX enter NAME" or "PREFIX leave NAME" (no prefix when it is
 * NULL, for the main surface). */
void client_emit_surface_event(const char *prefix, const char *event,
		struct wl_output *wl_output);
/* The wl_surface listener of a subsurface or popup, whose data is its
 * prefix: its output enters and leaves narrated. Such a surface keeps the
 * scale it was made at, so that what it shows can be predicted from the
 * commands, and ignores the preferred scale and transform. */
extern const struct wl_surface_listener client_fixed_surface_listener;

/* output.c */
void client_output_create(struct client *client, uint32_t global_name,
		uint32_t version);
void client_output_destroy(struct client_output *output);
/* Creates the xdg_output of every output that lacks one. */
void client_outputs_bind_xdg(struct client *client);
/* Called once the initial globals are known: without xdg-output, outputs
 * get named from wl_output alone and are announced now. */
void client_outputs_globals_known(struct client *client);
struct client_output *client_output_from_global(struct client *client,
		uint32_t global_name);
struct client_output *client_output_from_name(struct client *client,
		const char *name);
/* The name tests know the output by; "?" while none is known. */
const char *client_output_name(const struct client_output *output);

/* window.c */
struct window *window_create(struct client *client);
void window_destroy(struct window *window);
/* Draws the whole pattern and commits it when a redraw is due. */
void window_redraw_if_needed(struct window *window);
void window_set_scale(struct window *window, int scale);
void window_set_pattern(struct window *window, const struct pattern *pattern);
/* Redraws only the rectangle, in buffer pixels, with the pattern's colours
 * inverted, and damages only that. */
bool window_damage(struct window *window, int x, int y, int w, int h);
/* subsurface.c */
struct subsurface *subsurface_create(struct window *window, int index,
		const struct subsurface_options *options);
void subsurface_destroy(struct subsurface *subsurface);
/* Commits a new buffer when one is due; the main surface's next commit
 * applies it. False when no buffer could be made. */
bool subsurface_redraw_if_needed(struct subsurface *subsurface);
/* Puts it at x, y (logical, relative to the main surface) and commits the
 * main surface, which applies that. */
void subsurface_move(struct subsurface *subsurface, int x, int y);

/* popup.c */
/* Opens a popup of size w x h anchored at the anchor_size square (1, or 0:
 * a point) at x, y of the window geometry, anchor and gravity
 * bottom-right; adjustment is an xdg_positioner constraint_adjustment bit
 * set. */
struct popup *popup_open(struct window *window, int x, int y, int w, int h,
		int anchor_size, uint32_t adjustment);
void popup_destroy(struct popup *popup);
void popup_redraw_if_needed(struct popup *popup);
/* "none", or a comma separated list of slide, flip, resize (both axes) and
 * slide-x, slide-y, flip-x, flip-y, resize-x, resize-y. */
bool popup_parse_adjustment(const char *text, uint32_t *adjustment);

/* Prints line once the compositor has handled everything sent so far. */
void client_sync(struct client *client, const char *line);
/* Ends the client with status 1 (a buffer it could not make). */
void client_fail(struct client *client);

#endif
