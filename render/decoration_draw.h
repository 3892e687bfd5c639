#ifndef GRIDWL_RENDER_DECORATION_DRAW_H
#define GRIDWL_RENDER_DECORATION_DRAW_H

#include <stdbool.h>
#include <stdint.h>
#include "config/config.h"
#include "render/scaled_texture_cache.h"

struct wlr_renderer;
struct wlr_texture;

/* The frame's border all round, in logical pixels. */
#define GRIDWL_FRAME_BORDER 2

/* How frames look: from the config, the same for every window. */
struct gridwl_decoration_style {
	char *font; // a Pango font description, in logical points
	struct gridwl_decoration_colors colors;
	// The title bar's height below the top border, from the font's
	// height at scale 1 (text at scale N is laid out the same, in
	// logical units); 0 until gridwl_decoration_style_title_height()
	// first measures it.
	int measured_title_height;
	// Times the font was measured (gridctl stats' decoration_font_measures).
	uint64_t measures;
	// Bumped on every change, so that title bars drawn before are drawn
	// again.
	uint32_t serial;
	// Title bars drawn so far (gridctl stats' decoration_renders).
	uint64_t renders;
};

/* A decorated view's title bars, one per output scale it is shown at, and
 * what they show, to tell when they are out of date. */
struct gridwl_frame_cache {
	struct gridwl_scaled_texture_cache bars;
	int width; // logical, the frame's
	bool focused, maximized;
	char *title; // NULL until drawn
	uint32_t serial; // the style's
};

/* Sets the style's font (NULL: the default) and colours (NULL: the
 * defaults). Its title height is measured when first asked for. */
void gridwl_decoration_style_set(struct gridwl_decoration_style *style,
		const char *font, const struct gridwl_decoration_colors *colors);
/* The title bar's height (logical), measured with the font the first time
 * it is asked for: measuring starts fontconfig and Pango, which load every
 * font configuration file, so a session whose windows are never framed
 * never pays for them, and none starts before the socket (issue 34). */
int gridwl_decoration_style_title_height(struct gridwl_decoration_style *style);
/* Whether the title height has been measured since the style was set. */
bool gridwl_decoration_style_measured(
		const struct gridwl_decoration_style *style);
void gridwl_decoration_style_finish(struct gridwl_decoration_style *style);

/* The title bar of a frame width (logical) wide at scale120, showing title:
 * the one drawn before, or drawn now when what it shows changed. Before a
 * render pass, as textures are not written during one. NULL when it could
 * not be drawn. */
struct wlr_texture *gridwl_frame_cache_title_bar(
		struct gridwl_frame_cache *cache, struct gridwl_decoration_style *style,
		struct wlr_renderer *renderer, int scale120, int width,
		const char *title, bool focused, bool maximized);
void gridwl_frame_cache_finish(struct gridwl_frame_cache *cache);

#endif
