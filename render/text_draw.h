#ifndef GRIDWL_RENDER_TEXT_DRAW_H
#define GRIDWL_RENDER_TEXT_DRAW_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <stdint.h>

/*
 * Text of gridwl's own (title bars, the window switcher), drawn with cairo
 * and Pango at the scale of the output that shows it, laid out in logical
 * units: cairo's matrix scales, so a scale-2 output gets text of twice the
 * pixels rather than a magnified copy. Hinting is off and antialiasing
 * fixed, so that what fontconfig's defaults say does not change the pixels
 * (nor the layout between scales).
 */

/* A single-line layout in font (a Pango font description, logical points
 * at 96 dpi whatever the scale); g_object_unref it. */
PangoLayout *gridwl_text_layout_create(cairo_t *cr, const char *font);

/* Sets the layout's text from a client's string (X11 ones come in any
 * encoding: Pango wants UTF-8 and gets U+FFFD for what is not), ellipsized
 * at its end beyond width logical pixels. */
void gridwl_text_layout_set_client_text(PangoLayout *layout, const char *text,
		int width);

/* The height of a line of text in font, logical pixels. */
int gridwl_text_line_height(const char *font);

/* Sets cr's source to the opaque colour 0xRRGGBB. */
void gridwl_text_set_source_rgb(cairo_t *cr, uint32_t rgb);

#endif
