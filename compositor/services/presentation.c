#include <stdlib.h>
#include <wlr/backend/headless.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_presentation_time.h>
#include <wlr/util/log.h>
#include "compositor/frame/plan.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/presentation.h"
#include "compositor/view/view.h"

/* wp_presentation_feedback.kind's zero_copy: wlroots does not export the
 * protocol's enum to compositors. */
#define KIND_ZERO_COPY 0x8

struct gridwl_presentation {
	struct gridwl_server *server;
	struct wlr_presentation *wlr_presentation;
	struct wl_list outputs; // gridwl_presentation_output.link
};

/* The feedback waiting for the present event of one wlr_output's commits.
 * Kept apart from gridwl_output: it lives from the first feedback to the
 * wlr_output's end. */
struct gridwl_presentation_output {
	struct gridwl_presentation *presentation;
	struct wlr_output *wlr_output;
	struct wl_list pending; // gridwl_presentation_pending.link, oldest first
	struct wl_list link;
	struct wl_listener present;
	struct wl_listener destroy;
};

struct gridwl_presentation_pending {
	struct wlr_presentation_feedback *feedback;
	uint32_t commit_seq; // the output commit that showed it
	struct wl_list link;
};

/* Destroying feedback that was not presented sends discarded. */
static void pending_destroy(struct gridwl_presentation_pending *pending) {
	wlr_presentation_feedback_destroy(pending->feedback);
	wl_list_remove(&pending->link);
	free(pending);
}

static void presentation_output_destroy(
		struct gridwl_presentation_output *p_output) {
	struct gridwl_presentation_pending *pending, *tmp;
	wl_list_for_each_safe(pending, tmp, &p_output->pending, link) {
		pending_destroy(pending);
	}
	wl_list_remove(&p_output->present.link);
	wl_list_remove(&p_output->destroy.link);
	wl_list_remove(&p_output->link);
	free(p_output);
}

/* The refresh period in nanoseconds the client is told: what the backend
 * measured, or else on headless its mode's, the rate its frame timer
 * runs at. Nested backends that know nothing say 0, as the protocol asks. */
static uint32_t refresh_ns(const struct wlr_output_event_present *event) {
	if (event->refresh > 0) {
		return (uint32_t)event->refresh;
	}
	struct wlr_output *wlr_output = event->output;
	if (wlr_output_is_headless(wlr_output) && wlr_output->refresh > 0) {
		return (uint32_t)(1000000000000LL / wlr_output->refresh);
	}
	return 0;
}

static void presentation_output_handle_present(struct wl_listener *listener,
		void *data) {
	struct gridwl_presentation_output *p_output =
			wl_container_of(listener, p_output, present);
	struct wlr_output_event_present *event = data;
	struct gridwl_presentation_pending *pending, *tmp;
	wl_list_for_each_safe(pending, tmp, &p_output->pending, link) {
		int32_t age = (int32_t)(event->commit_seq - pending->commit_seq);
		if (age < 0) {
			break; // a later commit's: its event is still to come
		}
		if (age == 0 && event->presented) {
			struct wlr_presentation_event presented;
			wlr_presentation_event_from_output(&presented, event);
			presented.refresh = refresh_ns(event);
			presented.flags &= ~KIND_ZERO_COPY;
			wlr_presentation_feedback_send_presented(pending->feedback,
					&presented);
		}
		// An older commit's that never got its event, or a frame the
		// backend dropped: discarded.
		pending_destroy(pending);
	}
}

static void presentation_output_handle_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_presentation_output *p_output =
			wl_container_of(listener, p_output, destroy);
	presentation_output_destroy(p_output);
}

static struct gridwl_presentation_output *presentation_output_get(
		struct gridwl_presentation *presentation,
		struct wlr_output *wlr_output) {
	struct gridwl_presentation_output *p_output;
	wl_list_for_each(p_output, &presentation->outputs, link) {
		if (p_output->wlr_output == wlr_output) {
			return p_output;
		}
	}
	p_output = calloc(1, sizeof(*p_output));
	if (p_output == NULL) {
		return NULL;
	}
	p_output->presentation = presentation;
	p_output->wlr_output = wlr_output;
	wl_list_init(&p_output->pending);
	p_output->present.notify = presentation_output_handle_present;
	wl_signal_add(&wlr_output->events.present, &p_output->present);
	p_output->destroy.notify = presentation_output_handle_destroy;
	wl_signal_add(&wlr_output->events.destroy, &p_output->destroy);
	wl_list_insert(&presentation->outputs, &p_output->link);
	return p_output;
}

struct sample_data {
	struct gridwl_presentation *presentation;
	struct gridwl_output *output;
	struct gridwl_presentation_output *p_output; // made on first feedback
};

static bool surface_on_output(struct wlr_surface *surface,
		struct wlr_output *wlr_output) {
	struct wlr_surface_output *surface_output;
	wl_list_for_each(surface_output, &surface->current_outputs, link) {
		if (surface_output->output == wlr_output) {
			return true;
		}
	}
	return false;
}

static void sample_surface(struct wlr_surface *surface, int sx, int sy,
		void *data) {
	struct sample_data *sample = data;
	struct wlr_output *wlr_output = sample->output->wlr_output;
	if (!surface_on_output(surface, wlr_output)) {
		return;
	}
	struct wlr_presentation_feedback *feedback =
			wlr_presentation_surface_sampled(surface);
	if (feedback == NULL) {
		return;
	}
	if (sample->p_output == NULL) {
		sample->p_output =
				presentation_output_get(sample->presentation, wlr_output);
	}
	struct gridwl_presentation_pending *pending =
			sample->p_output != NULL ? calloc(1, sizeof(*pending)) : NULL;
	if (pending == NULL) {
		wlr_presentation_feedback_destroy(feedback);
		return;
	}
	pending->feedback = feedback;
	// wlroots numbers commits as it makes them: this frame's is the last.
	pending->commit_seq = wlr_output->commit_seq;
	wl_list_insert(sample->p_output->pending.prev, &pending->link);
}

void gridwl_presentation_output_committed(struct gridwl_output *output) {
	struct gridwl_presentation *presentation = output->server->presentation;
	if (presentation == NULL) {
		return;
	}
	struct sample_data sample = {
		.presentation = presentation,
		.output = output,
	};
	// The views the frame found on the output: what the lock hides is not
	// drawn, and a view wholly covered is not shown (its feedback is
	// discarded when the client commits again, as wlroots' scene graph
	// does).
	struct gridwl_frame_view *entry;
	wl_array_for_each(entry, &output->frame_views) {
		if (!entry->occluded) {
			gridwl_view_for_each_surface(entry->view, sample_surface, &sample);
		}
	}
}

bool gridwl_presentation_init(struct gridwl_server *server) {
	struct gridwl_presentation *presentation = calloc(1, sizeof(*presentation));
	if (presentation == NULL) {
		return false;
	}
	presentation->server = server;
	wl_list_init(&presentation->outputs);
	presentation->wlr_presentation =
			wlr_presentation_create(server->display, server->backend);
	if (presentation->wlr_presentation == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the presentation global");
		free(presentation);
		return false;
	}
	server->presentation = presentation;
	return true;
}

void gridwl_presentation_finish(struct gridwl_server *server) {
	struct gridwl_presentation *presentation = server->presentation;
	if (presentation == NULL) {
		return;
	}
	struct gridwl_presentation_output *p_output, *tmp;
	wl_list_for_each_safe(p_output, tmp, &presentation->outputs, link) {
		presentation_output_destroy(p_output);
	}
	// The global goes with the display.
	server->presentation = NULL;
	free(presentation);
}
