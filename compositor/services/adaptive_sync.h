#ifndef GRIDWL_COMPOSITOR_SERVICES_ADAPTIVE_SYNC_H
#define GRIDWL_COMPOSITOR_SERVICES_ADAPTIVE_SYNC_H

#include <stdbool.h>
#include <stddef.h>
#include "config/config.h"

struct gridwl_output;
struct gridwl_server;
struct wlr_output;
struct wlr_output_state;

/*
 * Adaptive sync (variable refresh rate, VRR) on the outputs whose connector
 * is VRR_CAPABLE, as "output NAME adaptive-sync off|on|auto" says. With auto
 * it is on while a fullscreen window or a surface of content type game is
 * shown on the output, and off otherwise. The state goes to the screen with
 * the output's next frame, as the gamma ramps do: a commit of its own could
 * meet a page flip in flight.
 */

/* What one view counts for on an output, free of compositor state so that
 * the decision can be tested on its own. */
struct gridwl_adaptive_sync_view {
	// Drawn on the output now: mapped, on the shown workspace, neither
	// minimized nor behind the lock.
	bool shown;
	// Fullscreen, with this output as the one most of it is on.
	bool fullscreen;
	// Its main surface or one of its children has content type game.
	bool game;
};

/* Why auto turns adaptive sync on, or NONE. */
enum gridwl_adaptive_sync_reason {
	GRIDWL_ADAPTIVE_SYNC_REASON_NONE,
	GRIDWL_ADAPTIVE_SYNC_REASON_SETTING, // "on"
	GRIDWL_ADAPTIVE_SYNC_REASON_FULLSCREEN,
	GRIDWL_ADAPTIVE_SYNC_REASON_GAME,
};

/* Whether the output wants adaptive sync with that setting and those views
 * on it; a fullscreen window is the reason given before a game. */
enum gridwl_adaptive_sync_reason gridwl_adaptive_sync_decide(
		enum gridwl_adaptive_sync setting,
		const struct gridwl_adaptive_sync_view *views, size_t count);
const char *gridwl_adaptive_sync_reason_text(
		enum gridwl_adaptive_sync_reason reason);

bool gridwl_adaptive_sync_init(struct gridwl_server *server);
void gridwl_adaptive_sync_finish(struct gridwl_server *server);

/* Why the output cannot take adaptive sync (by backend), NULL when it can. */
const char *gridwl_adaptive_sync_unsupported(struct wlr_output *wlr_output);

/* Refuses line (a gridctl or wlr-output-management request for output) when
 * it asks for "adaptive-sync on" on an output that cannot: false and
 * *error, before anything is applied. */
bool gridwl_adaptive_sync_check_line(struct gridwl_output *output,
		const struct gridwl_output_config *line, char **error);

/* The output took oc (compositor/output.c): its setting from now on. "on"
 * where the output cannot is logged, and nothing is asked of the output. */
void gridwl_adaptive_sync_configure(struct gridwl_output *output,
		const struct gridwl_output_config *oc);

/* Adds the state the output should be in to its next frame's state when it
 * differs from the current one; true when it did. */
bool gridwl_adaptive_sync_frame_state(struct gridwl_output *output,
		struct wlr_output_state *state);

/* What gridctl outputs reports. */
struct gridwl_adaptive_sync_report {
	enum gridwl_adaptive_sync setting;
	bool supported; // wlroots' adaptive_sync_supported: VRR_CAPABLE on DRM
	bool wanted; // what the setting asks for now, supported or not
	bool enabled; // wlroots' adaptive_sync_status: what the output does
};

struct gridwl_adaptive_sync_report gridwl_adaptive_sync_report(
		struct gridwl_output *output);

#endif
