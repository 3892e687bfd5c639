#ifndef GRIDWL_TESTS_FUZZ_ERRORS_H
#define GRIDWL_TESTS_FUZZ_ERRORS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wayland-client.h>
#include "fuzz-protocol.h"
#include "xdg-shell-client-protocol.h"

/*
 * What the deliberate protocol errors share (fuzz-errors.c), and their
 * cases, one file a family of interfaces: fuzz-errors-surface.c (wl_surface,
 * subsurfaces, wl_shm, viewporter), fuzz-errors-xdg.c (xdg-shell),
 * fuzz-errors-wlr.c (layer shell, output management), fuzz-errors-desktop.c
 * (the desktop protocols of issue 20).
 *
 * Each case makes its own objects and sends the bad request last; what it
 * made is destroyed after the answer (fz_error_cleanup), since an error on
 * an object already destroyed on our side would not say which object it
 * was on. If the compositor let the request through, the destroys are
 * valid ones.
 */

/* The error a case must earn: interface of the object it is posted on,
 * and code. */
struct fz_expect {
	const char *interface;
	uint32_t code;
};

struct fz_error_case {
	const char *id; // for --error
	const char *name;
	bool (*send)(struct fz *fz, struct fz_expect *e);
	// A known crash (enum fz_known), made only with --known-crashes; 0.
	uint32_t known;
};

struct fz_error_family {
	const struct fz_error_case *cases;
	size_t count;
};

extern const struct fz_error_family fz_errors_surface;
extern const struct fz_error_family fz_errors_xdg;
extern const struct fz_error_family fz_errors_wlr;
extern const struct fz_error_family fz_errors_desktop;

#define FZ_ERROR_FAMILY(name, table) \
	const struct fz_error_family name = { \
		(table), \
		sizeof(table) / sizeof((table)[0]), \
	}

/* proxy, destroyed by fz_error_cleanup with destroy, the last deferred
 * first (children are made after their parents). */
void *fz_err_defer(void (*destroy)(void *proxy), void *proxy);
/* For a proxy the case destroys itself, as its bad request. */
void fz_err_undefer(void *proxy);

/* A destroy_TYPE for LATER(TYPE, proxy). */
#define FZ_ERR_DESTROYER(type) \
	static void destroy_##type(void *proxy) { \
		type##_destroy(proxy); \
	}
#define LATER(type, proxy) fz_err_defer(destroy_##type, (proxy))

/* A new wl_surface, deferred. */
struct wl_surface *fz_err_surface(struct fz *fz);
/* An ARGB8888 buffer of width x height in a pool of its own, deferred;
 * NULL without memory. */
struct wl_buffer *fz_err_buffer(struct fz *fz, int32_t width, int32_t height);

/* The last configure serial of a case's toplevel; kept here since its
 * configure may come after the case returned. */
extern uint32_t fz_err_last_serial;
/* Keeps an xdg_surface's configure serials there. */
extern const struct xdg_surface_listener fz_err_remember_serial;

struct fz_err_toplevel {
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
};

/* An xdg toplevel, optionally committed once and its configure awaited
 * (fz_err_last_serial). */
void fz_err_toplevel_make(struct fz *fz, struct fz_err_toplevel *t,
		bool commit);

struct fz_err_popup {
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_popup *popup;
};

void fz_err_popup_make(struct fz *fz, struct fz_err_popup *pp,
		struct xdg_surface *parent);

#endif
