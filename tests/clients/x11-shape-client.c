#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xcb/shape.h>
#include <xcb/xcb.h>

/*
 * An X11 program whose window takes input on part of it only, as shaped
 * docks, notifications and overlays do: a 200x100 window of class
 * x11-shape/X11Shape whose input shape (SHAPE extension) is its left half,
 * 100x100 X pixels; the right half lets clicks through to what is below.
 * Prints "ready" once it is mapped, "button X Y" for every button press
 * (window coordinates, X pixels). stdin: "quit".
 */

struct shape_client {
	xcb_connection_t *conn;
	xcb_screen_t *screen;
	xcb_window_t window;
};

static bool create_window(struct shape_client *c) {
	const xcb_query_extension_reply_t *ext =
			xcb_get_extension_data(c->conn, &xcb_shape_id);
	if (ext == NULL || !ext->present) {
		return false;
	}
	c->window = xcb_generate_id(c->conn);
	uint32_t values[] = { c->screen->white_pixel,
		XCB_EVENT_MASK_STRUCTURE_NOTIFY | XCB_EVENT_MASK_BUTTON_PRESS };
	xcb_create_window(c->conn, XCB_COPY_FROM_PARENT, c->window, c->screen->root,
			0, 0, 200, 100, 0, XCB_WINDOW_CLASS_INPUT_OUTPUT,
			c->screen->root_visual, XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK,
			values);
	static const char class[] = "x11-shape\0X11Shape";
	xcb_change_property(c->conn, XCB_PROP_MODE_REPLACE, c->window,
			XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, 8, sizeof(class), class);
	xcb_rectangle_t left_half = { 0, 0, 100, 100 };
	xcb_shape_rectangles(c->conn, XCB_SHAPE_SO_SET, XCB_SHAPE_SK_INPUT,
			XCB_CLIP_ORDERING_UNSORTED, c->window, 0, 0, 1, &left_half);
	xcb_map_window(c->conn, c->window);
	xcb_flush(c->conn);
	return true;
}

static void handle_events(struct shape_client *c, bool *mapped) {
	xcb_generic_event_t *event;
	while ((event = xcb_poll_for_event(c->conn)) != NULL) {
		uint8_t type = event->response_type & 0x7f;
		if (type == XCB_MAP_NOTIFY &&
				((xcb_map_notify_event_t *)event)->window == c->window &&
				!*mapped) {
			*mapped = true;
			printf("ready\n");
			fflush(stdout);
		} else if (type == XCB_BUTTON_PRESS) {
			xcb_button_press_event_t *press = (void *)event;
			printf("button %d %d\n", press->event_x, press->event_y);
			fflush(stdout);
		}
		free(event);
	}
}

int main(void) {
	struct shape_client c = { 0 };
	c.conn = xcb_connect(NULL, NULL);
	if (xcb_connection_has_error(c.conn)) {
		fprintf(stderr, "x11-shape-client: cannot connect to $DISPLAY\n");
		xcb_disconnect(c.conn);
		return 1;
	}
	c.screen = xcb_setup_roots_iterator(xcb_get_setup(c.conn)).data;
	if (!create_window(&c)) {
		fprintf(stderr, "x11-shape-client: no SHAPE extension\n");
		xcb_disconnect(c.conn);
		return 1;
	}
	bool mapped = false;
	char buf[256];
	size_t len = 0;
	while (!xcb_connection_has_error(c.conn)) {
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
		if (strstr(buf, "quit\n") != NULL) {
			break;
		}
		if (strchr(buf, '\n') != NULL || len == sizeof(buf) - 1) {
			len = 0; // nothing else is a command
		}
	}
	xcb_disconnect(c.conn);
	return 0;
}
