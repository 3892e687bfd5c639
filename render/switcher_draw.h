#ifndef GRIDWL_RENDER_SWITCHER_DRAW_H
#define GRIDWL_RENDER_SWITCHER_DRAW_H

#include <stddef.h>
#include <wlr/util/box.h>
#include "render/decoration_draw.h"

struct wlr_renderer;
struct wlr_texture;

/* One window of the window switcher's list. */
struct gridwl_switcher_row {
	const char *app_id;
	const char *title;
};

/* The list's shape, logical pixels: a box of width x height, an outline
 * GRIDWL_SWITCHER_BORDER wide in the focused title bar's colour, and rows
 * of the title bars' height inside it; when not all of count fit, the
 * shown ones from first, the highlighted one among them. */
struct gridwl_switcher_geometry {
	int width, height;
	int row_height;
	size_t count, first, shown;
};

#define GRIDWL_SWITCHER_WIDTH 480
#define GRIDWL_SWITCHER_BORDER 2
#define GRIDWL_SWITCHER_PADDING 6

/* The list of count rows with highlight among them, within max_width x
 * max_height (logical: what the output has room for); false when not even
 * one row fits. */
bool gridwl_switcher_measure(struct gridwl_decoration_style *style,
		size_t count, size_t highlight, int max_width, int max_height,
		struct gridwl_switcher_geometry *geometry);

/* The box of row index (one of the shown ones) within the list. */
struct wlr_box gridwl_switcher_row_box(
		const struct gridwl_switcher_geometry *geometry, size_t index);

/* Draws the list at scale120 (cairo and Pango, render/text_draw.h):
 * opaque, geometry's size times the scale, rounded as compositor/layout.h
 * rounds. NULL when it cannot be drawn. */
struct wlr_texture *gridwl_switcher_draw(struct wlr_renderer *renderer,
		const struct gridwl_decoration_style *style, int scale120,
		const struct gridwl_switcher_geometry *geometry,
		const struct gridwl_switcher_row *rows, size_t highlight);

#endif
