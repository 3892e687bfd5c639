#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "x11-client.h"

/*
 * An X11 program with a menu, for the Xwayland tests: a 120x80 window of
 * class x11-menu/X11Menu filled with WINDOW_PIXEL, and on request an
 * override-redirect 40x30 window of MENU_PIXEL, as X11 menus and tooltips
 * are: placed by the program in root coordinates, never managed. The X
 * server paints both from their background pixel, so what is on screen is
 * known exactly. stdin: "menu X Y" maps the menu at X,Y, "menu-move X Y"
 * moves it, "menu-close" unmaps it, "quit". Each is answered with a line
 * ("menu", "menu-move", "menu-close") once the X server has handled it.
 * Prints "ready" once the window is mapped. With --no-decorations the window
 * asks, through _MOTIF_WM_HINTS as Chromium does, for no window manager
 * frame.
 */

#define WINDOW_PIXEL 0x2060a0u
#define MENU_PIXEL 0xe04020u

struct x11_menu_client {
	struct x11_client x;
	xcb_window_t window, menu;
};

/* _MOTIF_WM_HINTS: flags (2: decorations given), functions, decorations
 * (0: none), input mode, status. */
static void ask_no_decorations(struct x11_menu_client *c) {
	static const char name[] = "_MOTIF_WM_HINTS";
	xcb_connection_t *conn = c->x.conn;
	xcb_intern_atom_reply_t *atom = xcb_intern_atom_reply(conn,
			xcb_intern_atom(conn, 0, sizeof(name) - 1, name), NULL);
	if (atom == NULL) {
		return;
	}
	uint32_t hints[5] = { 2, 0, 0, 0, 0 };
	xcb_change_property(conn, XCB_PROP_MODE_REPLACE, c->window, atom->atom,
			atom->atom, 32, 5, hints);
	free(atom);
}

static void create_window(struct x11_menu_client *c, bool no_decorations) {
	uint32_t values[] = { WINDOW_PIXEL, XCB_EVENT_MASK_STRUCTURE_NOTIFY };
	c->window = x11_client_create_window(&c->x, XCB_NONE, 0, 0, 120, 80,
			XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK, values);
	static const char class[] = "x11-menu\0X11Menu";
	x11_client_set_class(&c->x, c->window, class, sizeof(class));
	if (no_decorations) {
		ask_no_decorations(c);
	}
	xcb_map_window(c->x.conn, c->window);
	c->x.ready_window = c->window;
}

static void create_menu(struct x11_menu_client *c, int x, int y) {
	if (c->menu != XCB_NONE) {
		xcb_destroy_window(c->x.conn, c->menu);
	}
	uint32_t values[] = { MENU_PIXEL, 1 };
	c->menu = x11_client_create_window(&c->x, XCB_NONE, x, y, 40, 30,
			XCB_CW_BACK_PIXEL | XCB_CW_OVERRIDE_REDIRECT, values);
	xcb_map_window(c->x.conn, c->menu);
}

static bool handle_command(void *data, char *line) {
	struct x11_menu_client *c = data;
	int x, y;
	if (sscanf(line, "menu %d %d", &x, &y) == 2) {
		create_menu(c, x, y);
		x11_client_sync(&c->x);
		client_emit("menu");
	} else if (sscanf(line, "menu-move %d %d", &x, &y) == 2 &&
			c->menu != XCB_NONE) {
		uint32_t values[] = { (uint32_t)x, (uint32_t)y };
		xcb_configure_window(c->x.conn, c->menu,
				XCB_CONFIG_WINDOW_X | XCB_CONFIG_WINDOW_Y, values);
		x11_client_sync(&c->x);
		client_emit("menu-move");
	} else if (strcmp(line, "menu-close") == 0 && c->menu != XCB_NONE) {
		xcb_unmap_window(c->x.conn, c->menu);
		x11_client_sync(&c->x);
		client_emit("menu-close");
	} else {
		client_emit("error bad command: %s", line);
	}
	return true;
}

int main(int argc, char *argv[]) {
	bool no_decorations = argc > 1 && strcmp(argv[1], "--no-decorations") == 0;
	struct x11_menu_client c = { 0 };
	c.x.command = handle_command;
	c.x.data = &c;
	if (!x11_client_connect(&c.x, "x11-menu-client")) {
		return x11_client_finish(&c.x, 1);
	}
	create_window(&c, no_decorations);
	x11_client_run(&c.x);
	return x11_client_finish(&c.x, 0);
}
