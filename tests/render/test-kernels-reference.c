#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "kernel-util.h"
#include "render/kernels/kernels.h"

/*
 * The reference kernels against the definitions, written here again
 * independently (bilinear in double precision), and the arithmetic the
 * fast kernels rely on. The fast kernels are then held to the reference,
 * bit for bit, by test-kernels-fast.
 */

static const int ks[] = { 2, 3, 4 };

static uint32_t channel(uint32_t pixel, int c) {
	return (pixel >> (8 * c)) & 0xff;
}

static uint32_t at(const struct buf *buf, int x, int y) {
	return buf->data[(size_t)y * buf->stride + x];
}

/* The divisions by multiply-high of kernels.h, over all of 0..32767 (the
 * kernels need 0..4599). */
static bool test_division(const void *data) {
	long checked = 0;
	for (uint32_t x = 0; x < 32768; x++) {
		uint32_t p = x * GRIDWL_DIV9_MUL;
		REQUIRE((p >> 16) == x / 9, "%u / 9 gives %u", x, p >> 16);
		uint32_t q = x * GRIDWL_DIV18_MUL;
		REQUIRE((q >> 16) == x / 18, "%u / 18 gives %u", x, q >> 16);
		checked++;
	}
	return CHECK(checked == 32768, "checked %ld", checked);
}

/* The sizes the definition tests run over: 1x1, odd, wide, tall. */
static const int sizes[][2] = {
	{ 1, 1 },
	{ 1, 5 },
	{ 5, 1 },
	{ 2, 2 },
	{ 3, 7 },
	{ 17, 9 },
	{ 40, 3 },
	{ 64, 33 },
};
#define N_SIZES (sizeof(sizes) / sizeof(sizes[0]))

static bool test_nearest(const void *data) {
	struct rng rng = { 1 };
	long compared = 0;
	for (size_t s = 0; s < N_SIZES; s++) {
		for (size_t ki = 0; ki < 3; ki++) {
			int k = ks[ki], w = sizes[s][0], h = sizes[s][1];
			struct buf src = buf_create(w, h, 3);
			buf_fill(&src, &rng, FILL_RANDOM);
			struct buf want = buf_create(w * k, h * k, 0);
			struct buf got = buf_create(w * k, h * k, 0);
			// Each source pixel as a k x k block.
			for (int y = 0; y < h; y++) {
				for (int x = 0; x < w; x++) {
					for (int j = 0; j < k * k; j++) {
						want.data[(size_t)(y * k + j / k) * want.stride +
								x * k + j % k] = at(&src, x, y);
					}
				}
			}
			struct gridwl_pixels pixels = buf_pixels(&src);
			struct gridwl_rect all = { 0, 0, w * k, h * k };
			gridwl_reference_magnify_nearest(&pixels, k, &all, got.data,
					got.stride);
			for (int i = 0; i < w * k * h * k; i++) {
				REQUIRE(got.data[i] == want.data[i],
						"k=%d %dx%d pixel %d: 0x%08x, want 0x%08x", k, w, h, i,
						got.data[i], want.data[i]);
				compared++;
			}
			buf_destroy(&src);
			buf_destroy(&want);
			buf_destroy(&got);
		}
	}
	return CHECK(compared > 50000, "compared %ld pixels", compared);
}

/* Bilinear magnification as usually stated: sample the source at the
 * destination pixel's centre mapped back, (x + 0.5) / k - 0.5, from the
 * four surrounding pixels with the edges repeated. */
static double bilinear_definition(const struct buf *src, int k, int x, int y,
		int c) {
	double sx = (x + 0.5) / k - 0.5, sy = (y + 0.5) / k - 0.5;
	double fx = floor(sx), fy = floor(sy);
	double ax = sx - fx, ay = sy - fy;
	int x0 = (int)fx, y0 = (int)fy;
	int xs[2], ys[2];
	for (int i = 0; i < 2; i++) {
		xs[i] = x0 + i < 0 ? 0 : x0 + i >= src->width ? src->width - 1 : x0 + i;
		ys[i] = y0 + i < 0            ? 0 :
				y0 + i >= src->height ? src->height - 1 :
										y0 + i;
	}
	double top = (1 - ax) * channel(at(src, xs[0], ys[0]), c) +
			ax * channel(at(src, xs[1], ys[0]), c);
	double bottom = (1 - ax) * channel(at(src, xs[0], ys[1]), c) +
			ax * channel(at(src, xs[1], ys[1]), c);
	return (1 - ay) * top + ay * bottom;
}

static bool test_bilinear(const void *data) {
	struct rng rng = { 2 };
	long compared = 0, ties = 0;
	for (size_t s = 0; s < N_SIZES; s++) {
		for (size_t ki = 0; ki < 3; ki++) {
			for (int fill = FILL_RANDOM; fill <= FILL_EXTREME; fill++) {
				int k = ks[ki], w = sizes[s][0], h = sizes[s][1];
				struct buf src = buf_create(w, h, 1);
				buf_fill(&src, &rng, fill);
				struct buf got = buf_create(w * k, h * k, 2);
				struct gridwl_pixels pixels = buf_pixels(&src);
				struct gridwl_rect all = { 0, 0, w * k, h * k };
				gridwl_reference_magnify_bilinear(&pixels, k, &all, got.data,
						got.stride);
				for (int y = 0; y < h * k; y++) {
					for (int x = 0; x < w * k; x++) {
						for (int c = 0; c < 4; c++) {
							double want = bilinear_definition(&src, k, x, y, c);
							double g = channel(at(&got, x, y), c);
							// Rounded to nearest: within 1/2; exact halves
							// (the sums are multiples of 1/(2k)^2) go up.
							REQUIRE(fabs(g - want) <= 0.5 + 1e-9,
									"k=%d %dx%d (%d, %d) channel %d: %g, want %g",
									k, w, h, x, y, c, g, want);
							if (fabs(want - floor(want) - 0.5) < 1e-9) {
								REQUIRE(g == floor(want) + 1,
										"k=%d (%d, %d) channel %d: %g rounds to %g",
										k, x, y, c, want, g);
								ties++;
							}
							compared++;
						}
					}
				}
				buf_destroy(&src);
				buf_destroy(&got);
			}
		}
	}
	bool ok = CHECK(compared > 100000, "compared %ld channels", compared);
	return CHECK(ties > 0, "no exact halves among %ld", compared) && ok;
}

static bool test_box(const void *data) {
	struct rng rng = { 3 };
	long compared = 0;
	for (size_t s = 0; s < N_SIZES; s++) {
		for (size_t ki = 0; ki < 3; ki++) {
			for (int fill = FILL_RANDOM; fill <= FILL_WHITE; fill++) {
				int k = ks[ki], w = sizes[s][0], h = sizes[s][1];
				struct buf src = buf_create(w * k, h * k, 2);
				buf_fill(&src, &rng, fill);
				// Every source pixel added into the destination pixel it
				// falls in, then each mean rounded half up.
				double *sums = calloc((size_t)w * h * 4, sizeof(*sums));
				REQUIRE(sums != NULL, "out of memory");
				for (int y = 0; y < h * k; y++) {
					for (int x = 0; x < w * k; x++) {
						for (int c = 0; c < 4; c++) {
							sums[((y / k) * w + x / k) * 4 + c] +=
									channel(at(&src, x, y), c);
						}
					}
				}
				struct buf got = buf_create(w, h, 1);
				struct gridwl_pixels pixels = buf_pixels(&src);
				struct gridwl_rect all = { 0, 0, w, h };
				gridwl_reference_reduce_box(&pixels, k, &all, got.data,
						got.stride);
				for (int y = 0; y < h; y++) {
					for (int x = 0; x < w; x++) {
						for (int c = 0; c < 4; c++) {
							double want = floor(
									sums[(y * w + x) * 4 + c] / (k * k) + 0.5);
							double g = channel(at(&got, x, y), c);
							REQUIRE(g == want,
									"k=%d %dx%d (%d, %d) channel %d: "
									"%g, want %g",
									k, w, h, x, y, c, g, want);
							compared++;
						}
					}
				}
				free(sums);
				buf_destroy(&src);
				buf_destroy(&got);
			}
		}
	}
	return CHECK(compared > 10000, "compared %ld channels", compared);
}

/* Any rectangle gives the same pixels as that part of the whole image. */
static bool test_partial(const void *data) {
	struct rng rng = { 4 };
	long compared = 0;
	const struct gridwl_kernels *ref =
			gridwl_kernels_for_isa(GRIDWL_ISA_REFERENCE);
	for (enum op op = OP_NEAREST; op <= OP_BOX; op++) {
		for (size_t ki = 0; ki < 3; ki++) {
			int k = ks[ki];
			int w = op == OP_BOX ? 23 * k : 23, h = op == OP_BOX ? 11 * k : 11;
			struct buf src = buf_create(w, h, 0);
			buf_fill(&src, &rng, FILL_RANDOM);
			struct gridwl_pixels pixels = buf_pixels(&src);
			int rw, rh;
			op_result_size(op, k, w, h, &rw, &rh);
			struct buf full = buf_create(rw, rh, 0);
			struct gridwl_rect all = { 0, 0, rw, rh };
			op_run(ref, op, &pixels, k, &all, full.data, full.stride);
			for (int i = 0; i < 50; i++) {
				struct gridwl_rect r;
				r.x = rng_range(&rng, 0, rw - 1);
				r.y = rng_range(&rng, 0, rh - 1);
				r.width = rng_range(&rng, 1, rw - r.x);
				r.height = rng_range(&rng, 1, rh - r.y);
				struct buf part = buf_create(r.width, r.height, 1);
				op_run(ref, op, &pixels, k, &r, part.data, part.stride);
				for (int y = 0; y < r.height; y++) {
					for (int x = 0; x < r.width; x++) {
						REQUIRE(at(&part, x, y) == at(&full, r.x + x, r.y + y),
								"%s k=%d rect %d,%d %dx%d at (%d, %d)",
								op_name(op), k, r.x, r.y, r.width, r.height, x,
								y);
						compared++;
					}
				}
				buf_destroy(&part);
			}
			buf_destroy(&full);
			buf_destroy(&src);
		}
	}
	return CHECK(compared > 10000, "compared %ld pixels", compared);
}

/* The dispatch: reference always, SSE2 on x86-64, AVX2 where the CPU has
 * it, and the best is the fastest of those. */
static bool test_dispatch(const void *data) {
	const struct gridwl_kernels *ref =
			gridwl_kernels_for_isa(GRIDWL_ISA_REFERENCE);
	const struct gridwl_kernels *sse2 = gridwl_kernels_for_isa(GRIDWL_ISA_SSE2);
	const struct gridwl_kernels *avx2 = gridwl_kernels_for_isa(GRIDWL_ISA_AVX2);
	const struct gridwl_kernels *best = gridwl_kernels_best();
	REQUIRE(ref != NULL && ref->isa == GRIDWL_ISA_REFERENCE, "no reference");
	bool ok = CHECK(strcmp(ref->name, "reference") == 0, "%s", ref->name);
#if defined(__x86_64__)
	__builtin_cpu_init();
	bool has_avx2 = __builtin_cpu_supports("avx2");
	REQUIRE(sse2 != NULL && sse2->isa == GRIDWL_ISA_SSE2, "no SSE2");
	ok = CHECK(strcmp(sse2->name, "sse2") == 0, "%s", sse2->name) && ok;
	ok = CHECK((avx2 != NULL) == has_avx2, "AVX2 %s but kernels %s",
				 has_avx2 ? "present" : "absent", avx2 ? "offered" : "not") &&
			ok;
	if (avx2 != NULL) {
		ok = CHECK(avx2->isa == GRIDWL_ISA_AVX2 &&
							 strcmp(avx2->name, "avx2") == 0,
					 "%s", avx2->name) &&
				ok;
	}
	ok = CHECK(best == (has_avx2 ? avx2 : sse2), "best is %s", best->name) &&
			ok;
#else
	ok = CHECK(sse2 == NULL && avx2 == NULL, "SIMD kernels offered") && ok;
	ok = CHECK(best == ref, "best is %s", best->name) && ok;
#endif
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "multiply-high division by 9 and 18", test_division,
			NULL);
	check_run(&suite, "reference nearest is k x k blocks", test_nearest, NULL);
	check_run(&suite, "reference bilinear rounds the definition", test_bilinear,
			NULL);
	check_run(&suite, "reference box is the rounded mean", test_box, NULL);
	check_run(&suite, "reference rectangles match the whole image",
			test_partial, NULL);
	check_run(&suite, "dispatch", test_dispatch, NULL);
	return check_finish(&suite);
}
