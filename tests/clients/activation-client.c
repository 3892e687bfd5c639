#define _GNU_SOURCE // memfd in client-shm
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "xdg-activation-v1-client-protocol.h"

/*
 * activation-client: a window that asks for focus with xdg-activation-v1,
 * for the xdg-activation test.
 *
 *   activation-client APP_ID [--on-leave]
 *
 * Maps a 100x100 window and prints "ready", then "focused" and
 * "unfocused" as its keyboard focus comes and goes. On stdin:
 *   token       a token from its last keyboard enter (serial and surface)
 *   token-bare  a token with neither serial nor surface
 *   activate T  asks for focus with token T
 *   sync, quit
 * Tokens come back as "token T". With --on-leave it asks for focus with
 * $XDG_ACTIVATION_TOKEN (what a launcher gave it) the first time it loses
 * the keyboard, and prints "activate-env" then; it reads no stdin then and
 * runs until the compositor ends.
 */

struct client {
	struct client_skeleton skel;
	struct xdg_activation_v1 *activation;
	struct xdg_activation_token_v1 *token; // waiting for done
	bool on_leave;
	uint32_t enter_serial;
};

static void keyboard_enter(void *data, uint32_t serial,
		struct wl_surface *surface) {
	struct client *c = data;
	c->enter_serial = serial;
	client_emit("focused");
}

static void keyboard_leave(void *data, uint32_t serial,
		struct wl_surface *surface) {
	struct client *c = data;
	client_emit("unfocused");
	const char *token = getenv("XDG_ACTIVATION_TOKEN");
	if (c->on_leave && token != NULL) {
		c->on_leave = false;
		xdg_activation_v1_activate(c->activation, token, c->skel.surface);
		client_emit("activate-env");
	}
}

static const struct client_global bound_globals[] = {
	{ &xdg_activation_v1_interface, 1, offsetof(struct client, activation),
			NULL },
	{ 0 },
};

static void token_done(void *data, struct xdg_activation_token_v1 *token,
		const char *name) {
	struct client *c = data;
	client_emit("token %s", name);
	xdg_activation_token_v1_destroy(token);
	c->token = NULL;
}

static const struct xdg_activation_token_v1_listener token_listener = {
	.done = token_done,
};

static void request_token(struct client *c, bool bare) {
	if (c->token != NULL) {
		client_emit("error a token is already pending");
		return;
	}
	c->token = xdg_activation_v1_get_activation_token(c->activation);
	xdg_activation_token_v1_add_listener(c->token, &token_listener, c);
	if (!bare) {
		xdg_activation_token_v1_set_serial(c->token, c->enter_serial,
				c->skel.seat);
		xdg_activation_token_v1_set_surface(c->token, c->skel.surface);
	}
	xdg_activation_token_v1_commit(c->token);
	wl_display_flush(c->skel.display);
}

static bool on_line(void *data, char *line) {
	struct client *c = data;
	if (strcmp(line, "token") == 0 || strcmp(line, "token-bare") == 0) {
		request_token(c, strcmp(line, "token-bare") == 0);
	} else if (strncmp(line, "activate ", 9) == 0) {
		xdg_activation_v1_activate(c->activation, line + 9, c->skel.surface);
		wl_display_flush(c->skel.display);
	} else {
		return client_skeleton_bad_command(&c->skel, line);
	}
	return true;
}

/* Destroys what the client made, then the skeleton. */
static int client_finish(struct client *c, int status) {
	if (c->token != NULL) {
		xdg_activation_token_v1_destroy(c->token);
	}
	return client_skeleton_finish_all(&c->skel, status);
}

int main(int argc, char **argv) {
	struct client c = { 0 };
	if (argc < 2 || argc > 3 ||
			(argc == 3 && strcmp(argv[2], "--on-leave") != 0)) {
		fprintf(stderr, "usage: activation-client APP_ID [--on-leave]\n");
		return 2;
	}
	c.on_leave = argc == 3;
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.globals_required = true,
		.data = &c,
		.window = true,
		.seat_version = 5,
		.keyboard_enter = keyboard_enter,
		.keyboard_leave = keyboard_leave,
		.width = 100,
		.height = 100,
		.pattern = { .kind = PATTERN_SOLID, .colour = 0xff806040 },
		.command = on_line,
		.bad_command_word = "unknown",
	};
	int status = client_skeleton_connect(&c.skel, &spec);
	if (status == 0) {
		status = client_skeleton_map(&c.skel, argv[1], NULL);
	}
	if (status != 0) {
		return client_finish(&c, status);
	}
	if (c.on_leave) {
		// Started by gridwl, with no one on stdin: runs until the
		// compositor ends.
		client_emit("ready");
		while (wl_display_dispatch(c.skel.display) >= 0) {
		}
		status = raw_client_report_disconnect(c.skel.display);
	} else {
		status = client_skeleton_ready_run(&c.skel);
	}
	return client_finish(&c, status);
}
