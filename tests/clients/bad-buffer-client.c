#define _GNU_SOURCE // memfd_create
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "client-skeleton.h"

/*
 * bad-buffer-client MODE [SCALE]: a wl_shm client that does what the pattern
 * client never would, for hostile-clients. It maps an xdg_toplevel and then:
 *
 *   tiny       commits a 1x1 buffer
 *   huge       commits a 16384x16384 buffer (1 GiB, sparse)
 *   hangup     commits a 200x100 buffer and exits in the same breath,
 *              without reading anything back
 *   truncate   commits a 200x100 buffer whose pool it truncated to 0
 *              bytes after the compositor mapped it
 *   shrink     the same, truncated to half the buffer
 *   short-stride  makes a 200x100 ARGB8888 buffer of stride 400 bytes,
 *              at least the width but not a row of pixels (wlroots 0.18's
 *              wl_shm refuses it: wl_shm_pool.error.invalid_stride)
 *   unaligned  commits a 200x100 buffer at offset 1 (stride 804 bytes),
 *              the coords pattern in it
 *   pool-resize  commits a 200x100 buffer of the coords pattern, then
 *              grows its pool to 64 MiB (file first, then
 *              wl_shm_pool.resize) with the buffer still attached, which
 *              lets libwayland move the pool's mapping
 *
 * at buffer scale SCALE (default 1). It prints "configured", then "shown"
 * once the compositor has handled the commit, and stays connected until
 * stdin closes. Like the pattern client it prints "error protocol
 * interface=I code=C id=N" and "disconnected" when the compositor drops it.
 * "refused ..." means the system would not give it the memory (huge): that
 * is no compositor failure.
 */

/* The first configure is acked with nothing drawn: the buffer under test
 * comes after. */
static void draw_nothing(void *data) {
}

/* A pool of pool_size bytes holding one width x height ARGB8888 buffer;
 * *fd stays open for the caller to abuse. NULL after printing "refused"
 * when the memory is not to be had. */
static struct wl_buffer *make_buffer(struct client_skeleton *c, int width,
		int height, size_t pool_size, int *fd) {
	*fd = memfd_create("bad-buffer-client", MFD_CLOEXEC);
	if (*fd < 0 || ftruncate(*fd, (off_t)pool_size) != 0) {
		client_emit("refused %s", strerror(errno));
		return NULL;
	}
	// Some pixels, so that the compositor has something to read.
	size_t drawn = pool_size < (1u << 20) ? pool_size : (1u << 20);
	uint32_t *data =
			mmap(NULL, drawn, PROT_READ | PROT_WRITE, MAP_SHARED, *fd, 0);
	if (data == MAP_FAILED) {
		client_emit("refused mmap: %s", strerror(errno));
		return NULL;
	}
	for (size_t i = 0; i < drawn / 4; i++) {
		data[i] = 0xffff00ffu;
	}
	munmap(data, drawn);
	struct wl_shm_pool *pool =
			wl_shm_create_pool(c->shm, *fd, (int32_t)pool_size);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, width, height,
			width * 4, WL_SHM_FORMAT_ARGB8888);
	wl_shm_pool_destroy(pool);
	return buffer;
}

/* A width x height buffer of the coords pattern at offset and stride
 * bytes (any alignment) in a pool of pool_size bytes, for the modes that
 * check what reaches the screen. The pool stays for the caller. */
static struct wl_buffer *make_pattern_buffer(struct client_skeleton *c,
		int width, int height, int32_t offset, int32_t stride, size_t pool_size,
		int *fd, struct wl_shm_pool **pool) {
	*fd = memfd_create("bad-buffer-client", MFD_CLOEXEC);
	if (*fd < 0 || ftruncate(*fd, (off_t)pool_size) != 0) {
		client_emit("refused %s", strerror(errno));
		return NULL;
	}
	uint8_t *data =
			mmap(NULL, pool_size, PROT_READ | PROT_WRITE, MAP_SHARED, *fd, 0);
	if (data == MAP_FAILED) {
		client_emit("refused mmap: %s", strerror(errno));
		return NULL;
	}
	struct pattern coords = { .kind = PATTERN_COORDS };
	for (int y = 0; y < height; y++) {
		for (int x = 0; x < width; x++) {
			uint32_t pixel = pattern_pixel(&coords, x, y, width, height);
			memcpy(data + offset + (size_t)y * stride + (size_t)x * 4, &pixel,
					4);
		}
	}
	munmap(data, pool_size);
	*pool = wl_shm_create_pool(c->shm, *fd, (int32_t)pool_size);
	return wl_shm_pool_create_buffer(*pool, offset, width, height, stride,
			WL_SHM_FORMAT_ARGB8888);
}

static void commit(struct client_skeleton *c, struct wl_buffer *buffer,
		int scale) {
	wl_surface_set_buffer_scale(c->surface, scale);
	wl_surface_attach(c->surface, buffer, 0, 0);
	wl_surface_damage_buffer(c->surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(c->surface);
}

/* Everything freed on every way out, so that LeakSanitizer in a sanitized
 * build finds nothing of ours; returns status. */
static int finish(struct client_skeleton *c, struct wl_buffer *buffer,
		struct wl_shm_pool *pool, int status) {
	if (buffer != NULL) {
		wl_buffer_destroy(buffer);
	}
	if (pool != NULL) {
		wl_shm_pool_destroy(pool);
	}
	return client_skeleton_finish(c, status);
}

int main(int argc, char *argv[]) {
	if (argc < 2 || argc > 3) {
		fprintf(stderr,
				"usage: %s tiny|huge|hangup|truncate|shrink|"
				"short-stride|unaligned|pool-resize [SCALE]\n",
				argv[0]);
		return 2;
	}
	const char *mode = argv[1];
	int scale = argc == 3 ? atoi(argv[2]) : 1;
	struct client_skeleton c;
	const struct client_skeleton_spec spec = {
		.window = true,
		.draw = draw_nothing,
	};
	int status = client_skeleton_connect(&c, &spec);
	if (status == 0) {
		status = client_skeleton_map(&c, "bad", NULL);
	}
	if (status != 0) {
		return client_skeleton_finish(&c, status);
	}
	client_emit("configured");

	int width = 200 * scale, height = 100 * scale;
	if (strcmp(mode, "tiny") == 0) {
		width = height = 1;
	} else if (strcmp(mode, "huge") == 0) {
		width = height = 16384;
	}
	size_t size = (size_t)width * (size_t)height * 4;
	int fd;
	struct wl_shm_pool *pool = NULL;
	struct wl_buffer *buffer;
	if (strcmp(mode, "short-stride") == 0) {
		// Rows overlap; the pool holds what the pattern writes.
		buffer = make_pattern_buffer(&c, width, height, 0, width * 2, size, &fd,
				&pool);
	} else if (strcmp(mode, "unaligned") == 0) {
		// The pixman renderer of wlroots 0.15 takes no stride that is
		// not a multiple of 4 (the surface then shows nothing); the
		// offset is free.
		int32_t stride = width * 4 + 4;
		buffer = make_pattern_buffer(&c, width, height, 1, stride,
				1 + (size_t)stride * height, &fd, &pool);
	} else if (strcmp(mode, "pool-resize") == 0) {
		buffer = make_pattern_buffer(&c, width, height, 0, width * 4, size, &fd,
				&pool);
	} else {
		buffer = make_buffer(&c, width, height, size, &fd);
	}
	if (buffer == NULL) {
		return finish(&c, NULL, pool, 3);
	}

	if (strcmp(mode, "hangup") == 0) {
		commit(&c, buffer, scale);
		// Everything on the wire, then gone before any reply.
		wl_display_flush(c.display);
		client_emit("hangup");
		_exit(0);
	}
	if (strcmp(mode, "truncate") == 0 || strcmp(mode, "shrink") == 0) {
		// The compositor must have mapped the pool at its full size
		// before it shrinks, or it would just map what is left.
		if (wl_display_roundtrip(c.display) < 0) {
			return finish(&c, buffer, pool,
					raw_client_report_disconnect(c.display));
		}
		off_t left = strcmp(mode, "shrink") == 0 ? (off_t)size / 2 : 0;
		if (ftruncate(fd, left) != 0) {
			client_emit("error ftruncate: %s", strerror(errno));
			return finish(&c, buffer, pool, 1);
		}
	} else if (strcmp(mode, "pool-resize") == 0) {
		commit(&c, buffer, scale);
		if (wl_display_roundtrip(c.display) < 0) {
			return finish(&c, buffer, pool,
					raw_client_report_disconnect(c.display));
		}
		// Far bigger than the mapping, so that mremap cannot grow it in
		// place and moves it.
		int32_t grown = 64 << 20;
		if (ftruncate(fd, grown) != 0) {
			client_emit("error ftruncate: %s", strerror(errno));
			return finish(&c, buffer, pool, 1);
		}
		wl_shm_pool_resize(pool, grown);
	} else if (strcmp(mode, "tiny") != 0 && strcmp(mode, "huge") != 0 &&
			strcmp(mode, "short-stride") != 0 &&
			strcmp(mode, "unaligned") != 0) {
		fprintf(stderr, "unknown mode %s\n", mode);
		return finish(&c, buffer, pool, 2);
	}
	if (strcmp(mode, "pool-resize") != 0) {
		commit(&c, buffer, scale);
	}
	if (wl_display_roundtrip(c.display) < 0) {
		return finish(&c, buffer, pool,
				raw_client_report_disconnect(c.display));
	}
	client_emit("shown");
	// Until stdin closes or the compositor drops us.
	return finish(&c, buffer, pool, raw_client_run(c.display, NULL, NULL));
}
