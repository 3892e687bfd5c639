#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xcb/xcb.h>
#include <xcb/xfixes.h>
#include "pattern.h"

/*
 * The X11 pattern client, for the Xwayland scale tests: a window of class
 * x11-pattern/X11Pattern, WIDTH x HEIGHT X pixels (argv), drawn with a
 * pattern (tests/lib/pattern.h, "checker" by default) as a pure function
 * of each X pixel and the window's size, redrawn at every new size; with
 * X Y, an override-redirect window (as menus and tooltips are) at root
 * X,Y. It prints "screen W H" (the X screen, in X pixels) at start,
 * "geometry X Y W H" for every ConfigureNotify (its root position and size
 * as the window manager configured it), "drawn W H" once the window of
 * that size is drawn and the server has it, and
 * "button B X Y" for a button press at window X pixel X,Y. A press of
 * button 3 also opens a menu there, as X11 programs do: an
 * override-redirect window of MENU_WIDTH x MENU_HEIGHT X pixels (odd, so
 * not a multiple of any scale above 1) filled with MENU_PIXEL, its top-left
 * corner at the pointer's root position ("menu X Y" once mapped).
 * stdin: "menu-paint" fills the menu with MENU_PAINTED_PIXEL, a new buffer
 * of it ("menu-painted"); "hide-warp X Y" hides the cursor (XFixes) and
 * warps the pointer to window X pixel X,Y, as games and 3D views do
 * (Xwayland then locks the pointer, with a cursor position hint; "warped");
 * "show-cursor" shows it again (Xwayland lets the lock go; "shown");
 * "quit".
 */

#define MENU_WIDTH 41
#define MENU_HEIGHT 31
#define MENU_PIXEL 0xe04020u
#define MENU_PAINTED_PIXEL 0x20c040u

struct x11_pattern_client {
	xcb_connection_t *conn;
	xcb_screen_t *screen;
	xcb_window_t window;
	xcb_gcontext_t gc;
	xcb_window_t menu;
	struct pattern pattern;
	int width, height;
};

static void emit(const char *fmt, int a, int b, int c) {
	printf(fmt, a, b, c);
	putchar('\n');
	fflush(stdout);
}

static void sync_server(struct x11_pattern_client *c) {
	free(xcb_get_input_focus_reply(c->conn, xcb_get_input_focus(c->conn),
			NULL));
}

/* One row at a time, so no request is over the server's maximum length. */
static void draw(struct x11_pattern_client *c) {
	uint32_t *row = malloc((size_t)c->width * 4);
	if (row == NULL) {
		return;
	}
	for (int y = 0; y < c->height; y++) {
		for (int x = 0; x < c->width; x++) {
			row[x] = pattern_pixel(&c->pattern, x, y, c->width, c->height) &
					0xffffffu;
		}
		xcb_put_image(c->conn, XCB_IMAGE_FORMAT_Z_PIXMAP, c->window, c->gc,
				(uint16_t)c->width, 1, 0, (int16_t)y, 0, c->screen->root_depth,
				(uint32_t)c->width * 4, (const uint8_t *)row);
	}
	free(row);
	sync_server(c);
	emit("drawn %d %d", c->width, c->height, 0);
}

static void open_menu(struct x11_pattern_client *c, int x, int y) {
	if (c->menu != XCB_NONE) {
		xcb_destroy_window(c->conn, c->menu);
	}
	c->menu = xcb_generate_id(c->conn);
	uint32_t values[] = { MENU_PIXEL, 1 };
	xcb_create_window(c->conn, XCB_COPY_FROM_PARENT, c->menu, c->screen->root,
			(int16_t)x, (int16_t)y, MENU_WIDTH, MENU_HEIGHT, 0,
			XCB_WINDOW_CLASS_INPUT_OUTPUT, c->screen->root_visual,
			XCB_CW_BACK_PIXEL | XCB_CW_OVERRIDE_REDIRECT, values);
	xcb_map_window(c->conn, c->menu);
	sync_server(c);
	emit("menu %d %d", x, y, 0);
}

static void paint_menu(struct x11_pattern_client *c) {
	if (c->menu == XCB_NONE) {
		return;
	}
	uint32_t pixel = MENU_PAINTED_PIXEL;
	xcb_change_gc(c->conn, c->gc, XCB_GC_FOREGROUND, &pixel);
	xcb_rectangle_t rect = { 0, 0, MENU_WIDTH, MENU_HEIGHT };
	xcb_poly_fill_rectangle(c->conn, c->menu, c->gc, 1, &rect);
	sync_server(c);
	emit("menu-painted", 0, 0, 0);
}

/* X,Y from "hide-warp X Y". */
static void hide_and_warp(struct x11_pattern_client *c, const char *args) {
	int x, y;
	if (sscanf(args, "%d %d", &x, &y) != 2) {
		fprintf(stderr, "hide-warp needs X Y\n");
		return;
	}
	xcb_xfixes_hide_cursor(c->conn, c->window);
	xcb_warp_pointer(c->conn, XCB_NONE, c->window, 0, 0, 0, 0, (int16_t)x,
			(int16_t)y);
	sync_server(c);
	emit("warped %d %d", x, y, 0);
}

static void show_cursor(struct x11_pattern_client *c) {
	xcb_xfixes_show_cursor(c->conn, c->window);
	sync_server(c);
	emit("shown", 0, 0, 0);
}

static void handle_event(struct x11_pattern_client *c,
		xcb_generic_event_t *event) {
	switch (event->response_type & 0x7f) {
	case XCB_EXPOSE: {
		xcb_expose_event_t *expose = (xcb_expose_event_t *)event;
		if (expose->count == 0) {
			draw(c);
		}
		break;
	}
	case XCB_CONFIGURE_NOTIFY: {
		xcb_configure_notify_event_t *configure =
				(xcb_configure_notify_event_t *)event;
		printf("geometry %d %d %d %d\n", configure->x, configure->y,
				configure->width, configure->height);
		fflush(stdout);
		if (configure->width != c->width || configure->height != c->height) {
			c->width = configure->width;
			c->height = configure->height;
			draw(c);
		}
		break;
	}
	case XCB_BUTTON_PRESS: {
		xcb_button_press_event_t *press = (xcb_button_press_event_t *)event;
		emit("button %d %d %d", press->detail, press->event_x, press->event_y);
		if (press->detail == 3) {
			open_menu(c, press->root_x, press->root_y);
		}
		break;
	}
	}
}

int main(int argc, char **argv) {
	struct x11_pattern_client c = { .width = 200, .height = 100 };
	c.pattern.kind = PATTERN_CHECKER;
	if (argc >= 3) {
		c.width = atoi(argv[1]);
		c.height = atoi(argv[2]);
	}
	bool override_redirect = argc >= 6;
	int x = override_redirect ? atoi(argv[4]) : 0;
	int y = override_redirect ? atoi(argv[5]) : 0;
	if ((argc >= 4 && !pattern_parse(argv[3], &c.pattern)) || c.width <= 0 ||
			c.height <= 0 || argc == 5 || argc > 6) {
		fprintf(stderr, "usage: %s [WIDTH HEIGHT [PATTERN [X Y]]]\n", argv[0]);
		return 2;
	}
	c.conn = xcb_connect(NULL, NULL);
	if (xcb_connection_has_error(c.conn)) {
		fprintf(stderr, "cannot connect to the X server\n");
		return 1;
	}
	c.screen = xcb_setup_roots_iterator(xcb_get_setup(c.conn)).data;
	if (c.screen->root_depth != 24) {
		fprintf(stderr, "depth %d, not 24\n", c.screen->root_depth);
		return 1;
	}
	emit("screen %d %d", c.screen->width_in_pixels, c.screen->height_in_pixels,
			0);
	// XFixes must be asked for its version before its requests are used.
	free(xcb_xfixes_query_version_reply(c.conn,
			xcb_xfixes_query_version(c.conn, XCB_XFIXES_MAJOR_VERSION,
					XCB_XFIXES_MINOR_VERSION),
			NULL));
	c.window = xcb_generate_id(c.conn);
	// In the order of the value mask's bits.
	uint32_t values[] = { override_redirect,
		XCB_EVENT_MASK_EXPOSURE | XCB_EVENT_MASK_STRUCTURE_NOTIFY |
				XCB_EVENT_MASK_BUTTON_PRESS };
	xcb_create_window(c.conn, XCB_COPY_FROM_PARENT, c.window, c.screen->root,
			(int16_t)x, (int16_t)y, (uint16_t)c.width, (uint16_t)c.height, 0,
			XCB_WINDOW_CLASS_INPUT_OUTPUT, c.screen->root_visual,
			XCB_CW_OVERRIDE_REDIRECT | XCB_CW_EVENT_MASK, values);
	static const char class[] = "x11-pattern\0X11Pattern";
	xcb_change_property(c.conn, XCB_PROP_MODE_REPLACE, c.window,
			XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, 8, sizeof(class), class);
	c.gc = xcb_generate_id(c.conn);
	xcb_create_gc(c.conn, c.gc, c.window, 0, NULL);
	xcb_map_window(c.conn, c.window);
	xcb_flush(c.conn);

	struct pollfd fds[] = {
		{ .fd = xcb_get_file_descriptor(c.conn), .events = POLLIN },
		{ .fd = STDIN_FILENO, .events = POLLIN },
	};
	char line[128];
	bool running = true;
	while (running) {
		xcb_generic_event_t *event;
		while ((event = xcb_poll_for_event(c.conn)) != NULL) {
			handle_event(&c, event);
			free(event);
		}
		if (xcb_connection_has_error(c.conn)) {
			return 1;
		}
		xcb_flush(c.conn);
		if (poll(fds, 2, -1) < 0) {
			return 1;
		}
		if (fds[1].revents & (POLLIN | POLLHUP)) {
			if (fgets(line, sizeof(line), stdin) == NULL ||
					strncmp(line, "quit", 4) == 0) {
				running = false;
			} else if (strncmp(line, "menu-paint", 10) == 0) {
				paint_menu(&c);
			} else if (strncmp(line, "hide-warp ", 10) == 0) {
				hide_and_warp(&c, line + 10);
			} else if (strncmp(line, "show-cursor", 11) == 0) {
				show_cursor(&c);
			}
		}
	}
	xcb_disconnect(c.conn);
	return 0;
}
