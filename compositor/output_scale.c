#include <wlr/util/log.h>
#include "compositor/output_scale.h"
#include "config/auto_scale.h"
#include "config/scale.h"

const char *gridwl_scale_source_name(enum gridwl_scale_source source) {
	switch (source) {
	case GRIDWL_SCALE_SOURCE_DEFAULT:
		return "default";
	case GRIDWL_SCALE_SOURCE_CONFIG:
		return "config";
	case GRIDWL_SCALE_SOURCE_AUTO:
		return "auto";
	}
	return "unknown";
}

static void pending_size(const struct wlr_output_state *state,
		const struct wlr_output *wlr_output, int *width, int *height) {
	*width = wlr_output->width;
	*height = wlr_output->height;
	if (!(state->committed & WLR_OUTPUT_STATE_MODE)) {
		return;
	}
	if (state->mode_type == WLR_OUTPUT_STATE_MODE_FIXED &&
			state->mode != NULL) {
		*width = state->mode->width;
		*height = state->mode->height;
	} else if (state->mode_type == WLR_OUTPUT_STATE_MODE_CUSTOM) {
		*width = state->custom_mode.width;
		*height = state->custom_mode.height;
	}
}

int gridwl_output_choose_scale(struct gridwl_output *output,
		const struct gridwl_output_config *oc,
		const struct wlr_output_state *state, int fallback120,
		enum gridwl_scale_source *source) {
	if (gridwl_output_config_has_fixed_scale(oc)) {
		*source = GRIDWL_SCALE_SOURCE_CONFIG;
		return oc->scale120;
	}
	struct wlr_output *wlr_output = output->wlr_output;
	int width, height;
	pending_size(state, wlr_output, &width, &height);
	// Counted from the name, which for DRM outputs wlroots makes from the
	// connector type: a test's headless eDP-1 is a laptop panel too.
	bool laptop = gridwl_auto_scale_is_laptop_name(wlr_output->name);
	struct gridwl_auto_scale chosen = gridwl_auto_scale_choose(width, height,
			wlr_output->phys_width, wlr_output->phys_height, laptop);
	if (chosen.scale == 0) {
		*source = GRIDWL_SCALE_SOURCE_DEFAULT;
		return fallback120;
	}
	wlr_log(WLR_INFO, "Output %s: scale %d chosen from %dx%d mm, %d DPI%s%s",
			wlr_output->name, chosen.scale, wlr_output->phys_width,
			wlr_output->phys_height, chosen.dpi,
			laptop ? " (a laptop panel)" : "",
			chosen.capped ? ", lowered to keep 1024 logical pixels" : "");
	*source = GRIDWL_SCALE_SOURCE_AUTO;
	return chosen.scale * GRIDWL_SCALE120_ONE;
}

void gridwl_output_set_fake_physical_size(struct wlr_output *wlr_output,
		int width_mm, int height_mm) {
	// wlroots' DRM backend fills these from EDID right after
	// wlr_output_init; headless and nested ones leave them 0.
	wlr_output->phys_width = width_mm;
	wlr_output->phys_height = height_mm;
}
