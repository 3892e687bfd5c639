#include <stdlib.h>
#include <wlr/types/wlr_gamma_control_v1.h>
#include <wlr/types/wlr_output.h>
#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/gamma_control.h"

struct gridwl_gamma_control {
	struct wlr_gamma_control_manager_v1 *manager;
	// The outputs whose ramps changed since their last frame.
	struct wl_list dirty; // gridwl_gamma_dirty.link
	struct wl_listener set_gamma;
};

struct gridwl_gamma_dirty {
	struct wlr_output *output;
	struct wl_list link;
	struct wl_listener output_destroy;
};

static struct gridwl_gamma_dirty *find_dirty(struct gridwl_gamma_control *gamma,
		struct wlr_output *output) {
	struct gridwl_gamma_dirty *dirty;
	wl_list_for_each(dirty, &gamma->dirty, link) {
		if (dirty->output == output) {
			return dirty;
		}
	}
	return NULL;
}

static void dirty_destroy(struct gridwl_gamma_dirty *dirty) {
	wl_list_remove(&dirty->link);
	wl_list_remove(&dirty->output_destroy.link);
	free(dirty);
}

static void dirty_handle_output_destroy(struct wl_listener *listener,
		void *data) {
	struct gridwl_gamma_dirty *dirty =
			wl_container_of(listener, dirty, output_destroy);
	dirty_destroy(dirty);
}

/* A client set ramps, or went (control NULL: back to the identity). */
static void handle_set_gamma(struct wl_listener *listener, void *data) {
	struct gridwl_gamma_control *gamma =
			wl_container_of(listener, gamma, set_gamma);
	const struct wlr_gamma_control_manager_v1_set_gamma_event *event = data;
	if (find_dirty(gamma, event->output) == NULL) {
		struct gridwl_gamma_dirty *dirty = calloc(1, sizeof(*dirty));
		if (dirty == NULL) {
			wlr_log(WLR_ERROR, "Out of memory for gamma ramps");
			return;
		}
		dirty->output = event->output;
		dirty->output_destroy.notify = dirty_handle_output_destroy;
		wl_signal_add(&event->output->events.destroy, &dirty->output_destroy);
		wl_list_insert(&gamma->dirty, &dirty->link);
	}
	wlr_output_schedule_frame(event->output);
}

bool gridwl_gamma_control_frame_state(struct gridwl_output *output,
		struct wlr_output_state *state) {
	struct gridwl_gamma_control *gamma = output->server->gamma_control;
	if (gamma == NULL || find_dirty(gamma, output->wlr_output) == NULL) {
		return false;
	}
	struct wlr_gamma_control_v1 *control =
			wlr_gamma_control_manager_v1_get_control(gamma->manager,
					output->wlr_output);
	// Without a control this resets the ramps.
	return wlr_gamma_control_v1_apply(control, state);
}

void gridwl_gamma_control_frame_done(struct gridwl_output *output,
		bool committed) {
	struct gridwl_gamma_control *gamma = output->server->gamma_control;
	struct gridwl_gamma_dirty *dirty =
			gamma != NULL ? find_dirty(gamma, output->wlr_output) : NULL;
	if (dirty == NULL) {
		return;
	}
	dirty_destroy(dirty);
	if (!committed) {
		struct wlr_gamma_control_v1 *control =
				wlr_gamma_control_manager_v1_get_control(gamma->manager,
						output->wlr_output);
		if (control != NULL) {
			wlr_log(WLR_INFO, "Output %s refused gamma ramps",
					output->wlr_output->name);
			// Destroying it asks for the identity again (set_gamma with
			// no control), which the next frame commits.
			wlr_gamma_control_v1_send_failed_and_destroy(control);
		}
	}
}

bool gridwl_gamma_control_init(struct gridwl_server *server) {
	struct gridwl_gamma_control *gamma = calloc(1, sizeof(*gamma));
	if (gamma == NULL) {
		return false;
	}
	wl_list_init(&gamma->dirty);
	gamma->manager = wlr_gamma_control_manager_v1_create(server->display);
	if (gamma->manager == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the gamma control manager");
		free(gamma);
		return false;
	}
	gamma->set_gamma.notify = handle_set_gamma;
	wl_signal_add(&gamma->manager->events.set_gamma, &gamma->set_gamma);
	server->gamma_control = gamma;
	return true;
}

void gridwl_gamma_control_finish(struct gridwl_server *server) {
	struct gridwl_gamma_control *gamma = server->gamma_control;
	if (gamma == NULL) {
		return;
	}
	struct gridwl_gamma_dirty *dirty, *tmp;
	wl_list_for_each_safe(dirty, tmp, &gamma->dirty, link) {
		dirty_destroy(dirty);
	}
	wl_list_remove(&gamma->set_gamma.link);
	server->gamma_control = NULL;
	free(gamma);
}
