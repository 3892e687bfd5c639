#include <wayland-client.h>
#include "fuzz-protocol.h"

/*
 * wl_subsurface: trees of subsurfaces under any surface (windows, popups,
 * cursors, other subsurfaces), moved about (anywhere an int32 reaches),
 * restacked, switched between synchronized and desynchronized, and destroyed from
 * either end: a parent destroyed before its children leaves them orphans
 * whose wl_subsurface still takes requests. wlroots 0.18 makes such a
 * wl_subsurface inert and ignores them all, place_above and place_below
 * of any surface included (types/wlr_subcompositor.c); its wl_surface is
 * still its role object's, so it goes after the wl_subsurface.
 */

/* Whether making child a subsurface of parent would close a loop. */
static bool is_ancestor(struct fz *fz, const struct fz_surface *child,
		const struct fz_surface *parent) {
	const struct fz_surface *s = parent;
	for (int depth = 0; s != NULL && depth <= FZ_SURFACES; depth++) {
		if (s == child) {
			return true;
		}
		if (s->role != FZ_ROLE_SUBSURFACE || s->subsurface == NULL) {
			return false;
		}
		s = fz_surface_find(fz, s->parent_id);
	}
	return false;
}

bool fz_subsurface_op_create(struct fz *fz) {
	if (fz->subcompositor == NULL) {
		return false;
	}
	struct fz_surface *child = fz_surface_pick(fz);
	struct fz_surface *parent = fz_surface_pick(fz);
	if (child == NULL || parent == NULL || child == parent) {
		return false;
	}
	// A surface that was a subsurface may become one again once its
	// wl_subsurface is gone; any other role is for life.
	if (child->subsurface != NULL || child->xdg_surface != NULL ||
			(child->role != FZ_ROLE_NONE &&
					child->role != FZ_ROLE_SUBSURFACE) ||
			is_ancestor(fz, child, parent)) {
		return false;
	}
	child->subsurface = wl_subcompositor_get_subsurface(fz->subcompositor,
			child->surface, parent->surface);
	child->role = FZ_ROLE_SUBSURFACE;
	child->parent_id = parent->id;
	fz_log(fz, "surface %u: subsurface of %u", child->id, parent->id);
	if (fz_rng_chance(&fz->rng, 50)) {
		fz_surface_commit(child);
	}
	return true;
}

static struct fz_surface *pick_subsurface(struct fz *fz) {
	struct fz_surface *s = fz_surface_pick(fz);
	return s != NULL && s->subsurface != NULL ? s : NULL;
}

bool fz_subsurface_op_position(struct fz *fz) {
	struct fz_surface *s = pick_subsurface(fz);
	if (s == NULL) {
		return false;
	}
	int32_t x, y;
	// Now and then far out, where sums overflow if nobody is careful.
	if (fz_rng_chance(&fz->rng, 5)) {
		x = (int32_t)(uint32_t)fz_rng_next(&fz->rng);
		y = (int32_t)(uint32_t)fz_rng_next(&fz->rng);
	} else {
		x = fz_rng_range(&fz->rng, -300, 600);
		y = fz_rng_range(&fz->rng, -300, 600);
	}
	wl_subsurface_set_position(s->subsurface, x, y);
	fz_log(fz, "surface %u: subsurface set_position %d,%d", s->id, x, y);
	// The position applies with the parent's next commit.
	struct fz_surface *parent = fz_surface_find(fz, s->parent_id);
	if (parent != NULL && fz_rng_chance(&fz->rng, 50) &&
			fz_surface_committable(parent)) {
		fz_surface_commit(parent);
	}
	return true;
}

bool fz_subsurface_op_restack(struct fz *fz) {
	struct fz_surface *s = pick_subsurface(fz);
	if (s == NULL) {
		return false;
	}
	struct fz_surface *parent = fz_surface_find(fz, s->parent_id);
	if (parent == NULL) {
		// An orphan: inert, so that any surface will do, none being a
		// sibling.
		struct fz_surface *stranger = fz_surface_pick(fz);
		bool above = fz_rng_chance(&fz->rng, 50);
		if (above) {
			wl_subsurface_place_above(s->subsurface, stranger->surface);
		} else {
			wl_subsurface_place_below(s->subsurface, stranger->surface);
		}
		fz_log(fz, "surface %u: orphan place_%s %u", s->id,
				above ? "above" : "below", stranger->id);
		return true;
	}
	// The parent itself or another live subsurface of it.
	struct fz_surface *siblings[FZ_SURFACES];
	int n = 0;
	siblings[n++] = parent;
	for (int i = 0; i < FZ_SURFACES; i++) {
		struct fz_surface *o = &fz->surfaces[i];
		if (o != s && o->surface != NULL && o->subsurface != NULL &&
				o->parent_id == s->parent_id) {
			siblings[n++] = o;
		}
	}
	struct fz_surface *sibling = siblings[fz_rng_below(&fz->rng, (uint32_t)n)];
	bool above = fz_rng_chance(&fz->rng, 50);
	if (above) {
		wl_subsurface_place_above(s->subsurface, sibling->surface);
	} else {
		wl_subsurface_place_below(s->subsurface, sibling->surface);
	}
	fz_log(fz, "surface %u: place_%s %u", s->id, above ? "above" : "below",
			sibling->id);
	return true;
}

bool fz_subsurface_op_sync(struct fz *fz) {
	struct fz_surface *s = pick_subsurface(fz);
	if (s == NULL) {
		return false;
	}
	bool sync = fz_rng_chance(&fz->rng, 50);
	if (sync) {
		wl_subsurface_set_sync(s->subsurface);
	} else {
		// Desynchronizing applies whatever the child had cached.
		wl_subsurface_set_desync(s->subsurface);
	}
	fz_log(fz, "surface %u: set_%s", s->id, sync ? "sync" : "desync");
	return true;
}

bool fz_subsurface_op_destroy(struct fz *fz) {
	struct fz_surface *s = pick_subsurface(fz);
	if (s == NULL) {
		return false;
	}
	// The wl_surface stays, unmapped, with the subsurface role.
	wl_subsurface_destroy(s->subsurface);
	s->subsurface = NULL;
	s->parent_id = 0;
	fz_log(fz, "surface %u: subsurface destroy", s->id);
	return true;
}
