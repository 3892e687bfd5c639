#ifndef GRIDWL_COMPOSITOR_SERVICES_FRACTIONAL_SCALE_H
#define GRIDWL_COMPOSITOR_SERVICES_FRACTIONAL_SCALE_H

#include <stdbool.h>

struct gridwl_server;
struct wlr_surface;

/*
 * wp_fractional_scale_v1 for clients that read only it (Chromium, Firefox):
 * gridwl's scales are integers, so the preferred scale it sends is always
 * the integer the surface's preferred_buffer_scale says, at the same time.
 */
bool gridwl_fractional_scale_init(struct gridwl_server *server);

/* Tells surface to draw at scale (an output's integer scale), upright,
 * through wl_surface (preferred_buffer_scale and _transform) and
 * wp_fractional_scale_v1 alike; each is sent only when it changes. */
void gridwl_surface_prefer_scale(struct wlr_surface *surface, int scale);

#endif
