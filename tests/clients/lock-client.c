#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "ext-session-lock-v1-client-protocol.h"

/*
 * lock-client: an ext-session-lock-v1 locker for the session-lock tests. It
 * puts one lock surface on every output, each showing a pattern at that
 * output's scale (as swaylock does) or at --scale S.
 *
 *   lock-client [--scale S] [--pattern P] [--bad MODE]
 *
 * On stdin: "lock" (asks for the lock and makes the surfaces), "unlock"
 * (unlock_and_destroy), "surface INDEX" (a lock surface for output INDEX,
 * for outputs that came later), "destroy" (destroys the lock without
 * unlocking: a protocol error once locked), "sync", "quit". --bad makes a
 * protocol error on purpose once configured: "null-buffer",
 * "early-commit" (a buffer before the first ack), "wrong-size",
 * "duplicate" (a second surface for output 0), "early-unlock" (unlock
 * before "locked").
 *
 * It narrates: "output INDEX scale S", "locked", "finished",
 * "configure INDEX W H", "shown INDEX" (a frame callback of that surface
 * came back), "keyboard enter", "keyboard leave", "pointer enter INDEX X Y",
 * "pointer button" (pressed), "sync", and "error ..."/"disconnected" when the compositor ends it.
 */

/* The lock surface of c->outputs.output[index]. */
struct lock_output {
	struct lock_client *client;
	int index;
	struct wl_surface *surface;
	struct ext_session_lock_surface_v1 *lock_surface;
};

struct lock_client {
	// The connection, wl_compositor, wl_shm and the seat.
	struct client_skeleton skel;
	struct ext_session_lock_manager_v1 *manager;
	struct ext_session_lock_v1 *lock;
	struct client_named_outputs outputs;
	struct lock_output surfaces[CLIENT_MAX_OUTPUTS];
	int scale; // 0: each output's own
	struct pattern pattern;
	const char *bad;
};

static void frame_done(void *data, struct wl_callback *callback,
		uint32_t time) {
	struct lock_output *output = data;
	wl_callback_destroy(callback);
	client_emit("shown %d", output->index);
}

static const struct wl_callback_listener frame_listener = {
	.done = frame_done,
};

static void draw(struct lock_output *output, int width, int height) {
	struct lock_client *c = output->client;
	raw_client_show_pattern(c->skel.shm, output->surface, width, height,
			c->scale > 0 ? c->scale : c->outputs.output[output->index].scale,
			&c->pattern, &frame_listener, output);
}

static bool is_bad(struct lock_client *c, const char *mode) {
	return c->bad != NULL && strcmp(c->bad, mode) == 0;
}

static void lock_surface_configure(void *data,
		struct ext_session_lock_surface_v1 *lock_surface, uint32_t serial,
		uint32_t width, uint32_t height) {
	struct lock_output *output = data;
	struct lock_client *c = output->client;
	client_emit("configure %d %u %u", output->index, width, height);
	ext_session_lock_surface_v1_ack_configure(lock_surface, serial);
	if (is_bad(c, "null-buffer") && output->index == 0) {
		draw(output, width, height);
		wl_surface_attach(output->surface, NULL, 0, 0);
		wl_surface_commit(output->surface);
		return;
	}
	if (is_bad(c, "wrong-size") && output->index == 0) {
		draw(output, width + 1, height);
		return;
	}
	draw(output, width, height);
}

static const struct ext_session_lock_surface_v1_listener
		lock_surface_listener = {
			.configure = lock_surface_configure,
		};

static void make_surface(struct lock_client *c, struct lock_output *output) {
	output->surface = wl_compositor_create_surface(c->skel.compositor);
	if (is_bad(c, "early-commit") && output->index == 0) {
		// A buffer committed before any configure was acked.
		output->lock_surface = ext_session_lock_v1_get_lock_surface(c->lock,
				output->surface, c->outputs.output[output->index].wl_output);
		draw(output, 8, 8);
		return;
	}
	output->lock_surface = ext_session_lock_v1_get_lock_surface(c->lock,
			output->surface, c->outputs.output[output->index].wl_output);
	ext_session_lock_surface_v1_add_listener(output->lock_surface,
			&lock_surface_listener, output);
}

static void lock_locked(void *data, struct ext_session_lock_v1 *lock) {
	client_emit("locked");
}

static void lock_finished(void *data, struct ext_session_lock_v1 *lock) {
	client_emit("finished");
}

static const struct ext_session_lock_v1_listener lock_listener = {
	.locked = lock_locked,
	.finished = lock_finished,
};

static void start_lock(struct lock_client *c) {
	c->lock = ext_session_lock_manager_v1_lock(c->manager);
	ext_session_lock_v1_add_listener(c->lock, &lock_listener, c);
	for (int i = 0; i < c->outputs.count; i++) {
		make_surface(c, &c->surfaces[i]);
	}
	if (is_bad(c, "duplicate") && c->outputs.count > 0) {
		struct wl_surface *surface =
				wl_compositor_create_surface(c->skel.compositor);
		ext_session_lock_v1_get_lock_surface(c->lock, surface,
				c->outputs.output[0].wl_output);
	}
	if (is_bad(c, "early-unlock")) {
		ext_session_lock_v1_unlock_and_destroy(c->lock);
		c->lock = NULL;
	}
}

static struct lock_output *output_of_surface(struct lock_client *c,
		struct wl_surface *surface) {
	for (int i = 0; i < c->outputs.count; i++) {
		if (c->surfaces[i].surface == surface && surface != NULL) {
			return &c->surfaces[i];
		}
	}
	return NULL;
}

static void on_keyboard_enter(void *data, uint32_t serial,
		struct wl_surface *surface, struct wl_array *keys) {
	client_emit("keyboard enter");
}

static void on_keyboard_leave(void *data, uint32_t serial,
		struct wl_surface *surface) {
	client_emit("keyboard leave");
}

static void on_pointer_enter(void *data, uint32_t serial,
		struct wl_surface *surface, double x, double y) {
	struct lock_output *output = output_of_surface(data, surface);
	client_emit("pointer enter %d %d %d", output ? output->index : -1, (int)x,
			(int)y);
}

static void on_pointer_button(void *data, uint32_t serial, uint32_t button,
		uint32_t state) {
	if (state == WL_POINTER_BUTTON_STATE_PRESSED) {
		client_emit("pointer button");
	}
}

static const struct client_input_handler input_handler = {
	.keyboard_enter = on_keyboard_enter,
	.keyboard_leave = on_keyboard_leave,
	.pointer_enter = on_pointer_enter,
	.pointer_button = on_pointer_button,
};

static void output_done(void *data, int index) {
	struct lock_client *c = data;
	client_emit("output %d scale %d", index, c->outputs.output[index].scale);
}

static const struct client_global bound_globals[] = {
	{ &ext_session_lock_manager_v1_interface, 1,
			offsetof(struct lock_client, manager), NULL },
	{ 0 },
};

static bool handle_line(void *data, char *line) {
	struct lock_client *c = data;
	int index;
	if (strcmp(line, "lock") == 0) {
		start_lock(c);
	} else if (strcmp(line, "unlock") == 0 && c->lock != NULL) {
		ext_session_lock_v1_unlock_and_destroy(c->lock);
		c->lock = NULL;
	} else if (strcmp(line, "destroy") == 0 && c->lock != NULL) {
		ext_session_lock_v1_destroy(c->lock);
		c->lock = NULL;
	} else if (sscanf(line, "surface %d", &index) == 1 && c->lock != NULL &&
			index >= 0 && index < c->outputs.count) {
		make_surface(c, &c->surfaces[index]);
	} else {
		client_emit("error unknown command: %s", line);
	}
	return true;
}

int main(int argc, char *argv[]) {
	struct lock_client c = {
		.outputs = { .done = output_done, .data = &c },
		.pattern = { .kind = PATTERN_COORDS },
	};
	for (int i = 0; i < CLIENT_MAX_OUTPUTS; i++) {
		c.surfaces[i] = (struct lock_output){ .client = &c, .index = i };
	}
	static const struct option options[] = {
		{ "scale", required_argument, NULL, 's' },
		{ "pattern", required_argument, NULL, 'p' },
		{ "bad", required_argument, NULL, 'b' },
		{ 0 },
	};
	int opt;
	while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
		bool ok = true;
		switch (opt) {
		case 's':
			c.scale = atoi(optarg);
			ok = c.scale >= 1 && c.scale <= 4;
			break;
		case 'p':
			ok = pattern_parse(optarg, &c.pattern);
			break;
		case 'b':
			c.bad = optarg;
			break;
		default:
			ok = false;
		}
		if (!ok) {
			fprintf(stderr,
					"usage: %s [--scale S] [--pattern P] "
					"[--bad MODE]\n",
					argv[0]);
			return 2;
		}
	}

	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.globals_required = true,
		.outputs = &c.outputs,
		.data = &c,
		.surfaces = true,
		// Version 3: wl_pointer without frames and axis details.
		.seat_version = 3,
		.input = &input_handler,
		.command = handle_line,
	};
	int status = client_skeleton_connect(&c.skel, &spec);
	// The outputs' scales, told once they are bound.
	if (status == 0 && wl_display_roundtrip(c.skel.display) < 0) {
		status = raw_client_report_disconnect(c.skel.display);
	}
	if (status == 0) {
		status = client_skeleton_ready_run(&c.skel);
	}
	return client_skeleton_finish(&c.skel, status);
}
