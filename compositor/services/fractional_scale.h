#ifndef GRIDWL_COMPOSITOR_SERVICES_FRACTIONAL_SCALE_H
#define GRIDWL_COMPOSITOR_SERVICES_FRACTIONAL_SCALE_H

#include <stdbool.h>
#include <wayland-server-protocol.h>

struct gridwl_server;
struct wlr_surface;

/*
 * wp_fractional_scale_v1: the true scale of the outputs a surface is on
 * (1.5), for which a client that draws a buffer of round(size x scale)
 * with a viewport is copied 1:1; at an integer scale, the same integer as
 * preferred_buffer_scale, for clients that read only this (Chromium,
 * Firefox).
 */
bool gridwl_fractional_scale_init(struct gridwl_server *server);

/* Tells surface to draw at scale120 (an output's scale, config/scale.h)
 * and pre-rotated by transform (that output's), which it then reaches 1:1:
 * wp_fractional_scale_v1 the true scale, wl_surface's
 * preferred_buffer_scale that rounded up and preferred_buffer_transform;
 * each is sent only when it changes. */
void gridwl_surface_prefer_scale(struct wlr_surface *surface, int scale120,
		enum wl_output_transform transform);

#endif
