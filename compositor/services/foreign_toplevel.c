#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_foreign_toplevel_management_v1.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/foreign_toplevel.h"
#include "compositor/services/foreign_toplevel_list.h"
#include "compositor/view/view.h"
#include "input/seat.h"

struct gridwl_foreign_toplevels {
	struct gridwl_server *server;
	struct wlr_foreign_toplevel_manager_v1 *wlr_manager;
	struct wl_listener keyboard_focus_change;
	struct wl_listener manager_destroy;
};

/* The handle of one mapped window. */
struct gridwl_foreign_toplevel {
	struct gridwl_view *view;
	struct wlr_foreign_toplevel_handle_v1 *handle;
	struct wl_listener request_activate;
	struct wl_listener request_close;
	struct wl_listener request_maximize;
	struct wl_listener request_minimize;
	struct wl_listener request_fullscreen;
	struct wl_listener destroy;
};

static bool handle_has_state(struct gridwl_foreign_toplevel *toplevel,
		enum wlr_foreign_toplevel_handle_v1_state state) {
	return (toplevel->handle->state & state) != 0;
}

/* wlroots sends a state event and a done for every call, changed or not;
 * taskbars redraw on each, so only changes are passed on. */
static void sync_state(struct gridwl_foreign_toplevel *toplevel,
		bool activated) {
	struct gridwl_view *view = toplevel->view;
	if (handle_has_state(toplevel,
				WLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED) != activated) {
		wlr_foreign_toplevel_handle_v1_set_activated(toplevel->handle,
				activated);
	}
	if (handle_has_state(toplevel,
				WLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MAXIMIZED) !=
			view->maximized) {
		wlr_foreign_toplevel_handle_v1_set_maximized(toplevel->handle,
				view->maximized);
	}
	if (handle_has_state(toplevel,
				WLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN) !=
			view->fullscreen) {
		wlr_foreign_toplevel_handle_v1_set_fullscreen(toplevel->handle,
				view->fullscreen);
	}
	if (handle_has_state(toplevel,
				WLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MINIMIZED) !=
			gridwl_view_is_minimized(view)) {
		wlr_foreign_toplevel_handle_v1_set_minimized(toplevel->handle,
				gridwl_view_is_minimized(view));
	}
}

static bool same_string(const char *a, const char *b) {
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

void gridwl_foreign_toplevel_update_identity(struct gridwl_view *view) {
	// ext-foreign-toplevel-list lists the same windows.
	gridwl_foreign_toplevel_list_update_identity(view);
	struct gridwl_foreign_toplevel *toplevel = view->foreign_toplevel;
	if (toplevel == NULL) {
		return;
	}
	const char *title = gridwl_view_title(view);
	const char *app_id = gridwl_view_app_id(view);
	if (!same_string(toplevel->handle->title, title)) {
		wlr_foreign_toplevel_handle_v1_set_title(toplevel->handle, title);
	}
	if (!same_string(toplevel->handle->app_id, app_id)) {
		wlr_foreign_toplevel_handle_v1_set_app_id(toplevel->handle, app_id);
	}
}

void gridwl_foreign_toplevel_update_state(struct gridwl_view *view) {
	if (view->foreign_toplevel != NULL) {
		sync_state(view->foreign_toplevel, gridwl_view_is_focused(view));
	}
}

static bool surface_on_output(struct wlr_surface *surface,
		struct wlr_output *output) {
	struct wlr_surface_output *surface_output;
	wl_list_for_each(surface_output, &surface->current_outputs, link) {
		if (surface_output->output == output) {
			return true;
		}
	}
	return false;
}

static bool handle_on_output(struct wlr_foreign_toplevel_handle_v1 *handle,
		struct wlr_output *output) {
	struct wlr_foreign_toplevel_handle_v1_output *handle_output;
	wl_list_for_each(handle_output, &handle->outputs, link) {
		if (handle_output->output == output) {
			return true;
		}
	}
	return false;
}

/* The window is on the outputs its main surface entered: what
 * gridwl_view_update_outputs decided and gridctl windows reports. */
void gridwl_foreign_toplevel_update_outputs(struct gridwl_view *view) {
	struct gridwl_foreign_toplevel *toplevel = view->foreign_toplevel;
	if (toplevel == NULL) {
		return;
	}
	struct wlr_surface *surface = gridwl_view_surface(view);
	struct wlr_foreign_toplevel_handle_v1_output *handle_output, *tmp;
	wl_list_for_each_safe(handle_output, tmp, &toplevel->handle->outputs,
			link) {
		if (surface == NULL ||
				!surface_on_output(surface, handle_output->output)) {
			wlr_foreign_toplevel_handle_v1_output_leave(toplevel->handle,
					handle_output->output);
		}
	}
	if (surface == NULL) {
		return;
	}
	struct wlr_surface_output *surface_output;
	wl_list_for_each(surface_output, &surface->current_outputs, link) {
		if (!handle_on_output(toplevel->handle, surface_output->output)) {
			wlr_foreign_toplevel_handle_v1_output_enter(toplevel->handle,
					surface_output->output);
		}
	}
}

static void handle_request_activate(struct wl_listener *listener, void *data) {
	struct gridwl_foreign_toplevel *toplevel =
			wl_container_of(listener, toplevel, request_activate);
	// As gridctl focus: focus and raise. The keyboard focus change then
	// marks the handle activated.
	gridwl_view_focus(toplevel->view);
}

static void handle_request_close(struct wl_listener *listener, void *data) {
	struct gridwl_foreign_toplevel *toplevel =
			wl_container_of(listener, toplevel, request_close);
	gridwl_view_close(toplevel->view);
}

static void handle_request_maximize(struct wl_listener *listener, void *data) {
	struct gridwl_foreign_toplevel *toplevel =
			wl_container_of(listener, toplevel, request_maximize);
	struct wlr_foreign_toplevel_handle_v1_maximized_event *event = data;
	gridwl_view_set_maximized(toplevel->view, event->maximized);
}

static void handle_request_minimize(struct wl_listener *listener, void *data) {
	struct gridwl_foreign_toplevel *toplevel =
			wl_container_of(listener, toplevel, request_minimize);
	struct wlr_foreign_toplevel_handle_v1_minimized_event *event = data;
	// A taskbar's button: restoring also activates, as clicking a
	// minimized window's button does everywhere.
	if (event->minimized) {
		gridwl_view_set_minimized(toplevel->view, true);
	} else {
		gridwl_view_focus(toplevel->view);
	}
}

static void handle_request_fullscreen(struct wl_listener *listener,
		void *data) {
	struct gridwl_foreign_toplevel *toplevel =
			wl_container_of(listener, toplevel, request_fullscreen);
	struct wlr_foreign_toplevel_handle_v1_fullscreen_event *event = data;
	gridwl_view_set_fullscreen(toplevel->view, event->fullscreen,
			event->fullscreen ? event->output : NULL);
}

static void handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_foreign_toplevel *toplevel =
			wl_container_of(listener, toplevel, destroy);
	wl_list_remove(&toplevel->request_activate.link);
	wl_list_remove(&toplevel->request_close.link);
	wl_list_remove(&toplevel->request_maximize.link);
	wl_list_remove(&toplevel->request_minimize.link);
	wl_list_remove(&toplevel->request_fullscreen.link);
	wl_list_remove(&toplevel->destroy.link);
	toplevel->view->foreign_toplevel = NULL;
	free(toplevel);
}

void gridwl_foreign_toplevel_map(struct gridwl_view *view) {
	gridwl_foreign_toplevel_list_map(view);
	struct gridwl_foreign_toplevels *manager = view->server->foreign_toplevels;
	if (manager == NULL || manager->wlr_manager == NULL ||
			!gridwl_view_is_window(view) || view->foreign_toplevel != NULL) {
		return;
	}
	struct gridwl_foreign_toplevel *toplevel = calloc(1, sizeof(*toplevel));
	if (toplevel == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a foreign toplevel handle");
		return;
	}
	toplevel->handle =
			wlr_foreign_toplevel_handle_v1_create(manager->wlr_manager);
	if (toplevel->handle == NULL) {
		wlr_log(WLR_ERROR, "Cannot create a foreign toplevel handle");
		free(toplevel);
		return;
	}
	toplevel->view = view;
	view->foreign_toplevel = toplevel;
	struct wlr_foreign_toplevel_handle_v1 *handle = toplevel->handle;
	toplevel->request_activate.notify = handle_request_activate;
	wl_signal_add(&handle->events.request_activate,
			&toplevel->request_activate);
	toplevel->request_close.notify = handle_request_close;
	wl_signal_add(&handle->events.request_close, &toplevel->request_close);
	toplevel->request_maximize.notify = handle_request_maximize;
	wl_signal_add(&handle->events.request_maximize,
			&toplevel->request_maximize);
	toplevel->request_minimize.notify = handle_request_minimize;
	wl_signal_add(&handle->events.request_minimize,
			&toplevel->request_minimize);
	toplevel->request_fullscreen.notify = handle_request_fullscreen;
	wl_signal_add(&handle->events.request_fullscreen,
			&toplevel->request_fullscreen);
	toplevel->destroy.notify = handle_destroy;
	wl_signal_add(&handle->events.destroy, &toplevel->destroy);

	// wlroots batches all of these into the handle's first done.
	gridwl_foreign_toplevel_update_identity(view);
	gridwl_foreign_toplevel_update_state(view);
	gridwl_foreign_toplevel_update_outputs(view);
}

void gridwl_foreign_toplevel_unmap(struct gridwl_view *view) {
	gridwl_foreign_toplevel_list_unmap(view);
	if (view->foreign_toplevel != NULL) {
		// Sends closed; handle_destroy frees ours.
		wlr_foreign_toplevel_handle_v1_destroy(view->foreign_toplevel->handle);
	}
}

static void handle_keyboard_focus_change(struct wl_listener *listener,
		void *data) {
	struct gridwl_foreign_toplevels *manager =
			wl_container_of(listener, manager, keyboard_focus_change);
	struct wlr_seat_keyboard_focus_change_event *event = data;
	// The window owning the new focus (itself or one of its menus) is the
	// activated one; the old surface may be on its way out, so it is not
	// looked at.
	struct gridwl_view *focused = event->new_surface != NULL ?
			gridwl_view_from_surface(event->new_surface) :
			NULL;
	struct gridwl_view *view;
	wl_list_for_each(view, &manager->server->views, link) {
		if (view->foreign_toplevel != NULL) {
			sync_state(view->foreign_toplevel, view == focused);
		}
	}
}

static void handle_manager_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_foreign_toplevels *manager =
			wl_container_of(listener, manager, manager_destroy);
	wl_list_remove(&manager->manager_destroy.link);
	wl_list_init(&manager->manager_destroy.link);
	manager->wlr_manager = NULL;
}

bool gridwl_foreign_toplevel_init(struct gridwl_server *server) {
	struct gridwl_foreign_toplevels *manager = calloc(1, sizeof(*manager));
	if (manager == NULL) {
		return false;
	}
	manager->server = server;
	manager->wlr_manager =
			wlr_foreign_toplevel_manager_v1_create(server->display);
	if (manager->wlr_manager == NULL) {
		free(manager);
		return false;
	}
	manager->manager_destroy.notify = handle_manager_destroy;
	wl_signal_add(&manager->wlr_manager->events.destroy,
			&manager->manager_destroy);
	manager->keyboard_focus_change.notify = handle_keyboard_focus_change;
	wl_signal_add(&server->seat->wlr_seat->keyboard_state.events.focus_change,
			&manager->keyboard_focus_change);
	server->foreign_toplevels = manager;
	return true;
}

void gridwl_foreign_toplevel_finish(struct gridwl_server *server) {
	struct gridwl_foreign_toplevels *manager = server->foreign_toplevels;
	if (manager == NULL) {
		return;
	}
	wl_list_remove(&manager->keyboard_focus_change.link);
	wl_list_remove(&manager->manager_destroy.link);
	free(manager);
	server->foreign_toplevels = NULL;
}
