/*
 * A wl_shm + xdg-shell client for the compositor benchmark: an 800x500
 * window at buffer scale 1 that repaints and damages all of its pixels on
 * every frame callback (or, with --static, draws once and then waits).
 * --windows N opens N such toplevels from the one process (app_id ID-1 to
 * ID-N), for bench/compositor/growth. --every MS repaints every MS
 * milliseconds instead, frame callbacks or not, as a timer-driven client
 * (or Xwayland) does, also while covered; --opaque declares the whole
 * window opaque (wl_surface.set_opaque_region), so that it may cover
 * others (bench/compositor/instructions, case covered).
 *
 * It counts frame callbacks (of all its windows) and, where the compositor
 * has wp_presentation, presented and discarded frames: PRESENTED counts
 * output refreshes that showed a new frame of at least one window (the
 * feedback of several windows for one refresh of one output counts once;
 * with one window, every presented event). SIGUSR1 prints a "sample" line with the
 * counters so the caller can measure over an interval of its choosing;
 * SIGTERM, SIGINT, --seconds or the compositor closing the window end it with
 * a summary line. Everything goes to stdout, one line per event:
 *
 *   output WIDTH HEIGHT SCALE        each wl_output's current mode and scale
 *   mapped                           every window's first frame is on screen
 *   sample NSEC FRAMES PRESENTED DISCARDED
 *   summary frames N seconds S fps F presented P discarded D presentation yes|no
 */
#define _GNU_SOURCE // memfd_create
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include "presentation-time-client-protocol.h"
#include "xdg-shell-client-protocol.h"

#define BUFFER_COUNT 3

struct options {
	int width, height;
	bool static_content;
	double seconds; // 0: until a signal
	const char *app_id;
	int windows;
	bool numbered; // --windows given: app_ids ID-1 to ID-N
	int every_ms; // --every: repaint on this timer; 0: on frame callbacks
	bool opaque;
};

struct client_buffer {
	struct wl_buffer *wl_buffer;
	uint32_t *data;
	size_t size;
	bool busy;
	struct window *window;
};

struct client_output {
	struct wl_list link; // client.outputs
	struct wl_output *wl_output;
	int32_t width, height, scale;
	// The last refresh a window was presented in, so that the feedback of
	// the other windows shown in it is not counted again.
	uint64_t last_presented_nsec;
};

struct window {
	struct client *client;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *xdg_toplevel;
	struct wl_callback *frame_callback;
	struct client_buffer buffers[BUFFER_COUNT];
	bool mapped;
	bool drawn; // --static: the one frame has been committed
	bool waiting_for_buffer; // a frame is due but every buffer is busy
	uint32_t pattern_step;
};

struct client {
	struct options options;
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wp_presentation *presentation;
	struct wl_list outputs; // client_output.link
	// Where the presentation feedback being read was shown (sync_output
	// comes before presented).
	struct client_output *sync_output;
	uint64_t last_presented_nsec; // with no sync_output

	struct window *windows; // options.windows of them
	int mapped_windows;
	bool running;
	int exit_status;

	uint64_t frames, presented, discarded;
	struct timespec start;
};

static uint64_t timespec_nsec(const struct timespec *ts) {
	return (uint64_t)ts->tv_sec * 1000000000u + (uint64_t)ts->tv_nsec;
}

static uint64_t now_nsec(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return timespec_nsec(&ts);
}

static void buffer_handle_release(void *data, struct wl_buffer *wl_buffer);

static const struct wl_buffer_listener buffer_listener = {
	.release = buffer_handle_release,
};

static bool buffer_init(struct window *window, struct client_buffer *buffer) {
	struct client *client = window->client;
	int stride = client->options.width * 4;
	buffer->size = (size_t)stride * (size_t)client->options.height;
	buffer->window = window;
	int fd = memfd_create("redraw-client", MFD_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "memfd_create: %s\n", strerror(errno));
		return false;
	}
	if (ftruncate(fd, (off_t)buffer->size) != 0) {
		fprintf(stderr, "ftruncate: %s\n", strerror(errno));
		close(fd);
		return false;
	}
	void *data =
			mmap(NULL, buffer->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (data == MAP_FAILED) {
		fprintf(stderr, "mmap: %s\n", strerror(errno));
		close(fd);
		return false;
	}
	buffer->data = data;
	struct wl_shm_pool *pool =
			wl_shm_create_pool(client->shm, fd, (int32_t)buffer->size);
	// XRGB: an opaque window, as a real application's would be, so no
	// compositor has to blend it.
	buffer->wl_buffer =
			wl_shm_pool_create_buffer(pool, 0, client->options.width,
					client->options.height, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	wl_buffer_add_listener(buffer->wl_buffer, &buffer_listener, buffer);
	return true;
}

static void buffer_finish(struct client_buffer *buffer) {
	if (buffer->wl_buffer != NULL) {
		wl_buffer_destroy(buffer->wl_buffer);
	}
	if (buffer->data != NULL) {
		munmap(buffer->data, buffer->size);
	}
}

/* Diagonal bands that move every frame: every pixel changes, and no two
 * consecutive frames are alike, so no compositor can skip any of it. */
static void paint(struct window *window, struct client_buffer *buffer) {
	struct client *client = window->client;
	int width = client->options.width, height = client->options.height;
	uint32_t step = window->pattern_step++;
	for (int y = 0; y < height; y++) {
		uint32_t *row = buffer->data + (size_t)y * (size_t)width;
		for (int x = 0; x < width; x++) {
			uint32_t v = (uint32_t)(x + y) + step * 4;
			row[x] = 0xff000000u | ((v & 0xff) << 16) |
					(((v >> 1) & 0xff) << 8) | ((uint32_t)(y + step) & 0xff);
		}
	}
}

static struct client_buffer *free_buffer(struct window *window) {
	for (int i = 0; i < BUFFER_COUNT; i++) {
		if (!window->buffers[i].busy) {
			return &window->buffers[i];
		}
	}
	return NULL;
}

static void feedback_handle_sync_output(void *data,
		struct wp_presentation_feedback *feedback, struct wl_output *output) {
	struct client *client = data;
	client->sync_output = wl_output_get_user_data(output);
}

static void feedback_handle_presented(void *data,
		struct wp_presentation_feedback *feedback, uint32_t tv_sec_hi,
		uint32_t tv_sec_lo, uint32_t tv_nsec, uint32_t refresh, uint32_t seq_hi,
		uint32_t seq_lo, uint32_t flags) {
	struct client *client = data;
	uint64_t nsec =
			(((uint64_t)tv_sec_hi << 32) | tv_sec_lo) * 1000000000u + tv_nsec;
	uint64_t *last = client->sync_output != NULL ?
			&client->sync_output->last_presented_nsec :
			&client->last_presented_nsec;
	if (nsec != *last) {
		*last = nsec;
		client->presented++;
	}
	client->sync_output = NULL;
	wp_presentation_feedback_destroy(feedback);
}

static void feedback_handle_discarded(void *data,
		struct wp_presentation_feedback *feedback) {
	struct client *client = data;
	client->discarded++;
	client->sync_output = NULL;
	wp_presentation_feedback_destroy(feedback);
}

static const struct wp_presentation_feedback_listener feedback_listener = {
	.sync_output = feedback_handle_sync_output,
	.presented = feedback_handle_presented,
	.discarded = feedback_handle_discarded,
};

static void frame_handle_done(void *data, struct wl_callback *callback,
		uint32_t time);

static const struct wl_callback_listener frame_listener = {
	.done = frame_handle_done,
};

static void draw(struct window *window) {
	struct client *client = window->client;
	struct client_buffer *buffer = free_buffer(window);
	if (buffer == NULL) {
		// Drawn as soon as the compositor lets go of a buffer.
		window->waiting_for_buffer = true;
		return;
	}
	window->waiting_for_buffer = false;
	paint(window, buffer);
	wl_surface_attach(window->surface, buffer->wl_buffer, 0, 0);
	if (wl_surface_get_version(window->surface) >=
			WL_SURFACE_DAMAGE_BUFFER_SINCE_VERSION) {
		wl_surface_damage_buffer(window->surface, 0, 0, INT32_MAX, INT32_MAX);
	} else {
		wl_surface_damage(window->surface, 0, 0, INT32_MAX, INT32_MAX);
	}
	// Static content still asks for one callback, to learn it is shown;
	// on a timer, one at a time, which a covered window never gets.
	if (window->frame_callback == NULL) {
		window->frame_callback = wl_surface_frame(window->surface);
		wl_callback_add_listener(window->frame_callback, &frame_listener,
				window);
	}
	if (client->presentation != NULL) {
		struct wp_presentation_feedback *feedback =
				wp_presentation_feedback(client->presentation, window->surface);
		wp_presentation_feedback_add_listener(feedback, &feedback_listener,
				client);
	}
	wl_surface_commit(window->surface);
	buffer->busy = true;
	window->drawn = true;
}

static void frame_handle_done(void *data, struct wl_callback *callback,
		uint32_t time) {
	struct window *window = data;
	struct client *client = window->client;
	wl_callback_destroy(callback);
	window->frame_callback = NULL;
	client->frames++;
	if (!window->mapped) {
		window->mapped = true;
		// "mapped" once every window is on screen.
		if (++client->mapped_windows == client->options.windows) {
			printf("mapped\n");
			fflush(stdout);
		}
	}
	if (!client->options.static_content && client->options.every_ms == 0) {
		draw(window);
	}
}

static void buffer_handle_release(void *data, struct wl_buffer *wl_buffer) {
	struct client_buffer *buffer = data;
	struct window *window = buffer->window;
	buffer->busy = false;
	if (window->waiting_for_buffer) {
		draw(window);
	}
}

static void xdg_surface_handle_configure(void *data,
		struct xdg_surface *xdg_surface, uint32_t serial) {
	struct window *window = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	// The size stays ours whatever the compositor suggests: the benchmark
	// compares the same window everywhere. Later configures need no new
	// frame, the running loop (or the static one) already covers them.
	if (!window->drawn) {
		draw(window);
	} else {
		wl_surface_commit(window->surface);
	}
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_handle_configure,
};

static void toplevel_handle_configure(void *data, struct xdg_toplevel *toplevel,
		int32_t width, int32_t height, struct wl_array *states) {
}

static void toplevel_handle_close(void *data, struct xdg_toplevel *toplevel) {
	struct window *window = data;
	window->client->running = false;
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = toplevel_handle_configure,
	.close = toplevel_handle_close,
};

static void wm_base_handle_ping(void *data, struct xdg_wm_base *wm_base,
		uint32_t serial) {
	xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {
	.ping = wm_base_handle_ping,
};

static void output_handle_geometry(void *data, struct wl_output *wl_output,
		int32_t x, int32_t y, int32_t physical_width, int32_t physical_height,
		int32_t subpixel, const char *make, const char *model,
		int32_t transform) {
}

static void output_handle_mode(void *data, struct wl_output *wl_output,
		uint32_t flags, int32_t width, int32_t height, int32_t refresh) {
	struct client_output *output = data;
	if (flags & WL_OUTPUT_MODE_CURRENT) {
		output->width = width;
		output->height = height;
	}
}

static void output_handle_done(void *data, struct wl_output *wl_output) {
	struct client_output *output = data;
	printf("output %d %d %d\n", output->width, output->height, output->scale);
	fflush(stdout);
}

static void output_handle_scale(void *data, struct wl_output *wl_output,
		int32_t factor) {
	struct client_output *output = data;
	output->scale = factor;
}

static const struct wl_output_listener output_listener = {
	.geometry = output_handle_geometry,
	.mode = output_handle_mode,
	.done = output_handle_done,
	.scale = output_handle_scale,
};

static void registry_handle_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct client *client = data;
	if (strcmp(interface, wl_compositor_interface.name) == 0) {
		client->compositor = wl_registry_bind(registry, name,
				&wl_compositor_interface, version < 4 ? version : 4);
	} else if (strcmp(interface, wl_shm_interface.name) == 0) {
		client->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	} else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
		client->wm_base =
				wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(client->wm_base, &wm_base_listener, client);
	} else if (strcmp(interface, wp_presentation_interface.name) == 0) {
		client->presentation =
				wl_registry_bind(registry, name, &wp_presentation_interface, 1);
	} else if (strcmp(interface, wl_output_interface.name) == 0 &&
			version >= 2) {
		struct client_output *output = calloc(1, sizeof(*output));
		if (output == NULL) {
			return;
		}
		output->scale = 1;
		output->wl_output =
				wl_registry_bind(registry, name, &wl_output_interface, 2);
		wl_output_add_listener(output->wl_output, &output_listener, output);
		wl_list_insert(client->outputs.prev, &output->link);
	}
}

static void registry_handle_global_remove(void *data,
		struct wl_registry *registry, uint32_t name) {
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_handle_global,
	.global_remove = registry_handle_global_remove,
};

static void print_sample(struct client *client) {
	printf("sample %llu %llu %llu %llu\n", (unsigned long long)now_nsec(),
			(unsigned long long)client->frames,
			(unsigned long long)client->presented,
			(unsigned long long)client->discarded);
	fflush(stdout);
}

static void print_summary(struct client *client) {
	struct timespec end;
	clock_gettime(CLOCK_MONOTONIC, &end);
	double seconds =
			(double)(timespec_nsec(&end) - timespec_nsec(&client->start)) / 1e9;
	printf("summary frames %llu seconds %.3f fps %.2f presented %llu "
		   "discarded %llu presentation %s\n",
			(unsigned long long)client->frames, seconds,
			seconds > 0 ? (double)client->frames / seconds : 0.0,
			(unsigned long long)client->presented,
			(unsigned long long)client->discarded,
			client->presentation != NULL ? "yes" : "no");
	fflush(stdout);
}

static bool window_init(struct client *client, struct window *window,
		int index) {
	window->client = client;
	for (int i = 0; i < BUFFER_COUNT; i++) {
		if (!buffer_init(window, &window->buffers[i])) {
			return false;
		}
	}
	window->surface = wl_compositor_create_surface(client->compositor);
	window->xdg_surface =
			xdg_wm_base_get_xdg_surface(client->wm_base, window->surface);
	xdg_surface_add_listener(window->xdg_surface, &xdg_surface_listener,
			window);
	window->xdg_toplevel = xdg_surface_get_toplevel(window->xdg_surface);
	xdg_toplevel_add_listener(window->xdg_toplevel, &toplevel_listener, window);
	if (client->options.numbered) {
		// Window rules (gridwl's, sway's) place each one by its app_id.
		char app_id[256];
		snprintf(app_id, sizeof(app_id), "%s-%d", client->options.app_id,
				index + 1);
		xdg_toplevel_set_app_id(window->xdg_toplevel, app_id);
	} else {
		xdg_toplevel_set_app_id(window->xdg_toplevel, client->options.app_id);
	}
	xdg_toplevel_set_title(window->xdg_toplevel, "gridwl benchmark");
	if (client->options.opaque) {
		struct wl_region *region =
				wl_compositor_create_region(client->compositor);
		wl_region_add(region, 0, 0, client->options.width,
				client->options.height);
		wl_surface_set_opaque_region(window->surface, region);
		wl_region_destroy(region);
	}
	// A fixed size tells tiling compositors this window wants to float.
	xdg_toplevel_set_min_size(window->xdg_toplevel, client->options.width,
			client->options.height);
	xdg_toplevel_set_max_size(window->xdg_toplevel, client->options.width,
			client->options.height);
	wl_surface_commit(window->surface);
	return true;
}

static bool setup_windows(struct client *client) {
	if (client->compositor == NULL || client->shm == NULL ||
			client->wm_base == NULL) {
		fprintf(stderr,
				"redraw-client: the compositor lacks wl_compositor, "
				"wl_shm or xdg_wm_base\n");
		return false;
	}
	client->windows =
			calloc((size_t)client->options.windows, sizeof(*client->windows));
	if (client->windows == NULL) {
		fprintf(stderr, "redraw-client: out of memory\n");
		return false;
	}
	for (int i = 0; i < client->options.windows; i++) {
		if (!window_init(client, &client->windows[i], i)) {
			return false;
		}
	}
	return true;
}

static void window_finish(struct window *window) {
	if (window->frame_callback != NULL) {
		wl_callback_destroy(window->frame_callback);
	}
	if (window->xdg_toplevel != NULL) {
		xdg_toplevel_destroy(window->xdg_toplevel);
	}
	if (window->xdg_surface != NULL) {
		xdg_surface_destroy(window->xdg_surface);
	}
	if (window->surface != NULL) {
		wl_surface_destroy(window->surface);
	}
	for (int i = 0; i < BUFFER_COUNT; i++) {
		buffer_finish(&window->buffers[i]);
	}
}

static void client_finish(struct client *client) {
	struct client_output *output, *tmp;
	wl_list_for_each_safe(output, tmp, &client->outputs, link) {
		wl_output_destroy(output->wl_output);
		wl_list_remove(&output->link);
		free(output);
	}
	if (client->windows != NULL) {
		for (int i = 0; i < client->options.windows; i++) {
			window_finish(&client->windows[i]);
		}
		free(client->windows);
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
	if (client->registry != NULL) {
		wl_registry_destroy(client->registry);
	}
	wl_display_disconnect(client->display);
}

static void handle_signals(struct client *client, int signal_fd) {
	struct signalfd_siginfo info;
	while (read(signal_fd, &info, sizeof(info)) == sizeof(info)) {
		if (info.ssi_signo == SIGUSR1) {
			print_sample(client);
		} else {
			client->running = false;
		}
	}
}

/* --every: a new frame of each window shown, whatever its callbacks. */
static void repaint_windows(struct client *client, int repaint_fd) {
	uint64_t expirations;
	if (read(repaint_fd, &expirations, sizeof(expirations)) < 0) {
		return;
	}
	for (int i = 0; i < client->options.windows; i++) {
		struct window *window = &client->windows[i];
		if (window->drawn && !window->waiting_for_buffer) {
			draw(window);
		}
	}
}

/* timer_fd (--seconds) and repaint_fd (--every) are -1 when not asked
 * for, which poll passes over. */
static int run(struct client *client, int signal_fd, int timer_fd,
		int repaint_fd) {
	struct pollfd fds[4] = {
		{ .fd = wl_display_get_fd(client->display), .events = POLLIN },
		{ .fd = signal_fd, .events = POLLIN },
		{ .fd = timer_fd, .events = POLLIN },
		{ .fd = repaint_fd, .events = POLLIN },
	};
	nfds_t nfds = 4;
	while (client->running) {
		while (wl_display_prepare_read(client->display) != 0) {
			if (wl_display_dispatch_pending(client->display) < 0) {
				fprintf(stderr, "redraw-client: connection lost\n");
				return 1;
			}
		}
		if (wl_display_flush(client->display) < 0 && errno != EAGAIN) {
			wl_display_cancel_read(client->display);
			fprintf(stderr, "redraw-client: connection lost\n");
			return 1;
		}
		if (poll(fds, nfds, -1) < 0) {
			wl_display_cancel_read(client->display);
			if (errno == EINTR) {
				continue;
			}
			fprintf(stderr, "poll: %s\n", strerror(errno));
			return 1;
		}
		if (fds[0].revents & POLLIN) {
			if (wl_display_read_events(client->display) < 0) {
				fprintf(stderr, "redraw-client: connection lost\n");
				return 1;
			}
		} else {
			wl_display_cancel_read(client->display);
		}
		if (fds[0].revents & (POLLERR | POLLHUP)) {
			fprintf(stderr, "redraw-client: connection lost\n");
			return 1;
		}
		if (wl_display_dispatch_pending(client->display) < 0) {
			fprintf(stderr, "redraw-client: connection lost\n");
			return 1;
		}
		if (fds[1].revents & POLLIN) {
			handle_signals(client, signal_fd);
		}
		if (fds[2].revents & POLLIN) {
			client->running = false;
		}
		if (fds[3].revents & POLLIN) {
			repaint_windows(client, repaint_fd);
		}
	}
	return client->exit_status;
}

static void usage(FILE *out) {
	fprintf(out,
			"Usage: redraw-client [--static] [--size WxH] [--seconds N] "
			"[--app-id ID]\n"
			"                     [--windows N] [--every MS] [--opaque]\n"
			"  Repaints its whole window every frame (--static: once;\n"
			"  --every: every MS ms, frame callbacks or not).\n"
			"  --opaque sets an opaque region over all of it.\n"
			"  --windows N opens N windows, with app_ids ID-1 to ID-N.\n"
			"  SIGUSR1 prints 'sample NSEC FRAMES PRESENTED DISCARDED'.\n");
}

static bool parse_options(int argc, char *argv[], struct options *options) {
	static const struct option long_options[] = {
		{ "static", no_argument, NULL, 'S' },
		{ "size", required_argument, NULL, 's' },
		{ "seconds", required_argument, NULL, 't' },
		{ "app-id", required_argument, NULL, 'a' },
		{ "windows", required_argument, NULL, 'w' },
		{ "every", required_argument, NULL, 'e' },
		{ "opaque", no_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	*options = (struct options){
		.width = 800,
		.height = 500,
		.app_id = "gridwl-bench",
		.windows = 1,
	};
	int c;
	while ((c = getopt_long(argc, argv, "Ss:t:a:w:e:oh", long_options, NULL)) !=
			-1) {
		switch (c) {
		case 'S':
			options->static_content = true;
			break;
		case 's':
			if (sscanf(optarg, "%dx%d", &options->width, &options->height) !=
							2 ||
					options->width <= 0 || options->height <= 0 ||
					options->width > 8192 || options->height > 8192) {
				fprintf(stderr, "redraw-client: bad size '%s'\n", optarg);
				return false;
			}
			break;
		case 't':
			options->seconds = strtod(optarg, NULL);
			if (options->seconds < 0) {
				fprintf(stderr, "redraw-client: bad seconds '%s'\n", optarg);
				return false;
			}
			break;
		case 'a':
			options->app_id = optarg;
			break;
		case 'w':
			options->windows = atoi(optarg);
			if (options->windows < 1 || options->windows > 1024) {
				fprintf(stderr, "redraw-client: bad windows '%s'\n", optarg);
				return false;
			}
			options->numbered = true;
			break;
		case 'e':
			options->every_ms = atoi(optarg);
			if (options->every_ms < 1 || options->every_ms > 60000) {
				fprintf(stderr, "redraw-client: bad every '%s'\n", optarg);
				return false;
			}
			break;
		case 'o':
			options->opaque = true;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			return false;
		}
	}
	return optind == argc;
}

int main(int argc, char *argv[]) {
	struct client client = { .running = true };
	wl_list_init(&client.outputs);
	if (!parse_options(argc, argv, &client.options)) {
		return 2;
	}

	sigset_t mask;
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGINT);
	if (sigprocmask(SIG_BLOCK, &mask, NULL) != 0) {
		perror("sigprocmask");
		return 1;
	}
	int signal_fd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
	if (signal_fd < 0) {
		perror("signalfd");
		return 1;
	}
	int timer_fd = -1;
	if (client.options.seconds > 0) {
		timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
		if (timer_fd < 0) {
			perror("timerfd_create");
			return 1;
		}
		double whole = (double)(time_t)client.options.seconds;
		struct itimerspec spec = {
			.it_value = {
				.tv_sec = (time_t)client.options.seconds,
				.tv_nsec = (long)((client.options.seconds - whole) * 1e9),
			},
		};
		timerfd_settime(timer_fd, 0, &spec, NULL);
	}

	int repaint_fd = -1;
	if (client.options.every_ms > 0) {
		repaint_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
		if (repaint_fd < 0) {
			perror("timerfd_create");
			return 1;
		}
		struct timespec period = {
			.tv_sec = client.options.every_ms / 1000,
			.tv_nsec = (long)(client.options.every_ms % 1000) * 1000000,
		};
		struct itimerspec spec = { .it_interval = period, .it_value = period };
		timerfd_settime(repaint_fd, 0, &spec, NULL);
	}

	client.display = wl_display_connect(NULL);
	if (client.display == NULL) {
		fprintf(stderr,
				"redraw-client: cannot connect to the Wayland "
				"display\n");
		return 1;
	}
	client.registry = wl_display_get_registry(client.display);
	wl_registry_add_listener(client.registry, &registry_listener, &client);
	// Globals, then the outputs' first events.
	wl_display_roundtrip(client.display);
	wl_display_roundtrip(client.display);
	clock_gettime(CLOCK_MONOTONIC, &client.start);

	int status = 1;
	if (setup_windows(&client)) {
		status = run(&client, signal_fd, timer_fd, repaint_fd);
		print_summary(&client);
	}
	client_finish(&client);
	close(signal_fd);
	if (timer_fd >= 0) {
		close(timer_fd);
	}
	if (repaint_fd >= 0) {
		close(repaint_fd);
	}
	return status;
}
