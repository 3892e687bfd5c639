/*
 * The wlcs integration module's input devices: a pointer and a touch
 * screen of ours on gridwl's seat, driven by wlcs from its thread through
 * gridwl_wlcs_run_on_server (gridwl-wlcs.c).
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <wayland-server-core.h>
#include <wlr/interfaces/wlr_pointer.h>
#include <wlr/interfaces/wlr_touch.h>
#include <wlr/types/wlr_output_layout.h>
#include "compositor/server.h"
#include "wlcs-server.h"

/* Absolute input events are fractions of the whole layout. */
/* A fraction of the layout that wlr_cursor turns back into v or the least
 * double above it: (v - x) / w * w can come out a hair below v, and a
 * pointer put on a surface's top or left edge would then miss it. */
static double exact_fraction(double v, int x, int width) {
	double f = (v - x) / width;
	for (int i = 0; i < 8 && width * f + x > v; i++) {
		f = nextafter(f, -2.0);
	}
	for (int i = 0; i < 8 && width * f + x < v; i++) {
		f = nextafter(f, 2.0);
	}
	return f;
}

static void layout_fraction(struct wlcs_server *server, wl_fixed_t x,
		wl_fixed_t y, double *fx, double *fy) {
	struct wlr_box box;
	wlr_output_layout_get_box(server->server->output_layout, NULL, &box);
	*fx = exact_fraction(wl_fixed_to_double(x), box.x, box.width);
	*fy = exact_fraction(wl_fixed_to_double(y), box.y, box.height);
}

struct input_call {
	struct test_device *device;
	enum wlr_input_device_type type;
	wl_fixed_t x, y;
	int button;
	bool pressed;
};

static void do_add_device(struct wlcs_server *server, void *data) {
	struct input_call *call = data;
	call->device = gridwl_wlcs_add_device(server, call->type);
}

static void do_destroy_device(struct wlcs_server *server, void *data) {
	struct input_call *call = data;
	gridwl_wlcs_destroy_device(call->device);
}

static void do_pointer_absolute(struct wlcs_server *server, void *data) {
	struct input_call *call = data;
	struct wlr_pointer *pointer = &call->device->pointer;
	struct wlr_pointer_motion_absolute_event event = {
		.pointer = pointer,
		.time_msec = gridwl_wlcs_now_msec(),
	};
	layout_fraction(server, call->x, call->y, &event.x, &event.y);
	wl_signal_emit_mutable(&pointer->events.motion_absolute, &event);
	wl_signal_emit_mutable(&pointer->events.frame, pointer);
}

static void do_pointer_relative(struct wlcs_server *server, void *data) {
	struct input_call *call = data;
	struct wlr_pointer *pointer = &call->device->pointer;
	struct wlr_pointer_motion_event event = {
		.pointer = pointer,
		.time_msec = gridwl_wlcs_now_msec(),
		.delta_x = wl_fixed_to_double(call->x),
		.delta_y = wl_fixed_to_double(call->y),
		.unaccel_dx = wl_fixed_to_double(call->x),
		.unaccel_dy = wl_fixed_to_double(call->y),
	};
	wl_signal_emit_mutable(&pointer->events.motion, &event);
	wl_signal_emit_mutable(&pointer->events.frame, pointer);
}

static void do_pointer_button(struct wlcs_server *server, void *data) {
	struct input_call *call = data;
	struct wlr_pointer *pointer = &call->device->pointer;
	struct wlr_pointer_button_event event = {
		.pointer = pointer,
		.time_msec = gridwl_wlcs_now_msec(),
		.button = call->button,
		.state = call->pressed ? WL_POINTER_BUTTON_STATE_PRESSED :
								 WL_POINTER_BUTTON_STATE_RELEASED,
	};
	wl_signal_emit_mutable(&pointer->events.button, &event);
	wl_signal_emit_mutable(&pointer->events.frame, pointer);
}

static void pointer_move_absolute(WlcsPointer *base, wl_fixed_t x,
		wl_fixed_t y) {
	struct wlcs_pointer *pointer = wl_container_of(base, pointer, base);
	struct input_call call = { .device = pointer->device, .x = x, .y = y };
	gridwl_wlcs_run_on_server(pointer->server, do_pointer_absolute, &call);
}

static void pointer_move_relative(WlcsPointer *base, wl_fixed_t dx,
		wl_fixed_t dy) {
	struct wlcs_pointer *pointer = wl_container_of(base, pointer, base);
	struct input_call call = { .device = pointer->device, .x = dx, .y = dy };
	gridwl_wlcs_run_on_server(pointer->server, do_pointer_relative, &call);
}

static void pointer_button(WlcsPointer *base, int button, bool pressed) {
	struct wlcs_pointer *pointer = wl_container_of(base, pointer, base);
	struct input_call call = {
		.device = pointer->device,
		.button = button,
		.pressed = pressed,
	};
	gridwl_wlcs_run_on_server(pointer->server, do_pointer_button, &call);
}

static void pointer_button_down(WlcsPointer *base, int button) {
	pointer_button(base, button, true);
}

static void pointer_button_up(WlcsPointer *base, int button) {
	pointer_button(base, button, false);
}

static void pointer_destroy(WlcsPointer *base) {
	struct wlcs_pointer *pointer = wl_container_of(base, pointer, base);
	// After stop the server and its devices are gone already.
	if (pointer->server->running) {
		struct input_call call = { .device = pointer->device };
		gridwl_wlcs_run_on_server(pointer->server, do_destroy_device, &call);
	}
	free(pointer);
}

WlcsPointer *gridwl_wlcs_create_pointer(WlcsDisplayServer *base) {
	struct wlcs_server *server = wl_container_of(base, server, base);
	struct input_call call = { .type = WLR_INPUT_DEVICE_POINTER };
	gridwl_wlcs_run_on_server(server, do_add_device, &call);
	struct wlcs_pointer *pointer = calloc(1, sizeof(*pointer));
	if (call.device == NULL || pointer == NULL) {
		fprintf(stderr, "gridwl-wlcs: cannot add a pointer\n");
		abort();
	}
	pointer->base = (WlcsPointer){
		.version = WLCS_POINTER_VERSION,
		.move_absolute = pointer_move_absolute,
		.move_relative = pointer_move_relative,
		.button_up = pointer_button_up,
		.button_down = pointer_button_down,
		.destroy = pointer_destroy,
	};
	pointer->server = server;
	pointer->device = call.device;
	return &pointer->base;
}

static void do_touch(struct wlcs_server *server, void *data) {
	struct input_call *call = data;
	struct wlr_touch *touch = &call->device->touch;
	uint32_t time = gridwl_wlcs_now_msec();
	// button carries which event: 0 down, 1 motion, 2 up.
	if (call->button == 2) {
		struct wlr_touch_up_event event = {
			.touch = touch,
			.time_msec = time,
			.touch_id = 0,
		};
		wl_signal_emit_mutable(&touch->events.up, &event);
	} else if (call->button == 0) {
		struct wlr_touch_down_event event = {
			.touch = touch,
			.time_msec = time,
			.touch_id = 0,
		};
		layout_fraction(server, call->x, call->y, &event.x, &event.y);
		wl_signal_emit_mutable(&touch->events.down, &event);
	} else {
		struct wlr_touch_motion_event event = {
			.touch = touch,
			.time_msec = time,
			.touch_id = 0,
		};
		layout_fraction(server, call->x, call->y, &event.x, &event.y);
		wl_signal_emit_mutable(&touch->events.motion, &event);
	}
	wl_signal_emit_mutable(&touch->events.frame, NULL);
}

static void touch_event(WlcsTouch *base, int kind, wl_fixed_t x, wl_fixed_t y) {
	struct wlcs_touch *touch = wl_container_of(base, touch, base);
	// wlcs 1.5.0 to 1.7.0 declare wl_fixed_t but pass whole pixels (its
	// Touch::down_at(int, int) hands them straight on, as Mir's own
	// integration expects).
	struct input_call call = {
		.device = touch->device,
		.button = kind,
		.x = wl_fixed_from_int(x),
		.y = wl_fixed_from_int(y),
	};
	gridwl_wlcs_run_on_server(touch->server, do_touch, &call);
}

static void touch_down(WlcsTouch *base, wl_fixed_t x, wl_fixed_t y) {
	touch_event(base, 0, x, y);
}

static void touch_move(WlcsTouch *base, wl_fixed_t x, wl_fixed_t y) {
	touch_event(base, 1, x, y);
}

static void touch_up(WlcsTouch *base) {
	touch_event(base, 2, 0, 0);
}

static void touch_destroy(WlcsTouch *base) {
	struct wlcs_touch *touch = wl_container_of(base, touch, base);
	if (touch->server->running) {
		struct input_call call = { .device = touch->device };
		gridwl_wlcs_run_on_server(touch->server, do_destroy_device, &call);
	}
	free(touch);
}

WlcsTouch *gridwl_wlcs_create_touch(WlcsDisplayServer *base) {
	struct wlcs_server *server = wl_container_of(base, server, base);
	struct input_call call = { .type = WLR_INPUT_DEVICE_TOUCH };
	gridwl_wlcs_run_on_server(server, do_add_device, &call);
	struct wlcs_touch *touch = calloc(1, sizeof(*touch));
	if (call.device == NULL || touch == NULL) {
		fprintf(stderr, "gridwl-wlcs: cannot add a touch device\n");
		abort();
	}
	touch->base = (WlcsTouch){
		.version = WLCS_TOUCH_VERSION,
		.touch_down = touch_down,
		.touch_move = touch_move,
		.touch_up = touch_up,
		.destroy = touch_destroy,
	};
	touch->server = server;
	touch->device = call.device;
	return &touch->base;
}
