#include <json-c/json.h>
#include <stdlib.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_layer_shell_v1.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/shell/layer_shell.h"
#include "compositor/view/view.h"
#include "input/seat.h"

/* Sends closed and destroys it, and its popups with it. */
static void close_layer_surface(struct wlr_layer_surface_v1 *layer_surface) {
	wlr_layer_surface_v1_destroy(layer_surface);
}

/* A layer surface as a gridwl_view. view.x, view.y is where it is placed;
 * its geometry is the whole surface. */
struct gridwl_layer_view {
	struct gridwl_view view; // view.layer_surface is the surface
	// The size of the last configure, and whether one was sent since the
	// surface was created or last unmapped (then it needs a new one).
	bool configure_sent;
	int configured_width, configured_height;
	// Configured only from its initial commit on: the first one, and the
	// first one after it unmapped (wlroots forgets its configures then).
	bool awaiting_initial_commit;
	// Closing is left to the event loop: the arrangement that finds a
	// surface has no room runs inside commits and signals of that surface.
	struct wl_event_source *close_idle;
	struct wl_listener map;
	struct wl_listener unmap;
	struct wl_listener destroy;
	struct wl_listener client_commit;
	struct wl_listener commit;
	struct wl_listener output_destroy;
};

static struct gridwl_layer_view *layer_view_from_view(
		struct gridwl_view *view) {
	struct gridwl_layer_view *layer_view =
			wl_container_of(view, layer_view, view);
	return layer_view;
}

static struct wlr_surface *layer_get_surface(struct gridwl_view *view) {
	return view->layer_surface->surface;
}

static void layer_get_geometry(struct gridwl_view *view,
		struct wlr_box *geometry) {
	struct wlr_surface *surface = view->layer_surface->surface;
	*geometry = (struct wlr_box){
		.width = surface->current.width,
		.height = surface->current.height,
	};
}

static void layer_for_each_surface(struct gridwl_view *view,
		gridwl_surface_iterator_t iterator, void *data) {
	wlr_layer_surface_v1_for_each_surface(view->layer_surface, iterator, data);
}

static struct wlr_surface *layer_surface_at(struct gridwl_view *view, double sx,
		double sy, double *sub_x, double *sub_y) {
	return wlr_layer_surface_v1_surface_at(view->layer_surface, sx, sy, sub_x,
			sub_y);
}

static const char *layer_get_app_id(struct gridwl_view *view) {
	return NULL;
}

static const char *layer_get_title(struct gridwl_view *view) {
	return view->layer_surface->namespace;
}

static const char *layer_get_x11_class(struct gridwl_view *view) {
	return NULL;
}

/* Its size is the arrangement's; nothing of a window's state applies. */
static void layer_set_size(struct gridwl_view *view, int width, int height) {
}

static void layer_set_bool(struct gridwl_view *view, bool value) {
}

static void layer_close(struct gridwl_view *view) {
	close_layer_surface(view->layer_surface);
}

static const struct gridwl_view_impl layer_view_impl = {
	.get_surface = layer_get_surface,
	.get_geometry = layer_get_geometry,
	.for_each_surface = layer_for_each_surface,
	.surface_at = layer_surface_at,
	.get_app_id = layer_get_app_id,
	.get_title = layer_get_title,
	.get_x11_class = layer_get_x11_class,
	.set_size = layer_set_size,
	.set_activated = layer_set_bool,
	.set_fullscreen = layer_set_bool,
	.set_maximized = layer_set_bool,
	.close = layer_close,
};

static bool is_keyboard_layer(uint32_t layer) {
	return layer == ZWLR_LAYER_SHELL_V1_LAYER_TOP ||
			layer == ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY;
}

bool gridwl_layer_accepts_keyboard(struct gridwl_view *view) {
	return view->kind == GRIDWL_VIEW_LAYER_SURFACE &&
			view->layer_surface->current.keyboard_interactive !=
			ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE;
}

struct gridwl_view *gridwl_layer_keyboard_exclusive(
		struct gridwl_server *server) {
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (view->kind == GRIDWL_VIEW_LAYER_SURFACE && view->mapped &&
				is_keyboard_layer(view->layer) &&
				view->layer_surface->current.keyboard_interactive ==
						ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE) {
			return view;
		}
	}
	return NULL;
}

/* Sizes and margins are the client's uint32s. A surface that big, or put
 * that far off its output, is of no use to anyone and would overflow the
 * int32 regions that damage and input are computed in. */
#define LAYER_SIZE_MAX (1 << 16)
#define LAYER_FAR_OFF (1 << 20)

/*
 * Where a surface of that state goes inside bounds (logical): the anchored
 * edges at their margins, a size of 0 stretched between its two anchors
 * (the commit checks it has both), the rest centred. False when the
 * margins leave no room, or it would be absurdly big or far away.
 */
static bool place(const struct wlr_layer_surface_v1_state *state,
		const struct wlr_box *bounds, struct wlr_box *box) {
	uint32_t anchor = state->anchor;
	bool left = anchor & ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT;
	bool right = anchor & ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT;
	bool top = anchor & ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP;
	bool bottom = anchor & ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM;
	// Sizes and margins are the client's uint32s; the sums go wider.
	int64_t width = state->desired_width, height = state->desired_height;
	int64_t x, y;
	int64_t margin_left = state->margin.left,
			margin_right = state->margin.right;
	int64_t margin_top = state->margin.top;
	int64_t margin_bottom = state->margin.bottom;
	if (width == 0) {
		width = bounds->width - margin_left - margin_right;
		x = bounds->x + margin_left;
	} else if (left && !right) {
		x = bounds->x + margin_left;
	} else if (right && !left) {
		x = bounds->x + bounds->width - width - margin_right;
	} else {
		x = bounds->x + (bounds->width - width) / 2;
	}
	if (height == 0) {
		height = bounds->height - margin_top - margin_bottom;
		y = bounds->y + margin_top;
	} else if (top && !bottom) {
		y = bounds->y + margin_top;
	} else if (bottom && !top) {
		y = bounds->y + bounds->height - height - margin_bottom;
	} else {
		y = bounds->y + (bounds->height - height) / 2;
	}
	if (width <= 0 || height <= 0 || width > LAYER_SIZE_MAX ||
			height > LAYER_SIZE_MAX || x < bounds->x - LAYER_FAR_OFF ||
			x > bounds->x + LAYER_FAR_OFF || y < bounds->y - LAYER_FAR_OFF ||
			y > bounds->y + LAYER_FAR_OFF) {
		return false;
	}
	*box = (struct wlr_box){ .x = x, .y = y, .width = width, .height = height };
	return true;
}

/* An exclusive zone applies to the one edge a surface is anchored to (alone
 * or with both edges beside it) and takes its margin on that edge too. */
static void take_exclusive_zone(const struct wlr_layer_surface_v1_state *state,
		struct gridwl_output_insets *insets) {
	const uint32_t horizontal = ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT |
			ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT;
	const uint32_t vertical = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP |
			ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM;
	uint32_t anchor = state->anchor;
	int64_t zone = state->exclusive_zone;
	int64_t *edge;
	if (anchor == ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP ||
			anchor == (ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP | horizontal)) {
		edge = &insets->top;
		zone += state->margin.top;
	} else if (anchor == ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM ||
			anchor == (ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM | horizontal)) {
		edge = &insets->bottom;
		zone += state->margin.bottom;
	} else if (anchor == ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT ||
			anchor == (ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT | vertical)) {
		edge = &insets->left;
		zone += state->margin.left;
	} else if (anchor == ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT ||
			anchor == (ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT | vertical)) {
		edge = &insets->right;
		zone += state->margin.right;
	} else {
		return;
	}
	*edge += zone;
}

static void handle_close_idle(void *data) {
	struct gridwl_layer_view *layer_view = data;
	layer_view->close_idle = NULL;
	close_layer_surface(layer_view->view.layer_surface);
}

static void layer_view_close_later(struct gridwl_layer_view *layer_view) {
	if (layer_view->close_idle == NULL) {
		layer_view->close_idle =
				wl_event_loop_add_idle(layer_view->view.server->loop,
						handle_close_idle, layer_view);
	}
}

static void layer_view_configure(struct gridwl_layer_view *layer_view,
		int width, int height) {
	if (layer_view->configure_sent && layer_view->configured_width == width &&
			layer_view->configured_height == height) {
		return;
	}
	wlr_layer_surface_v1_configure(layer_view->view.layer_surface, width,
			height);
	layer_view->configure_sent = true;
	layer_view->configured_width = width;
	layer_view->configured_height = height;
}

/* Places one layer surface inside bounds: moves it there and configures it
 * to its size there. */
static void arrange_one(struct gridwl_layer_view *layer_view,
		const struct wlr_box *bounds) {
	struct gridwl_view *view = &layer_view->view;
	struct wlr_layer_surface_v1 *layer_surface = layer_view->view.layer_surface;
	struct wlr_box box;
	if (!place(&layer_surface->current, bounds, &box)) {
		wlr_log(WLR_ERROR,
				"Layer surface '%s' does not fit on %s "
				"(margins %u,%u,%u,%u, size %ux%u): closing it",
				layer_surface->namespace, layer_surface->output->name,
				layer_surface->current.margin.top,
				layer_surface->current.margin.right,
				layer_surface->current.margin.bottom,
				layer_surface->current.margin.left,
				layer_surface->current.desired_width,
				layer_surface->current.desired_height);
		layer_view_close_later(layer_view);
		return;
	}
	if (view->mapped && (box.x != view->x || box.y != view->y)) {
		gridwl_view_move(view, box.x, box.y);
	} else if (!view->mapped) {
		view->x = box.x;
		view->y = box.y;
	}
	if (!layer_view->awaiting_initial_commit) {
		layer_view_configure(layer_view, box.width, box.height);
	}
}

static struct wlr_box inset_box(const struct wlr_box *box,
		const struct gridwl_output_insets *insets) {
	int64_t width = (int64_t)box->width - insets->left - insets->right;
	int64_t height = (int64_t)box->height - insets->top - insets->bottom;
	// Panels that claim more than the whole output leave nothing usable;
	// a window then still gets the whole output rather than no room.
	if (width <= 0 || height <= 0) {
		return *box;
	}
	return (struct wlr_box){
		.x = box->x + insets->left,
		.y = box->y + insets->top,
		.width = width,
		.height = height,
	};
}

struct wlr_box gridwl_output_usable_box(struct gridwl_output *output) {
	struct wlr_box box = gridwl_output_logical_box(output);
	return inset_box(&box, &output->usable_insets);
}

/* The protocol's order: exclusive zones first, from the top layer down, so
 * that stacked panels do not overlap; then everything else, in the usable
 * area left (exclusive zone 0) or the whole output (-1). */
static bool arrange_output(struct gridwl_server *server,
		struct gridwl_output *output) {
	struct wlr_box full = gridwl_output_logical_box(output);
	struct gridwl_output_insets insets = { 0 };
	static const uint32_t layers[] = {
		ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY,
		ZWLR_LAYER_SHELL_V1_LAYER_TOP,
		ZWLR_LAYER_SHELL_V1_LAYER_BOTTOM,
		ZWLR_LAYER_SHELL_V1_LAYER_BACKGROUND,
	};
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < sizeof(layers) / sizeof(layers[0]); i++) {
			struct gridwl_view *view;
			wl_list_for_each(view, &server->views, link) {
				if (view->kind != GRIDWL_VIEW_LAYER_SURFACE) {
					continue;
				}
				struct wlr_layer_surface_v1 *layer_surface =
						view->layer_surface;
				if (view->layer != layers[i] ||
						layer_surface->output != output->wlr_output ||
						layer_view_from_view(view)->close_idle != NULL) {
					continue;
				}
				int32_t zone = layer_surface->current.exclusive_zone;
				if ((pass == 0) != (zone > 0)) {
					continue;
				}
				struct wlr_box usable = inset_box(&full, &insets);
				arrange_one(layer_view_from_view(view),
						zone < 0 ? &full : &usable);
				// Only what is shown keeps windows away.
				if (pass == 0 && view->mapped) {
					take_exclusive_zone(&layer_surface->current, &insets);
				}
			}
		}
	}
	struct gridwl_output_insets *old = &output->usable_insets;
	bool changed = old->top != insets.top || old->right != insets.right ||
			old->bottom != insets.bottom || old->left != insets.left;
	output->usable_insets = insets;
	return changed;
}

/* The output of ours that is wlr_output, found by address alone: wlroots
 * (0.15 to 0.18) keeps the output a client named at get_layer_surface
 * without following its destruction, so the pointer may be stale and must
 * not be followed before it is known to be live (wlr_compat/wlr_compat.h,
 * N1). gridwl follows it from the surface's creation on, so only what runs
 * before that listener (and after the output went) sees a stale one. */
static struct gridwl_output *live_output(struct gridwl_server *server,
		struct wlr_output *wlr_output) {
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		if (output->wlr_output == wlr_output) {
			return output;
		}
	}
	return NULL;
}

static struct gridwl_output *layer_output(struct gridwl_server *server,
		struct wlr_layer_surface_v1 *layer_surface) {
	struct gridwl_output *output = live_output(server, layer_surface->output);
	return output != NULL && gridwl_output_is_active(output) ? output : NULL;
}

bool gridwl_layers_arrange(struct gridwl_server *server) {
	// A layer surface belongs to one output: when that one is gone or
	// off, the surface is closed, as the protocol says.
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (view->kind == GRIDWL_VIEW_LAYER_SURFACE &&
				layer_output(server, view->layer_surface) == NULL) {
			layer_view_close_later(layer_view_from_view(view));
		}
	}
	bool changed = false;
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		if (gridwl_output_is_active(output)) {
			changed |= arrange_output(server, output);
		}
	}
	return changed;
}

/* After a layer surface changed what it asks for or was (un)mapped: its
 * output is arranged again, and windows refitted if the usable area moved. */
static void layer_view_rearrange(struct gridwl_layer_view *layer_view) {
	struct gridwl_server *server = layer_view->view.server;
	if (gridwl_layers_arrange(server)) {
		gridwl_views_arrange(server);
	}
}

static void focus_layer(struct gridwl_view *view) {
	struct gridwl_seat *seat = view->server->seat;
	gridwl_popup_dismiss_grab(view->server, view);
	gridwl_seat_focus_surface(seat, view->layer_surface->surface);
}

/* A mapped surface that came to want the keyboard gets it (an exclusive
 * one from whoever has it); one that stopped wanting it gives it back to
 * the topmost window. */
static void layer_keyboard_changed(struct gridwl_view *view) {
	struct gridwl_seat *seat = view->server->seat;
	struct wlr_surface *focused =
			seat->wlr_seat->keyboard_state.focused_surface;
	bool has_focus =
			focused != NULL && gridwl_view_from_surface(focused) == view;
	if (gridwl_layer_accepts_keyboard(view)) {
		struct gridwl_view *exclusive =
				gridwl_layer_keyboard_exclusive(view->server);
		if (!has_focus && is_keyboard_layer(view->layer) &&
				(exclusive == NULL || exclusive == view)) {
			focus_layer(view);
		}
		return;
	}
	if (has_focus) {
		gridwl_seat_view_unmapped(seat, view);
	}
}

static void layer_handle_map(struct wl_listener *listener, void *data) {
	struct gridwl_layer_view *layer_view =
			wl_container_of(listener, layer_view, map);
	struct gridwl_view *view = &layer_view->view;
	view->mapped = true;
	view->last_bounds = gridwl_view_bounds(view);
	gridwl_view_damage_whole(view);
	gridwl_view_update_outputs(view);
	// Its exclusive zone now counts.
	layer_view_rearrange(layer_view);
	layer_keyboard_changed(view);
	gridwl_seat_schedule_pointer_rebase(view->server->seat);
	wlr_log(WLR_DEBUG, "Layer surface '%s' mapped at %d,%d on %s",
			view->layer_surface->namespace, view->x, view->y,
			view->layer_surface->output->name);
}

static void layer_handle_unmap(struct wl_listener *listener, void *data) {
	struct gridwl_layer_view *layer_view =
			wl_container_of(listener, layer_view, unmap);
	// To be shown again it needs a configure of its own, after its next
	// initial commit; wlroots forgets the configures it sent before.
	layer_view->configure_sent = false;
	layer_view->awaiting_initial_commit = true;
	gridwl_view_unmap(&layer_view->view);
	layer_view_rearrange(layer_view);
}

/* The protocol's invalid_size, before the state is applied: upstream
 * wlroots checks it itself, Debian's build does not (it reverts that check
 * for phosh), so gridwl does (wlr_compat/wlr_compat.h, N2). */
static void layer_handle_client_commit(struct wl_listener *listener,
		void *data) {
	struct gridwl_layer_view *layer_view =
			wl_container_of(listener, layer_view, client_commit);
	struct wlr_layer_surface_v1 *layer_surface = layer_view->view.layer_surface;
	const struct wlr_layer_surface_v1_state *state = &layer_surface->pending;
	bool stretch_x = (state->anchor & ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT) &&
			(state->anchor & ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
	bool stretch_y = (state->anchor & ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP) &&
			(state->anchor & ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM);
	if ((state->desired_width == 0 && !stretch_x) ||
			(state->desired_height == 0 && !stretch_y)) {
		wlr_surface_reject_pending(layer_surface->surface,
				layer_surface->resource,
				ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SIZE,
				"a size of %ux%u needs anchors on both sides of each 0",
				state->desired_width, state->desired_height);
	}
}

static void layer_handle_commit(struct wl_listener *listener, void *data) {
	struct gridwl_layer_view *layer_view =
			wl_container_of(listener, layer_view, commit);
	struct gridwl_view *view = &layer_view->view;
	struct wlr_layer_surface_v1 *layer_surface = layer_view->view.layer_surface;
	// A size of 0 without both anchors was refused before it was applied
	// (layer_handle_client_commit), so place() never sees one.
	const struct wlr_layer_surface_v1_state *state = &layer_surface->current;
	if (layer_surface->initial_commit) {
		layer_view->awaiting_initial_commit = false;
	}
	if (state->layer != view->layer) {
		gridwl_view_damage_whole(view);
		view->layer = state->layer;
		gridwl_view_raise(view);
		gridwl_view_damage_whole(view);
		gridwl_seat_schedule_pointer_rebase(view->server->seat);
	}
	if (state->committed != 0 ||
			(!layer_view->configure_sent &&
					!layer_view->awaiting_initial_commit)) {
		layer_view_rearrange(layer_view);
	}
	if (view->mapped &&
			(state->committed &
					WLR_LAYER_SURFACE_V1_STATE_KEYBOARD_INTERACTIVITY)) {
		layer_keyboard_changed(view);
	}
}

static void layer_handle_output_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_layer_view *layer_view =
			wl_container_of(listener, layer_view, output_destroy);
	close_layer_surface(layer_view->view.layer_surface);
}

static void layer_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_layer_view *layer_view =
			wl_container_of(listener, layer_view, destroy);
	struct gridwl_server *server = layer_view->view.server;
	wl_list_remove(&layer_view->map.link);
	wl_list_remove(&layer_view->unmap.link);
	wl_list_remove(&layer_view->destroy.link);
	wl_list_remove(&layer_view->client_commit.link);
	wl_list_remove(&layer_view->commit.link);
	wl_list_remove(&layer_view->output_destroy.link);
	if (layer_view->close_idle != NULL) {
		wl_event_source_remove(layer_view->close_idle);
	}
	layer_view->view.layer_surface->data = NULL;
	gridwl_view_finish(&layer_view->view);
	free(layer_view);
	if (!server->shutting_down && gridwl_layers_arrange(server)) {
		gridwl_views_arrange(server);
	}
}

static void handle_new_layer_surface(struct wl_listener *listener, void *data) {
	struct gridwl_server *server =
			wl_container_of(listener, server, new_layer_surface);
	struct wlr_layer_surface_v1 *layer_surface = data;
	if (layer_surface->output != NULL &&
			layer_output(server, layer_surface) == NULL) {
		wlr_log(WLR_INFO,
				"Layer surface '%s': its output is gone or off, "
				"closing it",
				layer_surface->namespace);
		close_layer_surface(layer_surface);
		return;
	}
	// Without an output of its own it goes where the pointer is, as a
	// launcher should.
	if (layer_surface->output == NULL) {
		struct gridwl_output *output = gridwl_output_at(server,
				server->seat->cursor->x, server->seat->cursor->y);
		if (output == NULL || !gridwl_output_is_active(output)) {
			wlr_log(WLR_INFO,
					"Layer surface '%s' has no output to go on: "
					"closing it",
					layer_surface->namespace);
			close_layer_surface(layer_surface);
			return;
		}
		layer_surface->output = output->wlr_output;
	}
	struct gridwl_layer_view *layer_view = calloc(1, sizeof(*layer_view));
	if (layer_view == NULL) {
		wl_resource_post_no_memory(layer_surface->resource);
		return;
	}
	struct gridwl_view *view = &layer_view->view;
	view->layer_surface = layer_surface;
	view->layer = layer_surface->current.layer;
	layer_surface->data = view;
	gridwl_view_init(view, server, GRIDWL_VIEW_LAYER_SURFACE, &layer_view_impl);

	layer_view->awaiting_initial_commit = true;
	layer_view->map.notify = layer_handle_map;
	wl_signal_add(&layer_surface->surface->events.map, &layer_view->map);
	layer_view->unmap.notify = layer_handle_unmap;
	wl_signal_add(&layer_surface->surface->events.unmap, &layer_view->unmap);
	layer_view->destroy.notify = layer_handle_destroy;
	wl_signal_add(&layer_surface->events.destroy, &layer_view->destroy);
	layer_view->client_commit.notify = layer_handle_client_commit;
	wl_signal_add(&layer_surface->surface->events.client_commit,
			&layer_view->client_commit);
	layer_view->commit.notify = layer_handle_commit;
	wl_signal_add(&layer_surface->surface->events.commit, &layer_view->commit);
	layer_view->output_destroy.notify = layer_handle_output_destroy;
	wl_signal_add(&layer_surface->output->events.destroy,
			&layer_view->output_destroy);
	// wlroots announces the surface when it is made, before the client
	// has committed what it asks for; the commit listener above answers
	// the initial commit with the first configure.
}

bool gridwl_layer_shell_init(struct gridwl_server *server) {
	// Version 4, as wlroots 0.15 had: clients see the same events.
	server->layer_shell = wlr_layer_shell_v1_create(server->display, 4);
	if (server->layer_shell == NULL) {
		return false;
	}
	server->new_layer_surface.notify = handle_new_layer_surface;
	wl_signal_add(&server->layer_shell->events.new_surface,
			&server->new_layer_surface);
	return true;
}

void gridwl_layer_shell_finish(struct gridwl_server *server) {
	wl_list_remove(&server->new_layer_surface.link);
}

static const char *layer_name(uint32_t layer) {
	switch (layer) {
	case ZWLR_LAYER_SHELL_V1_LAYER_BACKGROUND:
		return "background";
	case ZWLR_LAYER_SHELL_V1_LAYER_BOTTOM:
		return "bottom";
	case ZWLR_LAYER_SHELL_V1_LAYER_TOP:
		return "top";
	default:
		return "overlay";
	}
}

static const char *keyboard_name(
		enum zwlr_layer_surface_v1_keyboard_interactivity interactivity) {
	switch (interactivity) {
	case ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE:
		return "none";
	case ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE:
		return "exclusive";
	default:
		return "on_demand";
	}
}

struct json_object *gridwl_layers_describe(struct gridwl_server *server) {
	struct json_object *list = json_object_new_array();
	struct gridwl_view *view;
	// Topmost first, as gridctl windows lists windows.
	wl_list_for_each(view, &server->views, link) {
		if (view->kind != GRIDWL_VIEW_LAYER_SURFACE || !view->mapped) {
			continue;
		}
		struct wlr_layer_surface_v1 *layer_surface = view->layer_surface;
		struct json_object *object = json_object_new_object();
		json_object_object_add(object, "namespace",
				json_object_new_string(layer_surface->namespace));
		json_object_object_add(object, "layer",
				json_object_new_string(layer_name(view->layer)));
		json_object_object_add(object, "output",
				json_object_new_string(layer_surface->output->name));
		struct wlr_box box = gridwl_view_box(view);
		json_object_object_add(object, "x", json_object_new_int(box.x));
		json_object_object_add(object, "y", json_object_new_int(box.y));
		json_object_object_add(object, "width", json_object_new_int(box.width));
		json_object_object_add(object, "height",
				json_object_new_int(box.height));
		json_object_object_add(object, "exclusive_zone",
				json_object_new_int(layer_surface->current.exclusive_zone));
		json_object_object_add(object, "keyboard",
				json_object_new_string(keyboard_name(
						layer_surface->current.keyboard_interactive)));
		json_object_object_add(object, "focused",
				json_object_new_boolean(gridwl_view_is_focused(view)));
		json_object_object_add(object, "buffer_scale",
				json_object_new_int(gridwl_view_buffer_scale(view)));
		json_object_array_add(list, object);
	}
	return list;
}
