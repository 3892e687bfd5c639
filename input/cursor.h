#ifndef GRIDWL_INPUT_CURSOR_H
#define GRIDWL_INPUT_CURSOR_H

struct gridwl_seat;

void gridwl_cursor_init(struct gridwl_seat *seat);
void gridwl_cursor_finish(struct gridwl_seat *seat);
/* The theme's image of that name (an xcursor name, as cursor-shape-v1's
 * shapes have them), drawn from the theme at each output's scale, where a
 * pointing device is attached. */
void gridwl_cursor_set_theme_image(struct gridwl_seat *seat, const char *name);
/* The theme's pointer, where a pointing device is attached. */
void gridwl_cursor_set_default_image(struct gridwl_seat *seat);
/* No image at all: nothing left to point with. */
void gridwl_cursor_hide(struct gridwl_seat *seat);

#endif
