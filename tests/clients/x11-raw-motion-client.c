#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xcb/xcb.h>
#include <xcb/xinput.h>

/*
 * An X11 program that reads the hand's movement as games do (SDL, Wine):
 * XInput 2 raw motion on the root window, which Xwayland makes from the
 * compositor's relative-pointer-v1 deltas (their unaccelerated values).
 * A 200x100 window of class x11-raw-motion/X11RawMotion; prints "ready"
 * once it is mapped, "enter X Y" when the pointer enters it (window
 * coordinates, X pixels), and "raw DX DY" for every raw motion, in X
 * pixels with two decimals (an axis without a value is 0). stdin: "quit".
 */

struct raw_motion_client {
	xcb_connection_t *conn;
	xcb_screen_t *screen;
	xcb_window_t window;
	uint8_t xinput_opcode;
};

static void emit(const char *line) {
	printf("%s\n", line);
	fflush(stdout);
}

static bool select_raw_motion(struct raw_motion_client *c) {
	const xcb_query_extension_reply_t *ext =
			xcb_get_extension_data(c->conn, &xcb_input_id);
	if (ext == NULL || !ext->present) {
		return false;
	}
	c->xinput_opcode = ext->major_opcode;
	xcb_input_xi_query_version_reply_t *version =
			xcb_input_xi_query_version_reply(c->conn,
					xcb_input_xi_query_version(c->conn, 2, 2), NULL);
	bool ok = version != NULL && version->major_version >= 2;
	free(version);
	if (!ok) {
		return false;
	}
	// Raw events are delivered on the root window only.
	struct {
		xcb_input_event_mask_t head;
		uint32_t mask;
	} mask = {
		.head = { .deviceid = XCB_INPUT_DEVICE_ALL_MASTER, .mask_len = 1 },
		.mask = XCB_INPUT_XI_EVENT_MASK_RAW_MOTION,
	};
	xcb_void_cookie_t cookie = xcb_input_xi_select_events_checked(c->conn,
			c->screen->root, 1, &mask.head);
	xcb_generic_error_t *error = xcb_request_check(c->conn, cookie);
	free(error);
	return error == NULL;
}

static void create_window(struct raw_motion_client *c) {
	c->window = xcb_generate_id(c->conn);
	uint32_t values[] = { c->screen->white_pixel,
		XCB_EVENT_MASK_STRUCTURE_NOTIFY | XCB_EVENT_MASK_ENTER_WINDOW };
	xcb_create_window(c->conn, XCB_COPY_FROM_PARENT, c->window, c->screen->root,
			0, 0, 200, 100, 0, XCB_WINDOW_CLASS_INPUT_OUTPUT,
			c->screen->root_visual, XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK,
			values);
	static const char class[] = "x11-raw-motion\0X11RawMotion";
	xcb_change_property(c->conn, XCB_PROP_MODE_REPLACE, c->window,
			XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, 8, sizeof(class), class);
	xcb_map_window(c->conn, c->window);
	xcb_flush(c->conn);
}

static double fp3232(xcb_input_fp3232_t value) {
	return value.integral + value.frac / 4294967296.0;
}

static void print_raw_motion(const xcb_input_raw_motion_event_t *event) {
	const uint32_t *mask = xcb_input_raw_button_press_valuator_mask(event);
	const xcb_input_fp3232_t *raw =
			xcb_input_raw_button_press_axisvalues_raw(event);
	double delta[2] = { 0, 0 };
	int index = 0;
	for (int axis = 0; axis < event->valuators_len * 32; axis++) {
		if (!(mask[axis / 32] & (1u << (axis % 32)))) {
			continue;
		}
		if (axis < 2) {
			delta[axis] = fp3232(raw[index]);
		}
		index++;
	}
	printf("raw %.2f %.2f\n", delta[0], delta[1]);
	fflush(stdout);
}

static void handle_events(struct raw_motion_client *c, bool *mapped) {
	xcb_generic_event_t *event;
	while ((event = xcb_poll_for_event(c->conn)) != NULL) {
		uint8_t type = event->response_type & 0x7f;
		if (type == XCB_MAP_NOTIFY &&
				((xcb_map_notify_event_t *)event)->window == c->window &&
				!*mapped) {
			*mapped = true;
			emit("ready");
		} else if (type == XCB_ENTER_NOTIFY) {
			xcb_enter_notify_event_t *enter = (void *)event;
			printf("enter %d %d\n", enter->event_x, enter->event_y);
			fflush(stdout);
		} else if (type == XCB_GE_GENERIC) {
			xcb_ge_generic_event_t *ge = (void *)event;
			if (ge->extension == c->xinput_opcode &&
					ge->event_type == XCB_INPUT_RAW_MOTION) {
				print_raw_motion((void *)event);
			}
		}
		free(event);
	}
}

int main(void) {
	struct raw_motion_client c = { 0 };
	c.conn = xcb_connect(NULL, NULL);
	if (xcb_connection_has_error(c.conn)) {
		fprintf(stderr, "x11-raw-motion-client: cannot connect to $DISPLAY\n");
		xcb_disconnect(c.conn);
		return 1;
	}
	c.screen = xcb_setup_roots_iterator(xcb_get_setup(c.conn)).data;
	if (!select_raw_motion(&c)) {
		fprintf(stderr, "x11-raw-motion-client: no XInput 2 raw motion\n");
		xcb_disconnect(c.conn);
		return 1;
	}
	create_window(&c);

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
