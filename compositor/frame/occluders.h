#ifndef GRIDWL_COMPOSITOR_FRAME_OCCLUDERS_H
#define GRIDWL_COMPOSITOR_FRAME_OCCLUDERS_H

#include <pixman.h>
#include <stdbool.h>

struct gridwl_output;
struct gridwl_server;
struct gridwl_view;

/*
 * What covered a view on an output at that output's last plan
 * (compositor/frame/plan.c), kept with the view so that its commits damage
 * only what the output can show (docs/design.md, "Commits of covered
 * views"). A record is used only while it is the output's latest plan's
 * and nothing restacked or reshaped a view since (the invalidation below);
 * whatever else uncovers part of it damages that part, which the frame
 * then repaints whatever the record says.
 */

/* Something changed that may uncover views without damaging what it
 * uncovers (the stack, a view's bounds, the output layout): the records
 * made so far are no longer used. */
void gridwl_occluders_invalidate(struct gridwl_server *server);

/* The plan walk of output found view: occluders (device pixels) is what
 * the opaque main surfaces above it cover, box its device bounds, and
 * occluded whether the first holds all of the second. */
void gridwl_occluders_record(struct gridwl_view *view,
		struct gridwl_output *output, const pixman_region32_t *occluders,
		const pixman_box32_t *box, bool occluded);

/* A commit's damage of view (logical layout coordinates) onto output, less
 * what the output's last plan found covered above the view. */
void gridwl_occluders_damage(struct gridwl_output *output,
		struct gridwl_view *view, pixman_region32_t *damage);

/* Whether nothing of view can show on output now: wholly covered at the
 * output's last plan, and nothing damaged there since. */
bool gridwl_occluders_hide(struct gridwl_output *output,
		struct gridwl_view *view);

/* The output goes; and the view goes. */
void gridwl_occluders_forget_output(struct gridwl_view *view,
		struct gridwl_output *output);
void gridwl_occluders_finish(struct gridwl_view *view);

#endif
