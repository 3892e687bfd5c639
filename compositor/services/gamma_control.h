#ifndef GRIDWL_COMPOSITOR_SERVICES_GAMMA_CONTROL_H
#define GRIDWL_COMPOSITOR_SERVICES_GAMMA_CONTROL_H

#include <stdbool.h>

struct gridwl_server;

/*
 * wlr-gamma-control-unstable-v1 (wlsunset, gammastep): gamma ramps on the
 * outputs that have them (DRM CRTCs with a gamma LUT), committed with the
 * next frame and reset when the client goes. Headless and nested outputs
 * have none: wlroots answers `failed` at once (their gamma size is 0). A
 * frame whose ramps the output refuses ends the control with `failed` and
 * is committed without them. The per-frame part is render/frame.h's
 * gridwl_render_frame_state.
 */
bool gridwl_gamma_control_init(struct gridwl_server *server);
void gridwl_gamma_control_finish(struct gridwl_server *server);

#endif
