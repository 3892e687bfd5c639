#include <json-c/json.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_seat.h>
#include "compositor/control/fields.h"
#include "compositor/control/socket.h"
#include "compositor/control/stats.h"
#include "compositor/server.h"
#include "compositor/services/idle.h"
#include "compositor/shell/decoration.h"
#include "compositor/shell/session_lock.h"
#include "compositor/shell/switcher.h"
#include "compositor/shell/xwayland.h"
#include "compositor/view/view.h"
#include "input/seat.h"
#include "render/kernels/resample.h"
#include "render/resample_cache.h"

/* The open window switcher: its box, its highlighted row's (logical), the
 * windows it lists in order and the highlighted one; null when closed. */
static struct json_object *switcher_fields(struct gridwl_server *server) {
	struct wlr_box box, row;
	const uint32_t *ids;
	size_t count, highlight;
	if (!gridwl_switcher_state(server->switcher, &box, &row, &ids, &count,
				&highlight)) {
		return NULL;
	}
	struct json_object *object =
			gridwl_control_box_fields(json_object_new_object(), &box);
	struct json_object *windows = json_object_new_array();
	for (size_t i = 0; i < count; i++) {
		json_object_array_add(windows, json_object_new_int64(ids[i]));
	}
	json_object_object_add(object, "windows", windows);
	json_object_object_add(object, "highlighted",
			json_object_new_int64(ids[highlight]));
	json_object_object_add(object, "highlighted_row",
			gridwl_control_box_fields(json_object_new_object(), &row));
	return object;
}

/* What has the keyboard, for tests on backends without a keyboard. */
static const char *keyboard_focus_kind(struct gridwl_server *server) {
	struct wlr_surface *focused =
			server->seat->wlr_seat->keyboard_state.focused_surface;
	struct gridwl_view *view =
			focused != NULL ? gridwl_view_from_surface(focused) : NULL;
	if (focused == NULL) {
		return "none";
	} else if (view == NULL) {
		return "other";
	} else if (view->kind == GRIDWL_VIEW_LOCK_SURFACE) {
		return "lock";
	} else if (view->kind == GRIDWL_VIEW_LAYER_SURFACE) {
		return "layer";
	}
	return "window";
}

struct json_object *gridwl_control_cmd_stats(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *reply = gridwl_control_success();
	int outputs = wl_list_length(&server->outputs);
	int windows = 0;
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		windows += view->mapped && gridwl_view_is_window(view);
	}
	json_object_object_add(reply, "outputs", json_object_new_int(outputs));
	json_object_object_add(reply, "windows", json_object_new_int(windows));
	// Where a window being dragged to an edge would snap: the outline the
	// frame path draws; null when none.
	struct wlr_box preview;
	json_object_object_add(reply, "snap_preview",
			gridwl_server_snap_preview(server, &preview) ?
					gridwl_control_box_fields(json_object_new_object(),
							&preview) :
					NULL);
	json_object_object_add(reply, "switcher", switcher_fields(server));
	json_object_object_add(reply, "backend",
			json_object_new_string(
					gridwl_backend_kind_name(server->backend_kind)));
	// Where X11 clients connect; null when Xwayland is off.
	const char *display = gridwl_xwayland_display(server->xwayland);
	json_object_object_add(reply, "xwayland_display",
			display != NULL ? json_object_new_string(display) : NULL);
	// X pixels per logical pixel of the Xwayland running (or last run,
	// 1 before the first); null when Xwayland is off.
	json_object_object_add(reply, "xwayland_scale",
			display != NULL ? json_object_new_int(
									  gridwl_xwayland_scale(server->xwayland)) :
							  NULL);
	// Whether X11 programs were given Xft.dpi and XSETTINGS at that N.
	const char *settings = gridwl_xwayland_settings_state(server->xwayland);
	json_object_object_add(reply, "xwayland_settings",
			settings != NULL ? json_object_new_string(settings) : NULL);
	// Xwayland processes started (a restart is one more), and whether the
	// next waits for an X11 client; null when Xwayland is off.
	bool lazy;
	int starts = gridwl_xwayland_starts(server->xwayland, &lazy);
	json_object_object_add(reply, "xwayland_starts",
			display != NULL ? json_object_new_int(starts) : NULL);
	json_object_object_add(reply, "xwayland_lazy",
			display != NULL ? json_object_new_boolean(lazy) : NULL);
	const struct gridwl_resample_stats *resample = &server->resample_stats;
	json_object_object_add(reply, "resample_cache_bytes",
			json_object_new_int64((int64_t)resample->bytes));
	json_object_object_add(reply, "resample_cache_entries",
			json_object_new_int64((int64_t)resample->entries));
	json_object_object_add(reply, "resample_pixels",
			json_object_new_int64((int64_t)resample->pixels));
	json_object_object_add(reply, "blits_1to1",
			json_object_new_int64((int64_t)resample->blits_1to1));
	const struct gridwl_kernels *kernels = gridwl_kernels_best();
	json_object_object_add(reply, "resample_kernels",
			json_object_new_string(kernels != NULL ? kernels->name : "none"));
	json_object_object_add(reply, "session_lock",
			json_object_new_string(gridwl_session_lock_state_name(server)));
	json_object_object_add(reply, "keyboard_focus",
			json_object_new_string(keyboard_focus_kind(server)));
	json_object_object_add(reply, "idle_inhibited",
			json_object_new_boolean(gridwl_idle_inhibited(server)));
	// Cursor themes loaded, one per scale in use (and per reload).
	json_object_object_add(reply, "cursor_theme_loads",
			json_object_new_int(server->seat->cursor_theme_loads));
	// Every output's frames composed, and the commits that only moved a
	// hardware cursor plane, composing nothing (issue 34).
	json_object_object_add(reply, "frames_composed",
			json_object_new_int64((int64_t)server->frames_composed));
	json_object_object_add(reply, "cursor_commits",
			json_object_new_int64((int64_t)server->cursor_commits));
	json_object_object_add(reply, "decoration_renders",
			json_object_new_int64((int64_t)server->decorations->style.renders));
	// Keymaps compiled for keyboards: none before the first client's
	// wl_seat when headless (issue 34).
	json_object_object_add(reply, "keymaps_compiled",
			json_object_new_int64((int64_t)server->seat->keymaps_compiled));
	// The title font measured: at the first framed window or window
	// list, never at start-up (issue 34).
	json_object_object_add(reply, "decoration_font_measures",
			json_object_new_int64(
					(int64_t)server->decorations->style.measures));
	return reply;
}
