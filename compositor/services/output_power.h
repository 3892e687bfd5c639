#ifndef GRIDWL_COMPOSITOR_SERVICES_OUTPUT_POWER_H
#define GRIDWL_COMPOSITOR_SERVICES_OUTPUT_POWER_H

#include <stdbool.h>

struct gridwl_output;
struct gridwl_server;

/*
 * Screen power, what sway calls "dpms" (an output line's "power on|off"):
 * an output that is off keeps its place in the layout, its wl_output, its
 * windows, panels and lock surface, and the pointer still goes over it; it
 * only shows nothing. DRM switches the output off; headless and nested
 * outputs, which wlroots 0.15 cannot switch off, show one black frame and
 * are not drawn to until they are on again.
 *
 * Clients such as wlopm switch it through wlr-output-power-management-
 * unstable-v1, whose wire side is our own (protocol/wlr_output_power_v1.c)
 * rather than wlroots 0.15's helper: that one reports the mode from
 * wlr_output.enabled, which headless and nested outputs never clear, and
 * tells every power object for an output but the first one "failed", where
 * any number of clients may watch one output here. A mode asked for is
 * applied as a run-time output line, the same as gridctl output NAME power
 * on|off.
 */
bool gridwl_output_power_init(struct gridwl_server *server);
void gridwl_output_power_finish(struct gridwl_server *server);

/* After the output's configuration was applied: tells the power clients of
 * the output its mode when it changed (off while it shows nothing, which
 * is also the case while it is disabled). */
void gridwl_output_power_update(struct gridwl_output *output);

/* The output was just powered off; still_on when the backend keeps it on,
 * so that gridwl blanks it. Screen captures waiting for it fail, and a
 * session lock no longer waits for it. */
void gridwl_output_power_went_off(struct gridwl_output *output, bool still_on);

/* While the output is off: wlr-screencopy frames waiting for its next frame
 * fail, as wlroots fails them for a disabled output, instead of waiting for
 * a frame that will not come (grim would hang). */
void gridwl_output_power_fail_captures(struct gridwl_output *output);

#endif
