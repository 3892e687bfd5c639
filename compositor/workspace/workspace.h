#ifndef GRIDWL_COMPOSITOR_WORKSPACE_WORKSPACE_H
#define GRIDWL_COMPOSITOR_WORKSPACE_WORKSPACE_H

#include <stdbool.h>
#include <wayland-server-core.h>
#include "config/config.h"

struct gridwl_server;
struct gridwl_view;

/*
 * Global workspaces, as labwc's and KWin's: one is shown, on every output
 * at once, so a window across outputs of different scales stays whole.
 * Windows on the others are not drawn, get no frame callbacks and take no
 * input (gridwl_view_is_shown); layer surfaces and the lock belong to no
 * workspace. Numbered 1 to GRIDWL_WORKSPACE_COUNT.
 */
struct gridwl_workspaces {
	struct gridwl_server *server;
	int shown;
	// The one shown before, for back-and-forth.
	int previous;
	struct {
		// Something gridctl workspaces lists changed: the workspace
		// shown, a window's workspace, a window mapped or gone, its
		// urgency (data: NULL).
		struct wl_signal changed;
	} events;
};

bool gridwl_workspaces_init(struct gridwl_server *server);
void gridwl_workspaces_finish(struct gridwl_server *server);
/* For the listeners of events.changed. */
void gridwl_workspaces_changed(struct gridwl_server *server);

/* The config's name of workspace number, else its number as text, in buf
 * (at least 12 bytes) or the config's own string. */
const char *gridwl_workspace_name(struct gridwl_server *server, int number,
		char *buf, size_t size);
/* A number, a name, next, prev or back-and-forth (from the shown one) as
 * a number; 0 and *error when there is no such workspace. */
int gridwl_workspace_resolve(struct gridwl_server *server, const char *word,
		char **error);
/* Shows workspace number on every output: repaints what changes and gives
 * the keyboard to its top window. */
void gridwl_workspace_show(struct gridwl_server *server, int number);
/* Mapped windows on the workspace (sticky ones on every workspace). */
int gridwl_workspace_window_count(struct gridwl_server *server, int number);
/* A window on it asked for attention (xdg-activation without a token). */
bool gridwl_workspace_urgent(struct gridwl_server *server, int number);

/* Shows the window's workspace, if hidden, leaving the keyboard to the
 * caller: what activating a window does (xdg-activation, a taskbar,
 * gridctl focus), as on labwc and sway. */
void gridwl_view_reveal(struct gridwl_view *view);
/* A window on a workspace that is not shown: drawn nowhere. */
bool gridwl_view_hidden_by_workspace(const struct gridwl_view *view);
/* As it maps: the workspace a window rule names, else the shown one. */
void gridwl_view_take_workspace(struct gridwl_view *view);
/* Moves the window to workspace number; the keyboard goes to the top
 * window shown when it leaves the screen. */
void gridwl_view_move_to_workspace(struct gridwl_view *view, int number);
void gridwl_view_set_sticky(struct gridwl_view *view, bool sticky);
/* The top window shown that can take the keyboard, NULL when none. */
struct gridwl_view *gridwl_workspace_top_window(struct gridwl_server *server);

#endif
