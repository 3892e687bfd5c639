/*
 * The redraw case's floor, for bench/compositor/run: the cost of writing the
 * damaged destination pixels once per frame. A frame is a memset of a
 * WxH rectangle of 32-bit pixels in an output-sized buffer (its rows at the
 * output's stride), the buffers used in turn as a swapchain's would be.
 *
 *   memset-floor [--damage 1600x1000] [--frame 1920x1080] [--buffers 2]
 *                [--reps 300] [--evict-mib 64] [--rects 1]
 *
 * --rects N damages N rectangles of the --damage size instead of one, on a
 * grid of ceil(sqrt(N)) columns spread over the frame, as N small windows
 * are (bench/compositor/growth).
 *
 * Two figures, each the median frame over --reps frames:
 *
 *   warm  frames back to back: the buffers (2 x 8 MB) stay in the last-level
 *         cache, so this is the cache's write bandwidth;
 *   cold  before each (untimed), --evict-mib MiB of another buffer are
 *         written, so the frame's lines come from memory, as they do when a
 *         client and everything else ran in the 16 ms between two frames.
 *
 * Prints one line:
 *   floor warm_ms W cold_ms C warm_min_ms w cold_min_ms c bytes B
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int parse_size(const char *s, int *w, int *h) {
	return sscanf(s, "%dx%d", w, h) == 2 && *w > 0 && *h > 0 ? 0 : -1;
}

int main(int argc, char *argv[]) {
	int dw = 1600, dh = 1000, fw = 1920, fh = 1080, buffers = 2, reps = 300;
	int evict_mib = 64, rects = 1;
	static const struct option longopts[] = {
		{ "damage", required_argument, NULL, 'd' },
		{ "frame", required_argument, NULL, 'f' },
		{ "buffers", required_argument, NULL, 'b' },
		{ "reps", required_argument, NULL, 'r' },
		{ "evict-mib", required_argument, NULL, 'e' },
		{ "rects", required_argument, NULL, 'n' },
		{ 0 },
	};
	int opt;
	while ((opt = getopt_long(argc, argv, "d:f:b:r:e:n:", longopts, NULL)) !=
			-1) {
		switch (opt) {
		case 'd':
			if (parse_size(optarg, &dw, &dh))
				return 2;
			break;
		case 'f':
			if (parse_size(optarg, &fw, &fh))
				return 2;
			break;
		case 'b':
			buffers = atoi(optarg);
			break;
		case 'r':
			reps = atoi(optarg);
			break;
		case 'e':
			evict_mib = atoi(optarg);
			break;
		case 'n':
			rects = atoi(optarg);
			break;
		default:
			return 2;
		}
	}
	int cols = 1;
	while (cols * cols < rects) {
		cols++;
	}
	int rows = rects > 0 ? (rects + cols - 1) / cols : 1;
	if (rects < 1 || dw * cols > fw || dh * rows > fh || buffers < 1 ||
			buffers > 8 || reps < 1 || evict_mib < 0) {
		fprintf(stderr, "memset-floor: bad arguments\n");
		return 2;
	}
	size_t stride = (size_t)fw * 4;
	uint8_t *buf[8];
	for (int i = 0; i < buffers; i++) {
		if (posix_memalign((void **)&buf[i], 64, stride * fh)) {
			return 1;
		}
		memset(buf[i], 0, stride * fh); // fault the pages in
	}
	double *t = calloc(reps, sizeof *t);
	if (!t) {
		return 1;
	}
	size_t evict_size = (size_t)evict_mib << 20;
	uint8_t *evict = NULL;
	if (evict_size && posix_memalign((void **)&evict, 64, evict_size)) {
		return 1;
	}
	if (evict) {
		memset(evict, 1, evict_size);
	}
	// One rectangle is centred; several are spread over a grid of cells.
	int cell_w = fw / cols, cell_h = fh / rows;
	int x0 = (cell_w - dw) / 2, y0 = (cell_h - dh) / 2;
	volatile uint8_t sink = 0;
	double warm[2], cold[2];
	for (int pass = 0; pass < 2; pass++) {
		bool cold_pass = pass == 1;
		if (cold_pass && !evict) {
			cold[0] = cold[1] = 0;
			break;
		}
		for (int r = -buffers; r < reps; r++) { // a round of warm-up first
			uint8_t *b = buf[(r + buffers) % buffers];
			int value = r & 0xff;
			if (cold_pass) {
				memset(evict, value ^ 0x55, evict_size);
			}
			double start = now_ms();
			for (int i = 0; i < rects; i++) {
				size_t x = (size_t)(x0 + i % cols * cell_w);
				size_t top = (size_t)(y0 + i / cols * cell_h);
				for (int y = 0; y < dh; y++) {
					memset(b + (top + (size_t)y) * stride + x * 4, value,
							(size_t)dw * 4);
				}
			}
			double end = now_ms();
			sink ^= b[(size_t)y0 * stride + (size_t)x0 * 4];
			if (r >= 0) {
				t[r] = end - start;
			}
		}
		qsort(t, reps, sizeof *t, cmp_double);
		double median =
				reps % 2 ? t[reps / 2] : (t[reps / 2 - 1] + t[reps / 2]) / 2;
		double *out = cold_pass ? cold : warm;
		out[0] = median;
		out[1] = t[0];
	}
	(void)sink;
	printf("floor warm_ms %.4f cold_ms %.4f warm_min_ms %.4f cold_min_ms %.4f bytes %zu\n",
			warm[0], cold[0], warm[1], cold[1], (size_t)dw * dh * 4 * rects);
	return 0;
}
