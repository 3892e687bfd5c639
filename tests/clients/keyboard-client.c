#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>
#include "client-shm.h"
#include "client-skeleton.h"
#include "keyboard-shortcuts-inhibit-unstable-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

/*
 * A window that narrates what the seat tells it, for the keyboard tests:
 * pattern-client does not listen to the keyboard at all. One line a event
 * on stdout:
 *
 *	configure W H            xdg_toplevel.configure (0 0: our choice)
 *	states S,S|none          with --states, before each configure line:
 *	                         its xdg_toplevel states by name (activated,
 *	                         maximized, fullscreen, resizing, tiled_left,
 *	                         tiled_right, tiled_top, tiled_bottom)
 *	ready W H                a buffer of that logical size is committed
 *	                         and the compositor has seen it
 *	keyboard enter [SYM...]  wl_keyboard.enter, with the keys held then
 *	keyboard leave
 *	key SYM pressed|released SYM is the keysym name as xkb gives it with
 *	                         the modifiers in effect ("a", "A", "Return")
 *	modifiers MOD,MOD|none   wl_keyboard.modifiers, the active ones by name
 *	pointer enter X Y | pointer leave | pointer button CODE pressed|released
 *	pointer axis vertical|horizontal VALUE
 *	touch down ID X Y | touch motion ID X Y | touch up ID | touch cancel
 *	popup configure X Y W H  xdg_popup.configure, X Y relative to the window
 *	popup ready              the popup's buffer is committed and seen
 *	popup done               xdg_popup.popup_done; the popup is destroyed
 *	popup keyboard enter | popup keyboard leave | popup pointer enter X Y
 *	| popup pointer leave | popup pointer button CODE pressed|released
 *	                         as above, for the popup's surface
 *	layout NAME              with --layouts: the keymap's active layout,
 *	                         when a keymap or the modifiers change it
 *	inhibitor active|inactive  the window's keyboard shortcuts inhibitor
 *	close                    xdg_toplevel.close; the client then exits 0
 *	sync                     the answer to "sync" on stdin
 *	error ... | disconnected
 *
 * stdin: "sync" (answered once the compositor has handled everything sent
 * before it, so every event it sent before is printed above the answer),
 * "popup" and "popup grab" (a 60x40 menu at 20,20 of the window; grab
 * takes the seat with the serial of the last button press, as menus do),
 * "popup-close", "inhibit" and "uninhibit" (a keyboard shortcuts inhibitor
 * for the window, and its destruction) and "quit".
 */

struct kb_client {
	struct client_skeleton skel;
	struct zwp_keyboard_shortcuts_inhibit_manager_v1 *inhibit_manager;
	struct zwp_keyboard_shortcuts_inhibitor_v1 *inhibitor;
	struct xkb_context *xkb_context;
	struct xkb_keymap *keymap;
	struct xkb_state *xkb_state;

	// The menu, while there is one.
	struct wl_surface *popup_surface;
	struct xdg_surface *popup_xdg_surface;
	struct xdg_popup *popup;
	uint32_t button_serial; // of the last press, for xdg_popup.grab
	bool pointer_on_popup;
	int32_t pending_width, pending_height;
	int width, height; // logical; the buffers are at scale 1
	int default_width, default_height;
	// Committed and not released yet: each commit gets a new buffer.
	struct raw_client_buffers buffers;
	uint32_t colour;

	// --layouts: say the active layout when it changes.
	bool report_layouts;
	// --states: say the states of each configure.
	bool report_states;
	char states[160];
	char layout[64];
};

static bool draw_surface(struct kb_client *client, struct wl_surface *surface,
		int width, int height) {
	uint32_t *pixels;
	struct wl_buffer *buffer = client_shm_buffer(client->skel.shm, width,
			height, WL_SHM_FORMAT_XRGB8888, &pixels);
	if (buffer == NULL) {
		client_emit("error buffer: %s", strerror(errno));
		return false;
	}
	size_t size = client_shm_size(width, height);
	for (size_t i = 0; i < size / 4; i++) {
		pixels[i] = client->colour;
	}
	munmap(pixels, size);
	if (!raw_client_buffers_add(&client->buffers, buffer)) {
		return false;
	}
	wl_surface_attach(surface, buffer, 0, 0);
	wl_surface_damage_buffer(surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(surface);
	return true;
}

#define POPUP_WIDTH 60
#define POPUP_HEIGHT 40

static void popup_destroy(struct kb_client *client) {
	if (client->popup == NULL) {
		return;
	}
	xdg_popup_destroy(client->popup);
	xdg_surface_destroy(client->popup_xdg_surface);
	wl_surface_destroy(client->popup_surface);
	client->popup = NULL;
	client->popup_xdg_surface = NULL;
	client->popup_surface = NULL;
	client->pointer_on_popup = false;
}

static void popup_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct kb_client *client = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	if (draw_surface(client, client->popup_surface, POPUP_WIDTH,
				POPUP_HEIGHT)) {
		client_skeleton_sync_line(&client->skel, "popup ready", NULL, NULL);
	}
}

static const struct xdg_surface_listener popup_surface_listener = {
	.configure = popup_surface_configure,
};

static void popup_configure(void *data, struct xdg_popup *popup, int32_t x,
		int32_t y, int32_t width, int32_t height) {
	client_emit("popup configure %d %d %d %d", x, y, width, height);
}

static void popup_done(void *data, struct xdg_popup *popup) {
	struct kb_client *client = data;
	client_emit("popup done");
	popup_destroy(client);
}

static const struct xdg_popup_listener popup_listener = {
	.configure = popup_configure,
	.popup_done = popup_done,
};

static void popup_open(struct kb_client *client, bool grab) {
	struct client_skeleton *skel = &client->skel;
	if (client->popup != NULL) {
		client_emit("error a popup is open already");
		return;
	}
	struct xdg_positioner *positioner =
			xdg_wm_base_create_positioner(skel->wm_base);
	xdg_positioner_set_size(positioner, POPUP_WIDTH, POPUP_HEIGHT);
	xdg_positioner_set_anchor_rect(positioner, 20, 20, 1, 1);
	xdg_positioner_set_anchor(positioner, XDG_POSITIONER_ANCHOR_TOP_LEFT);
	xdg_positioner_set_gravity(positioner, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT);
	client->popup_surface = wl_compositor_create_surface(skel->compositor);
	client->popup_xdg_surface =
			xdg_wm_base_get_xdg_surface(skel->wm_base, client->popup_surface);
	xdg_surface_add_listener(client->popup_xdg_surface, &popup_surface_listener,
			client);
	client->popup = xdg_surface_get_popup(client->popup_xdg_surface,
			skel->xdg_surface, positioner);
	xdg_positioner_destroy(positioner);
	xdg_popup_add_listener(client->popup, &popup_listener, client);
	if (grab) {
		xdg_popup_grab(client->popup, skel->seat, client->button_serial);
	}
	wl_surface_commit(client->popup_surface);
}

/* Every configure of the window: its lines, and a buffer of the size. */
static void configure(void *data) {
	struct kb_client *client = data;
	if (client->report_states) {
		client_emit("states %s", client->states);
	}
	client_emit("configure %d %d", client->pending_width,
			client->pending_height);
	client->width = client->pending_width > 0 ? client->pending_width :
												client->default_width;
	client->height = client->pending_height > 0 ? client->pending_height :
												  client->default_height;
	if (!draw_surface(client, client->skel.surface, client->width,
				client->height)) {
		client_skeleton_quit(&client->skel, 1);
		return;
	}
	// The size goes with the line: a later configure may come before the
	// callback, and each must be vouched for with its own.
	char line[32];
	snprintf(line, sizeof(line), "ready %d %d", client->width, client->height);
	client_skeleton_sync_line(&client->skel, line, NULL, NULL);
}
static void toplevel_configure(void *data, struct xdg_toplevel *toplevel,
		int32_t width, int32_t height, struct wl_array *states) {
	struct kb_client *client = data;
	client->pending_width = width;
	client->pending_height = height;
	static const char *const names[] = {
		[XDG_TOPLEVEL_STATE_MAXIMIZED] = "maximized",
		[XDG_TOPLEVEL_STATE_FULLSCREEN] = "fullscreen",
		[XDG_TOPLEVEL_STATE_RESIZING] = "resizing",
		[XDG_TOPLEVEL_STATE_ACTIVATED] = "activated",
		[XDG_TOPLEVEL_STATE_TILED_LEFT] = "tiled_left",
		[XDG_TOPLEVEL_STATE_TILED_RIGHT] = "tiled_right",
		[XDG_TOPLEVEL_STATE_TILED_TOP] = "tiled_top",
		[XDG_TOPLEVEL_STATE_TILED_BOTTOM] = "tiled_bottom",
	};
	size_t used = 0;
	client->states[0] = '\0';
	uint32_t *state;
	wl_array_for_each(state, states) {
		const char *name = *state < sizeof(names) / sizeof(names[0]) &&
						names[*state] != NULL ?
				names[*state] :
				"unknown";
		int n = snprintf(client->states + used, sizeof(client->states) - used,
				"%s%s", used > 0 ? "," : "", name);
		if (n > 0 && (size_t)n < sizeof(client->states) - used) {
			used += (size_t)n;
		}
	}
	if (used == 0) {
		snprintf(client->states, sizeof(client->states), "none");
	}
}

static void toplevel_close(void *data, struct xdg_toplevel *toplevel) {
	struct kb_client *client = data;
	client_emit("close");
	client_skeleton_quit(&client->skel, 0);
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = toplevel_configure,
	.close = toplevel_close,
};

static void keysym_name(struct kb_client *client, uint32_t key, char *name,
		size_t size) {
	xkb_keysym_t sym = client->xkb_state == NULL ?
			XKB_KEY_NoSymbol :
			xkb_state_key_get_one_sym(client->xkb_state, key + 8);
	if (xkb_keysym_get_name(sym, name, size) < 0) {
		snprintf(name, size, "0x%x", sym);
	}
}

static void keyboard_keymap(void *data, uint32_t format, int32_t fd,
		uint32_t size) {
	struct kb_client *client = data;
	if (format != WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1) {
		client_emit("error keymap format %u", format);
		close(fd);
		return;
	}
	char *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		client_emit("error keymap mmap: %s", strerror(errno));
		return;
	}
	struct xkb_keymap *keymap = xkb_keymap_new_from_string(client->xkb_context,
			map, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
	munmap(map, size);
	if (keymap == NULL) {
		client_emit("error cannot compile the keymap");
		return;
	}
	xkb_state_unref(client->xkb_state);
	xkb_keymap_unref(client->keymap);
	client->keymap = keymap;
	client->xkb_state = xkb_state_new(keymap);
	const char *name = xkb_keymap_layout_get_name(keymap, 0);
	if (client->report_layouts && name != NULL &&
			strcmp(name, client->layout) != 0) {
		snprintf(client->layout, sizeof(client->layout), "%s", name);
		client_emit("layout %s", name);
	}
}

/* "popup " for the popup's surface, as each line about it starts. */
static const char *on_popup(struct kb_client *client,
		struct wl_surface *surface) {
	return surface != NULL && surface == client->popup_surface ? "popup " : "";
}

static void keyboard_enter(void *data, uint32_t serial,
		struct wl_surface *surface, struct wl_array *keys) {
	struct kb_client *client = data;
	char line[256] = "keyboard enter";
	size_t len = strlen(line);
	uint32_t *key;
	wl_array_for_each(key, keys) {
		char name[64];
		keysym_name(client, *key, name, sizeof(name));
		len += (size_t)snprintf(line + len,
				len < sizeof(line) ? sizeof(line) - len : 0, " %s", name);
	}
	client_emit("%s%s", on_popup(client, surface), line);
}

static void keyboard_leave(void *data, uint32_t serial,
		struct wl_surface *surface) {
	client_emit("%skeyboard leave", on_popup(data, surface));
}

static void keyboard_key(void *data, uint32_t serial, uint32_t key,
		uint32_t state) {
	struct kb_client *client = data;
	char name[64];
	keysym_name(client, key, name, sizeof(name));
	client_emit("key %s %s", name,
			state == WL_KEYBOARD_KEY_STATE_PRESSED ? "pressed" : "released");
}

static void keyboard_modifiers(void *data, uint32_t depressed, uint32_t latched,
		uint32_t locked, uint32_t group) {
	struct kb_client *client = data;
	if (client->xkb_state == NULL) {
		client_emit("error modifiers before a keymap");
		return;
	}
	xkb_state_update_mask(client->xkb_state, depressed, latched, locked, 0, 0,
			group);
	if (client->report_layouts) {
		const char *name = xkb_keymap_layout_get_name(client->keymap,
				xkb_state_serialize_layout(client->xkb_state,
						XKB_STATE_LAYOUT_EFFECTIVE));
		if (name != NULL && strcmp(name, client->layout) != 0) {
			snprintf(client->layout, sizeof(client->layout), "%s", name);
			client_emit("layout %s", name);
		}
	}
	char line[256] = "modifiers ";
	size_t len = strlen(line);
	bool any = false;
	xkb_mod_index_t count = xkb_keymap_num_mods(client->keymap);
	for (xkb_mod_index_t i = 0; i < count; i++) {
		if (xkb_state_mod_index_is_active(client->xkb_state, i,
					XKB_STATE_MODS_EFFECTIVE) <= 0) {
			continue;
		}
		len += (size_t)snprintf(line + len,
				len < sizeof(line) ? sizeof(line) - len : 0, "%s%s",
				any ? "," : "", xkb_keymap_mod_get_name(client->keymap, i));
		any = true;
	}
	client_emit("%s%s", line, any ? "" : "none");
}

static void pointer_enter(void *data, uint32_t serial,
		struct wl_surface *surface, double x, double y) {
	struct kb_client *client = data;
	client->pointer_on_popup = *on_popup(client, surface) != '\0';
	client_emit("%spointer enter %.2f %.2f", on_popup(client, surface), x, y);
}

static void pointer_leave(void *data, struct wl_surface *surface) {
	struct kb_client *client = data;
	client_emit("%spointer leave", client->pointer_on_popup ? "popup " : "");
	client->pointer_on_popup = false;
}

static void pointer_button(void *data, uint32_t serial, uint32_t button,
		uint32_t state) {
	struct kb_client *client = data;
	if (state == WL_POINTER_BUTTON_STATE_PRESSED) {
		client->button_serial = serial;
	}
	client_emit("%spointer button %u %s",
			client->pointer_on_popup ? "popup " : "", button,
			state == WL_POINTER_BUTTON_STATE_PRESSED ? "pressed" : "released");
}

static void pointer_axis(void *data, uint32_t axis, double value) {
	struct kb_client *client = data;
	client_emit("%spointer axis %s %.2f",
			client->pointer_on_popup ? "popup " : "",
			axis == WL_POINTER_AXIS_VERTICAL_SCROLL ? "vertical" : "horizontal",
			value);
}

static void touch_down(void *data, struct wl_surface *surface, int32_t id,
		double x, double y) {
	client_emit("touch down %d %.2f %.2f", id, x, y);
}

static void touch_up(void *data, int32_t id) {
	client_emit("touch up %d", id);
}

static void touch_motion(void *data, int32_t id, double x, double y) {
	client_emit("touch motion %d %.2f %.2f", id, x, y);
}

static void touch_cancel(void *data) {
	client_emit("touch cancel");
}

/* Pointer motion is not narrated: too many lines, and the tests look at
 * enter, leave and buttons. */
static const struct client_input_handler input_handler = {
	.keymap = keyboard_keymap,
	.keyboard_enter = keyboard_enter,
	.keyboard_leave = keyboard_leave,
	.key = keyboard_key,
	.modifiers = keyboard_modifiers,
	.pointer_enter = pointer_enter,
	.pointer_leave = pointer_leave,
	.pointer_button = pointer_button,
	.pointer_axis = pointer_axis,
	.touch_down = touch_down,
	.touch_up = touch_up,
	.touch_motion = touch_motion,
	.touch_cancel = touch_cancel,
};

static const struct client_global bound_globals[] = {
	{ &zwp_keyboard_shortcuts_inhibit_manager_v1_interface, 1,
			offsetof(struct kb_client, inhibit_manager), NULL },
	{ 0 },
};
static void inhibitor_active(void *data,
		struct zwp_keyboard_shortcuts_inhibitor_v1 *inhibitor) {
	client_emit("inhibitor active");
}

static void inhibitor_inactive(void *data,
		struct zwp_keyboard_shortcuts_inhibitor_v1 *inhibitor) {
	client_emit("inhibitor inactive");
}

static const struct zwp_keyboard_shortcuts_inhibitor_v1_listener
		inhibitor_listener = {
			.active = inhibitor_active,
			.inactive = inhibitor_inactive,
		};

static void inhibit(struct kb_client *client, bool on) {
	if (client->inhibitor != NULL) {
		zwp_keyboard_shortcuts_inhibitor_v1_destroy(client->inhibitor);
		client->inhibitor = NULL;
	}
	if (on && client->inhibit_manager == NULL) {
		client_emit("error no keyboard shortcuts inhibit manager");
	} else if (on) {
		client->inhibitor =
				zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(
						client->inhibit_manager, client->skel.surface,
						client->skel.seat);
		zwp_keyboard_shortcuts_inhibitor_v1_add_listener(client->inhibitor,
				&inhibitor_listener, client);
	}
	wl_display_flush(client->skel.display);
}

static bool handle_command(void *data, char *line) {
	struct kb_client *client = data;
	if (strcmp(line, "popup") == 0 || strcmp(line, "popup grab") == 0) {
		popup_open(client, strcmp(line, "popup grab") == 0);
	} else if (strcmp(line, "popup-close") == 0) {
		popup_destroy(client);
		client_skeleton_sync_line(&client->skel, "popup closed", NULL, NULL);
	} else if (strcmp(line, "inhibit") == 0 || strcmp(line, "uninhibit") == 0) {
		inhibit(client, strcmp(line, "inhibit") == 0);
	} else {
		client_emit("error bad command: %s", line);
	}
	return true;
}

/* The seat's capabilities, then the keymap, before the window shows: a key
 * sent to it can then always be named. */
static bool start(void *data) {
	struct kb_client *client = data;
	if (client->xkb_context == NULL) {
		client_emit("error no xkb context");
		return false;
	}
	return wl_display_roundtrip(client->skel.display) >= 0 &&
			wl_display_roundtrip(client->skel.display) >= 0;
}

int main(int argc, char *argv[]) {
	struct kb_client client = {
		.default_width = 200,
		.default_height = 150,
		.colour = 0xff3080c0,
	};
	const char *app_id = "keyboard-client";
	static const struct option long_options[] = {
		{ "app-id", required_argument, NULL, 'a' },
		{ "size", required_argument, NULL, 's' },
		{ "colour", required_argument, NULL, 'c' },
		{ "layouts", no_argument, NULL, 'l' },
		{ "states", no_argument, NULL, 't' },
		{ 0 },
	};
	int opt;
	while ((opt = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
		switch (opt) {
		case 'a':
			app_id = optarg;
			break;
		case 's':
			if (sscanf(optarg, "%dx%d", &client.default_width,
						&client.default_height) != 2 ||
					client.default_width <= 0 || client.default_height <= 0) {
				fprintf(stderr, "invalid --size: %s\n", optarg);
				return 2;
			}
			break;
		case 'c':
			client.colour = 0xff000000u | (uint32_t)strtoul(optarg, NULL, 16);
			break;
		case 'l':
			client.report_layouts = true;
			break;
		case 't':
			client.report_states = true;
			break;
		default:
			fprintf(stderr,
					"usage: keyboard-client [--app-id ID] "
					"[--size WxH] [--colour RRGGBB] [--layouts] "
					"[--states]\n");
			return 2;
		}
	}

	raw_client_buffers_init(&client.buffers);
	client.xkb_context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.data = &client,
		.window = true,
		// Version 2 has the tiled states (--states); no new events.
		.wm_base_version = 2,
		// Version 4 has repeat_info; nothing later is needed here.
		.seat_version = 4,
		.input = &input_handler,
		.configure = configure,
		.toplevel = &toplevel_listener,
		.command = handle_command,
	};
	int status = client_skeleton_connect(&client.skel, &spec);
	if (status == 0 && !start(&client)) {
		status = 1;
	}
	if (status == 0) {
		status = client_skeleton_map(&client.skel, app_id, app_id);
	}
	if (status == 0) {
		status = client_skeleton_run(&client.skel);
	}

	raw_client_buffers_finish(&client.buffers);
	popup_destroy(&client);
	if (client.skel.display != NULL) {
		inhibit(&client, false);
	}
	status = client_skeleton_finish_all(&client.skel, status);
	xkb_state_unref(client.xkb_state);
	xkb_keymap_unref(client.keymap);
	xkb_context_unref(client.xkb_context);
	return status;
}
