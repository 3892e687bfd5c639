#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xcb/xcb.h>

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
	xcb_connection_t *conn;
	xcb_screen_t *screen;
	xcb_window_t window, menu;
};

static void emit(const char *line) {
	printf("%s\n", line);
	fflush(stdout);
}

/* A round trip: everything sent before has been handled by the server. */
static void sync_server(struct x11_menu_client *c) {
	free(xcb_get_input_focus_reply(c->conn, xcb_get_input_focus(c->conn),
			NULL));
}

/* _MOTIF_WM_HINTS: flags (2: decorations given), functions, decorations
 * (0: none), input mode, status. */
static void ask_no_decorations(struct x11_menu_client *c) {
	static const char name[] = "_MOTIF_WM_HINTS";
	xcb_intern_atom_reply_t *atom = xcb_intern_atom_reply(c->conn,
			xcb_intern_atom(c->conn, 0, sizeof(name) - 1, name), NULL);
	if (atom == NULL) {
		return;
	}
	uint32_t hints[5] = { 2, 0, 0, 0, 0 };
	xcb_change_property(c->conn, XCB_PROP_MODE_REPLACE, c->window, atom->atom,
			atom->atom, 32, 5, hints);
	free(atom);
}

static void create_window(struct x11_menu_client *c, bool no_decorations) {
	c->window = xcb_generate_id(c->conn);
	uint32_t values[] = { WINDOW_PIXEL, XCB_EVENT_MASK_STRUCTURE_NOTIFY };
	xcb_create_window(c->conn, XCB_COPY_FROM_PARENT, c->window, c->screen->root,
			0, 0, 120, 80, 0, XCB_WINDOW_CLASS_INPUT_OUTPUT,
			c->screen->root_visual, XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK,
			values);
	static const char class[] = "x11-menu\0X11Menu";
	xcb_change_property(c->conn, XCB_PROP_MODE_REPLACE, c->window,
			XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, 8, sizeof(class), class);
	if (no_decorations) {
		ask_no_decorations(c);
	}
	xcb_map_window(c->conn, c->window);
	xcb_flush(c->conn);
}

static void create_menu(struct x11_menu_client *c, int x, int y) {
	if (c->menu != XCB_NONE) {
		xcb_destroy_window(c->conn, c->menu);
	}
	c->menu = xcb_generate_id(c->conn);
	uint32_t values[] = { MENU_PIXEL, 1 };
	xcb_create_window(c->conn, XCB_COPY_FROM_PARENT, c->menu, c->screen->root,
			(int16_t)x, (int16_t)y, 40, 30, 0, XCB_WINDOW_CLASS_INPUT_OUTPUT,
			c->screen->root_visual,
			XCB_CW_BACK_PIXEL | XCB_CW_OVERRIDE_REDIRECT, values);
	xcb_map_window(c->conn, c->menu);
}

static bool handle_command(struct x11_menu_client *c, const char *line) {
	int x, y;
	if (sscanf(line, "menu %d %d", &x, &y) == 2) {
		create_menu(c, x, y);
		sync_server(c);
		emit("menu");
	} else if (sscanf(line, "menu-move %d %d", &x, &y) == 2 &&
			c->menu != XCB_NONE) {
		uint32_t values[] = { (uint32_t)x, (uint32_t)y };
		xcb_configure_window(c->conn, c->menu,
				XCB_CONFIG_WINDOW_X | XCB_CONFIG_WINDOW_Y, values);
		sync_server(c);
		emit("menu-move");
	} else if (strcmp(line, "menu-close") == 0 && c->menu != XCB_NONE) {
		xcb_unmap_window(c->conn, c->menu);
		sync_server(c);
		emit("menu-close");
	} else if (strcmp(line, "quit") == 0) {
		return false;
	} else {
		printf("error bad command: %s\n", line);
		fflush(stdout);
	}
	return true;
}

/* The window is shown once the window manager has mapped it. */
static void handle_events(struct x11_menu_client *c, bool *mapped) {
	xcb_generic_event_t *event;
	while ((event = xcb_poll_for_event(c->conn)) != NULL) {
		if ((event->response_type & 0x7f) == XCB_MAP_NOTIFY &&
				((xcb_map_notify_event_t *)event)->window == c->window &&
				!*mapped) {
			*mapped = true;
			emit("ready");
		}
		free(event);
	}
}

int main(int argc, char *argv[]) {
	bool no_decorations = argc > 1 && strcmp(argv[1], "--no-decorations") == 0;
	struct x11_menu_client c = { 0 };
	c.conn = xcb_connect(NULL, NULL);
	if (xcb_connection_has_error(c.conn)) {
		fprintf(stderr, "x11-menu-client: cannot connect to $DISPLAY\n");
		xcb_disconnect(c.conn);
		return 1;
	}
	c.screen = xcb_setup_roots_iterator(xcb_get_setup(c.conn)).data;
	create_window(&c, no_decorations);

	bool mapped = false, running = true;
	char buf[256];
	size_t len = 0;
	while (running && !xcb_connection_has_error(c.conn)) {
		handle_events(&c, &mapped);
		xcb_flush(c.conn);
		struct pollfd fds[] = {
			{ .fd = xcb_get_file_descriptor(c.conn), .events = POLLIN },
			{ .fd = STDIN_FILENO, .events = POLLIN },
		};
		if (poll(fds, 2, -1) < 0) {
			break;
		}
		if (!(fds[1].revents & (POLLIN | POLLHUP))) {
			continue;
		}
		ssize_t n = read(STDIN_FILENO, buf + len, sizeof(buf) - 1 - len);
		if (n <= 0) {
			break;
		}
		len += (size_t)n;
		buf[len] = '\0';
		char *newline;
		while (running && (newline = strchr(buf, '\n')) != NULL) {
			*newline = '\0';
			running = handle_command(&c, buf);
			len -= (size_t)(newline + 1 - buf);
			memmove(buf, newline + 1, len + 1);
		}
		if (len == sizeof(buf) - 1) {
			len = 0; // a line too long for any command
		}
	}
	xcb_disconnect(c.conn);
	return 0;
}
