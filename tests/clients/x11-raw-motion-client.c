#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xcb/xinput.h>
#include "x11-client.h"

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
	struct x11_client x;
	uint8_t xinput_opcode;
};

static bool select_raw_motion(struct raw_motion_client *c) {
	xcb_connection_t *conn = c->x.conn;
	const xcb_query_extension_reply_t *ext =
			xcb_get_extension_data(conn, &xcb_input_id);
	if (ext == NULL || !ext->present) {
		return false;
	}
	c->xinput_opcode = ext->major_opcode;
	xcb_input_xi_query_version_reply_t *version =
			xcb_input_xi_query_version_reply(conn,
					xcb_input_xi_query_version(conn, 2, 2), NULL);
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
	xcb_void_cookie_t cookie = xcb_input_xi_select_events_checked(conn,
			c->x.screen->root, 1, &mask.head);
	xcb_generic_error_t *error = xcb_request_check(conn, cookie);
	free(error);
	return error == NULL;
}

static void create_window(struct raw_motion_client *c) {
	uint32_t values[] = { c->x.screen->white_pixel,
		XCB_EVENT_MASK_STRUCTURE_NOTIFY | XCB_EVENT_MASK_ENTER_WINDOW };
	xcb_window_t window = x11_client_create_window(&c->x, XCB_NONE, 0, 0, 200,
			100, XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK, values);
	static const char class[] = "x11-raw-motion\0X11RawMotion";
	x11_client_set_class(&c->x, window, class, sizeof(class));
	xcb_map_window(c->x.conn, window);
	c->x.ready_window = window;
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
	client_emit("raw %.2f %.2f", delta[0], delta[1]);
}

static void handle_event(void *data, xcb_generic_event_t *event) {
	struct raw_motion_client *c = data;
	uint8_t type = event->response_type & 0x7f;
	if (type == XCB_ENTER_NOTIFY) {
		xcb_enter_notify_event_t *enter = (void *)event;
		client_emit("enter %d %d", enter->event_x, enter->event_y);
	} else if (type == XCB_GE_GENERIC) {
		xcb_ge_generic_event_t *ge = (void *)event;
		if (ge->extension == c->xinput_opcode &&
				ge->event_type == XCB_INPUT_RAW_MOTION) {
			print_raw_motion((void *)event);
		}
	}
}

int main(void) {
	struct raw_motion_client c = { 0 };
	c.x.event = handle_event;
	c.x.data = &c;
	if (!x11_client_connect(&c.x, "x11-raw-motion-client")) {
		return x11_client_finish(&c.x, 1);
	}
	if (!select_raw_motion(&c)) {
		return x11_client_fail(&c.x, "no XInput 2 raw motion");
	}
	create_window(&c);
	x11_client_run(&c.x);
	return x11_client_finish(&c.x, 0);
}
