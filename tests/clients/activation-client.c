#define _GNU_SOURCE // memfd in client-shm
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "pattern.h"
#include "raw-client.h"
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
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct xdg_activation_v1 *activation;
	struct wl_seat *seat;
	struct wl_keyboard *keyboard;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	struct xdg_activation_token_v1 *token; // waiting for done
	bool configured, on_leave;
	uint32_t enter_serial;
	struct raw_client_buffers buffers;
};

static void keyboard_keymap(void *data, struct wl_keyboard *keyboard,
		uint32_t format, int32_t fd, uint32_t size) {
	close(fd);
}

static void keyboard_enter(void *data, struct wl_keyboard *keyboard,
		uint32_t serial, struct wl_surface *surface, struct wl_array *keys) {
	struct client *c = data;
	c->enter_serial = serial;
	raw_client_emit("focused");
}

static void keyboard_leave(void *data, struct wl_keyboard *keyboard,
		uint32_t serial, struct wl_surface *surface) {
	struct client *c = data;
	raw_client_emit("unfocused");
	const char *token = getenv("XDG_ACTIVATION_TOKEN");
	if (c->on_leave && token != NULL) {
		c->on_leave = false;
		xdg_activation_v1_activate(c->activation, token, c->surface);
		raw_client_emit("activate-env");
	}
}

static void keyboard_key(void *data, struct wl_keyboard *keyboard,
		uint32_t serial, uint32_t time, uint32_t key, uint32_t state) {
}

static void keyboard_modifiers(void *data, struct wl_keyboard *keyboard,
		uint32_t serial, uint32_t depressed, uint32_t latched, uint32_t locked,
		uint32_t group) {
}

static void keyboard_repeat_info(void *data, struct wl_keyboard *keyboard,
		int32_t rate, int32_t delay) {
}

static const struct wl_keyboard_listener keyboard_listener = {
	.keymap = keyboard_keymap,
	.enter = keyboard_enter,
	.leave = keyboard_leave,
	.key = keyboard_key,
	.modifiers = keyboard_modifiers,
	.repeat_info = keyboard_repeat_info,
};

static void seat_capabilities(void *data, struct wl_seat *seat,
		uint32_t capabilities) {
	struct client *c = data;
	if ((capabilities & WL_SEAT_CAPABILITY_KEYBOARD) && c->keyboard == NULL) {
		c->keyboard = wl_seat_get_keyboard(seat);
		wl_keyboard_add_listener(c->keyboard, &keyboard_listener, c);
	}
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) {
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = seat_capabilities,
	.name = seat_name,
};

static const struct client_global bound_globals[] = {
	{ &wl_compositor_interface, 4, offsetof(struct client, compositor), NULL },
	{ &wl_shm_interface, 1, offsetof(struct client, shm), NULL },
	{ &xdg_wm_base_interface, 1, offsetof(struct client, wm_base),
			&client_wm_base_listener },
	{ &xdg_activation_v1_interface, 1, offsetof(struct client, activation),
			NULL },
	{ &wl_seat_interface, 5, offsetof(struct client, seat), &seat_listener },
	{ 0 },
};

static void token_done(void *data, struct xdg_activation_token_v1 *token,
		const char *name) {
	struct client *c = data;
	raw_client_emit("token %s", name);
	xdg_activation_token_v1_destroy(token);
	c->token = NULL;
}

static const struct xdg_activation_token_v1_listener token_listener = {
	.done = token_done,
};

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct client *c = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	if (!c->configured) {
		c->configured = true;
		struct pattern pattern = { .kind = PATTERN_SOLID,
			.colour = 0xff806040 };
		struct wl_buffer *buffer =
				raw_client_tracked_pattern_buffer(&c->buffers, c->shm, 100, 100,
						&pattern);
		if (buffer != NULL) {
			wl_surface_attach(c->surface, buffer, 0, 0);
			wl_surface_damage_buffer(c->surface, 0, 0, 100, 100);
		}
	}
	wl_surface_commit(c->surface);
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static void request_token(struct client *c, bool bare) {
	if (c->token != NULL) {
		raw_client_emit("error a token is already pending");
		return;
	}
	c->token = xdg_activation_v1_get_activation_token(c->activation);
	xdg_activation_token_v1_add_listener(c->token, &token_listener, c);
	if (!bare) {
		xdg_activation_token_v1_set_serial(c->token, c->enter_serial, c->seat);
		xdg_activation_token_v1_set_surface(c->token, c->surface);
	}
	xdg_activation_token_v1_commit(c->token);
	wl_display_flush(c->display);
}

static bool on_line(void *data, char *line) {
	struct client *c = data;
	if (strcmp(line, "quit") == 0) {
		return false;
	} else if (strcmp(line, "sync") == 0) {
		wl_display_roundtrip(c->display);
		raw_client_emit("sync");
	} else if (strcmp(line, "token") == 0 || strcmp(line, "token-bare") == 0) {
		request_token(c, strcmp(line, "token-bare") == 0);
	} else if (strncmp(line, "activate ", 9) == 0) {
		xdg_activation_v1_activate(c->activation, line + 9, c->surface);
		wl_display_flush(c->display);
	} else {
		raw_client_emit("error unknown command \"%s\"", line);
	}
	return true;
}

/* Destroys every object it made and disconnects: a clean exit leaves
 * nothing behind (LeakSanitizer counts proxies still allocated). */
static void client_finish(struct client *c) {
	if (c->token != NULL) {
		xdg_activation_token_v1_destroy(c->token);
	}
	if (c->toplevel != NULL) {
		xdg_toplevel_destroy(c->toplevel);
		xdg_surface_destroy(c->xdg_surface);
		wl_surface_destroy(c->surface);
	}
	raw_client_buffers_finish(&c->buffers);
	if (c->keyboard != NULL) {
		wl_keyboard_release(c->keyboard);
	}
	if (c->seat != NULL) {
		wl_seat_release(c->seat);
	}
	if (c->activation != NULL) {
		xdg_activation_v1_destroy(c->activation);
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

int main(int argc, char **argv) {
	struct client c = { 0 };
	if (argc < 2 || argc > 3 ||
			(argc == 3 && strcmp(argv[2], "--on-leave") != 0)) {
		fprintf(stderr, "usage: activation-client APP_ID [--on-leave]\n");
		return 2;
	}
	c.on_leave = argc == 3;
	raw_client_buffers_init(&c.buffers);
	c.display = raw_client_connect();
	if (c.display == NULL) {
		return 1;
	}
	struct client_globals globals = { .table = bound_globals, .data = &c };
	c.registry = client_globals_listen(c.display, &globals);
	wl_display_roundtrip(c.display);
	if (c.compositor == NULL || c.shm == NULL || c.wm_base == NULL ||
			c.activation == NULL || c.seat == NULL) {
		raw_client_emit("error compositor lacks xdg_activation_v1");
		client_finish(&c);
		return 1;
	}
	c.surface = wl_compositor_create_surface(c.compositor);
	int status = raw_client_map_toplevel(c.display, c.wm_base, c.surface,
			&c.xdg_surface, &c.toplevel, &xdg_surface_listener, &c, argv[1],
			NULL, &c.configured);
	if (status != 0) {
		client_finish(&c);
		return status;
	}
	wl_display_roundtrip(c.display);
	raw_client_emit("ready");

	if (c.on_leave) {
		// Started by gridwl, with no one on stdin: runs until the
		// compositor ends.
		while (wl_display_dispatch(c.display) >= 0) {
		}
		status = raw_client_report_disconnect(c.display);
	} else {
		status = raw_client_run(c.display, on_line, &c);
	}
	client_finish(&c);
	return status;
}
