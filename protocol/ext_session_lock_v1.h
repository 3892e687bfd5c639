#ifndef GRIDWL_PROTOCOL_EXT_SESSION_LOCK_V1_H
#define GRIDWL_PROTOCOL_EXT_SESSION_LOCK_V1_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>
#include <wlr/types/wlr_surface.h>

/*
 * The wire side of ext-session-lock-v1, which wlroots 0.15 lacks: its
 * objects, requests, serials and protocol errors. What the lock shows and
 * when it is confirmed is the compositor's (compositor/shell/session_lock.c).
 *
 * The API is wlroots 0.18's <wlr/types/wlr_session_lock_v1.h> with gridwl_
 * for wlr_, so that moving to that helper is a rename. Where gridwl behaves
 * otherwise (the session-lock test asserts it), the comments say so; a move
 * that keeps gridwl's behaviour has to keep those parts.
 */

#define GRIDWL_SESSION_LOCK_SURFACE_V1_MAX_CONFIGURES 8

/* Destroyed with the display, as wlroots' managers are. */
struct gridwl_session_lock_manager_v1 {
	struct wl_global *global;

	struct {
		struct wl_signal new_lock; // struct gridwl_session_lock_v1
		struct wl_signal destroy;
	} events;

	void *data;

	// private state

	struct wl_listener display_destroy;
};

/*
 * A lock a client asked for. The compositor refuses it with
 * gridwl_session_lock_v1_destroy, or confirms it with
 * gridwl_session_lock_v1_send_locked; it then ends with unlock (the client
 * unlocked) or destroy without unlock (the client died or destroyed it
 * before it was confirmed), which compositors treat as keeping the session
 * locked. Destroying the lock object before the locked event is allowed
 * (the protocol says so) where wlroots 0.18 makes it an invalid_destroy
 * error.
 */
struct gridwl_session_lock_v1 {
	struct wl_resource *resource;

	struct wl_list surfaces; // gridwl_session_lock_surface_v1.link

	struct {
		struct wl_signal new_surface; // struct gridwl_session_lock_surface_v1
		struct wl_signal unlock;
		struct wl_signal destroy;
	} events;

	void *data;

	// private state

	bool locked_sent;
};

struct gridwl_session_lock_surface_v1_state {
	uint32_t width, height;
	uint32_t configure_serial;
};

struct gridwl_session_lock_surface_v1_configure {
	uint32_t serial;

	uint32_t width, height;
};

/*
 * Where gridwl differs from wlroots 0.18, whose lock surface is destroyed
 * (made inert) with its lock or its output:
 * - a lock surface outlives its lock: when the lock ends, it leaves the
 *   lock's list (its link is then empty) and lives on, still checked as a
 *   lock surface, until the client destroys it or its wl_surface;
 * - when its output goes, output becomes NULL and it lives on, never
 *   mapped again, until the client destroys it (compositors listen to the
 *   output's destroy signal themselves to stop showing it);
 * - the first commit with a buffer while it has an output maps it
 *   (mapped, events.map, as in wlroots 0.16): wlroots 0.15's surfaces have
 *   no mapped state, where 0.18 maps the wlr_surface itself;
 * - a commit without a buffer is allowed until the first one (0.18 makes
 *   any commit without a buffer a null_buffer error); only attaching a
 *   null buffer is one;
 * - the configures not acknowledged yet are bounded (the oldest is dropped
 *   past GRIDWL_SESSION_LOCK_SURFACE_V1_MAX_CONFIGURES; acking it is then
 *   invalid_serial), so a client that never acks does not make us grow;
 *   0.18 keeps them all.
 */
struct gridwl_session_lock_surface_v1 {
	struct wl_resource *resource;
	struct wl_list link; // gridwl_session_lock_v1.surfaces

	struct wlr_output *output;
	struct wlr_surface *surface;

	bool configured, mapped;

	struct gridwl_session_lock_surface_v1_state current;
	struct gridwl_session_lock_surface_v1_state pending;

	struct {
		struct wl_signal map;
		struct wl_signal destroy;
	} events;

	void *data;

	// private state

	// Oldest first.
	struct gridwl_session_lock_surface_v1_configure
			configures[GRIDWL_SESSION_LOCK_SURFACE_V1_MAX_CONFIGURES];
	int configure_count;

	struct wl_listener output_destroy;
	struct wl_listener surface_destroy;
};

struct gridwl_session_lock_manager_v1 *gridwl_session_lock_manager_v1_create(
		struct wl_display *display);

void gridwl_session_lock_v1_send_locked(struct gridwl_session_lock_v1 *lock);
/* Sends finished: the lock is refused, or ended by the compositor. */
void gridwl_session_lock_v1_destroy(struct gridwl_session_lock_v1 *lock);

/* Returns the serial of the configure sent. */
uint32_t gridwl_session_lock_surface_v1_configure(
		struct gridwl_session_lock_surface_v1 *lock_surface, uint32_t width,
		uint32_t height);

/*
 * Returns NULL if the surface has a different role or if the lock surface
 * has been destroyed.
 */
struct gridwl_session_lock_surface_v1 *
gridwl_session_lock_surface_v1_try_from_wlr_surface(
		struct wlr_surface *surface);

#endif
