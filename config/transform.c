#include <stddef.h>
#include <string.h>
#include "config/transform.h"

// Indexed by enum wl_output_transform, whose values run from 0 to 7.
static const char *const names[] = {
	[WL_OUTPUT_TRANSFORM_NORMAL] = "normal",
	[WL_OUTPUT_TRANSFORM_90] = "90",
	[WL_OUTPUT_TRANSFORM_180] = "180",
	[WL_OUTPUT_TRANSFORM_270] = "270",
	[WL_OUTPUT_TRANSFORM_FLIPPED] = "flipped",
	[WL_OUTPUT_TRANSFORM_FLIPPED_90] = "flipped-90",
	[WL_OUTPUT_TRANSFORM_FLIPPED_180] = "flipped-180",
	[WL_OUTPUT_TRANSFORM_FLIPPED_270] = "flipped-270",
};

bool gridwl_transform_parse(const char *text,
		enum wl_output_transform *transform) {
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(text, names[i]) == 0) {
			*transform = (enum wl_output_transform)i;
			return true;
		}
	}
	return false;
}

const char *gridwl_transform_name(enum wl_output_transform transform) {
	if ((size_t)transform < sizeof(names) / sizeof(names[0])) {
		return names[transform];
	}
	return "unknown";
}
