#ifndef GRIDWL_COMPOSITOR_OUTPUT_H
#define GRIDWL_COMPOSITOR_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>
#include <wlr/types/wlr_damage_ring.h>
#include <wlr/util/box.h>
#include "config/config.h"
#include "config/scale.h"
#include "compositor/frame/upright.h"
#include "render/plan.h"

struct gridwl_server;
struct pixman_region32;

/* What the exclusive zones of layer surfaces take from each edge of an
 * output, in logical pixels (see compositor/shell/layer_shell.c). */
struct gridwl_output_insets {
	int64_t top, right, bottom, left;
};

/* Whence an output's scale (compositor/output_scale.h). */
enum gridwl_scale_source {
	GRIDWL_SCALE_SOURCE_DEFAULT,
	GRIDWL_SCALE_SOURCE_CONFIG,
	GRIDWL_SCALE_SOURCE_AUTO,
};

struct gridwl_output {
	struct wl_list link; // gridwl_server.outputs
	struct gridwl_server *server;
	struct wlr_output *wlr_output;
	// What changed since each of the swapchain's buffers was drawn, in
	// physical output coordinates.
	struct wlr_damage_ring damage_ring;
	// What its frames show (compositor/frame/plan.h), kept so that a frame
	// reuses the storage of the one before.
	struct gridwl_frame_plan plan;
	// The views its current frame found on it (struct gridwl_frame_view,
	// compositor/frame/plan.h), filled as its plan is built and read by
	// that frame's callbacks, presentation and gridctl wait; empty
	// between frames.
	struct wl_array frame_views;
	// Rotated or flipped: its picture composed upright.
	struct gridwl_upright upright;

	// What gridwl applies, with wlroots' float scale kept out of the way:
	// the true scale in 120ths (config/scale.h), which every logical to
	// device computation uses (compositor/layout.h), and the integer that
	// clients without wp_fractional_scale_v1 draw at (rounded up), which
	// wl_output.scale says.
	int scale120;
	int scale;
	enum gridwl_scale_source scale_source; // compositor/output_scale.h
	enum gridwl_filter filter;
	struct gridwl_output_insets usable_insets;
	// Frames composed and committed; gridctl reports it so tests can see
	// that an unchanged output is left alone.
	uint64_t frames;
	// Commits that only moved the hardware cursor plane, showing the same
	// buffer again (compositor/frame/output_frame.c): nothing composed.
	uint64_t cursor_commits;
	// The buffer of the last commit that had one, locked: what the screen
	// shows, for those commits. NULL while the output is off.
	struct wlr_buffer *shown_buffer;
	// The pixels those frames composed (their buffers' damage), for
	// gridctl too: what a frame cost.
	uint64_t composed_pixels;
	// Plans built for it, which dates what they found covered
	// (compositor/frame/occluders.h).
	uint64_t plan_seq;
	// A frame was presented since the session was locked.
	bool lock_presented;
	// The screen is on ("power on", the default). An output that is off
	// stays in the layout with its windows and wl_output, as on sway; it
	// is just not drawn to (see compositor/services/output_power.c).
	bool powered;
	// Automatically placed until an output was placed against it, and kept
	// where it was then (compositor/output.c place_relative).
	bool anchored;

	struct wl_listener frame;
	struct wl_listener damage;
	struct wl_listener needs_frame;
	struct wl_listener destroy;
	struct wl_listener commit;
};

/* server->events.output_frame */
struct gridwl_output_frame_event {
	struct gridwl_output *output;
	bool repainted; // a frame was committed, not just found unchanged
};

void gridwl_output_handle_new(struct gridwl_server *server,
		struct wlr_output *wlr_output);

/* The config that applies to the output now: file lines, then --output lines,
 * then run-time changes. Applies and commits it; false and *error when the
 * backend refuses (the previous state then stays). */
bool gridwl_output_apply_config(struct gridwl_output *output,
		const struct gridwl_output_config *oc, char **error);
/* Puts every output placed against another (position right-of ...) where
 * that one is now; after any change of the layout. */
void gridwl_outputs_place_relative(struct gridwl_server *server);
/* Re-applies what the server's configuration says for this output. */
bool gridwl_output_configure(struct gridwl_output *output, char **error);

/* Applies line (a gridctl output, wlr-output-management or power request,
 * named for this output) over what the output's config says now, and
 * records it as a run-time line so that a reload keeps it. Takes line; false
 * and *error when the backend refuses, and then nothing is recorded. */
bool gridwl_output_apply_line(struct gridwl_output *output,
		struct gridwl_output_config *line, char **error);

/* Logical geometry in the layout; all zero when disabled. */
struct wlr_box gridwl_output_logical_box(struct gridwl_output *output);
/* In the layout: windows, panels, the pointer and clients' wl_output see
 * it, also while it is powered off. */
bool gridwl_output_is_active(struct gridwl_output *output);
/* Active and powered on: something is drawn to it and presented. */
bool gridwl_output_is_shown(struct gridwl_output *output);

struct gridwl_output *gridwl_output_by_name(struct gridwl_server *server,
		const char *name);
struct gridwl_output *gridwl_output_from_wlr(struct wlr_output *wlr_output);
/* The output under a layout point, or the nearest one; NULL if none. */
struct gridwl_output *gridwl_output_at(struct gridwl_server *server, double lx,
		double ly);

/* Damage in logical layout coordinates, repainted on every output it
 * touches at that output's scale. */
void gridwl_output_damage_logical_box(struct gridwl_output *output,
		const struct wlr_box *box);
void gridwl_output_damage_logical_region(struct gridwl_output *output,
		struct pixman_region32 *region);
/* The same less covered (the output's device pixels; NULL: nothing), what
 * the output cannot show of it. */
void gridwl_output_damage_logical_region_under(struct gridwl_output *output,
		struct pixman_region32 *region, const struct pixman_region32 *covered);
void gridwl_output_damage_whole(struct gridwl_output *output);
void gridwl_server_damage_logical_box(struct gridwl_server *server,
		const struct wlr_box *box);

/* Sends the current state to wlr-output-management clients. */
void gridwl_output_manager_update(struct gridwl_server *server);
void gridwl_output_manager_init(struct gridwl_server *server);
void gridwl_output_manager_finish(struct gridwl_server *server);

/* Makes a new headless/nested output named name (NULL: the first free
 * HEADLESS-N, WL-N or X11-N), configured from the server's config with extra
 * (may be NULL) recorded over it as a run-time line. NULL and *error when
 * the backend cannot. */
struct gridwl_output *gridwl_output_create(struct gridwl_server *server,
		const char *name, const struct gridwl_output_config *extra,
		char **error);

/* What applies to an output of that name: the file's lines, then --output
 * and run-time lines. A fresh config the caller destroys. */
struct gridwl_output_config *gridwl_server_output_config_for(
		struct gridwl_server *server, const char *name);

#endif
