#ifndef GRIDWL_COMPOSITOR_SESSION_NESTED_H
#define GRIDWL_COMPOSITOR_SESSION_NESTED_H

#include <stdbool.h>
#include "config/config.h"

struct gridwl_output;
struct gridwl_server;
struct wlr_input_device;
struct wlr_output;
struct wlr_output_state;

/*
 * Nested in a Wayland session, each output is a toplevel of the host that
 * gridwl makes itself (not wlroots' own: see nested.c), drawn at the scale
 * of the host output it is on, so that one nested pixel is one host pixel.
 */

/* A new output of the wayland backend, in a window of the host named name;
 * width x height (physical) is the size asked for, which the host may
 * change. NULL when the host refuses. */
struct wlr_output *gridwl_nested_output_create(struct gridwl_server *server,
		const char *name, int width, int height);

/* For an output that is a nested window: puts into state the mode the
 * host window has (its logical size times the host's scale) and sets
 * *scale to that host scale when oc has no scale, and returns true. Before
 * the window is shown again (after a disable) it waits for the host's
 * first configure. False, and nothing done, for any other output. */
bool gridwl_nested_output_fit(struct gridwl_output *output,
		const struct gridwl_output_config *oc, struct wlr_output_state *state,
		int *scale);

/* The buffer scale of a nested output's host window; 1 for other outputs. */
int gridwl_nested_host_scale(struct gridwl_server *server,
		struct wlr_output *wlr_output);

/* A pointer or touch position (0..1) of device, made relative to the whole
 * nested output its host window is (see W16 in wlr_compat.h). */
void gridwl_nested_input_position(struct gridwl_server *server,
		struct wlr_input_device *device, double *x, double *y);

#endif
