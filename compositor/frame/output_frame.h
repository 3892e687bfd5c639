#ifndef GRIDWL_COMPOSITOR_FRAME_OUTPUT_FRAME_H
#define GRIDWL_COMPOSITOR_FRAME_OUTPUT_FRAME_H

struct gridwl_output;

enum gridwl_frame_result {
	GRIDWL_FRAME_FAILED, // nothing could be drawn or committed
	// No damage: what the output shows is already what it should.
	GRIDWL_FRAME_UNCHANGED,
	GRIDWL_FRAME_COMMITTED,
};

/*
 * One frame of an output that is active and powered (whether to draw at
 * all, screen power, is decided before): its plan (compositor/frame/plan.h),
 * drawn where its buffer is damaged (render/compose.h), committed with the
 * gamma ramps due, and frame callbacks to what it shows.
 */
enum gridwl_frame_result gridwl_output_render_frame(
		struct gridwl_output *output);
/* Commits one all-black frame, whatever the damage, for an output that is
 * powered off but that the backend keeps showing. */
void gridwl_output_render_blank(struct gridwl_output *output);

#endif
