#include <errno.h>
#include <fcntl.h>
#include <gbm.h>
#include <getopt.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "dmabuf-gl.h"
#include "linux-dmabuf-unstable-v1-client-protocol.h"
#include "pattern.h"
#include "xdg-shell-client-protocol.h"

/*
 * The VM test's dmabuf client: shows the tests' checkerboard in an
 * xdg_toplevel at buffer scale 1, from a linear buffer that GBM allocates
 * on the DRM device, the CPU fills through gbm_bo_map, and the compositor
 * imports through zwp_linux_dmabuf_v1. Its pixels are pattern_pixel's, so
 * tests/lib/resample_expect.c says what the output must show.
 *
 *   dmabuf-client [--device PATH] [--size WxH] [--scale N] [--app-id ID]
 *                 [--gl | --shm]
 *
 * --scale gives the buffer scale (default 1): the window is W / N x H / N.
 *
 * With --gl the GPU draws the checkerboard into the buffer (dmabuf-gl.c),
 * as a GL client's frames are made, instead of the CPU through a mapping.
 *
 * With --shm the same checkerboard comes from a wl_shm ABGR8888 buffer
 * instead: gridwl's CPU kernels take only ARGB8888 and XRGB8888, so the
 * renderer draws it with the GL sampler filter as it would a dmabuf. That
 * checks the filter where the compositor cannot import dmabufs at all
 * (wlroots 0.15 offers no zwp_linux_dmabuf_v1 without a render node).
 *
 * Prints one line per fact: "device ...", "drawn by GL_RENDERER" with --gl,
 * "offered FORMAT MODIFIER" for the
 * modifiers the compositor lists for the buffer's format, "buffer ...",
 * then "ready W H" once the compositor has the buffer, "failed" when it
 * rejects the dmabuf, "error ..." on anything else. Runs until stdin ends
 * or says "quit", or the compositor closes the window.
 */

#define MODIFIER_INVALID UINT64_C(0x00ffffffffffffff)

struct offered_modifier {
	uint32_t format;
	uint64_t modifier;
};

struct dmabuf_client {
	struct wl_display *display;
	struct wl_compositor *compositor;
	struct xdg_wm_base *wm_base;
	struct zwp_linux_dmabuf_v1 *dmabuf;
	struct wl_shm *shm;
	uint32_t dmabuf_version;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	struct wl_buffer *buffer;

	int drm_fd;
	struct gbm_device *gbm;
	struct gbm_bo *bo;
	uint32_t format;

	// What the compositor listed in the dmabuf global's format and
	// modifier events, for the diagnosis when it refuses the buffer.
	struct offered_modifier *offered;
	size_t offered_count, offered_capacity;

	int buffer_scale;
	bool configured;
	bool failed;
	bool closed;
};

/* Allocation attempts, best first: the linear layout the CPU writes and
 * every importer understands, as a render target (what a GL client would
 * ask for), then without the usages a driver may lack. */
static const struct {
	uint32_t format;
	uint32_t flags;
	const char *flags_name;
} allocations[] = {
	{ GBM_FORMAT_XRGB8888, GBM_BO_USE_LINEAR | GBM_BO_USE_RENDERING,
			"linear|rendering" },
	{ GBM_FORMAT_ARGB8888, GBM_BO_USE_LINEAR | GBM_BO_USE_RENDERING,
			"linear|rendering" },
	{ GBM_FORMAT_XRGB8888, GBM_BO_USE_LINEAR, "linear" },
	{ GBM_FORMAT_ARGB8888, GBM_BO_USE_LINEAR, "linear" },
	{ GBM_FORMAT_XRGB8888, GBM_BO_USE_RENDERING, "rendering" },
	{ GBM_FORMAT_XRGB8888, 0, "none" },
};

static const char *format_name(uint32_t format) {
	switch (format) {
	case GBM_FORMAT_XRGB8888:
		return "XRGB8888";
	case GBM_FORMAT_ARGB8888:
		return "ARGB8888";
	default:
		return "other";
	}
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void say(const char *fmt, ...) {
	va_list args;
	va_start(args, fmt);
	vprintf(fmt, args);
	va_end(args);
	putchar('\n');
	// guest-test waits for these lines in a file.
	fflush(stdout);
}

static void dmabuf_format(void *data, struct zwp_linux_dmabuf_v1 *dmabuf,
		uint32_t format) {
	// Version 3 and later send modifier events, which list the format too.
}

static void dmabuf_modifier(void *data, struct zwp_linux_dmabuf_v1 *dmabuf,
		uint32_t format, uint32_t modifier_hi, uint32_t modifier_lo) {
	struct dmabuf_client *client = data;
	if (client->offered_count == client->offered_capacity) {
		size_t capacity = client->offered_capacity == 0 ?
				32 :
				client->offered_capacity * 2;
		struct offered_modifier *offered =
				realloc(client->offered, capacity * sizeof(*offered));
		if (offered == NULL) {
			return;
		}
		client->offered = offered;
		client->offered_capacity = capacity;
	}
	client->offered[client->offered_count++] = (struct offered_modifier){
		.format = format,
		.modifier = (uint64_t)modifier_hi << 32 | modifier_lo,
	};
}

static const struct zwp_linux_dmabuf_v1_listener dmabuf_listener = {
	.format = dmabuf_format,
	.modifier = dmabuf_modifier,
};

static void wm_base_ping(void *data, struct xdg_wm_base *wm_base,
		uint32_t serial) {
	xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {
	.ping = wm_base_ping,
};

static void registry_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct dmabuf_client *client = data;
	if (strcmp(interface, wl_compositor_interface.name) == 0) {
		client->compositor = wl_registry_bind(registry, name,
				&wl_compositor_interface, version < 4 ? version : 4);
	} else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
		client->wm_base =
				wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(client->wm_base, &wm_base_listener, client);
	} else if (strcmp(interface, wl_shm_interface.name) == 0) {
		client->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	} else if (strcmp(interface, zwp_linux_dmabuf_v1_interface.name) == 0) {
		// Version 3: modifier events and create_immed, without the
		// feedback objects of version 4 that this client has no use for.
		client->dmabuf_version = version < 3 ? version : 3;
		client->dmabuf = wl_registry_bind(registry, name,
				&zwp_linux_dmabuf_v1_interface, client->dmabuf_version);
		zwp_linux_dmabuf_v1_add_listener(client->dmabuf, &dmabuf_listener,
				client);
	}
}

static void registry_global_remove(void *data, struct wl_registry *registry,
		uint32_t name) {
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_global,
	.global_remove = registry_global_remove,
};

static void params_created(void *data,
		struct zwp_linux_buffer_params_v1 *params, struct wl_buffer *buffer) {
	// Only create (not create_immed) sends this.
}

static void params_failed(void *data,
		struct zwp_linux_buffer_params_v1 *params) {
	struct dmabuf_client *client = data;
	client->failed = true;
}

static const struct zwp_linux_buffer_params_v1_listener params_listener = {
	.created = params_created,
	.failed = params_failed,
};

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct dmabuf_client *client = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	client->configured = true;
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel,
		int32_t width, int32_t height, struct wl_array *states) {
	// The buffer has a fixed size: a suggested one is ignored, as xdg-shell
	// allows.
}

static void toplevel_close(void *data, struct xdg_toplevel *toplevel) {
	struct dmabuf_client *client = data;
	client->closed = true;
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = toplevel_configure,
	.close = toplevel_close,
};

static bool allocate(struct dmabuf_client *client, const char *device,
		int width, int height) {
	client->drm_fd = open(device, O_RDWR | O_CLOEXEC);
	if (client->drm_fd < 0) {
		say("error cannot open %s: %s", device, strerror(errno));
		return false;
	}
	client->gbm = gbm_create_device(client->drm_fd);
	if (client->gbm == NULL) {
		say("error gbm_create_device on %s failed", device);
		return false;
	}
	say("device %s gbm backend %s", device,
			gbm_device_get_backend_name(client->gbm));
	for (size_t i = 0; i < sizeof(allocations) / sizeof(allocations[0]); i++) {
		client->bo = gbm_bo_create(client->gbm, width, height,
				allocations[i].format, allocations[i].flags);
		if (client->bo != NULL) {
			client->format = allocations[i].format;
			say("allocated %s with usage %s", format_name(client->format),
					allocations[i].flags_name);
			return true;
		}
		say("gbm_bo_create %s usage %s failed: %s",
				format_name(allocations[i].format), allocations[i].flags_name,
				strerror(errno));
	}
	say("error no gbm_bo_create of %dx%d succeeded", width, height);
	return false;
}

/* The checkerboard, 0xAARRGGBB rows without padding; NULL without memory. */
static uint32_t *checker_pixels(int width, int height) {
	uint32_t *pixels = calloc((size_t)width * (size_t)height, sizeof(*pixels));
	if (pixels == NULL) {
		say("error out of memory");
		return NULL;
	}
	const struct pattern pattern = { .kind = PATTERN_CHECKER };
	for (int y = 0; y < height; y++) {
		for (int x = 0; x < width; x++) {
			pixels[(size_t)y * (size_t)width + (size_t)x] =
					pattern_pixel(&pattern, x, y, width, height);
		}
	}
	return pixels;
}

/* The checkerboard, written through a CPU mapping: whatever the layout
 * behind it, the map's own stride says where each row goes. */
static bool fill(struct dmabuf_client *client, int width, int height) {
	uint32_t *pixels = checker_pixels(width, height);
	if (pixels == NULL) {
		return false;
	}
	uint32_t stride = 0;
	void *map_data = NULL;
	uint8_t *map = gbm_bo_map(client->bo, 0, 0, width, height,
			GBM_BO_TRANSFER_WRITE, &stride, &map_data);
	if (map == NULL) {
		say("error gbm_bo_map failed: %s", strerror(errno));
		free(pixels);
		return false;
	}
	// XRGB8888 and ARGB8888 are little-endian 0xAARRGGBB words, as the
	// pattern's colours are.
	for (int y = 0; y < height; y++) {
		memcpy(map + (size_t)y * stride, pixels + (size_t)y * (size_t)width,
				(size_t)width * sizeof(*pixels));
	}
	gbm_bo_unmap(client->bo, map_data);
	free(pixels);
	return true;
}

/* The same checkerboard, drawn by the GPU on the buffer's device. */
static bool gl_fill(struct dmabuf_client *client, int width, int height) {
	uint32_t *pixels = checker_pixels(width, height);
	if (pixels == NULL) {
		return false;
	}
	char renderer[256];
	bool ok = dmabuf_gl_draw(client->gbm, client->bo, pixels, width, height,
			renderer, sizeof(renderer));
	free(pixels);
	if (ok) {
		say("drawn by %s", renderer);
	} else {
		say("error GL drawing failed: %s", renderer);
	}
	return ok;
}

static void report_offered(struct dmabuf_client *client) {
	size_t listed = 0;
	for (size_t i = 0; i < client->offered_count; i++) {
		if (client->offered[i].format != client->format) {
			continue;
		}
		say("offered %s modifier 0x%016" PRIx64, format_name(client->format),
				client->offered[i].modifier);
		listed++;
	}
	say("offered %zu modifiers for %s, %zu format/modifier pairs in all",
			listed, format_name(client->format), client->offered_count);
}

static bool create_buffer(struct dmabuf_client *client, int width, int height) {
	int plane_count = gbm_bo_get_plane_count(client->bo);
	uint64_t modifier = gbm_bo_get_modifier(client->bo);
	if (modifier != MODIFIER_INVALID && client->dmabuf_version < 3) {
		say("error the buffer has modifier 0x%016" PRIx64 " but "
			"zwp_linux_dmabuf_v1 version %" PRIu32 " cannot pass one",
				modifier, client->dmabuf_version);
		return false;
	}
	struct zwp_linux_buffer_params_v1 *params =
			zwp_linux_dmabuf_v1_create_params(client->dmabuf);
	zwp_linux_buffer_params_v1_add_listener(params, &params_listener, client);
	for (int plane = 0; plane < plane_count; plane++) {
		int fd = gbm_bo_get_fd_for_plane(client->bo, plane);
		if (fd < 0) {
			say("error gbm_bo_get_fd_for_plane %d failed", plane);
			zwp_linux_buffer_params_v1_destroy(params);
			return false;
		}
		uint32_t offset = gbm_bo_get_offset(client->bo, plane);
		uint32_t stride = gbm_bo_get_stride_for_plane(client->bo, plane);
		say("buffer %dx%d %s plane %d fd %d offset %" PRIu32 " stride %" PRIu32
			" modifier 0x%016" PRIx64,
				width, height, format_name(client->format), plane, fd, offset,
				stride, modifier);
		zwp_linux_buffer_params_v1_add(params, fd, (uint32_t)plane, offset,
				stride, (uint32_t)(modifier >> 32), (uint32_t)modifier);
		// The request carries a duplicate of the fd to the compositor.
		close(fd);
	}
	client->buffer = zwp_linux_buffer_params_v1_create_immed(params, width,
			height, client->format, 0);
	// A rejected dmabuf is a failed event on the params, or a protocol
	// error; either arrives within this round trip.
	if (wl_display_roundtrip(client->display) < 0) {
		say("error protocol error on create_immed: %s",
				strerror(wl_display_get_error(client->display)));
		zwp_linux_buffer_params_v1_destroy(params);
		return false;
	}
	zwp_linux_buffer_params_v1_destroy(params);
	if (client->failed) {
		say("failed");
		return false;
	}
	return true;
}

/* ABGR8888 is R, G, B, A in memory, a little-endian 0xAABBGGRR word: the
 * pattern's 0xAARRGGBB with red and blue swapped. */
static uint32_t to_abgr8888(uint32_t argb) {
	return (argb & 0xff00ff00u) | (argb & 0xffu) << 16 | (argb >> 16 & 0xffu);
}

static bool create_shm_buffer(struct dmabuf_client *client, int width,
		int height) {
	if (client->shm == NULL) {
		say("error the compositor offers no wl_shm");
		return false;
	}
	const char *dir = getenv("XDG_RUNTIME_DIR");
	char path[4096];
	if (dir == NULL ||
			snprintf(path, sizeof(path), "%s/dmabuf-client-XXXXXX", dir) >=
					(int)sizeof(path)) {
		say("error no usable XDG_RUNTIME_DIR for the shm pool");
		return false;
	}
	int fd = mkstemp(path);
	if (fd < 0) {
		say("error mkstemp %s: %s", path, strerror(errno));
		return false;
	}
	unlink(path);
	int stride = width * 4;
	size_t size = (size_t)stride * (size_t)height;
	uint32_t *pixels = MAP_FAILED;
	if (ftruncate(fd, (off_t)size) == 0) {
		pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	}
	if (pixels == MAP_FAILED) {
		say("error cannot map a %zu byte shm pool: %s", size, strerror(errno));
		close(fd);
		return false;
	}
	uint32_t *checker = checker_pixels(width, height);
	for (size_t i = 0; checker != NULL && i < size / 4; i++) {
		pixels[i] = to_abgr8888(checker[i]);
	}
	munmap(pixels, size);
	if (checker == NULL) {
		close(fd);
		return false;
	}
	free(checker);
	struct wl_shm_pool *pool =
			wl_shm_create_pool(client->shm, fd, (int32_t)size);
	client->buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride,
			WL_SHM_FORMAT_ABGR8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	say("buffer %dx%d shm ABGR8888 stride %d", width, height, stride);
	return true;
}

static bool show(struct dmabuf_client *client, const char *app_id, int width,
		int height) {
	client->surface = wl_compositor_create_surface(client->compositor);
	client->xdg_surface =
			xdg_wm_base_get_xdg_surface(client->wm_base, client->surface);
	xdg_surface_add_listener(client->xdg_surface, &xdg_surface_listener,
			client);
	client->toplevel = xdg_surface_get_toplevel(client->xdg_surface);
	xdg_toplevel_add_listener(client->toplevel, &toplevel_listener, client);
	xdg_toplevel_set_app_id(client->toplevel, app_id);
	xdg_toplevel_set_title(client->toplevel, app_id);
	wl_surface_commit(client->surface);
	while (!client->configured) {
		if (wl_display_dispatch(client->display) < 0) {
			say("error disconnected before the first configure");
			return false;
		}
	}
	wl_surface_set_buffer_scale(client->surface, client->buffer_scale);
	wl_surface_attach(client->surface, client->buffer, 0, 0);
	wl_surface_damage_buffer(client->surface, 0, 0, width, height);
	wl_surface_commit(client->surface);
	if (wl_display_roundtrip(client->display) < 0) {
		say("error protocol error after the commit: %s",
				strerror(wl_display_get_error(client->display)));
		return false;
	}
	say("ready %d %d", width, height);
	return true;
}

/* Until stdin ends or says quit, the compositor closes the window or goes
 * away: the window stays up as long as the test needs it. */
static int run(struct dmabuf_client *client) {
	char line[256];
	size_t used = 0;
	while (!client->closed) {
		wl_display_flush(client->display);
		struct pollfd fds[] = {
			{ .fd = wl_display_get_fd(client->display), .events = POLLIN },
			{ .fd = STDIN_FILENO, .events = POLLIN },
		};
		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR) {
				continue;
			}
			say("error poll: %s", strerror(errno));
			return 1;
		}
		if (fds[0].revents != 0 && wl_display_dispatch(client->display) < 0) {
			say("disconnected");
			return 1;
		}
		if (fds[1].revents == 0) {
			continue;
		}
		ssize_t n = read(STDIN_FILENO, line + used, sizeof(line) - 1 - used);
		if (n <= 0) {
			return 0;
		}
		used += (size_t)n;
		line[used] = '\0';
		if (strstr(line, "quit") != NULL) {
			return 0;
		}
		// Only quit matters: keep the tail so that a split word is seen.
		if (used > sizeof(line) / 2) {
			memmove(line, line + used - 8, 8);
			used = 8;
		}
	}
	say("close");
	return 0;
}

static void destroy(struct dmabuf_client *client) {
	if (client->toplevel != NULL) {
		xdg_toplevel_destroy(client->toplevel);
	}
	if (client->xdg_surface != NULL) {
		xdg_surface_destroy(client->xdg_surface);
	}
	if (client->surface != NULL) {
		wl_surface_destroy(client->surface);
	}
	if (client->buffer != NULL) {
		wl_buffer_destroy(client->buffer);
	}
	if (client->dmabuf != NULL) {
		zwp_linux_dmabuf_v1_destroy(client->dmabuf);
	}
	if (client->shm != NULL) {
		wl_shm_destroy(client->shm);
	}
	if (client->wm_base != NULL) {
		xdg_wm_base_destroy(client->wm_base);
	}
	if (client->compositor != NULL) {
		wl_compositor_destroy(client->compositor);
	}
	if (client->display != NULL) {
		wl_display_disconnect(client->display);
	}
	if (client->bo != NULL) {
		gbm_bo_destroy(client->bo);
	}
	if (client->gbm != NULL) {
		gbm_device_destroy(client->gbm);
	}
	if (client->drm_fd >= 0) {
		close(client->drm_fd);
	}
	free(client->offered);
}

static void usage(void) {
	fprintf(stderr,
			"usage: dmabuf-client [--device PATH] [--size WxH] "
			"[--scale N] [--app-id ID] [--gl | --shm]\n");
	exit(2);
}

int main(int argc, char *argv[]) {
	const char *device = "/dev/dri/card0";
	const char *app_id = "dmabuf";
	int width = 200, height = 100;
	bool use_shm = false, use_gl = false;
	int scale = 1;
	static const struct option options[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "size", required_argument, NULL, 's' },
		{ "app-id", required_argument, NULL, 'a' },
		{ "shm", no_argument, NULL, 'S' },
		{ "gl", no_argument, NULL, 'G' },
		{ "scale", required_argument, NULL, 'c' },
		{ 0 },
	};
	int opt;
	while ((opt = getopt_long(argc, argv, "d:s:a:", options, NULL)) != -1) {
		switch (opt) {
		case 'd':
			device = optarg;
			break;
		case 's':
			if (sscanf(optarg, "%dx%d", &width, &height) != 2 || width <= 0 ||
					height <= 0 || width > 8192 || height > 8192) {
				usage();
			}
			break;
		case 'a':
			app_id = optarg;
			break;
		case 'S':
			use_shm = true;
			break;
		case 'G':
			use_gl = true;
			break;
		case 'c':
			scale = atoi(optarg);
			if (scale < 1 || scale > 4) {
				usage();
			}
			break;
		default:
			usage();
		}
	}
	// The device may also come as the only positional argument.
	if (optind + 1 == argc) {
		device = argv[optind];
	} else if (optind != argc || (use_gl && use_shm)) {
		usage();
	}
	if (width % scale != 0 || height % scale != 0) {
		// wl_surface would be sent a size it must refuse.
		usage();
	}

	struct dmabuf_client client = { .drm_fd = -1, .buffer_scale = scale };
	int status = 1;
	client.display = wl_display_connect(NULL);
	if (client.display == NULL) {
		say("error cannot connect to the Wayland display");
		goto out;
	}
	struct wl_registry *registry = wl_display_get_registry(client.display);
	wl_registry_add_listener(registry, &registry_listener, &client);
	// Globals, then the events of the globals just bound.
	if (wl_display_roundtrip(client.display) < 0 ||
			wl_display_roundtrip(client.display) < 0) {
		say("error lost the display while reading globals");
		wl_registry_destroy(registry);
		goto out;
	}
	wl_registry_destroy(registry);
	if (client.compositor == NULL || client.wm_base == NULL) {
		say("error missing %s",
				client.compositor == NULL ? "wl_compositor" : "xdg_wm_base");
		goto out;
	}
	if (use_shm) {
		if (!create_shm_buffer(&client, width, height) ||
				!show(&client, app_id, width, height)) {
			goto out;
		}
		status = run(&client);
		goto out;
	}
	if (client.dmabuf == NULL) {
		say("error the compositor offers no zwp_linux_dmabuf_v1");
		goto out;
	}
	say("zwp_linux_dmabuf_v1 version %" PRIu32, client.dmabuf_version);
	if (client.dmabuf_version < 2) {
		say("error zwp_linux_dmabuf_v1 version %" PRIu32 " has no "
			"create_immed",
				client.dmabuf_version);
		goto out;
	}
	if (!allocate(&client, device, width, height) ||
			!(use_gl ? gl_fill(&client, width, height) :
					   fill(&client, width, height))) {
		goto out;
	}
	report_offered(&client);
	if (!create_buffer(&client, width, height) ||
			!show(&client, app_id, width, height)) {
		goto out;
	}
	status = run(&client);
out:
	destroy(&client);
	return status;
}
