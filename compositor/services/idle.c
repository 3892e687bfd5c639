#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_idle_inhibit_v1.h>
#include <wlr/types/wlr_idle_notify_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/idle.h"
#include "compositor/view/view.h"
#include "input/seat.h"

struct gridwl_idle {
	struct gridwl_server *server;
	struct wlr_idle_notifier_v1 *notifier;
	struct wlr_idle_inhibit_manager_v1 *inhibit_manager;
	struct wl_list inhibitors; // gridwl_idle_inhibitor.link
	bool inhibited;
	struct wl_listener new_inhibitor;
};

struct gridwl_idle_inhibitor {
	struct gridwl_idle *idle;
	struct wlr_idle_inhibitor_v1 *wlr_inhibitor;
	struct wl_list link;
	struct wl_listener destroy;
};

/* As sway does: an inhibitor counts while its surface is part of a shown
 * window or panel that is on some output, and not hidden by the lock. */
static bool inhibitor_active(struct gridwl_idle_inhibitor *inhibitor) {
	struct wlr_surface *surface = inhibitor->wlr_inhibitor->surface;
	struct gridwl_view *view = gridwl_view_from_surface(surface);
	return view != NULL && gridwl_view_is_shown(view) &&
			!wl_list_empty(&surface->current_outputs);
}

void gridwl_idle_update(struct gridwl_server *server) {
	struct gridwl_idle *idle = server->idle;
	if (idle == NULL) {
		return;
	}
	bool inhibited = false;
	struct gridwl_idle_inhibitor *inhibitor;
	wl_list_for_each(inhibitor, &idle->inhibitors, link) {
		if (inhibitor_active(inhibitor)) {
			inhibited = true;
			break;
		}
	}
	if (inhibited == idle->inhibited) {
		return;
	}
	idle->inhibited = inhibited;
	wlr_log(WLR_DEBUG, "Idleness %s", inhibited ? "inhibited" : "allowed");
	// A client that went idle before (the lock hid the video, say) hears it
	// resume: wlroots sends resumed to every idle notification it inhibits.
	wlr_idle_notifier_v1_set_inhibited(idle->notifier, inhibited);
}

bool gridwl_idle_inhibited(struct gridwl_server *server) {
	return server->idle != NULL && server->idle->inhibited;
}

void gridwl_idle_notify_activity(struct gridwl_server *server) {
	if (server->idle != NULL) {
		wlr_idle_notifier_v1_notify_activity(server->idle->notifier,
				server->seat->wlr_seat);
	}
}

static void inhibitor_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_idle_inhibitor *inhibitor =
			wl_container_of(listener, inhibitor, destroy);
	struct gridwl_server *server = inhibitor->idle->server;
	wl_list_remove(&inhibitor->link);
	wl_list_remove(&inhibitor->destroy.link);
	free(inhibitor);
	if (!server->shutting_down) {
		gridwl_idle_update(server);
	}
}

static void handle_new_inhibitor(struct wl_listener *listener, void *data) {
	struct gridwl_idle *idle = wl_container_of(listener, idle, new_inhibitor);
	struct wlr_idle_inhibitor_v1 *wlr_inhibitor = data;
	struct gridwl_idle_inhibitor *inhibitor = calloc(1, sizeof(*inhibitor));
	if (inhibitor == NULL) {
		wl_resource_post_no_memory(wlr_inhibitor->resource);
		return;
	}
	inhibitor->idle = idle;
	inhibitor->wlr_inhibitor = wlr_inhibitor;
	inhibitor->destroy.notify = inhibitor_handle_destroy;
	wl_signal_add(&wlr_inhibitor->events.destroy, &inhibitor->destroy);
	wl_list_insert(&idle->inhibitors, &inhibitor->link);
	gridwl_idle_update(idle->server);
}

bool gridwl_idle_init(struct gridwl_server *server) {
	struct gridwl_idle *idle = calloc(1, sizeof(*idle));
	if (idle == NULL) {
		return false;
	}
	idle->server = server;
	wl_list_init(&idle->inhibitors);
	idle->notifier = wlr_idle_notifier_v1_create(server->display);
	idle->inhibit_manager = wlr_idle_inhibit_v1_create(server->display);
	if (idle->notifier == NULL || idle->inhibit_manager == NULL) {
		free(idle);
		return false;
	}
	idle->new_inhibitor.notify = handle_new_inhibitor;
	wl_signal_add(&idle->inhibit_manager->events.new_inhibitor,
			&idle->new_inhibitor);
	server->idle = idle;
	return true;
}

void gridwl_idle_finish(struct gridwl_server *server) {
	struct gridwl_idle *idle = server->idle;
	if (idle == NULL) {
		return;
	}
	// Clients are gone by now, and their inhibitors with them; wlroots
	// frees its globals with the display.
	struct gridwl_idle_inhibitor *inhibitor, *tmp;
	wl_list_for_each_safe(inhibitor, tmp, &idle->inhibitors, link) {
		wl_list_remove(&inhibitor->link);
		wl_list_remove(&inhibitor->destroy.link);
		free(inhibitor);
	}
	wl_list_remove(&idle->new_inhibitor.link);
	server->idle = NULL;
	free(idle);
}
