#ifndef GRIDWL_COMPOSITOR_SERVICES_ALPHA_MODIFIER_H
#define GRIDWL_COMPOSITOR_SERVICES_ALPHA_MODIFIER_H

#include <stdbool.h>

struct gridwl_server;
struct wlr_surface;

/*
 * wp_alpha_modifier_v1: a client multiplies a surface's alpha (a video
 * player fading its controls) without redrawing it. render/ applies the
 * multiplier on every path a surface takes: the 1:1 copy, the resampled
 * copies and the renderer's own (pixman and GLES2); a surface it makes
 * translucent hides nothing under it.
 */
bool gridwl_alpha_modifier_init(struct gridwl_server *server);

/* The surface's multiplier (1 without one), for telling when a commit
 * changed it. */
double gridwl_surface_alpha(struct wlr_surface *surface);

#endif
