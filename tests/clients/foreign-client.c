#define _GNU_SOURCE // memfd in client-shm
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "pattern.h"
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
	struct client_skeleton skel;
	struct zxdg_exporter_v1 *exporter_v1;
	struct zxdg_importer_v1 *importer_v1;
	struct zxdg_exporter_v2 *exporter_v2;
	struct zxdg_importer_v2 *importer_v2;
	struct zxdg_exported_v1 *exported_v1;
	struct zxdg_exported_v2 *exported_v2;
	struct zxdg_imported_v1 *imported_v1;
	struct zxdg_imported_v2 *imported_v2;
	bool handle_seen;
	int width, height;
	struct pattern pattern;
	struct raw_client_buffers buffers;
};

static const struct client_global bound_globals[] = {
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

/* The handle of either version's export, for the test to import. */
static void exported(struct client *c, const char *handle) {
	c->handle_seen = true;
	client_emit("handle %s", handle);
}

static void exported_v1_handle(void *data, struct zxdg_exported_v1 *exported_v1,
		const char *handle) {
	exported(data, handle);
}

static const struct zxdg_exported_v1_listener exported_v1_listener = {
	.handle = exported_v1_handle,
};

static void exported_v2_handle(void *data, struct zxdg_exported_v2 *exported_v2,
		const char *handle) {
	exported(data, handle);
}

static const struct zxdg_exported_v2_listener exported_v2_listener = {
	.handle = exported_v2_handle,
};

static void imported_v1_destroyed(void *data,
		struct zxdg_imported_v1 *imported) {
	client_emit("import destroyed");
}

static const struct zxdg_imported_v1_listener imported_v1_listener = {
	.destroyed = imported_v1_destroyed,
};

static void imported_v2_destroyed(void *data,
		struct zxdg_imported_v2 *imported) {
	client_emit("import destroyed");
}

static const struct zxdg_imported_v2_listener imported_v2_listener = {
	.destroyed = imported_v2_destroyed,
};

static void draw(void *data) {
	struct client *c = data;
	struct wl_buffer *buffer = raw_client_tracked_pattern_buffer(&c->buffers,
			c->skel.shm, c->width, c->height, &c->pattern);
	if (buffer != NULL) {
		wl_surface_attach(c->skel.surface, buffer, 0, 0);
		wl_surface_damage_buffer(c->skel.surface, 0, 0, c->width, c->height);
	}
	wl_surface_commit(c->skel.surface);
}

static bool on_line(void *data, char *line) {
	struct client *c = data;
	if (strcmp(line, "unexport") == 0 &&
			(c->exported_v1 != NULL || c->exported_v2 != NULL)) {
		if (c->exported_v1 != NULL) {
			zxdg_exported_v1_destroy(c->exported_v1);
			c->exported_v1 = NULL;
		} else {
			zxdg_exported_v2_destroy(c->exported_v2);
			c->exported_v2 = NULL;
		}
		wl_display_flush(c->skel.display);
	} else {
		return client_skeleton_bad_command(&c->skel, line);
	}
	return true;
}

/* Destroys what the client made, then the skeleton. */
static int client_finish(struct client *c, int status) {
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
	raw_client_buffers_finish(&c->buffers);
	return client_skeleton_finish_all(&c->skel, status);
}

/* Dispatches until done is set; false when the compositor ends the
 * client. */
static bool dispatch_until(struct client *c, const bool *done) {
	while (!*done) {
		if (wl_display_dispatch(c->skel.display) < 0) {
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
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.data = &c,
		.window = true,
		.draw = draw,
		.command = on_line,
		.bad_command_word = "unknown",
	};
	if (client_skeleton_connect(&c.skel, &spec) != 0) {
		return client_finish(&c, 1);
	}
	bool have = version == 1 ?
			(export ? c.exporter_v1 != NULL : c.importer_v1 != NULL) :
			(export ? c.exporter_v2 != NULL : c.importer_v2 != NULL);
	if (!have) {
		client_emit("error compositor lacks xdg-foreign v%d", version);
		return client_finish(&c, 1);
	}
	client_skeleton_make_toplevel(&c.skel, argv[3], NULL);
	struct wl_surface *surface = c.skel.surface;
	if (import) {
		if (version == 1) {
			c.imported_v1 = zxdg_importer_v1_import(c.importer_v1, argv[6]);
			zxdg_imported_v1_add_listener(c.imported_v1, &imported_v1_listener,
					&c);
			zxdg_imported_v1_set_parent_of(c.imported_v1, surface);
		} else {
			c.imported_v2 =
					zxdg_importer_v2_import_toplevel(c.importer_v2, argv[6]);
			zxdg_imported_v2_add_listener(c.imported_v2, &imported_v2_listener,
					&c);
			zxdg_imported_v2_set_parent_of(c.imported_v2, surface);
		}
	}
	int status = client_skeleton_show(&c.skel);
	if (status == 0 && export) {
		if (version == 1) {
			c.exported_v1 = zxdg_exporter_v1_export(c.exporter_v1, surface);
			zxdg_exported_v1_add_listener(c.exported_v1, &exported_v1_listener,
					&c);
		} else {
			c.exported_v2 =
					zxdg_exporter_v2_export_toplevel(c.exporter_v2, surface);
			zxdg_exported_v2_add_listener(c.exported_v2, &exported_v2_listener,
					&c);
		}
		if (!dispatch_until(&c, &c.handle_seen)) {
			status = raw_client_report_disconnect(c.skel.display);
		}
	}
	if (status == 0) {
		status = client_skeleton_ready_run(&c.skel);
	}
	return client_finish(&c, status);
}
