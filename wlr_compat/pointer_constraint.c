#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_pointer_constraints_v1.h>
#include "wlr_compat/wlr_compat.h"

void gridwl_compat_pointer_constraint_apply_initial_region(
		struct wlr_pointer_constraint_v1 *constraint) {
	if (!(constraint->pending.committed &
				WLR_POINTER_CONSTRAINT_V1_STATE_REGION)) {
		return;
	}
	// As wlroots computes it at a commit: the region within the surface's
	// input region, all of that when the region is empty (none given).
	// The next commit applies the same pending region again.
	pixman_region32_copy(&constraint->current.region,
			&constraint->pending.region);
	if (pixman_region32_not_empty(&constraint->current.region)) {
		pixman_region32_intersect(&constraint->region,
				&constraint->surface->input_region,
				&constraint->current.region);
	} else {
		pixman_region32_copy(&constraint->region,
				&constraint->surface->input_region);
	}
}
