#ifndef GRIDWL_COMPOSITOR_FRAME_PLAN_H
#define GRIDWL_COMPOSITOR_FRAME_PLAN_H

#include <pixman.h>
#include <stdbool.h>
#include <wayland-util.h>

struct gridwl_frame_plan;
struct gridwl_output;
struct gridwl_server;
struct gridwl_view;
struct wlr_box;

/*
 * The compositor's side of a frame: what a target shows, as a plan
 * (render/plan.h) in its device pixels. Title bars are brought up to date
 * here, so the plan is ready to draw once built: build it, then
 * gridwl_render_plan_prepare and gridwl_render_plan_draw (render/compose.h).
 */

/* A shown view that a plan's target reaches. */
struct gridwl_frame_view {
	struct gridwl_view *view;
	// Wholly under opaque surfaces of views above it: it has no items
	// and is not paced (no frame callbacks, no presentation).
	bool occluded;
	// It has items: not occluded, and it meets the damage.
	bool drawn;
};

/* What output shows now: every view shown on it bottom to top with its
 * frame, then its cursors: the software ones (with_hardware: also the one
 * on a hardware plane, for screenshots), or none when with_cursors is
 * false. Only the views that meet damage (device pixels; NULL: all of the
 * output) are in it; views gets every shown view that the output reaches
 * (struct gridwl_frame_view), topmost first, for the frame's callbacks. */
void gridwl_frame_plan_for_output(struct gridwl_frame_plan *plan,
		struct gridwl_output *output, bool with_cursors, bool with_hardware,
		const pixman_region32_t *damage, struct wl_array *views);

/* box (logical) at scale120 (config/scale.h), as an output of that scale
 * covering it would show it, cursors left out: each view with the filter of
 * the output most of it is on, over the background; or only that view over
 * nothing (transparent) when only is set. */
void gridwl_frame_plan_for_box(struct gridwl_frame_plan *plan,
		struct gridwl_server *server, const struct wlr_box *box, int scale120,
		struct gridwl_view *only);

#endif
