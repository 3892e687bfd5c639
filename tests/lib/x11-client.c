#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "x11-client.h"

bool x11_client_connect(struct x11_client *c, const char *name) {
	c->name = name;
	c->conn = xcb_connect(NULL, NULL);
	if (xcb_connection_has_error(c->conn)) {
		fprintf(stderr, "%s: cannot connect to $DISPLAY\n", name);
		return false;
	}
	c->screen = xcb_setup_roots_iterator(xcb_get_setup(c->conn)).data;
	return true;
}

int x11_client_fail(struct x11_client *c, const char *what) {
	fprintf(stderr, "%s: %s\n", c->name, what);
	return x11_client_finish(c, 1);
}

xcb_window_t x11_client_create_window(struct x11_client *c, xcb_window_t parent,
		int x, int y, int width, int height, uint32_t value_mask,
		const uint32_t *values) {
	xcb_window_t window = xcb_generate_id(c->conn);
	xcb_create_window(c->conn, XCB_COPY_FROM_PARENT, window,
			parent != XCB_NONE ? parent : c->screen->root, (int16_t)x,
			(int16_t)y, (uint16_t)width, (uint16_t)height, 0,
			XCB_WINDOW_CLASS_INPUT_OUTPUT, c->screen->root_visual, value_mask,
			values);
	return window;
}

void x11_client_set_class(struct x11_client *c, xcb_window_t window,
		const char *class, size_t size) {
	xcb_change_property(c->conn, XCB_PROP_MODE_REPLACE, window,
			XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, 8, (uint32_t)size, class);
}

void x11_client_sync(struct x11_client *c) {
	free(xcb_get_input_focus_reply(c->conn, xcb_get_input_focus(c->conn),
			NULL));
}

void x11_client_print_press(void *data, xcb_generic_event_t *event) {
	if ((event->response_type & 0x7f) == XCB_BUTTON_PRESS) {
		xcb_button_press_event_t *press = (void *)event;
		client_emit("button %d %d", press->event_x, press->event_y);
	}
}

static void handle_events(struct x11_client *c) {
	xcb_generic_event_t *event;
	while ((event = xcb_poll_for_event(c->conn)) != NULL) {
		if ((event->response_type & 0x7f) == XCB_MAP_NOTIFY &&
				c->ready_window != XCB_NONE &&
				((xcb_map_notify_event_t *)event)->window == c->ready_window &&
				!c->mapped) {
			c->mapped = true;
			client_emit("ready");
		} else if (c->event != NULL) {
			c->event(c->data, event);
		}
		free(event);
	}
}

/* Reads what stdin has; false at "quit" or its end. */
static bool read_lines(struct x11_client *c) {
	ssize_t n =
			read(STDIN_FILENO, c->line + c->len, sizeof(c->line) - 1 - c->len);
	if (n <= 0) {
		return false;
	}
	c->len += (size_t)n;
	c->line[c->len] = '\0';
	char *newline;
	while ((newline = strchr(c->line, '\n')) != NULL) {
		*newline = '\0';
		if (strcmp(c->line, "quit") == 0 ||
				(c->command != NULL && !c->command(c->data, c->line))) {
			return false;
		}
		c->len -= (size_t)(newline + 1 - c->line);
		memmove(c->line, newline + 1, c->len + 1);
	}
	if (c->len == sizeof(c->line) - 1) {
		c->len = 0;
	}
	return true;
}

int x11_client_run(struct x11_client *c) {
	while (!xcb_connection_has_error(c->conn)) {
		handle_events(c);
		xcb_flush(c->conn);
		struct pollfd fds[] = {
			{ .fd = xcb_get_file_descriptor(c->conn), .events = POLLIN },
			{ .fd = STDIN_FILENO, .events = POLLIN },
		};
		if (poll(fds, 2, -1) < 0) {
			return 0;
		}
		if ((fds[1].revents & (POLLIN | POLLHUP)) && !read_lines(c)) {
			return 0;
		}
	}
	return 1;
}

int x11_client_finish(struct x11_client *c, int status) {
	xcb_disconnect(c->conn);
	return status;
}
