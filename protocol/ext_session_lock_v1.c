#include <assert.h>
#include <stdlib.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_surface.h>
#include "ext-session-lock-v1-protocol.h"
#include "protocol/ext_session_lock_v1.h"

#define SESSION_LOCK_VERSION 1

static void resource_handle_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	wl_resource_destroy(resource);
}

static const struct ext_session_lock_v1_interface lock_implementation;
static const struct ext_session_lock_surface_v1_interface
		lock_surface_implementation;

/* --- lock surfaces --- */

static struct gridwl_session_lock_surface_v1 *lock_surface_from_resource(
		struct wl_resource *resource) {
	assert(wl_resource_instance_of(resource,
			&ext_session_lock_surface_v1_interface,
			&lock_surface_implementation));
	return wl_resource_get_user_data(resource);
}

static void lock_surface_destroy(
		struct gridwl_session_lock_surface_v1 *lock_surface) {
	wl_signal_emit_mutable(&lock_surface->events.destroy, NULL);
	assert(wl_list_empty(&lock_surface->events.map.listener_list));
	assert(wl_list_empty(&lock_surface->events.destroy.listener_list));

	wl_list_remove(&lock_surface->link);
	wl_list_remove(&lock_surface->surface_destroy.link);
	wl_list_remove(&lock_surface->output_destroy.link);
	lock_surface->surface->role_data = NULL;
	wl_resource_set_user_data(lock_surface->resource, NULL);
	free(lock_surface);
}

uint32_t gridwl_session_lock_surface_v1_configure(
		struct gridwl_session_lock_surface_v1 *lock_surface, uint32_t width,
		uint32_t height) {
	struct wl_display *display = wl_client_get_display(
			wl_resource_get_client(lock_surface->resource));
	uint32_t serial = wl_display_next_serial(display);
	int max = GRIDWL_SESSION_LOCK_SURFACE_V1_MAX_CONFIGURES;
	if (lock_surface->configure_count == max) {
		// The oldest is dropped; acking it later is then invalid_serial.
		for (int i = 1; i < lock_surface->configure_count; i++) {
			lock_surface->configures[i - 1] = lock_surface->configures[i];
		}
		lock_surface->configure_count--;
	}
	lock_surface->configures[lock_surface->configure_count++] =
			(struct gridwl_session_lock_surface_v1_configure){
				.serial = serial,
				.width = width,
				.height = height,
			};
	ext_session_lock_surface_v1_send_configure(lock_surface->resource, serial,
			width, height);
	return serial;
}

static void lock_surface_handle_ack_configure(struct wl_client *client,
		struct wl_resource *resource, uint32_t serial) {
	struct gridwl_session_lock_surface_v1 *lock_surface =
			lock_surface_from_resource(resource);
	if (lock_surface == NULL) {
		return;
	}
	for (int i = 0; i < lock_surface->configure_count; i++) {
		struct gridwl_session_lock_surface_v1_configure *configure =
				&lock_surface->configures[i];
		if (configure->serial != serial) {
			continue;
		}
		lock_surface->pending.configure_serial = configure->serial;
		lock_surface->pending.width = configure->width;
		lock_surface->pending.height = configure->height;
		lock_surface->configured = true;
		// Older configures are superseded by the one acknowledged.
		int left = lock_surface->configure_count - i - 1;
		for (int j = 0; j < left; j++) {
			lock_surface->configures[j] = lock_surface->configures[i + 1 + j];
		}
		lock_surface->configure_count = left;
		return;
	}
	wl_resource_post_error(resource,
			EXT_SESSION_LOCK_SURFACE_V1_ERROR_INVALID_SERIAL,
			"serial %u was never sent or is superseded", serial);
}

static const struct ext_session_lock_surface_v1_interface
		lock_surface_implementation = {
			.destroy = resource_handle_destroy,
			.ack_configure = lock_surface_handle_ack_configure,
		};

static void lock_surface_resource_destroy(struct wl_resource *resource) {
	struct gridwl_session_lock_surface_v1 *lock_surface =
			lock_surface_from_resource(resource);
	if (lock_surface != NULL) {
		lock_surface_destroy(lock_surface);
	}
}

static void lock_surface_handle_surface_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_session_lock_surface_v1 *lock_surface =
			wl_container_of(listener, lock_surface, surface_destroy);
	lock_surface_destroy(lock_surface);
}

static void lock_surface_handle_output_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_session_lock_surface_v1 *lock_surface =
			wl_container_of(listener, lock_surface, output_destroy);
	// The client sees its wl_output go and destroys the surface; until
	// then it is on no output.
	wl_list_remove(&lock_surface->output_destroy.link);
	wl_list_init(&lock_surface->output_destroy.link);
	lock_surface->output = NULL;
}

/* Checks what the client is about to commit, before it is applied. */
static void lock_surface_role_precommit(struct wlr_surface *surface) {
	struct gridwl_session_lock_surface_v1 *lock_surface =
			gridwl_session_lock_surface_v1_try_from_wlr_surface(surface);
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
	if (!lock_surface->configured) {
		wl_resource_post_error(lock_surface->resource,
				EXT_SESSION_LOCK_SURFACE_V1_ERROR_COMMIT_BEFORE_FIRST_ACK,
				"a buffer was committed before the first configure was acked");
		return;
	}
	// The size is the output's, in surface-local (logical) units: a scale-1
	// buffer of it is as fine on a scale-2 output as a scale-2 one.
	if (pending->width != (int)lock_surface->pending.width ||
			pending->height != (int)lock_surface->pending.height) {
		wl_resource_post_error(lock_surface->resource,
				EXT_SESSION_LOCK_SURFACE_V1_ERROR_DIMENSIONS_MISMATCH,
				"the surface is %dx%d, the configure acked was %dx%d",
				pending->width, pending->height,
				(int)lock_surface->pending.width,
				(int)lock_surface->pending.height);
	}
}

/* After the state is applied, before the surface's commit signal. */
static void lock_surface_role_commit(struct wlr_surface *surface) {
	struct gridwl_session_lock_surface_v1 *lock_surface =
			gridwl_session_lock_surface_v1_try_from_wlr_surface(surface);
	if (lock_surface == NULL) {
		return;
	}
	lock_surface->current = lock_surface->pending;
	if (lock_surface->mapped || lock_surface->output == NULL ||
			!wlr_surface_has_buffer(surface)) {
		return;
	}
	lock_surface->mapped = true;
	wl_signal_emit_mutable(&lock_surface->events.map, NULL);
}

static const struct wlr_surface_role lock_surface_role = {
	.name = "ext_session_lock_surface_v1",
	.precommit = lock_surface_role_precommit,
	.commit = lock_surface_role_commit,
};

struct gridwl_session_lock_surface_v1 *
gridwl_session_lock_surface_v1_try_from_wlr_surface(
		struct wlr_surface *surface) {
	if (surface->role != &lock_surface_role) {
		return NULL;
	}
	return surface->role_data;
}

/* --- the lock --- */

static struct gridwl_session_lock_v1 *lock_from_resource(
		struct wl_resource *resource) {
	assert(wl_resource_instance_of(resource, &ext_session_lock_v1_interface,
			&lock_implementation));
	return wl_resource_get_user_data(resource);
}

/* A surface made for a refused or ended lock, or for an output that is
 * gone: an object that does nothing, so the client's requests on it are
 * harmless. */
static void make_inert_lock_surface(struct wl_client *client, uint32_t version,
		uint32_t id) {
	struct wl_resource *resource = wl_resource_create(client,
			&ext_session_lock_surface_v1_interface, version, id);
	if (resource == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &lock_surface_implementation, NULL,
			NULL);
}

static void lock_handle_get_lock_surface(struct wl_client *client,
		struct wl_resource *lock_resource, uint32_t id,
		struct wl_resource *surface_resource,
		struct wl_resource *output_resource) {
	struct gridwl_session_lock_v1 *lock = lock_from_resource(lock_resource);
	uint32_t version = wl_resource_get_version(lock_resource);
	struct wlr_surface *surface = wlr_surface_from_resource(surface_resource);
	// An output whose global is gone has no wlr_output behind it.
	struct wlr_output *output = wlr_output_from_resource(output_resource);
	if (lock == NULL || output == NULL) {
		make_inert_lock_surface(client, version, id);
		return;
	}
	struct gridwl_session_lock_surface_v1 *other;
	wl_list_for_each(other, &lock->surfaces, link) {
		if (other->output == output) {
			wl_resource_post_error(lock_resource,
					EXT_SESSION_LOCK_V1_ERROR_DUPLICATE_OUTPUT,
					"output %s has a lock surface already", output->name);
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
	struct gridwl_session_lock_surface_v1 *lock_surface =
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
	lock_surface->output = output;
	wl_list_insert(lock->surfaces.prev, &lock_surface->link);
	wl_signal_init(&lock_surface->events.map);
	wl_signal_init(&lock_surface->events.destroy);
	lock_surface->surface_destroy.notify = lock_surface_handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &lock_surface->surface_destroy);
	lock_surface->output_destroy.notify = lock_surface_handle_output_destroy;
	wl_signal_add(&output->events.destroy, &lock_surface->output_destroy);

	wl_signal_emit_mutable(&lock->events.new_surface, lock_surface);
}

static void lock_handle_unlock_and_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	struct gridwl_session_lock_v1 *lock = lock_from_resource(resource);
	if (lock == NULL) {
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
	wl_signal_emit_mutable(&lock->events.unlock, NULL);
	wl_resource_destroy(resource);
}

static void lock_handle_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	struct gridwl_session_lock_v1 *lock = lock_from_resource(resource);
	if (lock != NULL && lock->locked_sent) {
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

void gridwl_session_lock_v1_send_locked(struct gridwl_session_lock_v1 *lock) {
	assert(!lock->locked_sent);
	lock->locked_sent = true;
	ext_session_lock_v1_send_locked(lock->resource);
}

static void lock_destroy(struct gridwl_session_lock_v1 *lock) {
	// Its surfaces leave it but live on until the client destroys them.
	struct gridwl_session_lock_surface_v1 *lock_surface, *tmp;
	wl_list_for_each_safe(lock_surface, tmp, &lock->surfaces, link) {
		wl_list_remove(&lock_surface->link);
		wl_list_init(&lock_surface->link);
	}

	wl_signal_emit_mutable(&lock->events.destroy, NULL);
	assert(wl_list_empty(&lock->events.new_surface.listener_list));
	assert(wl_list_empty(&lock->events.unlock.listener_list));
	assert(wl_list_empty(&lock->events.destroy.listener_list));

	wl_resource_set_user_data(lock->resource, NULL);
	free(lock);
}

void gridwl_session_lock_v1_destroy(struct gridwl_session_lock_v1 *lock) {
	ext_session_lock_v1_send_finished(lock->resource);
	lock_destroy(lock);
}

static void lock_resource_destroy(struct wl_resource *resource) {
	struct gridwl_session_lock_v1 *lock = lock_from_resource(resource);
	if (lock != NULL) {
		lock_destroy(lock);
	}
}

/* --- the manager --- */

static void manager_handle_lock(struct wl_client *client,
		struct wl_resource *manager_resource, uint32_t id) {
	struct gridwl_session_lock_manager_v1 *manager =
			wl_resource_get_user_data(manager_resource);
	struct gridwl_session_lock_v1 *lock = calloc(1, sizeof(*lock));
	if (lock == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	lock->resource = wl_resource_create(client, &ext_session_lock_v1_interface,
			wl_resource_get_version(manager_resource), id);
	if (lock->resource == NULL) {
		free(lock);
		wl_client_post_no_memory(client);
		return;
	}
	wl_list_init(&lock->surfaces);
	wl_signal_init(&lock->events.new_surface);
	wl_signal_init(&lock->events.unlock);
	wl_signal_init(&lock->events.destroy);
	wl_resource_set_implementation(lock->resource, &lock_implementation, lock,
			lock_resource_destroy);

	wl_signal_emit_mutable(&manager->events.new_lock, lock);
}

static const struct ext_session_lock_manager_v1_interface
		manager_implementation = {
			.destroy = resource_handle_destroy,
			.lock = manager_handle_lock,
		};

static void manager_bind(struct wl_client *client, void *data, uint32_t version,
		uint32_t id) {
	struct wl_resource *resource = wl_resource_create(client,
			&ext_session_lock_manager_v1_interface, version, id);
	if (resource == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_implementation, data,
			NULL);
}

static void manager_handle_display_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_session_lock_manager_v1 *manager =
			wl_container_of(listener, manager, display_destroy);
	wl_signal_emit_mutable(&manager->events.destroy, NULL);
	assert(wl_list_empty(&manager->events.new_lock.listener_list));
	assert(wl_list_empty(&manager->events.destroy.listener_list));
	wl_list_remove(&manager->display_destroy.link);
	wl_global_destroy(manager->global);
	free(manager);
}

struct gridwl_session_lock_manager_v1 *gridwl_session_lock_manager_v1_create(
		struct wl_display *display) {
	struct gridwl_session_lock_manager_v1 *manager =
			calloc(1, sizeof(*manager));
	if (manager == NULL) {
		return NULL;
	}
	manager->global =
			wl_global_create(display, &ext_session_lock_manager_v1_interface,
					SESSION_LOCK_VERSION, manager, manager_bind);
	if (manager->global == NULL) {
		free(manager);
		return NULL;
	}
	wl_signal_init(&manager->events.new_lock);
	wl_signal_init(&manager->events.destroy);
	manager->display_destroy.notify = manager_handle_display_destroy;
	wl_display_add_destroy_listener(display, &manager->display_destroy);
	return manager;
}
