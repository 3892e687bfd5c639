#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "client-shm.h"
#include "raw-client.h"

struct wl_display *raw_client_connect(void) {
	struct wl_display *display = wl_display_connect(NULL);
	if (display == NULL) {
		client_emit("error cannot connect: %s", strerror(errno));
		client_emit("disconnected");
	}
	return display;
}

int raw_client_report_disconnect(struct wl_display *display) {
	int err = wl_display_get_error(display);
	if (err == EPROTO) {
		const struct wl_interface *interface;
		uint32_t id;
		uint32_t code = wl_display_get_protocol_error(display, &interface, &id);
		client_emit("error protocol interface=%s code=%u id=%u",
				interface ? interface->name : "?", code, id);
	} else {
		client_emit("error %s", strerror(err ? err : EPIPE));
	}
	client_emit("disconnected");
	return 1;
}

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel,
		int32_t width, int32_t height, struct wl_array *states) {
}

static void toplevel_close(void *data, struct xdg_toplevel *toplevel) {
}

const struct xdg_toplevel_listener raw_client_toplevel_listener = {
	.configure = toplevel_configure,
	.close = toplevel_close,
};

/* Hands on complete lines of buf (fill bytes of it) and keeps the rest at
 * its start; false when on_line asked to stop or the loop is done. */
static bool take_lines(char *buf, size_t *fill, struct raw_client_loop *loop) {
	char *start = buf, *end;
	while ((end = memchr(start, '\n', *fill - (size_t)(start - buf)))) {
		*end = '\0';
		if (loop->on_line != NULL && !loop->on_line(loop->data, start)) {
			return false;
		}
		if (loop->done) {
			return false;
		}
		start = end + 1;
	}
	*fill -= (size_t)(start - buf);
	memmove(buf, start, *fill);
	// A line longer than the buffer is no command of ours.
	if (*fill == RAW_CLIENT_LINE_MAX) {
		client_emit("error command line too long");
		*fill = 0;
	}
	return true;
}

/* Sends what is queued, waiting for room in the socket if need be (a burst
 * of requests may fill it). */
static bool flush_display(struct wl_display *display) {
	while (wl_display_flush(display) < 0) {
		if (errno != EAGAIN) {
			return false;
		}
		struct pollfd pfd = {
			.fd = wl_display_get_fd(display),
			.events = POLLOUT,
		};
		if (poll(&pfd, 1, -1) < 0 && errno != EINTR) {
			return false;
		}
	}
	return true;
}

/* Reads what stdin has and hands on its lines; false when the loop ends:
 * at the end of stdin or when a line ends it. */
static bool read_lines(char *buf, size_t *fill, struct raw_client_loop *loop) {
	ssize_t n = read(STDIN_FILENO, buf + *fill, RAW_CLIENT_LINE_MAX - *fill);
	if (n < 0) {
		return errno == EINTR || errno == EAGAIN;
	}
	if (n == 0) {
		return false;
	}
	*fill += (size_t)n;
	return take_lines(buf, fill, loop);
}

int raw_client_loop_run(struct wl_display *display,
		struct raw_client_loop *loop) {
	char buf[RAW_CLIENT_LINE_MAX];
	size_t fill = 0;
	while (!loop->done) {
		if (loop->idle != NULL) {
			loop->idle(loop->data);
		}
		while (wl_display_prepare_read(display) != 0) {
			if (wl_display_dispatch_pending(display) < 0) {
				return raw_client_report_disconnect(display);
			}
		}
		if (!flush_display(display)) {
			wl_display_cancel_read(display);
			return raw_client_report_disconnect(display);
		}
		struct pollfd fds[2] = {
			{ .fd = wl_display_get_fd(display), .events = POLLIN },
			{ .fd = loop->ignore_stdin ? -1 : STDIN_FILENO, .events = POLLIN },
		};
		if (poll(fds, 2, -1) < 0) {
			wl_display_cancel_read(display);
			if (errno == EINTR) {
				continue;
			}
			client_emit("error poll: %s", strerror(errno));
			return 1;
		}
		if (fds[0].revents & (POLLIN | POLLERR | POLLHUP)) {
			if (wl_display_read_events(display) < 0) {
				return raw_client_report_disconnect(display);
			}
		} else {
			wl_display_cancel_read(display);
		}
		if (wl_display_dispatch_pending(display) < 0) {
			return raw_client_report_disconnect(display);
		}
		if ((fds[1].revents & (POLLIN | POLLHUP | POLLERR)) &&
				!read_lines(buf, &fill, loop)) {
			break;
		}
	}
	return loop->status;
}

int raw_client_run(struct wl_display *display,
		bool (*on_line)(void *data, char *line), void *data) {
	struct raw_client_loop loop = { .on_line = on_line, .data = data };
	return raw_client_loop_run(display, &loop);
}

static void buffer_release(void *data, struct wl_buffer *buffer) {
	wl_buffer_destroy(buffer);
}

static const struct wl_buffer_listener self_destroying_buffer_listener = {
	.release = buffer_release,
};

struct tracked_buffer {
	struct wl_buffer *buffer;
	struct wl_list link; // raw_client_buffers.list
};

static void tracked_buffer_destroy(struct tracked_buffer *tracked) {
	wl_buffer_destroy(tracked->buffer);
	wl_list_remove(&tracked->link);
	free(tracked);
}

static void tracked_buffer_release(void *data, struct wl_buffer *buffer) {
	tracked_buffer_destroy(data);
}

static const struct wl_buffer_listener tracked_buffer_listener = {
	.release = tracked_buffer_release,
};

void raw_client_buffers_init(struct raw_client_buffers *buffers) {
	wl_list_init(&buffers->list);
}

bool raw_client_buffers_add(struct raw_client_buffers *buffers,
		struct wl_buffer *buffer) {
	struct tracked_buffer *tracked = calloc(1, sizeof(*tracked));
	if (tracked == NULL) {
		client_emit("error out of memory");
		wl_buffer_destroy(buffer);
		return false;
	}
	tracked->buffer = buffer;
	wl_list_insert(&buffers->list, &tracked->link);
	wl_buffer_add_listener(buffer, &tracked_buffer_listener, tracked);
	return true;
}

void raw_client_buffers_finish(struct raw_client_buffers *buffers) {
	struct tracked_buffer *tracked, *tmp;
	wl_list_for_each_safe(tracked, tmp, &buffers->list, link) {
		tracked_buffer_destroy(tracked);
	}
}

struct wl_buffer *raw_client_shm_buffer(struct wl_shm *shm, int width,
		int height, uint32_t **pixels) {
	struct wl_buffer *buffer = client_shm_buffer(shm, width, height,
			WL_SHM_FORMAT_ARGB8888, pixels);
	if (buffer == NULL) {
		client_emit("error no memory for a %dx%d buffer: %s", width, height,
				strerror(errno));
	}
	return buffer;
}

/* The pattern into a new wl_shm buffer, which has no listener yet. */
static struct wl_buffer *pattern_buffer(struct wl_shm *shm, int width,
		int height, const struct pattern *pattern) {
	uint32_t *pixels;
	struct wl_buffer *buffer =
			raw_client_shm_buffer(shm, width, height, &pixels);
	if (buffer == NULL) {
		return NULL;
	}
	for (int y = 0; y < height; y++) {
		for (int x = 0; x < width; x++) {
			pixels[(size_t)y * width + x] =
					pattern_pixel(pattern, x, y, width, height);
		}
	}
	munmap(pixels, client_shm_size(width, height));
	return buffer;
}

struct wl_buffer *raw_client_tracked_pattern_buffer(
		struct raw_client_buffers *buffers, struct wl_shm *shm, int width,
		int height, const struct pattern *pattern) {
	struct wl_buffer *buffer = pattern_buffer(shm, width, height, pattern);
	if (buffer == NULL || !raw_client_buffers_add(buffers, buffer)) {
		return NULL;
	}
	return buffer;
}

struct wl_buffer *raw_client_pattern_buffer(struct wl_shm *shm, int width,
		int height, const struct pattern *pattern) {
	struct wl_buffer *buffer = pattern_buffer(shm, width, height, pattern);
	if (buffer != NULL) {
		wl_buffer_add_listener(buffer, &self_destroying_buffer_listener, NULL);
	}
	return buffer;
}

bool raw_client_show_pattern(struct wl_shm *shm, struct wl_surface *surface,
		int width, int height, int scale, const struct pattern *pattern,
		const struct wl_callback_listener *frame_listener, void *data) {
	struct wl_buffer *buffer = raw_client_pattern_buffer(shm, width * scale,
			height * scale, pattern);
	if (buffer == NULL) {
		return false;
	}
	wl_surface_set_buffer_scale(surface, scale);
	wl_surface_attach(surface, buffer, 0, 0);
	wl_surface_damage_buffer(surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_callback_add_listener(wl_surface_frame(surface), frame_listener, data);
	wl_surface_commit(surface);
	return true;
}
