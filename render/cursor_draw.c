#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_surface.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/surface.h"
#include "render/cursor_draw.h"
#include "render/resample_cache.h"
#include "render/target.h"
#include "wlr_compat/wlr_compat.h"

/*
 * Software cursors are drawn here rather than by wlroots, so that a client's
 * cursor surface goes through the same path as every other surface: 1:1 at
 * its own scale, box-reduced or magnified with the output's filter
 * otherwise (wlroots would point-sample it). Theme images are loaded at each
 * output's scale and are drawn 1:1.
 */

/* A frame draws the software cursors; a screenshot also the one on a
 * hardware plane, which is not in the composed buffer. */
static bool cursor_drawn(struct wlr_output *wlr_output,
		struct wlr_output_cursor *cursor, bool with_hardware) {
	return cursor->enabled && cursor->visible &&
			(with_hardware ||
					!gridwl_compat_output_cursor_on_plane(wlr_output, cursor));
}

void gridwl_render_prepare_cursors(struct gridwl_output *output,
		bool with_hardware) {
	struct wlr_output *wlr_output = output->wlr_output;
	gridwl_compat_output_forget_stale_hardware_cursor(wlr_output);
	struct gridwl_resample_key key = { output->scale, output->filter };
	struct wlr_output_cursor *cursor;
	wl_list_for_each(cursor, &wlr_output->cursors, link) {
		if (!cursor_drawn(wlr_output, cursor, with_hardware) ||
				cursor->surface == NULL) {
			continue;
		}
		struct gridwl_resample_cache *cache =
				gridwl_surface_resample_cache(cursor->surface);
		if (cache != NULL) {
			gridwl_resample_cache_prepare(cache, cursor->surface, &key);
		}
	}
}

void gridwl_render_cursors(struct gridwl_render_target *target,
		bool with_hardware) {
	struct wlr_output *wlr_output = target->output->wlr_output;
	struct wlr_output_cursor *cursor;
	wl_list_for_each(cursor, &wlr_output->cursors, link) {
		if (!cursor_drawn(wlr_output, cursor, with_hardware)) {
			continue;
		}
		int x = (int)cursor->x - cursor->hotspot_x;
		int y = (int)cursor->y - cursor->hotspot_y;
		if (cursor->surface != NULL) {
			gridwl_render_surface(target, cursor->surface,
					target->output->filter, x, y);
		} else if (cursor->texture != NULL) {
			struct wlr_box box = { x, y, cursor->width, cursor->height };
			gridwl_render_texture(target, cursor->texture, &box);
		}
	}
}
