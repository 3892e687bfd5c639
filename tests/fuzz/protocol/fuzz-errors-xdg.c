#define _GNU_SOURCE // memfd_create
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "fuzz-errors.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

/*
 * Deliberate protocol errors of xdg-shell, with wlroots 0.18.2's codes and
 * the interfaces it posts them on (types/xdg_shell/).
 */

FZ_ERR_DESTROYER(wl_subsurface)
FZ_ERR_DESTROYER(xdg_popup)
FZ_ERR_DESTROYER(xdg_positioner)
FZ_ERR_DESTROYER(xdg_surface)
FZ_ERR_DESTROYER(xdg_toplevel)
FZ_ERR_DESTROYER(zwlr_layer_surface_v1)

static bool ack_unknown_serial(struct fz *fz, struct fz_expect *e) {
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, true);
	if (fz_rng_chance(&fz->rng, 50) && fz_err_last_serial != 0) {
		// A serial that was sent, and acknowledged already.
		xdg_surface_ack_configure(t.xdg_surface, fz_err_last_serial);
		xdg_surface_ack_configure(t.xdg_surface, fz_err_last_serial);
	} else {
		xdg_surface_ack_configure(t.xdg_surface, fz_err_last_serial + 1000);
	}
	*e = (struct fz_expect){ "xdg_wm_base",
		XDG_WM_BASE_ERROR_INVALID_SURFACE_STATE };
	return true;
}

static bool buffer_before_configure(struct fz *fz, struct fz_expect *e) {
	struct wl_buffer *b = fz_err_buffer(fz, 16, 16);
	if (b == NULL) {
		return false;
	}
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, false);
	wl_surface_attach(t.surface, b, 0, 0);
	wl_surface_commit(t.surface);
	*e = (struct fz_expect){ "xdg_surface",
		XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER };
	return true;
}

static bool xdg_surface_with_buffer(struct fz *fz, struct fz_expect *e) {
	struct wl_buffer *b = fz_err_buffer(fz, 16, 16);
	if (b == NULL) {
		return false;
	}
	struct wl_surface *s = fz_err_surface(fz);
	wl_surface_attach(s, b, 0, 0);
	wl_surface_commit(s);
	LATER(xdg_surface, xdg_wm_base_get_xdg_surface(fz->wm_base, s));
	// wlroots posts it on xdg_wm_base.
	*e = (struct fz_expect){ "xdg_wm_base",
		XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER };
	return true;
}

static bool geometry_invalid(struct fz *fz, struct fz_expect *e) {
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, false);
	xdg_surface_set_window_geometry(t.xdg_surface, 0, 0,
			fz_rng_range(&fz->rng, -10, 0), 10);
	*e = (struct fz_expect){ "xdg_surface", XDG_SURFACE_ERROR_INVALID_SIZE };
	return true;
}

static bool positioner_invalid(struct fz *fz, struct fz_expect *e) {
	struct xdg_positioner *p = xdg_wm_base_create_positioner(fz->wm_base);
	LATER(xdg_positioner, p);
	if (fz_rng_chance(&fz->rng, 50)) {
		xdg_positioner_set_size(p, fz_rng_range(&fz->rng, -5, 0), 10);
	} else {
		xdg_positioner_set_anchor_rect(p, 0, 0, 10,
				fz_rng_range(&fz->rng, -5, -1));
	}
	*e = (struct fz_expect){ "xdg_positioner",
		XDG_POSITIONER_ERROR_INVALID_INPUT };
	return true;
}

static bool positioner_incomplete(struct fz *fz, struct fz_expect *e) {
	struct fz_err_toplevel parent;
	fz_err_toplevel_make(fz, &parent, false);
	struct xdg_positioner *p = xdg_wm_base_create_positioner(fz->wm_base);
	LATER(xdg_positioner, p);
	if (fz_rng_chance(&fz->rng, 50)) {
		xdg_positioner_set_size(p, 10, 10);
	} else {
		xdg_positioner_set_anchor_rect(p, 0, 0, 10, 10);
	}
	struct wl_surface *s = fz_err_surface(fz);
	struct xdg_surface *xs =
			LATER(xdg_surface, xdg_wm_base_get_xdg_surface(fz->wm_base, s));
	LATER(xdg_popup, xdg_surface_get_popup(xs, parent.xdg_surface, p));
	// wlroots 0.18 posts it on the client's xdg_wm_base.
	*e = (struct fz_expect){ "xdg_wm_base",
		XDG_WM_BASE_ERROR_INVALID_POSITIONER };
	return true;
}

static bool popup_not_topmost(struct fz *fz, struct fz_expect *e) {
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, false);
	struct fz_err_popup a, b;
	fz_err_popup_make(fz, &a, t.xdg_surface);
	fz_err_popup_make(fz, &b, a.xdg_surface);
	fz_err_undefer(a.popup);
	xdg_popup_destroy(a.popup);
	*e = (struct fz_expect){ "xdg_wm_base",
		XDG_WM_BASE_ERROR_NOT_THE_TOPMOST_POPUP };
	return true;
}

static bool grab_after_map(struct fz *fz, struct fz_expect *e) {
	if (fz->seat == NULL) {
		return false;
	}
	struct wl_buffer *tb = fz_err_buffer(fz, 32, 32),
					 *pb = fz_err_buffer(fz, 20, 20);
	if (tb == NULL || pb == NULL) {
		return false;
	}
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, true);
	xdg_surface_ack_configure(t.xdg_surface, fz_err_last_serial);
	wl_surface_attach(t.surface, tb, 0, 0);
	wl_surface_commit(t.surface);
	struct fz_err_popup a;
	fz_err_popup_make(fz, &a, t.xdg_surface);
	fz_err_last_serial = 0;
	xdg_surface_add_listener(a.xdg_surface, &fz_err_remember_serial, NULL);
	wl_surface_commit(a.surface);
	fz_roundtrip(fz, true);
	// Mapped: configured, acknowledged and with a buffer. wlroots 0.18
	// refuses a grab on a popup that is mapped, not one merely committed.
	xdg_surface_ack_configure(a.xdg_surface, fz_err_last_serial);
	wl_surface_attach(a.surface, pb, 0, 0);
	wl_surface_commit(a.surface);
	xdg_popup_grab(a.popup, fz->seat, fz->input_serial);
	*e = (struct fz_expect){ "xdg_popup", XDG_POPUP_ERROR_INVALID_GRAB };
	return true;
}

static bool role_twice(struct fz *fz, struct fz_expect *e) {
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, false);
	LATER(xdg_toplevel, xdg_surface_get_toplevel(t.xdg_surface));
	// wlroots 0.18: "Cannot reassign role xdg_toplevel to xdg_surface@N,
	// role object still exists", on xdg_wm_base.
	*e = (struct fz_expect){ "xdg_wm_base", XDG_WM_BASE_ERROR_ROLE };
	return true;
}

static bool request_without_role(struct fz *fz, struct fz_expect *e) {
	struct wl_surface *s = fz_err_surface(fz);
	struct xdg_surface *xs =
			LATER(xdg_surface, xdg_wm_base_get_xdg_surface(fz->wm_base, s));
	if (fz_rng_chance(&fz->rng, 50)) {
		xdg_surface_ack_configure(xs, 1);
	} else {
		wl_surface_commit(s);
	}
	*e = (struct fz_expect){ "xdg_surface", XDG_SURFACE_ERROR_NOT_CONSTRUCTED };
	return true;
}

static bool move_unconfigured(struct fz *fz, struct fz_expect *e) {
	if (fz->seat == NULL) {
		return false;
	}
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, false);
	xdg_toplevel_move(t.toplevel, fz->seat, fz->input_serial);
	// wlroots 0.18 posts it on the xdg_surface: "surface has not been
	// configured yet".
	*e = (struct fz_expect){ "xdg_surface", XDG_SURFACE_ERROR_NOT_CONSTRUCTED };
	return true;
}

static bool resize_edge_invalid(struct fz *fz, struct fz_expect *e) {
	if (fz->seat == NULL) {
		return false;
	}
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, true);
	xdg_surface_ack_configure(t.xdg_surface, fz_err_last_serial);
	static const uint32_t invalid[] = { 3, 7, 11, 12, 13, 14, 15 };
	uint32_t edges = fz_rng_chance(&fz->rng, 80) ?
			invalid[fz_rng_below(&fz->rng, 7)] :
			(uint32_t)fz_rng_range(&fz->rng, 16, 0x7fffffff);
	xdg_toplevel_resize(t.toplevel, fz->seat, fz->input_serial, edges);
	// wlroots 0.18 posts xdg_toplevel.error.invalid_resize_edge (0) on
	// the xdg_surface.
	*e = (struct fz_expect){ "xdg_surface",
		XDG_TOPLEVEL_ERROR_INVALID_RESIZE_EDGE };
	return true;
}

static bool wm_base_defunct(struct fz *fz, struct fz_expect *e) {
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, false);
	xdg_wm_base_destroy(fz->wm_base);
	fz->wm_base = NULL;
	// Posted on the object just destroyed, whose interface libwayland no
	// longer knows: NULL matches any.
	*e = (struct fz_expect){ NULL, XDG_WM_BASE_ERROR_DEFUNCT_SURFACES };
	return true;
}

/* wl_surface.destroy before its role object (an xdg_surface, a
 * wl_subsurface or a layer surface): wl_surface.error.defunct_role_object,
 * on the object just destroyed, whose interface libwayland no longer
 * knows (NULL matches any). */
static bool surface_before_role(struct fz *fz, struct fz_expect *e) {
	struct wl_surface *s = wl_compositor_create_surface(fz->compositor);
	uint32_t which = fz_rng_below(&fz->rng, 3);
	if (which == 1 && fz->subcompositor != NULL) {
		struct wl_surface *parent = fz_err_surface(fz);
		LATER(wl_subsurface,
				wl_subcompositor_get_subsurface(fz->subcompositor, s, parent));
	} else if (which == 2 && fz->layer_shell != NULL) {
		LATER(zwlr_layer_surface_v1,
				zwlr_layer_shell_v1_get_layer_surface(fz->layer_shell, s, NULL,
						ZWLR_LAYER_SHELL_V1_LAYER_TOP, "protocol-fuzz"));
	} else {
		LATER(xdg_surface, xdg_wm_base_get_xdg_surface(fz->wm_base, s));
	}
	wl_surface_destroy(s);
	*e = (struct fz_expect){ NULL, WL_SURFACE_ERROR_DEFUNCT_ROLE_OBJECT };
	return true;
}

/* xdg_surface.destroy before its xdg_toplevel or xdg_popup. */
static bool xdg_surface_before_role(struct fz *fz, struct fz_expect *e) {
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, fz_rng_chance(&fz->rng, 50));
	fz_err_undefer(t.xdg_surface);
	xdg_surface_destroy(t.xdg_surface);
	*e = (struct fz_expect){ NULL, XDG_SURFACE_ERROR_DEFUNCT_ROLE_OBJECT };
	return true;
}

static bool commit_role_gone(struct fz *fz, struct fz_expect *e) {
	// A commit on a surface whose xdg_toplevel is gone but whose
	// xdg_surface is not: it has no role object, which wlroots must refuse
	// rather than trip over.
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, fz_rng_chance(&fz->rng, 50));
	fz_err_undefer(t.toplevel);
	xdg_toplevel_destroy(t.toplevel);
	wl_surface_commit(t.surface);
	*e = (struct fz_expect){ "xdg_surface", XDG_SURFACE_ERROR_NOT_CONSTRUCTED };
	return true;
}

static bool popup_without_parent(struct fz *fz, struct fz_expect *e) {
	struct fz_err_popup a;
	fz_err_popup_make(fz, &a, NULL);
	wl_surface_commit(a.surface);
	// Not invalid_popup_parent: wlroots 0.18 rejects the commit with
	// not_constructed, "xdg_popup has no parent".
	*e = (struct fz_expect){ "xdg_surface", XDG_SURFACE_ERROR_NOT_CONSTRUCTED };
	return true;
}

static bool toplevel_own_parent(struct fz *fz, struct fz_expect *e) {
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, false);
	xdg_toplevel_set_parent(t.toplevel, t.toplevel);
	wl_surface_commit(t.surface);
	*e = (struct fz_expect){ "xdg_toplevel",
		XDG_TOPLEVEL_ERROR_INVALID_PARENT };
	return true;
}

static bool min_above_max(struct fz *fz, struct fz_expect *e) {
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, false);
	int32_t max = fz_rng_range(&fz->rng, 1, 1000);
	if (fz_rng_chance(&fz->rng, 50)) {
		xdg_toplevel_set_max_size(t.toplevel, max, 0);
		xdg_toplevel_set_min_size(t.toplevel, max + 1, 0);
	} else {
		xdg_toplevel_set_min_size(t.toplevel, 0, max + 1);
		xdg_toplevel_set_max_size(t.toplevel, 0, max);
	}
	wl_surface_commit(t.surface);
	// Checked at the commit: "client provided an invalid min or max size".
	*e = (struct fz_expect){ "xdg_toplevel", XDG_TOPLEVEL_ERROR_INVALID_SIZE };
	return true;
}

static const struct fz_error_case cases[] = {
	{ "ack", "xdg_surface.ack_configure of a serial not pending",
			ack_unknown_serial, 0 },
	{ "unconfigured-buffer", "buffer before the first configure",
			buffer_before_configure, 0 },
	{ "xdg-surface-buffer", "xdg_surface for a surface with a buffer",
			xdg_surface_with_buffer, 0 },
	{ "geometry", "xdg_surface.set_window_geometry empty", geometry_invalid,
			0 },
	{ "positioner", "xdg_positioner with a bad size", positioner_invalid, 0 },
	{ "positioner-incomplete", "xdg_popup from an incomplete positioner",
			positioner_incomplete, 0 },
	{ "popup-not-topmost", "xdg_popup destroyed under its child",
			popup_not_topmost, 0 },
	{ "grab-mapped", "xdg_popup.grab once the popup is mapped", grab_after_map,
			0 },
	{ "role-twice", "second xdg_toplevel for one xdg_surface", role_twice, 0 },
	{ "no-role", "xdg_surface request before a role", request_without_role, 0 },
	{ "move-unconfigured", "xdg_toplevel.move before the first configure",
			move_unconfigured, 0 },
	{ "resize-edge", "xdg_toplevel.resize with edges not in the enum",
			resize_edge_invalid, 0 },
	{ "wm-base-defunct", "xdg_wm_base destroyed before its surfaces",
			wm_base_defunct, 0 },
	{ "surface-before-role", "wl_surface destroyed before its role object",
			surface_before_role, 0 },
	{ "xdg-surface-before-role", "xdg_surface destroyed before its toplevel",
			xdg_surface_before_role, 0 },
	{ "commit-role-gone", "commit after the xdg_toplevel is gone",
			commit_role_gone, 0 },
	{ "popup-no-parent", "xdg_popup without a parent", popup_without_parent,
			0 },
	{ "own-parent", "xdg_toplevel its own parent", toplevel_own_parent, 0 },
	{ "min-max", "xdg_toplevel min size above its max", min_above_max, 0 },
};

FZ_ERROR_FAMILY(fz_errors_xdg, cases);
