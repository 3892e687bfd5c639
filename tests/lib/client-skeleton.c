#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "client-skeleton.h"

static void pointer_enter(void *data, uint32_t serial,
		struct wl_surface *surface, double x, double y) {
	struct client_skeleton *skel = data;
	skel->pointer_serial = serial;
	if (skel->spec->pointer & CLIENT_POINTER_ENTER) {
		client_emit("pointer enter %.2f %.2f", x, y);
	}
}

static void pointer_leave(void *data, struct wl_surface *surface) {
	struct client_skeleton *skel = data;
	if (skel->spec->pointer & CLIENT_POINTER_ENTER) {
		client_emit("pointer leave");
	}
}

static void pointer_motion(void *data, double x, double y) {
	struct client_skeleton *skel = data;
	if (skel->spec->pointer & CLIENT_POINTER_MOTION) {
		client_emit("pointer motion %.2f %.2f", x, y);
	}
}

static void pointer_button(void *data, uint32_t serial, uint32_t button,
		uint32_t state) {
	struct client_skeleton *skel = data;
	if (skel->spec->pointer & CLIENT_POINTER_BUTTON) {
		client_emit("pointer button %u %u", button, state);
	}
}

static void pointer_added(void *data, struct wl_pointer *pointer) {
	const struct client_skeleton_spec *spec =
			((struct client_skeleton *)data)->spec;
	if (spec->pointer_added != NULL) {
		spec->pointer_added(spec->data, pointer);
	}
}

static void keyboard_enter(void *data, uint32_t serial,
		struct wl_surface *surface, struct wl_array *keys) {
	const struct client_skeleton_spec *spec =
			((struct client_skeleton *)data)->spec;
	if (spec->keyboard_enter != NULL) {
		spec->keyboard_enter(spec->data, serial, surface);
	}
}

static void keyboard_leave(void *data, uint32_t serial,
		struct wl_surface *surface) {
	const struct client_skeleton_spec *spec =
			((struct client_skeleton *)data)->spec;
	if (spec->keyboard_leave != NULL) {
		spec->keyboard_leave(spec->data, serial, surface);
	}
}

/* The seat as the spec narrates it: the pointer and the keyboard only when
 * it asks for something of them. */
static void fill_input_handler(struct client_skeleton *skel) {
	const struct client_skeleton_spec *spec = skel->spec;
	struct client_input_handler *h = &skel->input_handler;
	if (spec->pointer != 0 || spec->pointer_added != NULL) {
		h->pointer_added = pointer_added;
		h->pointer_enter = pointer_enter;
		h->pointer_leave = pointer_leave;
		h->pointer_motion = pointer_motion;
		h->pointer_button = pointer_button;
	}
	if (spec->keyboard_enter != NULL || spec->keyboard_leave != NULL) {
		h->keyboard_enter = keyboard_enter;
		h->keyboard_leave = keyboard_leave;
	}
	if (spec->input != NULL) {
		skel->input = (struct client_input){ .handler = spec->input,
			.data = spec->data };
	} else {
		skel->input = (struct client_input){ .handler = h, .data = skel };
	}
}

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
	struct client_skeleton *skel = data;
	client_input_capabilities(&skel->input, seat, caps);
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) {
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = seat_capabilities,
	.name = seat_name,
};

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct client_skeleton *skel = data;
	const struct client_skeleton_spec *spec = skel->spec;
	xdg_surface_ack_configure(xdg_surface, serial);
	bool first = !skel->configured;
	skel->configured = true;
	if (spec->configure != NULL) {
		spec->configure(spec->data);
	} else if (!first) {
		wl_surface_commit(skel->surface);
	} else if (spec->draw != NULL) {
		spec->draw(spec->data);
	} else {
		client_skeleton_draw(skel);
	}
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

/* The outputs the spec keeps, before the client's own function hears the
 * rest. */
static void skeleton_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct client_skeleton *skel = data;
	const struct client_skeleton_spec *spec = skel->spec;
	if (!client_named_outputs_global(spec->outputs, registry, name, interface,
				version) &&
			spec->global != NULL) {
		spec->global(spec->data, registry, name, interface, version);
	}
}

/* The skeleton's globals, those spec asks for, in skel->table. */
static void fill_table(struct client_skeleton *skel) {
	const struct client_skeleton_spec *spec = skel->spec;
	struct client_global *entry = skel->table;
	if (spec->window || spec->surfaces) {
		*entry++ = (struct client_global){ &wl_compositor_interface,
			spec->compositor_version > 0 ? spec->compositor_version : 4,
			offsetof(struct client_skeleton, compositor), NULL };
		*entry++ = (struct client_global){ &wl_shm_interface, 1,
			offsetof(struct client_skeleton, shm), NULL };
	}
	if (spec->window) {
		*entry++ = (struct client_global){ &xdg_wm_base_interface,
			spec->wm_base_version > 0 ? spec->wm_base_version : 1,
			offsetof(struct client_skeleton, wm_base),
			&client_wm_base_listener };
	}
	if (spec->seat_version > 0) {
		// Listened to from the bind: the capabilities come at once.
		*entry++ =
				(struct client_global){ &wl_seat_interface, spec->seat_version,
					offsetof(struct client_skeleton, seat), &seat_listener };
	}
}

/* Whether every global of table is bound in data; prints the first that
 * is not. */
static bool bound_all(const struct client_global *table, void *data) {
	for (; table != NULL && table->interface != NULL; table++) {
		if (*(void **)((char *)data + table->offset) == NULL) {
			client_emit("error missing global %s", table->interface->name);
			return false;
		}
	}
	return true;
}

int client_skeleton_connect(struct client_skeleton *skel,
		const struct client_skeleton_spec *spec) {
	*skel = (struct client_skeleton){ .spec = spec };
	wl_list_init(&skel->sync_lines);
	skel->display = raw_client_connect();
	if (skel->display == NULL) {
		return 1;
	}
	skel->buffer_queue = wl_display_create_queue(skel->display);
	fill_table(skel);
	fill_input_handler(skel);
	skel->theirs = (struct client_globals){
		.table = spec->globals,
		.global = spec->global,
		.global_remove = spec->global_remove,
		.data = spec->data,
	};
	skel->own = (struct client_globals){
		.table = skel->table,
		.next = &skel->theirs,
		.global = spec->outputs != NULL ? skeleton_global : NULL,
		.data = skel,
	};
	skel->registry = client_globals_listen(skel->display, &skel->own);
	wl_display_roundtrip(skel->display);
	if (!bound_all(skel->table, skel) ||
			(spec->globals_required && !bound_all(spec->globals, spec->data))) {
		return 1;
	}
	return 0;
}

void client_skeleton_make_toplevel(struct client_skeleton *skel,
		const char *app_id, const char *title) {
	if (skel->surface == NULL) {
		skel->surface = wl_compositor_create_surface(skel->compositor);
	}
	skel->xdg_surface =
			xdg_wm_base_get_xdg_surface(skel->wm_base, skel->surface);
	xdg_surface_add_listener(skel->xdg_surface, &xdg_surface_listener, skel);
	skel->toplevel = xdg_surface_get_toplevel(skel->xdg_surface);
	if (skel->spec->toplevel != NULL) {
		xdg_toplevel_add_listener(skel->toplevel, skel->spec->toplevel,
				skel->spec->data);
	} else {
		xdg_toplevel_add_listener(skel->toplevel, &raw_client_toplevel_listener,
				skel);
	}
	xdg_toplevel_set_app_id(skel->toplevel, app_id);
	if (title != NULL) {
		xdg_toplevel_set_title(skel->toplevel, title);
	}
}

int client_skeleton_show(struct client_skeleton *skel) {
	wl_surface_commit(skel->surface);
	while (!skel->configured) {
		if (wl_display_dispatch(skel->display) < 0) {
			return raw_client_report_disconnect(skel->display);
		}
	}
	if (wl_display_roundtrip(skel->display) < 0) {
		return raw_client_report_disconnect(skel->display);
	}
	return 0;
}

int client_skeleton_map(struct client_skeleton *skel, const char *app_id,
		const char *title) {
	client_skeleton_make_toplevel(skel, app_id, title);
	return client_skeleton_show(skel);
}

void client_skeleton_draw(struct client_skeleton *skel) {
	const struct client_skeleton_spec *spec = skel->spec;
	client_skeleton_draw_pattern(skel, spec->width, spec->height, spec->scale,
			&spec->pattern);
}

void client_skeleton_draw_pattern(struct client_skeleton *skel, int width,
		int height, int scale, const struct pattern *pattern) {
	int factor = scale > 0 ? scale : 1;
	skel->buffer = raw_client_pattern_buffer(skel->shm, width * factor,
			height * factor, pattern);
	if (skel->buffer == NULL) {
		exit(1);
	}
	wl_proxy_set_queue((struct wl_proxy *)skel->buffer, skel->buffer_queue);
	if (scale > 0) {
		wl_surface_set_buffer_scale(skel->surface, scale);
	}
	wl_surface_attach(skel->surface, skel->buffer, 0, 0);
	wl_surface_damage(skel->surface, 0, 0, width, height);
	wl_surface_commit(skel->surface);
}

bool client_skeleton_bad_command(const struct client_skeleton *skel,
		const char *line) {
	const char *word = skel->spec->bad_command_word;
	client_emit("error %s command \"%s\"", word != NULL ? word : "bad", line);
	return true;
}

/* A line printed once the compositor has handled what came before it. */
struct sync_line {
	struct wl_list link; // client_skeleton.sync_lines
	struct wl_callback *callback;
	void (*done)(void *data);
	void *data;
	char line[128];
};

static void sync_line_destroy(struct sync_line *sync) {
	wl_callback_destroy(sync->callback);
	wl_list_remove(&sync->link);
	free(sync);
}

static void sync_line_done(void *data, struct wl_callback *callback,
		uint32_t serial) {
	struct sync_line *sync = data;
	client_emit("%s", sync->line);
	void (*done)(void *data) = sync->done;
	void *done_data = sync->data;
	sync_line_destroy(sync);
	if (done != NULL) {
		done(done_data);
	}
}

static const struct wl_callback_listener sync_line_listener = {
	.done = sync_line_done,
};

void client_skeleton_sync_line(struct client_skeleton *skel, const char *line,
		void (*done)(void *data), void *data) {
	struct sync_line *sync = calloc(1, sizeof(*sync));
	if (sync == NULL) {
		client_emit("error out of memory");
		return;
	}
	snprintf(sync->line, sizeof(sync->line), "%s", line);
	sync->done = done;
	sync->data = data;
	// Requests are handled in order: when it is answered, the compositor
	// has applied everything sent before it.
	sync->callback = wl_display_sync(skel->display);
	wl_callback_add_listener(sync->callback, &sync_line_listener, sync);
	wl_list_insert(skel->sync_lines.prev, &sync->link);
}

static bool on_line(void *data, char *line) {
	struct client_skeleton *skel = data;
	if (strcmp(line, "quit") == 0) {
		return false;
	} else if (strcmp(line, "sync") == 0) {
		// What the lines before changed is drawn first, for the answer
		// to vouch for it.
		if (skel->spec->idle != NULL) {
			skel->spec->idle(skel->spec->data);
		}
		if (wl_display_roundtrip(skel->display) < 0) {
			// The loop tells how the connection ended.
			return true;
		}
		client_emit("sync");
		return true;
	}
	if (skel->spec->command == NULL) {
		return client_skeleton_bad_command(skel, line);
	}
	return skel->spec->command(skel->spec->data, line);
}

static void idle(void *data) {
	const struct client_skeleton_spec *spec =
			((struct client_skeleton *)data)->spec;
	spec->idle(spec->data);
}

int client_skeleton_run(struct client_skeleton *skel) {
	skel->loop.on_line = on_line;
	skel->loop.idle = skel->spec->idle != NULL ? idle : NULL;
	skel->loop.data = skel;
	skel->loop.ignore_stdin = skel->spec->ignore_stdin;
	return raw_client_loop_run(skel->display, &skel->loop);
}

void client_skeleton_quit(struct client_skeleton *skel, int status) {
	skel->loop.done = true;
	skel->loop.status = status;
}

int client_skeleton_ready_run(struct client_skeleton *skel) {
	client_emit("ready");
	return client_skeleton_run(skel);
}

int client_skeleton_main(struct client_skeleton *skel,
		const struct client_skeleton_spec *spec, const char *app_id,
		const char *title) {
	int status = client_skeleton_connect(skel, spec);
	if (status == 0 && spec->start != NULL && !spec->start(spec->data)) {
		status = 1;
	}
	if (status == 0) {
		status = client_skeleton_map(skel, app_id, title);
	}
	if (status == 0) {
		status = client_skeleton_ready_run(skel);
	}
	return status;
}

int client_skeleton_finish(struct client_skeleton *skel, int status) {
	if (skel->display == NULL) {
		return status;
	}
	struct sync_line *sync, *tmp;
	wl_list_for_each_safe(sync, tmp, &skel->sync_lines, link) {
		sync_line_destroy(sync);
	}
	if (skel->toplevel != NULL) {
		xdg_toplevel_destroy(skel->toplevel);
	}
	if (skel->xdg_surface != NULL) {
		xdg_surface_destroy(skel->xdg_surface);
	}
	if (skel->surface != NULL) {
		wl_surface_destroy(skel->surface);
	}
	if (skel->buffer != NULL) {
		wl_buffer_destroy(skel->buffer);
	}
	wl_event_queue_destroy(skel->buffer_queue);
	if (skel->spec->outputs != NULL) {
		client_named_outputs_release(skel->spec->outputs);
	}
	// The devices, then the seat, which the table bound.
	skel->input.seat = skel->seat;
	client_input_finish(&skel->input);
	skel->seat = NULL;
	client_globals_destroy(skel->table, skel);
	wl_registry_destroy(skel->registry);
	wl_display_disconnect(skel->display);
	return status;
}

static void output_geometry(void *data, struct wl_output *wl_output, int32_t x,
		int32_t y, int32_t width_mm, int32_t height_mm, int32_t subpixel,
		const char *make, const char *model, int32_t transform) {
}

static void output_mode(void *data, struct wl_output *wl_output, uint32_t flags,
		int32_t width, int32_t height, int32_t refresh) {
}

static void output_done(void *data, struct wl_output *wl_output) {
	struct client_named_output *output = data;
	struct client_named_outputs *outputs = output->outputs;
	if (outputs->done != NULL) {
		outputs->done(outputs->data, (int)(output - outputs->output));
	}
}

static void output_scale(void *data, struct wl_output *wl_output,
		int32_t factor) {
	struct client_named_output *output = data;
	output->scale = factor;
}

static void output_name(void *data, struct wl_output *wl_output,
		const char *name) {
	struct client_named_output *output = data;
	snprintf(output->name, sizeof(output->name), "%s", name);
}

static void output_description(void *data, struct wl_output *wl_output,
		const char *description) {
}

static const struct wl_output_listener output_listener = {
	.geometry = output_geometry,
	.mode = output_mode,
	.done = output_done,
	.scale = output_scale,
	.name = output_name,
	.description = output_description,
};

bool client_named_outputs_global(struct client_named_outputs *outputs,
		struct wl_registry *registry, uint32_t name, const char *interface,
		uint32_t version) {
	if (strcmp(interface, wl_output_interface.name) != 0) {
		return false;
	}
	if (version >= WL_OUTPUT_NAME_SINCE_VERSION &&
			outputs->count < CLIENT_MAX_OUTPUTS) {
		struct client_named_output *output = &outputs->output[outputs->count++];
		output->scale = 1;
		output->outputs = outputs;
		output->wl_output = wl_registry_bind(registry, name,
				&wl_output_interface, WL_OUTPUT_NAME_SINCE_VERSION);
		wl_output_add_listener(output->wl_output, &output_listener, output);
	}
	return true;
}

struct client_named_output *client_named_outputs_find(
		struct client_named_outputs *outputs, const char *name) {
	// The bound is count's too; GCC's -O3 cannot see that.
	for (int i = 0; i < outputs->count && i < CLIENT_MAX_OUTPUTS; i++) {
		if (strcmp(outputs->output[i].name, name) == 0) {
			return &outputs->output[i];
		}
	}
	return NULL;
}

struct client_named_output *client_named_outputs_of(
		struct client_named_outputs *outputs, struct wl_output *wl_output) {
	for (int i = 0; i < outputs->count && i < CLIENT_MAX_OUTPUTS; i++) {
		if (outputs->output[i].wl_output == wl_output) {
			return &outputs->output[i];
		}
	}
	return NULL;
}

void client_named_outputs_release(struct client_named_outputs *outputs) {
	for (int i = 0; i < outputs->count && i < CLIENT_MAX_OUTPUTS; i++) {
		wl_output_release(outputs->output[i].wl_output);
	}
	outputs->count = 0;
}

int client_skeleton_finish_all(struct client_skeleton *skel, int status) {
	if (skel->display != NULL) {
		client_globals_destroy(skel->spec->globals, skel->spec->data);
	}
	return client_skeleton_finish(skel, status);
}
