#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/util/log.h>
#include <wlr/xwayland.h>
#include "wlr_compat/wlr_compat.h"

const char *gridwl_compat_xwayland_binary(void) {
	// What wlroots (0.15 to 0.18, xwayland/server.c) runs: $WLR_XWAYLAND,
	// else the path it was built with (Debian's).
	const char *path = getenv("WLR_XWAYLAND");
	return path != NULL && path[0] != '\0' ? path : "/usr/bin/Xwayland";
}

void gridwl_compat_xwayland_map_associated(
		struct wlr_xwayland_surface *xsurface) {
	struct wlr_surface *surface = xsurface->surface;
	if (surface != NULL && !surface->mapped &&
			wlr_surface_has_buffer(surface)) {
		wlr_surface_map(surface);
	}
}

static int64_t floor_div(int64_t x, int64_t n) {
	return x >= 0 ? x / n : -((-x + n - 1) / n);
}

static int64_t ceil_div(int64_t x, int64_t n) {
	return -floor_div(-x, n);
}

static int max_int(int a, int b) {
	return a > b ? a : b;
}

static int32_t clamp_int32(int64_t x) {
	return x < INT32_MIN ? INT32_MIN : x > INT32_MAX ? INT32_MAX : (int32_t)x;
}

/* A region in X pixels made logical: rounded out (every X pixel of it is in
 * a logical pixel of the result: an input region, whose thin parts stay
 * reachable) or in (only logical pixels it covers whole: an opaque region,
 * which must claim nothing that is not). */
static void region_to_logical(pixman_region32_t *region, int scale,
		bool outward) {
	int count = 0;
	const pixman_box32_t *boxes = pixman_region32_rectangles(region, &count);
	pixman_region32_t logical;
	pixman_region32_init(&logical);
	for (int i = 0; i < count; i++) {
		const pixman_box32_t *box = &boxes[i];
		int64_t x1 =
				outward ? floor_div(box->x1, scale) : ceil_div(box->x1, scale);
		int64_t y1 =
				outward ? floor_div(box->y1, scale) : ceil_div(box->y1, scale);
		int64_t x2 =
				outward ? ceil_div(box->x2, scale) : floor_div(box->x2, scale);
		int64_t y2 =
				outward ? ceil_div(box->y2, scale) : floor_div(box->y2, scale);
		if (x2 > x1 && y2 > y1) {
			pixman_region32_union_rect(&logical, &logical, clamp_int32(x1),
					clamp_int32(y1), (unsigned int)(x2 - x1),
					(unsigned int)(y2 - y1));
		}
	}
	pixman_region32_copy(region, &logical);
	pixman_region32_fini(&logical);
}

void gridwl_compat_surface_scale_client_commit(struct wlr_surface *surface,
		int scale) {
	struct wlr_surface_state *pending = &surface->pending;
	if (scale <= 1) {
		return;
	}
	// Regions given in this commit are X pixels too (Xwayland 24.1 sets
	// the input region from a window's input shape).
	if (pending->committed & WLR_SURFACE_STATE_INPUT_REGION) {
		region_to_logical(&pending->input, scale, true);
	}
	if (pending->committed & WLR_SURFACE_STATE_OPAQUE_REGION) {
		region_to_logical(&pending->opaque, scale, false);
	}
	if (pending->viewport.has_src || pending->viewport.has_dst) {
		// A viewport (Xwayland's emulated modes: a program's own
		// resolution stretched over the output) samples the buffer at
		// scale 1, left so; its destination is X pixels (the output's
		// size as Xwayland sees it), which wlroots made the size. The
		// scale is set back to 1 too: a commit before may have left N.
		pending->scale = 1;
		pending->committed |= WLR_SURFACE_STATE_SCALE;
		if (pending->viewport.has_dst &&
				(pending->width > 0 || pending->height > 0)) {
			pending->width = max_int(pending->viewport.dst_width / scale, 1);
			pending->height = max_int(pending->viewport.dst_height / scale, 1);
			pixman_region32_intersect_rect(&pending->surface_damage,
					&pending->surface_damage, 0, 0, pending->width,
					pending->height);
		}
		return;
	}
	pending->scale = scale;
	pending->committed |= WLR_SURFACE_STATE_SCALE;
	int width = pending->buffer_width, height = pending->buffer_height;
	if (pending->transform & WL_OUTPUT_TRANSFORM_90) {
		width = pending->buffer_height;
		height = pending->buffer_width;
	}
	// Rounded up, so that the last X pixels of an odd-sized window are
	// shown (render/ragged.h draws such a buffer exactly).
	pending->width = (width + scale - 1) / scale;
	pending->height = (height + scale - 1) / scale;
	// wlroots clipped it to the size at scale 1.
	pixman_region32_intersect_rect(&pending->surface_damage,
			&pending->surface_damage, 0, 0, pending->width, pending->height);
}

void gridwl_compat_surface_scale_committed(struct wlr_surface *surface) {
	// The applied state keeps scale N; the next commit is checked at 1.
	surface->pending.scale = 1;
}

void gridwl_compat_xwayland_disown_wm_fd(struct wlr_xwayland *xwayland) {
	// xcb owns it since xwm_create (xcb_connect_to_fd) and closes it with
	// the window manager; without this server_finish_process closes the
	// number again.
	if (xwayland->server != NULL && xwayland->xwm != NULL) {
		xwayland->server->wm_fd[0] = -1;
	}
}

/* wlroots' own rule: an Xwayland that ran 5 s or less is not restarted. */
#define QUICK_EXIT_MS 5000
/* gridwl lets a few through, so that an Xwayland killed by hand (or by the
 * OOM killer) soon after its start still comes back at once. */
#define QUICK_EXITS_MAX 3

void gridwl_compat_xwayland_started(struct wlr_xwayland_server *server,
		struct gridwl_compat_xwayland_starts *starts) {
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	int64_t now_ms = (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
	// Each start but the first follows an exit (wlroots starts one at a
	// time): the one before ran at most the time between the two.
	bool quick = starts->count > 0 && now_ms - starts->last_ms < QUICK_EXIT_MS;
	starts->count++;
	starts->last_ms = now_ms;
	starts->quick_exits = quick ? starts->quick_exits + 1 : 0;
	if (starts->quick_exits < QUICK_EXITS_MAX || server->options.lazy) {
		return;
	}
	// Restarted lazily, it runs again only for an X11 client that
	// connects, which is what a restart loop becomes at worst.
	server->options.lazy = true;
	wlr_log(WLR_ERROR,
			"Xwayland exited within %d s of its start %d times in a row: "
			"after this one it starts only when an X11 client connects",
			QUICK_EXIT_MS / 1000, starts->quick_exits);
}

/* Connects to a listening socket and hangs up: the connection waits in the
 * socket's backlog, where Xwayland accepts it, reads its end and drops it,
 * as it does for any client that goes before its setup. */
static bool knock(int listening_fd) {
	struct sockaddr_un addr;
	socklen_t len = sizeof(addr);
	if (listening_fd < 0 ||
			getsockname(listening_fd, (struct sockaddr *)&addr, &len) != 0) {
		return false;
	}
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0) {
		return false;
	}
	bool connected = connect(fd, (struct sockaddr *)&addr, len) == 0;
	int error = errno;
	close(fd);
	errno = error;
	return connected;
}

bool gridwl_compat_xwayland_start_waiting(struct wlr_xwayland_server *server,
		const struct gridwl_compat_xwayland_starts *starts) {
	// Lazy and waiting: wlroots watches the X sockets for a client (until
	// the next dispatch after a knock, when lazy is already false). One
	// that W28 made lazy stays so until an X11 client comes.
	if (!server->options.lazy || server->x_fd_read_event[0] == NULL ||
			starts->quick_exits >= QUICK_EXITS_MAX) {
		return false;
	}
	// The abstract socket, or the one in /tmp/.X11-unix.
	if (!knock(server->x_fd[0]) && !knock(server->x_fd[1])) {
		wlr_log(WLR_ERROR, "Cannot connect to Xwayland's X sockets: %s",
				strerror(errno));
		return false;
	}
	// From now on as wlroots runs an Xwayland it starts at once: restarted
	// at once, and -terminate without a delay.
	server->options.lazy = false;
	server->options.terminate_delay = 0;
	return true;
}
