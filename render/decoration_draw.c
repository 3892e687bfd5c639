#include <drm_fourcc.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/render/pass.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/util/log.h>
#include "config/scale.h"
#include "render/decoration_draw.h"
#include "render/text_draw.h"

/*
 * Title bars are drawn with cairo and Pango at the scale of the output that
 * shows them (render/text_draw.h), so that the parts of a frame on outputs
 * of different scales meet where they should.
 */

static const struct gridwl_decoration_colors default_colors = {
	.focused_bg = 0x285577,
	.focused_text = 0xffffff,
	.unfocused_bg = 0x222222,
	.unfocused_text = 0x888888,
};

/* Space between the text and the frame's left edge, logical pixels. */
#define TITLE_PADDING 6

void gridwl_decoration_style_set(struct gridwl_decoration_style *style,
		const char *font, const struct gridwl_decoration_colors *colors) {
	char *copy = strdup(font != NULL ? font : GRIDWL_DECORATION_FONT_DEFAULT);
	if (copy == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for the decoration font");
		return;
	}
	free(style->font);
	style->font = copy;
	style->colors = colors != NULL ? *colors : default_colors;
	style->measured_title_height = 0;
	style->serial++;
}

int gridwl_decoration_style_title_height(
		struct gridwl_decoration_style *style) {
	if (style->measured_title_height == 0) {
		style->measured_title_height =
				gridwl_text_line_height(style->font) + 2 * 4;
		style->measures++;
	}
	return style->measured_title_height;
}

bool gridwl_decoration_style_measured(
		const struct gridwl_decoration_style *style) {
	return style->measured_title_height != 0;
}

void gridwl_decoration_style_finish(struct gridwl_decoration_style *style) {
	free(style->font);
	style->font = NULL;
}

/*
 * The buttons' lines are one logical pixel wide, made a whole number of
 * device pixels (round(scale), so two at 1.5), and run along whole device
 * pixels: a line of odd device width is crisp at half-pixel centres. At
 * an integer scale that is where the logical coordinates put them anyway.
 */
struct pixel_grid {
	double scale;
	double half; // device pixels from a pixel's edge to a line's centre
	double line; // a line's width, logical
};

static struct pixel_grid pixel_grid_for(int scale120) {
	double scale = (double)scale120 / GRIDWL_SCALE120_ONE;
	int line = (int)gridwl_scale_round(1, scale120);
	return (struct pixel_grid){
		.scale = scale,
		.half = line % 2 == 1 ? 0.5 : 0,
		.line = line / scale,
	};
}

/* The logical coordinate v moved to the nearest line centre; inwards is
 * -1 or 1 for the end of a line that must stay inside v. */
static double on_grid(const struct pixel_grid *grid, double v, int inwards) {
	return (round(v * grid->scale) + inwards * grid->half) / grid->scale;
}

/* The close and maximize glyphs in the square button at (x, y) of side
 * size. */
static void draw_buttons(cairo_t *cr, const struct pixel_grid *grid, int x,
		int y, int size, bool maximized) {
	double inset = floor(size / 3.0);
	cairo_set_line_width(cr, grid->line);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
	// Close, at the right end.
	double x0 = on_grid(grid, x + size + inset, 1);
	double x1 = on_grid(grid, x + 2 * size - inset, -1);
	double y0 = on_grid(grid, y + inset, 1);
	double y1 = on_grid(grid, y + size - inset, -1);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
	cairo_move_to(cr, x1, y0);
	cairo_line_to(cr, x0, y1);
	cairo_stroke(cr);
	// Maximize: a square; when maximized, a second one behind it (restore).
	x0 = on_grid(grid, x + inset, 1);
	x1 = on_grid(grid, x + size - inset, -1);
	if (maximized) {
		double x2 = on_grid(grid, x + inset + 2, 1);
		double y2 = on_grid(grid, y + inset - 2, 1);
		cairo_rectangle(cr, x2, y2, x1 - x0, y1 - y0);
		x1 = on_grid(grid, x + size - inset - 2, -1);
		y0 = on_grid(grid, y + inset + 2, 1);
	}
	cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
	cairo_stroke(cr);
}

/* Minimize: a bar at the bottom of the square button at (x, y), as
 * draw_buttons draws. */
static void draw_minimize_button(cairo_t *cr, const struct pixel_grid *grid,
		int x, int y, int size) {
	double inset = floor(size / 3.0);
	double yb = on_grid(grid, y + size - inset, -1);
	cairo_move_to(cr, on_grid(grid, x + inset, 1), yb);
	cairo_line_to(cr, on_grid(grid, x + size - inset, -1), yb);
	cairo_stroke(cr);
}

static struct wlr_texture *draw_title_bar(struct wlr_renderer *renderer,
		const struct gridwl_decoration_style *style, int title_height,
		int scale120, int width, const char *title, bool focused,
		bool maximized) {
	int border = GRIDWL_FRAME_BORDER;
	int height = border + title_height;
	// The device box the plan gives it (compositor/layout.h).
	int device_width = (int)gridwl_scale_round(width, scale120);
	int device_height = (int)gridwl_scale_round(height, scale120);
	cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
			device_width, device_height);
	if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(surface);
		return NULL;
	}
	cairo_t *cr = cairo_create(surface);
	struct pixel_grid grid = pixel_grid_for(scale120);
	cairo_scale(cr, grid.scale, grid.scale);
	uint32_t bg =
			focused ? style->colors.focused_bg : style->colors.unfocused_bg;
	uint32_t fg =
			focused ? style->colors.focused_text : style->colors.unfocused_text;
	gridwl_text_set_source_rgb(cr, bg);
	cairo_paint(cr);

	// Minimize, maximize and close.
	int buttons = 3 * title_height;
	int text_width = width - 2 * border - TITLE_PADDING - buttons;
	if (text_width > 0) {
		PangoLayout *layout = gridwl_text_layout_create(cr, style->font);
		gridwl_text_layout_set_client_text(layout, title, text_width);
		int text_w, text_h;
		pango_layout_get_pixel_size(layout, &text_w, &text_h);
		gridwl_text_set_source_rgb(cr, fg);
		cairo_move_to(cr, border + TITLE_PADDING,
				border + (title_height - text_h) / 2.0);
		pango_cairo_show_layout(cr, layout);
		g_object_unref(layout);
	}
	int bx = width - border - buttons;
	if (bx > border) {
		gridwl_text_set_source_rgb(cr, fg);
		draw_buttons(cr, &grid, bx + title_height, border, title_height,
				maximized);
		draw_minimize_button(cr, &grid, bx, border, title_height);
	}
	cairo_destroy(cr);
	cairo_surface_flush(surface);

	struct wlr_texture *texture = wlr_texture_from_pixels(renderer,
			DRM_FORMAT_ARGB8888, cairo_image_surface_get_stride(surface),
			device_width, device_height, cairo_image_surface_get_data(surface));
	cairo_surface_destroy(surface);
	return texture;
}

void gridwl_frame_cache_finish(struct gridwl_frame_cache *cache) {
	gridwl_scaled_texture_cache_clear(&cache->bars);
	free(cache->title);
	*cache = (struct gridwl_frame_cache){ 0 };
}

static bool shows(const struct gridwl_frame_cache *cache,
		const struct gridwl_decoration_style *style, int width,
		const char *title, bool focused, bool maximized) {
	return cache->serial == style->serial && cache->width == width &&
			cache->focused == focused && cache->maximized == maximized &&
			cache->title != NULL && strcmp(cache->title, title) == 0;
}

struct wlr_texture *gridwl_frame_cache_title_bar(
		struct gridwl_frame_cache *cache, struct gridwl_decoration_style *style,
		struct wlr_renderer *renderer, int scale120, int width,
		const char *title, bool focused, bool maximized) {
	if (!shows(cache, style, width, title, focused, maximized)) {
		gridwl_frame_cache_finish(cache);
		cache->title = strdup(title);
		if (cache->title == NULL) {
			return NULL;
		}
		cache->width = width;
		cache->focused = focused;
		cache->maximized = maximized;
		cache->serial = style->serial;
	}
	struct wlr_texture *texture =
			gridwl_scaled_texture_cache_get(&cache->bars, scale120);
	if (texture != NULL) {
		return texture;
	}
	texture = draw_title_bar(renderer, style,
			gridwl_decoration_style_title_height(style), scale120, width, title,
			focused, maximized);
	if (texture != NULL) {
		gridwl_scaled_texture_cache_put(&cache->bars, scale120, texture);
		style->renders++;
	}
	return texture;
}
