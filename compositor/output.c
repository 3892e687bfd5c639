#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/backend/drm.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/wayland.h>
#include <wlr/backend/x11.h>
#include <wlr/render/allocator.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_damage_ring.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/util/log.h>
#include "compositor/frame/occluders.h"
#include "compositor/frame/output_frame.h"
#include "compositor/frame/plan.h"
#include "compositor/layout.h"
#include "compositor/output.h"
#include "compositor/output_scale.h"
#include "compositor/server.h"
#include "compositor/services/adaptive_sync.h"
#include "compositor/services/output_power.h"
#include "compositor/services/presentation.h"
#include "compositor/session/nested.h"
#include "compositor/shell/session_lock.h"
#include "compositor/util.h"
#include "compositor/view/view.h"
#include "config/scale.h"
#include "config/transform.h"
#include "input/cursor_theme.h"
#include "input/input_device.h"
#include "input/seat.h"

struct gridwl_output *gridwl_output_from_wlr(struct wlr_output *wlr_output) {
	return wlr_output->data;
}

bool gridwl_output_is_active(struct gridwl_output *output) {
	// A DRM output that is powered off is disabled in wlroots' sense, and
	// still part of the layout.
	return (output->wlr_output->enabled || !output->powered) &&
			wlr_output_layout_get(output->server->output_layout,
					output->wlr_output) != NULL;
}

bool gridwl_output_is_shown(struct gridwl_output *output) {
	return output->powered && gridwl_output_is_active(output);
}

struct wlr_box gridwl_output_logical_box(struct gridwl_output *output) {
	struct wlr_box box = { 0 };
	if (!gridwl_output_is_active(output)) {
		return box;
	}
	wlr_output_layout_get_box(output->server->output_layout, output->wlr_output,
			&box);
	return box;
}

struct gridwl_output *gridwl_output_by_name(struct gridwl_server *server,
		const char *name) {
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		if (strcmp(output->wlr_output->name, name) == 0) {
			return output;
		}
	}
	return NULL;
}

struct gridwl_output *gridwl_output_at(struct gridwl_server *server, double lx,
		double ly) {
	struct wlr_output *wlr_output =
			wlr_output_layout_output_at(server->output_layout, lx, ly);
	if (wlr_output == NULL) {
		double cx, cy;
		wlr_output_layout_closest_point(server->output_layout, NULL, lx, ly,
				&cx, &cy);
		wlr_output = wlr_output_layout_output_at(server->output_layout, cx, cy);
	}
	return wlr_output != NULL ? gridwl_output_from_wlr(wlr_output) : NULL;
}

void gridwl_output_damage_whole(struct gridwl_output *output) {
	gridwl_occluders_invalidate(output->server);
	wlr_damage_ring_add_whole(&output->damage_ring);
	wlr_output_schedule_frame(output->wlr_output);
}

void gridwl_output_damage_logical_region(struct gridwl_output *output,
		pixman_region32_t *region) {
	gridwl_output_damage_logical_region_under(output, region, NULL);
}

void gridwl_output_damage_logical_region_under(struct gridwl_output *output,
		pixman_region32_t *region, const pixman_region32_t *covered) {
	if (!gridwl_output_is_active(output)) {
		return;
	}
	struct wlr_box box = gridwl_output_logical_box(output);
	struct gridwl_device_map map = gridwl_device_map_for_output(output);
	pixman_region32_t physical;
	pixman_region32_init(&physical);
	gridwl_device_region(&map, region, box.width, box.height, &physical);
	if (covered != NULL) {
		pixman_region32_subtract(&physical, &physical, covered);
	}
	if (pixman_region32_not_empty(&physical) &&
			wlr_damage_ring_add(&output->damage_ring, &physical)) {
		wlr_output_schedule_frame(output->wlr_output);
	}
	pixman_region32_fini(&physical);
}

void gridwl_output_damage_logical_box(struct gridwl_output *output,
		const struct wlr_box *box) {
	pixman_region32_t region;
	pixman_region32_init_rect(&region, box->x, box->y, box->width, box->height);
	gridwl_output_damage_logical_region(output, &region);
	pixman_region32_fini(&region);
}

void gridwl_server_damage_logical_box(struct gridwl_server *server,
		const struct wlr_box *box) {
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		gridwl_output_damage_logical_box(output, box);
	}
}

static void output_handle_frame(struct wl_listener *listener, void *data) {
	struct gridwl_output *output = wl_container_of(listener, output, frame);
	if (!gridwl_output_is_active(output)) {
		return;
	}
	if (!output->powered) {
		// A nested output that is off still has frames (switched-off
		// ones have none): nothing is composed or committed, and no frame
		// callbacks are sent, as on a screen that is off. A capture asked
		// for since (which is what scheduled this frame) fails. (wlroots
		// then keeps needs_frame set, with no buffer committed to clear
		// it, and signals no later capture: the next one waits until the
		// output is on again.)
		gridwl_output_power_fail_captures(output);
		return;
	}
	enum gridwl_frame_result result = gridwl_output_render_frame(output);
	if (result == GRIDWL_FRAME_COMMITTED) {
		gridwl_session_lock_output_presented(output);
		gridwl_presentation_output_committed(output);
	}
	if (result != GRIDWL_FRAME_FAILED) {
		// Unchanged counts too: a commit that damaged nothing here (a
		// frame callback alone) is as shown as it will ever be, and so is
		// a view wholly covered.
		struct gridwl_frame_view *entry;
		wl_array_for_each(entry, &output->frame_views) {
			gridwl_view_record_presented(entry->view, output);
		}
	}
	// Views may go before the next frame, which finds them anew.
	output->frame_views.size = 0;
	if (result == GRIDWL_FRAME_FAILED) {
		return;
	}
	struct gridwl_server *server = output->server;
	struct gridwl_output_frame_event event = {
		.output = output,
		.repainted = result == GRIDWL_FRAME_COMMITTED,
	};
	wl_signal_emit(&server->events.output_frame, &event);
}

/* Software cursors that moved or changed, in output-local physical
 * coordinates. */
static void output_handle_damage(struct wl_listener *listener, void *data) {
	struct gridwl_output *output = wl_container_of(listener, output, damage);
	struct wlr_output_event_damage *event = data;
	if (wlr_damage_ring_add(&output->damage_ring, event->damage)) {
		wlr_output_schedule_frame(output->wlr_output);
	}
}

static void output_handle_needs_frame(struct wl_listener *listener,
		void *data) {
	struct gridwl_output *output =
			wl_container_of(listener, output, needs_frame);
	wlr_output_schedule_frame(output->wlr_output);
}

static void output_forget_shown_buffer(struct gridwl_output *output) {
	if (output->shown_buffer != NULL) {
		wlr_buffer_unlock(output->shown_buffer);
		output->shown_buffer = NULL;
	}
}

static void output_handle_commit(struct wl_listener *listener, void *data) {
	struct gridwl_output *output = wl_container_of(listener, output, commit);
	struct wlr_output_event_commit *event = data;
	uint32_t committed = event->state->committed;
	if ((committed & WLR_OUTPUT_STATE_BUFFER) &&
			output->wlr_output->hardware_cursor != NULL) {
		// Kept for cursor-only frames (compositor/frame/output_frame.c),
		// only while a cursor plane is in use: a buffer held here is one
		// the swapchain cannot reuse, so a backend that keeps no buffer
		// of its own (headless) would allocate a second.
		struct wlr_buffer *shown = wlr_buffer_lock(event->state->buffer);
		output_forget_shown_buffer(output);
		output->shown_buffer = shown;
	} else if ((committed & WLR_OUTPUT_STATE_BUFFER) ||
			((committed & WLR_OUTPUT_STATE_ENABLED) &&
					!event->state->enabled)) {
		output_forget_shown_buffer(output);
	}
	if (committed &
			(WLR_OUTPUT_STATE_ENABLED | WLR_OUTPUT_STATE_MODE |
					WLR_OUTPUT_STATE_SCALE | WLR_OUTPUT_STATE_TRANSFORM)) {
		// The buffers are new, or of another size: none holds the
		// picture.
		int width, height;
		wlr_output_transformed_resolution(output->wlr_output, &width, &height);
		wlr_damage_ring_set_bounds(&output->damage_ring, width, height);
		gridwl_output_damage_whole(output);
	}
	uint32_t layout_relevant = WLR_OUTPUT_STATE_ENABLED |
			WLR_OUTPUT_STATE_MODE | WLR_OUTPUT_STATE_SCALE |
			WLR_OUTPUT_STATE_TRANSFORM;
	if (committed &
			(layout_relevant | WLR_OUTPUT_STATE_ADAPTIVE_SYNC_ENABLED)) {
		// wlr-output-management clients see adaptive sync change too.
		gridwl_output_manager_update(output->server);
	}
	if (committed & layout_relevant) {
		gridwl_views_arrange(output->server);
	}
}

static void output_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_output *output = wl_container_of(listener, output, destroy);
	struct gridwl_server *server = output->server;
	wlr_log(WLR_INFO, "Output %s removed", output->wlr_output->name);

	// Before the layout lets it go (its destroy listener comes after ours).
	gridwl_views_output_leaving(server, output);
	// wlr_cursor would keep mapping devices to it.
	gridwl_input_devices_map(server->seat, output->wlr_output);
	wl_list_remove(&output->destroy.link);
	wl_list_remove(&output->commit.link);
	wl_list_remove(&output->frame.link);
	wl_list_remove(&output->damage.link);
	wl_list_remove(&output->needs_frame.link);
	wl_list_remove(&output->link);
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		gridwl_view_forget_presented(view, output);
		gridwl_occluders_forget_output(view, output);
	}
	output->wlr_output->data = NULL;
	output_forget_shown_buffer(output);
	wlr_damage_ring_finish(&output->damage_ring);
	gridwl_frame_plan_finish(&output->plan);
	wl_array_release(&output->frame_views);
	gridwl_upright_finish(&output->upright);
	free(output);

	// The layout drops the output on its own destroy listener; views are
	// then rearranged from the layout's change event.
	gridwl_output_manager_update(server);

	// Closing the last window of a nested session ends it, as in sway and
	// weston; headless outputs only go when asked to.
	if (wl_list_empty(&server->outputs) && server->output_backend != NULL &&
			!wlr_backend_is_headless(server->output_backend) &&
			!server->shutting_down) {
		wlr_log(WLR_INFO, "Last nested output closed: exiting");
		gridwl_server_terminate(server, 0);
	}
}

static struct wlr_output_mode *find_mode(struct wlr_output *wlr_output,
		const struct gridwl_output_config *oc) {
	struct wlr_output_mode *mode, *best = NULL;
	wl_list_for_each(mode, &wlr_output->modes, link) {
		if (mode->width != oc->width || mode->height != oc->height) {
			continue;
		}
		if (oc->refresh_mhz == 0) {
			if (best == NULL || mode->refresh > best->refresh) {
				best = mode;
			}
		} else if (abs(mode->refresh - oc->refresh_mhz) < 50) {
			return mode;
		}
	}
	return best;
}

/* Sets the mode oc asks for, or a first one; false and *error when the
 * output has no such mode. */
static bool state_set_mode(struct wlr_output_state *state,
		struct wlr_output *wlr_output, const struct gridwl_output_config *oc,
		char **error) {
	if (!oc->has_mode) {
		if (wlr_output->current_mode == NULL &&
				!wl_list_empty(&wlr_output->modes)) {
			wlr_output_state_set_mode(state,
					wlr_output_preferred_mode(wlr_output));
		}
		return true;
	}
	struct wlr_output_mode *mode = find_mode(wlr_output, oc);
	if (mode != NULL) {
		wlr_output_state_set_mode(state, mode);
		return true;
	}
	if (!wl_list_empty(&wlr_output->modes)) {
		gridwl_set_error(error, "output %s has no mode %dx%d", wlr_output->name,
				oc->width, oc->height);
		return false;
	}
	// Headless and nested outputs take any size. The size they have (at any
	// rate when none is asked for) is no change, which clients would be
	// told all the same.
	if (wlr_output->width != oc->width || wlr_output->height != oc->height ||
			(oc->refresh_mhz != 0 && oc->refresh_mhz != wlr_output->refresh)) {
		wlr_output_state_set_custom_mode(state, oc->width, oc->height,
				oc->refresh_mhz);
	}
	return true;
}

/* Puts output against the output oc names, when that one is in the layout;
 * false, and nothing done, otherwise. */
static bool place_relative(struct gridwl_output *output,
		const struct gridwl_output_config *oc) {
	struct gridwl_server *server = output->server;
	struct gridwl_output *other =
			gridwl_output_by_name(server, oc->relative_to);
	if (other == NULL || other == output ||
			wlr_output_layout_get(server->output_layout, other->wlr_output) ==
					NULL) {
		return false;
	}
	// wlroots arranges automatically placed outputs to the right of every
	// placed one, so an anchor left to it would flee each output placed
	// against it: it stays where it is now.
	struct wlr_output_layout_output *anchor =
			wlr_output_layout_get(server->output_layout, other->wlr_output);
	if (anchor->auto_configured) {
		wlr_output_layout_add(server->output_layout, other->wlr_output,
				anchor->x, anchor->y);
		other->anchored = true;
	}
	struct wlr_box box = gridwl_output_logical_box(other);
	int width, height, x, y;
	wlr_output_effective_resolution(output->wlr_output, &width, &height);
	gridwl_output_config_place(oc, box.x, box.y, box.width, box.height, width,
			height, &x, &y);
	struct wlr_output_layout_output *placed =
			wlr_output_layout_get(server->output_layout, output->wlr_output);
	if (placed == NULL || placed->auto_configured || placed->x != x ||
			placed->y != y) {
		wlr_output_layout_add(server->output_layout, output->wlr_output, x, y);
	}
	return true;
}

void gridwl_outputs_place_relative(struct gridwl_server *server) {
	if (server->placing_outputs) {
		return;
	}
	server->placing_outputs = true;
	// A chain (A right-of B right-of C) settles in as many passes as it
	// has links; a cycle a run-time line made stops there.
	int passes = wl_list_length(&server->outputs);
	bool moved = true;
	while (moved && passes-- > 0) {
		moved = false;
		struct gridwl_output *output;
		wl_list_for_each(output, &server->outputs, link) {
			struct wlr_output_layout_output *placed =
					wlr_output_layout_get(server->output_layout,
							output->wlr_output);
			if (placed == NULL) {
				continue;
			}
			struct gridwl_output_config *oc =
					gridwl_server_output_config_for(server,
							output->wlr_output->name);
			if (oc != NULL && oc->relation != GRIDWL_RELATION_NONE) {
				int x = placed->x, y = placed->y;
				if (place_relative(output, oc) &&
						(placed->x != x || placed->y != y)) {
					moved = true;
				}
			}
			gridwl_output_config_destroy(oc);
		}
	}
	server->placing_outputs = false;
}

bool gridwl_output_apply_config(struct gridwl_output *output,
		const struct gridwl_output_config *oc, char **error) {
	struct gridwl_server *server = output->server;
	struct wlr_output *wlr_output = output->wlr_output;
	bool enable = oc->enabled != 0;

	// Powered off, a DRM or headless output is switched off and stays in
	// the layout, as on sway: nothing is drawn and captures fail at once. A
	// nested output stays on, black, and is no longer drawn to (a window of
	// the parent session that vanished would look closed). Either way
	// is_active holds, so nothing moves. The mode of a switched-off output
	// cannot be set: it is applied when it is switched on again.
	bool power = oc->power != 0;
	bool was_powered = output->powered;
	bool switch_off = enable && !power && !wlr_output_is_wl(wlr_output) &&
			!wlr_output_is_x11(wlr_output);
	struct wlr_output_state state;
	wlr_output_state_init(&state);
	wlr_output_state_set_enabled(&state, enable && !switch_off);
	bool fixed_scale = gridwl_output_config_has_fixed_scale(oc);
	int scale120 = fixed_scale ? oc->scale120 : GRIDWL_SCALE120_ONE;
	// A nested window's mode is the host's, and so its scale when none is
	// configured (compositor/session/nested.c).
	int nested_scale = gridwl_scale_ceil(scale120);
	bool fitted = enable &&
			gridwl_nested_output_fit(output, oc, &state, &nested_scale);
	if (fitted && !fixed_scale) {
		scale120 = nested_scale * GRIDWL_SCALE120_ONE;
	}
	if (enable && !switch_off && !fitted &&
			!state_set_mode(&state, wlr_output, oc, error)) {
		wlr_output_state_finish(&state);
		return false;
	}
	// The panel's size decides where no number was configured.
	enum gridwl_scale_source scale_source = output->scale_source;
	if (enable) {
		scale120 = gridwl_output_choose_scale(output, oc, &state, scale120,
				&scale_source);
	}
	if (enable) {
		wlr_output_state_set_scale(&state,
				(float)scale120 / GRIDWL_SCALE120_ONE);
		// The layout swaps the logical size for 90 and 270 itself.
		wlr_output_state_set_transform(&state,
				oc->has_transform ? oc->transform : WL_OUTPUT_TRANSFORM_NORMAL);
	}
	// While the output still has its size: the windows partly on it.
	bool leaving = !enable &&
			wlr_output_layout_get(server->output_layout, wlr_output) != NULL;
	if (leaving) {
		gridwl_views_output_leaving(server, output);
	}
	output->powered = power;
	if (enable) {
		gridwl_cursor_theme_scale_coming(server->seat, scale120);
	}
	bool committed = wlr_output_commit_state(wlr_output, &state);
	wlr_output_state_finish(&state);
	if (!committed) {
		if (leaving) {
			gridwl_views_output_leaving(server, NULL);
		}
		gridwl_set_error(error, "output %s: the backend refused the new state",
				wlr_output->name);
		output->powered = was_powered;
		return false;
	}

	if (enable) {
		output->scale120 = scale120;
		output->scale = gridwl_scale_ceil(scale120);
		output->scale_source = scale_source;
		output->filter = oc->has_filter ? oc->filter : GRIDWL_FILTER_NEAREST;
		gridwl_seat_output_configured(server->seat, output);
		gridwl_adaptive_sync_configure(output, oc);
		// In the layout, the output has its wl_output global.
		output->anchored = output->anchored && !oc->has_position &&
				oc->relation == GRIDWL_RELATION_NONE;
		if (oc->has_position) {
			wlr_output_layout_add(server->output_layout, wlr_output, oc->x,
					oc->y);
		} else if (oc->relation != GRIDWL_RELATION_NONE &&
				place_relative(output, oc)) {
			// Against the other output; the layout's change event places
			// again whatever is placed against this one.
		} else if (output->anchored &&
				wlr_output_layout_get(server->output_layout, wlr_output) !=
						NULL) {
			// Others are placed against it: it stays where it is.
		} else {
			// add_auto keeps an output already in the layout where the
			// automatic arrangement wants it, left to right.
			wlr_output_layout_add_auto(server->output_layout, wlr_output);
		}
		gridwl_seat_output_placed(server->seat, output);
		gridwl_output_damage_whole(output);
	} else {
		wlr_output_layout_remove(server->output_layout, wlr_output);
	}
	char scale_text[GRIDWL_SCALE_TEXT_MAX];
	gridwl_scale_format(output->scale120, scale_text);
	if (enable && oc->scale_rounded) {
		wlr_log(WLR_INFO,
				"Output %s: the configured scale is not a multiple of "
				"1/120; using %s (%d/120)",
				wlr_output->name, scale_text, output->scale120);
	}
	wlr_log(WLR_INFO,
			"Output %s: %s %dx%d scale %s transform %s filter %s power %s%s",
			wlr_output->name, enable ? "enabled" : "disabled",
			wlr_output->width, wlr_output->height, scale_text,
			gridwl_transform_name(wlr_output->transform),
			gridwl_filter_name(output->filter), power ? "on" : "off",
			switch_off ? " (switched off)" : "");
	gridwl_output_manager_update(server);
	gridwl_views_arrange(server);
	if (enable && was_powered && !power) {
		gridwl_output_power_went_off(output, !switch_off);
	}
	gridwl_output_power_update(output);
	return true;
}

bool gridwl_output_apply_line(struct gridwl_output *output,
		struct gridwl_output_config *line, char **error) {
	struct gridwl_server *server = output->server;
	if (!gridwl_adaptive_sync_check_line(output, line, error)) {
		gridwl_output_config_destroy(line);
		return false;
	}
	struct gridwl_output_config *full =
			gridwl_server_output_config_for(server, output->wlr_output->name);
	if (full == NULL) {
		gridwl_output_config_destroy(line);
		gridwl_set_error(error, "out of memory");
		return false;
	}
	gridwl_output_config_merge(full, line);
	// Relative positions are resolved once the line is in force: before,
	// the server's config would still place the output as it was.
	bool placing = server->placing_outputs;
	server->placing_outputs = true;
	bool applied = gridwl_output_apply_config(output, full, error);
	server->placing_outputs = placing;
	gridwl_output_config_destroy(full);
	if (!applied) {
		gridwl_output_config_destroy(line);
		return false;
	}
	gridwl_config_add_output(server->cli_config, line);
	gridwl_outputs_place_relative(server);
	return true;
}

struct gridwl_output_config *gridwl_server_output_config_for(
		struct gridwl_server *server, const char *name) {
	struct gridwl_output_config *oc =
			gridwl_config_output_for(server->config, name);
	struct gridwl_output_config *cli =
			gridwl_config_output_for(server->cli_config, name);
	if (oc != NULL && cli != NULL) {
		gridwl_output_config_merge(oc, cli);
	}
	gridwl_output_config_destroy(cli);
	return oc;
}

bool gridwl_output_configure(struct gridwl_output *output, char **error) {
	struct gridwl_output_config *oc =
			gridwl_server_output_config_for(output->server,
					output->wlr_output->name);
	if (oc == NULL) {
		gridwl_set_error(error, "out of memory");
		return false;
	}
	bool ok = gridwl_output_apply_config(output, oc, error);
	gridwl_output_config_destroy(oc);
	return ok;
}

void gridwl_output_handle_new(struct gridwl_server *server,
		struct wlr_output *wlr_output) {
	if (!wlr_output_init_render(wlr_output, server->allocator,
				server->renderer)) {
		wlr_log(WLR_ERROR, "Output %s: cannot initialise rendering",
				wlr_output->name);
		return;
	}

	struct gridwl_output *output = calloc(1, sizeof(*output));
	if (output == NULL) {
		wlr_log(WLR_ERROR, "Output %s: out of memory", wlr_output->name);
		return;
	}
	output->server = server;
	output->wlr_output = wlr_output;
	output->scale = 1;
	output->scale120 = GRIDWL_SCALE120_ONE;
	output->scale_source = GRIDWL_SCALE_SOURCE_DEFAULT;
	output->filter = GRIDWL_FILTER_NEAREST;
	output->powered = true;
	wlr_output->data = output;
	if (server->next_output_name != NULL) {
		wlr_output_set_name(wlr_output, server->next_output_name);
	}
	if (server->next_output_phys_width_mm > 0) {
		gridwl_output_set_fake_physical_size(wlr_output,
				server->next_output_phys_width_mm,
				server->next_output_phys_height_mm);
	}

	wlr_damage_ring_init(&output->damage_ring);
	gridwl_frame_plan_init(&output->plan);
	wl_array_init(&output->frame_views);
	output->frame.notify = output_handle_frame;
	wl_signal_add(&wlr_output->events.frame, &output->frame);
	output->damage.notify = output_handle_damage;
	wl_signal_add(&wlr_output->events.damage, &output->damage);
	output->needs_frame.notify = output_handle_needs_frame;
	wl_signal_add(&wlr_output->events.needs_frame, &output->needs_frame);
	output->destroy.notify = output_handle_destroy;
	wl_signal_add(&wlr_output->events.destroy, &output->destroy);
	output->commit.notify = output_handle_commit;
	wl_signal_add(&wlr_output->events.commit, &output->commit);

	wl_list_insert(server->outputs.prev, &output->link);
	// Headless outputs have neither make nor model.
	if (wlr_output->make != NULL && wlr_output->model != NULL) {
		wlr_log(WLR_INFO, "New output %s (%s %s)", wlr_output->name,
				wlr_output->make, wlr_output->model);
	} else {
		wlr_log(WLR_INFO, "New output %s", wlr_output->name);
	}

	char *error = NULL;
	if (!gridwl_output_configure(output, &error)) {
		wlr_log(WLR_ERROR, "%s", error);
		free(error);
	}
}

static char *pick_output_name(struct gridwl_server *server) {
	const char *prefix = "HEADLESS";
	if (wlr_backend_is_wl(server->output_backend)) {
		prefix = "WL";
	} else if (wlr_backend_is_x11(server->output_backend)) {
		prefix = "X11";
	}
	char name[64];
	for (int n = 1;; n++) {
		snprintf(name, sizeof(name), "%s-%d", prefix, n);
		if (gridwl_output_by_name(server, name) == NULL) {
			return strdup(name);
		}
	}
}

struct gridwl_output *gridwl_output_create(struct gridwl_server *server,
		const char *name, const struct gridwl_output_config *extra,
		char **error) {
	struct wlr_backend *backend = server->output_backend;
	if (backend == NULL) {
		gridwl_set_error(error, "the %s backend cannot create outputs",
				gridwl_backend_kind_name(server->backend_kind));
		return NULL;
	}
	if (name != NULL && gridwl_output_by_name(server, name) != NULL) {
		gridwl_set_error(error, "an output named %s exists already", name);
		return NULL;
	}
	// Our own names, not the backend's counter, so that an output made
	// again after being destroyed comes back under its name and config.
	char *own_name = name != NULL ? strdup(name) : pick_output_name(server);
	if (own_name == NULL) {
		gridwl_set_error(error, "out of memory");
		return NULL;
	}
	if (extra != NULL) {
		struct gridwl_output_config *line =
				gridwl_output_config_create(own_name);
		gridwl_output_config_merge(line, extra);
		free(line->name);
		line->name = strdup(own_name);
		gridwl_config_add_output(server->cli_config, line);
	}

	struct gridwl_output_config *oc =
			gridwl_server_output_config_for(server, own_name);
	int width = oc->has_mode ? oc->width : 1280;
	int height = oc->has_mode ? oc->height : 720;
	gridwl_output_config_destroy(oc);

	// new_output runs from inside the calls below and configures the output
	// under this name.
	server->next_output_name = own_name;
	struct wlr_output *wlr_output = NULL;
	if (wlr_backend_is_headless(backend)) {
		wlr_output = wlr_headless_add_output(backend, width, height);
	} else if (wlr_backend_is_wl(backend)) {
		wlr_output =
				gridwl_nested_output_create(server, own_name, width, height);
	} else if (wlr_backend_is_x11(backend)) {
		wlr_output = wlr_x11_output_create(backend);
	}
	server->next_output_name = NULL;
	free(own_name);
	if (wlr_output == NULL || wlr_output->data == NULL) {
		gridwl_set_error(error, "the backend could not create an output");
		if (wlr_output != NULL) {
			wlr_output_destroy(wlr_output);
		}
		return NULL;
	}
	return gridwl_output_from_wlr(wlr_output);
}
