#include <time.h>
#include <wlr/render/pass.h>
#include <wlr/render/swapchain.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_damage_ring.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/types/wlr_export_dmabuf_v1.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_screencopy_v1.h>
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
#include "wlr_compat/wlr_compat.h"
#include "render/gles2_finish.h"

static void send_frame_done_iterator(struct wlr_surface *surface, int sx,
		int sy, void *data) {
	wlr_surface_send_frame_done(surface, data);
}

/* Frame callbacks go to what this output shows, once per presented (or
 * skipped) frame, so clients draw at the pace of the outputs they are on:
 * the views the frame's plan found on it (what the lock hides is not
 * drawn, so not paced either), less those wholly covered (a client that
 * nobody sees need not draw; it is paced again once uncovered). */
static void send_frame_done(struct gridwl_output *output,
		const struct timespec *when) {
	struct gridwl_frame_view *entry;
	wl_array_for_each(entry, &output->frame_views) {
		if (!entry->occluded) {
			gridwl_view_for_each_surface(entry->view, send_frame_done_iterator,
					(void *)when);
		}
	}
}

/* The buffer the frame is drawn into and what in it is out of date,
 * learnt before the plan is built (as wlroots' scene graph does), so that
 * the plan holds only what that damage needs. Locked; NULL on failure. */
static struct wlr_buffer *acquire_buffer(struct gridwl_output *output,
		struct wlr_output_state *state, pixman_region32_t *damage) {
	struct wlr_output *wlr_output = output->wlr_output;
	if (!wlr_output_configure_primary_swapchain(wlr_output, state,
				&wlr_output->swapchain)) {
		return NULL;
	}
	int buffer_age;
	struct wlr_buffer *buffer =
			wlr_swapchain_acquire(wlr_output->swapchain, &buffer_age);
	if (buffer != NULL) {
		// What this buffer missed since it was last drawn, kept per
		// buffer by the ring: buffer ages would also count the commits
		// that show a buffer again undrawn (commit_cursor_only), and the
		// ring keeps two frames for them. Rotating empties the ring's
		// current damage, which this frame still needs (the backend's
		// damage, the upright picture), so it is put back.
		pixman_region32_t current;
		pixman_region32_init(&current);
		pixman_region32_copy(&current, &output->damage_ring.current);
		gridwl_compat_damage_ring_rotate_buffer(&output->damage_ring, buffer,
				damage);
		pixman_region32_copy(&output->damage_ring.current, &current);
		pixman_region32_fini(&current);
	}
	return buffer;
}

/* How many pixels region holds (its boxes do not overlap). */
static uint64_t region_area(const pixman_region32_t *region) {
	int count;
	const pixman_box32_t *boxes =
			pixman_region32_rectangles((pixman_region32_t *)region, &count);
	uint64_t area = 0;
	for (int i = 0; i < count; i++) {
		area += (uint64_t)(boxes[i].x2 - boxes[i].x1) *
				(uint64_t)(boxes[i].y2 - boxes[i].y1);
	}
	return area;
}

/* A render pass into buffer, which becomes the state's (and is unlocked
 * either way). */
static struct wlr_render_pass *begin_pass(struct gridwl_output *output,
		struct wlr_output_state *state, struct wlr_buffer *buffer) {
	struct wlr_render_pass *pass =
			wlr_renderer_begin_buffer_pass(output->wlr_output->renderer, buffer,
					NULL);
	if (pass != NULL) {
		wlr_output_state_set_buffer(state, buffer);
	}
	wlr_buffer_unlock(buffer);
	return pass;
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
	server->frames_composed++;
	return true;
}

/* Whether a capture waits for this output's next buffer: wlr-screencopy
 * and wlr-export-dmabuf take the buffer of a commit, so a commit without
 * one would leave them waiting. */
static bool capture_pending(struct gridwl_output *output) {
	struct gridwl_server *server = output->server;
	if (server->screencopy != NULL) {
		struct wlr_screencopy_frame_v1 *frame;
		wl_list_for_each(frame, &server->screencopy->frames, link) {
			// Its buffer is set once the client asked for the copy.
			if (frame->output == output->wlr_output && frame->buffer != NULL) {
				return true;
			}
		}
	}
	if (server->export_dmabuf != NULL) {
		struct wlr_export_dmabuf_frame_v1 *frame;
		wl_list_for_each(frame, &server->export_dmabuf->frames, link) {
			if (frame->output == output->wlr_output) {
				return true;
			}
		}
	}
	return false;
}

/* Nothing is damaged and the backend asks for a commit: on DRM, the
 * hardware cursor plane moved (wlroots' move_cursor sets needs_frame and
 * the plane's position goes with the next commit). Committing the buffer
 * the screen shows again, undamaged, carries it and composes nothing; it
 * is a page flip like any frame's, where a commit without a buffer would
 * be a blocking KMS commit in wlroots 0.18, holding the event loop until
 * the next vblank. Elsewhere (no cursor plane), for a capture (it wants a
 * fresh frame) or with no such buffer, the frame is composed as before. */
static bool commit_cursor_only(struct gridwl_output *output) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct wlr_buffer *shown = output->shown_buffer;
	if (wlr_output->hardware_cursor == NULL || shown == NULL ||
			shown->width != wlr_output->width ||
			shown->height != wlr_output->height || capture_pending(output)) {
		return false;
	}
	struct wlr_output_state state;
	wlr_output_state_init(&state);
	wlr_output_state_set_buffer(&state, shown);
	pixman_region32_t none;
	pixman_region32_init(&none);
	wlr_output_state_set_damage(&state, &none);
	pixman_region32_fini(&none);
	bool committed = wlr_output_commit_state(wlr_output, &state);
	wlr_output_state_finish(&state);
	if (!committed) {
		wlr_log(WLR_DEBUG, "Output %s: cursor-only commit failed, composing",
				wlr_output->name);
		return false;
	}
	output->cursor_commits++;
	output->server->cursor_commits++;
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

/* The frame failed: gamma ramps due wait for the next. */
static enum gridwl_frame_result frame_failed(struct gridwl_output *output,
		struct wlr_output_state *state, bool extra) {
	wlr_output_state_finish(state);
	if (extra) {
		gridwl_gamma_control_frame_done(output, false);
	}
	return GRIDWL_FRAME_FAILED;
}

enum gridwl_frame_result gridwl_output_render_frame(
		struct gridwl_output *output) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);

	struct gridwl_frame_plan *plan = &output->plan;
	struct wlr_output_state state;
	wlr_output_state_init(&state);
	bool extra = gridwl_gamma_control_frame_state(output, &state);
	bool vrr = gridwl_adaptive_sync_frame_state(output, &state);
	// needs_frame: the backend or a capture (wlr-screencopy asks for a
	// fresh buffer) wants a commit even where nothing changed.
	if (!extra && !vrr &&
			!pixman_region32_not_empty(&output->damage_ring.current) &&
			(!wlr_output->needs_frame || commit_cursor_only(output))) {
		// Nothing changed (at most the cursor plane moved): no repaint,
		// and no commit but the cursor's. The plan, with no
		// damage, only finds the views to pace. Resampled copies are
		// left as they are: a direct one that stopped committing is
		// settled by the next frame that draws it.
		pixman_region32_t none;
		pixman_region32_init(&none);
		gridwl_frame_plan_for_output(plan, output, true, false, &none,
				&output->frame_views);
		pixman_region32_fini(&none);
		wlr_output_state_finish(&state);
		send_frame_done(output, &now);
		return GRIDWL_FRAME_UNCHANGED;
	}

	// Upright, the plan goes straight into the output's buffer (the 1:1
	// blit stays a plain copy with offsets). Rotated, it is composed
	// upright first, in a pass of its own ended before the output's
	// begins, and this frame's damage brings that picture up to date.
	bool rotated = wlr_output->transform != WL_OUTPUT_TRANSFORM_NORMAL;
	pixman_region32_t damage;
	pixman_region32_init(&damage);
	struct wlr_buffer *buffer = NULL;
	if (rotated) {
		// The upright picture may be new (all of it to draw).
		gridwl_frame_plan_for_output(plan, output, true, false, NULL,
				&output->frame_views);
		gridwl_render_plan_prepare(plan);
		if (gridwl_upright_draw(output, plan, &output->damage_ring.current)) {
			buffer = acquire_buffer(output, &state, &damage);
		}
	} else {
		buffer = acquire_buffer(output, &state, &damage);
		if (buffer != NULL) {
			gridwl_frame_plan_for_output(plan, output, true, false, &damage,
					&output->frame_views);
			gridwl_render_plan_prepare(plan);
		}
	}
	struct wlr_render_pass *pass =
			buffer != NULL ? begin_pass(output, &state, buffer) : NULL;
	if (pass == NULL) {
		pixman_region32_fini(&damage);
		return frame_failed(output, &state, extra);
	}
	if (rotated) {
		gridwl_upright_copy(output, pass, &damage);
	} else {
		gridwl_render_plan_draw(plan, output->server->renderer, pass,
				state.buffer, &damage);
	}
	uint64_t composed = region_area(&damage);
	pixman_region32_fini(&damage);
	set_frame_damage(output, &state);

	bool committed = submit_and_commit(output, pass, &state);
	if (committed) {
		output->composed_pixels += composed;
	}
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
