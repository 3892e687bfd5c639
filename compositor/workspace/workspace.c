#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>
#include "compositor/control/subscribe.h"
#include "compositor/server.h"
#include "compositor/services/idle.h"
#include "compositor/services/xdg_activation.h"
#include "compositor/util.h"
#include "compositor/view/view.h"
#include "compositor/workspace/workspace.h"
#include "input/seat.h"

bool gridwl_workspaces_init(struct gridwl_server *server) {
	struct gridwl_workspaces *workspaces = calloc(1, sizeof(*workspaces));
	if (workspaces == NULL) {
		return false;
	}
	workspaces->server = server;
	workspaces->shown = 1;
	workspaces->previous = 1;
	wl_signal_init(&workspaces->events.changed);
	server->workspaces = workspaces;
	return true;
}

void gridwl_workspaces_finish(struct gridwl_server *server) {
	free(server->workspaces);
	server->workspaces = NULL;
}

void gridwl_workspaces_changed(struct gridwl_server *server) {
	if (server->workspaces != NULL) {
		wl_signal_emit(&server->workspaces->events.changed, NULL);
	}
}

const char *gridwl_workspace_name(struct gridwl_server *server, int number,
		char *buf, size_t size) {
	const char *name = server->config->workspace_names[number - 1];
	if (name != NULL) {
		return name;
	}
	snprintf(buf, size, "%d", number);
	return buf;
}

static int step(int number, int by) {
	return (number - 1 + by + GRIDWL_WORKSPACE_COUNT) % GRIDWL_WORKSPACE_COUNT +
			1;
}

int gridwl_workspace_resolve(struct gridwl_server *server, const char *word,
		char **error) {
	struct gridwl_workspaces *workspaces = server->workspaces;
	int number = gridwl_workspace_number(word);
	if (number != 0) {
		return number;
	}
	// Past the last, the first: there are always ten.
	if (strcmp(word, "next") == 0) {
		return step(workspaces->shown, 1);
	}
	if (strcmp(word, "prev") == 0) {
		return step(workspaces->shown, -1);
	}
	if (strcmp(word, "back-and-forth") == 0) {
		return workspaces->previous;
	}
	for (int i = 0; i < GRIDWL_WORKSPACE_COUNT; i++) {
		const char *name = server->config->workspace_names[i];
		if (name != NULL && strcmp(name, word) == 0) {
			return i + 1;
		}
	}
	gridwl_set_error(error,
			"no workspace '%s': workspaces are 1 to %d, next, prev, "
			"back-and-forth or a name from a workspace line",
			word, GRIDWL_WORKSPACE_COUNT);
	return 0;
}

bool gridwl_view_hidden_by_workspace(const struct gridwl_view *view) {
	return view->workspace != 0 && !view->sticky &&
			view->workspace != view->server->workspaces->shown;
}

struct gridwl_view *gridwl_workspace_top_window(struct gridwl_server *server) {
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (gridwl_view_is_window(view) && gridwl_view_is_shown(view)) {
			return view;
		}
	}
	return NULL;
}

/* After windows were hidden: the keyboard goes to the top window shown,
 * or nowhere when a hidden one had it (a panel or the lock keeps it). */
static void refocus(struct gridwl_server *server) {
	struct gridwl_view *top = gridwl_workspace_top_window(server);
	struct gridwl_view *focused = gridwl_view_keyboard_focused(server);
	if (focused != NULL && gridwl_view_is_shown(focused)) {
		return;
	}
	if (top != NULL) {
		gridwl_view_focus(top);
		return;
	}
	if (focused != NULL) {
		gridwl_popup_dismiss_grab(server, NULL);
		focused->impl->set_activated(focused, false);
		wlr_seat_keyboard_notify_clear_focus(server->seat->wlr_seat);
	}
}

/* What is drawn, paced and reachable changed for these windows. */
static void workspace_switch(struct gridwl_server *server, int number) {
	struct gridwl_workspaces *workspaces = server->workspaces;
	if (number == workspaces->shown) {
		return;
	}
	int before = workspaces->shown;
	workspaces->previous = before;
	workspaces->shown = number;
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		// Both ways: what goes is repainted over, what comes is drawn.
		if (view->mapped && !view->sticky &&
				(view->workspace == before || view->workspace == number)) {
			gridwl_view_damage_whole(view);
		}
	}
	wlr_log(WLR_DEBUG, "Workspace %d shown (was %d)", number, before);
	// An inhibitor's surface may have come or gone.
	gridwl_idle_update(server);
	gridwl_seat_schedule_pointer_rebase(server->seat);
	gridwl_workspaces_changed(server);
	gridwl_subscribe_workspace(server, before);
}

void gridwl_workspace_show(struct gridwl_server *server, int number) {
	if (number == server->workspaces->shown) {
		return;
	}
	workspace_switch(server, number);
	// The top window of the workspace, as labwc and sway do; a sticky
	// window that had the keyboard keeps it.
	struct gridwl_view *top = gridwl_workspace_top_window(server);
	struct gridwl_view *focused = gridwl_view_keyboard_focused(server);
	if (top != NULL && (focused == NULL || !focused->sticky)) {
		gridwl_view_focus(top);
	} else {
		refocus(server);
	}
}

void gridwl_view_reveal(struct gridwl_view *view) {
	if (gridwl_view_hidden_by_workspace(view)) {
		workspace_switch(view->server, view->workspace);
	}
}

int gridwl_workspace_window_count(struct gridwl_server *server, int number) {
	int count = 0;
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		count += view->mapped && gridwl_view_is_window(view) &&
				(view->workspace == number || view->sticky);
	}
	return count;
}

bool gridwl_workspace_urgent(struct gridwl_server *server, int number) {
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (view->mapped && gridwl_view_is_window(view) &&
				view->workspace == number &&
				gridwl_xdg_activation_urgent(server,
						gridwl_view_surface(view))) {
			return true;
		}
	}
	return false;
}

void gridwl_view_take_workspace(struct gridwl_view *view) {
	struct gridwl_server *server = view->server;
	if (!gridwl_view_is_window(view)) {
		return;
	}
	struct gridwl_window_identity identity = gridwl_view_identity(view);
	bool sticky;
	int number =
			gridwl_config_window_workspace(server->config, &identity, &sticky);
	view->workspace = number != 0 ? number : server->workspaces->shown;
	view->sticky = view->sticky || sticky;
	if (number != 0) {
		wlr_log(WLR_DEBUG, "Window %u (%s): workspace %d by a rule", view->id,
				gridwl_view_app_id(view), number);
	}
}

void gridwl_view_move_to_workspace(struct gridwl_view *view, int number) {
	if (view->workspace == number || !gridwl_view_is_window(view)) {
		return;
	}
	// Damaged while still drawn, and again once it is not.
	gridwl_view_damage_whole(view);
	view->workspace = number;
	gridwl_view_damage_whole(view);
	refocus(view->server);
	gridwl_idle_update(view->server);
	gridwl_seat_schedule_pointer_rebase(view->server->seat);
	gridwl_workspaces_changed(view->server);
	gridwl_subscribe_window(view->server, view, "workspace");
}

void gridwl_view_set_sticky(struct gridwl_view *view, bool sticky) {
	if (view->sticky == sticky || !gridwl_view_is_window(view)) {
		return;
	}
	view->sticky = sticky;
	// Unstuck on the workspace shown, where the user sees it.
	if (!sticky) {
		view->workspace = view->server->workspaces->shown;
	}
	gridwl_workspaces_changed(view->server);
}
