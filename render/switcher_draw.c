#include <drm_fourcc.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/render/wlr_texture.h>
#include "config/scale.h"
#include "render/switcher_draw.h"
#include "render/text_draw.h"

/*
 * The window switcher's list (compositor/shell/switcher.c keeps what it
 * lists), drawn as title bars are: with cairo and Pango at the scale of
 * the output that shows it, in the title bars' font and colours, so that
 * its text at scale 2 has twice the pixels rather than being a magnified
 * copy. One row a window: its app_id in a column on the left, its title
 * right of it.
 */

/* The app_id column's share of a row, and the space before each text. */
#define APP_ID_SHARE 3
#define TEXT_INSET 6

bool gridwl_switcher_measure(struct gridwl_decoration_style *style,
		size_t count, size_t highlight, int max_width, int max_height,
		struct gridwl_switcher_geometry *geometry) {
	int frame = GRIDWL_SWITCHER_BORDER + GRIDWL_SWITCHER_PADDING;
	int row_height = gridwl_decoration_style_title_height(style);
	int width = max_width < GRIDWL_SWITCHER_WIDTH ? max_width :
													GRIDWL_SWITCHER_WIDTH;
	if (count == 0 || row_height <= 0 || width <= 2 * frame ||
			max_height < 2 * frame + row_height) {
		return false;
	}
	size_t fit = (size_t)((max_height - 2 * frame) / row_height);
	size_t shown = count < fit ? count : fit;
	// The highlighted row is the last shown when it is beyond the first
	// screenful.
	size_t first = highlight >= shown ? highlight - shown + 1 : 0;
	*geometry = (struct gridwl_switcher_geometry){
		.width = width,
		.height = 2 * frame + (int)shown * row_height,
		.row_height = row_height,
		.count = count,
		.first = first,
		.shown = shown,
	};
	return true;
}

struct wlr_box gridwl_switcher_row_box(
		const struct gridwl_switcher_geometry *geometry, size_t index) {
	int frame = GRIDWL_SWITCHER_BORDER + GRIDWL_SWITCHER_PADDING;
	return (struct wlr_box){
		.x = frame,
		.y = frame + (int)(index - geometry->first) * geometry->row_height,
		.width = geometry->width - 2 * frame,
		.height = geometry->row_height,
	};
}

static void draw_text(cairo_t *cr, const char *font, const char *text, int x,
		int y, int width, int height) {
	if (width <= 0 || text == NULL || text[0] == '\0') {
		return;
	}
	PangoLayout *layout = gridwl_text_layout_create(cr, font);
	gridwl_text_layout_set_client_text(layout, text, width);
	int text_w, text_h;
	pango_layout_get_pixel_size(layout, &text_w, &text_h);
	cairo_move_to(cr, x, y + (height - text_h) / 2.0);
	pango_cairo_show_layout(cr, layout);
	g_object_unref(layout);
}

static void draw_row(cairo_t *cr, const struct gridwl_decoration_style *style,
		const struct wlr_box *box, const struct gridwl_switcher_row *row,
		bool highlighted) {
	if (highlighted) {
		gridwl_text_set_source_rgb(cr, style->colors.focused_bg);
		cairo_rectangle(cr, box->x, box->y, box->width, box->height);
		cairo_fill(cr);
	}
	gridwl_text_set_source_rgb(cr,
			highlighted ? style->colors.focused_text :
						  style->colors.unfocused_text);
	int column = box->width / APP_ID_SHARE;
	draw_text(cr, style->font, row->app_id, box->x + TEXT_INSET, box->y,
			column - 2 * TEXT_INSET, box->height);
	draw_text(cr, style->font, row->title, box->x + column, box->y,
			box->width - column - TEXT_INSET, box->height);
}

struct wlr_texture *gridwl_switcher_draw(struct wlr_renderer *renderer,
		const struct gridwl_decoration_style *style, int scale120,
		const struct gridwl_switcher_geometry *geometry,
		const struct gridwl_switcher_row *rows, size_t highlight) {
	// The device box the plan gives it (compositor/layout.h).
	int width = (int)gridwl_scale_round(geometry->width, scale120);
	int height = (int)gridwl_scale_round(geometry->height, scale120);
	double scale = (double)scale120 / GRIDWL_SCALE120_ONE;
	cairo_surface_t *surface =
			cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
	if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(surface);
		return NULL;
	}
	cairo_t *cr = cairo_create(surface);
	cairo_scale(cr, scale, scale);
	// The outline, then the inside in the unfocused title bars' colour.
	gridwl_text_set_source_rgb(cr, style->colors.focused_bg);
	cairo_paint(cr);
	int border = GRIDWL_SWITCHER_BORDER;
	gridwl_text_set_source_rgb(cr, style->colors.unfocused_bg);
	cairo_rectangle(cr, border, border, geometry->width - 2 * border,
			geometry->height - 2 * border);
	cairo_fill(cr);
	for (size_t i = geometry->first; i < geometry->first + geometry->shown;
			i++) {
		struct wlr_box box = gridwl_switcher_row_box(geometry, i);
		draw_row(cr, style, &box, &rows[i], i == highlight);
	}
	cairo_destroy(cr);
	cairo_surface_flush(surface);
	struct wlr_texture *texture = wlr_texture_from_pixels(renderer,
			DRM_FORMAT_ARGB8888, cairo_image_surface_get_stride(surface), width,
			height, cairo_image_surface_get_data(surface));
	cairo_surface_destroy(surface);
	return texture;
}
