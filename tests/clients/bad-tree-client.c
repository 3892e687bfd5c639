#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "client-shm.h"
#include "raw-client.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

/*
 * bad-tree-client MODE: surface trees that wlroots 0.15.1 mishandles (the
 * protocol fuzzer's former known crashes), for hostile-clients:
 *
 *   place-orphan     a subsurface whose parent surface is destroyed, then
 *                    wl_subsurface.place_above and place_below a surface
 *                    that is no sibling, set_position and set_desync, and
 *                    the orphan committed again with a new buffer
 *                    (wlroots 0.15: NULL dereference; wlroots 0.18: the
 *                    subsurface is inert, all of it ignored, and the orphan
 *                    is not mapped); at the end of stdin the subsurface
 *                    goes before its surface, as the protocol wants
 *   unmapped-parent  a toplevel whose parent, never mapped, is destroyed;
 *                    then the toplevel itself (wlroots: heap corruption)
 *   orphan-popup     a popup of an xdg_surface whose toplevel role object is
 *                    gone, then that xdg_surface destroyed; then the popup
 *                    (wlroots: use after free)
 *   opaque-region    a window with an opaque region of two rectangles, then
 *                    an XRGB8888 buffer (wlroots: leaks the rectangles)
 *   layer-popup-twice  zwlr_layer_surface_v1.get_popup twice with the same
 *                    popup (wlroots: links it into the list twice; the
 *                    protocol here: invalid_surface_state)
 *   layer-popup-orphan  a popup of a layer surface that is configured but
 *                    never mapped, then that layer surface destroyed; then
 *                    the popup (wlroots: use after free)
 *
 * It prints "configured" when its first toplevel is configured, "shown"
 * once the compositor has handled it all (", popup done" added when the
 * compositor dismissed the popup), and on the end of stdin destroys
 * what is left, waits for the compositor to handle that and exits 0. When
 * the compositor drops it, it prints "error protocol interface=I code=C
 * id=N" and "disconnected" and exits 1.
 */

struct client {
	struct wl_display *display;
	struct wl_compositor *compositor;
	struct wl_subcompositor *subcompositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct zwlr_layer_shell_v1 *layer_shell;
	struct wl_buffer *buffers[4]; // to destroy at the end
	int buffer_count;
};

struct window {
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	bool configured;
};

static const struct client_global bound_globals[] = {
	{ &wl_compositor_interface, 4, offsetof(struct client, compositor), NULL },
	{ &wl_subcompositor_interface, 1, offsetof(struct client, subcompositor),
			NULL },
	{ &wl_shm_interface, 1, offsetof(struct client, shm), NULL },
	{ &xdg_wm_base_interface, 2, offsetof(struct client, wm_base),
			&client_wm_base_listener },
	{ &zwlr_layer_shell_v1_interface, 3, offsetof(struct client, layer_shell),
			NULL },
	{ 0 },
};

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct window *w = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	w->configured = true;
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static void popup_configure(void *data, struct xdg_popup *popup, int32_t x,
		int32_t y, int32_t width, int32_t height) {
}

static void popup_done(void *data, struct xdg_popup *popup) {
	bool *done = data;
	*done = true;
}

static const struct xdg_popup_listener popup_listener = {
	.configure = popup_configure,
	.popup_done = popup_done,
};

static void layer_configure(void *data,
		struct zwlr_layer_surface_v1 *layer_surface, uint32_t serial,
		uint32_t width, uint32_t height) {
	bool *configured = data;
	zwlr_layer_surface_v1_ack_configure(layer_surface, serial);
	*configured = true;
}

static void layer_closed(void *data,
		struct zwlr_layer_surface_v1 *layer_surface) {
}

static const struct zwlr_layer_surface_v1_listener layer_listener = {
	.configure = layer_configure,
	.closed = layer_closed,
};

/* An xdg_popup without a parent, to be given a layer surface as one. */
static struct xdg_popup *parentless_popup(struct client *c,
		struct wl_surface **surface, struct xdg_surface **xdg,
		bool *dismissed) {
	struct xdg_positioner *positioner =
			xdg_wm_base_create_positioner(c->wm_base);
	xdg_positioner_set_size(positioner, 40, 30);
	xdg_positioner_set_anchor_rect(positioner, 10, 10, 1, 1);
	*surface = wl_compositor_create_surface(c->compositor);
	*xdg = xdg_wm_base_get_xdg_surface(c->wm_base, *surface);
	struct xdg_popup *popup = xdg_surface_get_popup(*xdg, NULL, positioner);
	xdg_popup_add_listener(popup, &popup_listener, dismissed);
	xdg_positioner_destroy(positioner);
	return popup;
}

/* A width x height buffer of one colour; NULL after printing why. */
static struct wl_buffer *make_buffer(struct client *c, int width, int height,
		uint32_t format, uint32_t colour) {
	uint32_t *data;
	struct wl_buffer *buffer =
			client_shm_buffer(c->shm, width, height, format, &data);
	if (buffer == NULL) {
		client_emit("error buffer: %s", strerror(errno));
		return NULL;
	}
	size_t size = client_shm_size(width, height);
	for (size_t i = 0; i < size / 4; i++) {
		data[i] = colour;
	}
	munmap(data, size);
	if (c->buffer_count < 4) {
		c->buffers[c->buffer_count++] = buffer;
	}
	return buffer;
}

static void show(struct wl_surface *surface, struct wl_buffer *buffer) {
	wl_surface_attach(surface, buffer, 0, 0);
	wl_surface_damage_buffer(surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(surface);
}

/* A toplevel, configured; mapped with a 200x100 buffer when map is set. */
static bool window_make(struct client *c, struct window *w, bool map) {
	w->surface = wl_compositor_create_surface(c->compositor);
	w->xdg_surface = xdg_wm_base_get_xdg_surface(c->wm_base, w->surface);
	xdg_surface_add_listener(w->xdg_surface, &xdg_surface_listener, w);
	w->toplevel = xdg_surface_get_toplevel(w->xdg_surface);
	xdg_toplevel_add_listener(w->toplevel, &raw_client_toplevel_listener, w);
	xdg_toplevel_set_app_id(w->toplevel, "bad");
	wl_surface_commit(w->surface);
	while (!w->configured) {
		if (wl_display_dispatch(c->display) < 0) {
			return false;
		}
	}
	if (map) {
		struct wl_buffer *buffer =
				make_buffer(c, 200, 100, WL_SHM_FORMAT_ARGB8888, 0xff2060a0u);
		if (buffer == NULL) {
			return false;
		}
		show(w->surface, buffer);
	}
	return true;
}

/* The toplevel role object, then the xdg_surface, then the surface. */
static void window_destroy(struct window *w) {
	if (w->toplevel != NULL) {
		xdg_toplevel_destroy(w->toplevel);
	}
	xdg_surface_destroy(w->xdg_surface);
	wl_surface_destroy(w->surface);
	*w = (struct window){ 0 };
}

/* Until stdin ends, answering pings; false when the compositor drops us. */
static bool stay(struct client *c) {
	char buf[256];
	while (read(STDIN_FILENO, buf, sizeof(buf)) > 0) {
		if (wl_display_roundtrip(c->display) < 0) {
			return false;
		}
	}
	return wl_display_roundtrip(c->display) >= 0;
}

int main(int argc, char *argv[]) {
	if (argc != 2) {
		fprintf(stderr,
				"usage: %s place-orphan|unmapped-parent|"
				"orphan-popup|opaque-region|layer-popup-twice|"
				"layer-popup-orphan\n",
				argv[0]);
		return 2;
	}
	const char *mode = argv[1];
	struct client c = { 0 };
	c.display = raw_client_connect();
	if (c.display == NULL) {
		return 1;
	}
	struct client_globals globals = {
		.table = bound_globals,
		.data = &c,
	};
	struct wl_registry *registry = client_globals_listen(c.display, &globals);
	if (wl_display_roundtrip(c.display) < 0) {
		return raw_client_report_disconnect(c.display);
	}
	if (c.compositor == NULL || c.subcompositor == NULL || c.shm == NULL ||
			c.wm_base == NULL || c.layer_shell == NULL) {
		client_emit("error missing globals");
		return 1;
	}

	struct window first = { 0 }, second = { 0 };
	if (!window_make(&c, &first, strcmp(mode, "unmapped-parent") != 0)) {
		return raw_client_report_disconnect(c.display);
	}
	client_emit("configured");
	// What is left for the end of stdin.
	struct xdg_popup *popup = NULL;
	struct xdg_surface *popup_xdg = NULL;
	struct wl_surface *popup_surface = NULL;
	bool popup_dismissed = false;
	struct wl_subsurface *sub = NULL;
	struct wl_surface *child = NULL, *stranger = NULL;
	if (strcmp(mode, "place-orphan") == 0) {
		child = wl_compositor_create_surface(c.compositor);
		sub = wl_subcompositor_get_subsurface(c.subcompositor, child,
				first.surface);
		struct wl_buffer *buffer =
				make_buffer(&c, 50, 50, WL_SHM_FORMAT_ARGB8888, 0xffa02020u);
		if (buffer == NULL) {
			return 1;
		}
		show(child, buffer);
		wl_surface_commit(first.surface);
		stranger = wl_compositor_create_surface(c.compositor);
		if (wl_display_roundtrip(c.display) < 0) {
			return raw_client_report_disconnect(c.display);
		}
		window_destroy(&first);
		wl_subsurface_place_above(sub, stranger);
		wl_subsurface_place_below(sub, stranger);
		wl_subsurface_set_position(sub, 20, 10);
		wl_subsurface_set_desync(sub);
		struct wl_buffer *again =
				make_buffer(&c, 60, 40, WL_SHM_FORMAT_ARGB8888, 0xff20a0a0u);
		if (again == NULL) {
			return 1;
		}
		show(child, again);
	} else if (strcmp(mode, "unmapped-parent") == 0) {
		if (!window_make(&c, &second, true)) {
			return raw_client_report_disconnect(c.display);
		}
		xdg_toplevel_set_parent(second.toplevel, first.toplevel);
		wl_surface_commit(second.surface);
		if (wl_display_roundtrip(c.display) < 0) {
			return raw_client_report_disconnect(c.display);
		}
		window_destroy(&first);
	} else if (strcmp(mode, "orphan-popup") == 0) {
		if (wl_display_roundtrip(c.display) < 0) {
			return raw_client_report_disconnect(c.display);
		}
		// The xdg_surface stays, without a role.
		xdg_toplevel_destroy(first.toplevel);
		first.toplevel = NULL;
		struct xdg_positioner *positioner =
				xdg_wm_base_create_positioner(c.wm_base);
		xdg_positioner_set_size(positioner, 40, 30);
		xdg_positioner_set_anchor_rect(positioner, 10, 10, 1, 1);
		popup_surface = wl_compositor_create_surface(c.compositor);
		popup_xdg = xdg_wm_base_get_xdg_surface(c.wm_base, popup_surface);
		popup = xdg_surface_get_popup(popup_xdg, first.xdg_surface, positioner);
		xdg_popup_add_listener(popup, &popup_listener, &popup_dismissed);
		xdg_positioner_destroy(positioner);
		wl_surface_commit(popup_surface);
		if (wl_display_roundtrip(c.display) < 0) {
			return raw_client_report_disconnect(c.display);
		}
		window_destroy(&first);
	} else if (strcmp(mode, "opaque-region") == 0) {
		struct wl_region *region = wl_compositor_create_region(c.compositor);
		wl_region_add(region, 0, 0, 50, 50);
		wl_region_add(region, 100, 50, 50, 50);
		wl_surface_set_opaque_region(first.surface, region);
		wl_region_destroy(region);
		wl_surface_commit(first.surface);
		if (wl_display_roundtrip(c.display) < 0) {
			return raw_client_report_disconnect(c.display);
		}
		struct wl_buffer *opaque =
				make_buffer(&c, 200, 100, WL_SHM_FORMAT_XRGB8888, 0xff20a060u);
		if (opaque == NULL) {
			return 1;
		}
		show(first.surface, opaque);
	} else if (strcmp(mode, "layer-popup-twice") == 0 ||
			strcmp(mode, "layer-popup-orphan") == 0) {
		bool twice = strcmp(mode, "layer-popup-twice") == 0;
		struct wl_surface *panel = wl_compositor_create_surface(c.compositor);
		struct zwlr_layer_surface_v1 *layer =
				zwlr_layer_shell_v1_get_layer_surface(c.layer_shell, panel,
						NULL, ZWLR_LAYER_SHELL_V1_LAYER_TOP, "bad");
		bool layer_configured = false;
		zwlr_layer_surface_v1_add_listener(layer, &layer_listener,
				&layer_configured);
		zwlr_layer_surface_v1_set_anchor(layer,
				ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP |
						ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT |
						ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
		zwlr_layer_surface_v1_set_size(layer, 0, 30);
		popup = parentless_popup(&c, &popup_surface, &popup_xdg,
				&popup_dismissed);
		zwlr_layer_surface_v1_get_popup(layer, popup);
		if (twice) {
			zwlr_layer_surface_v1_get_popup(layer, popup);
		}
		wl_surface_commit(panel);
		if (wl_display_roundtrip(c.display) < 0) {
			return raw_client_report_disconnect(c.display);
		}
		// Configured, acked, never mapped: then gone, the popup not.
		zwlr_layer_surface_v1_destroy(layer);
		wl_surface_destroy(panel);
	} else {
		fprintf(stderr, "bad-tree-client: unknown mode %s\n", mode);
		return 2;
	}
	if (wl_display_roundtrip(c.display) < 0) {
		return raw_client_report_disconnect(c.display);
	}
	client_emit(popup_dismissed ? "shown, popup done" : "shown");
	if (!stay(&c)) {
		return raw_client_report_disconnect(c.display);
	}
	if (sub != NULL) {
		wl_subsurface_destroy(sub);
		wl_surface_destroy(child);
		wl_surface_destroy(stranger);
	}
	if (popup != NULL) {
		xdg_popup_destroy(popup);
		xdg_surface_destroy(popup_xdg);
		wl_surface_destroy(popup_surface);
	}
	if (second.surface != NULL) {
		window_destroy(&second);
	}
	if (first.surface != NULL) {
		window_destroy(&first);
	}
	if (wl_display_roundtrip(c.display) < 0) {
		return raw_client_report_disconnect(c.display);
	}
	for (int i = 0; i < c.buffer_count; i++) {
		wl_buffer_destroy(c.buffers[i]);
	}
	zwlr_layer_shell_v1_destroy(c.layer_shell);
	wl_subcompositor_destroy(c.subcompositor);
	wl_compositor_destroy(c.compositor);
	wl_shm_destroy(c.shm);
	xdg_wm_base_destroy(c.wm_base);
	wl_registry_destroy(registry);
	wl_display_disconnect(c.display);
	return 0;
}
