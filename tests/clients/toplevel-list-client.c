#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "ext-foreign-toplevel-list-v1-client-protocol.h"

/*
 * toplevel-list-client: a reader of ext-foreign-toplevel-list-v1, for the
 * foreign-toplevel-list test.
 *
 * Prints "ready" once bound, then numbers the handles 1, 2... as they come
 * and prints, at each done,
 * "toplevel N identifier=ID app_id=A title=T", and "closed N" when one
 * goes, "finished" when the list ends. On stdin: "stop", "sync" (prints
 * "sync" once gridwl answered everything before it), "quit".
 */

struct handle {
	struct client *client;
	struct ext_foreign_toplevel_handle_v1 *handle;
	int number;
	char *identifier, *app_id, *title;
	struct wl_list link;
};

struct client {
	struct client_skeleton skel;
	struct ext_foreign_toplevel_list_v1 *list;
	struct wl_list handles; // handle.link
	int next_number;
	bool finished;
};

static const struct client_global bound_globals[] = {
	{ &ext_foreign_toplevel_list_v1_interface, 1, offsetof(struct client, list),
			NULL },
	{ 0 },
};

static void handle_free(struct handle *handle) {
	ext_foreign_toplevel_handle_v1_destroy(handle->handle);
	free(handle->identifier);
	free(handle->app_id);
	free(handle->title);
	wl_list_remove(&handle->link);
	free(handle);
}

static void set_string(char **field, const char *value) {
	free(*field);
	*field = strdup(value);
}

static void handle_closed(void *data,
		struct ext_foreign_toplevel_handle_v1 *wl_handle) {
	struct handle *handle = data;
	client_emit("closed %d", handle->number);
	handle_free(handle);
}

static void handle_done(void *data,
		struct ext_foreign_toplevel_handle_v1 *wl_handle) {
	struct handle *handle = data;
	client_emit("toplevel %d identifier=%s app_id=%s title=%s", handle->number,
			handle->identifier ? handle->identifier : "(none)",
			handle->app_id ? handle->app_id : "(none)",
			handle->title ? handle->title : "(none)");
}

static void handle_title(void *data,
		struct ext_foreign_toplevel_handle_v1 *wl_handle, const char *title) {
	struct handle *handle = data;
	set_string(&handle->title, title);
}

static void handle_app_id(void *data,
		struct ext_foreign_toplevel_handle_v1 *wl_handle, const char *app_id) {
	struct handle *handle = data;
	set_string(&handle->app_id, app_id);
}

static void handle_identifier(void *data,
		struct ext_foreign_toplevel_handle_v1 *wl_handle,
		const char *identifier) {
	struct handle *handle = data;
	set_string(&handle->identifier, identifier);
}

static const struct ext_foreign_toplevel_handle_v1_listener handle_listener = {
	.closed = handle_closed,
	.done = handle_done,
	.title = handle_title,
	.app_id = handle_app_id,
	.identifier = handle_identifier,
};

static void list_toplevel(void *data, struct ext_foreign_toplevel_list_v1 *list,
		struct ext_foreign_toplevel_handle_v1 *wl_handle) {
	struct client *client = data;
	struct handle *handle = calloc(1, sizeof(*handle));
	if (handle == NULL) {
		client_emit("error out of memory");
		ext_foreign_toplevel_handle_v1_destroy(wl_handle);
		return;
	}
	handle->client = client;
	handle->handle = wl_handle;
	handle->number = ++client->next_number;
	wl_list_insert(client->handles.prev, &handle->link);
	ext_foreign_toplevel_handle_v1_add_listener(wl_handle, &handle_listener,
			handle);
}

static void list_finished(void *data,
		struct ext_foreign_toplevel_list_v1 *list) {
	struct client *client = data;
	client->finished = true;
	client_emit("finished");
}

static const struct ext_foreign_toplevel_list_v1_listener list_listener = {
	.toplevel = list_toplevel,
	.finished = list_finished,
};

static bool on_line(void *data, char *line) {
	struct client *client = data;
	if (strcmp(line, "stop") != 0) {
		return client_skeleton_bad_command(&client->skel, line);
	}
	ext_foreign_toplevel_list_v1_stop(client->list);
	wl_display_flush(client->skel.display);
	return true;
}

int main(void) {
	struct client client = { 0 };
	wl_list_init(&client.handles);
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.globals_required = true,
		.data = &client,
		.command = on_line,
		.bad_command_word = "unknown",
	};
	int status = client_skeleton_connect(&client.skel, &spec);
	if (status == 0) {
		// Bound, not yet heard from: the handles there are come next.
		ext_foreign_toplevel_list_v1_add_listener(client.list, &list_listener,
				&client);
		status = client_skeleton_ready_run(&client.skel);
	}
	// Every object made is destroyed: LeakSanitizer counts proxies.
	struct handle *handle, *tmp;
	wl_list_for_each_safe(handle, tmp, &client.handles, link) {
		handle_free(handle);
	}
	return client_skeleton_finish_all(&client.skel, status);
}
