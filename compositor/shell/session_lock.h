#ifndef GRIDWL_COMPOSITOR_SHELL_SESSION_LOCK_H
#define GRIDWL_COMPOSITOR_SHELL_SESSION_LOCK_H

#include <stdbool.h>
#include <stdint.h>

struct gridwl_output;
struct gridwl_server;
struct gridwl_view;
struct json_object;
struct wlr_surface;

/*
 * ext-session-lock-v1 (swaylock, waylock): while the session is locked,
 * outputs show the lock client's surfaces and nothing else, and only they
 * get input. A lock client that dies without unlocking leaves the session
 * locked; another one may lock it again and unlock it.
 */
bool gridwl_session_lock_init(struct gridwl_server *server);
void gridwl_session_lock_finish(struct gridwl_server *server);

bool gridwl_session_is_locked(struct gridwl_server *server);
/* Whether the view is neither drawn nor given input now: any view but the
 * current lock's surfaces while locked, lock surfaces while unlocked. */
bool gridwl_view_hidden_by_lock(struct gridwl_view *view);
/* Whether the keyboard may go to surface now. */
bool gridwl_session_lock_allows_focus(struct gridwl_server *server,
		struct wlr_surface *surface);
/* What outputs show where nothing is drawn (ARGB8888). */
uint32_t gridwl_session_lock_background(struct gridwl_server *server);
/* After output committed a frame: the lock is confirmed to its client once
 * every output has shown a locked frame. */
void gridwl_session_lock_output_presented(struct gridwl_output *output);
/* After an output stopped showing anything (powered off): the lock may
 * now be confirmed without it. */
void gridwl_session_lock_outputs_changed(struct gridwl_server *server);
/* Keeps each lock surface over its output, at the output's logical size. */
void gridwl_session_lock_arrange(struct gridwl_server *server);
/* The view of a lock surface, NULL for any other surface. */
struct gridwl_view *gridwl_lock_view_from_surface(struct wlr_surface *surface);
/* The lock state for gridctl: "unlocked", "locked" or "abandoned". */
const char *gridwl_session_lock_state_name(struct gridwl_server *server);

#endif
