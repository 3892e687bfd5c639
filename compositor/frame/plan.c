#include <math.h>
#include <wlr/types/wlr_alpha_modifier_v1.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_output.h>
#include <wlr/util/log.h>
#include "compositor/frame/occluders.h"
#include "compositor/frame/plan.h"
#include "compositor/layout.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/shell/decoration.h"
#include "compositor/shell/session_lock.h"
#include "compositor/shell/switcher.h"
#include "compositor/surface.h"
#include "compositor/view/view.h"
#include "input/cursor.h"
#include "render/plan.h"
#include "render/ragged.h"

struct plan_view_data {
	struct gridwl_frame_plan *plan;
	const struct gridwl_device_map *map;
	enum gridwl_filter filter;
	int ox, oy; // logical layout position of the view's main surface
};

/* Whether the surface covers what is under it wherever its opaque region
 * says: a surface its alpha modifier makes translucent covers nothing. */
static bool surface_is_opaque(struct wlr_surface *surface) {
	const struct wlr_alpha_modifier_surface_v1_state *alpha =
			wlr_alpha_modifier_v1_get_surface_state(surface);
	return alpha == NULL || alpha->multiplier >= 1.0;
}

static void plan_surface(struct wlr_surface *surface, int sx, int sy,
		void *data) {
	struct plan_view_data *view_data = data;
	struct gridwl_frame_plan *plan = view_data->plan;
	struct gridwl_plan_item item = {
		.kind = GRIDWL_PLAN_SURFACE,
		.surface = surface,
		.cache = gridwl_surface_resample_cache(surface),
		.filter = view_data->filter,
	};
	if (wlr_surface_get_texture(surface) == NULL ||
			!gridwl_device_box(view_data->map, (int64_t)view_data->ox + sx,
					(int64_t)view_data->oy + sy, surface->current.width,
					surface->current.height, &item.box) ||
			!gridwl_frame_plan_shows(plan, &item.box)) {
		return;
	}
	gridwl_frame_plan_add(plan, &item);
	if (surface_is_opaque(surface)) {
		// A ragged buffer (render/ragged.h) leaves part of its last
		// logical pixel uncovered, whatever its opaque region says.
		int width, height;
		gridwl_surface_extent(surface, plan->scale120, &width, &height);
		gridwl_device_add_surface_region(plan->scale120,
				&surface->opaque_region, item.box.x, item.box.y, width, height,
				&plan->opaque);
	}
}

static void plan_opaque_item(struct gridwl_frame_plan *plan,
		const struct gridwl_plan_item *item) {
	gridwl_frame_plan_add(plan, item);
	pixman_region32_union_rect(&plan->opaque, &plan->opaque, item->box.x,
			item->box.y, item->box.width, item->box.height);
}

/* The device pixels of a decorated view's frame, all opaque: its box,
 * then its title bar and its three borders. */
enum {
	FRAME_BOX,
	FRAME_TITLE,
	FRAME_SIDES,
	FRAME_PARTS = FRAME_SIDES + 3
};

static bool frame_parts(const struct gridwl_device_map *map,
		struct gridwl_view *view, struct wlr_box parts[FRAME_PARTS]) {
	int scale120 = map->scale120;
	if (!gridwl_view_has_frame(view) || scale120 < GRIDWL_SCALE120_MIN ||
			scale120 > GRIDWL_SCALE120_MAX) {
		return false;
	}
	int border = GRIDWL_FRAME_BORDER;
	int title_height = gridwl_decoration_style_title_height(
			&view->server->decorations->style);
	struct wlr_box frame = gridwl_view_frame_box(view);
	struct wlr_box *device = &parts[FRAME_BOX], *title = &parts[FRAME_TITLE];
	if (frame.width <= 0 ||
			!gridwl_device_box(map, frame.x, frame.y, frame.width, frame.height,
					device) ||
			!gridwl_device_box(map, frame.x, frame.y, frame.width,
					border + title_height, title)) {
		return false;
	}
	// The borders run from the title bar to the frame's far edges, which
	// at a fractional scale need not be the content's plus a border.
	int b = (int)gridwl_scale_round(border, scale120);
	int below_title = title->y + title->height;
	int bottom = device->y + device->height;
	struct wlr_box *sides = &parts[FRAME_SIDES];
	// left and right, from below the title bar to the bottom
	sides[0] =
			(struct wlr_box){ device->x, below_title, b, bottom - below_title };
	sides[1] = (struct wlr_box){ device->x + device->width - b, below_title, b,
		bottom - below_title };
	// bottom, between them
	sides[2] = (struct wlr_box){ device->x + b, bottom - b,
		device->width - 2 * b, b };
	return true;
}

/* The frame of a decorated view, below its surfaces: its title bar drawn at
 * the plan's scale (its colour alone where that fails) and three borders. */
static void plan_frame(struct gridwl_frame_plan *plan,
		const struct gridwl_device_map *map, struct gridwl_view *view) {
	int scale120 = plan->scale120;
	struct wlr_box parts[FRAME_PARTS];
	if (!frame_parts(map, view, parts) ||
			!gridwl_frame_plan_shows(plan, &parts[FRAME_BOX])) {
		return;
	}
	struct gridwl_server *server = view->server;
	struct gridwl_decoration_style *style = &server->decorations->style;
	struct wlr_box frame = gridwl_view_frame_box(view);
	struct wlr_box title = parts[FRAME_TITLE];
	bool focused = gridwl_view_is_focused(view);
	uint32_t bg =
			focused ? style->colors.focused_bg : style->colors.unfocused_bg;
	struct wlr_texture *bar = gridwl_frame_cache_title_bar(&view->frame_cache,
			style, server->renderer, scale120, frame.width,
			gridwl_view_title(view), focused, view->maximized);
	if (bar != NULL) {
		plan_opaque_item(plan,
				&(struct gridwl_plan_item){
						.kind = GRIDWL_PLAN_TEXTURE,
						.box = title,
						.texture = bar,
				});
	} else {
		wlr_log(WLR_ERROR, "Window %u: no title bar at scale %d/120", view->id,
				scale120);
		plan_opaque_item(plan,
				&(struct gridwl_plan_item){
						.kind = GRIDWL_PLAN_RECT,
						.box = title,
						.color = bg,
				});
	}
	for (int i = FRAME_SIDES; i < FRAME_PARTS; i++) {
		plan_opaque_item(plan,
				&(struct gridwl_plan_item){
						.kind = GRIDWL_PLAN_RECT,
						.box = parts[i],
						.color = bg,
				});
	}
}

static void plan_view(struct gridwl_frame_plan *plan,
		const struct gridwl_device_map *map, struct gridwl_view *view,
		struct gridwl_output *output) {
	plan_frame(plan, map, view);
	struct plan_view_data data = {
		.plan = plan,
		.map = map,
		.filter = gridwl_view_filter_on(view, output),
	};
	gridwl_view_surface_origin(view, &data.ox, &data.oy);
	gridwl_view_for_each_surface(view, plan_surface, &data);
}

/* Every device pixel the view may draw on: its bounds (kept current on
 * every commit and move, so no surface is visited) at the target's scale,
 * one pixel wider each way at a fractional scale, where each surface's
 * position and size are rounded apart. */
static bool view_device_bounds(const struct gridwl_device_map *map,
		struct gridwl_view *view, struct wlr_box *box) {
	const struct wlr_box *bounds = &view->last_bounds;
	if (!gridwl_device_box(map, bounds->x, bounds->y, bounds->width,
				bounds->height, box)) {
		return false;
	}
	if (!gridwl_scale_is_integer(map->scale120)) {
		*box = (struct wlr_box){ box->x - 1, box->y - 1, box->width + 2,
			box->height + 2 };
	}
	return true;
}

/* Adds what the view certainly covers to occluders: its frame, and its
 * main surface's opaque region where its buffer reaches, unless its alpha
 * modifier makes it translucent. Only the main surface is looked at
 * (subsurfaces occlude nothing here), so this costs no walk over the
 * surface tree; what is missed is only a view drawn that could have been
 * skipped. */
static void add_occluder(const struct gridwl_device_map *map,
		struct gridwl_view *view, pixman_region32_t *occluders) {
	struct wlr_box parts[FRAME_PARTS];
	if (frame_parts(map, view, parts)) {
		for (int i = FRAME_TITLE; i < FRAME_PARTS; i++) {
			pixman_region32_union_rect(occluders, occluders, parts[i].x,
					parts[i].y, parts[i].width, parts[i].height);
		}
	}
	struct wlr_surface *surface = gridwl_view_surface(view);
	if (surface == NULL ||
			!pixman_region32_not_empty(&surface->opaque_region) ||
			wlr_surface_get_texture(surface) == NULL ||
			!surface_is_opaque(surface)) {
		return;
	}
	int ox, oy;
	gridwl_view_surface_origin(view, &ox, &oy);
	struct wlr_box box;
	if (!gridwl_device_box(map, ox, oy, surface->current.width,
				surface->current.height, &box)) {
		return;
	}
	int width, height;
	gridwl_surface_extent(surface, map->scale120, &width, &height);
	gridwl_device_add_surface_region(map->scale120, &surface->opaque_region,
			box.x, box.y, width, height, occluders);
}

/*
 * The shown views the target reaches, topmost first, into views: each
 * either occluded (wholly under opaque main surfaces above it) or not. One
 * walk over the server's views with a box test each; no surface tree is
 * descended here. Then, bottom to top, the views that are not occluded and
 * whose bounds meet damage (NULL: all of the target) get their items: the
 * rest would draw nothing the frame repaints. On an output, each view
 * keeps what covered it, by which its commits are clipped
 * (compositor/frame/occluders.h). Like wlroots' scene graph,
 * which paces only the buffers some output shows, the frame driver sends
 * frame callbacks to what views says is not occluded.
 */
static void plan_views(struct gridwl_frame_plan *plan,
		const struct gridwl_device_map *map, struct gridwl_server *server,
		struct gridwl_output *output, const pixman_region32_t *damage,
		struct wl_array *views) {
	views->size = 0;
	pixman_region32_t occluders;
	pixman_region32_init(&occluders);
	// What a view covers matters only to views below it: it is added
	// when one is found, so the bottom one (the only one, often) costs
	// nothing.
	struct gridwl_view *view, *above = NULL;
	wl_list_for_each(view, &server->views, link) {
		struct wlr_box box;
		if (!gridwl_view_is_shown(view) ||
				!view_device_bounds(map, view, &box) ||
				!gridwl_frame_plan_shows(plan, &box)) {
			continue;
		}
		if (above != NULL) {
			add_occluder(map, above, &occluders);
			above = NULL;
		}
		struct gridwl_frame_view *entry = wl_array_add(views, sizeof(*entry));
		if (entry == NULL) {
			plan->incomplete = true;
			break;
		}
		pixman_box32_t extents = { box.x, box.y, box.x + box.width,
			box.y + box.height };
		entry->view = view;
		entry->occluded = pixman_region32_contains_rectangle(&occluders,
								  &extents) == PIXMAN_REGION_IN;
		entry->drawn = !entry->occluded &&
				(damage == NULL ||
						pixman_region32_contains_rectangle(damage, &extents) !=
								PIXMAN_REGION_OUT);
		if (!entry->occluded) {
			above = view;
		}
		if (output != NULL) {
			gridwl_occluders_record(view, output, &occluders, &extents,
					entry->occluded);
		}
	}
	pixman_region32_fini(&occluders);
	struct gridwl_frame_view *entries = views->data;
	for (size_t i = views->size / sizeof(*entries); i-- > 0;) {
		if (entries[i].drawn) {
			plan_view(plan, map, entries[i].view, output);
		}
	}
}

/* Where a window dragged to an edge would snap: an outline two logical
 * pixels wide in the focused title bar's colour, over the windows and
 * panels (it shows only while a window is dragged), under the cursors. */
static void plan_snap_preview(struct gridwl_frame_plan *plan,
		const struct gridwl_device_map *map, struct gridwl_server *server) {
	struct wlr_box box;
	if (!gridwl_server_snap_preview(server, &box)) {
		return;
	}
	const int line = 2;
	const struct wlr_box sides[] = {
		{ box.x, box.y, box.width, line },
		{ box.x, box.y + box.height - line, box.width, line },
		{ box.x, box.y + line, line, box.height - 2 * line },
		{ box.x + box.width - line, box.y + line, line, box.height - 2 * line },
	};
	for (size_t i = 0; i < sizeof(sides) / sizeof(sides[0]); i++) {
		struct gridwl_plan_item item = {
			.kind = GRIDWL_PLAN_RECT,
			.color = server->decorations->style.colors.focused_bg,
		};
		if (sides[i].width > 0 && sides[i].height > 0 &&
				gridwl_device_box(map, sides[i].x, sides[i].y, sides[i].width,
						sides[i].height, &item.box) &&
				gridwl_frame_plan_shows(plan, &item.box)) {
			gridwl_frame_plan_add(plan, &item);
		}
	}
}

/* The window switcher's list while it is open, drawn at the plan's scale,
 * over everything but the cursors. */
static void plan_switcher(struct gridwl_frame_plan *plan,
		const struct gridwl_device_map *map, struct gridwl_server *server) {
	struct wlr_box box;
	struct gridwl_plan_item item = {
		.kind = GRIDWL_PLAN_TEXTURE,
		.texture =
				gridwl_switcher_texture(server->switcher, plan->scale120, &box),
	};
	if (item.texture != NULL &&
			gridwl_device_box(map, box.x, box.y, box.width, box.height,
					&item.box) &&
			gridwl_frame_plan_shows(plan, &item.box)) {
		plan_opaque_item(plan, &item);
	}
}

/* wlroots keeps a cursor's position as its logical position times the
 * output's float scale: 320 x 1.3f is 415.99998, which is device pixel 416
 * (padded theme images keep that inside wlroots' damage: wlr_compat W31). */
#define POSITION_SLACK (1.0 / 1024)

/* A frame draws the software cursors; a screenshot also the one on a
 * hardware plane, which is not in the composed buffer. */
static bool cursor_drawn(struct wlr_output *wlr_output,
		struct wlr_output_cursor *cursor, bool with_hardware) {
	return cursor->enabled && cursor->visible && cursor->texture != NULL &&
			(with_hardware || wlr_output->hardware_cursor != cursor);
}

/*
 * Cursors are drawn by gridwl rather than by wlroots, so that a client's
 * cursor surface goes through the same path as every other surface: 1:1 at
 * its own scale, box-reduced or magnified with the output's filter
 * otherwise (wlroots would sample its texture). Theme images are loaded at
 * each output's scale and are drawn 1:1. wlroots keeps a cursor's position
 * and hotspot in the output's device pixels.
 */
static void plan_cursors(struct gridwl_frame_plan *plan,
		struct gridwl_output *output, bool with_hardware) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct wlr_output_cursor *cursor;
	wl_list_for_each(cursor, &wlr_output->cursors, link) {
		if (!cursor_drawn(wlr_output, cursor, with_hardware)) {
			continue;
		}
		int x = (int)floor(cursor->x + POSITION_SLACK) - cursor->hotspot_x;
		int y = (int)floor(cursor->y + POSITION_SLACK) - cursor->hotspot_y;
		struct wlr_surface *surface =
				gridwl_cursor_client_surface(output->server, cursor->texture);
		struct gridwl_plan_item item;
		if (surface != NULL) {
			item = (struct gridwl_plan_item){
				.kind = GRIDWL_PLAN_SURFACE,
				.box = { x, y,
						(int)gridwl_scale_round(surface->current.width,
								plan->scale120),
						(int)gridwl_scale_round(surface->current.height,
								plan->scale120) },
				.surface = surface,
				.cache = gridwl_surface_resample_cache(surface),
				.filter = output->filter,
			};
		} else {
			item = (struct gridwl_plan_item){
				.kind = GRIDWL_PLAN_TEXTURE,
				.box = { x, y, cursor->width, cursor->height },
				.texture = cursor->texture,
				.blend = true,
			};
		}
		gridwl_frame_plan_add(plan, &item);
	}
}

void gridwl_frame_plan_for_output(struct gridwl_frame_plan *plan,
		struct gridwl_output *output, bool with_cursors, bool with_hardware,
		const pixman_region32_t *damage, struct wl_array *views) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct gridwl_device_map map = gridwl_device_map_for_output(output);
	// Upright, as the user sees it: the output's transform is applied to
	// the composed picture (compositor/frame/output_frame.c).
	int width, height;
	wlr_output_transformed_resolution(wlr_output, &width, &height);
	// Locked, the session's own colour would show through where the lock
	// client draws nothing.
	gridwl_frame_plan_reset(plan, output->scale120, width, height,
			gridwl_session_lock_background(output->server));
	plan->gles2_models = output->server->gles2_models;
	// What this plan finds covered replaces what earlier ones found.
	output->plan_seq++;
	plan_views(plan, &map, output->server, output, damage, views);
	plan_snap_preview(plan, &map, output->server);
	plan_switcher(plan, &map, output->server);
	if (with_cursors) {
		plan_cursors(plan, output, with_hardware);
	}
}

void gridwl_frame_plan_for_box(struct gridwl_frame_plan *plan,
		struct gridwl_server *server, const struct wlr_box *box, int scale120,
		struct gridwl_view *only) {
	struct gridwl_device_map map = { box->x, box->y, scale120 };
	// Where the window alone draws nothing, nothing: a transparent pixel.
	gridwl_frame_plan_reset(plan, scale120,
			(int)gridwl_scale_round(box->width, scale120),
			(int)gridwl_scale_round(box->height, scale120),
			only != NULL ? 0 : gridwl_session_lock_background(server));
	plan->gles2_models = server->gles2_models;
	if (only != NULL) {
		if (gridwl_view_is_shown(only)) {
			plan_view(plan, &map, only, NULL);
		}
		return;
	}
	struct wl_array views;
	wl_array_init(&views);
	plan_views(plan, &map, server, NULL, NULL, &views);
	wl_array_release(&views);
}
