#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wayland-server-core.h>
#include <wlr/types/wlr_layer_shell_v1.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include <xkbcommon/xkbcommon.h>
#include "wlr_compat/guard.h"

/*
 * A request that wlroots 0.18.2 still mishandles so that any client can
 * crash gridwl (wlr_compat/wlr_compat.h, W5; found by reading wlroots,
 * made by tests/clients/bad-tree-client.c). A protocol logger sees every
 * request before libwayland dispatches it, and answers this one with the
 * protocol error first:
 *
 * - zwlr_layer_surface_v1.get_popup of a popup whose xdg_surface is gone
 *   (inert): wlroots dereferences the NULL popup. The same for a popup
 *   that has a parent already, which wlroots refuses itself since 0.17 but
 *   with error code -1, where the protocol has invalid_surface_state. The
 *   client gets invalid_surface_state, and wlroots sees a layer surface
 *   without its object, which it ignores.
 * - zwp_virtual_keyboard_v1.keymap (W18): wlroots maps size bytes of the
 *   fd and hands them to xkbcommon as a C string, so a size beyond the
 *   file's end (SIGBUS) or a keymap without its NUL at a page's end
 *   (SIGSEGV) ends gridwl, and a keymap that does not compile is answered
 *   with no_memory. The client gets no_keymap, the protocol's only error,
 *   and the fd is closed here (wlroots, finding no object, leaves it).
 *
 * (The other requests wlroots 0.15.1 mishandled, W1-W4, W6 and W7, are
 * handled by wlroots itself since 0.16-0.18.)
 */

struct gridwl_wlroots_guard {
	struct wl_protocol_logger *logger;
	struct wl_listener client_created;
	// W30: positioners with a zero-size anchor rect (struct zero_anchor),
	// and the one lent to wlroots with a 1x1 rect for the request being
	// dispatched (NULL when none).
	struct wl_list zero_anchors;
	struct zero_anchor *lent;
};

/* W30: a positioner whose anchor rect has a zero width or height, as the
 * client set it. */
struct zero_anchor {
	struct gridwl_wlroots_guard *guard;
	struct wl_resource *positioner;
	struct wlr_box rect;
	struct wl_listener destroy;
	struct wl_list link;
};

/*
 * What the guard keeps for a client. A resource whose object was taken
 * away for one request (see hide_object) is given it back when the client
 * goes: the request was a protocol error, so libwayland ends the client
 * right after it, and this runs before wlroots' destructor of the resource
 * reads the object to free it.
 */
struct guarded_client {
	struct wl_listener destroy;
	struct wl_resource *hidden_resource;
	void *hidden_object;
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

/* W5: the popup argument of zwlr_layer_surface_v1.get_popup must be a live
 * one that nothing has parented yet. */
static void guard_layer_get_popup(struct wl_resource *resource,
		const struct wl_protocol_logger_message *message) {
	if (wl_resource_get_user_data(resource) == NULL ||
			message->arguments_count < 1 || message->arguments[0].o == NULL) {
		return;
	}
	// libwayland's own cast: a resource starts with its wl_object.
	struct wl_resource *popup_resource =
			(struct wl_resource *)message->arguments[0].o;
	struct wlr_xdg_popup *popup = wlr_xdg_popup_from_resource(popup_resource);
	const char *problem = popup == NULL ? "is destroyed" :
			popup->parent != NULL       ? "has a parent already" :
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

/* virtual-keyboard-unstable-v1's only error; Debian packages no XML of it. */
#define VIRTUAL_KEYBOARD_ERROR_NO_KEYMAP 0

/* Why the keymap of fd and size cannot be used; NULL when it can. */
static const char *virtual_keymap_problem(uint32_t format, int fd,
		uint32_t size) {
	if (format != WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1) {
		return "its format is not xkb_v1";
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		return "its fd is not a file";
	}
	if (size == 0 || (uint64_t)size > (uint64_t)st.st_size) {
		return "its size is 0 or beyond the file's end";
	}
	char *text = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (text == MAP_FAILED) {
		return "its fd cannot be mapped";
	}
	const char *problem = NULL;
	if (memchr(text, '\0', size) == NULL) {
		problem = "it does not end with a NUL within its size";
	} else {
		struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
		struct xkb_keymap *keymap = context == NULL ?
				NULL :
				xkb_keymap_new_from_string(context, text,
						XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
		if (keymap == NULL) {
			problem = "it does not compile";
		}
		xkb_keymap_unref(keymap);
		xkb_context_unref(context);
	}
	munmap(text, size);
	return problem;
}

static void guard_virtual_keyboard_keymap(struct wl_resource *resource,
		const struct wl_protocol_logger_message *message) {
	if (message->arguments_count < 3) {
		return;
	}
	int fd = message->arguments[1].h;
	if (wl_resource_get_user_data(resource) == NULL) {
		// An inert keyboard (its seat was gone): wlroots ignores the
		// request and would leak the fd.
		close(fd);
		return;
	}
	const char *problem = virtual_keymap_problem(message->arguments[0].u, fd,
			message->arguments[2].u);
	if (problem == NULL) {
		return;
	}
	wl_resource_post_error(resource, VIRTUAL_KEYBOARD_ERROR_NO_KEYMAP,
			"keymap: %s", problem);
	hide_object(resource);
	close(fd);
}

static struct zero_anchor *find_zero_anchor(struct gridwl_wlroots_guard *guard,
		struct wl_resource *positioner) {
	struct zero_anchor *anchor;
	wl_list_for_each(anchor, &guard->zero_anchors, link) {
		if (anchor->positioner == positioner) {
			return anchor;
		}
	}
	return NULL;
}

/* wlroots' positioner gets the client's rect back. */
static void return_lent(struct gridwl_wlroots_guard *guard) {
	if (guard->lent == NULL) {
		return;
	}
	struct wlr_xdg_positioner *positioner =
			wlr_xdg_positioner_from_resource(guard->lent->positioner);
	positioner->rules.anchor_rect = guard->lent->rect;
	guard->lent = NULL;
}

static void zero_anchor_destroy(struct zero_anchor *anchor) {
	if (anchor->guard->lent == anchor) {
		anchor->guard->lent = NULL;
	}
	wl_list_remove(&anchor->destroy.link);
	wl_list_remove(&anchor->link);
	free(anchor);
}

static void zero_anchor_handle_destroy(struct wl_listener *listener,
		void *data) {
	struct zero_anchor *anchor = wl_container_of(listener, anchor, destroy);
	zero_anchor_destroy(anchor);
}

/* W30: xdg_positioner.set_anchor_rect; wlroots keeps the rect as given. */
static void guard_set_anchor_rect(struct gridwl_wlroots_guard *guard,
		struct wl_resource *resource,
		const struct wl_protocol_logger_message *message) {
	if (message->arguments_count < 4) {
		return;
	}
	struct wlr_box rect = {
		.x = message->arguments[0].i,
		.y = message->arguments[1].i,
		.width = message->arguments[2].i,
		.height = message->arguments[3].i,
	};
	struct zero_anchor *anchor = find_zero_anchor(guard, resource);
	bool zero = rect.width >= 0 && rect.height >= 0 &&
			(rect.width == 0 || rect.height == 0);
	if (!zero) {
		if (anchor != NULL) {
			zero_anchor_destroy(anchor);
		}
		return;
	}
	if (anchor == NULL) {
		anchor = calloc(1, sizeof(*anchor));
		if (anchor == NULL) {
			return;
		}
		anchor->guard = guard;
		anchor->positioner = resource;
		anchor->destroy.notify = zero_anchor_handle_destroy;
		wl_resource_add_destroy_listener(resource, &anchor->destroy);
		wl_list_insert(&guard->zero_anchors, &anchor->link);
	}
	anchor->rect = rect;
}

/* W30: xdg_surface.get_popup and xdg_popup.reposition with such a
 * positioner: wlroots finds it complete with a 1x1 rect, which
 * gridwl_wlroots_guard_popup_positioned replaces in the popup. */
static void guard_lend_anchor(struct gridwl_wlroots_guard *guard,
		struct wl_resource *positioner_resource) {
	struct zero_anchor *anchor = positioner_resource == NULL ?
			NULL :
			find_zero_anchor(guard, positioner_resource);
	if (anchor == NULL) {
		return;
	}
	struct wlr_xdg_positioner *positioner =
			wlr_xdg_positioner_from_resource(positioner_resource);
	struct wlr_box *rect = &positioner->rules.anchor_rect;
	*rect = anchor->rect;
	rect->width = rect->width > 0 ? rect->width : 1;
	rect->height = rect->height > 0 ? rect->height : 1;
	guard->lent = anchor;
}

void gridwl_wlroots_guard_popup_positioned(struct gridwl_wlroots_guard *guard,
		struct wlr_xdg_popup *popup) {
	if (guard == NULL || guard->lent == NULL) {
		return;
	}
	struct wlr_xdg_positioner_rules *rules = &popup->scheduled.rules;
	rules->anchor_rect = guard->lent->rect;
	wlr_xdg_positioner_rules_get_geometry(rules, &popup->scheduled.geometry);
	return_lent(guard);
}

static void guard_log(void *data, enum wl_protocol_logger_type type,
		const struct wl_protocol_logger_message *message) {
	struct gridwl_wlroots_guard *guard = data;
	if (type != WL_PROTOCOL_LOGGER_REQUEST) {
		return;
	}
	// The request it was lent for is over (refused, or its popup placed).
	return_lent(guard);
	struct wl_resource *resource = message->resource;
	const char *class = wl_resource_get_class(resource);
	const char *name = message->message->name;
	if (strcmp(class, "xdg_positioner") == 0 &&
			strcmp(name, "set_anchor_rect") == 0) {
		guard_set_anchor_rect(guard, resource, message);
	} else if (strcmp(class, "xdg_surface") == 0 &&
			strcmp(name, "get_popup") == 0 && message->arguments_count >= 3) {
		guard_lend_anchor(guard, (struct wl_resource *)message->arguments[2].o);
	} else if (strcmp(class, "xdg_popup") == 0 &&
			strcmp(name, "reposition") == 0 && message->arguments_count >= 1) {
		guard_lend_anchor(guard, (struct wl_resource *)message->arguments[0].o);
	}
	if (strcmp(wl_resource_get_class(resource), "zwlr_layer_surface_v1") == 0 &&
			strcmp(message->message->name, "get_popup") == 0) {
		guard_layer_get_popup(resource, message);
	} else if (strcmp(wl_resource_get_class(resource),
					   "zwp_virtual_keyboard_v1") == 0 &&
			strcmp(message->message->name, "keymap") == 0) {
		guard_virtual_keyboard_keymap(resource, message);
	}
}

static void client_handle_destroy(struct wl_listener *listener, void *data) {
	struct guarded_client *guarded =
			wl_container_of(listener, guarded, destroy);
	if (guarded->hidden_resource != NULL) {
		wl_resource_set_user_data(guarded->hidden_resource,
				guarded->hidden_object);
	}
	wl_list_remove(&guarded->destroy.link);
	free(guarded);
}

static void guard_handle_client_created(struct wl_listener *listener,
		void *data) {
	struct wl_client *client = data;
	struct guarded_client *guarded = calloc(1, sizeof(*guarded));
	if (guarded == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a new client");
		wl_client_post_no_memory(client);
		return;
	}
	guarded->destroy.notify = client_handle_destroy;
	wl_client_add_destroy_listener(client, &guarded->destroy);
}

struct gridwl_wlroots_guard *gridwl_wlroots_guard_create(
		struct wl_display *display) {
	struct gridwl_wlroots_guard *guard = calloc(1, sizeof(*guard));
	if (guard == NULL) {
		return NULL;
	}
	guard->logger = wl_display_add_protocol_logger(display, guard_log, guard);
	if (guard->logger == NULL) {
		free(guard);
		return NULL;
	}
	wl_list_init(&guard->zero_anchors);
	guard->client_created.notify = guard_handle_client_created;
	wl_display_add_client_created_listener(display, &guard->client_created);
	return guard;
}

void gridwl_wlroots_guard_destroy(struct gridwl_wlroots_guard *guard) {
	if (guard == NULL) {
		return;
	}
	wl_protocol_logger_destroy(guard->logger);
	wl_list_remove(&guard->client_created.link);
	struct zero_anchor *anchor, *tmp;
	wl_list_for_each_safe(anchor, tmp, &guard->zero_anchors, link) {
		zero_anchor_destroy(anchor);
	}
	free(guard);
}
