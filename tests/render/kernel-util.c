#include <stdio.h>
#include <stdlib.h>
#include "check.h"
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

static uint32_t guard(size_t i) {
	return 0xa5a5a5a5u ^ (uint32_t)(i * 2654435761u);
}

bool check_guarded(rect_fill_func fill, const void *data,
		const struct buf *want, struct gridwl_rect r, const char *what,
		long *compared) {
	int stride = r.width + 3;
	size_t n = (size_t)stride * (r.height + 2);
	uint32_t *buf = malloc(n * sizeof(*buf));
	REQUIRE(buf != NULL, "out of memory");
	for (size_t i = 0; i < n; i++) {
		buf[i] = guard(i);
	}
	// One guard row above and below, one pixel left, two right.
	fill(data, &r, buf + stride + 1, stride);
	bool ok = true;
	for (int y = -1; y <= r.height && ok; y++) {
		for (int x = -1; x < r.width + 2 && ok; x++) {
			size_t i = (size_t)(y + 1) * stride + x + 1;
			bool inside = x >= 0 && x < r.width && y >= 0 && y < r.height;
			uint32_t expect = inside ?
					want->data[(size_t)(r.y + y) * want->stride + r.x + x] :
					guard(i);
			ok = CHECK(buf[i] == expect,
					"%s rect %d,%d %dx%d: %s (%d, %d) is 0x%08x, want 0x%08x",
					what, r.x, r.y, r.width, r.height,
					inside ? "pixel" : "guard", x, y, buf[i], expect);
			*compared += inside;
		}
	}
	free(buf);
	return ok;
}

int kernel_rects(struct rng *rng, int w, int h,
		struct gridwl_rect rects[KERNEL_RECTS]) {
	int n = 0;
	rects[n++] = (struct gridwl_rect){ 0, 0, w, h };
	for (int corner = 0; corner < 4; corner++) {
		int a = rng_range(rng, 1, w), b = rng_range(rng, 1, h);
		rects[n++] = (struct gridwl_rect){
			corner & 1 ? w - a : 0,
			corner & 2 ? h - b : 0,
			a,
			b,
		};
	}
	for (int edge = 0; edge < 4; edge++) {
		int a = rng_range(rng, 1, w), b = rng_range(rng, 1, h);
		int x = rng_range(rng, 0, w - a), y = rng_range(rng, 0, h - b);
		switch (edge) {
		case 0: // top
			y = 0;
			break;
		case 1: // bottom
			y = h - b;
			break;
		case 2: // left
			x = 0;
			break;
		default: // right
			x = w - a;
			break;
		}
		rects[n++] = (struct gridwl_rect){ x, y, a, b };
	}
	for (int i = 0; i < 2; i++) {
		rects[n++] = (struct gridwl_rect){
			rng_range(rng, 0, w - 1),
			rng_range(rng, 0, h - 1),
			1,
			1,
		};
	}
	rects[n++] = (struct gridwl_rect){ 0, rng_range(rng, 0, h - 1), w, 1 };
	rects[n++] = (struct gridwl_rect){ rng_range(rng, 0, w - 1), 0, 1, h };
	while (n < KERNEL_RECTS) {
		int x = rng_range(rng, 0, w - 1), y = rng_range(rng, 0, h - 1);
		rects[n++] = (struct gridwl_rect){
			x,
			y,
			rng_range(rng, 1, w - x),
			rng_range(rng, 1, h - y),
		};
	}
	return n;
}
