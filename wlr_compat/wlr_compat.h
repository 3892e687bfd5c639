#ifndef GRIDWL_WLR_COMPAT_WLR_COMPAT_H
#define GRIDWL_WLR_COMPAT_WLR_COMPAT_H

#include <stdbool.h>
#include "wlr_compat/guard.h"

/*
 * Every workaround for a bug or gap of wlroots 0.15.1 (Debian 12), and the
 * index of them: the checklist for moving to a newer wlroots. Each entry
 * names what wlroots does wrong, the upstream change that fixed it (or that
 * it is not fixed), and how to tell that the workaround is no longer
 * needed. No file outside wlr_compat/ reads wlroots' internal fields.
 *
 * Code here (wlr_compat/):
 *
 * W1-W7 guard.c: a protocol logger that puts wlroots' state right before
 *    requests wlroots 0.15.1 would crash on, corrupt the heap with or leak
 *    (found by tests/fuzz/protocol). The fuzzer and the bad-client tests
 *    make every one of them; run them without the guard to see which
 *    still fail.
 *    W1 wl_subsurface.place_above/below after the parent is gone (NULL
 *       parent dereferenced).
 *       Upstream: @W1@
 *    W2 a toplevel's parent destroyed before it ever mapped (children keep
 *       a listener on the freed parent).
 *       Upstream: @W2@
 *    W3 popups of an xdg_surface whose role object is gone (left linked to
 *       the freed surface).
 *       Upstream: @W3@
 *    W4 popups of a layer surface destroyed while not mapped; also
 *       gridwl_compat_layer_surface_dismiss_popups below.
 *       Upstream: @W4@
 *    W5 zwlr_layer_surface_v1.get_popup of a popup with a parent already, or
 *       whose xdg_surface is gone.
 *       Upstream: @W5@
 *    W6 an opaque region of several rectangles, then an opaque buffer: the
 *       old region's rectangles leak.
 *       Upstream: @W6@
 *    W7 pointer constraints and relative pointers made for an inert
 *       wl_pointer (NULL seat client dereferenced).
 *       Upstream: @W7@
 * W8 layer_shell.c, gridwl_compat_layer_surface_free_configures: configures
 *    of a layer surface destroyed unacknowledged leak.
 *    Upstream: @W8@
 * W9 xdg_popup.c, gridwl_compat_xdg_popup_unconstrain_from_box: resize_x/y
 *    grows a popup past the right or bottom edge instead of shrinking it.
 *    Upstream: @W9@
 * W10 output.c, gridwl_compat_output_forget_stale_hardware_cursor and
 *    gridwl_compat_output_cursor_on_plane: a cursor that comes back from
 *    hidden stays assigned to a hardware plane that could not take it, and
 *    is drawn by nobody; gridwl draws the software cursors itself, so it
 *    reads which cursor is on the plane.
 *    Upstream: @W10@
 * W11 output.c, gridwl_compat_screencopy_fail_frames: no public call fails
 *    a pending wlr-screencopy frame (an output that is powered off).
 *    Upstream: @W11@
 * W12 idle.c, gridwl_compat_idle_set_enabled: org_kde_kwin_idle drops
 *    activity while its timers are off.
 *    Upstream: @W12@
 * W13 xwayland.c, gridwl_compat_xwayland_binary: which Xwayland wlroots
 *    will run, so that a missing one is found before the first X11 client.
 *    Upstream: @W13@
 *
 * Worked around where gridwl's own state is needed (named here so that the
 * move finds them):
 *
 * N1 compositor/shell/layer_shell.c, live_output: a layer surface's output
 *    may be freed before its first commit.
 *    Upstream: @N1@
 * N2 compositor/shell/layer_shell.c, layer_handle_commit: the protocol's
 *    invalid_size check is left to the compositor.
 *    Upstream: @N2@
 * N3 compositor/shell/xdg_popup.c, popup_unconstrain: popups are positioned
 *    against the geometry the client set, drawn against the effective one.
 *    Upstream: @N3@
 * N4 compositor/shell/xwayland_view.c, gridwl_xwayland_views_destroy: the X11
 *    windows left at Xwayland's exit are never destroyed.
 *    Upstream: @N4@
 * N5 compositor/output.c, gridwl_output_apply_config: headless and nested
 *    outputs cannot be disabled; they leave the layout instead.
 *    Upstream: @N5@
 * N6 compositor/surface.c, check_buffer_stride: current.committed is never
 *    cleared, so every commit with a buffer is checked.
 *    Upstream: @N6@
 * N7 render/gles2_filter.c: the GLES2 renderer sets the minification filter
 *    on every draw and has no magnification filter option; gridwl sets
 *    GL_TEXTURE_MAG_FILTER through the public texture attributes.
 *    Upstream: @N7@
 * N8 render/surface_draw.c: the pixman renderer always sets a transform,
 *    about 5x slower than gridwl's 1:1 composite.
 *    Upstream: @N8@
 * N9 protocol/: ext-session-lock-v1 (no helper in 0.15) and
 *    wlr-output-power-management (0.15's helper reports the mode from
 *    wlr_output.enabled and fails every second client of an output) are
 *    gridwl's own wire sides, shaped like wlroots 0.18's helpers.
 *    Upstream: @N9@
 */

struct wlr_idle;
struct wlr_layer_surface_v1;
struct wlr_output;
struct wlr_output_cursor;
struct wlr_screencopy_manager_v1;
struct wlr_seat;
struct wlr_xdg_popup;
struct wlr_box;

/* W8: run from the layer surface's destroy handler. */
void gridwl_compat_layer_surface_free_configures(
	struct wlr_layer_surface_v1 *layer_surface);

/* W9: wlr_xdg_popup_unconstrain_from_box, with resizing that shrinks. */
void gridwl_compat_xdg_popup_unconstrain_from_box(struct wlr_xdg_popup *popup,
	const struct wlr_box *box);

/* W10: before drawing the output's cursors. */
void gridwl_compat_output_forget_stale_hardware_cursor(
	struct wlr_output *wlr_output);
/* W10: whether the cursor is the one on the output's hardware plane (which
 * the output shows without gridwl drawing it). */
bool gridwl_compat_output_cursor_on_plane(struct wlr_output *wlr_output,
	struct wlr_output_cursor *cursor);

/* W11: fails every frame waiting for wlr_output, as wlroots does when the
 * output goes away: the client gets failed and the frame is freed. */
void gridwl_compat_screencopy_fail_frames(
	struct wlr_screencopy_manager_v1 *screencopy,
	struct wlr_output *wlr_output);

/* W12: wlr_idle_set_enabled, where turning the timers off first counts as
 * activity. */
void gridwl_compat_idle_set_enabled(struct wlr_idle *idle,
	struct wlr_seat *seat, bool enabled);

/* W13: the Xwayland binary wlroots starts. */
const char *gridwl_compat_xwayland_binary(void);

#endif
