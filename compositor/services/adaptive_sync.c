#include <stdlib.h>
#include <string.h>
#include <wlr/backend/drm.h>
#include <wlr/backend/headless.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_output.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/adaptive_sync.h"
#include "compositor/services/content_type.h"
#include "compositor/util.h"
#include "compositor/view/view.h"

struct gridwl_adaptive_sync_service {
	struct gridwl_server *server;
	struct wl_list outputs; // gridwl_adaptive_sync_output.link
	// Views gathered for a decision, kept so that frames reuse the storage.
	struct gridwl_adaptive_sync_view *views;
	size_t views_capacity;
	struct wl_listener surface_commit;
};

/* What an output was configured with, and what its driver refused. */
struct gridwl_adaptive_sync_output {
	struct wl_list link;
	struct wlr_output *wlr_output;
	enum gridwl_adaptive_sync setting;
	// The driver's test refused this state: not asked again until the
	// output is configured again, so a refusal is logged once and not
	// tried on every frame.
	bool refused;
	bool refused_enabled;
	struct wl_listener output_destroy;
};

enum gridwl_adaptive_sync_reason gridwl_adaptive_sync_decide(
		enum gridwl_adaptive_sync setting,
		const struct gridwl_adaptive_sync_view *views, size_t count) {
	switch (setting) {
	case GRIDWL_ADAPTIVE_SYNC_OFF:
		return GRIDWL_ADAPTIVE_SYNC_REASON_NONE;
	case GRIDWL_ADAPTIVE_SYNC_ON:
		return GRIDWL_ADAPTIVE_SYNC_REASON_SETTING;
	case GRIDWL_ADAPTIVE_SYNC_AUTO:
		break;
	}
	enum gridwl_adaptive_sync_reason reason = GRIDWL_ADAPTIVE_SYNC_REASON_NONE;
	for (size_t i = 0; i < count; i++) {
		// A window on another workspace, minimized or behind the lock
		// paces nothing on the screen.
		if (!views[i].shown) {
			continue;
		}
		if (views[i].fullscreen) {
			return GRIDWL_ADAPTIVE_SYNC_REASON_FULLSCREEN;
		}
		if (views[i].game) {
			reason = GRIDWL_ADAPTIVE_SYNC_REASON_GAME;
		}
	}
	return reason;
}

const char *gridwl_adaptive_sync_reason_text(
		enum gridwl_adaptive_sync_reason reason) {
	switch (reason) {
	case GRIDWL_ADAPTIVE_SYNC_REASON_NONE:
		return "nothing asks for it";
	case GRIDWL_ADAPTIVE_SYNC_REASON_SETTING:
		return "adaptive-sync on";
	case GRIDWL_ADAPTIVE_SYNC_REASON_FULLSCREEN:
		return "auto: a fullscreen window";
	case GRIDWL_ADAPTIVE_SYNC_REASON_GAME:
		return "auto: a surface of content type game";
	}
	return "unknown";
}

const char *gridwl_adaptive_sync_unsupported(struct wlr_output *wlr_output) {
	if (wlr_output->adaptive_sync_supported) {
		return NULL;
	}
	if (wlr_output_is_drm(wlr_output)) {
		return "its connector is not VRR_CAPABLE (the screen or the driver "
			   "has no variable refresh rate)";
	}
	if (wlr_output_is_headless(wlr_output)) {
		return "headless outputs have no variable refresh rate";
	}
	// The wayland and x11 backends report it always on: the host decides.
	return "a nested output's refresh is its host's";
}

static struct gridwl_adaptive_sync_output *find_output(
		struct gridwl_adaptive_sync_service *sync,
		struct wlr_output *wlr_output) {
	struct gridwl_adaptive_sync_output *entry;
	wl_list_for_each(entry, &sync->outputs, link) {
		if (entry->wlr_output == wlr_output) {
			return entry;
		}
	}
	return NULL;
}

static void entry_destroy(struct gridwl_adaptive_sync_output *entry) {
	wl_list_remove(&entry->link);
	wl_list_remove(&entry->output_destroy.link);
	free(entry);
}

static void entry_handle_output_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_adaptive_sync_output *entry =
			wl_container_of(listener, entry, output_destroy);
	entry_destroy(entry);
}

struct game_search {
	struct gridwl_server *server;
	bool found;
};

static void find_game_iterator(struct wlr_surface *surface, int sx, int sy,
		void *data) {
	struct game_search *search = data;
	search->found = search->found ||
			strcmp(gridwl_surface_content_type(search->server, surface),
					"game") == 0;
}

static bool view_has_game(struct gridwl_view *view) {
	struct game_search search = { .server = view->server };
	gridwl_view_for_each_surface(view, find_game_iterator, &search);
	return search.found;
}

static enum gridwl_adaptive_sync_reason decide_for(
		struct gridwl_adaptive_sync_service *sync, struct gridwl_output *output,
		enum gridwl_adaptive_sync setting) {
	if (setting != GRIDWL_ADAPTIVE_SYNC_AUTO) {
		return gridwl_adaptive_sync_decide(setting, NULL, 0);
	}
	size_t count = 0;
	struct gridwl_view *view;
	wl_list_for_each(view, &sync->server->views, link) {
		if (!gridwl_view_shown_on(view, output)) {
			continue;
		}
		if (count == sync->views_capacity) {
			size_t capacity =
					sync->views_capacity > 0 ? sync->views_capacity * 2 : 16;
			struct gridwl_adaptive_sync_view *views =
					realloc(sync->views, capacity * sizeof(*views));
			if (views == NULL) {
				// Decided on the views gathered so far.
				break;
			}
			sync->views = views;
			sync->views_capacity = capacity;
		}
		sync->views[count++] = (struct gridwl_adaptive_sync_view){
			.shown = true,
			.fullscreen =
					view->fullscreen && gridwl_view_main_output(view) == output,
			.game = view_has_game(view),
		};
	}
	return gridwl_adaptive_sync_decide(setting, sync->views, count);
}

static enum gridwl_adaptive_sync setting_of(
		struct gridwl_adaptive_sync_service *sync,
		struct gridwl_output *output) {
	struct gridwl_adaptive_sync_output *entry =
			find_output(sync, output->wlr_output);
	return entry != NULL ? entry->setting : GRIDWL_ADAPTIVE_SYNC_OFF;
}

static bool is_enabled(struct wlr_output *wlr_output) {
	return wlr_output->adaptive_sync_status == WLR_OUTPUT_ADAPTIVE_SYNC_ENABLED;
}

/* Whether a frame should ask for wanted: the output is not so, and its
 * driver did not refuse it since it was configured. */
static bool needs_change(struct gridwl_adaptive_sync_output *entry,
		struct wlr_output *wlr_output, bool wanted) {
	return wanted != is_enabled(wlr_output) &&
			!(entry != NULL && entry->refused &&
					entry->refused_enabled == wanted);
}

/* Any surface committed: a content type may have come or gone. */
static void handle_surface_commit(struct wl_listener *listener, void *data) {
	struct gridwl_adaptive_sync_service *sync =
			wl_container_of(listener, sync, surface_commit);
	struct gridwl_adaptive_sync_output *entry;
	wl_list_for_each(entry, &sync->outputs, link) {
		// Only auto changes with what is shown, and only an output that
		// can has anything to do. Frames decide for themselves; this asks
		// for one where nothing was damaged.
		struct gridwl_output *output =
				gridwl_output_from_wlr(entry->wlr_output);
		if (entry->setting != GRIDWL_ADAPTIVE_SYNC_AUTO || output == NULL ||
				!entry->wlr_output->adaptive_sync_supported ||
				!gridwl_output_is_shown(output)) {
			continue;
		}
		bool wanted = decide_for(sync, output, entry->setting) !=
				GRIDWL_ADAPTIVE_SYNC_REASON_NONE;
		if (needs_change(entry, entry->wlr_output, wanted)) {
			wlr_output_schedule_frame(entry->wlr_output);
		}
	}
}

bool gridwl_adaptive_sync_init(struct gridwl_server *server) {
	struct gridwl_adaptive_sync_service *sync = calloc(1, sizeof(*sync));
	if (sync == NULL) {
		return false;
	}
	sync->server = server;
	wl_list_init(&sync->outputs);
	sync->surface_commit.notify = handle_surface_commit;
	wl_signal_add(&server->events.surface_commit, &sync->surface_commit);
	server->adaptive_sync = sync;
	return true;
}

void gridwl_adaptive_sync_finish(struct gridwl_server *server) {
	struct gridwl_adaptive_sync_service *sync = server->adaptive_sync;
	if (sync == NULL) {
		return;
	}
	struct gridwl_adaptive_sync_output *entry, *tmp;
	wl_list_for_each_safe(entry, tmp, &sync->outputs, link) {
		entry_destroy(entry);
	}
	wl_list_remove(&sync->surface_commit.link);
	free(sync->views);
	server->adaptive_sync = NULL;
	free(sync);
}

bool gridwl_adaptive_sync_check_line(struct gridwl_output *output,
		const struct gridwl_output_config *line, char **error) {
	if (!line->has_adaptive_sync ||
			line->adaptive_sync != GRIDWL_ADAPTIVE_SYNC_ON) {
		return true;
	}
	const char *why = gridwl_adaptive_sync_unsupported(output->wlr_output);
	if (why == NULL) {
		return true;
	}
	gridwl_set_error(error, "output %s cannot take adaptive-sync on: %s",
			output->wlr_output->name, why);
	return false;
}

void gridwl_adaptive_sync_configure(struct gridwl_output *output,
		const struct gridwl_output_config *oc) {
	struct gridwl_adaptive_sync_service *sync = output->server->adaptive_sync;
	if (sync == NULL) {
		return;
	}
	struct wlr_output *wlr_output = output->wlr_output;
	struct gridwl_adaptive_sync_output *entry = find_output(sync, wlr_output);
	if (entry == NULL) {
		entry = calloc(1, sizeof(*entry));
		if (entry == NULL) {
			wlr_log(WLR_ERROR, "Output %s: out of memory for adaptive sync",
					wlr_output->name);
			return;
		}
		entry->wlr_output = wlr_output;
		entry->output_destroy.notify = entry_handle_output_destroy;
		wl_signal_add(&wlr_output->events.destroy, &entry->output_destroy);
		wl_list_insert(sync->outputs.prev, &entry->link);
	}
	entry->setting = oc->has_adaptive_sync ? oc->adaptive_sync :
											 GRIDWL_ADAPTIVE_SYNC_OFF;
	entry->refused = false;
	const char *why = gridwl_adaptive_sync_unsupported(wlr_output);
	if (entry->setting == GRIDWL_ADAPTIVE_SYNC_ON && why != NULL) {
		// A config line for every output ("output * adaptive-sync on")
		// meets screens that cannot: the rest of the line still applies.
		wlr_log(WLR_INFO, "Output %s: adaptive-sync on is not applied: %s",
				wlr_output->name, why);
	}
	if (why == NULL) {
		wlr_output_schedule_frame(wlr_output);
	}
}

bool gridwl_adaptive_sync_frame_state(struct gridwl_output *output,
		struct wlr_output_state *state) {
	struct gridwl_adaptive_sync_service *sync = output->server->adaptive_sync;
	struct wlr_output *wlr_output = output->wlr_output;
	if (sync == NULL || !wlr_output->adaptive_sync_supported) {
		return false;
	}
	struct gridwl_adaptive_sync_output *entry = find_output(sync, wlr_output);
	enum gridwl_adaptive_sync setting =
			entry != NULL ? entry->setting : GRIDWL_ADAPTIVE_SYNC_OFF;
	enum gridwl_adaptive_sync_reason reason = decide_for(sync, output, setting);
	bool wanted = reason != GRIDWL_ADAPTIVE_SYNC_REASON_NONE;
	if (!needs_change(entry, wlr_output, wanted)) {
		return false;
	}
	// Tested alone first: a driver that refuses it (a mode it cannot vary)
	// must not cost the frame.
	struct wlr_output_state test;
	wlr_output_state_init(&test);
	wlr_output_state_set_adaptive_sync_enabled(&test, wanted);
	bool ok = wlr_output_test_state(wlr_output, &test);
	wlr_output_state_finish(&test);
	if (!ok) {
		wlr_log(WLR_INFO, "Output %s: the driver refused adaptive sync %s",
				wlr_output->name, wanted ? "on" : "off");
		if (entry != NULL) {
			entry->refused = true;
			entry->refused_enabled = wanted;
		}
		return false;
	}
	wlr_log(WLR_INFO, "Output %s: adaptive sync %s (%s)", wlr_output->name,
			wanted ? "on" : "off", gridwl_adaptive_sync_reason_text(reason));
	wlr_output_state_set_adaptive_sync_enabled(state, wanted);
	return true;
}

struct gridwl_adaptive_sync_report gridwl_adaptive_sync_report(
		struct gridwl_output *output) {
	struct gridwl_adaptive_sync_service *sync = output->server->adaptive_sync;
	struct wlr_output *wlr_output = output->wlr_output;
	struct gridwl_adaptive_sync_report report = {
		.setting = GRIDWL_ADAPTIVE_SYNC_OFF,
		.supported = wlr_output->adaptive_sync_supported,
		.enabled = is_enabled(wlr_output),
	};
	if (sync != NULL) {
		report.setting = setting_of(sync, output);
		report.wanted = gridwl_output_is_shown(output) &&
				decide_for(sync, output, report.setting) !=
						GRIDWL_ADAPTIVE_SYNC_REASON_NONE;
	}
	return report;
}
