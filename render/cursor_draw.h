#ifndef GRIDWL_RENDER_CURSOR_DRAW_H
#define GRIDWL_RENDER_CURSOR_DRAW_H

#include <stdbool.h>

struct gridwl_output;
struct gridwl_render_target;
struct gridwl_server;
struct wlr_surface;
struct wlr_texture;

/* The output's software cursors (with_hardware: also the one on a hardware
 * plane, for screenshots): a client's cursor surface like any other surface
 * at the output's scale and filter, a theme image 1:1. The prepare step
 * runs before the render pass, as gridwl_render_prepare does. */
void gridwl_render_prepare_cursors(struct gridwl_output *output,
		bool with_hardware);
void gridwl_render_cursors(struct gridwl_render_target *target,
		bool with_hardware);

/* The surface a client gave a seat's pointer (the user's or a transient
 * seat's) as its cursor, while that cursor shows it with texture; NULL
 * otherwise. Provided by the compositor, which owns the seats. */
struct wlr_surface *gridwl_render_cursor_surface(struct gridwl_server *server,
		struct wlr_texture *texture);

#endif
