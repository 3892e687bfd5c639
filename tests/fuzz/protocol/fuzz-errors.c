#define _GNU_SOURCE // memfd_create
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "fuzz-protocol.h"
#include "viewporter-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "wlr-output-management-unstable-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

/*
 * Deliberate protocol errors, each with the error the compositor must
 * answer it with (interface of the object it is posted on, code). A
 * protocol error is the right answer to a bad request; the fuzzer counts
 * that it came, then reconnects. A bad request let through is counted too.
 * The codes and interfaces are wlroots 0.18.2's (types/wlr_shm.c,
 * types/wlr_compositor.c, types/wlr_subcompositor.c, types/xdg_shell/,
 * types/wlr_layer_shell_v1.c).
 *
 * Each case makes its own objects and sends the bad request last; what it
 * made is destroyed after the answer (fz_error_cleanup), since an error on
 * an object already destroyed on our side would not say which object it
 * was on. If the compositor let the request through, the destroys are
 * valid ones.
 */

struct expect {
	const char *interface;
	uint32_t code;
};

#define LATER_MAX 32

static struct {
	void (*destroy)(void *proxy);
	void *proxy;
} later[LATER_MAX];
static int later_count;

#define DESTROYER(type) \
	static void destroy_##type(void *proxy) { \
		type##_destroy(proxy); \
	}
DESTROYER(wl_surface)
DESTROYER(wl_buffer)
DESTROYER(wl_shm_pool)
DESTROYER(wl_subsurface)
DESTROYER(xdg_surface)
DESTROYER(xdg_toplevel)
DESTROYER(xdg_popup)
DESTROYER(wp_viewport)
DESTROYER(zwlr_output_configuration_v1)
DESTROYER(xdg_positioner)
DESTROYER(zwlr_output_configuration_head_v1)
DESTROYER(zwlr_layer_surface_v1)

/* Destroyed by fz_error_cleanup, the last deferred first: children are
 * made after their parents. */
#define LATER(type, proxy) defer(destroy_##type, (proxy))

static void *defer(void (*destroy)(void *proxy), void *proxy) {
	if (later_count == LATER_MAX) {
		// Not with the cases below; destroying at once is correct too.
		destroy(proxy);
		return proxy;
	}
	later[later_count].destroy = destroy;
	later[later_count].proxy = proxy;
	later_count++;
	return proxy;
}

/* For a proxy the case destroys itself, as its bad request. */
static void undefer(void *proxy) {
	for (int i = 0; i < later_count; i++) {
		if (later[i].proxy == proxy) {
			memmove(&later[i], &later[i + 1],
					sizeof(later[0]) * (size_t)(later_count - i - 1));
			later_count--;
			return;
		}
	}
}

void fz_error_cleanup(struct fz *fz) {
	while (later_count > 0) {
		later_count--;
		later[later_count].destroy(later[later_count].proxy);
	}
}

static struct wl_surface *surface(struct fz *fz) {
	return LATER(wl_surface, wl_compositor_create_surface(fz->compositor));
}

/* An ARGB8888 buffer of width x height in a pool of its own. */
static struct wl_buffer *buffer(struct fz *fz, int32_t width, int32_t height) {
	int32_t size = width * height * 4;
	int fd = memfd_create("protocol-fuzz-error", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, size) != 0) {
		if (fd >= 0) {
			close(fd);
		}
		return NULL;
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(fz->shm, fd, size);
	struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, width, height,
			width * 4, WL_SHM_FORMAT_ARGB8888);
	// The buffer keeps the memory; libwayland sent a copy of the fd.
	wl_shm_pool_destroy(pool);
	close(fd);
	return LATER(wl_buffer, b);
}

/* The last configure serial of the case's toplevel; static, since its
 * configure may come after the case returned. */
static uint32_t last_serial;

static void remember_serial(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	last_serial = serial;
}

static const struct xdg_surface_listener remember_listener = {
	.configure = remember_serial,
};

struct toplevel {
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
};

/* An xdg toplevel, optionally committed once and its configure awaited
 * (last_serial). */
static void toplevel_make(struct fz *fz, struct toplevel *t, bool commit) {
	last_serial = 0;
	t->surface = surface(fz);
	t->xdg_surface = LATER(xdg_surface,
			xdg_wm_base_get_xdg_surface(fz->wm_base, t->surface));
	xdg_surface_add_listener(t->xdg_surface, &remember_listener, NULL);
	t->toplevel = LATER(xdg_toplevel, xdg_surface_get_toplevel(t->xdg_surface));
	if (commit) {
		wl_surface_commit(t->surface);
		fz_roundtrip(fz, true);
	}
}

struct popup {
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_popup *popup;
};

static void popup_make(struct fz *fz, struct popup *pp,
		struct xdg_surface *parent) {
	struct xdg_positioner *p = xdg_wm_base_create_positioner(fz->wm_base);
	xdg_positioner_set_size(p, 20, 20);
	xdg_positioner_set_anchor_rect(p, 0, 0, 5, 5);
	pp->surface = surface(fz);
	pp->xdg_surface = LATER(xdg_surface,
			xdg_wm_base_get_xdg_surface(fz->wm_base, pp->surface));
	pp->popup =
			LATER(xdg_popup, xdg_surface_get_popup(pp->xdg_surface, parent, p));
	xdg_positioner_destroy(p);
}

static bool scale_zero(struct fz *fz, struct expect *e) {
	struct wl_surface *s = surface(fz);
	int32_t scale = fz_rng_chance(&fz->rng, 50) ?
			0 :
			-fz_rng_range(&fz->rng, 1, 0x7fffffff);
	wl_surface_set_buffer_scale(s, scale);
	*e = (struct expect){ "wl_surface", WL_SURFACE_ERROR_INVALID_SCALE };
	return true;
}

static bool transform_invalid(struct fz *fz, struct expect *e) {
	struct wl_surface *s = surface(fz);
	wl_surface_set_buffer_transform(s,
			fz_rng_chance(&fz->rng, 50) ? 8 : -fz_rng_range(&fz->rng, 1, 100));
	*e = (struct expect){ "wl_surface", WL_SURFACE_ERROR_INVALID_TRANSFORM };
	return true;
}

static bool size_not_divisible(struct fz *fz, struct expect *e) {
	// gridwl's own check (README: client errors).
	int32_t scale = fz_rng_range(&fz->rng, 2, 4);
	struct wl_buffer *b = buffer(fz, scale * 5 + 1, scale * 3);
	if (b == NULL) {
		return false;
	}
	struct wl_surface *s = surface(fz);
	wl_surface_set_buffer_scale(s, scale);
	wl_surface_attach(s, b, 0, 0);
	wl_surface_commit(s);
	*e = (struct expect){ "wl_surface", WL_SURFACE_ERROR_INVALID_SIZE };
	return true;
}

static bool ack_unknown_serial(struct fz *fz, struct expect *e) {
	struct toplevel t;
	toplevel_make(fz, &t, true);
	if (fz_rng_chance(&fz->rng, 50) && last_serial != 0) {
		// A serial that was sent, and acknowledged already.
		xdg_surface_ack_configure(t.xdg_surface, last_serial);
		xdg_surface_ack_configure(t.xdg_surface, last_serial);
	} else {
		xdg_surface_ack_configure(t.xdg_surface, last_serial + 1000);
	}
	*e = (struct expect){ "xdg_wm_base",
		XDG_WM_BASE_ERROR_INVALID_SURFACE_STATE };
	return true;
}

static bool buffer_before_configure(struct fz *fz, struct expect *e) {
	struct wl_buffer *b = buffer(fz, 16, 16);
	if (b == NULL) {
		return false;
	}
	struct toplevel t;
	toplevel_make(fz, &t, false);
	wl_surface_attach(t.surface, b, 0, 0);
	wl_surface_commit(t.surface);
	*e = (struct expect){ "xdg_surface",
		XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER };
	return true;
}

static bool xdg_surface_with_buffer(struct fz *fz, struct expect *e) {
	struct wl_buffer *b = buffer(fz, 16, 16);
	if (b == NULL) {
		return false;
	}
	struct wl_surface *s = surface(fz);
	wl_surface_attach(s, b, 0, 0);
	wl_surface_commit(s);
	LATER(xdg_surface, xdg_wm_base_get_xdg_surface(fz->wm_base, s));
	// wlroots posts it on xdg_wm_base.
	*e = (struct expect){ "xdg_wm_base",
		XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER };
	return true;
}

static bool geometry_invalid(struct fz *fz, struct expect *e) {
	struct toplevel t;
	toplevel_make(fz, &t, false);
	xdg_surface_set_window_geometry(t.xdg_surface, 0, 0,
			fz_rng_range(&fz->rng, -10, 0), 10);
	*e = (struct expect){ "xdg_surface", XDG_SURFACE_ERROR_INVALID_SIZE };
	return true;
}

static bool positioner_invalid(struct fz *fz, struct expect *e) {
	struct xdg_positioner *p = xdg_wm_base_create_positioner(fz->wm_base);
	LATER(xdg_positioner, p);
	if (fz_rng_chance(&fz->rng, 50)) {
		xdg_positioner_set_size(p, fz_rng_range(&fz->rng, -5, 0), 10);
	} else {
		xdg_positioner_set_anchor_rect(p, 0, 0, 10,
				fz_rng_range(&fz->rng, -5, -1));
	}
	*e = (struct expect){ "xdg_positioner",
		XDG_POSITIONER_ERROR_INVALID_INPUT };
	return true;
}

static bool positioner_incomplete(struct fz *fz, struct expect *e) {
	struct toplevel parent;
	toplevel_make(fz, &parent, false);
	struct xdg_positioner *p = xdg_wm_base_create_positioner(fz->wm_base);
	LATER(xdg_positioner, p);
	if (fz_rng_chance(&fz->rng, 50)) {
		xdg_positioner_set_size(p, 10, 10);
	} else {
		xdg_positioner_set_anchor_rect(p, 0, 0, 10, 10);
	}
	struct wl_surface *s = surface(fz);
	struct xdg_surface *xs =
			LATER(xdg_surface, xdg_wm_base_get_xdg_surface(fz->wm_base, s));
	LATER(xdg_popup, xdg_surface_get_popup(xs, parent.xdg_surface, p));
	// wlroots 0.18 posts it on the client's xdg_wm_base.
	*e = (struct expect){ "xdg_wm_base", XDG_WM_BASE_ERROR_INVALID_POSITIONER };
	return true;
}

static bool popup_not_topmost(struct fz *fz, struct expect *e) {
	struct toplevel t;
	toplevel_make(fz, &t, false);
	struct popup a, b;
	popup_make(fz, &a, t.xdg_surface);
	popup_make(fz, &b, a.xdg_surface);
	undefer(a.popup);
	xdg_popup_destroy(a.popup);
	*e = (struct expect){ "xdg_wm_base",
		XDG_WM_BASE_ERROR_NOT_THE_TOPMOST_POPUP };
	return true;
}

static bool grab_after_map(struct fz *fz, struct expect *e) {
	if (fz->seat == NULL) {
		return false;
	}
	struct wl_buffer *tb = buffer(fz, 32, 32), *pb = buffer(fz, 20, 20);
	if (tb == NULL || pb == NULL) {
		return false;
	}
	struct toplevel t;
	toplevel_make(fz, &t, true);
	xdg_surface_ack_configure(t.xdg_surface, last_serial);
	wl_surface_attach(t.surface, tb, 0, 0);
	wl_surface_commit(t.surface);
	struct popup a;
	popup_make(fz, &a, t.xdg_surface);
	last_serial = 0;
	xdg_surface_add_listener(a.xdg_surface, &remember_listener, NULL);
	wl_surface_commit(a.surface);
	fz_roundtrip(fz, true);
	// Mapped: configured, acknowledged and with a buffer. wlroots 0.18
	// refuses a grab on a popup that is mapped, not one merely committed.
	xdg_surface_ack_configure(a.xdg_surface, last_serial);
	wl_surface_attach(a.surface, pb, 0, 0);
	wl_surface_commit(a.surface);
	xdg_popup_grab(a.popup, fz->seat, fz->input_serial);
	*e = (struct expect){ "xdg_popup", XDG_POPUP_ERROR_INVALID_GRAB };
	return true;
}

static bool role_twice(struct fz *fz, struct expect *e) {
	struct toplevel t;
	toplevel_make(fz, &t, false);
	LATER(xdg_toplevel, xdg_surface_get_toplevel(t.xdg_surface));
	// wlroots 0.18: "Cannot reassign role xdg_toplevel to xdg_surface@N,
	// role object still exists", on xdg_wm_base.
	*e = (struct expect){ "xdg_wm_base", XDG_WM_BASE_ERROR_ROLE };
	return true;
}

static bool request_without_role(struct fz *fz, struct expect *e) {
	struct wl_surface *s = surface(fz);
	struct xdg_surface *xs =
			LATER(xdg_surface, xdg_wm_base_get_xdg_surface(fz->wm_base, s));
	if (fz_rng_chance(&fz->rng, 50)) {
		xdg_surface_ack_configure(xs, 1);
	} else {
		wl_surface_commit(s);
	}
	*e = (struct expect){ "xdg_surface", XDG_SURFACE_ERROR_NOT_CONSTRUCTED };
	return true;
}

static bool move_unconfigured(struct fz *fz, struct expect *e) {
	if (fz->seat == NULL) {
		return false;
	}
	struct toplevel t;
	toplevel_make(fz, &t, false);
	xdg_toplevel_move(t.toplevel, fz->seat, fz->input_serial);
	// wlroots 0.18 posts it on the xdg_surface: "surface has not been
	// configured yet".
	*e = (struct expect){ "xdg_surface", XDG_SURFACE_ERROR_NOT_CONSTRUCTED };
	return true;
}

static bool resize_edge_invalid(struct fz *fz, struct expect *e) {
	if (fz->seat == NULL) {
		return false;
	}
	struct toplevel t;
	toplevel_make(fz, &t, true);
	xdg_surface_ack_configure(t.xdg_surface, last_serial);
	static const uint32_t invalid[] = { 3, 7, 11, 12, 13, 14, 15 };
	uint32_t edges = fz_rng_chance(&fz->rng, 80) ?
			invalid[fz_rng_below(&fz->rng, 7)] :
			(uint32_t)fz_rng_range(&fz->rng, 16, 0x7fffffff);
	xdg_toplevel_resize(t.toplevel, fz->seat, fz->input_serial, edges);
	// wlroots 0.18 posts xdg_toplevel.error.invalid_resize_edge (0) on
	// the xdg_surface.
	*e = (struct expect){ "xdg_surface",
		XDG_TOPLEVEL_ERROR_INVALID_RESIZE_EDGE };
	return true;
}

static bool wm_base_defunct(struct fz *fz, struct expect *e) {
	struct toplevel t;
	toplevel_make(fz, &t, false);
	xdg_wm_base_destroy(fz->wm_base);
	fz->wm_base = NULL;
	// Posted on the object just destroyed, whose interface libwayland no
	// longer knows: NULL matches any.
	*e = (struct expect){ NULL, XDG_WM_BASE_ERROR_DEFUNCT_SURFACES };
	return true;
}

static bool subsurface_loop(struct fz *fz, struct expect *e) {
	if (fz->subcompositor == NULL) {
		return false;
	}
	struct wl_surface *a = surface(fz), *b = surface(fz);
	if (fz_rng_chance(&fz->rng, 50)) {
		LATER(wl_subsurface,
				wl_subcompositor_get_subsurface(fz->subcompositor, a, a));
	} else {
		LATER(wl_subsurface,
				wl_subcompositor_get_subsurface(fz->subcompositor, b, a));
		LATER(wl_subsurface,
				wl_subcompositor_get_subsurface(fz->subcompositor, a, b));
	}
	// "cannot be a parent of itself or its ancestor".
	*e = (struct expect){ "wl_subcompositor",
		WL_SUBCOMPOSITOR_ERROR_BAD_PARENT };
	return true;
}

static bool subsurface_bad_role(struct fz *fz, struct expect *e) {
	if (fz->subcompositor == NULL) {
		return false;
	}
	struct toplevel t;
	toplevel_make(fz, &t, false);
	struct wl_surface *parent = surface(fz);
	LATER(wl_subsurface,
			wl_subcompositor_get_subsurface(fz->subcompositor, t.surface,
					parent));
	*e = (struct expect){ "wl_subcompositor",
		WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE };
	return true;
}

/* A wl_subsurface placed above or below a surface that is neither its
 * parent nor a sibling. (Once its parent is gone, wlroots 0.18 makes a
 * subsurface inert and ignores that: fz_subsurface_op_restack does it, as
 * a valid request, and hostile-clients' place-orphan case.) */
static bool place_not_sibling(struct fz *fz, struct expect *e) {
	if (fz->subcompositor == NULL) {
		return false;
	}
	struct wl_surface *stranger = surface(fz);
	struct wl_surface *child = surface(fz);
	struct wl_surface *parent = surface(fz);
	struct wl_subsurface *sub = LATER(wl_subsurface,
			wl_subcompositor_get_subsurface(fz->subcompositor, child, parent));
	if (fz_rng_chance(&fz->rng, 50)) {
		wl_subsurface_place_above(sub, stranger);
	} else {
		wl_subsurface_place_below(sub, stranger);
	}
	*e = (struct expect){ "wl_subsurface", WL_SUBSURFACE_ERROR_BAD_SURFACE };
	return true;
}

/* wl_surface.destroy before its role object (an xdg_surface, a
 * wl_subsurface or a layer surface): wl_surface.error.defunct_role_object,
 * on the object just destroyed, whose interface libwayland no longer
 * knows (NULL matches any). */
static bool surface_before_role(struct fz *fz, struct expect *e) {
	struct wl_surface *s = wl_compositor_create_surface(fz->compositor);
	uint32_t which = fz_rng_below(&fz->rng, 3);
	if (which == 1 && fz->subcompositor != NULL) {
		struct wl_surface *parent = surface(fz);
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
	*e = (struct expect){ NULL, WL_SURFACE_ERROR_DEFUNCT_ROLE_OBJECT };
	return true;
}

/* xdg_surface.destroy before its xdg_toplevel or xdg_popup. */
static bool xdg_surface_before_role(struct fz *fz, struct expect *e) {
	struct toplevel t;
	toplevel_make(fz, &t, fz_rng_chance(&fz->rng, 50));
	undefer(t.xdg_surface);
	xdg_surface_destroy(t.xdg_surface);
	*e = (struct expect){ NULL, XDG_SURFACE_ERROR_DEFUNCT_ROLE_OBJECT };
	return true;
}

/* zwlr_layer_surface_v1.set_size above INT32_MAX: wlroots 0.18 answers
 * with an implementation error. */
static bool layer_size_huge(struct fz *fz, struct expect *e) {
	if (fz->layer_shell == NULL) {
		return false;
	}
	struct wl_surface *s = surface(fz);
	struct zwlr_layer_surface_v1 *l = LATER(zwlr_layer_surface_v1,
			zwlr_layer_shell_v1_get_layer_surface(fz->layer_shell, s, NULL,
					ZWLR_LAYER_SHELL_V1_LAYER_TOP, "protocol-fuzz"));
	uint32_t huge = 0x80000000u + fz_rng_below(&fz->rng, 0x7fffffff);
	if (fz_rng_chance(&fz->rng, 50)) {
		zwlr_layer_surface_v1_set_size(l, huge, 10);
	} else {
		zwlr_layer_surface_v1_set_size(l, 10, huge);
	}
	*e = (struct expect){ "wl_display", WL_DISPLAY_ERROR_IMPLEMENTATION };
	return true;
}

static bool shm_invalid(struct fz *fz, struct expect *e) {
	int fd = memfd_create("protocol-fuzz-error", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, 4096) != 0) {
		if (fd >= 0) {
			close(fd);
		}
		return false;
	}
	uint32_t which = fz_rng_below(&fz->rng, 4);
	int32_t size = which == 0 ? -fz_rng_range(&fz->rng, 0, 100) : 4096;
	struct wl_shm_pool *pool =
			LATER(wl_shm_pool, wl_shm_create_pool(fz->shm, fd, size));
	close(fd);
	switch (which) {
	case 0:
		*e = (struct expect){ "wl_shm", WL_SHM_ERROR_INVALID_STRIDE };
		break;
	case 1:
		// Runs past the end of the pool.
		LATER(wl_buffer,
				wl_shm_pool_create_buffer(pool, fz_rng_range(&fz->rng, 1, 4096),
						16, 64, 64, WL_SHM_FORMAT_ARGB8888));
		*e = (struct expect){ "wl_shm_pool", WL_SHM_ERROR_INVALID_STRIDE };
		break;
	case 2:
		LATER(wl_buffer,
				wl_shm_pool_create_buffer(pool, 0, 16, 16, 64, 0x20202020));
		*e = (struct expect){ "wl_shm_pool", WL_SHM_ERROR_INVALID_FORMAT };
		break;
	default:
		// "Shrinking a pool is forbidden".
		wl_shm_pool_resize(pool, fz_rng_range(&fz->rng, 1, 4095));
		*e = (struct expect){ "wl_shm_pool", WL_SHM_ERROR_INVALID_STRIDE };
		break;
	}
	return true;
}

static bool short_stride_shown(struct fz *fz, struct expect *e) {
	// Rows shorter than their pixels: stride >= width, but not width times
	// the pixel size, and the last row runs off the end of a one-page
	// pool. Shown in a window, so that the compositor would read it if
	// nobody refused it.
	int fd = memfd_create("protocol-fuzz-error", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, 4096) != 0) {
		if (fd >= 0) {
			close(fd);
		}
		return false;
	}
	struct toplevel t;
	toplevel_make(fz, &t, true);
	xdg_surface_ack_configure(t.xdg_surface, last_serial);
	struct wl_shm_pool *pool =
			LATER(wl_shm_pool, wl_shm_create_pool(fz->shm, fd, 4096));
	close(fd);
	int32_t width = 32 * fz_rng_range(&fz->rng, 1, 4);
	struct wl_buffer *b = LATER(wl_buffer,
			wl_shm_pool_create_buffer(pool, 0, width, 4096 / width, width,
					WL_SHM_FORMAT_ARGB8888));
	wl_surface_attach(t.surface, b, 0, 0);
	wl_surface_damage_buffer(t.surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(t.surface);
	// Frames to draw it in, if it is let through.
	if (fz_roundtrip(fz, false) == 0) {
		usleep(100 * 1000);
		fz_roundtrip(fz, false);
	}
	// wlroots 0.18's wl_shm refuses it when the buffer is made
	// (pixel_format_info_check_stride): invalid_stride on the pool.
	*e = (struct expect){ "wl_shm_pool", WL_SHM_ERROR_INVALID_STRIDE };
	return true;
}

static bool shm_bad_fd(struct fz *fz, struct expect *e) {
	int fds[2];
	if (pipe(fds) != 0) {
		return false;
	}
	LATER(wl_shm_pool, wl_shm_create_pool(fz->shm, fds[0], 4096));
	close(fds[0]);
	close(fds[1]);
	*e = (struct expect){ "wl_shm", WL_SHM_ERROR_INVALID_FD };
	return true;
}

static bool viewport_invalid(struct fz *fz, struct expect *e) {
	if (fz->viewporter == NULL) {
		return false;
	}
	uint32_t which = fz_rng_below(&fz->rng, 5);
	// Not deferred: the last case destroys it first.
	struct wl_surface *s = wl_compositor_create_surface(fz->compositor);
	struct wp_viewport *v =
			LATER(wp_viewport, wp_viewporter_get_viewport(fz->viewporter, s));
	if (which == 4) {
		wl_surface_destroy(s);
		wp_viewport_set_destination(v, 10, 10);
		*e = (struct expect){ "wp_viewport", WP_VIEWPORT_ERROR_NO_SURFACE };
		return true;
	}
	// Destroyed after the viewport.
	undefer(v);
	defer(destroy_wl_surface, s);
	defer(destroy_wp_viewport, v);
	struct wl_buffer *b;
	switch (which) {
	case 0:
		wp_viewport_set_source(v, wl_fixed_from_int(-5), 0,
				wl_fixed_from_int(10), wl_fixed_from_int(10));
		*e = (struct expect){ "wp_viewport", WP_VIEWPORT_ERROR_BAD_VALUE };
		break;
	case 1:
		wp_viewport_set_destination(v, 0, fz_rng_range(&fz->rng, 1, 10));
		*e = (struct expect){ "wp_viewport", WP_VIEWPORT_ERROR_BAD_VALUE };
		break;
	case 2:
		// A fractional size and no destination.
		wp_viewport_set_source(v, 0, 0, wl_fixed_from_double(10.5),
				wl_fixed_from_int(10));
		wl_surface_commit(s);
		*e = (struct expect){ "wp_viewport", WP_VIEWPORT_ERROR_BAD_SIZE };
		break;
	default:
		b = buffer(fz, 20, 20);
		if (b == NULL) {
			return false;
		}
		wp_viewport_set_source(v, wl_fixed_from_int(10), wl_fixed_from_int(10),
				wl_fixed_from_int(20), wl_fixed_from_int(20));
		wl_surface_attach(s, b, 0, 0);
		wl_surface_commit(s);
		*e = (struct expect){ "wp_viewport", WP_VIEWPORT_ERROR_OUT_OF_BUFFER };
		break;
	}
	return true;
}

static bool output_config_invalid(struct fz *fz, struct expect *e) {
	struct fz_head *head = NULL;
	for (int i = 0; i < FZ_HEADS && head == NULL; i++) {
		if (fz->heads[i].head != NULL) {
			head = &fz->heads[i];
		}
	}
	if (fz->output_manager == NULL || head == NULL) {
		return false;
	}
	struct zwlr_output_configuration_v1 *config =
			LATER(zwlr_output_configuration_v1,
					zwlr_output_manager_v1_create_configuration(
							fz->output_manager, fz->output_manager_serial));
	struct zwlr_output_configuration_head_v1 *ch = NULL;
	switch (fz_rng_below(&fz->rng, 6)) {
	case 0:
		// No head configured at all.
		zwlr_output_configuration_v1_apply(config);
		*e = (struct expect){ "zwlr_output_configuration_v1",
			ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_UNCONFIGURED_HEAD };
		break;
	case 1:
		zwlr_output_configuration_v1_disable_head(config, head->head);
		ch = zwlr_output_configuration_v1_enable_head(config, head->head);
		*e = (struct expect){ "zwlr_output_configuration_v1",
			ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_ALREADY_CONFIGURED_HEAD };
		break;
	case 2:
		ch = zwlr_output_configuration_v1_enable_head(config, head->head);
		zwlr_output_configuration_head_v1_set_position(ch, 0, 0);
		zwlr_output_configuration_head_v1_set_position(ch, 10, 0);
		*e = (struct expect){ "zwlr_output_configuration_head_v1",
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET };
		break;
	case 3:
		ch = zwlr_output_configuration_v1_enable_head(config, head->head);
		zwlr_output_configuration_head_v1_set_scale(ch,
				wl_fixed_from_int(-fz_rng_range(&fz->rng, 0, 3)));
		*e = (struct expect){ "zwlr_output_configuration_head_v1",
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_SCALE };
		break;
	case 4:
		ch = zwlr_output_configuration_v1_enable_head(config, head->head);
		zwlr_output_configuration_head_v1_set_custom_mode(ch,
				fz_rng_range(&fz->rng, -10, 0), 480, 0);
		*e = (struct expect){ "zwlr_output_configuration_head_v1",
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_CUSTOM_MODE };
		break;
	default:
		ch = zwlr_output_configuration_v1_enable_head(config, head->head);
		zwlr_output_configuration_head_v1_set_transform(ch,
				fz_rng_range(&fz->rng, 8, 100));
		*e = (struct expect){ "zwlr_output_configuration_head_v1",
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_TRANSFORM };
		break;
	}
	if (ch != NULL) {
		// No request destroys it (it goes with the configuration); the
		// proxy is freed with the others, after the answer.
		LATER(zwlr_output_configuration_head_v1, ch);
	}
	return true;
}

static bool commit_role_gone(struct fz *fz, struct expect *e) {
	// A commit on a surface whose xdg_toplevel is gone but whose
	// xdg_surface is not: it has no role object, which wlroots must refuse
	// rather than trip over.
	struct toplevel t;
	toplevel_make(fz, &t, fz_rng_chance(&fz->rng, 50));
	undefer(t.toplevel);
	xdg_toplevel_destroy(t.toplevel);
	wl_surface_commit(t.surface);
	*e = (struct expect){ "xdg_surface", XDG_SURFACE_ERROR_NOT_CONSTRUCTED };
	return true;
}

static bool popup_without_parent(struct fz *fz, struct expect *e) {
	struct popup a;
	popup_make(fz, &a, NULL);
	wl_surface_commit(a.surface);
	// Not invalid_popup_parent: wlroots 0.18 rejects the commit with
	// not_constructed, "xdg_popup has no parent".
	*e = (struct expect){ "xdg_surface", XDG_SURFACE_ERROR_NOT_CONSTRUCTED };
	return true;
}

static bool min_above_max(struct fz *fz, struct expect *e) {
	struct toplevel t;
	toplevel_make(fz, &t, false);
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
	*e = (struct expect){ "xdg_toplevel", XDG_TOPLEVEL_ERROR_INVALID_SIZE };
	return true;
}

static bool toplevel_own_parent(struct fz *fz, struct expect *e) {
	struct toplevel t;
	toplevel_make(fz, &t, false);
	xdg_toplevel_set_parent(t.toplevel, t.toplevel);
	wl_surface_commit(t.surface);
	*e = (struct expect){ "xdg_toplevel", XDG_TOPLEVEL_ERROR_INVALID_PARENT };
	return true;
}

/* known: a known crash (enum fz_known), made only with --known-crashes. */
static const struct {
	const char *id;
	const char *name;
	bool (*send)(struct fz *fz, struct expect *e);
	uint32_t known;
} cases[] = {
	{ "scale", "wl_surface.set_buffer_scale <= 0", scale_zero, 0 },
	{ "transform", "wl_surface.set_buffer_transform out of range",
			transform_invalid, 0 },
	{ "size", "buffer not divisible by its scale", size_not_divisible, 0 },
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
	{ "subsurface-loop", "wl_subsurface loop", subsurface_loop, 0 },
	{ "subsurface-role", "wl_subsurface for an xdg_toplevel",
			subsurface_bad_role, 0 },
	{ "place-stranger", "wl_subsurface placed by a stranger", place_not_sibling,
			0 },
	{ "surface-before-role", "wl_surface destroyed before its role object",
			surface_before_role, 0 },
	{ "xdg-surface-before-role", "xdg_surface destroyed before its toplevel",
			xdg_surface_before_role, 0 },
	{ "layer-size", "zwlr_layer_surface_v1.set_size above INT32_MAX",
			layer_size_huge, 0 },
	{ "shm", "wl_shm pool or buffer out of bounds", shm_invalid, 0 },
	{ "short-stride", "wl_shm buffer rows shorter than their pixels",
			short_stride_shown, 0 },
	{ "shm-fd", "wl_shm pool of a pipe", shm_bad_fd, 0 },
	{ "viewport", "wp_viewport bad values", viewport_invalid, 0 },
	{ "output-configuration", "zwlr_output_configuration misuse",
			output_config_invalid, 0 },
	{ "commit-role-gone", "commit after the xdg_toplevel is gone",
			commit_role_gone, 0 },
	{ "popup-no-parent", "xdg_popup without a parent", popup_without_parent,
			0 },
	{ "own-parent", "xdg_toplevel its own parent", toplevel_own_parent, 0 },
	{ "min-max", "xdg_toplevel min size above its max", min_above_max, 0 },
};

#define CASES (sizeof(cases) / sizeof(cases[0]))

bool fz_error_known(const char *id) {
	for (size_t i = 0; i < CASES; i++) {
		if (strcmp(cases[i].id, id) == 0) {
			return true;
		}
	}
	fprintf(stderr, "unknown error case %s; cases:", id);
	for (size_t i = 0; i < CASES; i++) {
		fprintf(stderr, " %s", cases[i].id);
	}
	fprintf(stderr, "\n");
	return false;
}

bool fz_error_send(struct fz *fz, const char **interface, uint32_t *code,
		const char **what) {
	size_t i = fz_rng_below(&fz->rng, (uint32_t)CASES);
	const char *only = fz->options.error_case;
	if (only != NULL) {
		for (i = 0; strcmp(cases[i].id, only) != 0; i++) {
		}
	} else if (cases[i].known != 0 &&
			!(fz->options.known_crashes & cases[i].known)) {
		return false;
	}
	struct expect e = { 0 };
	if (!cases[i].send(fz, &e)) {
		fz_error_cleanup(fz);
		return false;
	}
	*interface = e.interface;
	*code = e.code;
	*what = cases[i].name;
	return true;
}
