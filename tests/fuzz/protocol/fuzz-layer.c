#include <stdio.h>
#include <wayland-client.h>
#include "fuzz-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

/*
 * wlr-layer-shell: layer surfaces on random outputs (or none) and layers,
 * with random anchors, sizes, margins, exclusive zones and keyboard
 * interactivity, changed at any time; configured, acknowledged (in
 * fuzz-xdg.c's ack), mapped, unmapped and destroyed like xdg surfaces, with
 * popups (fuzz-xdg.c's popup op takes them as parents). Every size is kept
 * valid with its anchors; a compositor that closes a surface (no room, its
 * output gone) ends its role.
 */

static void layer_configure(void *data,
		struct zwlr_layer_surface_v1 *layer_surface, uint32_t serial,
		uint32_t width, uint32_t height) {
	fz_surface_configured(data, serial);
}

static void layer_closed(void *data,
		struct zwlr_layer_surface_v1 *layer_surface) {
	struct fz_surface *s = data;
	fz_log(s->fz, "surface %u: layer surface closed", s->id);
	s->role_gone = true;
	fz_surface_dismiss_popups(s->fz, s->id);
}

static const struct zwlr_layer_surface_v1_listener layer_listener = {
	.configure = layer_configure,
	.closed = layer_closed,
};

static int32_t margin(struct fz *fz) {
	// Mostly small; now and then enough to leave no room at all.
	return fz_rng_chance(&fz->rng, 5) ? (int32_t)(fz_rng_next(&fz->rng) >> 33) :
										fz_rng_range(&fz->rng, -20, 200);
}

/* New anchors and size, valid together: a 0 only with both anchors of its
 * axis. */
static void set_geometry(struct fz *fz, struct fz_surface *s) {
	const uint32_t horizontal = ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT |
			ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT;
	const uint32_t vertical = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP |
			ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM;
	uint32_t anchor = fz_rng_below(&fz->rng, 16);
	// Sometimes huge, but within INT32_MAX: wlroots 0.18 answers more with
	// an implementation error (fuzz-errors.c's layer-size).
	uint32_t width = fz_rng_chance(&fz->rng, 3) ?
			(uint32_t)fz_rng_next(&fz->rng) >> 1 :
			fz_rng_below(&fz->rng, 2000);
	uint32_t height = fz_rng_chance(&fz->rng, 3) ?
			(uint32_t)fz_rng_next(&fz->rng) >> 1 :
			fz_rng_below(&fz->rng, 2000);
	if (width == 0 && (anchor & horizontal) != horizontal) {
		width = 1;
	}
	if (height == 0 && (anchor & vertical) != vertical) {
		height = 1;
	}
	if (fz_rng_chance(&fz->rng, 30)) {
		// A panel or a wallpaper: stretched along an edge or everywhere.
		anchor |= horizontal;
		width = 0;
	}
	zwlr_layer_surface_v1_set_anchor(s->layer_surface, anchor);
	zwlr_layer_surface_v1_set_size(s->layer_surface, width, height);
	s->layer_anchor = anchor;
	s->layer_width = width;
	s->layer_height = height;
	fz_log(fz, "surface %u: layer anchor %u size %ux%u", s->id, anchor, width,
			height);
}

static void set_something(struct fz *fz, struct fz_surface *s) {
	switch (fz_rng_below(&fz->rng, 6)) {
	case 0:
		set_geometry(fz, s);
		break;
	case 1: {
		int32_t zone = fz_rng_chance(&fz->rng, 5) ?
				(int32_t)fz_rng_next(&fz->rng) :
				fz_rng_range(&fz->rng, -1, 120);
		zwlr_layer_surface_v1_set_exclusive_zone(s->layer_surface, zone);
		fz_log(fz, "surface %u: layer exclusive zone %d", s->id, zone);
		break;
	}
	case 2: {
		int32_t t = margin(fz), r = margin(fz), b = margin(fz), l = margin(fz);
		zwlr_layer_surface_v1_set_margin(s->layer_surface, t, r, b, l);
		fz_log(fz, "surface %u: layer margin %d %d %d %d", s->id, t, r, b, l);
		break;
	}
	case 3: {
		uint32_t mode = fz_rng_below(&fz->rng, 3);
		zwlr_layer_surface_v1_set_keyboard_interactivity(s->layer_surface,
				mode);
		fz_log(fz, "surface %u: layer keyboard %u", s->id, mode);
		break;
	}
	case 4: {
		uint32_t layer = fz_rng_below(&fz->rng, 4);
		zwlr_layer_surface_v1_set_layer(s->layer_surface, layer);
		fz_log(fz, "surface %u: layer set_layer %u", s->id, layer);
		break;
	}
	default:
		// Unchanged values, which wlroots marks as no change.
		zwlr_layer_surface_v1_set_anchor(s->layer_surface, s->layer_anchor);
		zwlr_layer_surface_v1_set_size(s->layer_surface, s->layer_width,
				s->layer_height);
		fz_log(fz, "surface %u: layer same geometry", s->id);
	}
}

bool fz_layer_op_create(struct fz *fz) {
	if (fz->layer_shell == NULL) {
		return false;
	}
	struct fz_surface *s = fz_surface_for_role(fz);
	if (s == NULL) {
		return false;
	}
	char buf[256];
	uint32_t layer = fz_rng_below(&fz->rng, 4);
	struct wl_output *output = fz_pick_output(fz);
	fz->layers_unsettled = true;
	s->layer_surface = zwlr_layer_shell_v1_get_layer_surface(fz->layer_shell,
			s->surface, output, layer,
			fz_rng_chance(&fz->rng, 50) ?
					"protocol-fuzz" :
					fz_random_string(fz, buf, sizeof(buf)));
	zwlr_layer_surface_v1_add_listener(s->layer_surface, &layer_listener, s);
	s->role = FZ_ROLE_LAYER;
	fz_reset_role_state(s);
	fz_log(fz, "surface %u: layer surface on layer %u%s", s->id, layer,
			output != NULL ? "" : ", no output");
	// The protocol's default size is 0x0, which needs all four anchors.
	set_geometry(fz, s);
	int extra = (int)fz_rng_below(&fz->rng, 4);
	for (int i = 0; i < extra; i++) {
		set_something(fz, s);
	}
	if (fz_rng_chance(&fz->rng, 80)) {
		fz_surface_commit(s);
	}
	return true;
}

static struct fz_surface *pick_layer(struct fz *fz) {
	struct fz_surface *s = fz_surface_pick(fz);
	return s != NULL && s->layer_surface != NULL ? s : NULL;
}

bool fz_layer_op_state(struct fz *fz) {
	struct fz_surface *s = pick_layer(fz);
	if (s == NULL) {
		return false;
	}
	// A closed surface takes requests and ignores them.
	set_something(fz, s);
	if (!s->role_gone && fz_rng_chance(&fz->rng, 60)) {
		fz_surface_commit(s);
	}
	return true;
}

void fz_layer_ack(struct fz_surface *s, uint32_t serial) {
	zwlr_layer_surface_v1_ack_configure(s->layer_surface, serial);
}

void fz_layer_destroy(struct fz_surface *s) {
	// Mapped or not, its popups are dismissed as it goes (wlroots does it
	// for a mapped one, gridwl's guard for the others).
	if (s->role == FZ_ROLE_LAYER) {
		fz_surface_dismiss_popups(s->fz, s->id);
	}
	if (s->layer_surface != NULL) {
		zwlr_layer_surface_v1_destroy(s->layer_surface);
		s->layer_surface = NULL;
	}
}

bool fz_layer_op_destroy(struct fz *fz) {
	struct fz_surface *s = pick_layer(fz);
	if (s == NULL) {
		return false;
	}
	// The wl_surface keeps its role: it can have no other one now.
	fz_log(fz, "surface %u: layer surface destroy", s->id);
	fz_layer_destroy(s);
	s->role_gone = true;
	s->mapped = false;
	return true;
}
