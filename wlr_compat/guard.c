#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-server-core.h>
#include <wlr/types/wlr_layer_shell_v1.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_surface.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include "wlr_compat/guard.h"

/*
 * Requests that wlroots 0.15.1 mishandles so that any client can crash
 * gridwl or corrupt its heap (found by tests/fuzz/protocol; later wlroots
 * fixed or rewrote each). A protocol logger sees every request before
 * libwayland dispatches it; for these it puts wlroots' state right first,
 * with wlroots' own public API, so that what wlroots then does is safe:
 *
 * - wl_subsurface.place_above/below once the parent surface is gone:
 *   wlroots dereferences the NULL parent. No sibling can be valid then, so
 *   the client gets the protocol's bad_surface error, and wlroots sees a
 *   wl_subsurface without its object, which it ignores.
 * - A toplevel's parent destroyed before it was ever mapped: wlroots moves
 *   children to the grandparent only when the parent unmaps, and leaves
 *   their listener on the freed parent otherwise. Its children are moved
 *   here before it goes, as the unmap would.
 * - Popups of an xdg_surface whose role object is gone: wlroots destroys a
 *   surface's popups only while it has a role, and leaves them linked to
 *   (and pointing at) the freed surface otherwise. They are dismissed here
 *   before it goes, as they would be with a role.
 * - The same for a layer surface destroyed while not mapped (by its client,
 *   with its wl_surface, or by gridwl): its popups are dismissed first.
 * - zwlr_layer_surface_v1.get_popup of a popup that has a parent already
 *   (wlroots links it into a second list) or whose xdg_surface is gone
 *   (wlroots dereferences NULL): the client gets invalid_surface_state,
 *   and wlroots sees a layer surface without its object, which it ignores.
 * - An opaque region of several rectangles, then a buffer in an opaque
 *   format: wlroots initialises the region over the old one and leaks its
 *   rectangles. Before anything that applies surface state, a region of
 *   several rectangles is emptied (wlroots recomputes it from the state).
 *
 * - zwp_pointer_constraints_v1.lock_pointer/confine_pointer and
 *   zwp_relative_pointer_manager_v1.get_relative_pointer with an inert
 *   wl_pointer (asked for after the seat lost its last pointer): wlroots
 *   reads the seat through the pointer's NULL seat client. For that one
 *   request the pointer is lent the client's seat client, so the object
 *   is made for the seat as with a live pointer; it is inert again before
 *   the client's next request.
 *
 * When a client goes, libwayland destroys its objects in the order they
 * were made, parents first, so the same is done for all its surfaces as
 * soon as it starts to go.
 */

struct gridwl_wlroots_guard {
	struct wlr_xdg_shell *xdg_shell;
	struct wlr_seat *seat; // NULL until gridwl_wlroots_guard_set_seat
	struct wl_protocol_logger *logger;
	struct wl_listener client_created;
};

/*
 * A client's going, which its surfaces are made safe for. A resource whose
 * object was taken away for one request (see hide_object) is given it back
 * here: the request was a protocol error, so libwayland ends the client
 * right after it, and this runs before wlroots' destructor of the resource
 * reads the object to free it.
 */
struct guarded_client {
	struct gridwl_wlroots_guard *guard;
	struct wl_listener destroy;
	struct wl_resource *hidden_resource;
	void *hidden_object;
	// An inert wl_pointer lent its seat client for one request.
	struct wl_resource *lent_pointer;
};

static void client_handle_destroy(struct wl_listener *listener, void *data);

/* What the guard keeps for the client that owns resource. */
static struct guarded_client *guarded_client_of(struct wl_resource *resource) {
	struct wl_listener *listener =
			wl_client_get_destroy_listener(wl_resource_get_client(resource),
					client_handle_destroy);
	if (listener == NULL) {
		return NULL;
	}
	struct guarded_client *guarded =
			wl_container_of(listener, guarded, destroy);
	return guarded;
}

/* After a protocol error on resource: wlroots' handler of the request then
 * finds no object and does nothing. */
static void hide_object(struct wl_resource *resource) {
	struct guarded_client *guarded = guarded_client_of(resource);
	if (guarded == NULL) {
		return;
	}
	guarded->hidden_resource = resource;
	guarded->hidden_object = wl_resource_get_user_data(resource);
	wl_resource_set_user_data(resource, NULL);
}

static void guard_orphan_place(struct wl_resource *resource,
		const char *request) {
	struct wlr_subsurface *subsurface = wl_resource_get_user_data(resource);
	if (subsurface == NULL || subsurface->parent != NULL) {
		return;
	}
	wl_resource_post_error(resource, WL_SUBSURFACE_ERROR_BAD_SURFACE,
			"%s: the parent of wl_subsurface@%" PRIu32 " is destroyed, so "
			"it has no siblings",
			request, wl_resource_get_id(resource));
	hide_object(resource);
}

static void empty_opaque_region(struct wlr_surface *surface) {
	if (pixman_region32_n_rects(&surface->opaque_region) > 1) {
		pixman_region32_clear(&surface->opaque_region);
	}
}

/* A commit applies cached state of synchronized subsurfaces too. */
static void empty_opaque_regions(struct wlr_surface *surface) {
	empty_opaque_region(surface);
	struct wl_list *lists[] = {
		&surface->current.subsurfaces_below,
		&surface->current.subsurfaces_above,
		&surface->pending.subsurfaces_below,
		&surface->pending.subsurfaces_above,
	};
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		struct wlr_subsurface *subsurface;
		if (i < 2) {
			wl_list_for_each(subsurface, lists[i], current.link) {
				empty_opaque_regions(subsurface->surface);
			}
		} else {
			wl_list_for_each(subsurface, lists[i], pending.link) {
				empty_opaque_regions(subsurface->surface);
			}
		}
	}
}

/* Popups of an xdg_surface without a role, which wlroots would leave
 * behind, are dismissed as wlroots dismisses them with a role. */
static void dismiss_roleless_popups(struct wlr_xdg_surface *xdg_surface) {
	if (xdg_surface->role != WLR_XDG_SURFACE_ROLE_NONE) {
		return;
	}
	struct wlr_xdg_popup *popup, *tmp;
	wl_list_for_each_safe(popup, tmp, &xdg_surface->popups, link) {
		wlr_xdg_popup_destroy(popup->base);
	}
}

/* Before xdg_surface goes (or its toplevel role): its child toplevels go
 * to its own parent and its popups are dismissed, as when it unmaps. */
static void release_xdg_dependents(struct wlr_xdg_surface *xdg_surface) {
	struct wlr_xdg_surface *grandparent =
			xdg_surface->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL ?
			xdg_surface->toplevel->parent :
			NULL;
	if (grandparent == xdg_surface) {
		grandparent = NULL;
	}
	struct wlr_xdg_surface *other;
	wl_list_for_each(other, &xdg_surface->client->surfaces, link) {
		if (other != xdg_surface &&
				other->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL &&
				other->toplevel->parent == xdg_surface) {
			wlr_xdg_toplevel_set_parent(other,
					grandparent != other ? grandparent : NULL);
		}
	}
	dismiss_roleless_popups(xdg_surface);
}

void gridwl_compat_layer_surface_dismiss_popups(
		struct wlr_layer_surface_v1 *layer_surface) {
	struct wlr_xdg_popup *popup, *tmp;
	wl_list_for_each_safe(popup, tmp, &layer_surface->popups, link) {
		wlr_xdg_popup_destroy(popup->base);
	}
}

/* The popup argument of zwlr_layer_surface_v1.get_popup must be one that
 * nothing has parented yet. */
static void guard_layer_get_popup(struct wl_resource *resource,
		const struct wl_protocol_logger_message *message) {
	if (wl_resource_get_user_data(resource) == NULL ||
			message->arguments_count < 1 || message->arguments[0].o == NULL) {
		return;
	}
	// libwayland's own cast: a resource starts with its wl_object.
	struct wl_resource *popup_resource =
			(struct wl_resource *)message->arguments[0].o;
	struct wlr_xdg_surface *popup =
			wlr_xdg_surface_from_popup_resource(popup_resource);
	const char *problem = popup == NULL  ? "is destroyed" :
			popup->popup->parent != NULL ? "has a parent already" :
										   NULL;
	if (problem == NULL) {
		return;
	}
	wl_resource_post_error(resource,
			ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SURFACE_STATE,
			"get_popup: xdg_popup@%" PRIu32 " %s",
			wl_resource_get_id(popup_resource), problem);
	hide_object(resource);
}

static void guard_surface_destroy(struct wlr_surface *surface) {
	if (surface != NULL && wlr_surface_is_layer_surface(surface)) {
		struct wlr_layer_surface_v1 *layer_surface =
				wlr_layer_surface_v1_from_wlr_surface(surface);
		if (layer_surface != NULL) {
			gridwl_compat_layer_surface_dismiss_popups(layer_surface);
		}
		return;
	}
	if (surface != NULL && wlr_surface_is_xdg_surface(surface)) {
		struct wlr_xdg_surface *xdg_surface =
				wlr_xdg_surface_from_wlr_surface(surface);
		if (xdg_surface != NULL) {
			release_xdg_dependents(xdg_surface);
		}
	}
}

static void guard_request(struct wl_resource *resource,
		const struct wl_protocol_logger_message *message) {
	const char *request = message->message->name;
	const char *class = wl_resource_get_class(resource);
	if (strcmp(class, "wl_surface") == 0) {
		struct wlr_surface *surface = wlr_surface_from_resource(resource);
		if (surface == NULL) {
			return;
		}
		if (strcmp(request, "commit") == 0) {
			empty_opaque_regions(surface);
		} else if (strcmp(request, "destroy") == 0) {
			guard_surface_destroy(surface);
		}
	} else if (strcmp(class, "wl_subsurface") == 0) {
		if (strcmp(request, "place_above") == 0 ||
				strcmp(request, "place_below") == 0) {
			guard_orphan_place(resource, request);
			return;
		}
		// Both may apply the state cached for a synchronized one.
		struct wlr_subsurface *subsurface = wl_resource_get_user_data(resource);
		if (subsurface != NULL &&
				(strcmp(request, "set_desync") == 0 ||
						strcmp(request, "destroy") == 0)) {
			empty_opaque_regions(subsurface->surface);
		}
	} else if (strcmp(class, "xdg_surface") == 0 &&
			strcmp(request, "destroy") == 0) {
		struct wlr_xdg_surface *xdg_surface =
				wlr_xdg_surface_from_resource(resource);
		// wlroots refuses (and ignores) it while a role object is there.
		if (xdg_surface != NULL &&
				xdg_surface->role == WLR_XDG_SURFACE_ROLE_NONE) {
			release_xdg_dependents(xdg_surface);
		}
	} else if (strcmp(class, "zwlr_layer_surface_v1") == 0) {
		struct wlr_layer_surface_v1 *layer_surface =
				wl_resource_get_user_data(resource);
		if (strcmp(request, "get_popup") == 0) {
			guard_layer_get_popup(resource, message);
		} else if (strcmp(request, "destroy") == 0 && layer_surface != NULL) {
			gridwl_compat_layer_surface_dismiss_popups(layer_surface);
		}
	} else if (strcmp(class, "xdg_toplevel") == 0 &&
			strcmp(request, "destroy") == 0) {
		struct wlr_xdg_surface *xdg_surface =
				wlr_xdg_surface_from_toplevel_resource(resource);
		if (xdg_surface != NULL && !xdg_surface->mapped) {
			release_xdg_dependents(xdg_surface);
		}
	}
}

static void return_lent_pointer(struct guarded_client *guarded) {
	if (guarded != NULL && guarded->lent_pointer != NULL) {
		wl_resource_set_user_data(guarded->lent_pointer, NULL);
		guarded->lent_pointer = NULL;
	}
}

/* The wl_pointer argument of the requests that read the seat through it. */
static void guard_inert_pointer(struct gridwl_wlroots_guard *guard,
		struct guarded_client *guarded,
		const struct wl_protocol_logger_message *message) {
	const char *class = wl_resource_get_class(message->resource);
	const char *request = message->message->name;
	int index;
	if (strcmp(class, "zwp_pointer_constraints_v1") == 0 &&
			(strcmp(request, "lock_pointer") == 0 ||
					strcmp(request, "confine_pointer") == 0)) {
		index = 2;
	} else if (strcmp(class, "zwp_relative_pointer_manager_v1") == 0 &&
			strcmp(request, "get_relative_pointer") == 0) {
		index = 1;
	} else {
		return;
	}
	if (guard->seat == NULL || guarded == NULL ||
			message->arguments_count <= index ||
			message->arguments[index].o == NULL) {
		return;
	}
	struct wl_resource *pointer =
			(struct wl_resource *)message->arguments[index].o;
	if (wl_resource_get_user_data(pointer) != NULL) {
		return;
	}
	struct wlr_seat_client *seat_client =
			wlr_seat_client_for_wl_client(guard->seat,
					wl_resource_get_client(pointer));
	if (seat_client == NULL) {
		return;
	}
	wl_resource_set_user_data(pointer, seat_client);
	guarded->lent_pointer = pointer;
}

static void guard_log(void *data, enum wl_protocol_logger_type type,
		const struct wl_protocol_logger_message *message) {
	if (type == WL_PROTOCOL_LOGGER_REQUEST) {
		struct guarded_client *guarded = guarded_client_of(message->resource);
		// The request lent it for has been handled.
		return_lent_pointer(guarded);
		guard_inert_pointer(data, guarded, message);
		guard_request(message->resource, message);
	}
}

static enum wl_iterator_result release_client_resource(
		struct wl_resource *resource, void *data) {
	const char *class = wl_resource_get_class(resource);
	if (strcmp(class, "wl_surface") == 0) {
		struct wlr_surface *surface = wlr_surface_from_resource(resource);
		if (surface != NULL) {
			empty_opaque_region(surface);
		}
	} else if (strcmp(class, "zwlr_layer_surface_v1") == 0) {
		struct wlr_layer_surface_v1 *layer_surface =
				wl_resource_get_user_data(resource);
		if (layer_surface != NULL) {
			gridwl_compat_layer_surface_dismiss_popups(layer_surface);
		}
	}
	return WL_ITERATOR_CONTINUE;
}

static void client_handle_destroy(struct wl_listener *listener, void *data) {
	struct guarded_client *guarded =
			wl_container_of(listener, guarded, destroy);
	struct wl_client *client = data;
	if (guarded->hidden_resource != NULL) {
		wl_resource_set_user_data(guarded->hidden_resource,
				guarded->hidden_object);
	}
	return_lent_pointer(guarded);
	struct wlr_xdg_client *xdg_client;
	wl_list_for_each(xdg_client, &guarded->guard->xdg_shell->clients, link) {
		if (xdg_client->client != client) {
			continue;
		}
		struct wlr_xdg_surface *xdg_surface;
		wl_list_for_each(xdg_surface, &xdg_client->surfaces, link) {
			if (xdg_surface->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL &&
					xdg_surface->toplevel->parent != NULL) {
				wlr_xdg_toplevel_set_parent(xdg_surface, NULL);
			}
			dismiss_roleless_popups(xdg_surface);
		}
	}
	// Subsurfaces apply their cached state as they go; layer surfaces may
	// go before their popups.
	wl_client_for_each_resource(client, release_client_resource, NULL);
	wl_list_remove(&guarded->destroy.link);
	free(guarded);
}

static void guard_handle_client_created(struct wl_listener *listener,
		void *data) {
	struct gridwl_wlroots_guard *guard =
			wl_container_of(listener, guard, client_created);
	struct wl_client *client = data;
	struct guarded_client *guarded = calloc(1, sizeof(*guarded));
	if (guarded == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a new client");
		wl_client_post_no_memory(client);
		return;
	}
	guarded->guard = guard;
	guarded->destroy.notify = client_handle_destroy;
	wl_client_add_destroy_listener(client, &guarded->destroy);
}

struct gridwl_wlroots_guard *gridwl_wlroots_guard_create(
		struct wl_display *display, struct wlr_xdg_shell *xdg_shell) {
	struct gridwl_wlroots_guard *guard = calloc(1, sizeof(*guard));
	if (guard == NULL) {
		return NULL;
	}
	guard->xdg_shell = xdg_shell;
	guard->logger = wl_display_add_protocol_logger(display, guard_log, guard);
	if (guard->logger == NULL) {
		free(guard);
		return NULL;
	}
	guard->client_created.notify = guard_handle_client_created;
	wl_display_add_client_created_listener(display, &guard->client_created);
	return guard;
}

void gridwl_wlroots_guard_set_seat(struct gridwl_wlroots_guard *guard,
		struct wlr_seat *seat) {
	guard->seat = seat;
}

void gridwl_wlroots_guard_destroy(struct gridwl_wlroots_guard *guard) {
	if (guard == NULL) {
		return;
	}
	wl_protocol_logger_destroy(guard->logger);
	wl_list_remove(&guard->client_created.link);
	free(guard);
}
