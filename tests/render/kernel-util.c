#include <stdio.h>
#include <stdlib.h>
#include "kernel-util.h"

uint64_t rng_next(struct rng *rng) {
	uint64_t z = (rng->state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

int rng_range(struct rng *rng, int lo, int hi) {
	return lo + (int)(rng_next(rng) % (uint64_t)(hi - lo + 1));
}

struct buf buf_create(int width, int height, int pad) {
	struct buf buf = {
		.width = width,
		.height = height,
		.stride = width + pad,
	};
	buf.data = malloc((size_t)buf.stride * height * sizeof(*buf.data));
	if (buf.data == NULL) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	return buf;
}

void buf_fill(struct buf *buf, struct rng *rng, enum fill fill) {
	size_t n = (size_t)buf->stride * buf->height;
	for (size_t i = 0; i < n; i++) {
		uint32_t r = (uint32_t)rng_next(rng);
		switch (fill) {
		case FILL_RANDOM:
			buf->data[i] = r;
			break;
		case FILL_EXTREME:
			// Each byte 0 or 255 from one bit of r.
			buf->data[i] = ((r & 1) ? 0xffu : 0) | ((r & 2) ? 0xff00u : 0) |
					((r & 4) ? 0xff0000u : 0) | ((r & 8) ? 0xff000000u : 0);
			break;
		case FILL_WHITE:
			buf->data[i] = 0xffffffffu;
			break;
		}
	}
}

void buf_destroy(struct buf *buf) {
	free(buf->data);
	buf->data = NULL;
}

struct gridwl_pixels buf_pixels(const struct buf *buf) {
	return (struct gridwl_pixels){
		.data = buf->data,
		.width = buf->width,
		.height = buf->height,
		.stride = buf->stride,
	};
}

const char *op_name(enum op op) {
	switch (op) {
	case OP_NEAREST:
		return "nearest";
	case OP_BILINEAR:
		return "bilinear";
	case OP_BOX:
		return "box";
	}
	return "?";
}

void op_result_size(enum op op, int k, int w, int h, int *rw, int *rh) {
	if (op == OP_BOX) {
		*rw = w / k;
		*rh = h / k;
	} else {
		*rw = w * k;
		*rh = h * k;
	}
}

void op_run(const struct gridwl_kernels *kernels, enum op op,
		const struct gridwl_pixels *src, int k, const struct gridwl_rect *rect,
		uint32_t *dst, int dst_stride) {
	switch (op) {
	case OP_NEAREST:
		kernels->magnify_nearest(src, k, rect, dst, dst_stride);
		break;
	case OP_BILINEAR:
		kernels->magnify_bilinear(src, k, rect, dst, dst_stride);
		break;
	case OP_BOX:
		kernels->reduce_box(src, k, rect, dst, dst_stride);
		break;
	}
}
