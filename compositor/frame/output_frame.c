#include <time.h>
#include <wlr/render/pass.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_damage_ring.h>
#include <wlr/types/wlr_output.h>
#include <wlr/util/log.h>
#include <wlr/util/region.h>
#include <wlr/util/transform.h>
#include "compositor/frame/output_frame.h"
#include "compositor/frame/plan.h"
#include "compositor/frame/upright.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/adaptive_sync.h"
#include "compositor/services/gamma_control.h"
#include "compositor/view/view.h"
#include "render/compose.h"
#include "render/gles2_finish.h"

static void send_frame_done_iterator(struct wlr_surface *surface, int sx,
		int sy, void *data) {
	wlr_surface_send_frame_done(surface, data);
}

/* Frame callbacks go to what this output shows, once per presented (or
 * skipped) frame, so clients draw at the pace of the outputs they are on. */
static void send_frame_done(struct gridwl_output *output,
		const struct timespec *when) {
	struct gridwl_view *view;
	wl_list_for_each(view, &output->server->views, link) {
		// What the lock hides is not drawn, so it is not paced either.
		if (gridwl_view_shown_on(view, output)) {
			gridwl_view_for_each_surface(view, send_frame_done_iterator,
					(void *)when);
		}
	}
}

/* Ends pass, commits state with the buffer it drew and counts the frame
 * (gridctl's frames). */
static bool submit_and_commit(struct gridwl_output *output,
		struct wlr_render_pass *pass, struct wlr_output_state *state) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct gridwl_server *server = output->server;
	// KMS gets the buffer at the commit below: on a software GL it must
	// be drawn completely by then (see render/gles2_finish.c).
	gridwl_gles2_finish_frame(server->renderer, &server->gl_software);
	if (!wlr_render_pass_submit(pass)) {
		wlr_log(WLR_DEBUG, "Output %s: render pass failed", wlr_output->name);
		return false;
	}
	if (!wlr_output_commit_state(wlr_output, state)) {
		wlr_log(WLR_DEBUG, "Output %s: commit failed", wlr_output->name);
		return false;
	}
	output->frames++;
	return true;
}

/* The frame's damage as the backend wants it: in the buffer's coordinates,
 * before the output's transform. */
static void set_frame_damage(struct gridwl_output *output,
		struct wlr_output_state *state) {
	struct wlr_output *wlr_output = output->wlr_output;
	int width, height;
	wlr_output_transformed_resolution(wlr_output, &width, &height);
	pixman_region32_t frame_damage;
	pixman_region32_init(&frame_damage);
	wlr_region_transform(&frame_damage, &output->damage_ring.current,
			wlr_output_transform_invert(wlr_output->transform), width, height);
	wlr_output_state_set_damage(state, &frame_damage);
	pixman_region32_fini(&frame_damage);
}

enum gridwl_frame_result gridwl_output_render_frame(
		struct gridwl_output *output) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);

	// The plan and the resampled copies it needs are made whether or not
	// anything is damaged: a copy learns there that its surface stopped
	// committing (render/resample_cache.h, direct entries).
	struct gridwl_frame_plan *plan = &output->plan;
	gridwl_frame_plan_for_output(plan, output, true, false);
	gridwl_render_plan_prepare(plan);
	struct wlr_output_state state;
	wlr_output_state_init(&state);
	bool extra = gridwl_gamma_control_frame_state(output, &state);
	bool vrr = gridwl_adaptive_sync_frame_state(output, &state);
	// needs_frame: the backend or a capture (wlr-screencopy asks for a
	// fresh buffer) wants a commit even where nothing changed.
	if (!extra && !vrr && !wlr_output->needs_frame &&
			!pixman_region32_not_empty(&output->damage_ring.current)) {
		// Nothing changed: no repaint, no commit.
		wlr_output_state_finish(&state);
		send_frame_done(output, &now);
		return GRIDWL_FRAME_UNCHANGED;
	}

	// Upright, the plan goes straight into the output's buffer (the 1:1
	// blit stays a plain copy with offsets). Rotated, it is composed
	// upright first, in a pass of its own ended before the output's
	// begins, and this frame's damage brings that picture up to date.
	bool rotated = wlr_output->transform != WL_OUTPUT_TRANSFORM_NORMAL;
	if (rotated &&
			!gridwl_upright_draw(output, plan, &output->damage_ring.current)) {
		wlr_output_state_finish(&state);
		if (extra) {
			gridwl_gamma_control_frame_done(output, false);
		}
		return GRIDWL_FRAME_FAILED;
	}
	int buffer_age;
	struct wlr_render_pass *pass =
			wlr_output_begin_render_pass(wlr_output, &state, &buffer_age, NULL);
	if (pass == NULL) {
		wlr_output_state_finish(&state);
		if (extra) {
			gridwl_gamma_control_frame_done(output, false);
		}
		return GRIDWL_FRAME_FAILED;
	}
	// What this buffer missed since it was last shown: the damage of the
	// frames after it, or all of it when its age is unknown.
	pixman_region32_t damage;
	pixman_region32_init(&damage);
	wlr_damage_ring_get_buffer_damage(&output->damage_ring, buffer_age,
			&damage);
	if (rotated) {
		gridwl_upright_copy(output, pass, &damage);
	} else {
		gridwl_render_plan_draw(plan, output->server->renderer, pass,
				state.buffer, &damage);
	}
	pixman_region32_fini(&damage);
	set_frame_damage(output, &state);

	bool committed = submit_and_commit(output, pass, &state);
	wlr_output_state_finish(&state);
	if (extra) {
		gridwl_gamma_control_frame_done(output, committed);
	}
	if (committed) {
		wlr_damage_ring_rotate(&output->damage_ring);
	}
	send_frame_done(output, &now);
	return committed ? GRIDWL_FRAME_COMMITTED : GRIDWL_FRAME_FAILED;
}

void gridwl_output_render_blank(struct gridwl_output *output) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct wlr_output_state state;
	wlr_output_state_init(&state);
	struct wlr_render_pass *pass =
			wlr_output_begin_render_pass(wlr_output, &state, NULL, NULL);
	if (pass != NULL) {
		wlr_render_pass_add_rect(pass,
				&(struct wlr_render_rect_options){
						.box = { 0, 0, wlr_output->width, wlr_output->height },
						.color = { 0, 0, 0, 1 },
						.blend_mode = WLR_RENDER_BLEND_MODE_NONE,
				});
		if (submit_and_commit(output, pass, &state)) {
			// The next frame has this buffer's age to go by, and it holds
			// none of the picture.
			wlr_damage_ring_add_whole(&output->damage_ring);
		}
	}
	wlr_output_state_finish(&state);
}
