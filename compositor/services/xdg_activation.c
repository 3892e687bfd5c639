#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_xdg_activation_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/xdg_activation.h"
#include "compositor/view/view.h"
#include "compositor/workspace/workspace.h"
#include "input/seat.h"
#include "wlr_compat/wlr_compat.h"

struct gridwl_xdg_activation {
	struct gridwl_server *server;
	struct wlr_xdg_activation_v1 *wlr_activation;
	// Tokens wlroots does not know reach gridwl through it (W21).
	struct gridwl_compat_activation_watch *unknown_tokens;
	struct wl_list urgent; // gridwl_urgent_window.link
	struct wl_listener new_token;
	struct wl_listener request_activate;
	struct wl_listener keyboard_focus_change;
};

/* A window marked urgent, by its main surface. */
struct gridwl_urgent_window {
	struct wlr_surface *surface;
	struct wl_list link;
	struct wl_listener surface_destroy;
};

/* What token->data holds for a good token; NULL for any other. */
static char good_token;

static struct gridwl_urgent_window *find_urgent(
		struct gridwl_xdg_activation *activation, struct wlr_surface *surface) {
	struct gridwl_urgent_window *urgent;
	wl_list_for_each(urgent, &activation->urgent, link) {
		if (urgent->surface == surface) {
			return urgent;
		}
	}
	return NULL;
}

static void urgent_destroy(struct gridwl_urgent_window *urgent) {
	wl_list_remove(&urgent->link);
	wl_list_remove(&urgent->surface_destroy.link);
	free(urgent);
}

static void urgent_handle_surface_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_urgent_window *urgent =
			wl_container_of(listener, urgent, surface_destroy);
	urgent_destroy(urgent);
}

static void mark_urgent(struct gridwl_xdg_activation *activation,
		struct wlr_surface *surface) {
	if (find_urgent(activation, surface) != NULL) {
		return;
	}
	struct gridwl_urgent_window *urgent = calloc(1, sizeof(*urgent));
	if (urgent == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for an urgent window");
		return;
	}
	urgent->surface = surface;
	urgent->surface_destroy.notify = urgent_handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &urgent->surface_destroy);
	wl_list_insert(&activation->urgent, &urgent->link);
	// Its workspace is urgent now.
	gridwl_workspaces_changed(activation->server);
}

/* A client's token: good when wlroots checked its serial (seat set) and
 * the surface it names belongs to the window with the keyboard now.
 * wlroots already refused a serial the client never got, and a surface
 * with neither keyboard nor pointer focus. */
static void handle_new_token(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_activation *activation =
			wl_container_of(listener, activation, new_token);
	struct wlr_xdg_activation_token_v1 *token = data;
	struct wlr_seat *seat = activation->server->seat->wlr_seat;
	struct wlr_surface *focused = seat->keyboard_state.focused_surface;
	if (token->seat == NULL || token->surface == NULL || focused == NULL) {
		return;
	}
	struct gridwl_view *view = gridwl_view_from_surface(token->surface);
	if (view != NULL && view == gridwl_view_from_surface(focused)) {
		token->data = &good_token;
	}
}

/* A window asking for the focus with a token that is not good: urgent,
 * unless it has the keyboard already. */
static void refuse_activation(struct gridwl_xdg_activation *activation,
		struct gridwl_view *view) {
	struct wlr_surface *surface = gridwl_view_surface(view);
	struct wlr_surface *focused =
			activation->server->seat->wlr_seat->keyboard_state.focused_surface;
	if (surface != NULL &&
			(focused == NULL || gridwl_view_from_surface(focused) != view)) {
		wlr_log(WLR_DEBUG,
				"Window %u asked for focus without a good token: "
				"urgent",
				view->id);
		mark_urgent(activation, surface);
	}
}

/* The window of surface, when it is a mapped one that may ask. */
static struct gridwl_view *asking_window(struct wlr_surface *surface) {
	struct gridwl_view *view = gridwl_view_from_surface(surface);
	if (view == NULL || !view->mapped || !gridwl_view_is_window(view)) {
		return NULL;
	}
	return view;
}

static void handle_request_activate(struct wl_listener *listener, void *data) {
	struct gridwl_xdg_activation *activation =
			wl_container_of(listener, activation, request_activate);
	const struct wlr_xdg_activation_v1_request_activate_event *event = data;
	struct gridwl_view *view = asking_window(event->surface);
	if (view == NULL) {
		return;
	}
	if (event->token->data == &good_token) {
		wlr_log(WLR_DEBUG, "Activating window %u", view->id);
		gridwl_view_focus(view);
		return;
	}
	refuse_activation(activation, view);
}

/* A token wlroots does not keep: made up, used, expired, or one it refused
 * when the client made it (a serial it never got, a surface without
 * focus). Stale or stolen, it is not good. */
static void handle_unknown_token(void *data, struct wlr_surface *surface) {
	struct gridwl_xdg_activation *activation = data;
	struct gridwl_view *view = asking_window(surface);
	if (view != NULL) {
		refuse_activation(activation, view);
	}
}

/* Focus ends urgency. */
static void handle_keyboard_focus_change(struct wl_listener *listener,
		void *data) {
	struct gridwl_xdg_activation *activation =
			wl_container_of(listener, activation, keyboard_focus_change);
	struct wlr_seat_keyboard_focus_change_event *event = data;
	struct gridwl_view *view = event->new_surface != NULL ?
			gridwl_view_from_surface(event->new_surface) :
			NULL;
	struct wlr_surface *surface =
			view != NULL ? gridwl_view_surface(view) : NULL;
	struct gridwl_urgent_window *urgent =
			surface != NULL ? find_urgent(activation, surface) : NULL;
	if (urgent != NULL) {
		urgent_destroy(urgent);
		gridwl_workspaces_changed(activation->server);
	}
}

char *gridwl_xdg_activation_launch_token(struct gridwl_server *server) {
	struct gridwl_xdg_activation *activation = server->xdg_activation;
	if (activation == NULL) {
		return NULL;
	}
	// wlroots forgets it after its timeout, or once used.
	struct wlr_xdg_activation_token_v1 *token =
			wlr_xdg_activation_token_v1_create(activation->wlr_activation);
	if (token == NULL) {
		return NULL;
	}
	token->data = &good_token;
	return strdup(wlr_xdg_activation_token_v1_get_name(token));
}

bool gridwl_xdg_activation_urgent(struct gridwl_server *server,
		struct wlr_surface *surface) {
	return server->xdg_activation != NULL && surface != NULL &&
			find_urgent(server->xdg_activation, surface) != NULL;
}

bool gridwl_xdg_activation_init(struct gridwl_server *server) {
	struct gridwl_xdg_activation *activation = calloc(1, sizeof(*activation));
	if (activation == NULL) {
		return false;
	}
	activation->server = server;
	wl_list_init(&activation->urgent);
	activation->wlr_activation = wlr_xdg_activation_v1_create(server->display);
	if (activation->wlr_activation == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the xdg activation global");
		free(activation);
		return false;
	}
	activation->unknown_tokens =
			gridwl_compat_xdg_activation_watch(server->display,
					activation->wlr_activation, handle_unknown_token,
					activation);
	if (activation->unknown_tokens == NULL) {
		wlr_log(WLR_ERROR, "Cannot watch xdg activation requests");
		// The global goes with the display.
		free(activation);
		return false;
	}
	activation->new_token.notify = handle_new_token;
	wl_signal_add(&activation->wlr_activation->events.new_token,
			&activation->new_token);
	activation->request_activate.notify = handle_request_activate;
	wl_signal_add(&activation->wlr_activation->events.request_activate,
			&activation->request_activate);
	activation->keyboard_focus_change.notify = handle_keyboard_focus_change;
	wl_signal_add(&server->seat->wlr_seat->keyboard_state.events.focus_change,
			&activation->keyboard_focus_change);
	server->xdg_activation = activation;
	return true;
}

void gridwl_xdg_activation_finish(struct gridwl_server *server) {
	struct gridwl_xdg_activation *activation = server->xdg_activation;
	if (activation == NULL) {
		return;
	}
	struct gridwl_urgent_window *urgent, *tmp;
	wl_list_for_each_safe(urgent, tmp, &activation->urgent, link) {
		urgent_destroy(urgent);
	}
	gridwl_compat_xdg_activation_unwatch(activation->unknown_tokens);
	wl_list_remove(&activation->new_token.link);
	wl_list_remove(&activation->request_activate.link);
	wl_list_remove(&activation->keyboard_focus_change.link);
	// The global and its tokens go with the display.
	server->xdg_activation = NULL;
	free(activation);
}
