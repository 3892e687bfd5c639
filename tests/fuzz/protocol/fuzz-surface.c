#include <stdio.h>
#include <string.h>
#include <wayland-client.h>
#include "fuzz-protocol.h"
#include "viewporter-client-protocol.h"
#include "xdg-shell-client-protocol.h"

/*
 * wl_surface: attach (of live, busy and destroyed buffers), damage in both
 * coordinate spaces with any rectangle, buffer scale 1 to 4, every buffer
 * transform, frame callbacks, opaque and input regions, viewports and the
 * cursor role. fz_surface_commit keeps each commit acceptable: the scale
 * must divide the buffer, a viewport's source must lie within the buffer
 * it arrives with, and an xdg surface takes no buffer before its first
 * acknowledged configure.
 */

uint32_t fz_new_id(struct fz *fz) {
	return ++fz->next_id;
}

struct fz_surface *fz_surface_new(struct fz *fz) {
	for (int i = 0; i < FZ_SURFACES; i++) {
		struct fz_surface *s = &fz->surfaces[i];
		if (s->surface != NULL) {
			continue;
		}
		*s = (struct fz_surface){
			.fz = fz,
			.surface = wl_compositor_create_surface(fz->compositor),
			.id = fz_new_id(fz),
			.scale = 1,
			.pending_scale = 1,
		};
		// No listener: libwayland-client drops the events of a proxy
		// without one, and enter and leave are of no use here.
		return s;
	}
	return NULL;
}

struct fz_surface *fz_surface_pick(struct fz *fz) {
	struct fz_surface *live[FZ_SURFACES];
	int n = 0;
	for (int i = 0; i < FZ_SURFACES; i++) {
		if (fz->surfaces[i].surface != NULL) {
			live[n++] = &fz->surfaces[i];
		}
	}
	return n == 0 ? NULL : live[fz_rng_below(&fz->rng, (uint32_t)n)];
}

struct fz_surface *fz_surface_find(struct fz *fz, uint32_t id) {
	for (int i = 0; id != 0 && i < FZ_SURFACES; i++) {
		if (fz->surfaces[i].surface != NULL && fz->surfaces[i].id == id) {
			return &fz->surfaces[i];
		}
	}
	return NULL;
}

static void drop_callbacks(struct fz_surface *s) {
	for (int i = 0; i < s->callback_count; i++) {
		wl_callback_destroy(s->callbacks[i]);
	}
	s->callback_count = 0;
}

void fz_surface_destroy(struct fz_surface *s) {
	struct fz *fz = s->fz;
	// Half the time the wl_surface goes first, its viewport after it, and
	// the subsurfaces and popups made on it stay as they are: what a
	// careless client does, and what the compositor must take. Not before
	// a role object (xdg_surface, wl_subsurface, layer surface): that is
	// wl_surface.error.defunct_role_object, fuzz-errors.c's
	// surface-before-role.
	bool abrupt = s->xdg_surface == NULL && s->subsurface == NULL &&
			s->layer_surface == NULL && fz_rng_chance(&fz->rng, 50);
	fz_log(fz, "surface %u: destroy%s", s->id, abrupt ? " (abrupt)" : "");
	// Whatever its role, its popups do not outlive it: wlroots dismisses
	// them as it unmaps, gridwl's guard when it had no role to unmap.
	fz_surface_dismiss_popups(fz, s->id);
	if (abrupt) {
		wl_surface_destroy(s->surface);
		s->surface = NULL;
	}
	if (s->viewport != NULL) {
		wp_viewport_destroy(s->viewport);
	}
	if (s->subsurface != NULL) {
		wl_subsurface_destroy(s->subsurface);
	}
	fz_xdg_destroy(s);
	fz_layer_destroy(s);
	if (s->surface != NULL) {
		wl_surface_destroy(s->surface);
	}
	drop_callbacks(s);
	*s = (struct fz_surface){ 0 };
}

void fz_surface_destroy_all(struct fz *fz) {
	// Children first, so that nothing is left for wlroots to complain of
	// in a connection that goes on; at a disconnection it does not matter.
	for (int i = FZ_SURFACES - 1; i >= 0; i--) {
		struct fz_surface *s = &fz->surfaces[i];
		if (s->surface == NULL) {
			continue;
		}
		if (s->viewport != NULL) {
			wp_viewport_destroy(s->viewport);
		}
		if (s->subsurface != NULL) {
			wl_subsurface_destroy(s->subsurface);
		}
		drop_callbacks(s);
	}
	for (int i = FZ_SURFACES - 1; i >= 0; i--) {
		if (fz->surfaces[i].surface != NULL) {
			fz->surfaces[i].viewport = NULL;
			fz->surfaces[i].subsurface = NULL;
			fz_xdg_destroy(&fz->surfaces[i]);
			fz_layer_destroy(&fz->surfaces[i]);
		}
	}
	for (int i = 0; i < FZ_SURFACES; i++) {
		if (fz->surfaces[i].surface != NULL) {
			wl_surface_destroy(fz->surfaces[i].surface);
		}
		fz->surfaces[i] = (struct fz_surface){ 0 };
	}
}

/* A role configured before it maps: xdg toplevels and popups, layer
 * surfaces. */
static bool is_xdg(const struct fz_surface *s) {
	return s->role == FZ_ROLE_TOPLEVEL || s->role == FZ_ROLE_POPUP ||
			s->role == FZ_ROLE_LAYER;
}

/* Whether the scale divides the buffer as the transform turns it. */
static bool scale_fits(int32_t width, int32_t height, int32_t transform,
		int32_t scale) {
	if (transform & WL_OUTPUT_TRANSFORM_90) {
		int32_t t = width;
		width = height;
		height = t;
	}
	return width % scale == 0 && height % scale == 0;
}

/* Popups of s (and theirs) that wlroots dismisses when s unmaps. */
void fz_surface_dismiss_popups(struct fz *fz, uint32_t id) {
	for (int i = 0; i < FZ_SURFACES; i++) {
		struct fz_surface *c = &fz->surfaces[i];
		if (c->surface != NULL && c->role == FZ_ROLE_POPUP &&
				c->parent_id == id && c->popup != NULL && !c->role_gone) {
			c->role_gone = true;
			fz_surface_dismiss_popups(fz, c->id);
		}
	}
}

void fz_surface_attached(struct fz_surface *s, struct fz_buffer *b) {
	struct fz *fz = s->fz;
	s->attach_pending = true;
	s->pending_buffer_id = b != NULL ? b->id : 0;
	s->pending_width = b != NULL ? b->width : 0;
	s->pending_height = b != NULL ? b->height : 0;
	if (b != NULL) {
		fz_shm_pin(fz, b);
	}
	// wlroots 0.15 checks a viewport's source against the pending buffer
	// whenever the surface's state is applied, which for a synchronized
	// subsurface is at its parent's commit, before it commits itself: the
	// source must fit the pending buffer at all times.
	if (b != NULL && s->viewport != NULL && s->viewport_src &&
			(s->src_x + s->src_width > b->width ||
					s->src_y + s->src_height > b->height)) {
		wp_viewport_set_source(s->viewport, wl_fixed_from_int(-1),
				wl_fixed_from_int(-1), wl_fixed_from_int(-1),
				wl_fixed_from_int(-1));
		s->viewport_src = false;
		fz_log(fz, "surface %u: viewport unset source, too big for buffer %u",
				s->id, b->id);
	}
}

void fz_surface_commit(struct fz_surface *s) {
	struct fz *fz = s->fz;
	if (s->layer_surface != NULL) {
		fz->layers_unsettled = true;
	}
	bool attach = s->attach_pending;
	bool will_have = attach ? s->pending_buffer_id != 0 : s->has_buffer;
	int32_t width = attach ? s->pending_width : s->buffer_width;
	int32_t height = attach ? s->pending_height : s->buffer_height;
	if (is_xdg(s) && !s->configured && will_have) {
		wl_surface_attach(s->surface, NULL, 0, 0);
		attach = true;
		will_have = false;
		s->pending_buffer_id = 0;
	}
	if (will_have &&
			!scale_fits(width, height, s->pending_transform,
					s->pending_scale)) {
		int32_t fits[4], n = 0;
		for (int32_t scale = 1; scale <= 4; scale++) {
			if (scale_fits(width, height, s->pending_transform, scale)) {
				fits[n++] = scale;
			}
		}
		s->pending_scale = fits[fz_rng_below(&fz->rng, (uint32_t)n)];
		wl_surface_set_buffer_scale(s->surface, s->pending_scale);
	}
	if (s->viewport != NULL && s->viewport_src && will_have) {
		// wlroots 0.15 checks the source against the buffer as it is;
		// the protocol against the surface, after transform and scale:
		// keep within both.
		int32_t lw = width, lh = height;
		if (s->pending_transform & WL_OUTPUT_TRANSFORM_90) {
			lw = height;
			lh = width;
		}
		lw /= s->pending_scale;
		lh /= s->pending_scale;
		int32_t max_w = lw < width ? lw : width;
		int32_t max_h = lh < height ? lh : height;
		// The compositor only checks a source that arrives with a
		// buffer; one that outgrows an older buffer is left alone now
		// and then, since the compositor must cope with it.
		bool checked = attach || !fz_rng_chance(&fz->rng, 20);
		if (checked &&
				(s->src_x + s->src_width > max_w ||
						s->src_y + s->src_height > max_h)) {
			wp_viewport_set_source(s->viewport, wl_fixed_from_int(-1),
					wl_fixed_from_int(-1), wl_fixed_from_int(-1),
					wl_fixed_from_int(-1));
			s->viewport_src = false;
		}
	}
	wl_surface_commit(s->surface);
	fz_log(fz, "surface %u: commit%s buffer=%d %dx%d scale %d transform %d",
			s->id, attach ? " attach" : "", will_have, width, height,
			s->pending_scale, s->pending_transform);

	bool unmapping = is_xdg(s) && s->mapped && !will_have;
	if (attach) {
		s->has_buffer = will_have;
		s->buffer_width = width;
		s->buffer_height = height;
		struct fz_buffer *b = fz_shm_find_buffer(fz, s->pending_buffer_id);
		if (b != NULL) {
			b->busy = true;
		}
	}
	s->attach_pending = false;
	s->scale = s->pending_scale;
	s->transform = s->pending_transform;
	if (!is_xdg(s) || s->role_gone) {
		return;
	}
	if (s->role == FZ_ROLE_POPUP) {
		s->popup_committed = true;
	}
	if (unmapping) {
		// wlroots forgets the configures it sent and dismisses the
		// popups; the next commit starts the surface over.
		s->mapped = s->configured = s->initial_commit = false;
		s->serial_count = 0;
		fz_surface_dismiss_popups(fz, s->id);
	} else if (!s->initial_commit) {
		s->initial_commit = true;
	} else if (s->configured && will_have) {
		s->mapped = true;
	}
}

bool fz_surface_committable(const struct fz_surface *s) {
	// An xdg_surface without a role object may not commit (wlroots:
	// not_constructed), and one whose role object is gone is left alone.
	return !(is_xdg(s) && s->role_gone) &&
			!(s->xdg_surface != NULL && s->role == FZ_ROLE_NONE);
}

static struct fz_surface *pick_committable(struct fz *fz) {
	struct fz_surface *s = fz_surface_pick(fz);
	return s != NULL && fz_surface_committable(s) ? s : NULL;
}

bool fz_surface_op_create(struct fz *fz) {
	struct fz_surface *s = fz_surface_new(fz);
	if (s != NULL) {
		fz_log(fz, "surface %u: create", s->id);
	}
	return s != NULL;
}

bool fz_surface_op_destroy(struct fz *fz) {
	struct fz_surface *s = fz_surface_pick(fz);
	if (s == NULL) {
		return false;
	}
	fz_surface_destroy(s);
	return true;
}

bool fz_surface_op_attach(struct fz *fz) {
	struct fz_surface *s = pick_committable(fz);
	if (s == NULL) {
		return false;
	}
	struct fz_buffer *b =
			fz_rng_chance(&fz->rng, 15) ? NULL : fz_shm_pick_buffer(fz);
	if (b == NULL) {
		wl_surface_attach(s->surface, NULL, 0, 0);
	} else {
		// Version 4 still takes an offset with attach.
		int32_t dx = fz_rng_chance(&fz->rng, 80) ?
				0 :
				fz_rng_range(&fz->rng, -64, 64);
		int32_t dy = fz_rng_chance(&fz->rng, 80) ?
				0 :
				fz_rng_range(&fz->rng, -64, 64);
		wl_surface_attach(s->surface, b->buffer, dx, dy);
	}
	fz_surface_attached(s, b);
	fz_log(fz, "surface %u: attach buffer %u", s->id, s->pending_buffer_id);
	if (fz_rng_chance(&fz->rng, 60)) {
		fz_surface_commit(s);
	}
	return true;
}

/* A rectangle: mostly inside a few hundred pixels, sometimes anything an
 * int32 holds, which the compositor must clip without overflowing. */
static void random_rect(struct fz *fz, int32_t r[4]) {
	if (fz_rng_chance(&fz->rng, 5)) {
		for (int i = 0; i < 4; i++) {
			r[i] = (int32_t)(uint32_t)fz_rng_next(&fz->rng);
		}
		return;
	}
	r[0] = fz_rng_range(&fz->rng, -50, 400);
	r[1] = fz_rng_range(&fz->rng, -50, 400);
	r[2] = fz_rng_range(&fz->rng, 0, 500);
	r[3] = fz_rng_range(&fz->rng, 0, 500);
}

bool fz_surface_op_damage(struct fz *fz) {
	struct fz_surface *s = pick_committable(fz);
	if (s == NULL) {
		return false;
	}
	int count = fz_rng_range(&fz->rng, 1, 4);
	for (int i = 0; i < count; i++) {
		int32_t r[4];
		random_rect(fz, r);
		bool buffer = wl_compositor_get_version(fz->compositor) >=
						WL_SURFACE_DAMAGE_BUFFER_SINCE_VERSION &&
				fz_rng_chance(&fz->rng, 50);
		if (buffer) {
			wl_surface_damage_buffer(s->surface, r[0], r[1], r[2], r[3]);
		} else {
			wl_surface_damage(s->surface, r[0], r[1], r[2], r[3]);
		}
		fz_log(fz, "surface %u: damage%s %d,%d %dx%d", s->id,
				buffer ? "_buffer" : "", r[0], r[1], r[2], r[3]);
	}
	if (fz_rng_chance(&fz->rng, 50)) {
		fz_surface_commit(s);
	}
	return true;
}

bool fz_surface_op_scale(struct fz *fz) {
	struct fz_surface *s = pick_committable(fz);
	if (s == NULL) {
		return false;
	}
	s->pending_scale = fz_rng_range(&fz->rng, 1, 4);
	wl_surface_set_buffer_scale(s->surface, s->pending_scale);
	fz_log(fz, "surface %u: set_buffer_scale %d", s->id, s->pending_scale);
	if (fz_rng_chance(&fz->rng, 50)) {
		fz_surface_commit(s);
	}
	return true;
}

bool fz_surface_op_transform(struct fz *fz) {
	struct fz_surface *s = pick_committable(fz);
	if (s == NULL) {
		return false;
	}
	s->pending_transform = fz_rng_range(&fz->rng, WL_OUTPUT_TRANSFORM_NORMAL,
			WL_OUTPUT_TRANSFORM_FLIPPED_270);
	wl_surface_set_buffer_transform(s->surface, s->pending_transform);
	fz_log(fz, "surface %u: set_buffer_transform %d", s->id,
			s->pending_transform);
	if (fz_rng_chance(&fz->rng, 50)) {
		fz_surface_commit(s);
	}
	return true;
}

static void frame_done(void *data, struct wl_callback *callback,
		uint32_t time) {
	struct fz_surface *s = data;
	s->fz->stats.frames++;
	for (int i = 0; i < s->callback_count; i++) {
		if (s->callbacks[i] == callback) {
			s->callbacks[i] = s->callbacks[--s->callback_count];
			break;
		}
	}
	wl_callback_destroy(callback);
}

static const struct wl_callback_listener frame_listener = {
	.done = frame_done,
};

bool fz_surface_op_frame(struct fz *fz) {
	struct fz_surface *s = pick_committable(fz);
	if (s == NULL || s->callback_count == FZ_CALLBACKS) {
		return false;
	}
	struct wl_callback *callback = wl_surface_frame(s->surface);
	wl_callback_add_listener(callback, &frame_listener, s);
	s->callbacks[s->callback_count++] = callback;
	fz_log(fz, "surface %u: frame", s->id);
	// A commit with nothing but a frame callback must still be answered.
	if (fz_rng_chance(&fz->rng, 70)) {
		fz_surface_commit(s);
	}
	return true;
}

/* count rectangles added or subtracted at random. */
static struct wl_region *random_region(struct fz *fz, int count) {
	struct wl_region *region = wl_compositor_create_region(fz->compositor);
	for (int i = 0; i < count; i++) {
		int32_t r[4];
		random_rect(fz, r);
		if (i == 0 || fz_rng_chance(&fz->rng, 70)) {
			wl_region_add(region, r[0], r[1], r[2], r[3]);
		} else {
			wl_region_subtract(region, r[0], r[1], r[2], r[3]);
		}
	}
	return region;
}

bool fz_surface_op_regions(struct fz *fz) {
	struct fz_surface *s = pick_committable(fz);
	if (s == NULL) {
		return false;
	}
	bool opaque = fz_rng_chance(&fz->rng, 50);
	// Several rectangles, then an opaque-format buffer: what wlroots
	// 0.15.1 leaks unless gridwl guards it.
	int count = fz_rng_range(&fz->rng, 0, 5);
	// NULL means infinite (input) or empty (opaque); a region may be
	// destroyed once set, the surface keeps a copy.
	struct wl_region *region =
			fz_rng_chance(&fz->rng, 20) ? NULL : random_region(fz, count);
	if (opaque) {
		wl_surface_set_opaque_region(s->surface, region);
	} else {
		wl_surface_set_input_region(s->surface, region);
	}
	fz_log(fz, "surface %u: set_%s_region %s", s->id,
			opaque ? "opaque" : "input", region ? "region" : "NULL");
	if (region != NULL) {
		wl_region_destroy(region);
	}
	if (fz_rng_chance(&fz->rng, 50)) {
		fz_surface_commit(s);
	}
	return true;
}

bool fz_surface_op_commit(struct fz *fz) {
	struct fz_surface *s = pick_committable(fz);
	if (s == NULL) {
		return false;
	}
	fz_surface_commit(s);
	return true;
}

bool fz_surface_op_viewport(struct fz *fz) {
	struct fz_surface *s = pick_committable(fz);
	if (s == NULL || fz->viewporter == NULL) {
		return false;
	}
	if (s->viewport == NULL) {
		s->viewport = wp_viewporter_get_viewport(fz->viewporter, s->surface);
		s->viewport_src = false;
		fz_log(fz, "surface %u: get_viewport", s->id);
		return true;
	}
	switch (fz_rng_below(&fz->rng, 5)) {
	case 0:
		// Integer sizes only: a fractional one without a destination is
		// a protocol error, and the destination may be unset later.
		s->src_x = fz_rng_range(&fz->rng, 0, 100);
		s->src_y = fz_rng_range(&fz->rng, 0, 100);
		s->src_width = fz_rng_range(&fz->rng, 1, 200);
		s->src_height = fz_rng_range(&fz->rng, 1, 200);
		if (s->attach_pending && s->pending_buffer_id != 0 &&
				(s->src_x + s->src_width > s->pending_width ||
						s->src_y + s->src_height > s->pending_height)) {
			// Within the pending buffer (see fz_surface_attached).
			s->src_x = s->src_y = 0;
			s->src_width = s->pending_width;
			s->src_height = s->pending_height;
		}
		s->viewport_src = true;
		wp_viewport_set_source(s->viewport, wl_fixed_from_int(s->src_x),
				wl_fixed_from_int(s->src_y), wl_fixed_from_int(s->src_width),
				wl_fixed_from_int(s->src_height));
		fz_log(fz, "surface %u: viewport set_source %d,%d %dx%d", s->id,
				s->src_x, s->src_y, s->src_width, s->src_height);
		break;
	case 1:
		s->viewport_src = false;
		wp_viewport_set_source(s->viewport, wl_fixed_from_int(-1),
				wl_fixed_from_int(-1), wl_fixed_from_int(-1),
				wl_fixed_from_int(-1));
		fz_log(fz, "surface %u: viewport unset source", s->id);
		break;
	case 2: {
		int32_t w = fz_rng_range(&fz->rng, 1, 700);
		int32_t h = fz_rng_range(&fz->rng, 1, 700);
		wp_viewport_set_destination(s->viewport, w, h);
		fz_log(fz, "surface %u: viewport set_destination %dx%d", s->id, w, h);
		break;
	}
	case 3:
		wp_viewport_set_destination(s->viewport, -1, -1);
		fz_log(fz, "surface %u: viewport unset destination", s->id);
		break;
	default:
		wp_viewport_destroy(s->viewport);
		s->viewport = NULL;
		s->viewport_src = false;
		fz_log(fz, "surface %u: viewport destroy", s->id);
		break;
	}
	if (fz_rng_chance(&fz->rng, 50)) {
		fz_surface_commit(s);
	}
	return true;
}

bool fz_surface_op_cursor(struct fz *fz) {
	if (fz->input.pointer == NULL) {
		return false;
	}
	struct fz_surface *s = fz_surface_pick(fz);
	if (fz_rng_chance(&fz->rng, 20) || s == NULL) {
		wl_pointer_set_cursor(fz->input.pointer, fz->input_serial, NULL, 0, 0);
		fz_log(fz, "pointer: set_cursor NULL");
		return true;
	}
	if ((s->role != FZ_ROLE_NONE && s->role != FZ_ROLE_CURSOR) ||
			s->xdg_surface != NULL) {
		return false;
	}
	int32_t hx = fz_rng_range(&fz->rng, -8, 40);
	int32_t hy = fz_rng_range(&fz->rng, -8, 40);
	wl_pointer_set_cursor(fz->input.pointer, fz->input_serial, s->surface, hx,
			hy);
	s->role = FZ_ROLE_CURSOR;
	fz_log(fz, "pointer: set_cursor surface %u hotspot %d,%d", s->id, hx, hy);
	return true;
}
