#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xcb/shape.h>
#include "x11-client.h"

/*
 * An X11 program whose window takes input on part of it only, as shaped
 * docks, notifications and overlays do: a 200x100 window of class
 * x11-shape/X11Shape whose input shape (SHAPE extension) is its left half,
 * 100x100 X pixels; the right half lets clicks through to what is below.
 * Prints "ready" once it is mapped, "button X Y" for every button press
 * (window coordinates, X pixels). stdin: "quit".
 */

static bool create_window(struct x11_client *c) {
	const xcb_query_extension_reply_t *ext =
			xcb_get_extension_data(c->conn, &xcb_shape_id);
	if (ext == NULL || !ext->present) {
		return false;
	}
	uint32_t values[] = { c->screen->white_pixel,
		XCB_EVENT_MASK_STRUCTURE_NOTIFY | XCB_EVENT_MASK_BUTTON_PRESS };
	xcb_window_t window = x11_client_create_window(c, XCB_NONE, 0, 0, 200, 100,
			XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK, values);
	static const char class[] = "x11-shape\0X11Shape";
	x11_client_set_class(c, window, class, sizeof(class));
	xcb_rectangle_t left_half = { 0, 0, 100, 100 };
	xcb_shape_rectangles(c->conn, XCB_SHAPE_SO_SET, XCB_SHAPE_SK_INPUT,
			XCB_CLIP_ORDERING_UNSORTED, window, 0, 0, 1, &left_half);
	xcb_map_window(c->conn, window);
	c->ready_window = window;
	return true;
}

int main(void) {
	struct x11_client c = { .event = x11_client_print_press };
	if (!x11_client_connect(&c, "x11-shape-client")) {
		return x11_client_finish(&c, 1);
	}
	if (!create_window(&c)) {
		return x11_client_fail(&c, "no SHAPE extension");
	}
	x11_client_run(&c);
	return x11_client_finish(&c, 0);
}
