#include <stdio.h>
#include <wayland-client.h>
#include "fuzz-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

/*
 * xdg-shell: toplevels and popups made, configured, acknowledged in any
 * order the protocol allows (the newest serial, or an older one still
 * pending), mapped, unmapped and given their role again; every toplevel
 * request with random values; popups with random positioners, on mapped,
 * unmapped and role-less parents, with and without grabs; role objects
 * destroyed with or without their xdg_surface, before and after their
 * children.
 */

void fz_surface_configured(struct fz_surface *s, uint32_t serial) {
	s->fz->stats.configures++;
	if (s->serial_count == FZ_SERIALS) {
		// Acking a newer one is always allowed: forget the oldest.
		for (int i = 1; i < FZ_SERIALS; i++) {
			s->serials[i - 1] = s->serials[i];
		}
		s->serial_count--;
	}
	s->serials[s->serial_count++] = serial;
}

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	fz_surface_configured(data, serial);
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel,
		int32_t width, int32_t height, struct wl_array *states) {
	struct fz_surface *s = data;
	s->configure_width = width;
	s->configure_height = height;
}

static void toplevel_close(void *data, struct xdg_toplevel *toplevel) {
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = toplevel_configure,
	.close = toplevel_close,
};

static void popup_configure(void *data, struct xdg_popup *popup, int32_t x,
		int32_t y, int32_t width, int32_t height) {
}

static void mark_dismissed(struct fz *fz, uint32_t id);

static void popup_done(void *data, struct xdg_popup *popup) {
	struct fz_surface *s = data;
	s->fz->stats.popups_dismissed++;
	s->role_gone = true;
	mark_dismissed(s->fz, s->id);
}

static const struct xdg_popup_listener popup_listener = {
	.configure = popup_configure,
	.popup_done = popup_done,
};

/* wlroots dismisses a surface's popups (and theirs) when it unmaps or its
 * role object goes. */
static void mark_dismissed(struct fz *fz, uint32_t id) {
	for (int i = 0; i < FZ_SURFACES; i++) {
		struct fz_surface *c = &fz->surfaces[i];
		if (c->surface != NULL && c->role == FZ_ROLE_POPUP &&
				c->parent_id == id && c->popup != NULL && !c->role_gone) {
			c->role_gone = true;
			mark_dismissed(fz, c->id);
		}
	}
}

/* Whether popups made on id may still be on its list in wlroots: a popup
 * dismissed by the end of a grab stays there until destroyed, and we
 * cannot tell that apart from one wlroots destroyed itself. A popup with
 * any may neither grab nor be destroyed (not_the_topmost_popup). */
static bool has_child_popups(struct fz *fz, uint32_t id) {
	for (int i = 0; i < FZ_SURFACES; i++) {
		struct fz_surface *c = &fz->surfaces[i];
		if (c->surface != NULL && c->role == FZ_ROLE_POPUP &&
				c->parent_id == id && c->popup != NULL) {
			return true;
		}
	}
	return false;
}

void fz_reset_role_state(struct fz_surface *s) {
	s->role_gone = false;
	s->initial_commit = s->configured = s->mapped = false;
	s->serial_count = 0;
	s->popup_committed = false;
	s->grab_seq = 0;
	s->min_width = s->min_height = s->max_width = s->max_height = 0;
}

/* wlroots refuses an xdg_surface for a surface with a buffer. */
struct fz_surface *fz_surface_for_role(struct fz *fz) {
	struct fz_surface *s =
			fz_rng_chance(&fz->rng, 70) ? NULL : fz_surface_pick(fz);
	if (s != NULL && s->role == FZ_ROLE_NONE && s->xdg_surface == NULL &&
			s->layer_surface == NULL && !s->has_buffer &&
			s->subsurface == NULL) {
		return s;
	}
	return fz_surface_new(fz);
}

static void make_xdg_surface(struct fz *fz, struct fz_surface *s) {
	s->xdg_surface = xdg_wm_base_get_xdg_surface(fz->wm_base, s->surface);
	xdg_surface_add_listener(s->xdg_surface, &xdg_surface_listener, s);
	// A buffer attached but not committed goes with the initial
	// commit, which fz_surface_commit keeps empty.
}

bool fz_xdg_op_toplevel(struct fz *fz) {
	char buf[256];
	// Sometimes a toplevel again on a surface whose last one was
	// destroyed: wlroots lets the same xdg_surface take the same role.
	struct fz_surface *s = fz_surface_pick(fz);
	if (s == NULL ||
			!(s->role == FZ_ROLE_TOPLEVEL && s->role_gone &&
					s->xdg_surface != NULL && fz_rng_chance(&fz->rng, 50))) {
		s = fz_surface_for_role(fz);
		if (s == NULL) {
			return false;
		}
		make_xdg_surface(fz, s);
	}
	s->toplevel = xdg_surface_get_toplevel(s->xdg_surface);
	xdg_toplevel_add_listener(s->toplevel, &toplevel_listener, s);
	s->role = FZ_ROLE_TOPLEVEL;
	fz_reset_role_state(s);
	fz_log(fz, "surface %u: toplevel", s->id);
	if (fz_rng_chance(&fz->rng, 60)) {
		xdg_toplevel_set_app_id(s->toplevel,
				fz_rng_chance(&fz->rng, 50) ?
						"protocol-fuzz" :
						fz_random_string(fz, buf, sizeof(buf)));
	}
	if (fz_rng_chance(&fz->rng, 60)) {
		xdg_toplevel_set_title(s->toplevel,
				fz_random_string(fz, buf, sizeof(buf)));
	}
	if (fz_rng_chance(&fz->rng, 70)) {
		fz_surface_commit(s);
	}
	return true;
}

static int32_t coordinate(struct fz *fz, int32_t lo, int32_t hi) {
	// Now and then far out, where sums overflow if nobody is careful.
	if (fz_rng_chance(&fz->rng, 3)) {
		return (int32_t)(uint32_t)fz_rng_next(&fz->rng) / 2;
	}
	return fz_rng_range(&fz->rng, lo, hi);
}

static struct xdg_positioner *random_positioner(struct fz *fz) {
	struct xdg_positioner *p = xdg_wm_base_create_positioner(fz->wm_base);
	int32_t w = fz_rng_range(&fz->rng, 1, 400);
	int32_t h = fz_rng_range(&fz->rng, 1, 400);
	xdg_positioner_set_size(p, w, h);
	// wlroots 0.15 takes an anchor rectangle of width 0 for an
	// incomplete positioner: 1 at least.
	int32_t ax = coordinate(fz, -100, 500), ay = coordinate(fz, -100, 500);
	int32_t aw = fz_rng_range(&fz->rng, 1, 300);
	int32_t ah = fz_rng_range(&fz->rng, 1, 300);
	xdg_positioner_set_anchor_rect(p, ax, ay, aw, ah);
	uint32_t anchor = 0, gravity = 0, adjust = 0;
	if (fz_rng_chance(&fz->rng, 80)) {
		anchor = fz_rng_below(&fz->rng, XDG_POSITIONER_ANCHOR_BOTTOM_RIGHT + 1);
		xdg_positioner_set_anchor(p, anchor);
	}
	if (fz_rng_chance(&fz->rng, 80)) {
		gravity =
				fz_rng_below(&fz->rng, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT + 1);
		xdg_positioner_set_gravity(p, gravity);
	}
	if (fz_rng_chance(&fz->rng, 70)) {
		adjust = fz_rng_below(&fz->rng, 64);
		xdg_positioner_set_constraint_adjustment(p, adjust);
	}
	int32_t ox = 0, oy = 0;
	if (fz_rng_chance(&fz->rng, 50)) {
		ox = coordinate(fz, -200, 200);
		oy = coordinate(fz, -200, 200);
		xdg_positioner_set_offset(p, ox, oy);
	}
	fz_log(fz,
			"positioner: size %dx%d anchor_rect %d,%d %dx%d anchor %u "
			"gravity %u adjust %u offset %d,%d",
			w, h, ax, ay, aw, ah, anchor, gravity, adjust, ox, oy);
	return p;
}

/* A parent for a popup: mostly a mapped xdg surface, sometimes one that
 * is not mapped or whose role object is gone (wlroots 0.15.1 left the
 * popup pointing at it once it went, unless gridwl guards it). */
static struct fz_surface *pick_popup_parent(struct fz *fz) {
	struct fz_surface *mapped[FZ_SURFACES], *other[FZ_SURFACES];
	int nm = 0, no = 0;
	for (int i = 0; i < FZ_SURFACES; i++) {
		struct fz_surface *s = &fz->surfaces[i];
		if (s->surface == NULL ||
				(s->xdg_surface == NULL && s->layer_surface == NULL) ||
				s->role == FZ_ROLE_NONE) {
			continue;
		}
		// A closed layer surface ignores get_popup, and a popup that
		// never got its parent may not commit (not_constructed).
		if (s->layer_surface != NULL &&
				(s->role_gone || fz->layers_unsettled)) {
			continue;
		}
		if (s->mapped && !s->role_gone) {
			mapped[nm++] = s;
		} else {
			other[no++] = s;
		}
	}
	if (nm > 0 && (no == 0 || fz_rng_chance(&fz->rng, 85))) {
		return mapped[fz_rng_below(&fz->rng, (uint32_t)nm)];
	}
	return no > 0 ? other[fz_rng_below(&fz->rng, (uint32_t)no)] : NULL;
}

/* wlroots 0.15 keeps a client's grabbing popups in a stack, each until it
 * is destroyed or unmapped, dismissed or not: a new grab must be made on
 * the topmost, or on a toplevel when there is none. Popups the compositor
 * may have taken off the stack (role_gone) block grabs until destroyed,
 * since we cannot tell whether it did. */
static bool may_grab(struct fz *fz, const struct fz_surface *parent) {
	const struct fz_surface *top = NULL;
	for (int i = 0; i < FZ_SURFACES; i++) {
		const struct fz_surface *c = &fz->surfaces[i];
		if (c->surface != NULL && c->popup != NULL && c->grab_seq != 0 &&
				(top == NULL || c->grab_seq > top->grab_seq)) {
			top = c;
		}
	}
	if (top == NULL) {
		return (parent->toplevel != NULL || parent->layer_surface != NULL) &&
				!parent->role_gone;
	}
	return top == parent && !parent->role_gone;
}

/* Whether s is parent or one of its ancestors, so that a popup of s on
 * parent would close a loop. */
static bool popup_ancestor(struct fz *fz, const struct fz_surface *s,
		const struct fz_surface *parent) {
	for (int depth = 0; parent != NULL && depth <= FZ_SURFACES; depth++) {
		if (parent == s) {
			return true;
		}
		parent = parent->role == FZ_ROLE_POPUP ?
				fz_surface_find(fz, parent->parent_id) :
				NULL;
	}
	return false;
}

bool fz_xdg_op_popup(struct fz *fz) {
	struct fz_surface *parent = pick_popup_parent(fz);
	if (parent == NULL) {
		return false;
	}
	struct fz_surface *s = fz_surface_pick(fz);
	if (s == NULL || popup_ancestor(fz, s, parent) ||
			!(s->role == FZ_ROLE_POPUP && s->role_gone &&
					s->xdg_surface != NULL && !has_child_popups(fz, s->id) &&
					fz_rng_chance(&fz->rng, 50))) {
		s = fz_surface_for_role(fz);
		if (s == NULL) {
			return false;
		}
		make_xdg_surface(fz, s);
	}
	if (s->popup != NULL) {
		xdg_popup_destroy(s->popup);
	}
	struct xdg_positioner *positioner = random_positioner(fz);
	// A layer surface's popup is made without a parent and given it by
	// zwlr_layer_surface_v1.get_popup before its first commit.
	s->popup = xdg_surface_get_popup(s->xdg_surface,
			parent->layer_surface != NULL ? NULL : parent->xdg_surface,
			positioner);
	xdg_popup_add_listener(s->popup, &popup_listener, s);
	if (parent->layer_surface != NULL) {
		zwlr_layer_surface_v1_get_popup(parent->layer_surface, s->popup);
	}
	// The popup keeps a copy; the positioner may go at once.
	xdg_positioner_destroy(positioner);
	s->role = FZ_ROLE_POPUP;
	s->parent_id = parent->id;
	fz_reset_role_state(s);
	// A grab must come before the first commit, from a popup with no
	// popups of its own (which one made again may have).
	bool grab = fz->seat != NULL && fz_rng_chance(&fz->rng, 30) &&
			may_grab(fz, parent) && !has_child_popups(fz, s->id);
	if (grab) {
		xdg_popup_grab(s->popup, fz->seat, fz->input_serial);
		s->grab_seq = ++fz->grab_seq;
	}
	fz_log(fz, "surface %u: popup on %u%s%s", s->id, parent->id,
			grab ? " grab" : "", parent->mapped ? "" : " (parent unmapped)");
	if (fz_rng_chance(&fz->rng, 70)) {
		fz_surface_commit(s);
	}
	return true;
}

static bool role_alive(const struct fz_surface *s) {
	return s->surface != NULL && !s->role_gone &&
			(s->toplevel != NULL || s->popup != NULL ||
					s->layer_surface != NULL);
}

bool fz_xdg_op_ack(struct fz *fz) {
	struct fz_surface *s = fz_surface_pick(fz);
	if (s == NULL || s->serial_count == 0 || !role_alive(s) ||
			(s->xdg_surface == NULL && s->layer_surface == NULL)) {
		return false;
	}
	// The newest most of the time; an older one still pending is as
	// valid, and drops those before it.
	int i = fz_rng_chance(&fz->rng, 70) ?
			s->serial_count - 1 :
			(int)fz_rng_below(&fz->rng, (uint32_t)s->serial_count);
	uint32_t serial = s->serials[i];
	if (s->layer_surface != NULL) {
		fz_layer_ack(s, serial);
	} else {
		xdg_surface_ack_configure(s->xdg_surface, serial);
	}
	s->serial_count -= i + 1;
	for (int k = 0; k < s->serial_count; k++) {
		s->serials[k] = s->serials[k + i + 1];
	}
	s->configured = true;
	fz_log(fz, "surface %u: ack_configure %u (%d left)", s->id, serial,
			s->serial_count);
	// What a client does next: draw and commit. Mostly.
	if (fz_rng_chance(&fz->rng, 70)) {
		struct fz_buffer *b = fz_shm_pick_buffer(fz);
		if (b != NULL) {
			wl_surface_attach(s->surface, b->buffer, 0, 0);
			fz_surface_attached(s, b);
		}
		fz_surface_commit(s);
	}
	return true;
}

static struct fz_surface *pick_toplevel(struct fz *fz) {
	struct fz_surface *s = fz_surface_pick(fz);
	return s != NULL && s->toplevel != NULL && !s->role_gone ? s : NULL;
}

struct wl_output *fz_pick_output(struct fz *fz) {
	struct wl_output *live[FZ_OUTPUTS];
	int n = 0;
	for (int i = 0; i < FZ_OUTPUTS; i++) {
		if (fz->outputs[i].output != NULL) {
			live[n++] = fz->outputs[i].output;
		}
	}
	uint32_t pick = fz_rng_below(&fz->rng, (uint32_t)n + 1);
	return pick < (uint32_t)n ? live[pick] : NULL;
}

bool fz_xdg_op_toplevel_state(struct fz *fz) {
	struct fz_surface *s = pick_toplevel(fz);
	if (s == NULL) {
		return false;
	}
	char buf[1024];
	struct xdg_toplevel *t = s->toplevel;
	int32_t w = fz_rng_range(&fz->rng, 0, 2000);
	int32_t h = fz_rng_range(&fz->rng, 0, 2000);
	switch (fz_rng_below(&fz->rng, 11)) {
	case 0:
		xdg_toplevel_set_title(t, fz_random_string(fz, buf, sizeof(buf)));
		fz_log(fz, "surface %u: set_title", s->id);
		break;
	case 1:
		xdg_toplevel_set_app_id(t, fz_random_string(fz, buf, sizeof(buf)));
		fz_log(fz, "surface %u: set_app_id", s->id);
		break;
	case 2:
		// At most the max, where there is one: wlroots 0.18 refuses a
		// commit with a max below the min (fuzz-errors.c's min-max).
		w = s->max_width != 0 && w > s->max_width ? s->max_width : w;
		h = s->max_height != 0 && h > s->max_height ? s->max_height : h;
		s->min_width = w;
		s->min_height = h;
		xdg_toplevel_set_min_size(t, w, h);
		fz_log(fz, "surface %u: set_min_size %dx%d", s->id, w, h);
		break;
	case 3:
		w = w != 0 && w < s->min_width ? s->min_width : w;
		h = h != 0 && h < s->min_height ? s->min_height : h;
		s->max_width = w;
		s->max_height = h;
		xdg_toplevel_set_max_size(t, w, h);
		fz_log(fz, "surface %u: set_max_size %dx%d", s->id, w, h);
		break;
	case 4:
		xdg_toplevel_set_maximized(t);
		fz_log(fz, "surface %u: set_maximized", s->id);
		break;
	case 5:
		xdg_toplevel_unset_maximized(t);
		fz_log(fz, "surface %u: unset_maximized", s->id);
		break;
	case 6: {
		struct wl_output *output = fz_pick_output(fz);
		xdg_toplevel_set_fullscreen(t, output);
		fz_log(fz, "surface %u: set_fullscreen %s", s->id,
				output ? "output" : "NULL");
		break;
	}
	case 7:
		xdg_toplevel_unset_fullscreen(t);
		fz_log(fz, "surface %u: unset_fullscreen", s->id);
		break;
	case 8:
		xdg_toplevel_set_minimized(t);
		fz_log(fz, "surface %u: set_minimized", s->id);
		break;
	default: {
		// Only an older toplevel may be the parent, which keeps the
		// chain free of loops; mapped or not (wlroots 0.15.1 listens
		// for the parent's unmap only, which a parent destroyed without
		// ever being mapped never sends, unless gridwl guards it).
		struct fz_surface *p = pick_toplevel(fz);
		bool ok = p != NULL && p->id < s->id;
		xdg_toplevel_set_parent(t, ok ? p->toplevel : NULL);
		fz_log(fz, "surface %u: set_parent %u", s->id, ok ? p->id : 0);
		break;
	}
	}
	if (fz_rng_chance(&fz->rng, 50)) {
		fz_surface_commit(s);
	}
	return true;
}

bool fz_xdg_op_geometry(struct fz *fz) {
	struct fz_surface *s = fz_surface_pick(fz);
	if (s == NULL || !role_alive(s) || s->xdg_surface == NULL) {
		return false;
	}
	int32_t x = fz_rng_range(&fz->rng, -50, 200);
	int32_t y = fz_rng_range(&fz->rng, -50, 200);
	int32_t w = fz_rng_range(&fz->rng, 1, 600);
	int32_t h = fz_rng_range(&fz->rng, 1, 600);
	xdg_surface_set_window_geometry(s->xdg_surface, x, y, w, h);
	fz_log(fz, "surface %u: set_window_geometry %d,%d %dx%d", s->id, x, y, w,
			h);
	if (fz_rng_chance(&fz->rng, 50)) {
		fz_surface_commit(s);
	}
	return true;
}

/* Destroys s's popup after the popups on it, topmost first, as wlroots
 * requires. */
static void destroy_popup_tree(struct fz *fz, struct fz_surface *s) {
	for (int i = 0; i < FZ_SURFACES; i++) {
		struct fz_surface *c = &fz->surfaces[i];
		if (c->surface != NULL && c->role == FZ_ROLE_POPUP &&
				c->parent_id == s->id && c->popup != NULL && c != s) {
			destroy_popup_tree(fz, c);
		}
	}
	if (s->popup != NULL) {
		fz_log(fz, "surface %u: popup destroy", s->id);
		xdg_popup_destroy(s->popup);
		s->popup = NULL;
		s->role_gone = true;
	}
}

static void destroy_role(struct fz *fz, struct fz_surface *s) {
	// Not role_alive(): the wl_surface may be gone already, in which case
	// wlroots dismissed the popups then.
	bool alive = !s->role_gone && (s->toplevel != NULL || s->popup != NULL);
	if (s->popup != NULL) {
		destroy_popup_tree(fz, s);
	}
	if (s->toplevel != NULL) {
		fz_log(fz, "surface %u: toplevel destroy", s->id);
		xdg_toplevel_destroy(s->toplevel);
		s->toplevel = NULL;
	}
	if (alive) {
		mark_dismissed(fz, s->id);
	}
	s->role_gone = true;
	s->mapped = s->configured = false;
	s->serial_count = 0;
}

bool fz_xdg_op_destroy_role(struct fz *fz) {
	struct fz_surface *s = fz_surface_pick(fz);
	if (s == NULL || (s->toplevel == NULL && s->popup == NULL)) {
		return false;
	}
	// (The xdg_surface before its role object is
	// xdg_surface.error.defunct_role_object in wlroots 0.18:
	// fuzz-errors.c's xdg-surface-before-role.)
	destroy_role(fz, s);
	if (s->xdg_surface != NULL && fz_rng_chance(&fz->rng, 30)) {
		fz_log(fz, "surface %u: xdg_surface destroy", s->id);
		xdg_surface_destroy(s->xdg_surface);
		s->xdg_surface = NULL;
	}
	return true;
}

static bool interactive(struct fz *fz, bool mapped) {
	struct fz_surface *s = pick_toplevel(fz);
	// wlroots 0.18: not_constructed (on the xdg_surface) before the first
	// configure; it does not check the serial.
	if (s == NULL || !s->configured || s->mapped != mapped ||
			fz->seat == NULL) {
		return false;
	}
	switch (fz_rng_below(&fz->rng, 3)) {
	case 0:
		xdg_toplevel_move(s->toplevel, fz->seat, fz->input_serial);
		fz_log(fz, "surface %u: move", s->id);
		break;
	case 1: {
		// Every valid edge. wlroots 0.18 refuses the rest (fuzz-errors.c's
		// resize-edge).
		static const uint32_t valid[] = { 0, 1, 2, 4, 5, 6, 8, 9, 10 };
		uint32_t edges = valid[fz_rng_below(&fz->rng, 9)];
		xdg_toplevel_resize(s->toplevel, fz->seat, fz->input_serial, edges);
		fz_log(fz, "surface %u: resize edges %u", s->id, edges);
		break;
	}
	default: {
		int32_t x = coordinate(fz, -50, 500), y = coordinate(fz, -50, 500);
		xdg_toplevel_show_window_menu(s->toplevel, fz->seat, fz->input_serial,
				x, y);
		fz_log(fz, "surface %u: show_window_menu %d,%d", s->id, x, y);
		break;
	}
	}
	return true;
}

bool fz_xdg_op_interactive(struct fz *fz) {
	return interactive(fz, true);
}

bool fz_xdg_op_interactive_unmapped(struct fz *fz) {
	// Configured, never shown: a grab on a window that may go without
	// ever unmapping.
	return interactive(fz, false);
}

void fz_xdg_destroy(struct fz_surface *s) {
	struct fz *fz = s->fz;
	if (s->toplevel != NULL || s->popup != NULL) {
		destroy_role(fz, s);
	}
	if (s->xdg_surface != NULL) {
		xdg_surface_destroy(s->xdg_surface);
		s->xdg_surface = NULL;
	}
}
