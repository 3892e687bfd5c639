#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_output.h>
#include <wlr/util/box.h>
#include "compositor/output.h"
#include "compositor/surface.h"
#include "render/cursor_draw.h"
#include "render/resample_cache.h"
#include "render/target.h"

/*
 * Software cursors are drawn here rather than by wlroots, so that a client's
 * cursor surface goes through the same path as every other surface: 1:1 at
 * its own scale, box-reduced or magnified with the output's filter
 * otherwise (wlroots would sample its texture). Theme images are loaded at
 * each output's scale and are drawn 1:1.
 */

/* A frame draws the software cursors; a screenshot also the one on a
 * hardware plane, which is not in the composed buffer. */
static bool cursor_drawn(struct wlr_output *wlr_output,
		struct wlr_output_cursor *cursor, bool with_hardware) {
	return cursor->enabled && cursor->visible && cursor->texture != NULL &&
			(with_hardware || wlr_output->hardware_cursor != cursor);
}

/* The client surface an output cursor shows, if it shows one: wlroots
 * hands the output cursor the surface's texture and keeps the surface. */
static struct wlr_surface *cursor_surface(struct gridwl_output *output,
		struct wlr_output_cursor *cursor) {
	return gridwl_render_cursor_surface(output->server, cursor->texture);
}

void gridwl_render_prepare_cursors(struct gridwl_output *output,
		bool with_hardware) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct gridwl_resample_key key = { output->scale, output->filter };
	struct wlr_output_cursor *cursor;
	wl_list_for_each(cursor, &wlr_output->cursors, link) {
		if (!cursor_drawn(wlr_output, cursor, with_hardware)) {
			continue;
		}
		struct wlr_surface *surface = cursor_surface(output, cursor);
		struct gridwl_resample_cache *cache =
				surface != NULL ? gridwl_surface_resample_cache(surface) : NULL;
		if (cache != NULL) {
			gridwl_resample_cache_prepare(cache, surface, &key);
		}
	}
}

void gridwl_render_cursors(struct gridwl_render_target *target,
		bool with_hardware) {
	struct gridwl_output *output = target->output;
	struct wlr_output *wlr_output = output->wlr_output;
	struct wlr_output_cursor *cursor;
	wl_list_for_each(cursor, &wlr_output->cursors, link) {
		if (!cursor_drawn(wlr_output, cursor, with_hardware)) {
			continue;
		}
		// Position and hotspot are physical, at the output's scale.
		int x = (int)cursor->x - cursor->hotspot_x;
		int y = (int)cursor->y - cursor->hotspot_y;
		struct wlr_surface *surface = cursor_surface(output, cursor);
		if (surface != NULL) {
			gridwl_render_surface(target, surface, output->filter, x, y);
		} else {
			struct wlr_box box = { x, y, cursor->width, cursor->height };
			gridwl_render_texture(target, cursor->texture, &box);
		}
	}
}
