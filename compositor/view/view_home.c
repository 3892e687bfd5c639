#include <pixman.h>
#include <wlr/types/wlr_output.h>
#include <wlr/util/box.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/view/view.h"

/*
 * A window belongs to an output, as a sway workspace or a mutter window
 * does. When the outputs are rearranged (kanshi switching profile,
 * wlr-randr, an output placed automatically beside a new one) the window
 * moves with its output, instead of staying at layout coordinates that
 * another output, or none, covers now.
 */

static void home_output_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_view *view =
			wl_container_of(listener, view, home_output_destroy);
	gridwl_view_forget_home(view);
}

static void set_home(struct gridwl_view *view, struct gridwl_output *output) {
	gridwl_view_forget_home(view);
	if (output == NULL) {
		return;
	}
	struct wlr_box box = gridwl_output_logical_box(output);
	view->home_output = output->wlr_output;
	view->home_x = box.x;
	view->home_y = box.y;
	view->home_output_destroy.notify = home_output_destroy;
	wl_signal_add(&output->wlr_output->events.destroy,
			&view->home_output_destroy);
}

void gridwl_view_forget_home(struct gridwl_view *view) {
	if (view->home_output == NULL) {
		return;
	}
	wl_list_remove(&view->home_output_destroy.link);
	view->home_output = NULL;
}

struct gridwl_output *gridwl_view_home(struct gridwl_view *view) {
	if (view->home_output == NULL) {
		return NULL;
	}
	struct gridwl_output *output = gridwl_output_from_wlr(view->home_output);
	return output != NULL && gridwl_output_is_active(output) ? output : NULL;
}

void gridwl_view_pick_home(struct gridwl_view *view) {
	if (!gridwl_view_is_window(view)) {
		return;
	}
	// The output with most of the window; the first one on a tie.
	struct wlr_box box = gridwl_view_box(view);
	struct gridwl_output *best = NULL;
	long best_area = 0;
	struct gridwl_output *output;
	wl_list_for_each(output, &view->server->outputs, link) {
		struct wlr_box output_box = gridwl_output_logical_box(output);
		struct wlr_box common;
		if (!gridwl_output_is_active(output) ||
				!wlr_box_intersection(&common, &box, &output_box)) {
			continue;
		}
		long area = (long)common.width * common.height;
		if (area > best_area) {
			best = output;
			best_area = area;
		}
	}
	set_home(view, best);
}

void gridwl_view_follow_home(struct gridwl_view *view) {
	struct gridwl_output *home = gridwl_view_home(view);
	if (home == NULL) {
		return;
	}
	struct wlr_box box = gridwl_output_logical_box(home);
	int dx = box.x - view->home_x;
	int dy = box.y - view->home_y;
	if (dx == 0 && dy == 0) {
		return;
	}
	// Moving picks the home anew; while outputs overlap halfway through a
	// rearrangement that could be the wrong one, so the window keeps its
	// own.
	gridwl_view_move(view, view->x + dx, view->y + dy);
	set_home(view, home);
}

void gridwl_views_output_leaving(struct gridwl_server *server,
		struct gridwl_output *output) {
	struct wlr_box output_box = { 0 };
	if (output != NULL) {
		output_box = gridwl_output_logical_box(output);
	}
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		struct wlr_box box = gridwl_view_box(view), common;
		view->stranded = output != NULL && view->mapped &&
				gridwl_view_is_window(view) &&
				wlr_box_intersection(&common, &box, &output_box);
	}
}

/* Whether box lies wholly within the active outputs; *partly whether any
 * of it does. */
static bool wholly_shown(struct gridwl_server *server,
		const struct wlr_box *box, bool *partly) {
	pixman_region32_t outside;
	pixman_region32_init_rect(&outside, box->x, box->y, box->width,
			box->height);
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		if (gridwl_output_is_active(output)) {
			struct wlr_box ob = gridwl_output_logical_box(output);
			pixman_region32_t part;
			pixman_region32_init_rect(&part, ob.x, ob.y, ob.width, ob.height);
			pixman_region32_subtract(&outside, &outside, &part);
			pixman_region32_fini(&part);
		}
	}
	long hidden = 0;
	int count;
	const pixman_box32_t *rects = pixman_region32_rectangles(&outside, &count);
	for (int i = 0; i < count; i++) {
		hidden +=
				(long)(rects[i].x2 - rects[i].x1) * (rects[i].y2 - rects[i].y1);
	}
	pixman_region32_fini(&outside);
	*partly = hidden < (long)box->width * box->height;
	return hidden == 0;
}

bool gridwl_view_settle_stranded(struct gridwl_view *view,
		struct gridwl_output *onto) {
	if (!view->stranded) {
		return false;
	}
	view->stranded = false;
	struct wlr_box box = gridwl_view_box(view);
	bool partly;
	// A window on no output any more is brought onto one whole by
	// gridwl_views_arrange, centred.
	if (onto == NULL || wholly_shown(view->server, &box, &partly) || !partly) {
		return false;
	}
	// The least move that puts it wholly on the output most of it is on;
	// a window too big for that output stays as it is.
	struct wlr_box ob = gridwl_output_logical_box(onto);
	if (box.width > ob.width || box.height > ob.height) {
		return false;
	}
	int x = box.x < ob.x                        ? ob.x :
			box.x + box.width > ob.x + ob.width ? ob.x + ob.width - box.width :
												  box.x;
	int y = box.y < ob.y ? ob.y :
			box.y + box.height > ob.y + ob.height ?
						   ob.y + ob.height - box.height :
						   box.y;
	gridwl_view_move(view, x, y);
	return true;
}
