#include <stdlib.h>
#include <string.h>
#include <wlr/backend.h>
#include <wlr/backend/drm.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/libinput.h>
#include <wlr/backend/multi.h>
#include <wlr/backend/session.h>
#include <wlr/backend/wayland.h>
#include <wlr/backend/x11.h>
#include <wlr/render/allocator.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/util/log.h>
#include "compositor/session/backend.h"
#include "compositor/util.h"

static const char *const kind_names[] = {
	[GRIDWL_BACKEND_AUTO] = "auto",
	[GRIDWL_BACKEND_DRM] = "drm",
	[GRIDWL_BACKEND_WAYLAND] = "wayland",
	[GRIDWL_BACKEND_X11] = "x11",
	[GRIDWL_BACKEND_HEADLESS] = "headless",
};

const char *gridwl_backend_kind_name(enum gridwl_backend_kind kind) {
	return kind_names[kind];
}

bool gridwl_backend_kind_parse(const char *name,
		enum gridwl_backend_kind *kind) {
	for (size_t i = 0; i < sizeof(kind_names) / sizeof(kind_names[0]); i++) {
		if (strcmp(name, kind_names[i]) == 0) {
			*kind = i;
			return true;
		}
	}
	return false;
}

/* DRM/KMS for every GPU the session finds, libinput for input, all through
 * libseat so gridwl runs unprivileged on a VT. */
static struct wlr_backend *create_drm(struct gridwl_server *server,
		char **error) {
	struct wl_event_loop *loop = server->loop;
	server->session = wlr_session_create(loop);
	if (server->session == NULL) {
		gridwl_set_error(error,
				"cannot open a session (is seatd or "
				"logind running, and are we on a VT?)");
		return NULL;
	}
	struct wlr_backend *multi = wlr_multi_backend_create(loop);
	struct wlr_device *gpus[8];
	ssize_t count = wlr_session_find_gpus(server->session, 8, gpus);
	struct wlr_backend *primary = NULL;
	for (ssize_t i = 0; i < count; i++) {
		struct wlr_backend *drm =
				wlr_drm_backend_create(server->session, gpus[i], primary);
		if (drm == NULL) {
			continue;
		}
		if (primary == NULL) {
			primary = drm;
		}
		wlr_multi_backend_add(multi, drm);
	}
	if (primary == NULL) {
		gridwl_set_error(error, "no DRM device found");
		wlr_backend_destroy(multi);
		return NULL;
	}
	struct wlr_backend *libinput = wlr_libinput_backend_create(server->session);
	if (libinput != NULL) {
		wlr_multi_backend_add(multi, libinput);
	}
	return multi;
}

bool gridwl_backend_create(struct gridwl_server *server,
		enum gridwl_backend_kind kind, char **error) {
	if (kind == GRIDWL_BACKEND_AUTO) {
		if (getenv("WAYLAND_DISPLAY") != NULL ||
				getenv("WAYLAND_SOCKET") != NULL) {
			kind = GRIDWL_BACKEND_WAYLAND;
		} else if (getenv("DISPLAY") != NULL) {
			kind = GRIDWL_BACKEND_X11;
		} else {
			kind = GRIDWL_BACKEND_DRM;
		}
	}
	server->backend_kind = kind;
	struct wlr_backend *backend = NULL;
	switch (kind) {
	case GRIDWL_BACKEND_HEADLESS:
		backend = wlr_headless_backend_create(server->loop);
		server->output_backend = backend;
		break;
	case GRIDWL_BACKEND_WAYLAND:
		backend = wlr_wl_backend_create(server->loop, NULL);
		server->output_backend = backend;
		break;
	case GRIDWL_BACKEND_X11:
		backend = wlr_x11_backend_create(server->loop, NULL);
		server->output_backend = backend;
		break;
	case GRIDWL_BACKEND_DRM:
		backend = create_drm(server, error);
		if (backend == NULL) {
			return false;
		}
		break;
	case GRIDWL_BACKEND_AUTO:
		break;
	}
	if (backend == NULL) {
		gridwl_set_error(error, "cannot create the %s backend%s",
				gridwl_backend_kind_name(kind),
				kind == GRIDWL_BACKEND_WAYLAND ?
						" (is WAYLAND_DISPLAY right?)" :
						kind == GRIDWL_BACKEND_X11 ? " (is DISPLAY right?)" :
													 "");
		return false;
	}
	server->backend = backend;

	// WLR_RENDERER=pixman picks the software renderer, as in every
	// wlroots compositor; without a GPU wlroots falls back to it anyway.
	server->renderer = wlr_renderer_autocreate(backend);
	if (server->renderer == NULL) {
		gridwl_set_error(error, "cannot create a renderer");
		return false;
	}
	server->gles2_models = gridwl_gles2_models_create(server->renderer);
	// wl_shm comes first and always; linux-dmabuf and wl_drm need the
	// renderer's DRM render node, which a software GL on a KMS-only device
	// (cirrus, say) does not have. Clients then share memory, as on pixman.
	if (!wlr_renderer_init_wl_display(server->renderer, server->display)) {
		wlr_log(WLR_INFO,
				"GPU buffers (linux-dmabuf, wl_drm) are not "
				"offered: the renderer has no DRM render node; clients use wl_shm");
	}
	server->allocator = wlr_allocator_autocreate(backend, server->renderer);
	if (server->allocator == NULL) {
		gridwl_set_error(error, "cannot create a buffer allocator");
		return false;
	}
	return true;
}
