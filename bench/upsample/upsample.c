/*
 * Throughput of the resampling kernels against pixman and memcpy: for each
 * case, the destination megapixels per second of every kernel available
 * here, integer and rational, of pixman_image_composite32 doing the same
 * resampling, and of a memcpy of the destination's size. Medians of
 * several timed runs after a warm-up. See README.md.
 *
 *	upsample [repetitions [case...]]
 *
 * Cases: k2, k3, box2, 3:2-nearest, 3:2-bilinear, 5:4-bilinear, 3:4-area,
 * 1:1; all of them by default.
 */
#include <pixman.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "render/kernels/rational.h"
#include "render/kernels/resample.h"

struct image {
	uint32_t *data;
	int width, height; // the stride is the width
};

struct bench {
	int repetitions;
	struct image src, dst;
	// A destination pixel spans r / m source pixels: the integer kernels
	// magnify by m (r = 1) or reduce by r (m = 1).
	struct gridwl_axis_ratio ratio;
};

/* What one timed run does. */
enum job_kind {
	JOB_KERNEL, // the integer kernels
	JOB_RATIONAL, // a rational kernel
	JOB_PIXMAN, // pixman through a scaling transform
	JOB_BLIT, // pixman's plain copy, no transform: 1:1 as gridwl draws it
	JOB_MEMCPY,
};

enum filter {
	FILTER_NEAREST,
	FILTER_BILINEAR,
	FILTER_BOX,
};

struct job {
	enum job_kind kind;
	enum filter filter;
	const struct gridwl_kernels *kernels; // JOB_KERNEL, JOB_RATIONAL
	const uint32_t *copy_src; // JOB_MEMCPY
};

static struct image image_create(int width, int height) {
	struct image image = {
		.data = malloc((size_t)width * height * sizeof(uint32_t)),
		.width = width,
		.height = height,
	};
	if (image.data == NULL) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	return image;
}

static double now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void run_pixman(const struct bench *bench, enum filter filter,
		bool transformed) {
	pixman_image_t *src =
			pixman_image_create_bits(PIXMAN_a8r8g8b8, bench->src.width,
					bench->src.height, bench->src.data, bench->src.width * 4);
	pixman_image_t *dst =
			pixman_image_create_bits(PIXMAN_a8r8g8b8, bench->dst.width,
					bench->dst.height, bench->dst.data, bench->dst.width * 4);
	// Destination pixel centres map to (x + 0.5) r / m in the source, and
	// pixman's bilinear filter samples around them, minus 0.5: the same
	// half-pixel-centred sampling as the kernels, edges padded.
	pixman_fixed_t scale =
			pixman_double_to_fixed((double)bench->ratio.r / bench->ratio.m);
	pixman_transform_t transform;
	pixman_transform_init_scale(&transform, scale, scale);
	pixman_fixed_t *params = NULL;
	int n_params = 0;
	if (transformed) {
		pixman_image_set_transform(src, &transform);
	}
	switch (filter) {
	case FILTER_NEAREST:
		pixman_image_set_filter(src, PIXMAN_FILTER_NEAREST, NULL, 0);
		break;
	case FILTER_BILINEAR:
		pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, NULL, 0);
		break;
	case FILTER_BOX:
		// The area average: source pixels as boxes (reconstruction)
		// integrated over the destination pixel's box (sampling), as
		// cairo reduces, at 16 phases per pixel.
		params = pixman_filter_create_separable_convolution(&n_params, scale,
				scale, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX,
				PIXMAN_KERNEL_BOX, 4, 4);
		pixman_image_set_filter(src, PIXMAN_FILTER_SEPARABLE_CONVOLUTION,
				params, n_params);
		break;
	}
	pixman_image_set_repeat(src, PIXMAN_REPEAT_PAD);
	pixman_image_composite32(PIXMAN_OP_SRC, src, NULL, dst, 0, 0, 0, 0, 0, 0,
			bench->dst.width, bench->dst.height);
	free(params);
	pixman_image_unref(src);
	pixman_image_unref(dst);
}

static void run_job(const struct bench *bench, const struct job *job) {
	struct gridwl_pixels src = {
		.data = bench->src.data,
		.width = bench->src.width,
		.height = bench->src.height,
		.stride = bench->src.width,
	};
	struct gridwl_rect all = { 0, 0, bench->dst.width, bench->dst.height };
	int m = bench->ratio.m, r = bench->ratio.r;
	switch (job->kind) {
	case JOB_KERNEL:
		switch (job->filter) {
		case FILTER_NEAREST:
			job->kernels->magnify_nearest(&src, m, &all, bench->dst.data,
					bench->dst.width);
			break;
		case FILTER_BILINEAR:
			job->kernels->magnify_bilinear(&src, m, &all, bench->dst.data,
					bench->dst.width);
			break;
		case FILTER_BOX:
			job->kernels->reduce_box(&src, r, &all, bench->dst.data,
					bench->dst.width);
			break;
		}
		break;
	case JOB_RATIONAL:
		gridwl_rational_for_isa(job->kernels->isa)(&src, bench->ratio,
				bench->ratio, job->filter == FILTER_BILINEAR, &all,
				bench->dst.data, bench->dst.width);
		break;
	case JOB_PIXMAN:
		run_pixman(bench, job->filter, true);
		break;
	case JOB_BLIT:
		run_pixman(bench, FILTER_NEAREST, false);
		break;
	case JOB_MEMCPY:
		memcpy(bench->dst.data, job->copy_src,
				(size_t)bench->dst.width * bench->dst.height *
						sizeof(uint32_t));
		break;
	}
}

static int compare_doubles(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

#define MAX_JOBS 16
#define MAX_REPETITIONS 101

struct entry {
	const char *who, *what;
	struct job job;
	double times[MAX_REPETITIONS];
	double mpix; // of the median
};

/*
 * Times every entry: one warm-up run each (which also faults the
 * destination in), then the repetitions in rounds that run each entry
 * once, so that whatever else the machine does at the time falls on all
 * of them alike and the ratios stay fair; then the medians.
 */
static void time_entries(const struct bench *bench, struct entry *entries,
		int n) {
	for (int j = 0; j < n; j++) {
		run_job(bench, &entries[j].job);
	}
	int reps = bench->repetitions;
	for (int i = 0; i < reps; i++) {
		for (int j = 0; j < n; j++) {
			double start = now();
			run_job(bench, &entries[j].job);
			entries[j].times[i] = now() - start;
		}
	}
	for (int j = 0; j < n; j++) {
		double *t = entries[j].times;
		qsort(t, reps, sizeof(*t), compare_doubles);
		double median =
				reps % 2 ? t[reps / 2] : (t[reps / 2 - 1] + t[reps / 2]) / 2;
		entries[j].mpix =
				(double)bench->dst.width * bench->dst.height / median / 1e6;
		printf("  %-10s %-9s %9.1f Mpix/s %8.2f ms\n", entries[j].who,
				entries[j].what, entries[j].mpix, median * 1e3);
	}
}

/* The largest channel difference between two images of dst's size. */
static int max_difference(const uint32_t *a, const uint32_t *b, size_t n) {
	int worst = 0;
	for (size_t i = 0; i < n; i++) {
		for (int c = 0; c < 32; c += 8) {
			int d = (int)((a[i] >> c) & 0xff) - (int)((b[i] >> c) & 0xff);
			d = d < 0 ? -d : d;
			worst = d > worst ? d : worst;
		}
	}
	return worst;
}

/* The largest channel difference between the best kernels of kind and
 * pixman doing the same. */
static int pixman_difference(struct bench *bench, enum job_kind kind,
		enum filter filter) {
	size_t pixels = (size_t)bench->dst.width * bench->dst.height;
	uint32_t *exact = malloc(pixels * sizeof(*exact));
	if (exact == NULL) {
		return -1;
	}
	struct job kernel = { kind, filter, gridwl_kernels_best(), NULL };
	run_job(bench, &kernel);
	memcpy(exact, bench->dst.data, pixels * sizeof(*exact));
	struct job pix = { JOB_PIXMAN, filter, NULL, NULL };
	run_job(bench, &pix);
	int diff = max_difference(exact, bench->dst.data, pixels);
	free(exact);
	return diff;
}

static const enum gridwl_kernel_isa isas[] = {
	GRIDWL_ISA_REFERENCE,
	GRIDWL_ISA_SSE2,
	GRIDWL_ISA_AVX2,
};
#define N_ISAS (sizeof(isas) / sizeof(isas[0]))

/* Adds the kernel entries (of kind, JOB_KERNEL or JOB_RATIONAL) of filter
 * for every ISA here; their indices (or -1) go to index. */
static int add_kernels(struct entry *entries, int n, enum job_kind kind,
		enum filter filter, const char *what, int *index) {
	for (size_t i = 0; i < N_ISAS; i++) {
		const struct gridwl_kernels *kernels = gridwl_kernels_for_isa(isas[i]);
		index[i] = -1;
		if (kernels == NULL) {
			printf("  (no %s kernels on this machine)\n",
					isas[i] == GRIDWL_ISA_AVX2 ? "avx2" : "sse2");
			continue;
		}
		index[i] = n;
		entries[n++] = (struct entry){
			.who = kernels->name,
			.what = what,
			.job = { kind, filter, kernels, NULL },
		};
	}
	return n;
}

static void magnify_case(struct bench *bench, const uint32_t *copy_src) {
	printf("\n%dx%d source, k = %d -> %dx%d destination\n", bench->src.width,
			bench->src.height, bench->ratio.m, bench->dst.width,
			bench->dst.height);
	struct entry entries[MAX_JOBS];
	int nearest[N_ISAS], bilinear[N_ISAS];
	int n = add_kernels(entries, 0, JOB_KERNEL, FILTER_NEAREST, "nearest",
			nearest);
	int pixman_nearest = n;
	entries[n++] = (struct entry){ "pixman", "nearest",
		{ JOB_PIXMAN, FILTER_NEAREST, NULL, NULL }, { 0 }, 0 };
	n = add_kernels(entries, n, JOB_KERNEL, FILTER_BILINEAR, "bilinear",
			bilinear);
	int pixman_bilinear = n;
	entries[n++] = (struct entry){ "pixman", "bilinear",
		{ JOB_PIXMAN, FILTER_BILINEAR, NULL, NULL }, { 0 }, 0 };
	int copy = n;
	entries[n++] = (struct entry){ "memcpy", "dst size",
		{ JOB_MEMCPY, FILTER_NEAREST, NULL, copy_src }, { 0 }, 0 };
	time_entries(bench, entries, n);

	for (size_t i = 1; i < N_ISAS; i++) {
		if (bilinear[i] < 0) {
			continue;
		}
		printf("  %s: bilinear / pixman bilinear = %.2fx (target >= 3), "
			   "nearest / memcpy = %.2fx (target >= 0.7)\n",
				entries[bilinear[i]].who,
				entries[bilinear[i]].mpix / entries[pixman_bilinear].mpix,
				entries[nearest[i]].mpix / entries[copy].mpix);
	}
	printf("  (pixman nearest / memcpy = %.2fx)\n",
			entries[pixman_nearest].mpix / entries[copy].mpix);

	// How far pixman's 7-bit bilinear weights (and its 16.16 1/k) stray
	// from the exact kernels: a check that both compute the same thing.
	printf("  largest channel difference from pixman: nearest %d, "
		   "bilinear %d\n",
			pixman_difference(bench, JOB_KERNEL, FILTER_NEAREST),
			pixman_difference(bench, JOB_KERNEL, FILTER_BILINEAR));
}

/*
 * A fractional ratio, both axes alike (ratio.m > ratio.r magnifies with
 * filter, else the area average): the rational kernels of every ISA here
 * beside pixman's scaling of the same image, and a memcpy.
 */
static void ratio_case(struct bench *bench, enum filter filter,
		const char *what, const uint32_t *copy_src) {
	printf("\n%dx%d source, %s %d:%d -> %dx%d destination\n", bench->src.width,
			bench->src.height, what, bench->ratio.m, bench->ratio.r,
			bench->dst.width, bench->dst.height);
	struct entry entries[MAX_JOBS];
	int rational[N_ISAS];
	int n = add_kernels(entries, 0, JOB_RATIONAL, filter, what, rational);
	int pixman = n;
	entries[n++] = (struct entry){ "pixman", what,
		{ JOB_PIXMAN, filter, NULL, NULL }, { 0 }, 0 };
	int copy = n;
	entries[n++] = (struct entry){ "memcpy", "dst size",
		{ JOB_MEMCPY, FILTER_NEAREST, NULL, copy_src }, { 0 }, 0 };
	time_entries(bench, entries, n);
	for (size_t i = 1; i < N_ISAS; i++) {
		if (rational[i] < 0) {
			continue;
		}
		printf("  %s: %.1fx the reference, %.2fx pixman, %.2fx memcpy\n",
				entries[rational[i]].who,
				entries[rational[i]].mpix / entries[rational[0]].mpix,
				entries[rational[i]].mpix / entries[pixman].mpix,
				entries[rational[i]].mpix / entries[copy].mpix);
	}
	printf("  largest channel difference from pixman: %d\n",
			pixman_difference(bench, JOB_RATIONAL, filter));
}

/* 1:1: the rational kernels at 1:1 (a copy) beside what an integer 1:1
 * surface costs, pixman's plain blit, and a memcpy. */
static void blit_case(struct bench *bench, const uint32_t *copy_src) {
	printf("\n%dx%d source, 1:1 -> %dx%d destination\n", bench->src.width,
			bench->src.height, bench->dst.width, bench->dst.height);
	struct entry entries[MAX_JOBS];
	int rational[N_ISAS];
	int n = add_kernels(entries, 0, JOB_RATIONAL, FILTER_NEAREST, "1:1",
			rational);
	int blit = n;
	entries[n++] = (struct entry){ "pixman", "blit",
		{ JOB_BLIT, FILTER_NEAREST, NULL, NULL }, { 0 }, 0 };
	entries[n++] = (struct entry){ "memcpy", "dst size",
		{ JOB_MEMCPY, FILTER_NEAREST, NULL, copy_src }, { 0 }, 0 };
	time_entries(bench, entries, n);
	for (size_t i = 0; i < N_ISAS; i++) {
		if (rational[i] >= 0) {
			printf("  %s 1:1 / pixman blit = %.2fx\n", entries[rational[i]].who,
					entries[rational[i]].mpix / entries[blit].mpix);
		}
	}
}

static void reduce_case(struct bench *bench, const uint32_t *copy_src) {
	printf("\n%dx%d source, box reduction by %d -> %dx%d destination\n",
			bench->src.width, bench->src.height, bench->ratio.r,
			bench->dst.width, bench->dst.height);
	struct entry entries[MAX_JOBS];
	int box[N_ISAS];
	int n = add_kernels(entries, 0, JOB_KERNEL, FILTER_BOX, "box", box);
	entries[n++] = (struct entry){ "memcpy", "dst size",
		{ JOB_MEMCPY, FILTER_NEAREST, NULL, copy_src }, { 0 }, 0 };
	time_entries(bench, entries, n);
}

static void fill_random(struct image *image, uint64_t seed) {
	size_t n = (size_t)image->width * image->height;
	for (size_t i = 0; i < n; i++) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		image->data[i] = (uint32_t)(seed >> 32);
	}
}

/* Whether the command line asks for the case name (no names: all). */
static bool wanted(int argc, char *argv[], const char *name) {
	for (int i = 2; i < argc; i++) {
		if (strcmp(argv[i], name) == 0) {
			return true;
		}
	}
	return argc <= 2;
}

int main(int argc, char *argv[]) {
	int repetitions = argc > 1 ? atoi(argv[1]) : 15;
	if (repetitions < 1 || repetitions > MAX_REPETITIONS) {
		fprintf(stderr, "usage: %s [repetitions [case...]]\n", argv[0]);
		return 1;
	}
	const struct gridwl_kernels *best = gridwl_kernels_best();
	printf("Destination Mpixel/s, median of %d runs (interleaved) after a "
		   "warm-up; best kernels here: %s\n",
			repetitions, best->name);

	// Every case writes a 3840x2160 destination.
	struct image dst = image_create(3840, 2160);
	struct image copy_src = image_create(3840, 2160);
	fill_random(&copy_src, 1);

	struct bench bench = {
		.repetitions = repetitions,
		.src = image_create(1920, 1080),
		.dst = dst,
		.ratio = { 2, 1 },
	};
	fill_random(&bench.src, 2);
	if (wanted(argc, argv, "k2")) {
		magnify_case(&bench, copy_src.data);
	}
	free(bench.src.data);

	bench.src = image_create(1280, 720);
	bench.ratio = (struct gridwl_axis_ratio){ 3, 1 };
	fill_random(&bench.src, 3);
	if (wanted(argc, argv, "k3")) {
		magnify_case(&bench, copy_src.data);
	}
	free(bench.src.data);

	// Reduction reads the 3840x2160 image and writes a quarter of it.
	bench.src = copy_src;
	bench.dst = (struct image){ dst.data, 1920, 1080 };
	bench.ratio = (struct gridwl_axis_ratio){ 1, 2 };
	if (wanted(argc, argv, "box2")) {
		reduce_case(&bench, copy_src.data);
	}

	// Fractional scales, every destination 3840x2160 again: a scale-1
	// buffer on a 1.5 and a 1.25 output, a scale-2 one on 1.5, and a
	// buffer at the output's own fractional scale.
	bench.dst = dst;
	static const struct {
		const char *name;
		int width, height, m, r;
		enum filter filter;
		const char *what;
	} ratios[] = {
		{ "3:2-nearest", 2560, 1440, 3, 2, FILTER_NEAREST, "nearest" },
		{ "3:2-bilinear", 2560, 1440, 3, 2, FILTER_BILINEAR, "bilinear" },
		{ "5:4-bilinear", 3072, 1728, 5, 4, FILTER_BILINEAR, "bilinear" },
		{ "3:4-area", 5120, 2880, 3, 4, FILTER_BOX, "area" },
	};
	for (size_t i = 0; i < sizeof(ratios) / sizeof(ratios[0]); i++) {
		if (!wanted(argc, argv, ratios[i].name)) {
			continue;
		}
		bench.src = image_create(ratios[i].width, ratios[i].height);
		bench.ratio = (struct gridwl_axis_ratio){ ratios[i].m, ratios[i].r };
		fill_random(&bench.src, 4 + i);
		ratio_case(&bench, ratios[i].filter, ratios[i].what, copy_src.data);
		free(bench.src.data);
	}
	if (wanted(argc, argv, "1:1")) {
		bench.src = image_create(3840, 2160);
		bench.ratio = (struct gridwl_axis_ratio){ 1, 1 };
		fill_random(&bench.src, 9);
		blit_case(&bench, copy_src.data);
		free(bench.src.data);
	}

	free(dst.data);
	free(copy_src.data);
	return 0;
}
