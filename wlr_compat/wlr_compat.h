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
 * Commits are wlroots' own (gitlab.freedesktop.org/wlroots/wlroots), the
 * release the first one to contain the fix.
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
 *       Upstream: fixed in 0.16.0, 1d1b84541 "subcompositor: destroy subsurface
 *       with parent" (wlroots#1709).
 *    W2 a toplevel's parent destroyed before it ever mapped (children keep
 *       a listener on the freed parent).
 *       Upstream: fixed in 0.16.0, bf3f60ff7 "xdg-toplevel: treat unmapped parents
 *       as NULL".
 *    W3 popups of an xdg_surface whose role object is gone (left linked to
 *       the freed surface).
 *       Upstream: fixed in 0.17.0, a3489f2c6 "xdg-shell: improve unmapping logic
 *       slightly" with bd5c4f4a4 (roles reworked).
 *    W4 popups of a layer surface destroyed while not mapped; also
 *       gridwl_compat_layer_surface_dismiss_popups below.
 *       Upstream: fixed in 0.17.0, f750c7445 "layer-shell: don't use
 *       wlr_surface_role.unmap hook".
 *    W5 zwlr_layer_surface_v1.get_popup of a popup with a parent already, or
 *       whose xdg_surface is gone.
 *       Upstream: a popup with a parent: fixed in 0.17.0, dc7b5ab21 "layer-shell:
 *       forbid changing the existing popup parent"; an inert popup: not
 *       fixed as of 0.18.2 (layer_surface_handle_get_popup reads its
 *       parent), so that half stays.
 *    W6 an opaque region of several rectangles, then an opaque buffer: the
 *       old region's rectangles leak.
 *       Upstream: fixed in 0.16.0, 138d21464 "wlr_compositor: Don't leak
 *       region32".
 *    W7 pointer constraints and relative pointers made for an inert
 *       wl_pointer (NULL seat client dereferenced).
 *       Upstream: relative pointer fixed in 0.16.0 (988fe5bda, 43020963d), pointer
 *       constraints in 0.18.0 (cb815e884, also 0.17.2).
 * W8 layer_shell.c, gridwl_compat_layer_surface_free_configures: configures
 *    of a layer surface destroyed unacknowledged leak.
 *    Upstream: fixed in 0.17.0 by f750c7445, which frees them on every destroy:
 *    from 0.17 on this would free them twice, so it must go.
 * W9 xdg_popup.c, gridwl_compat_xdg_popup_unconstrain_from_box: resize_x/y
 *    grows a popup past the right or bottom edge instead of shrinking it.
 *    Upstream: fixed in 0.16.0, 511f137f8 "xdg-positioner: rewrite
 *    unconstraining" (with 2d623724c). enter-leave-sub's popup resize case
 *    shows it.
 * W10 output.c, gridwl_compat_output_forget_stale_hardware_cursor and
 *    gridwl_compat_output_cursor_on_plane: a cursor that comes back from
 *    hidden stays assigned to a hardware plane that could not take it, and
 *    is drawn by nobody; gridwl draws the software cursors itself, so it
 *    reads which cursor is on the plane.
 *    Upstream: fixed in 0.18.0, 36c0d5fe3 "output: reset hardware_cursor on
 *    failure" (with 510664e79, f534434be; also 0.17.4). The VM test's cursor after
 *    the VT switch on the pixman DRM boot shows it.
 * W11 output.c, gridwl_compat_screencopy_fail_frames: no public call fails
 *    a pending wlr-screencopy frame (an output that is powered off).
 *    Upstream: not in 0.18.2 (a frame's output_enable listener hangs on the
 *    output's destroy signal); 31f9d6bb9 "screencopy-v1: drop
 *    output_enable listener" fails them from 0.18.3 (1a6702938) and
 *    0.19.0. output-power's capture case shows it.
 * W12 idle.c, gridwl_compat_idle_set_enabled: org_kde_kwin_idle drops
 *    activity while its timers are off.
 *    Upstream: never fixed: wlr_idle itself is gone in 0.17.0 (a289f812d,
 *    "drop KDE idle protocol support"); ext-idle-notify-v1 has a helper
 *    since 0.16.0 (3a949ea8e). Goes with the move to ext-idle-notify.
 * W13 xwayland.c, gridwl_compat_xwayland_binary: which Xwayland wlroots
 *    will run, so that a missing one is found before the first X11 client.
 *    Upstream: the same rule in 0.18 (xwayland/server.c): kept while gridwl
 *    checks before starting Xwayland lazily.
 *
 * Worked around where gridwl's own state is needed (named here so that the
 * move finds them):
 *
 * N1 compositor/shell/layer_shell.c, live_output: a layer surface's output
 *    may be freed before its first commit.
 *    Upstream: not fixed as of 0.18.2 (no destroy listener on the
 *    output); keep.
 * N2 compositor/shell/layer_shell.c, layer_handle_commit: the protocol's
 *    invalid_size check is left to the compositor.
 *    Upstream: not a gap after all: wlroots checks it itself since 0.12.0
 *    (8dec751a6, before applying the state; in client_commit since 0.18.0,
 *    a6122c3ec), so gridwl's check is redundant and can go.
 * N3 compositor/shell/xdg_popup.c, popup_unconstrain: popups are positioned
 *    against the geometry the client set, drawn against the effective one.
 *    Upstream: 0.18.2 behaves as 0.15.1; fixed in 0.19.0, 5c98d1a04
 *    "xdg-surface: fix window geometry handling". Keep on 0.18.
 * N4 compositor/shell/xwayland_view.c, gridwl_xwayland_views_destroy: the X11
 *    windows left at Xwayland's exit are never destroyed.
 *    Upstream: fixed in 0.18.1 (2b8f94cf0 and 099242249, backports of
 *    e209fe2d0 "Fix memory leak in xwayland.c").
 * N5 compositor/output.c, gridwl_output_apply_config: headless and nested
 *    outputs cannot be disabled; they leave the layout instead.
 *    Upstream: disabling them works from 0.17.0 (611ce1362, c0fd37c49,
 *    bfe813821).
 * N6 compositor/surface.c, check_buffer_stride: current.committed is never
 *    cleared, so every commit with a buffer is checked.
 *    Upstream: fixed in 0.18.0, df27b29d4 "compositor: reset
 *    wlr_surface.current.committed on commit".
 * N7 render/gles2_filter.c: the GLES2 renderer sets the minification filter
 *    on every draw and has no magnification filter option; gridwl sets
 *    GL_TEXTURE_MAG_FILTER through the public texture attributes.
 *    Upstream: 0.17.0 added wlr_scale_filter_mode (6bd44c4fc, 8af00d553),
 *    which the 0.18 render pass takes per texture draw.
 * N8 render/surface_draw.c: the pixman renderer always sets a transform,
 *    about 5x slower than gridwl's 1:1 composite.
 *    Upstream: the pixman render pass skips the transform for 1:1 from 0.17.0
 *    (6830bfc17, 6b7d1d732; its current form ee0007c0f in 0.18.0).
 * N9 protocol/: ext-session-lock-v1 (no helper in 0.15) and
 *    wlr-output-power-management (0.15's helper reports the mode from
 *    wlr_output.enabled and fails every second client of an output) are
 *    gridwl's own wire sides, shaped like wlroots 0.18's helpers.
 *    Upstream: wlr_session_lock_v1 since 0.16.0 (9de992b9f); the output power
 *    helper is unchanged through 0.18.2 (81a08aeeb, 0.18.1, only sends
 *    failed when the output goes), so gridwl keeps its own.
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
