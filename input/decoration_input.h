#ifndef GRIDWL_INPUT_DECORATION_INPUT_H
#define GRIDWL_INPUT_DECORATION_INPUT_H

#include <stdbool.h>
#include <stdint.h>
#include "compositor/shell/decoration.h"

struct gridwl_seat;
struct gridwl_server;
struct gridwl_view;

/* The window whose frame is topmost at the layout point, with the part
 * there; NULL when a surface or nothing is. */
struct gridwl_view *gridwl_frame_at(struct gridwl_server *server, double lx,
		double ly, enum gridwl_frame_part *part, uint32_t *edges);
/* With the pointer on a frame: no surface has it, and the cursor shows the
 * resize shape of the edge under it. False when it is on no frame. */
bool gridwl_seat_frame_pointer_focus(struct gridwl_seat *seat);
/* A button pressed with the pointer on a frame: focus, move, resize, close
 * or maximize. False when it is on no frame. */
bool gridwl_seat_frame_button(struct gridwl_seat *seat, uint32_t button,
		uint32_t time_msec);
/* A touch down on a frame, as a click there; on the title bar the window
 * then follows that finger. False when it is on no frame. */
bool gridwl_seat_frame_touch_down(struct gridwl_seat *seat, int32_t touch_id,
		double lx, double ly, uint32_t time_msec);
/* The finger moving a window by its title bar: moves it; false for any
 * other touch point. */
bool gridwl_seat_frame_touch_motion(struct gridwl_seat *seat, int32_t touch_id,
		double lx, double ly);
/* It lifted: the move ends; false for any other touch point. */
bool gridwl_seat_frame_touch_up(struct gridwl_seat *seat, int32_t touch_id);

#endif
