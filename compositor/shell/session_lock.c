#include <assert.h>
#include <stdlib.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_surface.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/idle.h"
#include "compositor/shell/session_lock.h"
#include "compositor/view.h"
#include "ext-session-lock-v1-protocol.h"
#include "input/seat.h"
#include "render/target.h"

/*
 * ext-session-lock-v1, which wlroots 0.15 does not have. A lock surface is
 * a gridwl_view of its own kind, over its output in the topmost band, so
 * it is drawn (resampled at the output's scale like anything else), damaged
 * and given input by the paths windows use; the lock only decides which
 * views those paths see (gridwl_view_hidden_by_lock).
 */

#define SESSION_LOCK_VERSION 1

/* Shown where no lock surface is: black while a lock client holds the
 * lock, red once it died without unlocking (as sway does), so the user
 * knows to start another. */
#define LOCKED_BACKGROUND 0xff000000u
#define ABANDONED_BACKGROUND 0xffcc0000u

struct gridwl_session_lock_manager {
	struct gridwl_server *server;
	struct wl_global *global;
	// The live lock object holding the lock, NULL when there is none.
	struct gridwl_session_lock *lock;
	// Stays true when the lock client dies without unlocking: killing a
	// process must not unlock the session.
	bool locked;
	// The window that had the keyboard before the lock, by id so that it
	// may go away meanwhile.
	uint32_t focused_view_id;
};

struct gridwl_session_lock {
	struct wl_resource *resource;
	// NULL when the lock was refused (finished) or has ended.
	struct gridwl_session_lock_manager *manager;
	bool locked_sent;
	struct wl_list surfaces; // gridwl_lock_surface.link
};

struct gridwl_lock_configure {
	uint32_t serial;
	int width, height;
};

struct gridwl_lock_surface {
	struct gridwl_view view;
	struct wl_resource *resource;
	struct wlr_surface *surface;
	// NULL once the lock ended; its surfaces are never shown again.
	struct gridwl_session_lock *lock;
	struct wl_list link; // gridwl_session_lock.surfaces
	struct wlr_output *output; // NULL once the output is gone
	int configured_width, configured_height; // last sent
	bool acked;
	int acked_width, acked_height;
	// Sizes sent but not acknowledged yet, oldest first, bounded: a client
	// that never acks does not make gridwl grow this.
	struct gridwl_lock_configure pending[8];
	int pending_count;
	struct wl_listener surface_destroy;
	struct wl_listener output_destroy;
};

static struct gridwl_session_lock_manager *manager_of(
		struct gridwl_server *server) {
	return server->session_lock;
}

bool gridwl_session_is_locked(struct gridwl_server *server) {
	struct gridwl_session_lock_manager *manager = manager_of(server);
	return manager != NULL && manager->locked;
}

static bool lock_surface_is_current(struct gridwl_lock_surface *lock_surface) {
	struct gridwl_session_lock *lock = lock_surface->lock;
	return lock != NULL && lock->manager != NULL &&
		lock->manager->lock == lock;
}

bool gridwl_view_hidden_by_lock(struct gridwl_view *view) {
	if (view->kind == GRIDWL_VIEW_LOCK_SURFACE) {
		return !gridwl_session_is_locked(view->server) ||
			!lock_surface_is_current(view->lock_surface);
	}
	return gridwl_session_is_locked(view->server);
}

bool gridwl_session_lock_allows_focus(struct gridwl_server *server,
		struct wlr_surface *surface) {
	if (!gridwl_session_is_locked(server)) {
		return true;
	}
	struct gridwl_view *view = surface != NULL ?
		gridwl_view_from_surface(surface) : NULL;
	return view != NULL && view->kind == GRIDWL_VIEW_LOCK_SURFACE &&
		!gridwl_view_hidden_by_lock(view);
}

uint32_t gridwl_session_lock_background(struct gridwl_server *server) {
	struct gridwl_session_lock_manager *manager = manager_of(server);
	if (manager == NULL || !manager->locked) {
		return GRIDWL_BACKGROUND_ARGB;
	}
	return manager->lock != NULL ? LOCKED_BACKGROUND : ABANDONED_BACKGROUND;
}

const char *gridwl_session_lock_state_name(struct gridwl_server *server) {
	struct gridwl_session_lock_manager *manager = manager_of(server);
	if (manager == NULL || !manager->locked) {
		return "unlocked";
	}
	return manager->lock != NULL ? "locked" : "abandoned";
}

static void damage_all_outputs(struct gridwl_server *server) {
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		gridwl_output_damage_whole(output);
	}
}

/* The lock surface on the output under the pointer, else any shown one. */
static struct gridwl_lock_surface *lock_surface_to_focus(
		struct gridwl_session_lock *lock) {
	struct gridwl_server *server = lock->manager->server;
	struct gridwl_output *under = gridwl_output_at(server,
		server->seat->cursor->x, server->seat->cursor->y);
	struct gridwl_lock_surface *lock_surface, *any = NULL;
	wl_list_for_each(lock_surface, &lock->surfaces, link) {
		if (!lock_surface->view.mapped) {
			continue;
		}
		if (under != NULL && lock_surface->output == under->wlr_output) {
			return lock_surface;
		}
		if (any == NULL) {
			any = lock_surface;
		}
	}
	return any;
}

/* The keyboard belongs to a lock surface while locked; when the one that
 * had it goes, another takes it. */
static void refocus_lock(struct gridwl_session_lock *lock) {
	if (lock->manager == NULL || lock->manager->lock != lock) {
		return;
	}
	struct gridwl_server *server = lock->manager->server;
	struct wlr_surface *focused =
		server->seat->wlr_seat->keyboard_state.focused_surface;
	if (focused != NULL && gridwl_session_lock_allows_focus(server, focused)) {
		return;
	}
	struct gridwl_lock_surface *target = lock_surface_to_focus(lock);
	if (target != NULL) {
		gridwl_seat_focus_surface(server->seat, target->surface);
	}
}

/* --- lock surfaces --- */

static struct gridwl_lock_surface *lock_surface_from_view(
		struct gridwl_view *view) {
	struct gridwl_lock_surface *lock_surface =
		wl_container_of(view, lock_surface, view);
	return lock_surface;
}

static struct wlr_surface *lock_get_surface(struct gridwl_view *view) {
	return lock_surface_from_view(view)->surface;
}

static void lock_get_geometry(struct gridwl_view *view, struct wlr_box *box) {
	struct wlr_surface *surface = lock_surface_from_view(view)->surface;
	*box = (struct wlr_box){ 0, 0, surface->current.width,
		surface->current.height };
}

static void lock_for_each_surface(struct gridwl_view *view,
		gridwl_surface_iterator_t iterator, void *data) {
	wlr_surface_for_each_surface(lock_surface_from_view(view)->surface,
		iterator, data);
}

static struct wlr_surface *lock_surface_at(struct gridwl_view *view,
		double sx, double sy, double *sub_x, double *sub_y) {
	return wlr_surface_surface_at(lock_surface_from_view(view)->surface,
		sx, sy, sub_x, sub_y);
}

static const char *lock_get_string(struct gridwl_view *view) {
	return NULL;
}

/* The lock client does not choose its size, stacking or state. */
static void lock_set_size(struct gridwl_view *view, int width, int height) {
}

static void lock_set_bool(struct gridwl_view *view, bool value) {
}

static void lock_close(struct gridwl_view *view) {
}

static const struct gridwl_view_impl lock_view_impl = {
	.get_surface = lock_get_surface,
	.get_geometry = lock_get_geometry,
	.for_each_surface = lock_for_each_surface,
	.surface_at = lock_surface_at,
	.get_app_id = lock_get_string,
	.get_title = lock_get_string,
	.get_x11_class = lock_get_string,
	.set_size = lock_set_size,
	.moved = NULL,
	.set_activated = lock_set_bool,
	.set_fullscreen = lock_set_bool,
	.set_maximized = lock_set_bool,
	.set_resizing = lock_set_bool,
	.close = lock_close,
};

static void lock_surface_configure(struct gridwl_lock_surface *lock_surface) {
	struct gridwl_output *output = lock_surface->output != NULL ?
		gridwl_output_from_wlr(lock_surface->output) : NULL;
	if (output == NULL || !gridwl_output_is_active(output)) {
		return;
	}
	struct wlr_box box = gridwl_output_logical_box(output);
	if (lock_surface->view.x != box.x || lock_surface->view.y != box.y) {
		if (lock_surface->view.mapped) {
			gridwl_view_move(&lock_surface->view, box.x, box.y);
		} else {
			lock_surface->view.x = box.x;
			lock_surface->view.y = box.y;
		}
	}
	if (box.width == lock_surface->configured_width &&
			box.height == lock_surface->configured_height) {
		return;
	}
	uint32_t serial = wl_display_next_serial(
		lock_surface->view.server->display);
	if (lock_surface->pending_count == (int)(sizeof(lock_surface->pending) /
			sizeof(lock_surface->pending[0]))) {
		// The oldest is dropped; acking it later is then invalid_serial.
		for (int i = 1; i < lock_surface->pending_count; i++) {
			lock_surface->pending[i - 1] = lock_surface->pending[i];
		}
		lock_surface->pending_count--;
	}
	lock_surface->pending[lock_surface->pending_count++] =
		(struct gridwl_lock_configure){ serial, box.width, box.height };
	lock_surface->configured_width = box.width;
	lock_surface->configured_height = box.height;
	ext_session_lock_surface_v1_send_configure(lock_surface->resource, serial,
		box.width, box.height);
}

static void lock_surface_destroy(struct gridwl_lock_surface *lock_surface) {
	struct gridwl_session_lock *lock = lock_surface->lock;
	struct gridwl_server *server = lock_surface->view.server;
	bool had_focus = gridwl_view_is_focused(&lock_surface->view);
	if (lock_surface->view.mapped) {
		gridwl_view_unmap(&lock_surface->view);
	}
	gridwl_view_finish(&lock_surface->view);
	wl_list_remove(&lock_surface->link);
	wl_list_remove(&lock_surface->surface_destroy.link);
	wl_list_remove(&lock_surface->output_destroy.link);
	lock_surface->surface->role_data = NULL;
	wl_resource_set_user_data(lock_surface->resource, NULL);
	free(lock_surface);
	if (had_focus && lock != NULL) {
		refocus_lock(lock);
	}
	gridwl_seat_schedule_pointer_rebase(server->seat);
}

static struct gridwl_lock_surface *lock_surface_from_resource(
		struct wl_resource *resource);

static void lock_surface_handle_ack_configure(struct wl_client *client,
		struct wl_resource *resource, uint32_t serial) {
	struct gridwl_lock_surface *lock_surface =
		lock_surface_from_resource(resource);
	if (lock_surface == NULL) {
		return;
	}
	for (int i = 0; i < lock_surface->pending_count; i++) {
		if (lock_surface->pending[i].serial != serial) {
			continue;
		}
		lock_surface->acked = true;
		lock_surface->acked_width = lock_surface->pending[i].width;
		lock_surface->acked_height = lock_surface->pending[i].height;
		// Older configures are superseded by the one acknowledged.
		int left = lock_surface->pending_count - i - 1;
		for (int j = 0; j < left; j++) {
			lock_surface->pending[j] = lock_surface->pending[i + 1 + j];
		}
		lock_surface->pending_count = left;
		return;
	}
	wl_resource_post_error(resource,
		EXT_SESSION_LOCK_SURFACE_V1_ERROR_INVALID_SERIAL,
		"serial %u was never sent or is superseded", serial);
}

static void lock_surface_handle_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	wl_resource_destroy(resource);
}

static const struct ext_session_lock_surface_v1_interface
		lock_surface_implementation = {
	.destroy = lock_surface_handle_destroy,
	.ack_configure = lock_surface_handle_ack_configure,
};

static struct gridwl_lock_surface *lock_surface_from_resource(
		struct wl_resource *resource) {
	assert(wl_resource_instance_of(resource,
		&ext_session_lock_surface_v1_interface, &lock_surface_implementation));
	return wl_resource_get_user_data(resource);
}

static void lock_surface_resource_destroy(struct wl_resource *resource) {
	struct gridwl_lock_surface *lock_surface =
		lock_surface_from_resource(resource);
	if (lock_surface != NULL) {
		lock_surface_destroy(lock_surface);
	}
}

static void lock_surface_handle_surface_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_lock_surface *lock_surface =
		wl_container_of(listener, lock_surface, surface_destroy);
	lock_surface_destroy(lock_surface);
}

static void lock_surface_handle_output_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_lock_surface *lock_surface =
		wl_container_of(listener, lock_surface, output_destroy);
	// The client sees its wl_output go and destroys the surface; until
	// then it is on no output and shown nowhere.
	wl_list_remove(&lock_surface->output_destroy.link);
	wl_list_init(&lock_surface->output_destroy.link);
	lock_surface->output = NULL;
	if (lock_surface->view.mapped) {
		gridwl_view_unmap(&lock_surface->view);
	}
	// The keyboard it may have had goes to a lock surface still shown,
	// so the password can still be typed.
	if (lock_surface->lock != NULL) {
		refocus_lock(lock_surface->lock);
	}
}

/* Checks what the client is about to commit, before it is applied. */
static void lock_surface_role_precommit(struct wlr_surface *surface) {
	struct gridwl_lock_surface *lock_surface = surface->role_data;
	if (lock_surface == NULL) {
		return;
	}
	const struct wlr_surface_state *pending = &surface->pending;
	bool attaches = pending->committed & WLR_SURFACE_STATE_BUFFER;
	if (attaches && pending->buffer == NULL) {
		wl_resource_post_error(lock_surface->resource,
			EXT_SESSION_LOCK_SURFACE_V1_ERROR_NULL_BUFFER,
			"a lock surface cannot be unmapped with a null buffer");
		return;
	}
	bool has_buffer = attaches || wlr_surface_has_buffer(surface);
	if (!has_buffer) {
		return;
	}
	if (!lock_surface->acked) {
		wl_resource_post_error(lock_surface->resource,
			EXT_SESSION_LOCK_SURFACE_V1_ERROR_COMMIT_BEFORE_FIRST_ACK,
			"a buffer was committed before the first configure was acked");
		return;
	}
	// The size is the output's, in surface-local (logical) units: a scale-1
	// buffer of it is as fine on a scale-2 output as a scale-2 one.
	if (pending->width != lock_surface->acked_width ||
			pending->height != lock_surface->acked_height) {
		wl_resource_post_error(lock_surface->resource,
			EXT_SESSION_LOCK_SURFACE_V1_ERROR_DIMENSIONS_MISMATCH,
			"the surface is %dx%d, the configure acked was %dx%d",
			pending->width, pending->height, lock_surface->acked_width,
			lock_surface->acked_height);
	}
}

/* After the state is applied, before the surface's commit signal. */
static void lock_surface_role_commit(struct wlr_surface *surface) {
	struct gridwl_lock_surface *lock_surface = surface->role_data;
	if (lock_surface == NULL || lock_surface->view.mapped ||
			lock_surface->output == NULL ||
			!wlr_surface_has_buffer(surface)) {
		return;
	}
	struct gridwl_view *view = &lock_surface->view;
	view->mapped = true;
	view->last_bounds = gridwl_view_bounds(view);
	gridwl_view_damage_whole(view);
	gridwl_view_update_outputs(view);
	if (lock_surface->lock != NULL) {
		refocus_lock(lock_surface->lock);
	}
	gridwl_seat_schedule_pointer_rebase(view->server->seat);
	wlr_log(WLR_DEBUG, "Lock surface mapped on %s",
		lock_surface->output->name);
}

static const struct wlr_surface_role lock_surface_role = {
	.name = "ext_session_lock_surface_v1",
	.precommit = lock_surface_role_precommit,
	.commit = lock_surface_role_commit,
};

struct gridwl_view *gridwl_lock_view_from_surface(
		struct wlr_surface *surface) {
	if (surface->role != &lock_surface_role || surface->role_data == NULL) {
		return NULL;
	}
	struct gridwl_lock_surface *lock_surface = surface->role_data;
	return &lock_surface->view;
}

static void check_presented(struct gridwl_session_lock_manager *manager);

void gridwl_session_lock_arrange(struct gridwl_server *server) {
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (view->kind == GRIDWL_VIEW_LOCK_SURFACE) {
			lock_surface_configure(view->lock_surface);
		}
	}
	// The last output the lock waited for may just have gone.
	struct gridwl_session_lock_manager *manager = manager_of(server);
	if (manager != NULL) {
		check_presented(manager);
	}
}

/* --- the lock --- */

static const struct ext_session_lock_v1_interface lock_implementation;

static struct gridwl_session_lock *lock_from_resource(
		struct wl_resource *resource) {
	assert(wl_resource_instance_of(resource, &ext_session_lock_v1_interface,
		&lock_implementation));
	return wl_resource_get_user_data(resource);
}

/* A surface made for a refused or ended lock: an object that does
 * nothing, so the client's requests on it are harmless. */
static void make_inert_lock_surface(struct wl_client *client,
		uint32_t version, uint32_t id) {
	struct wl_resource *resource = wl_resource_create(client,
		&ext_session_lock_surface_v1_interface, version, id);
	if (resource == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &lock_surface_implementation,
		NULL, NULL);
}

static void lock_handle_get_lock_surface(struct wl_client *client,
		struct wl_resource *lock_resource, uint32_t id,
		struct wl_resource *surface_resource,
		struct wl_resource *output_resource) {
	struct gridwl_session_lock *lock = lock_from_resource(lock_resource);
	uint32_t version = wl_resource_get_version(lock_resource);
	struct wlr_surface *surface = wlr_surface_from_resource(surface_resource);
	// An output whose global is gone has no wlr_output behind it.
	struct wlr_output *wlr_output = wlr_output_from_resource(output_resource);
	if (lock->manager == NULL || wlr_output == NULL ||
			gridwl_output_from_wlr(wlr_output) == NULL) {
		make_inert_lock_surface(client, version, id);
		return;
	}
	struct gridwl_lock_surface *other;
	wl_list_for_each(other, &lock->surfaces, link) {
		if (other->output == wlr_output) {
			wl_resource_post_error(lock_resource,
				EXT_SESSION_LOCK_V1_ERROR_DUPLICATE_OUTPUT,
				"output %s has a lock surface already", wlr_output->name);
			return;
		}
	}
	if (wlr_surface_has_buffer(surface) ||
			((surface->pending.committed & WLR_SURFACE_STATE_BUFFER) &&
				surface->pending.buffer != NULL)) {
		wl_resource_post_error(lock_resource,
			EXT_SESSION_LOCK_V1_ERROR_ALREADY_CONSTRUCTED,
			"the surface has a buffer already");
		return;
	}
	struct gridwl_lock_surface *lock_surface =
		calloc(1, sizeof(*lock_surface));
	if (lock_surface == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	if (!wlr_surface_set_role(surface, &lock_surface_role, lock_surface,
			lock_resource, EXT_SESSION_LOCK_V1_ERROR_ROLE)) {
		free(lock_surface);
		return;
	}
	lock_surface->resource = wl_resource_create(client,
		&ext_session_lock_surface_v1_interface, version, id);
	if (lock_surface->resource == NULL) {
		surface->role_data = NULL;
		free(lock_surface);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(lock_surface->resource,
		&lock_surface_implementation, lock_surface,
		lock_surface_resource_destroy);
	lock_surface->surface = surface;
	lock_surface->lock = lock;
	lock_surface->output = wlr_output;
	wl_list_insert(lock->surfaces.prev, &lock_surface->link);
	lock_surface->surface_destroy.notify = lock_surface_handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &lock_surface->surface_destroy);
	lock_surface->output_destroy.notify = lock_surface_handle_output_destroy;
	wl_signal_add(&wlr_output->events.destroy, &lock_surface->output_destroy);

	struct gridwl_view *view = &lock_surface->view;
	view->lock_surface = lock_surface;
	gridwl_view_init(view, lock->manager->server,
		GRIDWL_VIEW_LOCK_SURFACE, &lock_view_impl);
	lock_surface_configure(lock_surface);
}

/* Every surface of the lock leaves it: they are never shown again. */
static void lock_detach_surfaces(struct gridwl_session_lock *lock) {
	struct gridwl_lock_surface *lock_surface, *tmp;
	wl_list_for_each_safe(lock_surface, tmp, &lock->surfaces, link) {
		lock_surface->lock = NULL;
		wl_list_remove(&lock_surface->link);
		wl_list_init(&lock_surface->link);
	}
}

static void lock_handle_unlock_and_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	struct gridwl_session_lock *lock = lock_from_resource(resource);
	struct gridwl_session_lock_manager *manager = lock->manager;
	if (manager == NULL) {
		// A refused lock has nothing to unlock; wl_resource_destroy below
		// ends it all the same.
		wl_resource_destroy(resource);
		return;
	}
	if (!lock->locked_sent) {
		wl_resource_post_error(resource,
			EXT_SESSION_LOCK_V1_ERROR_INVALID_UNLOCK,
			"unlock before the locked event");
		return;
	}
	struct gridwl_server *server = manager->server;
	manager->lock = NULL;
	manager->locked = false;
	lock->manager = NULL;
	lock_detach_surfaces(lock);
	wlr_log(WLR_INFO, "Session unlocked");
	wlr_seat_keyboard_notify_clear_focus(server->seat->wlr_seat);
	struct gridwl_view *previous =
		gridwl_view_by_id(server, manager->focused_view_id);
	if (previous != NULL && previous->mapped) {
		gridwl_view_focus(previous);
	} else {
		struct gridwl_view *view;
		wl_list_for_each(view, &server->views, link) {
			if (view->mapped && gridwl_view_is_window(view)) {
				gridwl_view_focus(view);
				break;
			}
		}
	}
	damage_all_outputs(server);
	gridwl_seat_schedule_pointer_rebase(server->seat);
	gridwl_idle_update(server);
	wl_resource_destroy(resource);
}

static void lock_handle_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	struct gridwl_session_lock *lock = lock_from_resource(resource);
	if (lock->manager != NULL && lock->locked_sent) {
		wl_resource_post_error(resource,
			EXT_SESSION_LOCK_V1_ERROR_INVALID_DESTROY,
			"a lock that is locked ends with unlock_and_destroy");
		return;
	}
	wl_resource_destroy(resource);
}

static const struct ext_session_lock_v1_interface lock_implementation = {
	.destroy = lock_handle_destroy,
	.get_lock_surface = lock_handle_get_lock_surface,
	.unlock_and_destroy = lock_handle_unlock_and_destroy,
};

static void lock_resource_destroy(struct wl_resource *resource) {
	struct gridwl_session_lock *lock = lock_from_resource(resource);
	struct gridwl_session_lock_manager *manager = lock->manager;
	if (manager != NULL && manager->lock == lock) {
		// Gone without unlocking (the client died, or destroyed the lock
		// before it was confirmed): the session stays locked.
		manager->lock = NULL;
		wlr_log(WLR_ERROR, "The lock client went away without unlocking: "
			"the session stays locked until another locker unlocks it");
		damage_all_outputs(manager->server);
	}
	lock_detach_surfaces(lock);
	free(lock);
}

/* Confirms the lock once every output that shows anything has shown a
 * frame drawn since it began, so nothing of the session can still be on
 * screen. An output that is powered off shows nothing (as on sway, where
 * swaylock often runs just before the screens go off, or after). */
static void check_presented(struct gridwl_session_lock_manager *manager) {
	if (manager->lock == NULL || manager->lock->locked_sent) {
		return;
	}
	struct gridwl_output *output;
	wl_list_for_each(output, &manager->server->outputs, link) {
		if (gridwl_output_is_shown(output) && !output->lock_presented) {
			return;
		}
	}
	manager->lock->locked_sent = true;
	ext_session_lock_v1_send_locked(manager->lock->resource);
}

void gridwl_session_lock_output_presented(struct gridwl_output *output) {
	output->lock_presented = true;
	struct gridwl_session_lock_manager *manager = manager_of(output->server);
	if (manager != NULL) {
		check_presented(manager);
	}
}

void gridwl_session_lock_outputs_changed(struct gridwl_server *server) {
	struct gridwl_session_lock_manager *manager = manager_of(server);
	if (manager != NULL) {
		check_presented(manager);
	}
}

static void manager_handle_lock(struct wl_client *client,
		struct wl_resource *manager_resource, uint32_t id) {
	struct gridwl_session_lock_manager *manager =
		wl_resource_get_user_data(manager_resource);
	struct gridwl_session_lock *lock = calloc(1, sizeof(*lock));
	if (lock == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_list_init(&lock->surfaces);
	lock->resource = wl_resource_create(client, &ext_session_lock_v1_interface,
		wl_resource_get_version(manager_resource), id);
	if (lock->resource == NULL) {
		free(lock);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(lock->resource, &lock_implementation,
		lock, lock_resource_destroy);
	if (manager == NULL || manager->lock != NULL) {
		// One lock client at a time; the one that holds the lock stays.
		ext_session_lock_v1_send_finished(lock->resource);
		return;
	}
	struct gridwl_server *server = manager->server;
	lock->manager = manager;
	manager->lock = lock;
	if (!manager->locked) {
		manager->locked = true;
		struct wlr_surface *focused =
			server->seat->wlr_seat->keyboard_state.focused_surface;
		struct gridwl_view *view = focused != NULL ?
			gridwl_view_from_surface(focused) : NULL;
		manager->focused_view_id = view != NULL &&
			gridwl_view_is_window(view) ? view->id : 0;
		wlr_seat_keyboard_notify_clear_focus(server->seat->wlr_seat);
		gridwl_popup_dismiss_grab(server, NULL);
		wlr_log(WLR_INFO, "Session locked");
	} else {
		wlr_log(WLR_INFO, "A new locker took over the session lock");
	}
	// The client is told the session is locked once every output has
	// presented a frame drawn since.
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		output->lock_presented = false;
		gridwl_output_damage_whole(output);
	}
	gridwl_seat_schedule_pointer_rebase(server->seat);
	gridwl_idle_update(server);
	check_presented(manager);
}

static void manager_handle_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	wl_resource_destroy(resource);
}

static const struct ext_session_lock_manager_v1_interface
		manager_implementation = {
	.destroy = manager_handle_destroy,
	.lock = manager_handle_lock,
};

static void manager_bind(struct wl_client *client, void *data,
		uint32_t version, uint32_t id) {
	struct wl_resource *resource = wl_resource_create(client,
		&ext_session_lock_manager_v1_interface, version, id);
	if (resource == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_implementation, data,
		NULL);
}

bool gridwl_session_lock_init(struct gridwl_server *server) {
	struct gridwl_session_lock_manager *manager = calloc(1, sizeof(*manager));
	if (manager == NULL) {
		return false;
	}
	manager->server = server;
	manager->global = wl_global_create(server->display,
		&ext_session_lock_manager_v1_interface, SESSION_LOCK_VERSION,
		manager, manager_bind);
	if (manager->global == NULL) {
		free(manager);
		return false;
	}
	server->session_lock = manager;
	return true;
}

void gridwl_session_lock_finish(struct gridwl_server *server) {
	struct gridwl_session_lock_manager *manager = manager_of(server);
	if (manager == NULL) {
		return;
	}
	// Clients may outlive this (the display is destroyed after): their
	// objects must not reach the freed manager.
	if (manager->lock != NULL) {
		manager->lock->manager = NULL;
	}
	wl_global_destroy(manager->global);
	server->session_lock = NULL;
	free(manager);
}
