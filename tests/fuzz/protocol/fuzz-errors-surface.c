#define _GNU_SOURCE // memfd_create
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "fuzz-errors.h"
#include "viewporter-client-protocol.h"

/*
 * Deliberate protocol errors of the core: wl_surface, wl_subsurface,
 * wl_shm and wp_viewporter. The codes and interfaces are wlroots 0.18.2's
 * (types/wlr_shm.c, types/wlr_compositor.c, types/wlr_subcompositor.c,
 * types/wlr_viewporter.c), and gridwl's own where it checks more
 * (README: client errors).
 */

FZ_ERR_DESTROYER(wl_buffer)
FZ_ERR_DESTROYER(wl_surface)
FZ_ERR_DESTROYER(wl_shm_pool)
FZ_ERR_DESTROYER(wl_subsurface)
FZ_ERR_DESTROYER(wp_viewport)

static bool scale_zero(struct fz *fz, struct fz_expect *e) {
	struct wl_surface *s = fz_err_surface(fz);
	int32_t scale = fz_rng_chance(&fz->rng, 50) ?
			0 :
			-fz_rng_range(&fz->rng, 1, 0x7fffffff);
	wl_surface_set_buffer_scale(s, scale);
	*e = (struct fz_expect){ "wl_surface", WL_SURFACE_ERROR_INVALID_SCALE };
	return true;
}

static bool transform_invalid(struct fz *fz, struct fz_expect *e) {
	struct wl_surface *s = fz_err_surface(fz);
	wl_surface_set_buffer_transform(s,
			fz_rng_chance(&fz->rng, 50) ? 8 : -fz_rng_range(&fz->rng, 1, 100));
	*e = (struct fz_expect){ "wl_surface", WL_SURFACE_ERROR_INVALID_TRANSFORM };
	return true;
}

static bool size_not_divisible(struct fz *fz, struct fz_expect *e) {
	// gridwl's own check (README: client errors).
	int32_t scale = fz_rng_range(&fz->rng, 2, 4);
	struct wl_buffer *b = fz_err_buffer(fz, scale * 5 + 1, scale * 3);
	if (b == NULL) {
		return false;
	}
	struct wl_surface *s = fz_err_surface(fz);
	wl_surface_set_buffer_scale(s, scale);
	wl_surface_attach(s, b, 0, 0);
	wl_surface_commit(s);
	*e = (struct fz_expect){ "wl_surface", WL_SURFACE_ERROR_INVALID_SIZE };
	return true;
}

static bool subsurface_loop(struct fz *fz, struct fz_expect *e) {
	if (fz->subcompositor == NULL) {
		return false;
	}
	struct wl_surface *a = fz_err_surface(fz), *b = fz_err_surface(fz);
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
	*e = (struct fz_expect){ "wl_subcompositor",
		WL_SUBCOMPOSITOR_ERROR_BAD_PARENT };
	return true;
}

static bool subsurface_bad_role(struct fz *fz, struct fz_expect *e) {
	if (fz->subcompositor == NULL) {
		return false;
	}
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, false);
	struct wl_surface *parent = fz_err_surface(fz);
	LATER(wl_subsurface,
			wl_subcompositor_get_subsurface(fz->subcompositor, t.surface,
					parent));
	*e = (struct fz_expect){ "wl_subcompositor",
		WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE };
	return true;
}

/* A wl_subsurface placed above or below a surface that is neither its
 * parent nor a sibling. (Once its parent is gone, wlroots 0.18 makes a
 * subsurface inert and ignores that: fz_subsurface_op_restack does it, as
 * a valid request, and hostile-clients' place-orphan case.) */
static bool place_not_sibling(struct fz *fz, struct fz_expect *e) {
	if (fz->subcompositor == NULL) {
		return false;
	}
	struct wl_surface *stranger = fz_err_surface(fz);
	struct wl_surface *child = fz_err_surface(fz);
	struct wl_surface *parent = fz_err_surface(fz);
	struct wl_subsurface *sub = LATER(wl_subsurface,
			wl_subcompositor_get_subsurface(fz->subcompositor, child, parent));
	if (fz_rng_chance(&fz->rng, 50)) {
		wl_subsurface_place_above(sub, stranger);
	} else {
		wl_subsurface_place_below(sub, stranger);
	}
	*e = (struct fz_expect){ "wl_subsurface", WL_SUBSURFACE_ERROR_BAD_SURFACE };
	return true;
}

static bool shm_invalid(struct fz *fz, struct fz_expect *e) {
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
		*e = (struct fz_expect){ "wl_shm", WL_SHM_ERROR_INVALID_STRIDE };
		break;
	case 1:
		// Runs past the end of the pool.
		LATER(wl_buffer,
				wl_shm_pool_create_buffer(pool, fz_rng_range(&fz->rng, 1, 4096),
						16, 64, 64, WL_SHM_FORMAT_ARGB8888));
		*e = (struct fz_expect){ "wl_shm_pool", WL_SHM_ERROR_INVALID_STRIDE };
		break;
	case 2:
		LATER(wl_buffer,
				wl_shm_pool_create_buffer(pool, 0, 16, 16, 64, 0x20202020));
		*e = (struct fz_expect){ "wl_shm_pool", WL_SHM_ERROR_INVALID_FORMAT };
		break;
	default:
		// "Shrinking a pool is forbidden".
		wl_shm_pool_resize(pool, fz_rng_range(&fz->rng, 1, 4095));
		*e = (struct fz_expect){ "wl_shm_pool", WL_SHM_ERROR_INVALID_STRIDE };
		break;
	}
	return true;
}

static bool short_stride_shown(struct fz *fz, struct fz_expect *e) {
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
	struct fz_err_toplevel t;
	fz_err_toplevel_make(fz, &t, true);
	xdg_surface_ack_configure(t.xdg_surface, fz_err_last_serial);
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
	*e = (struct fz_expect){ "wl_shm_pool", WL_SHM_ERROR_INVALID_STRIDE };
	return true;
}

static bool shm_bad_fd(struct fz *fz, struct fz_expect *e) {
	int fds[2];
	if (pipe(fds) != 0) {
		return false;
	}
	LATER(wl_shm_pool, wl_shm_create_pool(fz->shm, fds[0], 4096));
	close(fds[0]);
	close(fds[1]);
	*e = (struct fz_expect){ "wl_shm", WL_SHM_ERROR_INVALID_FD };
	return true;
}

static bool viewport_invalid(struct fz *fz, struct fz_expect *e) {
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
		*e = (struct fz_expect){ "wp_viewport", WP_VIEWPORT_ERROR_NO_SURFACE };
		return true;
	}
	// Destroyed after the viewport.
	fz_err_undefer(v);
	LATER(wl_surface, s);
	LATER(wp_viewport, v);
	struct wl_buffer *b;
	switch (which) {
	case 0:
		wp_viewport_set_source(v, wl_fixed_from_int(-5), 0,
				wl_fixed_from_int(10), wl_fixed_from_int(10));
		*e = (struct fz_expect){ "wp_viewport", WP_VIEWPORT_ERROR_BAD_VALUE };
		break;
	case 1:
		wp_viewport_set_destination(v, 0, fz_rng_range(&fz->rng, 1, 10));
		*e = (struct fz_expect){ "wp_viewport", WP_VIEWPORT_ERROR_BAD_VALUE };
		break;
	case 2:
		// A fractional size and no destination.
		wp_viewport_set_source(v, 0, 0, wl_fixed_from_double(10.5),
				wl_fixed_from_int(10));
		wl_surface_commit(s);
		*e = (struct fz_expect){ "wp_viewport", WP_VIEWPORT_ERROR_BAD_SIZE };
		break;
	default:
		b = fz_err_buffer(fz, 20, 20);
		if (b == NULL) {
			return false;
		}
		wp_viewport_set_source(v, wl_fixed_from_int(10), wl_fixed_from_int(10),
				wl_fixed_from_int(20), wl_fixed_from_int(20));
		wl_surface_attach(s, b, 0, 0);
		wl_surface_commit(s);
		*e = (struct fz_expect){ "wp_viewport",
			WP_VIEWPORT_ERROR_OUT_OF_BUFFER };
		break;
	}
	return true;
}

static const struct fz_error_case cases[] = {
	{ "scale", "wl_surface.set_buffer_scale <= 0", scale_zero, 0 },
	{ "transform", "wl_surface.set_buffer_transform out of range",
			transform_invalid, 0 },
	{ "size", "buffer not divisible by its scale", size_not_divisible, 0 },
	{ "subsurface-loop", "wl_subsurface loop", subsurface_loop, 0 },
	{ "subsurface-role", "wl_subsurface for an xdg_toplevel",
			subsurface_bad_role, 0 },
	{ "place-stranger", "wl_subsurface placed by a stranger", place_not_sibling,
			0 },
	{ "shm", "wl_shm pool or buffer out of bounds", shm_invalid, 0 },
	{ "short-stride", "wl_shm buffer rows shorter than their pixels",
			short_stride_shown, 0 },
	{ "shm-fd", "wl_shm pool of a pipe", shm_bad_fd, 0 },
	{ "viewport", "wp_viewport bad values", viewport_invalid, 0 },
};

FZ_ERROR_FAMILY(fz_errors_surface, cases);
