#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-skeleton.h"
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
struct client {
	struct client_skeleton skel;
	struct zwp_text_input_manager_v3 *manager;
	struct zwp_text_input_v3 *text_input;
	int rect[4];
};

static void text_enter(void *data, struct zwp_text_input_v3 *text_input,
		struct wl_surface *surface) {
	struct client *client = data;
	client_emit("text enter");
	zwp_text_input_v3_enable(text_input);
	zwp_text_input_v3_set_surrounding_text(text_input, "hello", 5, 5);
	zwp_text_input_v3_set_content_type(text_input, 0, 0);
	zwp_text_input_v3_set_cursor_rectangle(text_input, client->rect[0],
			client->rect[1], client->rect[2], client->rect[3]);
	zwp_text_input_v3_commit(text_input);
}

static void text_leave(void *data, struct zwp_text_input_v3 *text_input,
		struct wl_surface *surface) {
	client_emit("text leave");
}

static void text_preedit(void *data, struct zwp_text_input_v3 *text_input,
		const char *text, int32_t begin, int32_t end) {
	client_emit("preedit %s %d %d", text != NULL ? text : "-", begin, end);
}

static void text_commit(void *data, struct zwp_text_input_v3 *text_input,
		const char *text) {
	client_emit("commit %s", text != NULL ? text : "-");
}

static void text_delete(void *data, struct zwp_text_input_v3 *text_input,
		uint32_t before, uint32_t after) {
	client_emit("delete %u %u", before, after);
}

static void text_done(void *data, struct zwp_text_input_v3 *text_input,
		uint32_t serial) {
	client_emit("done");
}

static const struct zwp_text_input_v3_listener text_input_listener = {
	.enter = text_enter,
	.leave = text_leave,
	.preedit_string = text_preedit,
	.commit_string = text_commit,
	.delete_surrounding_text = text_delete,
	.done = text_done,
};

static const struct client_global bound_globals[] = {
	{ &zwp_text_input_manager_v3_interface, 1, offsetof(struct client, manager),
			NULL },
	{ 0 },
};

static bool command(void *data, char *line) {
	struct client *client = data;
	if (strcmp(line, "disable") != 0) {
		return client_skeleton_bad_command(&client->skel, line);
	}
	zwp_text_input_v3_disable(client->text_input);
	zwp_text_input_v3_commit(client->text_input);
	wl_display_flush(client->skel.display);
	return true;
}

static bool start(void *data) {
	struct client *client = data;
	if (client->manager == NULL) {
		client_emit("error missing globals");
		return false;
	}
	client->text_input =
			zwp_text_input_manager_v3_get_text_input(client->manager,
					client->skel.seat);
	zwp_text_input_v3_add_listener(client->text_input, &text_input_listener,
			client);
	return true;
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
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.data = &client,
		.window = true,
		.seat_version = 1,
		.width = 200,
		.height = 150,
		.pattern = { .kind = PATTERN_SOLID, .colour = TEXT_CLIENT_COLOUR },
		.start = start,
		.command = command,
	};
	int status = client_skeleton_main(&client.skel, &spec, argv[1], NULL);
	if (client.text_input != NULL) {
		zwp_text_input_v3_destroy(client.text_input);
	}
	return client_skeleton_finish_all(&client.skel, status);
}
