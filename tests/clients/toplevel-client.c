#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "client-skeleton.h"
#include "wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"
#include "xdg-output-unstable-v1-client-protocol.h"

/*
 * A taskbar for the tests, over wlr-foreign-toplevel-management (Debian 12
 * has no wlrctl). Each handle gets a number in the order it appeared; at
 * every done it prints
 *   toplevel N app_id=A title=T state=S outputs=O
 * (S: activated, maximized, minimized, fullscreen joined by commas, O: the
 * xdg-output names in the order entered; "-" for none), and
 *   closed N app_id=A
 * when it goes. Commands on stdin, on the newest handle whose app_id is A:
 * activate A | close A | maximize A | unmaximize A | minimize A |
 * unminimize A | fullscreen A [OUTPUT] | unfullscreen A; "sync" prints
 * "sync" once gridwl answered everything before it; "quit".
 */

#define OUTPUTS_MAX 8

struct output {
	struct wl_output *wl_output;
	struct zxdg_output_v1 *xdg_output;
	char name[64];
};

struct handle {
	struct wl_list link; // tbar.handles
	struct tbar *tbar;
	struct zwlr_foreign_toplevel_handle_v1 *object;
	int number;
	char *app_id, *title;
	uint32_t states; // 1 << state
	struct output *outputs[OUTPUTS_MAX];
	int output_count;
};

struct tbar {
	struct client_skeleton skel;
	struct zxdg_output_manager_v1 *xdg_output_manager;
	struct zwlr_foreign_toplevel_manager_v1 *manager;
	uint32_t manager_name;
	struct output outputs[OUTPUTS_MAX];
	int output_count;
	struct wl_list handles;
	int next_number;
};

static struct output *output_from_wl(struct tbar *tbar,
		struct wl_output *wl_output) {
	for (int i = 0; i < tbar->output_count; i++) {
		if (tbar->outputs[i].wl_output == wl_output) {
			return &tbar->outputs[i];
		}
	}
	return NULL;
}

static void handle_title(void *data,
		struct zwlr_foreign_toplevel_handle_v1 *object, const char *title) {
	struct handle *handle = data;
	free(handle->title);
	handle->title = strdup(title);
}

static void handle_app_id(void *data,
		struct zwlr_foreign_toplevel_handle_v1 *object, const char *app_id) {
	struct handle *handle = data;
	free(handle->app_id);
	handle->app_id = strdup(app_id);
}

/* Where output is in the handle's outputs; -1 when it is not. */
static int handle_output_index(const struct handle *handle,
		const struct output *output) {
	for (int i = 0; i < handle->output_count; i++) {
		if (handle->outputs[i] == output) {
			return i;
		}
	}
	return -1;
}

static void handle_output_enter(void *data,
		struct zwlr_foreign_toplevel_handle_v1 *object,
		struct wl_output *wl_output) {
	struct handle *handle = data;
	struct output *output = output_from_wl(handle->tbar, wl_output);
	if (handle_output_index(handle, output) >= 0) {
		client_emit("error toplevel %d entered an output twice",
				handle->number);
		return;
	}
	if (output != NULL && handle->output_count < OUTPUTS_MAX) {
		handle->outputs[handle->output_count++] = output;
	}
}

static void handle_output_leave(void *data,
		struct zwlr_foreign_toplevel_handle_v1 *object,
		struct wl_output *wl_output) {
	struct handle *handle = data;
	struct output *output = output_from_wl(handle->tbar, wl_output);
	int i = handle_output_index(handle, output);
	if (i < 0) {
		client_emit("error toplevel %d left an output it was not on",
				handle->number);
		return;
	}
	memmove(&handle->outputs[i], &handle->outputs[i + 1],
			sizeof(handle->outputs[0]) *
					(size_t)(handle->output_count - i - 1));
	handle->output_count--;
}

static void handle_state(void *data,
		struct zwlr_foreign_toplevel_handle_v1 *object,
		struct wl_array *states) {
	struct handle *handle = data;
	handle->states = 0;
	uint32_t *state;
	wl_array_for_each(state, states) {
		if (*state < 32) {
			handle->states |= 1u << *state;
		}
	}
}

static void handle_done(void *data,
		struct zwlr_foreign_toplevel_handle_v1 *object) {
	struct handle *handle = data;
	static const struct {
		uint32_t state;
		const char *name;
	} names[] = {
		{ ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MAXIMIZED, "maximized" },
		{ ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MINIMIZED, "minimized" },
		{ ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED, "activated" },
		{ ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN, "fullscreen" },
	};
	char state[128] = "", outputs[OUTPUTS_MAX * 65] = "";
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (handle->states & (1u << names[i].state)) {
			strcat(state, state[0] ? "," : "");
			strcat(state, names[i].name);
		}
	}
	for (int i = 0; i < handle->output_count; i++) {
		strcat(outputs, outputs[0] ? "," : "");
		strcat(outputs, handle->outputs[i]->name);
	}
	client_emit("toplevel %d app_id=%s title=%s state=%s outputs=%s",
			handle->number, handle->app_id ? handle->app_id : "-",
			handle->title ? handle->title : "-", state[0] ? state : "-",
			outputs[0] ? outputs : "-");
}

static void handle_destroy(struct handle *handle) {
	zwlr_foreign_toplevel_handle_v1_destroy(handle->object);
	wl_list_remove(&handle->link);
	free(handle->app_id);
	free(handle->title);
	free(handle);
}

static void handle_closed(void *data,
		struct zwlr_foreign_toplevel_handle_v1 *object) {
	struct handle *handle = data;
	client_emit("closed %d app_id=%s", handle->number,
			handle->app_id ? handle->app_id : "-");
	handle_destroy(handle);
}

static void handle_parent(void *data,
		struct zwlr_foreign_toplevel_handle_v1 *object,
		struct zwlr_foreign_toplevel_handle_v1 *parent) {
}

static const struct zwlr_foreign_toplevel_handle_v1_listener handle_listener = {
	.title = handle_title,
	.app_id = handle_app_id,
	.output_enter = handle_output_enter,
	.output_leave = handle_output_leave,
	.state = handle_state,
	.done = handle_done,
	.closed = handle_closed,
	.parent = handle_parent,
};

static void manager_toplevel(void *data,
		struct zwlr_foreign_toplevel_manager_v1 *manager,
		struct zwlr_foreign_toplevel_handle_v1 *object) {
	struct tbar *tbar = data;
	struct handle *handle = calloc(1, sizeof(*handle));
	if (handle == NULL) {
		client_emit("error out of memory");
		exit(1);
	}
	handle->tbar = tbar;
	handle->object = object;
	handle->number = ++tbar->next_number;
	wl_list_insert(tbar->handles.prev, &handle->link);
	zwlr_foreign_toplevel_handle_v1_add_listener(object, &handle_listener,
			handle);
}

static void manager_finished(void *data,
		struct zwlr_foreign_toplevel_manager_v1 *manager) {
	client_emit("finished");
}

static const struct zwlr_foreign_toplevel_manager_v1_listener
		manager_listener = {
			.toplevel = manager_toplevel,
			.finished = manager_finished,
		};

static void xdg_output_name(void *data, struct zxdg_output_v1 *xdg_output,
		const char *name) {
	struct output *output = data;
	snprintf(output->name, sizeof(output->name), "%s", name);
}

static void xdg_output_ignore_position(void *data,
		struct zxdg_output_v1 *xdg_output, int32_t x, int32_t y) {
}

static void xdg_output_ignore_done(void *data,
		struct zxdg_output_v1 *xdg_output) {
}

static void xdg_output_ignore_description(void *data,
		struct zxdg_output_v1 *xdg_output, const char *description) {
}

static const struct zxdg_output_v1_listener xdg_output_listener = {
	.logical_position = xdg_output_ignore_position,
	.logical_size = xdg_output_ignore_position,
	.done = xdg_output_ignore_done,
	.name = xdg_output_name,
	.description = xdg_output_ignore_description,
};

static const struct client_global bound_globals[] = {
	{ &zxdg_output_manager_v1_interface, 2,
			offsetof(struct tbar, xdg_output_manager), NULL },
	{ 0 },
};

/* Every output; the toplevel manager is bound once the outputs' names are
 * known (main). */
static void registry_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct tbar *tbar = data;
	if (strcmp(interface, wl_output_interface.name) == 0 &&
			tbar->output_count < OUTPUTS_MAX) {
		struct output *output = &tbar->outputs[tbar->output_count++];
		snprintf(output->name, sizeof(output->name), "?");
		output->wl_output =
				wl_registry_bind(registry, name, &wl_output_interface, 1);
	} else if (strcmp(interface,
					   zwlr_foreign_toplevel_manager_v1_interface.name) == 0) {
		tbar->manager_name = name;
	}
}

static struct handle *handle_by_app_id(struct tbar *tbar, const char *app_id) {
	struct handle *handle, *found = NULL;
	wl_list_for_each(handle, &tbar->handles, link) {
		if (handle->app_id != NULL && strcmp(handle->app_id, app_id) == 0) {
			found = handle;
		}
	}
	return found;
}

static struct wl_output *wl_output_by_name(struct tbar *tbar,
		const char *name) {
	for (int i = 0; i < tbar->output_count; i++) {
		if (strcmp(tbar->outputs[i].name, name) == 0) {
			return tbar->outputs[i].wl_output;
		}
	}
	return NULL;
}

static bool on_line(void *data, char *line) {
	struct tbar *tbar = data;
	char command[32], app_id[128], extra[64];
	int n = sscanf(line, "%31s %127s %63s", command, app_id, extra);
	struct handle *handle = n >= 2 ? handle_by_app_id(tbar, app_id) : NULL;
	if (handle == NULL) {
		client_emit("error no toplevel for \"%s\"", line);
		return true;
	}
	struct zwlr_foreign_toplevel_handle_v1 *object = handle->object;
	if (strcmp(command, "activate") == 0) {
		zwlr_foreign_toplevel_handle_v1_activate(object, tbar->skel.seat);
	} else if (strcmp(command, "close") == 0) {
		zwlr_foreign_toplevel_handle_v1_close(object);
	} else if (strcmp(command, "maximize") == 0) {
		zwlr_foreign_toplevel_handle_v1_set_maximized(object);
	} else if (strcmp(command, "unmaximize") == 0) {
		zwlr_foreign_toplevel_handle_v1_unset_maximized(object);
	} else if (strcmp(command, "minimize") == 0) {
		zwlr_foreign_toplevel_handle_v1_set_minimized(object);
	} else if (strcmp(command, "unminimize") == 0) {
		zwlr_foreign_toplevel_handle_v1_unset_minimized(object);
	} else if (strcmp(command, "fullscreen") == 0) {
		struct wl_output *output =
				n >= 3 ? wl_output_by_name(tbar, extra) : NULL;
		if (n >= 3 && output == NULL) {
			client_emit("error no output %s", extra);
			return true;
		}
		zwlr_foreign_toplevel_handle_v1_set_fullscreen(object, output);
	} else if (strcmp(command, "unfullscreen") == 0) {
		zwlr_foreign_toplevel_handle_v1_unset_fullscreen(object);
	} else {
		client_emit("error unknown command \"%s\"", line);
	}
	return true;
}

/* Destroys every object the taskbar made, then the skeleton's. */
static int tbar_finish(struct tbar *tbar, int status) {
	struct handle *handle, *tmp;
	wl_list_for_each_safe(handle, tmp, &tbar->handles, link) {
		handle_destroy(handle);
	}
	// The manager has no destructor request, only stop: its finished
	// then comes to a proxy already gone, so it is not narrated.
	if (tbar->manager != NULL) {
		zwlr_foreign_toplevel_manager_v1_stop(tbar->manager);
		zwlr_foreign_toplevel_manager_v1_destroy(tbar->manager);
	}
	for (int i = 0; i < tbar->output_count; i++) {
		struct output *output = &tbar->outputs[i];
		if (output->xdg_output != NULL) {
			zxdg_output_v1_destroy(output->xdg_output);
		}
		// Bound at version 1: wl_output.release needs 3.
		wl_output_destroy(output->wl_output);
	}
	return client_skeleton_finish_all(&tbar->skel, status);
}

int main(void) {
	struct tbar tbar = { 0 };
	wl_list_init(&tbar.handles);
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.global = registry_global,
		.data = &tbar,
		.seat_version = 1,
		.command = on_line,
	};
	if (client_skeleton_connect(&tbar.skel, &spec) != 0) {
		return tbar_finish(&tbar, 1);
	}
	struct wl_display *display = tbar.skel.display;
	if (tbar.manager_name == 0 || tbar.xdg_output_manager == NULL) {
		client_emit("error no zwlr_foreign_toplevel_manager_v1 or "
					"xdg-output");
		return tbar_finish(&tbar, 1);
	}
	for (int i = 0; i < tbar.output_count; i++) {
		struct output *output = &tbar.outputs[i];
		output->xdg_output =
				zxdg_output_manager_v1_get_xdg_output(tbar.xdg_output_manager,
						output->wl_output);
		zxdg_output_v1_add_listener(output->xdg_output, &xdg_output_listener,
				output);
	}
	// The names first, so the first output_enter already has one.
	wl_display_roundtrip(display);
	tbar.manager = wl_registry_bind(tbar.skel.registry, tbar.manager_name,
			&zwlr_foreign_toplevel_manager_v1_interface, 3);
	zwlr_foreign_toplevel_manager_v1_add_listener(tbar.manager,
			&manager_listener, &tbar);
	wl_display_roundtrip(display);
	return tbar_finish(&tbar, client_skeleton_ready_run(&tbar.skel));
}
