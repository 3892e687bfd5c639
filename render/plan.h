#ifndef GRIDWL_RENDER_PLAN_H
#define GRIDWL_RENDER_PLAN_H

#include <pixman.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wlr/util/box.h>
#include "config/config.h"
#include "config/scale.h"

struct gridwl_gles2_models;
struct gridwl_resample_cache;
struct wlr_surface;
struct wlr_texture;

/* Where no window is. Tests rely on this exact value. */
#define GRIDWL_BACKGROUND_ARGB 0xff333333u

/*
 * A frame plan: everything one target (an output's buffer, or a picture at a
 * scale of its own) shows, as a plain list in the target's device pixels,
 * bottom to top. The compositor builds it (compositor/frame/plan.c), doing
 * every logical-to-device conversion there (compositor/layout.h); render/
 * draws it and asks nothing back.
 */
enum gridwl_plan_kind {
	// A client's surface: its buffer reaches box 1:1, through its
	// resampled copy, or through the renderer (render/surface_draw.c).
	GRIDWL_PLAN_SURFACE,
	// A texture of gridwl's own (a title bar, a theme cursor), 1:1.
	GRIDWL_PLAN_TEXTURE,
	// A solid colour (a frame's border).
	GRIDWL_PLAN_RECT,
};

struct gridwl_plan_item {
	enum gridwl_plan_kind kind;
	// Device pixels of the target. For a surface: its logical size times
	// the target's scale, rounded (a ragged buffer covers a little less of
	// it, render/ragged.h).
	struct wlr_box box;
	// GRIDWL_PLAN_SURFACE: the buffer, its scale, viewport, transform and
	// alpha are the surface's current state; cache holds its copies
	// resampled to other scales (NULL: none).
	struct wlr_surface *surface;
	struct gridwl_resample_cache *cache;
	enum gridwl_filter filter; // how a lower buffer scale is magnified
	// GRIDWL_PLAN_TEXTURE
	struct wlr_texture *texture;
	// GRIDWL_PLAN_TEXTURE: blended over what is below (a cursor), or
	// copied (an opaque title bar).
	bool blend;
	// GRIDWL_PLAN_RECT: 0xRRGGBB, opaque.
	uint32_t color;
};

struct gridwl_frame_plan {
	// The target's scale in 120ths (config/scale.h), which every box
	// already includes.
	int scale120;
	int width, height; // the target's size, device pixels
	// What shows where nothing is drawn (0xAARRGGBB, premultiplied); a
	// transparent one for a window's picture alone.
	uint32_t background;
	// Device pixels that opaque items cover: the background is not
	// painted under them.
	pixman_region32_t opaque;
	struct gridwl_plan_item *items;
	size_t count, capacity;
	// An item could not be added (out of memory): the plan shows less.
	bool incomplete;
	// On the GLES2 renderer, the programs that resample GPU buffers
	// (render/gles2_models.h); NULL elsewhere.
	struct gridwl_gles2_models *gles2_models;
};

/* An empty plan; reset keeps its storage for the next frame, so that a
 * frame allocates nothing once the plan has grown to its size. */
void gridwl_frame_plan_init(struct gridwl_frame_plan *plan);
void gridwl_frame_plan_reset(struct gridwl_frame_plan *plan, int scale120,
		int width, int height, uint32_t background);
void gridwl_frame_plan_finish(struct gridwl_frame_plan *plan);

/* Appends item, on top of those before it. */
void gridwl_frame_plan_add(struct gridwl_frame_plan *plan,
		const struct gridwl_plan_item *item);

/* Whether box reaches into the target at all. */
bool gridwl_frame_plan_shows(const struct gridwl_frame_plan *plan,
		const struct wlr_box *box);

#endif
