#define _GNU_SOURCE // memfd in client-shm
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "pattern.h"
#include "raw-client.h"
#include "xdg-foreign-unstable-v1-client-protocol.h"
#include "xdg-foreign-unstable-v2-client-protocol.h"

/*
 * foreign-client: the two sides of xdg-foreign, for the xdg-foreign test:
 * an application that exports its window, and a portal that shows a dialog
 * over it.
 *
 *   foreign-client export 1|2 APP_ID RRGGBB WxH
 *   foreign-client import 1|2 APP_ID RRGGBB WxH HANDLE
 *
 * Each maps a solid WxH window of that colour. export then exports it
 * (zxdg_exporter_v1 or _v2) and prints "handle HANDLE"; import imports
 * HANDLE and makes its window the imported one's child (set_parent_of)
 * before its first commit. Both print "ready" once mapped; import prints
 * "import destroyed" if the compositor says the handle is gone. On stdin:
 * "unexport" (export: destroys the exported object), "sync", "quit".
 */

struct client {
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct zxdg_exporter_v1 *exporter_v1;
	struct zxdg_importer_v1 *importer_v1;
	struct zxdg_exporter_v2 *exporter_v2;
	struct zxdg_importer_v2 *importer_v2;
	struct zxdg_exported_v1 *exported_v1;
	struct zxdg_exported_v2 *exported_v2;
	struct zxdg_imported_v1 *imported_v1;
	struct zxdg_imported_v2 *imported_v2;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	bool configured, handle_seen;
	int width, height;
	struct pattern pattern;
	struct raw_client_buffers buffers;
};

static const struct client_global bound_globals[] = {
	{ &wl_compositor_interface, 4, offsetof(struct client, compositor), NULL },
	{ &wl_shm_interface, 1, offsetof(struct client, shm), NULL },
	{ &xdg_wm_base_interface, 1, offsetof(struct client, wm_base),
			&client_wm_base_listener },
	{ &zxdg_exporter_v1_interface, 1, offsetof(struct client, exporter_v1),
			NULL },
	{ &zxdg_importer_v1_interface, 1, offsetof(struct client, importer_v1),
			NULL },
	{ &zxdg_exporter_v2_interface, 1, offsetof(struct client, exporter_v2),
			NULL },
	{ &zxdg_importer_v2_interface, 1, offsetof(struct client, importer_v2),
			NULL },
	{ 0 },
};

static void exported_v1_handle(void *data, struct zxdg_exported_v1 *exported,
		const char *handle) {
	struct client *c = data;
	c->handle_seen = true;
	raw_client_emit("handle %s", handle);
}

static const struct zxdg_exported_v1_listener exported_v1_listener = {
	.handle = exported_v1_handle,
};

static void exported_v2_handle(void *data, struct zxdg_exported_v2 *exported,
		const char *handle) {
	struct client *c = data;
	c->handle_seen = true;
	raw_client_emit("handle %s", handle);
}

static const struct zxdg_exported_v2_listener exported_v2_listener = {
	.handle = exported_v2_handle,
};

static void imported_v1_destroyed(void *data,
		struct zxdg_imported_v1 *imported) {
	raw_client_emit("import destroyed");
}

static const struct zxdg_imported_v1_listener imported_v1_listener = {
	.destroyed = imported_v1_destroyed,
};

static void imported_v2_destroyed(void *data,
		struct zxdg_imported_v2 *imported) {
	raw_client_emit("import destroyed");
}

static const struct zxdg_imported_v2_listener imported_v2_listener = {
	.destroyed = imported_v2_destroyed,
};

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct client *c = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	if (!c->configured) {
		c->configured = true;
		struct wl_buffer *buffer =
				raw_client_tracked_pattern_buffer(&c->buffers, c->shm, c->width,
						c->height, &c->pattern);
		if (buffer == NULL) {
			return;
		}
		wl_surface_attach(c->surface, buffer, 0, 0);
		wl_surface_damage_buffer(c->surface, 0, 0, c->width, c->height);
	}
	wl_surface_commit(c->surface);
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static bool on_line(void *data, char *line) {
	struct client *c = data;
	if (strcmp(line, "quit") == 0) {
		return false;
	} else if (strcmp(line, "sync") == 0) {
		wl_display_roundtrip(c->display);
		raw_client_emit("sync");
	} else if (strcmp(line, "unexport") == 0 &&
			(c->exported_v1 != NULL || c->exported_v2 != NULL)) {
		if (c->exported_v1 != NULL) {
			zxdg_exported_v1_destroy(c->exported_v1);
			c->exported_v1 = NULL;
		} else {
			zxdg_exported_v2_destroy(c->exported_v2);
			c->exported_v2 = NULL;
		}
		wl_display_flush(c->display);
	} else {
		raw_client_emit("error unknown command \"%s\"", line);
	}
	return true;
}

/* Destroys every object it made and disconnects: a clean exit leaves
 * nothing behind (LeakSanitizer counts proxies still allocated). */
static void client_finish(struct client *c) {
	if (c->exported_v1 != NULL) {
		zxdg_exported_v1_destroy(c->exported_v1);
	}
	if (c->exported_v2 != NULL) {
		zxdg_exported_v2_destroy(c->exported_v2);
	}
	if (c->imported_v1 != NULL) {
		zxdg_imported_v1_destroy(c->imported_v1);
	}
	if (c->imported_v2 != NULL) {
		zxdg_imported_v2_destroy(c->imported_v2);
	}
	if (c->toplevel != NULL) {
		xdg_toplevel_destroy(c->toplevel);
		xdg_surface_destroy(c->xdg_surface);
		wl_surface_destroy(c->surface);
	}
	raw_client_buffers_finish(&c->buffers);
	if (c->exporter_v1 != NULL) {
		zxdg_exporter_v1_destroy(c->exporter_v1);
	}
	if (c->importer_v1 != NULL) {
		zxdg_importer_v1_destroy(c->importer_v1);
	}
	if (c->exporter_v2 != NULL) {
		zxdg_exporter_v2_destroy(c->exporter_v2);
	}
	if (c->importer_v2 != NULL) {
		zxdg_importer_v2_destroy(c->importer_v2);
	}
	if (c->wm_base != NULL) {
		xdg_wm_base_destroy(c->wm_base);
	}
	if (c->shm != NULL) {
		wl_shm_destroy(c->shm);
	}
	if (c->compositor != NULL) {
		wl_compositor_destroy(c->compositor);
	}
	wl_registry_destroy(c->registry);
	wl_display_disconnect(c->display);
}

/* Dispatches until done is set; false when the compositor ends the
 * client. */
static bool dispatch_until(struct client *c, const bool *done) {
	while (!*done) {
		if (wl_display_dispatch(c->display) < 0) {
			return false;
		}
	}
	return true;
}

int main(int argc, char **argv) {
	bool export = argc == 6 && strcmp(argv[1], "export") == 0;
	bool import = argc == 7 && strcmp(argv[1], "import") == 0;
	struct client c = { 0 };
	int version = (export || import) ? atoi(argv[2]) : 0;
	if ((!export && !import) || (version != 1 && version != 2) ||
			sscanf(argv[5], "%dx%d", &c.width, &c.height) != 2 || c.width < 1 ||
			c.height < 1) {
		fprintf(stderr,
				"usage: foreign-client export|import 1|2 APP_ID "
				"RRGGBB WxH [HANDLE]\n");
		return 2;
	}
	c.pattern = (struct pattern){ .kind = PATTERN_SOLID,
		.colour = 0xff000000u | (uint32_t)strtoul(argv[4], NULL, 16) };
	raw_client_buffers_init(&c.buffers);
	c.display = raw_client_connect();
	if (c.display == NULL) {
		return 1;
	}
	struct client_globals globals = { .table = bound_globals, .data = &c };
	c.registry = client_globals_listen(c.display, &globals);
	wl_display_roundtrip(c.display);
	bool have = version == 1 ?
			(export ? c.exporter_v1 != NULL : c.importer_v1 != NULL) :
			(export ? c.exporter_v2 != NULL : c.importer_v2 != NULL);
	if (c.compositor == NULL || c.shm == NULL || c.wm_base == NULL || !have) {
		raw_client_emit("error compositor lacks xdg-foreign v%d", version);
		client_finish(&c);
		return 1;
	}
	c.surface = wl_compositor_create_surface(c.compositor);
	c.xdg_surface = xdg_wm_base_get_xdg_surface(c.wm_base, c.surface);
	xdg_surface_add_listener(c.xdg_surface, &xdg_surface_listener, &c);
	c.toplevel = xdg_surface_get_toplevel(c.xdg_surface);
	xdg_toplevel_add_listener(c.toplevel, &raw_client_toplevel_listener, &c);
	xdg_toplevel_set_app_id(c.toplevel, argv[3]);
	if (import) {
		if (version == 1) {
			c.imported_v1 = zxdg_importer_v1_import(c.importer_v1, argv[6]);
			zxdg_imported_v1_add_listener(c.imported_v1, &imported_v1_listener,
					&c);
			zxdg_imported_v1_set_parent_of(c.imported_v1, c.surface);
		} else {
			c.imported_v2 =
					zxdg_importer_v2_import_toplevel(c.importer_v2, argv[6]);
			zxdg_imported_v2_add_listener(c.imported_v2, &imported_v2_listener,
					&c);
			zxdg_imported_v2_set_parent_of(c.imported_v2, c.surface);
		}
	}
	wl_surface_commit(c.surface);
	bool ok = dispatch_until(&c, &c.configured) &&
			wl_display_roundtrip(c.display) >= 0;
	if (ok && export) {
		if (version == 1) {
			c.exported_v1 = zxdg_exporter_v1_export(c.exporter_v1, c.surface);
			zxdg_exported_v1_add_listener(c.exported_v1, &exported_v1_listener,
					&c);
		} else {
			c.exported_v2 =
					zxdg_exporter_v2_export_toplevel(c.exporter_v2, c.surface);
			zxdg_exported_v2_add_listener(c.exported_v2, &exported_v2_listener,
					&c);
		}
		ok = dispatch_until(&c, &c.handle_seen);
	}
	int status;
	if (ok) {
		raw_client_emit("ready");
		status = raw_client_run(c.display, on_line, &c);
	} else {
		status = raw_client_report_disconnect(c.display);
	}
	client_finish(&c);
	return status;
}
