#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_xcursor_manager.h>
#include "wlr_compat/wlr_compat.h"

/* Beyond this much padding on a side an image is left as it is (a scale
 * such as 121/120 would want tens of pixels; no common scale wants more
 * than 4). */
#define MAX_PADDING 32

/* What wlr_output_cursor_set_buffer makes of a length in device pixels (a
 * width or a hotspot): divided by the scale into whole logical pixels,
 * truncated, then multiplied back and rounded, in wlroots' float
 * arithmetic. */
static int wlroots_device_length(int length, float scale) {
	int32_t logical = (int32_t)((float)length / scale);
	return (int)roundf((float)logical * scale);
}

/* The fewest pixels, at least least, added to length that make it come
 * back unchanged, or -1 beyond MAX_PADDING. */
static int padding_to_keep(int length, float scale, int least) {
	for (int pad = least; pad <= MAX_PADDING; pad++) {
		if (wlroots_device_length(length + pad, scale) == length + pad) {
			return pad;
		}
	}
	return -1;
}

static bool pad_image(struct wlr_xcursor_image *image, float scale) {
	int w = (int)image->width, h = (int)image->height;
	int left = padding_to_keep((int)image->hotspot_x, scale, 0);
	int top = padding_to_keep((int)image->hotspot_y, scale, 0);
	if (left < 0 || top < 0) {
		return false;
	}
	// At a fractional scale wlroots' cursor position carries the float
	// scale's error (320 x 1.3f is 415.99998), which it truncates for the
	// box it damages where gridwl draws at 416 (compositor/frame/plan.c):
	// a clear column and row on the far side keep the image's own pixels
	// inside that box.
	int far = scale != floorf(scale) ? 1 : 0;
	int right = padding_to_keep(left + w, scale, far);
	int bottom = padding_to_keep(top + h, scale, far);
	if (right < 0 || bottom < 0) {
		return false;
	}
	if (left + right + top + bottom == 0) {
		return true;
	}
	int width = left + w + right, height = top + h + bottom;
	// Freed by wlr_xcursor_theme_destroy with free(), as its own are.
	uint32_t *pixels = calloc((size_t)width * (size_t)height, sizeof(*pixels));
	if (pixels == NULL) {
		return false;
	}
	const uint32_t *old = (const uint32_t *)image->buffer;
	for (int y = 0; y < h; y++) {
		memcpy(&pixels[(size_t)(top + y) * (size_t)width + (size_t)left],
				&old[(size_t)y * (size_t)w], (size_t)w * sizeof(*pixels));
	}
	free(image->buffer);
	image->buffer = (uint8_t *)pixels;
	image->width = (uint32_t)width;
	image->height = (uint32_t)height;
	image->hotspot_x += (uint32_t)left;
	image->hotspot_y += (uint32_t)top;
	return true;
}

bool gridwl_compat_cursor_theme_pad(struct wlr_xcursor_theme *theme,
		float scale) {
	bool exact = true;
	for (unsigned int i = 0; i < theme->cursor_count; i++) {
		struct wlr_xcursor *cursor = theme->cursors[i];
		for (unsigned int j = 0; j < cursor->image_count; j++) {
			exact = pad_image(cursor->images[j], scale) && exact;
		}
	}
	return exact;
}

bool gridwl_compat_xcursor_manager_has(struct wlr_xcursor_manager *manager,
		float scale) {
	struct wlr_xcursor_manager_theme *theme;
	wl_list_for_each(theme, &manager->scaled_themes, link) {
		if (theme->scale == scale) {
			return true;
		}
	}
	return false;
}

bool gridwl_compat_xcursor_manager_in_use(struct wlr_xcursor_manager *manager) {
	return !wl_list_empty(&manager->scaled_themes);
}

bool gridwl_compat_xcursor_manager_adopt(struct wlr_xcursor_manager *manager,
		float scale, struct wlr_xcursor_theme *loaded) {
	// Freed by wlr_xcursor_manager_destroy, as the entries it makes are.
	struct wlr_xcursor_manager_theme *theme = calloc(1, sizeof(*theme));
	if (theme == NULL) {
		return false;
	}
	theme->scale = scale;
	theme->theme = loaded;
	wl_list_insert(&manager->scaled_themes, &theme->link);
	return true;
}
