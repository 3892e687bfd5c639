#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xcb/xfixes.h>
#include "pattern.h"
#include "x11-client.h"

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
	struct x11_client x;
	xcb_window_t window;
	xcb_gcontext_t gc;
	xcb_window_t menu;
	struct pattern pattern;
	int width, height;
};

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
		xcb_put_image(c->x.conn, XCB_IMAGE_FORMAT_Z_PIXMAP, c->window, c->gc,
				(uint16_t)c->width, 1, 0, (int16_t)y, 0,
				c->x.screen->root_depth, (uint32_t)c->width * 4,
				(const uint8_t *)row);
	}
	free(row);
	x11_client_sync(&c->x);
	client_emit("drawn %d %d", c->width, c->height);
}

static void open_menu(struct x11_pattern_client *c, int x, int y) {
	if (c->menu != XCB_NONE) {
		xcb_destroy_window(c->x.conn, c->menu);
	}
	uint32_t values[] = { MENU_PIXEL, 1 };
	c->menu = x11_client_create_window(&c->x, XCB_NONE, x, y, MENU_WIDTH,
			MENU_HEIGHT, XCB_CW_BACK_PIXEL | XCB_CW_OVERRIDE_REDIRECT, values);
	xcb_map_window(c->x.conn, c->menu);
	x11_client_sync(&c->x);
	client_emit("menu %d %d", x, y);
}

static void paint_menu(struct x11_pattern_client *c) {
	if (c->menu == XCB_NONE) {
		return;
	}
	uint32_t pixel = MENU_PAINTED_PIXEL;
	xcb_change_gc(c->x.conn, c->gc, XCB_GC_FOREGROUND, &pixel);
	xcb_rectangle_t rect = { 0, 0, MENU_WIDTH, MENU_HEIGHT };
	xcb_poly_fill_rectangle(c->x.conn, c->menu, c->gc, 1, &rect);
	x11_client_sync(&c->x);
	client_emit("menu-painted");
}

/* X,Y from "hide-warp X Y". */
static void hide_and_warp(struct x11_pattern_client *c, const char *args) {
	int x, y;
	if (sscanf(args, "%d %d", &x, &y) != 2) {
		fprintf(stderr, "hide-warp needs X Y\n");
		return;
	}
	xcb_xfixes_hide_cursor(c->x.conn, c->window);
	xcb_warp_pointer(c->x.conn, XCB_NONE, c->window, 0, 0, 0, 0, (int16_t)x,
			(int16_t)y);
	x11_client_sync(&c->x);
	client_emit("warped %d %d", x, y);
}

static void show_cursor(struct x11_pattern_client *c) {
	xcb_xfixes_show_cursor(c->x.conn, c->window);
	x11_client_sync(&c->x);
	client_emit("shown");
}

static void handle_event(void *data, xcb_generic_event_t *event) {
	struct x11_pattern_client *c = data;
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
		client_emit("geometry %d %d %d %d", configure->x, configure->y,
				configure->width, configure->height);
		if (configure->width != c->width || configure->height != c->height) {
			c->width = configure->width;
			c->height = configure->height;
			draw(c);
		}
		break;
	}
	case XCB_BUTTON_PRESS: {
		xcb_button_press_event_t *press = (xcb_button_press_event_t *)event;
		client_emit("button %d %d %d", press->detail, press->event_x,
				press->event_y);
		if (press->detail == 3) {
			open_menu(c, press->root_x, press->root_y);
		}
		break;
	}
	}
}

static bool handle_command(void *data, char *line) {
	struct x11_pattern_client *c = data;
	if (strncmp(line, "menu-paint", 10) == 0) {
		paint_menu(c);
	} else if (strncmp(line, "hide-warp ", 10) == 0) {
		hide_and_warp(c, line + 10);
	} else if (strncmp(line, "show-cursor", 11) == 0) {
		show_cursor(c);
	}
	return true;
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
	c.x.event = handle_event;
	c.x.command = handle_command;
	c.x.data = &c;
	if (!x11_client_connect(&c.x, "x11-pattern-client")) {
		return x11_client_finish(&c.x, 1);
	}
	if (c.x.screen->root_depth != 24) {
		fprintf(stderr, "depth %d, not 24\n", c.x.screen->root_depth);
		return x11_client_finish(&c.x, 1);
	}
	client_emit("screen %d %d", c.x.screen->width_in_pixels,
			c.x.screen->height_in_pixels);
	// XFixes must be asked for its version before its requests are used.
	free(xcb_xfixes_query_version_reply(c.x.conn,
			xcb_xfixes_query_version(c.x.conn, XCB_XFIXES_MAJOR_VERSION,
					XCB_XFIXES_MINOR_VERSION),
			NULL));
	// In the order of the value mask's bits.
	uint32_t values[] = { override_redirect,
		XCB_EVENT_MASK_EXPOSURE | XCB_EVENT_MASK_STRUCTURE_NOTIFY |
				XCB_EVENT_MASK_BUTTON_PRESS };
	c.window = x11_client_create_window(&c.x, XCB_NONE, x, y, c.width, c.height,
			XCB_CW_OVERRIDE_REDIRECT | XCB_CW_EVENT_MASK, values);
	static const char class[] = "x11-pattern\0X11Pattern";
	x11_client_set_class(&c.x, c.window, class, sizeof(class));
	c.gc = xcb_generate_id(c.x.conn);
	xcb_create_gc(c.x.conn, c.gc, c.window, 0, NULL);
	xcb_map_window(c.x.conn, c.window);
	return x11_client_finish(&c.x, x11_client_run(&c.x));
}
