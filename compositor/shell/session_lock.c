#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_session_lock_v1.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/idle.h"
#include "compositor/shell/session_lock.h"
#include "compositor/view/view.h"
#include "input/seat.h"
#include "render/plan.h"

/*
 * gridwl's policy for ext-session-lock-v1, whose wire side is wlroots'
 * wlr_session_lock_v1. A lock surface is a gridwl_view of its own kind,
 * over its output in the topmost band, so it is drawn (resampled at the
 * output's scale like anything else), damaged and given input by the paths
 * windows use; the lock only decides which views those paths see
 * (gridwl_view_hidden_by_lock).
 *
 * Up to wlroots 0.15 gridwl had a wire side of its own; wlroots' helper
 * passes every session-lock test and replaces it. It differs where no test
 * or promise of gridwl's depended on the old one: lock surfaces are
 * destroyed with their lock and with their output (the lock's policy below
 * sees that as their going), a commit without a buffer and destroying a
 * lock before it is confirmed are protocol errors, and unacknowledged
 * configures are not bounded.
 */

/* Shown where no lock surface is: black while a lock client holds the
 * lock, red once it died without unlocking (as sway does), so the user
 * knows to start another. */
#define LOCKED_BACKGROUND 0xff000000u
#define ABANDONED_BACKGROUND 0xffcc0000u

struct gridwl_session_lock_manager {
	struct gridwl_server *server;
	struct wlr_session_lock_manager_v1 *wire;
	// The live lock object holding the lock, NULL when there is none.
	struct gridwl_session_lock *lock;
	// Stays true when the lock client dies without unlocking: killing a
	// process must not unlock the session.
	bool locked;
	// The window that had the keyboard before the lock, by id so that it
	// may go away meanwhile.
	uint32_t focused_view_id;
	struct wl_listener new_lock;
	struct wl_listener wire_destroy;
};

/* A lock that was not refused. */
struct gridwl_session_lock {
	struct wlr_session_lock_v1 *wire;
	// NULL when the lock has ended.
	struct gridwl_session_lock_manager *manager;
	bool locked_sent;
	struct wl_list surfaces; // gridwl_lock_surface.link
	struct wl_listener new_surface;
	struct wl_listener unlock;
	struct wl_listener destroy;
};

struct gridwl_lock_surface {
	struct gridwl_view view;
	struct wlr_session_lock_surface_v1 *wire;
	struct wlr_surface *surface;
	// NULL once the lock ended: it is never shown again (wlroots destroys
	// it with the lock right after).
	struct gridwl_session_lock *lock;
	struct wl_list link; // gridwl_session_lock.surfaces
	int configured_width, configured_height; // last sent
	struct wl_listener map; // on the wl_surface
	struct wl_listener destroy;
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
	return lock != NULL && lock->manager != NULL && lock->manager->lock == lock;
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
	struct gridwl_view *view =
			surface != NULL ? gridwl_view_from_surface(surface) : NULL;
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
		if (under != NULL && lock_surface->wire->output == under->wlr_output) {
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

static struct wlr_surface *lock_surface_at(struct gridwl_view *view, double sx,
		double sy, double *sub_x, double *sub_y) {
	return wlr_surface_surface_at(lock_surface_from_view(view)->surface, sx, sy,
			sub_x, sub_y);
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
	struct wlr_output *wlr_output = lock_surface->wire->output;
	struct gridwl_output *output =
			wlr_output != NULL ? gridwl_output_from_wlr(wlr_output) : NULL;
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
	lock_surface->configured_width = box.width;
	lock_surface->configured_height = box.height;
	wlr_session_lock_surface_v1_configure(lock_surface->wire, box.width,
			box.height);
}

static void lock_surface_handle_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_lock_surface *lock_surface =
			wl_container_of(listener, lock_surface, destroy);
	struct gridwl_session_lock *lock = lock_surface->lock;
	struct gridwl_server *server = lock_surface->view.server;
	bool had_focus = gridwl_view_is_focused(&lock_surface->view);
	if (lock_surface->view.mapped) {
		gridwl_view_unmap(&lock_surface->view);
	}
	gridwl_view_finish(&lock_surface->view);
	wl_list_remove(&lock_surface->link);
	wl_list_remove(&lock_surface->map.link);
	wl_list_remove(&lock_surface->destroy.link);
	// Its surface is no lock view from now on (refocus_lock asks).
	lock_surface->wire->data = NULL;
	free(lock_surface);
	if (had_focus && lock != NULL) {
		refocus_lock(lock);
	}
	gridwl_seat_schedule_pointer_rebase(server->seat);
}

/* The first buffer committed, after the state is applied and before the
 * surface's commit signal. */
static void lock_surface_handle_map(struct wl_listener *listener, void *data) {
	struct gridwl_lock_surface *lock_surface =
			wl_container_of(listener, lock_surface, map);
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
			lock_surface->wire->output->name);
}

struct gridwl_view *gridwl_lock_view_from_surface(struct wlr_surface *surface) {
	struct wlr_session_lock_surface_v1 *wire =
			wlr_session_lock_surface_v1_try_from_wlr_surface(surface);
	if (wire == NULL || wire->data == NULL) {
		return NULL;
	}
	struct gridwl_lock_surface *lock_surface = wire->data;
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

static void lock_handle_new_surface(struct wl_listener *listener, void *data) {
	struct gridwl_session_lock *lock =
			wl_container_of(listener, lock, new_surface);
	struct wlr_session_lock_surface_v1 *wire = data;
	if (lock->manager == NULL) {
		// Past gridwl_session_lock_finish: nothing is shown any more.
		return;
	}
	struct gridwl_lock_surface *lock_surface = calloc(1, sizeof(*lock_surface));
	if (lock_surface == NULL) {
		wl_resource_post_no_memory(wire->resource);
		return;
	}
	lock_surface->wire = wire;
	lock_surface->surface = wire->surface;
	lock_surface->lock = lock;
	wl_list_insert(lock->surfaces.prev, &lock_surface->link);
	lock_surface->map.notify = lock_surface_handle_map;
	wl_signal_add(&wire->surface->events.map, &lock_surface->map);
	// Also when its output goes: the keyboard it may have had then goes
	// to a lock surface still shown, so the password can still be typed.
	lock_surface->destroy.notify = lock_surface_handle_destroy;
	wl_signal_add(&wire->events.destroy, &lock_surface->destroy);
	wire->data = lock_surface;

	struct gridwl_view *view = &lock_surface->view;
	view->lock_surface = lock_surface;
	gridwl_view_init(view, lock->manager->server, GRIDWL_VIEW_LOCK_SURFACE,
			&lock_view_impl);
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

/* The wire side destroys the lock object right after. */
static void lock_handle_unlock(struct wl_listener *listener, void *data) {
	struct gridwl_session_lock *lock = wl_container_of(listener, lock, unlock);
	struct gridwl_session_lock_manager *manager = lock->manager;
	if (manager == NULL) {
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
}

static void lock_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_session_lock *lock = wl_container_of(listener, lock, destroy);
	struct gridwl_session_lock_manager *manager = lock->manager;
	if (manager != NULL && manager->lock == lock) {
		// Gone without unlocking (the client died, or destroyed the lock
		// before it was confirmed): the session stays locked.
		manager->lock = NULL;
		wlr_log(WLR_ERROR,
				"The lock client went away without unlocking: "
				"the session stays locked until another locker unlocks it");
		damage_all_outputs(manager->server);
	}
	lock_detach_surfaces(lock);
	wl_list_remove(&lock->new_surface.link);
	wl_list_remove(&lock->unlock.link);
	wl_list_remove(&lock->destroy.link);
	lock->wire->data = NULL;
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
	wlr_session_lock_v1_send_locked(manager->lock->wire);
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

static void manager_handle_new_lock(struct wl_listener *listener, void *data) {
	struct gridwl_session_lock_manager *manager =
			wl_container_of(listener, manager, new_lock);
	struct wlr_session_lock_v1 *wire = data;
	if (manager->lock != NULL) {
		// One lock client at a time; the one that holds the lock stays.
		wlr_session_lock_v1_destroy(wire);
		return;
	}
	struct gridwl_session_lock *lock = calloc(1, sizeof(*lock));
	if (lock == NULL) {
		wl_resource_post_no_memory(wire->resource);
		return;
	}
	lock->wire = wire;
	wl_list_init(&lock->surfaces);
	lock->new_surface.notify = lock_handle_new_surface;
	wl_signal_add(&wire->events.new_surface, &lock->new_surface);
	lock->unlock.notify = lock_handle_unlock;
	wl_signal_add(&wire->events.unlock, &lock->unlock);
	lock->destroy.notify = lock_handle_destroy;
	wl_signal_add(&wire->events.destroy, &lock->destroy);
	wire->data = lock;

	struct gridwl_server *server = manager->server;
	lock->manager = manager;
	manager->lock = lock;
	if (!manager->locked) {
		manager->locked = true;
		struct wlr_surface *focused =
				server->seat->wlr_seat->keyboard_state.focused_surface;
		struct gridwl_view *view =
				focused != NULL ? gridwl_view_from_surface(focused) : NULL;
		manager->focused_view_id =
				view != NULL && gridwl_view_is_window(view) ? view->id : 0;
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

/* Only if the display went first: nothing is locked by protocol from then
 * on. */
static void manager_handle_wire_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_session_lock_manager *manager =
			wl_container_of(listener, manager, wire_destroy);
	wl_list_remove(&manager->new_lock.link);
	wl_list_init(&manager->new_lock.link);
	wl_list_remove(&manager->wire_destroy.link);
	wl_list_init(&manager->wire_destroy.link);
	manager->wire = NULL;
}

bool gridwl_session_lock_init(struct gridwl_server *server) {
	struct gridwl_session_lock_manager *manager = calloc(1, sizeof(*manager));
	if (manager == NULL) {
		return false;
	}
	manager->server = server;
	// Destroyed with the display.
	manager->wire = wlr_session_lock_manager_v1_create(server->display);
	if (manager->wire == NULL) {
		free(manager);
		return false;
	}
	manager->new_lock.notify = manager_handle_new_lock;
	wl_signal_add(&manager->wire->events.new_lock, &manager->new_lock);
	manager->wire_destroy.notify = manager_handle_wire_destroy;
	wl_signal_add(&manager->wire->events.destroy, &manager->wire_destroy);
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
	wl_list_remove(&manager->new_lock.link);
	wl_list_remove(&manager->wire_destroy.link);
	server->session_lock = NULL;
	free(manager);
}
