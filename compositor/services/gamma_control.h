#ifndef GRIDWL_COMPOSITOR_SERVICES_GAMMA_CONTROL_H
#define GRIDWL_COMPOSITOR_SERVICES_GAMMA_CONTROL_H

#include <stdbool.h>

struct gridwl_output;
struct gridwl_server;
struct wlr_output_state;

/*
 * wlr-gamma-control-unstable-v1 (wlsunset, gammastep): gamma ramps on the
 * outputs that have them (DRM CRTCs with a gamma LUT), committed with the
 * next frame and reset when the client goes. Headless and nested outputs
 * have none: wlroots answers `failed` at once (their gamma size is 0). A
 * frame whose ramps the output refuses ends the control with `failed` and
 * is committed without them.
 */
bool gridwl_gamma_control_init(struct gridwl_server *server);
void gridwl_gamma_control_finish(struct gridwl_server *server);

/* What an output's next frame commits besides the picture (its new gamma
 * ramps), added to state; true when there is any, which makes the frame
 * commit even where nothing was damaged. done is told whether the frame
 * carrying it was committed. */
bool gridwl_gamma_control_frame_state(struct gridwl_output *output,
		struct wlr_output_state *state);
void gridwl_gamma_control_frame_done(struct gridwl_output *output,
		bool committed);

#endif
