#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "pattern.h"
#include "presentation-time-client-protocol.h"
#include "raw-client.h"

/*
 * presentation-client: a window that asks wp_presentation when each of its
 * frames was shown, for the presentation-time test.
 *
 *   presentation-client APP_ID
 *
 * Maps a 100x100 xdg_toplevel (its first frame without feedback) and prints
 * "ready". On stdin:
 *   frames N  draws N frames, each a new buffer with damage and a
 *             presentation feedback, the next one when the frame callback
 *             of the last comes (as a video player does)
 *   commit    draws one such frame at once, without waiting for anything
 *   sync      prints "sync" once gridwl answered everything before it
 *   quit
 * For each feedback it prints
 *   presented OUTPUT REFRESH SEQ FLAGS COMMITTED SHOWN RECEIVED
 * (OUTPUT from sync_output, REFRESH in ns, SEQ the retrace counter, FLAGS
 * the kind bits; COMMITTED the client's CLOCK_MONOTONIC when it committed,
 * SHOWN the presentation timestamp, RECEIVED the client's clock when the
 * event came, all in ns), or "discarded". It checks that the compositor
 * said clock_id CLOCK_MONOTONIC, else prints "error clock_id N".
 */

#define SIZE 100
#define MAX_OUTPUTS 8

struct output {
	struct wl_output *wl_output;
	char name[64];
};

struct client {
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wp_presentation *presentation;
	struct output outputs[MAX_OUTPUTS];
	int output_count;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	bool configured;
	int frames_left; // frames still to draw, each on the last one's callback
	struct wl_callback *frame_callback;
	int colour;
	struct wl_list feedbacks; // feedback.link, not yet answered
	struct raw_client_buffers buffers;
};

/* One feedback and when its frame was committed. */
struct feedback {
	struct client *client;
	struct wp_presentation_feedback *feedback;
	struct output *output; // from sync_output
	uint64_t committed_ns;
	struct wl_list link;
};

static void feedback_free(struct feedback *feedback) {
	wp_presentation_feedback_destroy(feedback->feedback);
	wl_list_remove(&feedback->link);
	free(feedback);
}

static uint64_t now_ns(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void output_geometry(void *data, struct wl_output *wl_output, int32_t x,
		int32_t y, int32_t width_mm, int32_t height_mm, int32_t subpixel,
		const char *make, const char *model, int32_t transform) {
}

static void output_mode(void *data, struct wl_output *wl_output, uint32_t flags,
		int32_t width, int32_t height, int32_t refresh) {
}

static void output_done(void *data, struct wl_output *wl_output) {
}

static void output_scale(void *data, struct wl_output *wl_output,
		int32_t factor) {
}

static void output_name(void *data, struct wl_output *wl_output,
		const char *name) {
	struct output *output = data;
	snprintf(output->name, sizeof(output->name), "%s", name);
}

static void output_description(void *data, struct wl_output *wl_output,
		const char *description) {
}

static const struct wl_output_listener output_listener = {
	.geometry = output_geometry,
	.mode = output_mode,
	.done = output_done,
	.scale = output_scale,
	.name = output_name,
	.description = output_description,
};

static void feedback_sync_output(void *data,
		struct wp_presentation_feedback *wp_feedback,
		struct wl_output *wl_output) {
	struct feedback *feedback = data;
	struct client *client = feedback->client;
	for (int i = 0; i < client->output_count && i < MAX_OUTPUTS; i++) {
		if (client->outputs[i].wl_output == wl_output) {
			feedback->output = &client->outputs[i];
		}
	}
}

static void feedback_presented(void *data,
		struct wp_presentation_feedback *wp_feedback, uint32_t tv_sec_hi,
		uint32_t tv_sec_lo, uint32_t tv_nsec, uint32_t refresh, uint32_t seq_hi,
		uint32_t seq_lo, uint32_t flags) {
	struct feedback *feedback = data;
	uint64_t received = now_ns();
	uint64_t sec = ((uint64_t)tv_sec_hi << 32) | tv_sec_lo;
	uint64_t shown = sec * 1000000000u + tv_nsec;
	uint64_t seq = ((uint64_t)seq_hi << 32) | seq_lo;
	raw_client_emit("presented %s %u %llu %u %llu %llu %llu",
			feedback->output != NULL ? feedback->output->name : "(none)",
			refresh, (unsigned long long)seq, flags,
			(unsigned long long)feedback->committed_ns,
			(unsigned long long)shown, (unsigned long long)received);
	feedback_free(feedback);
}

static void feedback_discarded(void *data,
		struct wp_presentation_feedback *wp_feedback) {
	struct feedback *feedback = data;
	raw_client_emit("discarded");
	feedback_free(feedback);
}

static const struct wp_presentation_feedback_listener feedback_listener = {
	.sync_output = feedback_sync_output,
	.presented = feedback_presented,
	.discarded = feedback_discarded,
};

static void presentation_clock_id(void *data,
		struct wp_presentation *presentation, uint32_t clk_id) {
	if (clk_id != CLOCK_MONOTONIC) {
		raw_client_emit("error clock_id %u", clk_id);
	}
}

static const struct wp_presentation_listener presentation_listener = {
	.clock_id = presentation_clock_id,
};

static void draw(struct client *client, bool feedback);

static void frame_done(void *data, struct wl_callback *callback,
		uint32_t time) {
	struct client *client = data;
	wl_callback_destroy(callback);
	client->frame_callback = NULL;
	if (client->frames_left > 0) {
		draw(client, true);
	}
}

static const struct wl_callback_listener frame_listener = {
	.done = frame_done,
};

/* A new buffer of another colour, damaged whole, with a frame callback and
 * with_feedback a presentation feedback. */
static void draw(struct client *client, bool with_feedback) {
	static const uint32_t colours[] = { 0xffff0000, 0xff00ff00, 0xff0000ff };
	struct pattern pattern = {
		.kind = PATTERN_SOLID,
		.colour = colours[client->colour++ % 3],
	};
	struct wl_buffer *buffer =
			raw_client_tracked_pattern_buffer(&client->buffers, client->shm,
					SIZE, SIZE, &pattern);
	if (buffer == NULL) {
		return;
	}
	struct feedback *feedback = NULL;
	if (with_feedback) {
		feedback = calloc(1, sizeof(*feedback));
		if (feedback == NULL) {
			raw_client_emit("error out of memory");
			return;
		}
		feedback->client = client;
		feedback->feedback =
				wp_presentation_feedback(client->presentation, client->surface);
		wp_presentation_feedback_add_listener(feedback->feedback,
				&feedback_listener, feedback);
		wl_list_insert(client->feedbacks.prev, &feedback->link);
	}
	if (client->frame_callback != NULL) {
		wl_callback_destroy(client->frame_callback);
	}
	client->frame_callback = wl_surface_frame(client->surface);
	wl_callback_add_listener(client->frame_callback, &frame_listener, client);
	wl_surface_attach(client->surface, buffer, 0, 0);
	wl_surface_damage_buffer(client->surface, 0, 0, SIZE, SIZE);
	if (feedback != NULL) {
		feedback->committed_ns = now_ns();
	}
	wl_surface_commit(client->surface);
	wl_display_flush(client->display);
	if (client->frames_left > 0) {
		client->frames_left--;
	}
}

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct client *client = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	if (!client->configured) {
		client->configured = true;
		draw(client, false);
	} else {
		wl_surface_commit(client->surface);
	}
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static const struct client_global bound_globals[] = {
	{ &wl_compositor_interface, 4, offsetof(struct client, compositor), NULL },
	{ &wl_shm_interface, 1, offsetof(struct client, shm), NULL },
	{ &xdg_wm_base_interface, 1, offsetof(struct client, wm_base),
			&client_wm_base_listener },
	{ &wp_presentation_interface, 1, offsetof(struct client, presentation),
			&presentation_listener },
	{ 0 },
};

static void registry_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct client *client = data;
	if (strcmp(interface, wl_output_interface.name) == 0 &&
			version >= WL_OUTPUT_NAME_SINCE_VERSION &&
			client->output_count < MAX_OUTPUTS) {
		struct output *output = &client->outputs[client->output_count++];
		output->wl_output = wl_registry_bind(registry, name,
				&wl_output_interface, WL_OUTPUT_NAME_SINCE_VERSION);
		wl_output_add_listener(output->wl_output, &output_listener, output);
	}
}

static bool on_line(void *data, char *line) {
	struct client *client = data;
	int n;
	if (strcmp(line, "quit") == 0) {
		return false;
	} else if (strcmp(line, "sync") == 0) {
		wl_display_roundtrip(client->display);
		raw_client_emit("sync");
	} else if (strcmp(line, "commit") == 0) {
		draw(client, true);
	} else if (sscanf(line, "frames %d", &n) == 1 && n > 0) {
		client->frames_left = n;
		if (client->frame_callback == NULL) {
			draw(client, true);
		}
	} else {
		raw_client_emit("error unknown command \"%s\"", line);
	}
	return true;
}

/* Destroys every object it made and disconnects: a clean exit leaves
 * nothing behind (LeakSanitizer counts proxies still allocated). */
static void client_finish(struct client *client) {
	struct feedback *feedback, *tmp;
	wl_list_for_each_safe(feedback, tmp, &client->feedbacks, link) {
		feedback_free(feedback);
	}
	if (client->frame_callback != NULL) {
		wl_callback_destroy(client->frame_callback);
	}
	if (client->toplevel != NULL) {
		xdg_toplevel_destroy(client->toplevel);
		xdg_surface_destroy(client->xdg_surface);
		wl_surface_destroy(client->surface);
	}
	raw_client_buffers_finish(&client->buffers);
	for (int i = 0; i < client->output_count && i < MAX_OUTPUTS; i++) {
		wl_output_release(client->outputs[i].wl_output);
	}
	if (client->presentation != NULL) {
		wp_presentation_destroy(client->presentation);
	}
	if (client->wm_base != NULL) {
		xdg_wm_base_destroy(client->wm_base);
	}
	if (client->shm != NULL) {
		wl_shm_destroy(client->shm);
	}
	if (client->compositor != NULL) {
		wl_compositor_destroy(client->compositor);
	}
	wl_registry_destroy(client->registry);
	wl_display_disconnect(client->display);
}

int main(int argc, char **argv) {
	if (argc != 2) {
		fprintf(stderr, "usage: presentation-client APP_ID\n");
		return 2;
	}
	struct client client = { 0 };
	wl_list_init(&client.feedbacks);
	raw_client_buffers_init(&client.buffers);
	client.display = raw_client_connect();
	if (client.display == NULL) {
		return 1;
	}
	struct client_globals globals = {
		.table = bound_globals,
		.global = registry_global,
		.data = &client,
	};
	client.registry = client_globals_listen(client.display, &globals);
	wl_display_roundtrip(client.display);
	wl_display_roundtrip(client.display);
	if (client.compositor == NULL || client.shm == NULL ||
			client.wm_base == NULL || client.presentation == NULL) {
		raw_client_emit("error compositor lacks wp_presentation");
		client_finish(&client);
		return 1;
	}
	client.surface = wl_compositor_create_surface(client.compositor);
	int status = raw_client_map_toplevel(client.display, client.wm_base,
			client.surface, &client.xdg_surface, &client.toplevel,
			&xdg_surface_listener, &client, argv[1], NULL, &client.configured);
	if (status != 0) {
		client_finish(&client);
		return status;
	}
	wl_display_roundtrip(client.display);
	raw_client_emit("ready");
	status = raw_client_run(client.display, on_line, &client);
	client_finish(&client);
	return status;
}
