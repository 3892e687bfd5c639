#include <time.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_damage.h>
#include <wlr/types/wlr_surface.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include <wlr/util/region.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/view.h"
#include "render/cursor_draw.h"
#include "render/frame.h"
#include "render/gles2_filter.h"
#include "render/target.h"

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

/* Commits what was attached and counts it (gridctl's frames). */
static bool commit_frame(struct gridwl_output *output) {
	if (!wlr_output_commit(output->wlr_output)) {
		wlr_log(WLR_DEBUG, "Output %s: commit failed",
				output->wlr_output->name);
		return false;
	}
	output->frames++;
	return true;
}

enum gridwl_frame_result gridwl_render_output_frame(
		struct gridwl_output *output) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct gridwl_server *server = output->server;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);

	gridwl_render_prepare(output);
	gridwl_render_prepare_cursors(output, false);
	bool needs_frame = false;
	pixman_region32_t damage;
	pixman_region32_init(&damage);
	if (!wlr_output_damage_attach_render(output->damage, &needs_frame,
				&damage)) {
		pixman_region32_fini(&damage);
		return GRIDWL_FRAME_FAILED;
	}
	if (!needs_frame) {
		// Nothing changed: no repaint, no commit.
		wlr_output_rollback(wlr_output);
		pixman_region32_fini(&damage);
		send_frame_done(output, &now);
		return GRIDWL_FRAME_UNCHANGED;
	}

	struct gridwl_render_target target;
	gridwl_render_target_for_output(&target, output, &damage);
	wlr_renderer_begin(server->renderer, wlr_output->width, wlr_output->height);
	if (pixman_region32_not_empty(&damage)) {
		gridwl_render_views(&target);
		gridwl_render_cursors(&target, false);
	}
	// KMS gets the buffer at the commit below: on a software GL it must
	// be drawn completely by then (see render/gles2_filter.c).
	gridwl_gles2_finish_frame(server);
	wlr_renderer_end(server->renderer);
	pixman_region32_fini(&damage);

	int width, height;
	wlr_output_transformed_resolution(wlr_output, &width, &height);
	pixman_region32_t frame_damage;
	pixman_region32_init(&frame_damage);
	wlr_region_transform(&frame_damage, &output->damage->current,
			wlr_output_transform_invert(wlr_output->transform), width, height);
	wlr_output_set_damage(wlr_output, &frame_damage);
	pixman_region32_fini(&frame_damage);

	bool committed = commit_frame(output);
	send_frame_done(output, &now);
	return committed ? GRIDWL_FRAME_COMMITTED : GRIDWL_FRAME_FAILED;
}

void gridwl_render_output_blank(struct gridwl_output *output) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct gridwl_server *server = output->server;
	if (!wlr_output_attach_render(wlr_output, NULL)) {
		return;
	}
	wlr_renderer_begin(server->renderer, wlr_output->width, wlr_output->height);
	wlr_renderer_clear(server->renderer, (float[]){ 0, 0, 0, 1 });
	gridwl_gles2_finish_frame(server);
	wlr_renderer_end(server->renderer);
	commit_frame(output);
}
