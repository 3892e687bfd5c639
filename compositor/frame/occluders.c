#include <wlr/types/wlr_output.h>
#include "compositor/frame/occluders.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/view/view.h"

/* One per output that has found the view (gridwl_view.covers). */
struct gridwl_view_cover {
	struct gridwl_output *output; // forgotten before the output goes
	// The plan that wrote it (gridwl_output.plan_seq) and the server's
	// cover_epoch then: it holds while both are still current.
	uint64_t plan_seq, epoch;
	bool occluded;
	// Device pixels of the output, within the view's bounds.
	pixman_region32_t covered;
};

void gridwl_occluders_invalidate(struct gridwl_server *server) {
	server->cover_epoch++;
}

static struct gridwl_view_cover *find_cover(struct gridwl_view *view,
		struct gridwl_output *output) {
	struct gridwl_view_cover *cover;
	wl_array_for_each(cover, &view->covers) {
		if (cover->output == output) {
			return cover;
		}
	}
	return NULL;
}

/* The view's record for output, if it still says what covers the view. */
static struct gridwl_view_cover *current_cover(struct gridwl_view *view,
		struct gridwl_output *output) {
	struct gridwl_view_cover *cover = find_cover(view, output);
	if (cover == NULL || cover->plan_seq != output->plan_seq ||
			cover->epoch != view->server->cover_epoch) {
		return NULL;
	}
	return cover;
}

void gridwl_occluders_record(struct gridwl_view *view,
		struct gridwl_output *output, const pixman_region32_t *occluders,
		const pixman_box32_t *box, bool occluded) {
	struct gridwl_view_cover *cover = find_cover(view, output);
	if (cover == NULL) {
		cover = wl_array_add(&view->covers, sizeof(*cover));
		if (cover == NULL) {
			return; // out of memory: its commits damage all they touch
		}
		cover->output = output;
		pixman_region32_init(&cover->covered);
	}
	cover->plan_seq = output->plan_seq;
	cover->epoch = view->server->cover_epoch;
	cover->occluded = occluded;
	// The topmost view (often the only one) has nothing above it, which
	// costs no intersection; otherwise the record's storage is reused, so
	// a frame allocates nothing once grown.
	if (!pixman_region32_not_empty(occluders)) {
		pixman_region32_clear(&cover->covered);
	} else {
		pixman_region32_intersect_rect(&cover->covered, occluders, box->x1,
				box->y1, box->x2 - box->x1, box->y2 - box->y1);
	}
}

void gridwl_occluders_damage(struct gridwl_output *output,
		struct gridwl_view *view, pixman_region32_t *damage) {
	struct gridwl_view_cover *cover = current_cover(view, output);
	gridwl_output_damage_logical_region_under(output, damage,
			cover != NULL ? &cover->covered : NULL);
}

bool gridwl_occluders_hide(struct gridwl_output *output,
		struct gridwl_view *view) {
	struct gridwl_view_cover *cover = current_cover(view, output);
	// Damage since the plan may be something above that moved away.
	return cover != NULL && cover->occluded &&
			!pixman_region32_not_empty(&output->damage_ring.current);
}

static void remove_cover(struct gridwl_view *view,
		struct gridwl_view_cover *cover) {
	pixman_region32_fini(&cover->covered);
	// Order does not matter: the last record takes its place.
	struct gridwl_view_cover *last =
			(struct gridwl_view_cover *)((char *)view->covers.data +
					view->covers.size) -
			1;
	*cover = *last;
	view->covers.size -= sizeof(*cover);
}

void gridwl_occluders_forget_output(struct gridwl_view *view,
		struct gridwl_output *output) {
	struct gridwl_view_cover *cover = find_cover(view, output);
	if (cover != NULL) {
		remove_cover(view, cover);
	}
}

void gridwl_occluders_finish(struct gridwl_view *view) {
	struct gridwl_view_cover *cover;
	wl_array_for_each(cover, &view->covers) {
		pixman_region32_fini(&cover->covered);
	}
	wl_array_release(&view->covers);
	wl_array_init(&view->covers);
}
