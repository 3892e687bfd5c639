#ifndef GRIDWL_COMPOSITOR_FRAME_UPRIGHT_H
#define GRIDWL_COMPOSITOR_FRAME_UPRIGHT_H

#include <pixman.h>
#include <stdbool.h>

struct gridwl_frame_plan;
struct gridwl_output;
struct wlr_buffer;
struct wlr_render_pass;
struct wlr_texture;

/*
 * A rotated or flipped output's picture as the user sees it. The frame
 * plan is composed into it upright (in the output's logical orientation,
 * in device pixels), so every exact model (1:1, nearest, bilinear, area)
 * runs as it does on an upright output; the output's buffer then gets it
 * through the transform, a permutation of whole pixels, where it changed.
 * It keeps the picture from one frame to the next, so a frame redraws it
 * only where the frame is damaged, whatever the age of the output's buffer.
 */
struct gridwl_upright {
	struct wlr_buffer *buffer; // NULL until a rotated frame needs it
	struct wlr_texture *texture; // of buffer
};

/* The buffer, made when there is none of that size (what it held is then
 * gone); NULL when none can be had. */
struct wlr_buffer *gridwl_upright_buffer(struct gridwl_output *output,
		int width, int height);

/* Brings the picture up to date where damage (upright device pixels) says,
 * making the buffer on first use or when the size changed (then all of it
 * is drawn). False when no buffer or texture can be had. */
bool gridwl_upright_draw(struct gridwl_output *output,
		const struct gridwl_frame_plan *plan, const pixman_region32_t *damage);

/* Copies the picture into pass, the output's, through the output's
 * transform, where damage (upright device pixels) says. */
void gridwl_upright_copy(struct gridwl_output *output,
		struct wlr_render_pass *pass, const pixman_region32_t *damage);

void gridwl_upright_finish(struct gridwl_upright *upright);

#endif
