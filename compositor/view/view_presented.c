#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/view/view.h"

/*
 * Whether the screen shows a view's latest buffers: what gridctl wait window
 * waits for. Every commit of one of the view's surfaces is counted; each
 * time an output is up to date (it committed a frame, or had no damage
 * left to repaint) it records the count for the views it shows. The view
 * is presented once every output it is on has recorded its current count.
 */

struct gridwl_view_presented {
	struct gridwl_output *output; // forgotten before the output goes
	uint64_t commits;
};

void gridwl_view_committed(struct gridwl_view *view) {
	view->commits++;
}

static struct gridwl_view_presented *find_record(struct gridwl_view *view,
		struct gridwl_output *output) {
	struct gridwl_view_presented *record;
	wl_array_for_each(record, &view->presented) {
		if (record->output == output) {
			return record;
		}
	}
	return NULL;
}

void gridwl_view_record_presented(struct gridwl_view *view,
		struct gridwl_output *output) {
	// What the lock hides is not drawn, so not presented either.
	if (!gridwl_view_shown_on(view, output)) {
		return;
	}
	struct gridwl_view_presented *record = find_record(view, output);
	if (record == NULL) {
		record = wl_array_add(&view->presented, sizeof(*record));
		if (record == NULL) {
			return; // out of memory: a wait for it times out
		}
		record->output = output;
	}
	record->commits = view->commits;
}

void gridwl_view_forget_presented(struct gridwl_view *view,
		struct gridwl_output *output) {
	struct gridwl_view_presented *record = find_record(view, output);
	if (record == NULL) {
		return;
	}
	// Order does not matter: the last record takes its place.
	struct gridwl_view_presented *last =
			(struct gridwl_view_presented *)((char *)view->presented.data +
					view->presented.size) -
			1;
	*record = *last;
	view->presented.size -= sizeof(*record);
}

bool gridwl_view_is_presented(struct gridwl_view *view) {
	if (!gridwl_view_is_shown(view)) {
		return false;
	}
	struct gridwl_output *output;
	wl_list_for_each(output, &view->server->outputs, link) {
		// An output that is off or disabled shows nothing to wait for.
		if (!gridwl_output_is_shown(output) ||
				!gridwl_view_shown_on(view, output)) {
			continue;
		}
		struct gridwl_view_presented *record = find_record(view, output);
		if (record == NULL || record->commits != view->commits) {
			return false;
		}
	}
	return true;
}
