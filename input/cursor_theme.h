#ifndef GRIDWL_INPUT_CURSOR_THEME_H
#define GRIDWL_INPUT_CURSOR_THEME_H

#include <stdbool.h>

struct gridwl_seat;
struct wlr_xcursor_manager;

/* The size of the theme's images shown at scale120 for a theme of size at
 * scale 1, among the sizes it comes in (count of them, any order; none
 * known: size x scale rounded up): the smallest at least size x scale,
 * else the largest (*too_small set). */
int gridwl_cursor_theme_pick_size(const int *sizes, int count, int size,
		int scale120, bool *too_small);

/* Makes sure manager holds its theme for outputs at scale120, loaded once
 * per scale at the size gridwl_cursor_theme_pick_size picks and drawn 1:1
 * (wlr_compat W31); false when it cannot be loaded. */
bool gridwl_cursor_theme_load(struct gridwl_seat *seat,
		struct wlr_xcursor_manager *manager, int scale120);
/* The same for the scale of every enabled output, before wlr_cursor shows
 * an image of manager on them (it would load a missing scale itself). */
void gridwl_cursor_theme_load_outputs(struct gridwl_seat *seat,
		struct wlr_xcursor_manager *manager);
/* An output is about to be committed at scale120: the themes the cursors
 * may show get that scale first (wlr_cursor redraws them during the
 * commit). Themes not used yet stay unloaded, so a start-up with no cursor
 * shown loads none. */
void gridwl_cursor_theme_scale_coming(struct gridwl_seat *seat, int scale120);

#endif
