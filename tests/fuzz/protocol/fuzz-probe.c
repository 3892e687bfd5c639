#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <wayland-client.h>
#include "client-shm.h"
#include "fuzz-protocol.h"
#include "xdg-shell-client-protocol.h"

/*
 * --frame-probe N: instead of fuzzing, a plain window that commits N frames,
 * each with a frame callback, and waits for every one to be answered. Run
 * after the fuzzer, it shows the compositor still draws and still tells
 * clients when: frame callbacks are the first thing a confused compositor
 * stops sending.
 */

#define PROBE_SIZE 64

struct probe {
	bool configured, frame_done;
	uint32_t serial;
};

static void probe_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct probe *p = data;
	p->configured = true;
	p->serial = serial;
}

static const struct xdg_surface_listener probe_surface_listener = {
	.configure = probe_configure,
};

static void probe_frame_done(void *data, struct wl_callback *callback,
		uint32_t time) {
	struct probe *p = data;
	p->frame_done = true;
}

static const struct wl_callback_listener probe_frame_listener = {
	.done = probe_frame_done,
};

static struct wl_buffer *probe_buffer(struct fz *fz) {
	uint32_t *pixels;
	struct wl_buffer *buffer = client_shm_buffer(fz->shm, PROBE_SIZE,
			PROBE_SIZE, WL_SHM_FORMAT_XRGB8888, &pixels);
	if (buffer == NULL) {
		return NULL;
	}
	for (size_t i = 0; i < PROBE_SIZE * PROBE_SIZE; i++) {
		pixels[i] = 0xff00c0c0;
	}
	munmap(pixels, client_shm_size(PROBE_SIZE, PROBE_SIZE));
	return buffer;
}

bool fz_probe_frames(struct fz *fz, int count) {
	struct probe p = { 0 };
	struct wl_buffer *buffer = probe_buffer(fz);
	if (buffer == NULL) {
		fprintf(stderr, "protocol-fuzz: no memory for the probe's buffer\n");
		return false;
	}
	struct wl_surface *surface = wl_compositor_create_surface(fz->compositor);
	struct xdg_surface *xdg_surface =
			xdg_wm_base_get_xdg_surface(fz->wm_base, surface);
	xdg_surface_add_listener(xdg_surface, &probe_surface_listener, &p);
	struct xdg_toplevel *toplevel = xdg_surface_get_toplevel(xdg_surface);
	// The toplevel has no listener (libwayland-client drops its events): the
	// xdg_surface configure is the one to acknowledge.
	xdg_toplevel_set_app_id(toplevel, "protocol-fuzz-probe");
	wl_surface_commit(surface);
	bool ok = fz_wait(fz, &p.configured, fz->options.timeout_ms) == 0;
	if (!ok) {
		fprintf(stderr, "protocol-fuzz: the probe got no configure: %s\n",
				strerror(errno));
	}
	if (ok) {
		xdg_surface_ack_configure(xdg_surface, p.serial);
	}
	int frames = 0;
	while (ok && frames < count) {
		p.frame_done = false;
		struct wl_callback *callback = wl_surface_frame(surface);
		wl_callback_add_listener(callback, &probe_frame_listener, &p);
		wl_surface_attach(surface, buffer, 0, 0);
		wl_surface_damage_buffer(surface, 0, 0, PROBE_SIZE, PROBE_SIZE);
		wl_surface_commit(surface);
		ok = fz_wait(fz, &p.frame_done, fz->options.timeout_ms) == 0;
		if (!ok) {
			fprintf(stderr,
					"protocol-fuzz: frame %d of the probe never came: "
					"%s\n",
					frames + 1, strerror(errno));
		} else {
			frames++;
		}
		wl_callback_destroy(callback);
	}
	printf("frames=%d\n", frames);
	fflush(stdout);
	xdg_toplevel_destroy(toplevel);
	xdg_surface_destroy(xdg_surface);
	wl_surface_destroy(surface);
	wl_buffer_destroy(buffer);
	return ok && fz_roundtrip(fz, false) == 0;
}
