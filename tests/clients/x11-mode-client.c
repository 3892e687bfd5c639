#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xcb/randr.h>
#include "x11-client.h"

/*
 * An X11 game at its own resolution: it sets the first output to the
 * 640x480 mode with RandR (Xwayland emulates it for this client alone) and
 * covers it with a 640x480 override-redirect window at the output's
 * origin, whose left half (320 X pixels) is LEFT_PIXEL and right half
 * RIGHT_PIXEL, painted by the X server from background pixels. Xwayland
 * stretches it over the whole output with a viewport. Prints "mode" once
 * the mode is set, "ready" once the window is mapped, "button X Y" for a
 * press on its left half (window coordinates, in the mode's pixels). With
 * --no-mode it leaves the mode alone. stdin: "quit".
 */

#define LEFT_PIXEL 0xd02020u
#define RIGHT_PIXEL 0x2040d0u

/* The first output with a CRTC set to 640x480; false when none can be. */
static bool set_mode(struct x11_client *c, int *x, int *y) {
	xcb_randr_get_screen_resources_current_reply_t *resources =
			xcb_randr_get_screen_resources_current_reply(c->conn,
					xcb_randr_get_screen_resources_current(c->conn,
							c->screen->root),
					NULL);
	if (resources == NULL) {
		return false;
	}
	xcb_randr_mode_info_t *modes =
			xcb_randr_get_screen_resources_current_modes(resources);
	int mode_count =
			xcb_randr_get_screen_resources_current_modes_length(resources);
	xcb_randr_mode_t mode = XCB_NONE;
	for (int i = 0; i < mode_count && mode == XCB_NONE; i++) {
		if (modes[i].width == 640 && modes[i].height == 480) {
			mode = modes[i].id;
		}
	}
	xcb_randr_output_t *outputs =
			xcb_randr_get_screen_resources_current_outputs(resources);
	bool ok = false;
	if (mode != XCB_NONE &&
			xcb_randr_get_screen_resources_current_outputs_length(resources) >
					0) {
		xcb_randr_get_output_info_reply_t *output =
				xcb_randr_get_output_info_reply(c->conn,
						xcb_randr_get_output_info(c->conn, outputs[0],
								resources->config_timestamp),
						NULL);
		xcb_randr_get_crtc_info_reply_t *crtc =
				output != NULL && output->crtc != XCB_NONE ?
				xcb_randr_get_crtc_info_reply(c->conn,
						xcb_randr_get_crtc_info(c->conn, output->crtc,
								resources->config_timestamp),
						NULL) :
				NULL;
		if (crtc != NULL) {
			*x = crtc->x;
			*y = crtc->y;
			xcb_randr_set_crtc_config_reply_t *set =
					xcb_randr_set_crtc_config_reply(c->conn,
							xcb_randr_set_crtc_config(c->conn, output->crtc,
									XCB_CURRENT_TIME,
									resources->config_timestamp, crtc->x,
									crtc->y, mode, XCB_RANDR_ROTATION_ROTATE_0,
									1, &outputs[0]),
							NULL);
			ok = set != NULL && set->status == XCB_RANDR_SET_CONFIG_SUCCESS;
			free(set);
		}
		free(crtc);
		free(output);
	}
	free(resources);
	return ok;
}

static void create_window(struct x11_client *c, int x, int y) {
	uint32_t values[] = { LEFT_PIXEL, 1,
		XCB_EVENT_MASK_STRUCTURE_NOTIFY | XCB_EVENT_MASK_BUTTON_PRESS };
	xcb_window_t window = x11_client_create_window(c, XCB_NONE, x, y, 640, 480,
			XCB_CW_BACK_PIXEL | XCB_CW_OVERRIDE_REDIRECT | XCB_CW_EVENT_MASK,
			values);
	uint32_t right_values[] = { RIGHT_PIXEL };
	xcb_window_t right = x11_client_create_window(c, window, 320, 0, 320, 480,
			XCB_CW_BACK_PIXEL, right_values);
	xcb_map_window(c->conn, right);
	xcb_map_window(c->conn, window);
	c->ready_window = window;
}

int main(int argc, char *argv[]) {
	bool no_mode = argc > 1 && strcmp(argv[1], "--no-mode") == 0;
	struct x11_client c = { .event = x11_client_print_press };
	if (!x11_client_connect(&c, "x11-mode-client")) {
		return x11_client_finish(&c, 1);
	}
	int x = 0, y = 0;
	if (!no_mode && !set_mode(&c, &x, &y)) {
		return x11_client_fail(&c, "cannot set a 640x480 mode");
	}
	client_emit("mode");
	create_window(&c, x, y);
	x11_client_run(&c);
	return x11_client_finish(&c, 0);
}
