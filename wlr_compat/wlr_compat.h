#ifndef GRIDWL_WLR_COMPAT_WLR_COMPAT_H
#define GRIDWL_WLR_COMPAT_WLR_COMPAT_H

#include <stdbool.h>
#include <stdint.h>
#include <pixman.h>
#include "wlr_compat/guard.h"

/*
 * Every workaround for a bug or gap of the wlroots gridwl builds against,
 * wlroots 0.18 (Debian 13; 0.18.2 checked), and the index of them: the
 * checklist for moving to a newer wlroots. Each entry names what wlroots
 * does wrong, the upstream change that fixed it (or that it is not fixed),
 * and how to tell that the workaround is no longer needed. No file outside
 * wlr_compat/ reads wlroots' internal fields. Commits are wlroots' own
 * (gitlab.freedesktop.org/wlroots/wlroots), the release the first one to
 * contain the fix. The tests that showed each bug stay, removed workaround
 * or not (tests/fuzz/protocol, hostile-clients, enter-leave-*, ...).
 *
 * Removed in the move from 0.15.1 to 0.18 (fixed upstream; see git history
 * for the code):
 *
 * W1 wl_subsurface.place_above/below after the parent is gone: fixed in
 *    0.16.0 (1d1b84541, the subsurface goes with its parent and its
 *    requests are ignored).
 * W2 a toplevel's parent destroyed before it ever mapped: fixed in 0.16.0
 *    (bf3f60ff7).
 * W3 popups of an xdg_surface whose role object is gone: fixed in 0.17.0
 *    (a3489f2c6, bd5c4f4a4).
 * W4 popups of a layer surface destroyed while not mapped: fixed in 0.17.0
 *    (f750c7445).
 * W6 the opaque region's rectangles leaked: fixed in 0.16.0 (138d21464).
 * W7 relative pointers and pointer constraints for an inert wl_pointer:
 *    fixed in 0.16.0 (988fe5bda, 43020963d) and 0.18.0 (cb815e884).
 * W8 configures of a layer surface destroyed unacknowledged leaked: fixed
 *    in 0.17.0 (f750c7445, which frees them on every destroy: gridwl's
 *    freeing them too would free them twice).
 * W9 xdg-positioner resize_x/y grew a popup instead of shrinking it: fixed
 *    in 0.16.0 (511f137f8, 2d623724c).
 * W10 a cursor back from hidden stayed assigned to a hardware plane that
 *    could not take it: fixed in 0.18.0 (36c0d5fe3, with 510664e79,
 *    f534434be; also 0.17.4).
 * W12 org_kde_kwin_idle dropped activity while its timers were off: gone
 *    with wlr_idle in 0.17.0 (a289f812d); gridwl uses ext-idle-notify-v1,
 *    whose set_inhibited sends resumed itself.
 * N4 X11 windows left at Xwayland's exit never destroyed: fixed in 0.18.1
 *    (2b8f94cf0, 099242249); wlr_xwayland_destroy destroys them.
 * N6 current.committed never cleared: fixed in 0.18.0 (df27b29d4);
 *    compositor/surface.c's stride check now runs on commits of a buffer
 *    only.
 * N5 headless and nested outputs could not be disabled and left the layout
 *    instead: disabling them works from 0.17.0 (611ce1362, c0fd37c49,
 *    bfe813821). A disabled output now leaves the layout through wlroots,
 *    and a headless output that is powered off is switched off like a DRM
 *    one (compositor/output.c).
 * N7 the GLES2 renderer had no magnification filter option: 0.17.0 added
 *    wlr_scale_filter_mode (6bd44c4fc, 8af00d553), which the render pass
 *    takes per texture (render/surface_draw.c); only the wait for a
 *    software GL before a commit stays (render/gles2_finish.c, not a
 *    wlroots bug).
 *
 * Code here (wlr_compat/):
 *
 * W5 guard.c: zwlr_layer_surface_v1.get_popup of an inert popup (its
 *    xdg_surface or role object gone): wlroots dereferences the NULL popup.
 *    Upstream: not fixed as of 0.18.2 (layer_surface_handle_get_popup
 *    reads popup->parent); the guard answers with invalid_surface_state.
 *    A popup that has a parent already is refused by wlroots itself since
 *    0.17.0 (dc7b5ab21), but with error code -1: the guard answers it
 *    first with invalid_surface_state, as the protocol has it
 *    (hostile-clients' layer-popup-twice asserts the code). Remove when
 *    wlroots checks for an inert popup and posts a real code.
 * W18 guard.c: zwp_virtual_keyboard_v1.keymap. wlroots mmaps the client's
 *    fd for the size it gives and parses it as a C string: a size beyond
 *    the file's end is a SIGBUS, a keymap with no NUL within its size can
 *    read past the mapping, a keymap that does not compile gets no_memory,
 *    and the keymap of an inert keyboard leaks its fd. The guard checks the
 *    fd, the size, the NUL and that it compiles, and answers no_keymap.
 *    Upstream: not fixed as of 0.18.2 or 0.19 (virtual_keyboard_keymap is
 *    unchanged). virtual-keyboard's bad-keymap cases show it. A client
 *    that truncates its file between the guard's check and wlroots' mmap
 *    can still SIGBUS gridwl, as it can sway.
 * W11 output.c, gridwl_compat_screencopy_fail_frames: no public call fails
 *    a pending wlr-screencopy frame (an output that is powered off).
 *    Upstream: not in 0.18.2 (a frame's output_enable listener hangs on the
 *    output's destroy signal); 31f9d6bb9 "screencopy-v1: drop
 *    output_enable listener" fails them from 0.18.3 (1a6702938) and
 *    0.19.0. output-power's capture case shows it.
 * W14 pointer_constraint.c,
 *    gridwl_compat_pointer_constraint_apply_initial_region: the region
 *    given to confine_pointer/lock_pointer takes effect only at the
 *    surface's next commit (the protocol and 0.15 apply it at once), so a
 *    pointer confined before that commit is not held in it.
 *    Upstream: 0.18.2 keeps it pending in the surface's synced state; fixed
 *    in 0.19.0, b25f98d58 "pointer-constraints: use wlr_surface_synced.commit
 *    hook". pointer-constraints' confined-region cases show it.
 * W15 touch.c, gridwl_compat_seat_touch_notify_up: wlroots never frees a
 *    touch point on up (the code is after a return), so points pile up
 *    until the client goes and their ids stay taken for grabs.
 *    Upstream: fixed in 0.18.3, d98186031 "seat: Don't forget to destroy
 *    touch points on touch up"; this frees only a point still there after
 *    the up, so it is harmless there. Remove with 0.18.3.
 * W16 wl_input.c, gridwl_compat_wl_absolute_position: the wayland
 *    backend's pointer (and touch) positions are the host's surface-local
 *    position divided by the output's size in physical pixels, so on a
 *    host window with a buffer scale above 1 (compositor/session/nested.c) they
 *    span only part of the output. Upstream: so in 0.18.2
 *    (backend/wayland/pointer.c pointer_handle_motion, seat.c
 *    touch_coordinates_to_absolute; the backend never sets a buffer
 *    scale itself); unchanged in 0.19.0 and 0.20.0. The nested-hidpi
 *    pointer case shows it.
 * W17 compositor/session/nested.c makes the wayland backend's host windows itself
 *    and gives their surfaces to wlr_wl_output_create_from_surface: 0.18.2
 *    binds the host's wl_compositor at version 4 (no
 *    preferred_buffer_scale), never sets a buffer scale nor listens to the
 *    surface's enter/leave, and turns a toplevel configure without a size
 *    into a custom mode of the current physical size, which cannot be told
 *    from a logical one. Its cursor surface gets no buffer scale either,
 *    so on a host window of scale 2 the cursor is drawn in the frame
 *    (wlr_output_lock_software_cursors) rather than magnified by the host.
 *    Upstream: the same in 0.18.2, 0.19.0 and 0.20.0
 *    (wl_compositor still bound at version 4); keep until wlroots does
 *    all of it.
 * W19 xwayland.c, gridwl_compat_xwayland_map_associated: wlroots maps an
 *    X11 window's wl_surface only on a commit after the surface is
 *    associated with its X window (xwm.c xwayland_surface_handle_commit).
 *    Xwayland commits the window's buffer on the Wayland socket and sends
 *    WL_SURFACE_SERIAL on the X one; when gridwl reads the commit first (a
 *    loaded machine), the surface has its buffer before it is associated,
 *    and a window that does not redraw (a plain background) is never
 *    mapped. Seen in xwayland-windows: about 1 run in 10 with four at
 *    once. Upstream: the same in 0.18.2, 0.18.3 and 0.19.0 (associate does
 *    not map); keep while xwayland_surface_associate does not.
 * W20 transient_seat.c, gridwl_compat_transient_seat_deny:
 *    wlr_transient_seat_v1_deny leaves the seat's destroy listener
 *    uninitialised, and the resource's destroy (the client destroying it
 *    or going) removes it from no list: a NULL dereference in gridwl.
 *    Upstream: so in 0.18.2 and 0.19.x; fixed in 0.20.0, c39b3ce7a
 *    "transient_seat: initialize seat destroy listener". Remove when
 *    gridwl builds against 0.20.
 * W21 xdg_activation.c, gridwl_compat_xdg_activation_watch:
 *    xdg_activation_v1.activate with a token wlroots does not keep (never
 *    made, used, expired, or refused at its commit for a bad serial or an
 *    unfocused surface) is dropped with a log line before
 *    request_activate, so gridwl cannot mark the window urgent as it does
 *    for a token it finds not good. The watch sees the request first and
 *    says which surface asked. Upstream: the same in 0.18.2, 0.19.0 and
 *    0.20.0 (activation_handle_activate returns on an unknown token); keep
 *    until wlroots emits request_activate (or an event) for it. The
 *    xdg-activation test's refused and used tokens show it.
 * W22 xwayland.c, gridwl_compat_surface_scale_client_commit and
 *    gridwl_compat_surface_scale_committed: Xwayland's surfaces taken as
 *    buffers at scale N (compositor/shell/xwayland_scale.h), which Xwayland
 *    never sets itself. wlroots has no way to give a surface a buffer scale
 *    but the client's set_buffer_scale, and it checks that the buffer size
 *    is divisible by the scale before client_commit
 *    (surface_finalize_pending), so an X window of odd size would be a
 *    protocol error that ends Xwayland. The scale is set in pending at
 *    client_commit, with the logical size wlroots computed at scale 1
 *    divided by N (rounded up: render/ragged.h draws the last, partial
 *    logical pixel of an odd size exactly), and set back to 1 in pending
 *    once the state is applied, so the next check is at scale 1.
 *    Upstream: the same in 0.18.2 and 0.19.0 (the check in
 *    surface_finalize_pending, no scale in wlr/xwayland/xwayland.h).
 *    Keep while wlroots has no buffer scale set by the compositor. A
 *    commit kept in a cached state (a state lock) is checked at N; no
 *    lock is taken on Xwayland's surfaces in 0.18.
 *    What else Xwayland gives in X pixels is made logical in the same
 *    place: the input region (Xwayland 24.1 sets it from a window's
 *    input shape; rounded out) and the opaque region (rounded in), and
 *    the wp_viewport destination of its emulated modes (a program's own
 *    resolution stretched over the output: the size is the destination
 *    divided by N, the buffer sampled at scale 1, which such a commit
 *    sets again, as one before it may have left N).
 *    xwayland-input-shape and xwayland-emulated-mode show them.
 *    xwayland-scale's menu (41x31 X pixels at scale 2, drawn twice)
 *    shows it. gridwl's own invalid_size check (compositor/surface.c)
 *    leaves Xwayland's surfaces alone for the same reason.
 * W23 xwayland.c, gridwl_compat_xwayland_disown_wm_fd: the window
 *    manager's X connection is closed twice. xwm_create hands wm_fd[0] to
 *    xcb_connect_to_fd, which closes it at xcb_disconnect (xwm_destroy),
 *    and server_finish_process closes the same number again. When
 *    Xwayland dies, its Wayland client usually goes first: wlroots closes
 *    the number under the window manager, starts the next Xwayland at
 *    once (Xwayland started with gridwl), whose new socket pairs take
 *    that number, and xwm_destroy then closes one of them: the new
 *    Xwayland "could not connect to wayland server" and X11 is gone for
 *    the session. (Lazily started it is a race with any fd gridwl opens
 *    meanwhile.) Called once the window manager is up, it sets wm_fd[0]
 *    to -1, as the fix does.
 *    Upstream: so in 0.18.2 and 0.18.3; fixed in 0.20.0, 879243e37
 *    "xwm: Fix double-close" (0.19.2, ea1ade5e5). Remove with 0.19.2.
 *    xwayland-first-client's killed Xwayland shows it.
 * W28 xwayland.c, gridwl_compat_xwayland_started: wlroots restarts an
 *    Xwayland that exits after it was ready only if it ran more than 5 s
 *    (handle_client_destroy), but server_finish_process clears the start
 *    time it reads first, so every exit is restarted: an Xwayland that
 *    dies right after its start (a broken driver or extension, a bad
 *    WLR_XWAYLAND) is started again at once, for ever, when it was
 *    started with gridwl (N > 1). gridwl counts the starts: after three
 *    in a row that each came within 5 s of the one before, the server is
 *    made lazy, so its next exit leaves it waiting for an X11 client.
 *    Upstream: the same in 0.18.2, 0.19.x and 0.20.2 (server_start sits
 *    above display in struct wlr_xwayland_server, which the memset
 *    clears); remove when the time survives. xwayland-first-client's
 *    crash-loop case shows it.
 * W29 xwayland.c, gridwl_compat_xwayland_start_waiting: wlroots has no
 *    call to start a lazy Xwayland server before an X11 client connects
 *    (server_start is static; wlr_xwayland_create decides lazy or not
 *    once). gridwl starts Xwayland with itself when X11 programs draw at
 *    N > 1, so that xrdb's Xft.dpi is in place before the first one; when
 *    N goes above 1 later (a scale-2 output plugged into a scale-1
 *    session, a reload with "xwayland scale 2") and no X11 client has come
 *    yet, gridwl connects to the X socket and hangs up, which starts it as
 *    that first client would, and makes it eager (lazy false, terminate
 *    delay 0, as wlr_xwayland_create sets them for an eager server).
 *    Upstream: the same in 0.18.2, 0.19.x and 0.20.2. xwayland-first-
 *    client's late-scale case shows it.
 * W26 tablet_pad.c, gridwl_compat_tablet_pad_v2_created: a tablet-v2 pad
 *    never frees its array of group modes (4 bytes a group) when its device
 *    goes: handle_wlr_tablet_pad_destroy frees the pad, not pad->groups,
 *    which wlr_tablet_pad_create callocs. Upstream: the same in 0.18.2,
 *    0.19.x, 0.20.x and master (2026-08). The array is freed after
 *    wlroots' pad, on the device's destroy; only for wlroots up to 0.20.x,
 *    since a wlroots that frees it itself would free it twice: check
 *    types/tablet_v2/wlr_tablet_v2_pad.c on a move past 0.20. The
 *    tablet-pad test's removal of the pad shows it under LeakSanitizer.
 * W27 wl_pointer_enter.c, gridwl_compat_wl_enter_create: the wayland
 *    backend's wl_pointer.enter handler drops the position (only the
 *    serial is kept for the cursor), and a host built on wlroots sends no
 *    motion after an enter at the same place (wlr_seat_pointer_send_motion
 *    skips a position already sent; sway 1.10 sends enter then motion).
 *    So the nested cursor stayed where it was (or parked, input/seat.c)
 *    until the host's pointer moved again: a click right after entering
 *    went to the wrong place (nested-sway's click case failed so once in
 *    CI). gridwl binds the host's seats again on the backend's connection
 *    and emits the enter's position as a motion of the backend's own
 *    device, with a frame. Upstream: the same in 0.18.2, 0.19.x and 0.20.2
 *    (backend/wayland/pointer.c pointer_handle_enter); remove when it
 *    emits a motion. nested-gridwl's two-output case shows it (a host
 *    gridwl sends an enter alone too).
 * W30 guard.c, gridwl_wlroots_guard_popup_positioned: a positioner whose
 *    anchor rect has a zero width or height (valid: xdg-shell forbids
 *    only negative sizes, and right-click menus of some toolkits anchor at
 *    a point) is refused by xdg_surface.get_popup and xdg_popup.reposition
 *    as incomplete (xdg_wm_base error 5), which disconnects the client.
 *    The guard notes such rects at set_anchor_rect, lends wlroots a 1x1
 *    rect for the request, and puts the client's rect back in the popup's
 *    rules and geometry from gridwl's new-popup and reposition handlers,
 *    before the popup is unconstrained; the positioner gets its own back at
 *    the next request. Upstream: the same in 0.18.2 (create_xdg_popup and
 *    xdg_popup_handle_reposition check width and height > 0); remove when
 *    wlroots accepts 0. wlcs's XdgPopupTest.zero_size_anchor_rect_stable
 *    and the popup-zero-anchor test show it.
 * W31 cursor_image.c, gridwl_compat_cursor_theme_pad and the
 *    xcursor manager calls: wlr_output_cursor_set_buffer (which wlr_cursor
 *    uses for theme images) takes the image's size and hotspot through
 *    whole logical pixels, truncated, and back, so at a scale that does not
 *    divide them the image is drawn one pixel off its hotspot or squeezed
 *    by one (Adwaita's 36-pixel left_ptr at 1.5: hotspot 4,1 becomes 3,0),
 *    and wlr_xcursor_manager_load picks the size nearest to size x scale,
 *    which may be below it. gridwl loads each scale's theme itself at the
 *    size its rule picks (input/cursor_theme.c), gives the manager that
 *    theme as its own for the scale, and pads each image with transparent
 *    pixels so that its size and hotspot come back unchanged.
 *    Upstream: the same arithmetic in 0.18.2 and on main (types/output/
 *    cursor.c); remove when wlr_output_cursor_set_buffer keeps device
 *    pixels. The cursor-theme-scale test (1.5 case) shows it.
 * W32 damage_ring.c, gridwl_compat_damage_ring_rotate_buffer: a buffer's
 *    damage of more than 20 rectangles (WLR_DAMAGE_RING_MAX_RECTS) is
 *    returned as their bounding box, a cap meant for renderers that pay
 *    per rectangle. On pixman it repaints what lies between the damaged
 *    windows: with 64 small windows redrawing (bench/compositor/growth),
 *    453,040 pixels of gaps a frame, a quarter of the frame's pixels,
 *    cleared and composed for nothing. This unites the ring's entries
 *    itself (its list of buffers is private state) and keeps what
 *    wlroots returns only where they say. Upstream: the same cap in
 *    0.18.2 and 0.19.0 (types/wlr_damage_ring.c); a design choice rather
 *    than a bug, so keep, and re-read the list's layout at each move
 *    (0.19 keeps an array with sequence numbers instead). The
 *    damage-ring unit test shows it.
 * W13 xwayland.c, gridwl_compat_xwayland_binary: which Xwayland wlroots
 *    will run, so that a missing one is found, and said so with gridwl's
 *    own message, before the first X11 client.
 *    Upstream: the same rule in 0.18.2 (xwayland/server.c, which also
 *    refuses to create a server for a missing default binary): kept while
 *    gridwl checks before starting Xwayland lazily.
 *
 * Worked around where gridwl's own state is needed (named here so that the
 * move finds them):
 *
 * N1 compositor/shell/layer_shell.c, live_output: a layer surface's output
 *    may be freed while the surface still points at it.
 *    Upstream: not fixed as of 0.18.2 (no destroy listener on the
 *    output); keep.
 * N2 compositor/shell/layer_shell.c, layer_handle_client_commit: the
 *    protocol's invalid_size (a size of 0 without both anchors).
 *    Upstream: checked since 0.12.0 (8dec751a6; before the state is applied
 *    since 0.18.0, a6122c3ec), but Debian's wlroots reverts that check
 *    (debian/patches since 0.12.0-1, "Revert layer-shell: error on 0
 *    dimension without anchors", for phosh; still in 0.18.2-3): keep while
 *    gridwl builds against Debian's. The layer-shell test shows it.
 * N3 compositor/shell/xdg_popup.c, popup_unconstrain: popups are positioned
 *    against the geometry the client set, drawn against the effective one.
 *    Upstream: 0.18.2 behaves as 0.15.1; fixed in 0.19.0, 5c98d1a04
 *    "xdg-surface: fix window geometry handling". Keep on 0.18.
 * N8 render/surface_draw.c, blit_pixman: a buffer at the output's scale is
 *    copied by gridwl itself on the pixman renderer, from the pool as it
 *    is mapped now (the texture's image may point where the pool was mapped
 *    at commit) and with PIXMAN_OP_SRC for opaque formats.
 *    Upstream: the pixman render pass skips the transform for 1:1 from
 *    0.17.0 (6830bfc17, 6b7d1d732; ee0007c0f in 0.18.0), which removed the
 *    5x cost that made this a workaround; what remains is gridwl's own
 *    reading of shm pools (render/buffer_access.c). Keep.
 * N9 protocol/wlr_output_power_v1.c: wlr-output-power-management is
 *    gridwl's own wire side, shaped like wlroots 0.18's helper.
 *    Upstream: the helper is unchanged through 0.18.2 (81a08aeeb, 0.18.1,
 *    only sends failed when the output goes), so gridwl keeps its own.
 *    (compositor/services/output_power.c's owner's to re-check.)
 *    ext-session-lock-v1, gridwl's own up to 0.15, is wlroots' helper
 *    (wlr_session_lock_v1, since 0.16.0, 9de992b9f) from 0.18 on: it passes
 *    every session-lock test (compositor/shell/session_lock.c says where it
 *    differs).
 */

struct wlr_input_device;
struct wlr_output;
struct wlr_xwayland;
struct wlr_xwayland_server;
struct wlr_xwayland_surface;
struct wlr_pointer_constraint_v1;
struct wlr_screencopy_manager_v1;
struct wlr_seat;
struct wlr_tablet_v2_tablet_pad;
struct wlr_buffer;
struct wlr_damage_ring;
struct wlr_transient_seat_v1;
struct wlr_xdg_activation_v1;
struct wlr_surface;
struct wl_display;
struct wl_surface;
struct wlr_backend;

/* W32: wlr_damage_ring_rotate_buffer, with what buffer must repaint
 * exactly as the ring's entries say, however many rectangles. */
void gridwl_compat_damage_ring_rotate_buffer(struct wlr_damage_ring *ring,
		struct wlr_buffer *buffer, pixman_region32_t *damage);

/* W11: fails every frame waiting for wlr_output, as wlroots does when the
 * output goes away: the client gets failed and the frame is freed. */
void gridwl_compat_screencopy_fail_frames(
		struct wlr_screencopy_manager_v1 *screencopy,
		struct wlr_output *wlr_output);

/* W14: from the new_constraint handler. */
void gridwl_compat_pointer_constraint_apply_initial_region(
		struct wlr_pointer_constraint_v1 *constraint);

/* W15: wlr_seat_touch_notify_up, and the point freed. */
uint32_t gridwl_compat_seat_touch_notify_up(struct wlr_seat *seat,
		uint32_t time_msec, int32_t touch_id);

/* W16: a wayland-backend pointer or touch position (0..1) made relative
 * to the whole output (physical size, and logical size in the layout) when
 * its host window has buffer scale host_scale, exact to the bit through
 * wlr_cursor; any other device's is left alone. */
void gridwl_compat_wl_absolute_position(struct wlr_input_device *device,
		int physical_width, int physical_height, int logical_width,
		int logical_height, int host_scale, double *x, double *y);

/* W19: maps xsurface's wl_surface when it already has a buffer at its
 * association, as the commit wlroots waits for would. */
void gridwl_compat_xwayland_map_associated(
		struct wlr_xwayland_surface *xsurface);

/* W20: wlr_transient_seat_v1_deny, safe for the resource's destroy. */
void gridwl_compat_transient_seat_deny(struct wlr_transient_seat_v1 *seat);

/* W21: unknown_token(data, surface) runs for every activate request of a
 * token activation does not know, before wlroots drops it. */
typedef void (*gridwl_compat_unknown_token_func)(void *data,
		struct wlr_surface *surface);
struct gridwl_compat_activation_watch;
struct gridwl_compat_activation_watch *gridwl_compat_xdg_activation_watch(
		struct wl_display *display, struct wlr_xdg_activation_v1 *activation,
		gridwl_compat_unknown_token_func unknown_token, void *data);
void gridwl_compat_xdg_activation_unwatch(
		struct gridwl_compat_activation_watch *watch);
/* W22: from the surface's client_commit: the pending state at buffer scale
 * scale (1: left alone). */
void gridwl_compat_surface_scale_client_commit(struct wlr_surface *surface,
		int scale);
/* W22: from the surface's commit, after the client_commit above. */
void gridwl_compat_surface_scale_committed(struct wlr_surface *surface);

/* W23: from the xwayland's ready signal (its window manager is up). */
void gridwl_compat_xwayland_disown_wm_fd(struct wlr_xwayland *xwayland);
/* W28: the starts of one Xwayland server (zeroed before the first). */
struct gridwl_compat_xwayland_starts {
	int count; // processes started
	int quick_exits; // exits in a row within 5 s of their start
	int64_t last_ms; // CLOCK_MONOTONIC of the last start
};
/* W28: from the server's start signal. */
void gridwl_compat_xwayland_started(struct wlr_xwayland_server *server,
		struct gridwl_compat_xwayland_starts *starts);
/* W29: starts a lazy Xwayland server that waits for its first X11 client
 * now, and keeps it started with gridwl from then on (restarted at once);
 * false when it is not waiting, when W28 made it lazy, or when its socket
 * takes no connection (logged). */
bool gridwl_compat_xwayland_start_waiting(struct wlr_xwayland_server *server,
		const struct gridwl_compat_xwayland_starts *starts);
/* W26: from right after wlr_tablet_pad_create. */
void gridwl_compat_tablet_pad_v2_created(struct wlr_tablet_v2_tablet_pad *pad);

/* W27: the enter position of a host pointer goes to the wayland
 * backend's device of the output output_of(data, surface) finds (NULL: not
 * one of gridwl's windows). Made with the backend's first output, before
 * any of its devices; destroyed before the backend. */
typedef struct wlr_output *(
		*gridwl_compat_wl_output_func)(void *data, struct wl_surface *surface);
struct gridwl_compat_wl_enter;
struct gridwl_compat_wl_enter *gridwl_compat_wl_enter_create(
		struct wlr_backend *backend, gridwl_compat_wl_output_func output_of,
		void *data);
void gridwl_compat_wl_enter_destroy(struct gridwl_compat_wl_enter *enter);

/* W31: pads every image of theme (in place) so that an output at scale
 * keeps its size and hotspot; false when some image would need more than a
 * few pixels (left as it is). */
struct wlr_xcursor_theme;
struct wlr_xcursor_manager;
bool gridwl_compat_cursor_theme_pad(struct wlr_xcursor_theme *theme,
		float scale);
/* W31: whether manager holds a theme for scale; whether it holds any. */
bool gridwl_compat_xcursor_manager_has(struct wlr_xcursor_manager *manager,
		float scale);
bool gridwl_compat_xcursor_manager_in_use(struct wlr_xcursor_manager *manager);
/* W31: manager takes loaded as its theme for scale (and frees it). */
bool gridwl_compat_xcursor_manager_adopt(struct wlr_xcursor_manager *manager,
		float scale, struct wlr_xcursor_theme *loaded);

/* W13: the Xwayland binary wlroots starts. */
const char *gridwl_compat_xwayland_binary(void);

#endif
