#ifndef GRIDWL_COMPOSITOR_LAYOUT_H
#define GRIDWL_COMPOSITOR_LAYOUT_H

#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>
#include <wlr/util/box.h>
#include "config/scale.h"

struct gridwl_output;

/*
 * Logical to device pixels, in one place. Windows, outputs and input live
 * in logical layout coordinates; a target (an output's buffer, a picture at
 * a scale of its own) shows the logical point (x, y) at its device pixel
 * (0, 0), and one logical pixel as scale x scale device pixels. Everything
 * that turns layout positions into pixels (frame plans, damage, opaque
 * regions, screenshots) asks this unit.
 *
 * At a fractional scale a logical position rarely falls on a device pixel.
 * gridwl rounds every top-left corner and every size to the nearest device
 * pixel on its own (config/scale.h), never the far edge: a surface of
 * logical width w covers round(w x scale) device pixels wherever it is,
 * which is what a wp_fractional_scale_v1 client's buffer has, so that
 * buffer is copied 1:1. (Rounding both edges, as sway does, makes the
 * width depend on the position and resamples the buffer where they differ
 * by one.) Two neighbours can then overlap or part by a device pixel.
 * Damage is rounded outwards and opaque regions inwards, so that neither
 * misses a pixel.
 */
struct gridwl_device_map {
	int x, y; // logical: what the target's top-left shows
	int scale120; // config/scale.h
};

/* Nothing that far out (device pixels) or that big is ever on a target
 * usefully: a client may put a subsurface anywhere in int32 and stretch a
 * viewport as far, and scaled sums of such numbers do not fit in an int. */
#define GRIDWL_DEVICE_FAR_OFF (1 << 24)

/* What output shows: its logical box's top-left at its scale. */
struct gridwl_device_map gridwl_device_map_for_output(
		struct gridwl_output *output);

/* The device box of the logical box (x, y, width, height) in layout
 * coordinates; false (and out untouched) when it is farther out or
 * bigger than GRIDWL_DEVICE_FAR_OFF. */
bool gridwl_device_box(const struct gridwl_device_map *map, int64_t x,
		int64_t y, int64_t width, int64_t height, struct wlr_box *out);

/* The device region of logical (layout coordinates) within the logical
 * size bounds_width x bounds_height that the target shows. */
void gridwl_device_region(const struct gridwl_device_map *map,
		const pixman_region32_t *logical, int bounds_width, int bounds_height,
		pixman_region32_t *out);

/* Adds to out the device pixels that local (surface-local logical
 * coordinates, as wlroots keeps opaque regions) covers of a surface whose
 * device box starts at (x, y), within the width x height its buffer covers
 * (less than its box for a ragged buffer, render/ragged.h). */
void gridwl_device_add_surface_region(int scale120,
		const pixman_region32_t *local, int x, int y, int width, int height,
		pixman_region32_t *out);

#endif
