#ifndef GRIDWL_COMPOSITOR_OUTPUT_SCALE_H
#define GRIDWL_COMPOSITOR_OUTPUT_SCALE_H

#include <wlr/types/wlr_output.h>
#include "compositor/output.h"
#include "config/config.h"

/*
 * Where an output's scale comes from, as gridctl outputs reports it: a
 * number in the config (or from gridctl or wlr-output-management), the
 * panel's size (config/auto_scale.h), or neither: 1, or a nested window's
 * host scale.
 */
const char *gridwl_scale_source_name(enum gridwl_scale_source source);

/* The scale, in 120ths, for oc on output in the mode state commits (or
 * the current one), and whence it comes. fallback120 is what an output
 * whose size is unknown gets. Logs a choice made from the size. */
int gridwl_output_choose_scale(struct gridwl_output *output,
		const struct gridwl_output_config *oc,
		const struct wlr_output_state *state, int fallback120,
		enum gridwl_scale_source *source);

/* gridctl create-output ... physical WMMxHMM: a headless or nested output
 * has no EDID, so tests give it the size one would have. Before its first
 * configuration and before it has a wl_output global, so clients see the
 * size in wl_output.geometry too, as for a real monitor. */
void gridwl_output_set_fake_physical_size(struct wlr_output *wlr_output,
		int width_mm, int height_mm);

#endif
