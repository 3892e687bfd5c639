#include <stdbool.h>
#include "render/text_draw.h"

static cairo_font_options_t *font_options(void) {
	cairo_font_options_t *options = cairo_font_options_create();
	cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_subpixel_order(options,
			CAIRO_SUBPIXEL_ORDER_DEFAULT);
	return options;
}

PangoLayout *gridwl_text_layout_create(cairo_t *cr, const char *font) {
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

void gridwl_text_layout_set_client_text(PangoLayout *layout, const char *text,
		int width) {
	char *valid = g_utf8_make_valid(text, -1);
	pango_layout_set_text(layout, valid, -1);
	g_free(valid);
	pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
	pango_layout_set_width(layout, width * PANGO_SCALE);
}

int gridwl_text_line_height(const char *font) {
	cairo_surface_t *surface =
			cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
	cairo_t *cr = cairo_create(surface);
	PangoLayout *layout = gridwl_text_layout_create(cr, font);
	pango_layout_set_text(layout, "Ag", -1);
	int width, height;
	pango_layout_get_pixel_size(layout, &width, &height);
	g_object_unref(layout);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
	return height;
}

void gridwl_text_set_source_rgb(cairo_t *cr, uint32_t rgb) {
	cairo_set_source_rgb(cr, ((rgb >> 16) & 0xff) / 255.0,
			((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
}
