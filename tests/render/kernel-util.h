#ifndef GRIDWL_TESTS_RENDER_KERNEL_UTIL_H
#define GRIDWL_TESTS_RENDER_KERNEL_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include "render/kernels/resample.h"

/* Shared by the kernel tests: images, a seeded generator, running a kernel
 * by operation. */

/* splitmix64: the same seed gives the same images on every run. */
struct rng {
	uint64_t state;
};

uint64_t rng_next(struct rng *rng);
/* Uniform in [lo, hi]. */
int rng_range(struct rng *rng, int lo, int hi);

/* An image that owns its pixels; its rows are stride pixels apart. */
struct buf {
	uint32_t *data;
	int width, height, stride;
};

enum fill {
	FILL_RANDOM, // every byte uniform
	FILL_EXTREME, // every byte 0 or 255: the largest sums and differences
	FILL_WHITE, // every byte 255
};

/* A separate allocation of exactly stride * height pixels, so that the
 * sanitizer sees any read past the last pixel; pad pixels after each row
 * (0 makes rows touch). */
struct buf buf_create(int width, int height, int pad);
void buf_fill(struct buf *buf, struct rng *rng, enum fill fill);
void buf_destroy(struct buf *buf);
struct gridwl_pixels buf_pixels(const struct buf *buf);

enum op {
	OP_NEAREST,
	OP_BILINEAR,
	OP_BOX,
};

const char *op_name(enum op op);
/* The size of the whole result of op on a w x h source. */
void op_result_size(enum op op, int k, int w, int h, int *rw, int *rh);
void op_run(const struct gridwl_kernels *kernels, enum op op,
		const struct gridwl_pixels *src, int k, const struct gridwl_rect *rect,
		uint32_t *dst, int dst_stride);

/* A kernel's pixels of rect (in its whole result) into dst. */
typedef void (*rect_fill_func)(const void *data, const struct gridwl_rect *rect,
		uint32_t *dst, int dst_stride);

/* Runs fill on rect into a buffer with guard pixels around it, which must
 * stay untouched, and compares the pixels with the same area of want, the
 * whole result; what names the case in a failure. Adds the pixels compared
 * to *compared. */
bool check_guarded(rect_fill_func fill, const void *data,
		const struct buf *want, struct gridwl_rect r, const char *what,
		long *compared);

/* The rectangles of a w x h result to check: the whole of it, every corner
 * and edge, single pixels, a full row and column, and some anywhere. */
#define KERNEL_RECTS 17
int kernel_rects(struct rng *rng, int w, int h,
		struct gridwl_rect rects[KERNEL_RECTS]);

#endif
