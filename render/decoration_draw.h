#ifndef GRIDWL_RENDER_DECORATION_DRAW_H
#define GRIDWL_RENDER_DECORATION_DRAW_H

#include <stdbool.h>
#include <stdint.h>
#include "config/config.h"

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
	// logical units).
	int title_height;
	// Bumped on every change, so that title bars drawn before are drawn
	// again.
	uint32_t serial;
	// Title bars drawn so far (gridctl stats' decoration_renders).
	uint64_t renders;
};

/* A title bar drawn at one scale: what it shows, to tell when it is out of
 * date. */
struct gridwl_title_bar {
	int scale120; // what it is drawn for (config/scale.h); 0: unused
	struct wlr_texture *texture; // NULL until drawn
	int width; // logical, the frame's
	bool focused, maximized;
	char *title;
	uint32_t serial;
};

/* A decorated view's title bars, one per output scale it is shown at (four
 * at once). */
struct gridwl_frame_cache {
	struct gridwl_title_bar bars[GRIDWL_SCALE_MAX];
};

/* Sets the style's font (NULL: the default) and colours (NULL: the
 * defaults) and measures its title height. */
void gridwl_decoration_style_set(struct gridwl_decoration_style *style,
		const char *font, const struct gridwl_decoration_colors *colors);
void gridwl_decoration_style_finish(struct gridwl_decoration_style *style);

/* The bar for scale120: the one drawn for it before, or an unused one. */
struct gridwl_title_bar *gridwl_frame_cache_bar(
		struct gridwl_frame_cache *cache, int scale120);
/* Brings bar up to date for a frame width (logical) wide at its scale,
 * showing title: drawn again only when what it shows changed. Before a
 * render pass, as textures are not written during one. False when it could
 * not be drawn (bar then has no texture). */
bool gridwl_title_bar_update(struct gridwl_title_bar *bar,
		struct gridwl_decoration_style *style, struct wlr_renderer *renderer,
		int width, const char *title, bool focused, bool maximized);
void gridwl_frame_cache_finish(struct gridwl_frame_cache *cache);

#endif
