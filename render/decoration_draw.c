#include <cairo.h>
#include <drm_fourcc.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/render/pass.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/util/log.h>
#include "render/decoration_draw.h"

/*
 * Title bars are drawn with cairo and Pango at the scale of the output that
 * shows them, the text laid out in logical units, so a scale-2 output gets
 * text of twice the pixels rather than a magnified copy, and the parts of a
 * frame on outputs of different scales meet where they should. Hinting is
 * off and antialiasing fixed, so that what fontconfig's defaults say does
 * not change the pixels (nor the layout between scales).
 */

static const struct gridwl_decoration_colors default_colors = {
	.focused_bg = 0x285577,
	.focused_text = 0xffffff,
	.unfocused_bg = 0x222222,
	.unfocused_text = 0x888888,
};

/* Space between the text and the frame's left edge, logical pixels. */
#define TITLE_PADDING 6

static cairo_font_options_t *font_options(void) {
	cairo_font_options_t *options = cairo_font_options_create();
	cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_subpixel_order(options,
			CAIRO_SUBPIXEL_ORDER_DEFAULT);
	return options;
}

static PangoLayout *create_layout(cairo_t *cr, const char *font) {
	PangoLayout *layout = pango_cairo_create_layout(cr);
	cairo_font_options_t *options = font_options();
	PangoContext *context = pango_layout_get_context(layout);
	pango_cairo_context_set_font_options(context, options);
	// Logical points at 96 dpi, whatever the scale: cairo's matrix scales.
	pango_cairo_context_set_resolution(context, 96);
	cairo_font_options_destroy(options);
	pango_layout_context_changed(layout);
	PangoFontDescription *desc = pango_font_description_from_string(font);
	pango_layout_set_font_description(layout, desc);
	pango_font_description_free(desc);
	pango_layout_set_single_paragraph_mode(layout, true);
	return layout;
}

static int measure_title_height(const char *font) {
	cairo_surface_t *surface =
			cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
	cairo_t *cr = cairo_create(surface);
	PangoLayout *layout = create_layout(cr, font);
	pango_layout_set_text(layout, "Ag", -1);
	int width, height;
	pango_layout_get_pixel_size(layout, &width, &height);
	g_object_unref(layout);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
	return height + 2 * 4;
}

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
	style->title_height = measure_title_height(style->font);
	style->serial++;
}

void gridwl_decoration_style_finish(struct gridwl_decoration_style *style) {
	free(style->font);
	style->font = NULL;
}

static void set_source(cairo_t *cr, uint32_t rgb) {
	cairo_set_source_rgb(cr, ((rgb >> 16) & 0xff) / 255.0,
			((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
}

/* The close and maximize glyphs in the square button at (x, y) of side
 * size, lines one logical pixel wide on the pixel grid of scale. */
static void draw_buttons(cairo_t *cr, int scale, int x, int y, int size,
		bool maximized) {
	double inset = floor(size / 3.0);
	// Centred on whole device pixels: a line of odd device width is
	// crisp at half-pixel centres.
	double half = (scale % 2 == 1) ? 0.5 / scale : 0;
	cairo_set_line_width(cr, 1.0);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
	// Close, at the right end.
	double x0 = x + size + inset + half, x1 = x + 2 * size - inset - half;
	double y0 = y + inset + half, y1 = y + size - inset - half;
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
	cairo_move_to(cr, x1, y0);
	cairo_line_to(cr, x0, y1);
	cairo_stroke(cr);
	// Maximize: a square; when maximized, a second one behind it (restore).
	x0 = x + inset + half;
	x1 = x + size - inset - half;
	if (maximized) {
		cairo_rectangle(cr, x0 + 2, y0 - 2, x1 - x0, y1 - y0);
		x1 -= 2;
		y0 += 2;
	}
	cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
	cairo_stroke(cr);
}

/* Minimize: a bar at the bottom of the square button at (x, y), as
 * draw_buttons draws. */
static void draw_minimize_button(cairo_t *cr, int scale, int x, int y,
		int size) {
	double inset = floor(size / 3.0);
	double half = (scale % 2 == 1) ? 0.5 / scale : 0;
	double yb = y + size - inset - half;
	cairo_move_to(cr, x + inset + half, yb);
	cairo_line_to(cr, x + size - inset - half, yb);
	cairo_stroke(cr);
}

static struct wlr_texture *draw_title_bar(struct wlr_renderer *renderer,
		const struct gridwl_decoration_style *style, int scale, int width,
		const char *title, bool focused, bool maximized) {
	int border = GRIDWL_FRAME_BORDER;
	int height = border + style->title_height;
	cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
			width * scale, height * scale);
	if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(surface);
		return NULL;
	}
	cairo_t *cr = cairo_create(surface);
	cairo_scale(cr, scale, scale);
	uint32_t bg =
			focused ? style->colors.focused_bg : style->colors.unfocused_bg;
	uint32_t fg =
			focused ? style->colors.focused_text : style->colors.unfocused_text;
	set_source(cr, bg);
	cairo_paint(cr);

	// Minimize, maximize and close.
	int buttons = 3 * style->title_height;
	int text_width = width - 2 * border - TITLE_PADDING - buttons;
	if (text_width > 0) {
		PangoLayout *layout = create_layout(cr, style->font);
		// Titles come from clients (X11 ones in any encoding): Pango
		// wants UTF-8, and gets U+FFFD for what is not.
		char *valid = g_utf8_make_valid(title, -1);
		pango_layout_set_text(layout, valid, -1);
		g_free(valid);
		pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
		pango_layout_set_width(layout, text_width * PANGO_SCALE);
		int text_w, text_h;
		pango_layout_get_pixel_size(layout, &text_w, &text_h);
		set_source(cr, fg);
		cairo_move_to(cr, border + TITLE_PADDING,
				border + (style->title_height - text_h) / 2.0);
		pango_cairo_show_layout(cr, layout);
		g_object_unref(layout);
	}
	int bx = width - border - buttons;
	if (bx > border) {
		set_source(cr, fg);
		draw_buttons(cr, scale, bx + style->title_height, border,
				style->title_height, maximized);
		draw_minimize_button(cr, scale, bx, border, style->title_height);
	}
	cairo_destroy(cr);
	cairo_surface_flush(surface);

	struct wlr_texture *texture =
			wlr_texture_from_pixels(renderer, DRM_FORMAT_ARGB8888,
					cairo_image_surface_get_stride(surface), width * scale,
					height * scale, cairo_image_surface_get_data(surface));
	cairo_surface_destroy(surface);
	return texture;
}

static void bar_reset(struct gridwl_title_bar *bar) {
	if (bar->texture != NULL) {
		wlr_texture_destroy(bar->texture);
	}
	free(bar->title);
	*bar = (struct gridwl_title_bar){ 0 };
}

void gridwl_frame_cache_finish(struct gridwl_frame_cache *cache) {
	for (int i = 0; i < GRIDWL_SCALE_MAX; i++) {
		bar_reset(&cache->bars[i]);
	}
}

static bool bar_current(const struct gridwl_title_bar *bar,
		const struct gridwl_decoration_style *style, int width,
		const char *title, bool focused, bool maximized) {
	return bar->texture != NULL && bar->serial == style->serial &&
			bar->width == width && bar->focused == focused &&
			bar->maximized == maximized && bar->title != NULL &&
			strcmp(bar->title, title) == 0;
}

bool gridwl_title_bar_update(struct gridwl_title_bar *bar,
		struct gridwl_decoration_style *style, struct wlr_renderer *renderer,
		int scale, int width, const char *title, bool focused, bool maximized) {
	if (bar_current(bar, style, width, title, focused, maximized)) {
		return true;
	}
	bar_reset(bar);
	char *copy = strdup(title);
	if (copy == NULL) {
		return false;
	}
	bar->texture = draw_title_bar(renderer, style, scale, width, title, focused,
			maximized);
	if (bar->texture == NULL) {
		free(copy);
		return false;
	}
	bar->title = copy;
	bar->width = width;
	bar->focused = focused;
	bar->maximized = maximized;
	bar->serial = style->serial;
	style->renders++;
	return true;
}
