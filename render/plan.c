#include <stdlib.h>
#include <wlr/util/log.h>
#include "render/plan.h"

void gridwl_frame_plan_init(struct gridwl_frame_plan *plan) {
	*plan = (struct gridwl_frame_plan){ 0 };
	pixman_region32_init(&plan->opaque);
}

void gridwl_frame_plan_reset(struct gridwl_frame_plan *plan, int scale120,
		int width, int height, uint32_t background) {
	plan->scale120 = scale120;
	plan->width = width;
	plan->height = height;
	plan->background = background;
	pixman_region32_clear(&plan->opaque);
	plan->count = 0;
	plan->incomplete = false;
}

void gridwl_frame_plan_finish(struct gridwl_frame_plan *plan) {
	pixman_region32_fini(&plan->opaque);
	free(plan->items);
	plan->items = NULL;
	plan->count = plan->capacity = 0;
}

void gridwl_frame_plan_add(struct gridwl_frame_plan *plan,
		const struct gridwl_plan_item *item) {
	if (plan->count == plan->capacity) {
		size_t capacity = plan->capacity > 0 ? 2 * plan->capacity : 32;
		struct gridwl_plan_item *items =
				realloc(plan->items, capacity * sizeof(*items));
		if (items == NULL) {
			if (!plan->incomplete) {
				wlr_log(WLR_ERROR, "Out of memory for a frame of %zu items",
						plan->count + 1);
			}
			plan->incomplete = true;
			return;
		}
		plan->items = items;
		plan->capacity = capacity;
	}
	plan->items[plan->count++] = *item;
}

bool gridwl_frame_plan_shows(const struct gridwl_frame_plan *plan,
		const struct wlr_box *box) {
	return box->width > 0 && box->height > 0 && box->x < plan->width &&
			box->y < plan->height && box->x + box->width > 0 &&
			box->y + box->height > 0;
}
