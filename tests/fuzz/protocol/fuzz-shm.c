#define _GNU_SOURCE // memfd_create
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "fuzz-protocol.h"

/*
 * wl_shm pools and buffers: odd pool sizes, buffers anywhere in them with
 * padded strides in every format the compositor lists and we know the
 * pixel size of, pools grown (the file first, as the protocol wants; also
 * while their buffers are shown) or destroyed while their buffers live on,
 * buffers destroyed while attached or held by the compositor.
 */

#define POOL_MAX (4 << 20)

static int format_bpp(uint32_t format) {
	switch (format) {
	case WL_SHM_FORMAT_RGB565:
	case WL_SHM_FORMAT_BGR565:
		return 2;
	default:
		return 4;
	}
}

/* Something to look at rather than zeros, cheap to make. */
static void fill(struct fz *fz, void *data, size_t from, size_t to) {
	uint8_t *bytes = data;
	uint64_t value = fz_rng_next(&fz->rng);
	for (size_t i = from; i < to; i++) {
		if ((i & 63) == 0) {
			value = fz_rng_next(&fz->rng);
		}
		bytes[i] = (uint8_t)(value >> ((i & 7) * 8));
	}
}

static struct fz_pool *pick_pool(struct fz *fz) {
	struct fz_pool *live[FZ_POOLS];
	int n = 0;
	for (int i = 0; i < FZ_POOLS; i++) {
		if (fz->pools[i].pool != NULL) {
			live[n++] = &fz->pools[i];
		}
	}
	return n == 0 ? NULL : live[fz_rng_below(&fz->rng, (uint32_t)n)];
}

bool fz_shm_create_pool(struct fz *fz) {
	struct fz_pool *p = NULL;
	for (int i = 0; i < FZ_POOLS && p == NULL; i++) {
		if (fz->pools[i].pool == NULL) {
			p = &fz->pools[i];
		}
	}
	if (p == NULL) {
		return false;
	}
	// Odd sizes too: nothing says a pool is a whole number of pixels.
	int32_t size;
	switch (fz_rng_below(&fz->rng, 4)) {
	case 0:
		size = fz_rng_range(&fz->rng, 1, 4096);
		break;
	case 1:
		size = fz_rng_range(&fz->rng, 4096, 256 * 1024) | 1;
		break;
	default:
		size = fz_rng_range(&fz->rng, 64 * 1024, POOL_MAX);
		break;
	}
	int fd = memfd_create("protocol-fuzz", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, size) != 0) {
		fprintf(stderr, "protocol-fuzz: pool of %d bytes: %s\n", size,
				strerror(errno));
		if (fd >= 0) {
			close(fd);
		}
		return false;
	}
	void *data =
			mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (data == MAP_FAILED) {
		close(fd);
		return false;
	}
	fill(fz, data, 0, (size_t)size);
	p->pool = wl_shm_create_pool(fz->shm, fd, size);
	p->id = fz_new_id(fz);
	p->fd = fd;
	p->size = p->usable = size;
	p->pinned = false;
	p->data = data;
	fz_log(fz, "pool %d: create size %d", (int)(p - fz->pools), size);
	return true;
}

bool fz_shm_resize_pool(struct fz *fz) {
	struct fz_pool *p = pick_pool(fz);
	// Growing a pool whose buffer is on screen may move the memory the
	// compositor reads it from.
	if (p == NULL || p->size >= POOL_MAX) {
		return false;
	}
	int32_t size = p->size + fz_rng_range(&fz->rng, 1, POOL_MAX - p->size);
	// The file grows before the compositor is told, so that it never
	// maps pages beyond the end of the file.
	if (ftruncate(p->fd, size) != 0) {
		return false;
	}
	void *data = mremap(p->data, (size_t)p->size, (size_t)size, MREMAP_MAYMOVE);
	if (data == MAP_FAILED) {
		return false;
	}
	fill(fz, data, (size_t)p->size, (size_t)size);
	wl_shm_pool_resize(p->pool, size);
	fz_log(fz, "pool %d: resize %d -> %d", (int)(p - fz->pools), p->size, size);
	p->data = data;
	p->size = size;
	// wlroots 0.18 maps the grown pool at once, buffers attached or not.
	p->usable = size;
	return true;
}

static void pool_free(struct fz_pool *p) {
	wl_shm_pool_destroy(p->pool);
	munmap(p->data, (size_t)p->size);
	close(p->fd);
	*p = (struct fz_pool){ 0 };
}

bool fz_shm_destroy_pool(struct fz *fz) {
	struct fz_pool *p = pick_pool(fz);
	if (p == NULL) {
		return false;
	}
	// Its buffers stay valid: the compositor keeps the memory mapped.
	fz_log(fz, "pool %d: destroy", (int)(p - fz->pools));
	pool_free(p);
	return true;
}

static void buffer_release(void *data, struct wl_buffer *wl_buffer) {
	struct fz_buffer *b = data;
	b->busy = false;
}

static const struct wl_buffer_listener buffer_listener = {
	.release = buffer_release,
};

/* A width or height: often a multiple of 12 (so that every scale from 1 to
 * 4 divides it), else anything small. */
static int32_t buffer_side(struct fz *fz) {
	switch (fz_rng_below(&fz->rng, 5)) {
	case 0:
		return fz_rng_range(&fz->rng, 1, 4);
	case 1:
	case 2:
		return 12 * fz_rng_range(&fz->rng, 1, 24);
	default:
		return fz_rng_range(&fz->rng, 1, 300);
	}
}

bool fz_shm_create_buffer(struct fz *fz) {
	struct fz_buffer *b = NULL;
	for (int i = 0; i < FZ_BUFFERS && b == NULL; i++) {
		if (fz->buffers[i].buffer == NULL) {
			b = &fz->buffers[i];
		}
	}
	struct fz_pool *p = pick_pool(fz);
	if (b == NULL || p == NULL || fz->format_count == 0) {
		return false;
	}
	uint32_t format =
			fz->formats[fz_rng_below(&fz->rng, (uint32_t)fz->format_count)];
	int bpp = format_bpp(format);
	int32_t width = buffer_side(fz), height = buffer_side(fz);
	// Padded strides and offsets anywhere in the pool, the offsets at any
	// byte alignment, as the protocol allows. wlroots 0.18 (types/wlr_shm.c,
	// pixel_format_info_check_stride) wants a stride that is a whole number
	// of pixels, not just at least the width: invalid_stride otherwise.
	bool unaligned = fz_rng_chance(&fz->rng, 30);
	int32_t stride = width * bpp;
	if (fz_rng_chance(&fz->rng, 30)) {
		stride += bpp * fz_rng_range(&fz->rng, 1, 16);
	}
	if (!unaligned) {
		stride = (stride + 3) & ~3;
	}
	if ((int64_t)stride * height > p->usable) {
		height = p->usable / stride;
	}
	if (height <= 0) {
		return false;
	}
	int32_t room = p->usable - stride * height;
	int32_t offset = 0;
	if (room > 0 && fz_rng_chance(&fz->rng, 50)) {
		offset = fz_rng_range(&fz->rng, 0, room);
		if (!unaligned) {
			offset &= ~3;
		}
	}
	b->fz = fz;
	b->buffer = wl_shm_pool_create_buffer(p->pool, offset, width, height,
			stride, format);
	wl_buffer_add_listener(b->buffer, &buffer_listener, b);
	b->id = fz_new_id(fz);
	b->pool_id = p->id;
	b->width = width;
	b->height = height;
	b->busy = false;
	fz_log(fz,
			"buffer %u: create in pool %d offset %d %dx%d stride %d "
			"format 0x%08x",
			b->id, (int)(p - fz->pools), offset, width, height, stride, format);
	return true;
}

struct fz_buffer *fz_shm_pick_buffer(struct fz *fz) {
	struct fz_buffer *live[FZ_BUFFERS];
	int n = 0;
	for (int i = 0; i < FZ_BUFFERS; i++) {
		if (fz->buffers[i].buffer != NULL) {
			live[n++] = &fz->buffers[i];
		}
	}
	return n == 0 ? NULL : live[fz_rng_below(&fz->rng, (uint32_t)n)];
}

struct fz_buffer *fz_shm_find_buffer(struct fz *fz, uint32_t id) {
	for (int i = 0; i < FZ_BUFFERS; i++) {
		if (fz->buffers[i].buffer != NULL && fz->buffers[i].id == id) {
			return &fz->buffers[i];
		}
	}
	return NULL;
}

void fz_shm_pin(struct fz *fz, struct fz_buffer *b) {
	// wlroots 0.15 takes its reference when the buffer is attached.
	for (int i = 0; i < FZ_POOLS; i++) {
		if (fz->pools[i].pool != NULL && fz->pools[i].id == b->pool_id) {
			fz->pools[i].pinned = true;
		}
	}
}

bool fz_shm_destroy_buffer(struct fz *fz) {
	struct fz_buffer *b = fz_shm_pick_buffer(fz);
	if (b == NULL) {
		return false;
	}
	// Attached, committed and held by the compositor or not: whichever
	// it is, the compositor has to cope.
	fz_log(fz, "buffer %u: destroy%s", b->id, b->busy ? " (busy)" : "");
	wl_buffer_destroy(b->buffer);
	*b = (struct fz_buffer){ 0 };
	return true;
}

void fz_shm_destroy_all(struct fz *fz) {
	for (int i = 0; i < FZ_BUFFERS; i++) {
		if (fz->buffers[i].buffer != NULL) {
			wl_buffer_destroy(fz->buffers[i].buffer);
			fz->buffers[i] = (struct fz_buffer){ 0 };
		}
	}
	for (int i = 0; i < FZ_POOLS; i++) {
		if (fz->pools[i].pool != NULL) {
			pool_free(&fz->pools[i]);
		}
	}
}
