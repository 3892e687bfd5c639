#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "pattern.h"
#include "presentation-time-client-protocol.h"

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
struct client {
	struct client_skeleton skel;
	struct wp_presentation *presentation;
	struct client_named_outputs outputs;
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
	struct client_named_output *output; // from sync_output
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

static void feedback_sync_output(void *data,
		struct wp_presentation_feedback *wp_feedback,
		struct wl_output *wl_output) {
	struct feedback *feedback = data;
	feedback->output =
			client_named_outputs_of(&feedback->client->outputs, wl_output);
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
	client_emit("presented %s %u %llu %u %llu %llu %llu",
			feedback->output != NULL ? feedback->output->name : "(none)",
			refresh, (unsigned long long)seq, flags,
			(unsigned long long)feedback->committed_ns,
			(unsigned long long)shown, (unsigned long long)received);
	feedback_free(feedback);
}

static void feedback_discarded(void *data,
		struct wp_presentation_feedback *wp_feedback) {
	struct feedback *feedback = data;
	client_emit("discarded");
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
		client_emit("error clock_id %u", clk_id);
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
			raw_client_tracked_pattern_buffer(&client->buffers,
					client->skel.shm, SIZE, SIZE, &pattern);
	if (buffer == NULL) {
		return;
	}
	struct feedback *feedback = NULL;
	if (with_feedback) {
		feedback = calloc(1, sizeof(*feedback));
		if (feedback == NULL) {
			client_emit("error out of memory");
			return;
		}
		feedback->client = client;
		feedback->feedback = wp_presentation_feedback(client->presentation,
				client->skel.surface);
		wp_presentation_feedback_add_listener(feedback->feedback,
				&feedback_listener, feedback);
		wl_list_insert(client->feedbacks.prev, &feedback->link);
	}
	if (client->frame_callback != NULL) {
		wl_callback_destroy(client->frame_callback);
	}
	client->frame_callback = wl_surface_frame(client->skel.surface);
	wl_callback_add_listener(client->frame_callback, &frame_listener, client);
	wl_surface_attach(client->skel.surface, buffer, 0, 0);
	wl_surface_damage_buffer(client->skel.surface, 0, 0, SIZE, SIZE);
	if (feedback != NULL) {
		feedback->committed_ns = now_ns();
	}
	wl_surface_commit(client->skel.surface);
	wl_display_flush(client->skel.display);
	if (client->frames_left > 0) {
		client->frames_left--;
	}
}

static void draw_first(void *data) {
	draw(data, false);
}

static const struct client_global bound_globals[] = {
	{ &wp_presentation_interface, 1, offsetof(struct client, presentation),
			&presentation_listener },
	{ 0 },
};

static bool command(void *data, char *line) {
	struct client *client = data;
	int n;
	if (strcmp(line, "commit") == 0) {
		draw(client, true);
	} else if (sscanf(line, "frames %d", &n) == 1 && n > 0) {
		client->frames_left = n;
		if (client->frame_callback == NULL) {
			draw(client, true);
		}
	} else {
		client_emit("error unknown command \"%s\"", line);
	}
	return true;
}

/* The outputs' names come after their binding. */
static bool start(void *data) {
	struct client *client = data;
	wl_display_roundtrip(client->skel.display);
	if (client->presentation == NULL) {
		client_emit("error compositor lacks wp_presentation");
		return false;
	}
	return true;
}

int main(int argc, char **argv) {
	if (argc != 2) {
		fprintf(stderr, "usage: presentation-client APP_ID\n");
		return 2;
	}
	struct client client = { 0 };
	wl_list_init(&client.feedbacks);
	raw_client_buffers_init(&client.buffers);
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.outputs = &client.outputs,
		.data = &client,
		.window = true,
		.draw = draw_first,
		.start = start,
		.command = command,
	};
	int status = client_skeleton_main(&client.skel, &spec, argv[1], NULL);
	struct feedback *feedback, *tmp;
	wl_list_for_each_safe(feedback, tmp, &client.feedbacks, link) {
		feedback_free(feedback);
	}
	if (client.frame_callback != NULL) {
		wl_callback_destroy(client.frame_callback);
	}
	raw_client_buffers_finish(&client.buffers);
	return client_skeleton_finish_all(&client.skel, status);
}
