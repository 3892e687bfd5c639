#ifndef GRIDWL_CONFIG_AUTO_SCALE_H
#define GRIDWL_CONFIG_AUTO_SCALE_H

#include <stdbool.h>

/*
 * The integer scale an output with no configured scale (or "scale auto")
 * gets from its physical size, as sway and niri guess one. Pure: no
 * wlroots, so the rule is tested on its own (tests/config/test-auto-scale.c).
 *
 * The pixel density is taken along the diagonal. At desktop distance
 * 96 DPI is what scale 1 was made for; a laptop panel sits closer, and its
 * scale 1 is about 125 DPI (a 14" 1920x1200 panel is 162 DPI and reads
 * well at 1). The scale is the integer nearest density / reference: 2 from
 * 144 DPI on a monitor (a 27" 4K, 163 DPI), 2 from 188 DPI on a laptop
 * panel (a 14" 2880x1800, 244 DPI), 3 from 240 and 313 DPI. It is then
 * lowered while it would leave a logical width (of the mode's longer side,
 * so that a rotated output gets what the upright one does) below 1024, and
 * is never above 4.
 */
#define GRIDWL_AUTO_SCALE_DESKTOP_DPI 96
#define GRIDWL_AUTO_SCALE_LAPTOP_DPI 125
#define GRIDWL_AUTO_SCALE_MIN_LOGICAL_WIDTH 1024

struct gridwl_auto_scale {
	int scale; // 0 when the physical size says nothing
	int dpi; // rounded, for the log
	bool capped; // lowered to keep the logical width
};

/* True for an output name of a built-in panel: wlroots names DRM outputs
 * after their connector type (eDP-1, LVDS-1, DSI-1). */
bool gridwl_auto_scale_is_laptop_name(const char *name);

/* phys_*_mm as EDID gives them through wlroots (0 when unknown); a size
 * below 10 mm or one of the 16:9 and 16:10 aspect ratios some EDIDs give
 * instead of a size (160x90, 160x100 mm...) says nothing. */
struct gridwl_auto_scale gridwl_auto_scale_choose(int width, int height,
		int phys_width_mm, int phys_height_mm, bool laptop);

#endif
