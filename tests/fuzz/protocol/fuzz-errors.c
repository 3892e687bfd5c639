#define _GNU_SOURCE // memfd_create
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "fuzz-errors.h"
#include "fuzz-protocol.h"
#include "xdg-shell-client-protocol.h"

/*
 * Deliberate protocol errors, each with the error the compositor must
 * answer it with (interface of the object it is posted on, code). A
 * protocol error is the right answer to a bad request; the fuzzer counts
 * that it came, then reconnects. A bad request let through is counted too.
 * The cases are in one file a family of interfaces (fuzz-errors.h); this
 * is what they share, and the choice of one.
 */

#define LATER_MAX 32

static struct {
	void (*destroy)(void *proxy);
	void *proxy;
} later[LATER_MAX];
static int later_count;

uint32_t fz_err_last_serial;

FZ_ERR_DESTROYER(wl_surface)
FZ_ERR_DESTROYER(wl_buffer)
FZ_ERR_DESTROYER(xdg_surface)
FZ_ERR_DESTROYER(xdg_toplevel)
FZ_ERR_DESTROYER(xdg_popup)

void *fz_err_defer(void (*destroy)(void *proxy), void *proxy) {
	if (later_count == LATER_MAX) {
		// Not with the cases there are; destroying at once is correct
		// too.
		destroy(proxy);
		return proxy;
	}
	later[later_count].destroy = destroy;
	later[later_count].proxy = proxy;
	later_count++;
	return proxy;
}

void fz_err_undefer(void *proxy) {
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

struct wl_surface *fz_err_surface(struct fz *fz) {
	return LATER(wl_surface, wl_compositor_create_surface(fz->compositor));
}

struct wl_buffer *fz_err_buffer(struct fz *fz, int32_t width, int32_t height) {
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

static void remember_serial(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	fz_err_last_serial = serial;
}

const struct xdg_surface_listener fz_err_remember_serial = {
	.configure = remember_serial,
};

void fz_err_toplevel_make(struct fz *fz, struct fz_err_toplevel *t,
		bool commit) {
	fz_err_last_serial = 0;
	t->surface = fz_err_surface(fz);
	t->xdg_surface = LATER(xdg_surface,
			xdg_wm_base_get_xdg_surface(fz->wm_base, t->surface));
	xdg_surface_add_listener(t->xdg_surface, &fz_err_remember_serial, NULL);
	t->toplevel = LATER(xdg_toplevel, xdg_surface_get_toplevel(t->xdg_surface));
	if (commit) {
		wl_surface_commit(t->surface);
		fz_roundtrip(fz, true);
	}
}

void fz_err_popup_make(struct fz *fz, struct fz_err_popup *pp,
		struct xdg_surface *parent) {
	struct xdg_positioner *p = xdg_wm_base_create_positioner(fz->wm_base);
	xdg_positioner_set_size(p, 20, 20);
	xdg_positioner_set_anchor_rect(p, 0, 0, 5, 5);
	pp->surface = fz_err_surface(fz);
	pp->xdg_surface = LATER(xdg_surface,
			xdg_wm_base_get_xdg_surface(fz->wm_base, pp->surface));
	pp->popup =
			LATER(xdg_popup, xdg_surface_get_popup(pp->xdg_surface, parent, p));
	xdg_positioner_destroy(p);
}

static const struct fz_error_family *const families[] = {
	&fz_errors_surface,
	&fz_errors_xdg,
	&fz_errors_wlr,
	&fz_errors_desktop,
};

#define FAMILIES (sizeof(families) / sizeof(families[0]))

static size_t case_count(void) {
	size_t count = 0;
	for (size_t f = 0; f < FAMILIES; f++) {
		count += families[f]->count;
	}
	return count;
}

/* The index-th case of all the families, in order. */
static const struct fz_error_case *case_at(size_t index) {
	for (size_t f = 0; f < FAMILIES; f++) {
		if (index < families[f]->count) {
			return &families[f]->cases[index];
		}
		index -= families[f]->count;
	}
	return NULL;
}

static const struct fz_error_case *case_named(const char *id) {
	for (size_t i = 0; i < case_count(); i++) {
		if (strcmp(case_at(i)->id, id) == 0) {
			return case_at(i);
		}
	}
	return NULL;
}

bool fz_error_known(const char *id) {
	if (case_named(id) != NULL) {
		return true;
	}
	fprintf(stderr, "unknown error case %s; cases:", id);
	for (size_t i = 0; i < case_count(); i++) {
		fprintf(stderr, " %s", case_at(i)->id);
	}
	fprintf(stderr, "\n");
	return false;
}

bool fz_error_send(struct fz *fz, const char **interface, uint32_t *code,
		const char **what) {
	const struct fz_error_case *c =
			case_at(fz_rng_below(&fz->rng, (uint32_t)case_count()));
	const char *only = fz->options.error_case;
	if (only != NULL) {
		c = case_named(only);
	} else if (c->known != 0 && !(fz->options.known_crashes & c->known)) {
		return false;
	}
	struct fz_expect e = { 0 };
	if (c == NULL || !c->send(fz, &e)) {
		fz_error_cleanup(fz);
		return false;
	}
	*interface = e.interface;
	*code = e.code;
	*what = c->name;
	return true;
}
