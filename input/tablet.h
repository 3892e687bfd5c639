#ifndef GRIDWL_INPUT_TABLET_H
#define GRIDWL_INPUT_TABLET_H

#include <stdbool.h>

struct gridwl_seat;
struct gridwl_tablets;
struct wlr_input_device;
struct wlr_seat_client;
struct wlr_tablet_v2_tablet_tool;

/*
 * tablet-unstable-v2: drawing tablets and their pads, from libinput on DRM
 * (or gridctl's tablet, input/control_tablet.c), become tablet-v2 devices
 * of the seat. A tool's events go to the surface under it, in that
 * surface's logical coordinates; where that surface's client has not bound
 * tablet-v2 they are the pointer's (a tip is the left button), as on sway.
 */
struct gridwl_tablets *gridwl_tablets_create(struct gridwl_seat *seat);
void gridwl_tablets_destroy(struct gridwl_tablets *tablets);

/* A tablet (its tools' events come through the seat's wlr_cursor, which
 * the device must be attached to) or a pad (its buttons, rings and strips
 * go to the surface with the keyboard). A pad is part of tablet, or, for
 * NULL, of the tablet libinput puts in its device group (or, nested, the
 * parent's tablet) once that comes. */
void gridwl_tablets_add_tablet(struct gridwl_tablets *tablets,
		struct wlr_input_device *device);
void gridwl_tablets_add_pad(struct gridwl_tablets *tablets,
		struct wlr_input_device *device, struct wlr_input_device *tablet);

/* Whether seat_client's client has tool over one of its surfaces now (for
 * cursor-shape-v1's tablet tool shapes). */
bool gridwl_tablets_tool_focused_by(struct wlr_tablet_v2_tablet_tool *tool,
		struct wlr_seat_client *seat_client);

#endif
