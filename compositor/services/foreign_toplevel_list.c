#include <stdlib.h>
#include <wlr/types/wlr_ext_foreign_toplevel_list_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/foreign_toplevel_list.h"
#include "compositor/view/view.h"

/* Version 1, the only one wlroots 0.18 has. */
#define FOREIGN_TOPLEVEL_LIST_VERSION 1

struct gridwl_foreign_toplevel_list {
	struct wlr_ext_foreign_toplevel_list_v1 *wlr_list;
	struct wl_list entries; // gridwl_foreign_toplevel_entry.link
};

/* One listed window. Kept here rather than in gridwl_view: few windows, and
 * the list is walked only when one appears, goes or renames itself. */
struct gridwl_foreign_toplevel_entry {
	struct gridwl_view *view;
	struct wlr_ext_foreign_toplevel_handle_v1 *handle;
	struct wl_list link;
};

static struct gridwl_foreign_toplevel_entry *find_entry(
		struct gridwl_foreign_toplevel_list *list, struct gridwl_view *view) {
	struct gridwl_foreign_toplevel_entry *entry;
	wl_list_for_each(entry, &list->entries, link) {
		if (entry->view == view) {
			return entry;
		}
	}
	return NULL;
}

static struct wlr_ext_foreign_toplevel_handle_v1_state view_state(
		struct gridwl_view *view) {
	return (struct wlr_ext_foreign_toplevel_handle_v1_state){
		.title = gridwl_view_title(view),
		.app_id = gridwl_view_app_id(view),
	};
}

void gridwl_foreign_toplevel_list_map(struct gridwl_view *view) {
	struct gridwl_foreign_toplevel_list *list =
			view->server->foreign_toplevel_list;
	if (list == NULL || !gridwl_view_is_window(view) ||
			find_entry(list, view) != NULL) {
		return;
	}
	struct gridwl_foreign_toplevel_entry *entry = calloc(1, sizeof(*entry));
	if (entry == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for a toplevel list handle");
		return;
	}
	struct wlr_ext_foreign_toplevel_handle_v1_state state = view_state(view);
	entry->handle =
			wlr_ext_foreign_toplevel_handle_v1_create(list->wlr_list, &state);
	if (entry->handle == NULL) {
		wlr_log(WLR_ERROR, "Cannot create a toplevel list handle");
		free(entry);
		return;
	}
	entry->view = view;
	wl_list_insert(list->entries.prev, &entry->link);
}

static void entry_destroy(struct gridwl_foreign_toplevel_entry *entry) {
	// Sends closed to every client that has the handle.
	wlr_ext_foreign_toplevel_handle_v1_destroy(entry->handle);
	wl_list_remove(&entry->link);
	free(entry);
}

void gridwl_foreign_toplevel_list_unmap(struct gridwl_view *view) {
	struct gridwl_foreign_toplevel_list *list =
			view->server->foreign_toplevel_list;
	struct gridwl_foreign_toplevel_entry *entry =
			list != NULL ? find_entry(list, view) : NULL;
	if (entry != NULL) {
		entry_destroy(entry);
	}
}

void gridwl_foreign_toplevel_list_update_identity(struct gridwl_view *view) {
	struct gridwl_foreign_toplevel_list *list =
			view->server->foreign_toplevel_list;
	struct gridwl_foreign_toplevel_entry *entry =
			list != NULL ? find_entry(list, view) : NULL;
	if (entry != NULL) {
		// wlroots sends only what changed, and nothing when nothing did.
		struct wlr_ext_foreign_toplevel_handle_v1_state state =
				view_state(view);
		wlr_ext_foreign_toplevel_handle_v1_update_state(entry->handle, &state);
	}
}

bool gridwl_foreign_toplevel_list_init(struct gridwl_server *server) {
	struct gridwl_foreign_toplevel_list *list = calloc(1, sizeof(*list));
	if (list == NULL) {
		return false;
	}
	wl_list_init(&list->entries);
	list->wlr_list = wlr_ext_foreign_toplevel_list_v1_create(server->display,
			FOREIGN_TOPLEVEL_LIST_VERSION);
	if (list->wlr_list == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the foreign toplevel list");
		free(list);
		return false;
	}
	server->foreign_toplevel_list = list;
	return true;
}

void gridwl_foreign_toplevel_list_finish(struct gridwl_server *server) {
	struct gridwl_foreign_toplevel_list *list = server->foreign_toplevel_list;
	if (list == NULL) {
		return;
	}
	// Windows unmap before this; anything left goes while the list (which
	// the display frees) is still there.
	struct gridwl_foreign_toplevel_entry *entry, *tmp;
	wl_list_for_each_safe(entry, tmp, &list->entries, link) {
		entry_destroy(entry);
	}
	server->foreign_toplevel_list = NULL;
	free(list);
}
