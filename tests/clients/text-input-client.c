#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "raw-client.h"
#include "text-input-unstable-v3-client-protocol.h"

/*
 * text-input-client: a text field, as GTK's and Qt's are over
 * text-input-unstable-v3, for the input-method test.
 *
 *   text-input-client APP_ID X Y W H
 *
 * A 200x150 window of one colour, TEXT_CLIENT_COLOUR (0xff2080c0), at
 * buffer scale 1. When its text input enters the window it enables it
 * with surrounding text "hello" (cursor at 5), content type 0 0 and the
 * cursor rectangle X Y W H (surface-local, logical), and commits. It
 * prints "ready", "text enter", "text leave", "preedit TEXT BEGIN END"
 * ("-" for none), "commit TEXT", "delete BEFORE AFTER" and "done" as
 * they come. Commands: "disable", "sync", "quit".
 */

#define TEXT_CLIENT_COLOUR 0xff2080c0u
#define WIDTH 200
#define HEIGHT 150

struct client {
	struct wl_display *display;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_seat *seat;
	struct zwp_text_input_manager_v3 *manager;
	struct zwp_text_input_v3 *text_input;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	struct wl_buffer *buffer;
	struct wl_event_queue *buffer_queue;
	int rect[4];
	bool configured;
};

static void text_enter(void *data, struct zwp_text_input_v3 *text_input,
		struct wl_surface *surface) {
	struct client *client = data;
	raw_client_emit("text enter");
	zwp_text_input_v3_enable(text_input);
	zwp_text_input_v3_set_surrounding_text(text_input, "hello", 5, 5);
	zwp_text_input_v3_set_content_type(text_input, 0, 0);
	zwp_text_input_v3_set_cursor_rectangle(text_input, client->rect[0],
			client->rect[1], client->rect[2], client->rect[3]);
	zwp_text_input_v3_commit(text_input);
}

static void text_leave(void *data, struct zwp_text_input_v3 *text_input,
		struct wl_surface *surface) {
	raw_client_emit("text leave");
}

static void text_preedit(void *data, struct zwp_text_input_v3 *text_input,
		const char *text, int32_t begin, int32_t end) {
	raw_client_emit("preedit %s %d %d", text != NULL ? text : "-", begin, end);
}

static void text_commit(void *data, struct zwp_text_input_v3 *text_input,
		const char *text) {
	raw_client_emit("commit %s", text != NULL ? text : "-");
}

static void text_delete(void *data, struct zwp_text_input_v3 *text_input,
		uint32_t before, uint32_t after) {
	raw_client_emit("delete %u %u", before, after);
}

static void text_done(void *data, struct zwp_text_input_v3 *text_input,
		uint32_t serial) {
	raw_client_emit("done");
}

static const struct zwp_text_input_v3_listener text_input_listener = {
	.enter = text_enter,
	.leave = text_leave,
	.preedit_string = text_preedit,
	.commit_string = text_commit,
	.delete_surrounding_text = text_delete,
	.done = text_done,
};

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct client *client = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	if (client->configured) {
		wl_surface_commit(client->surface);
		return;
	}
	client->configured = true;
	struct pattern pattern = { .kind = PATTERN_SOLID,
		.colour = TEXT_CLIENT_COLOUR };
	client->buffer =
			raw_client_pattern_buffer(client->shm, WIDTH, HEIGHT, &pattern);
	if (client->buffer == NULL) {
		exit(1);
	}
	wl_proxy_set_queue((struct wl_proxy *)client->buffer, client->buffer_queue);
	wl_surface_attach(client->surface, client->buffer, 0, 0);
	wl_surface_damage(client->surface, 0, 0, WIDTH, HEIGHT);
	wl_surface_commit(client->surface);
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static const struct client_global bound_globals[] = {
	{ &wl_compositor_interface, 4, offsetof(struct client, compositor), NULL },
	{ &wl_shm_interface, 1, offsetof(struct client, shm), NULL },
	{ &xdg_wm_base_interface, 1, offsetof(struct client, wm_base),
			&client_wm_base_listener },
	{ &wl_seat_interface, 1, offsetof(struct client, seat), NULL },
	{ &zwp_text_input_manager_v3_interface, 1, offsetof(struct client, manager),
			NULL },
	{ 0 },
};

static bool on_line(void *data, char *line) {
	struct client *client = data;
	if (strcmp(line, "quit") == 0) {
		return false;
	} else if (strcmp(line, "sync") == 0) {
		wl_display_roundtrip(client->display);
		raw_client_emit("sync");
	} else if (strcmp(line, "disable") == 0) {
		zwp_text_input_v3_disable(client->text_input);
		zwp_text_input_v3_commit(client->text_input);
		wl_display_flush(client->display);
	} else {
		raw_client_emit("error bad command \"%s\"", line);
	}
	return true;
}

/* Destroys every object it made and disconnects: LeakSanitizer counts
 * proxies still allocated. */
static void client_finish(struct client *client, struct wl_registry *registry) {
	if (client->text_input != NULL) {
		zwp_text_input_v3_destroy(client->text_input);
	}
	if (client->toplevel != NULL) {
		xdg_toplevel_destroy(client->toplevel);
	}
	if (client->xdg_surface != NULL) {
		xdg_surface_destroy(client->xdg_surface);
	}
	if (client->surface != NULL) {
		wl_surface_destroy(client->surface);
	}
	if (client->buffer != NULL) {
		wl_buffer_destroy(client->buffer);
	}
	if (client->manager != NULL) {
		zwp_text_input_manager_v3_destroy(client->manager);
	}
	if (client->seat != NULL) {
		wl_seat_destroy(client->seat);
	}
	if (client->wm_base != NULL) {
		xdg_wm_base_destroy(client->wm_base);
	}
	if (client->shm != NULL) {
		wl_shm_destroy(client->shm);
	}
	if (client->compositor != NULL) {
		wl_compositor_destroy(client->compositor);
	}
	wl_registry_destroy(registry);
	wl_event_queue_destroy(client->buffer_queue);
	wl_display_disconnect(client->display);
}

int main(int argc, char *argv[]) {
	if (argc != 6) {
		fprintf(stderr, "usage: text-input-client APP_ID X Y W H\n");
		return 2;
	}
	struct client client = { 0 };
	for (int i = 0; i < 4; i++) {
		client.rect[i] = atoi(argv[2 + i]);
	}
	client.display = raw_client_connect();
	if (client.display == NULL) {
		return 1;
	}
	client.buffer_queue = wl_display_create_queue(client.display);
	struct client_globals globals = {
		.table = bound_globals,
		.data = &client,
	};
	struct wl_registry *registry =
			client_globals_listen(client.display, &globals);
	wl_display_roundtrip(client.display);
	if (client.compositor == NULL || client.shm == NULL ||
			client.wm_base == NULL || client.seat == NULL ||
			client.manager == NULL) {
		raw_client_emit("error missing globals");
		client_finish(&client, registry);
		return 1;
	}
	client.text_input = zwp_text_input_manager_v3_get_text_input(client.manager,
			client.seat);
	zwp_text_input_v3_add_listener(client.text_input, &text_input_listener,
			&client);
	client.surface = wl_compositor_create_surface(client.compositor);
	int status = raw_client_map_toplevel(client.display, client.wm_base,
			client.surface, &client.xdg_surface, &client.toplevel,
			&xdg_surface_listener, &client, argv[1], NULL, &client.configured);
	if (status != 0) {
		client_finish(&client, registry);
		return status;
	}
	wl_display_roundtrip(client.display);
	raw_client_emit("ready");
	status = raw_client_run(client.display, on_line, &client);
	client_finish(&client, registry);
	return status;
}
