#ifndef GRIDWL_INPUT_TOUCH_H
#define GRIDWL_INPUT_TOUCH_H

struct gridwl_seat;

/* Listens to wlr_cursor's touch events and hands them to clients. */
void gridwl_touch_init(struct gridwl_seat *seat);
void gridwl_touch_finish(struct gridwl_seat *seat);

#endif
