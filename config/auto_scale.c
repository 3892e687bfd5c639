#include <math.h>
#include <string.h>
#include "config/auto_scale.h"
#include "config/config.h"

#define MM_PER_INCH 25.4

bool gridwl_auto_scale_is_laptop_name(const char *name) {
	static const char *const prefixes[] = { "eDP-", "LVDS-", "DSI-" };
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0) {
			return true;
		}
	}
	return false;
}

/* EDID has room for an aspect ratio where the size is unknown (projectors,
 * some TVs); wlroots hands it on as centimetres times ten. */
static bool is_aspect_ratio(int w, int h) {
	static const int ratios[][2] = {
		{ 16, 9 },
		{ 16, 10 },
		{ 160, 90 },
		{ 160, 100 },
		{ 1600, 900 },
		{ 1600, 1000 },
	};
	for (size_t i = 0; i < sizeof(ratios) / sizeof(ratios[0]); i++) {
		if ((w == ratios[i][0] && h == ratios[i][1]) ||
				(w == ratios[i][1] && h == ratios[i][0])) {
			return true;
		}
	}
	return false;
}

struct gridwl_auto_scale gridwl_auto_scale_choose(int width, int height,
		int phys_width_mm, int phys_height_mm, bool laptop) {
	struct gridwl_auto_scale result = { 0 };
	if (width <= 0 || height <= 0 || phys_width_mm < 10 ||
			phys_height_mm < 10 ||
			is_aspect_ratio(phys_width_mm, phys_height_mm)) {
		return result;
	}
	double diagonal_px = hypot(width, height);
	double diagonal_in = hypot(phys_width_mm, phys_height_mm) / MM_PER_INCH;
	double dpi = diagonal_px / diagonal_in;
	double reference = laptop ? GRIDWL_AUTO_SCALE_LAPTOP_DPI :
								GRIDWL_AUTO_SCALE_DESKTOP_DPI;
	// Clamped as a double: a bogus size could put it beyond int.
	double wanted = floor(dpi / reference + 0.5);
	int scale = GRIDWL_SCALE_MIN;
	if (wanted >= GRIDWL_SCALE_MAX) {
		scale = GRIDWL_SCALE_MAX;
	} else if (wanted > GRIDWL_SCALE_MIN) {
		scale = (int)wanted;
	}
	int longer = width > height ? width : height;
	while (scale > GRIDWL_SCALE_MIN &&
			longer < scale * GRIDWL_AUTO_SCALE_MIN_LOGICAL_WIDTH) {
		scale--;
		result.capped = true;
	}
	result.scale = scale;
	result.dpi = (int)lround(dpi);
	return result;
}
