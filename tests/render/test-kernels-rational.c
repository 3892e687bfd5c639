#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "image.h"
#include "kernel-util.h"
#include "render/kernels/rational_fast.h"
#include "resample_expect.h"

/*
 * The fast rational kernels against the scalar reference, bit for bit, and
 * the reference against tests/lib/resample_expect.c's models.
 *
 * Each fast implementation resamples, per pair of axis ratios and filter,
 * sources 1..40 wide and 1..5 high and some wider than the vectors'
 * multiples, of random bytes (alpha too), of only 0 and 255 (the largest
 * sums) and white; every rectangle is compared with the same area of the
 * reference's whole image, guard pixels around it untouched. The ratios
 * take in every path of rational_fast.h: copies (nearest, 1:1), two and
 * three taps, more taps than the specialised loops, sums T on both sides
 * of GRIDWL_RATIONAL_FLOAT_MAX_TOTAL (floats, then doubles), weights beyond
 * 16 bits (the reference), and axes that differ.
 */

struct ratio_case {
	struct gridwl_axis_ratio x, y;
};

static const struct ratio_case ratios[] = {
	{ { 3, 2 }, { 3, 2 } }, // scale 1 on 1.5
	{ { 5, 4 }, { 5, 4 } }, // 1 on 1.25
	{ { 7, 4 }, { 7, 4 } }, // 1 on 1.75
	{ { 3, 4 }, { 3, 4 } }, // 2 on 1.5
	{ { 5, 8 }, { 5, 8 } }, // 2 on 1.25
	{ { 7, 8 }, { 7, 8 } }, // 2 on 1.75
	{ { 1, 1 }, { 1, 1 } }, { { 2, 1 }, { 3, 1 } }, // integer magnification
	{ { 1, 3 }, { 1, 2 } }, // integer reduction
	{ { 2, 5 }, { 2, 5 } }, // three taps
	{ { 1, 6 }, { 2, 9 } }, // six and five taps
	{ { 11, 10 }, { 10, 11 } },
	{ { 3, 2 }, { 3, 4 } }, // magnified across, reduced down
	{ { 1, 1 }, { 5, 4 } }, { { 7, 8 }, { 1, 1 } },
	{ { 45, 44 }, { 45, 44 } }, // bilinear T = 8100: floats
	{ { 46, 45 }, { 45, 44 } }, // bilinear T = 92 x 90: doubles
	{ { 89, 90 }, { 89, 90 } }, // area T = 8100: floats
	{ { 91, 92 }, { 88, 89 } }, // area T = 8188: floats
	{ { 91, 92 }, { 91, 92 } }, // area T = 8464: doubles
	{ { 302, 201 }, { 152, 101 } }, // a 1.5 buffer on 1 across a seam
	{ { 201, 302 }, { 101, 152 } }, // and the other way
	{ { 16384, 16383 }, { 20000, 19999 } }, // weights beyond 16 bits
};
#define N_RATIOS (sizeof(ratios) / sizeof(ratios[0]))

struct run {
	gridwl_rational_func fast;
	const char *name;
	struct ratio_case ratio;
	bool bilinear;
	const struct gridwl_pixels *src;
	const struct buf *want;
	long compared;
};

static void fill_rect(const void *data, const struct gridwl_rect *rect,
		uint32_t *dst, int dst_stride) {
	const struct run *run = data;
	run->fast(run->src, run->ratio.x, run->ratio.y, run->bilinear, rect, dst,
			dst_stride);
}

/* The destination's size along an axis, rounded up as the caller (or
 * down, when round_up is false) likes. */
static int result_size(int size, struct gridwl_axis_ratio ratio,
		bool round_up) {
	int64_t product = (int64_t)size * ratio.m;
	int64_t result =
			round_up ? (product + ratio.r - 1) / ratio.r : product / ratio.r;
	return result > 0 ? (int)result : 1;
}

static bool check_source(struct run *run, struct rng *rng, int w, int h,
		enum fill fill, bool round_up) {
	struct buf src = buf_create(w, h, rng_range(rng, 0, 1) * 5);
	buf_fill(&src, rng, fill);
	struct gridwl_pixels pixels = buf_pixels(&src);
	int rw = result_size(w, run->ratio.x, round_up);
	int rh = result_size(h, run->ratio.y, round_up);
	struct buf want = buf_create(rw, rh, 0);
	struct gridwl_rect all = { 0, 0, rw, rh };
	gridwl_reference_resample_rational(&pixels, run->ratio.x, run->ratio.y,
			run->bilinear, &all, want.data, want.stride);
	run->src = &pixels;
	run->want = &want;
	char what[128];
	snprintf(what, sizeof(what), "%s %s x %d:%d y %d:%d source %dx%d",
			run->name, run->bilinear ? "bilinear" : "nearest", run->ratio.x.m,
			run->ratio.x.r, run->ratio.y.m, run->ratio.y.r, w, h);
	struct gridwl_rect rects[KERNEL_RECTS];
	int n = kernel_rects(rng, rw, rh, rects);
	bool ok = true;
	for (int i = 0; i < n && ok; i++) {
		ok = check_guarded(fill_rect, run, &want, rects[i], what,
				&run->compared);
	}
	// Narrow rectangles at every phase of the first vectors.
	for (int x = 0; ok && x < 9 && x < rw; x++) {
		int width = rng_range(rng, 1, rw - x < 20 ? rw - x : 20);
		ok = check_guarded(fill_rect, run, &want,
				(struct gridwl_rect){ x, 0, width, rh }, what, &run->compared);
	}
	buf_destroy(&want);
	buf_destroy(&src);
	return ok;
}

static bool test_fast(const void *data) {
	const enum gridwl_kernel_isa *isa = data;
	struct run run = {
		.fast = gridwl_rational_for_isa(*isa),
		.name = gridwl_kernels_for_isa(*isa)->name,
	};
	REQUIRE(run.fast != NULL, "no rational kernel");
	struct rng rng = { 0x7a710000u + *isa };
	static const int wide[] = { 61, 128, 300, 517 };
	for (size_t r = 0; r < N_RATIOS; r++) {
		run.ratio = ratios[r];
		for (int bilinear = 0; bilinear < 2; bilinear++) {
			run.bilinear = bilinear;
			for (int w = 1; w <= 40; w++) {
				int h = rng_range(&rng, 1, 5);
				REQUIRE(check_source(&run, &rng, w, h, FILL_RANDOM, w % 3 != 0),
						"random");
				REQUIRE(check_source(&run, &rng, w, h, FILL_EXTREME, true),
						"0 and 255");
			}
			REQUIRE(check_source(&run, &rng, 33, 7, FILL_WHITE, true), "white");
			for (size_t i = 0; i < sizeof(wide) / sizeof(wide[0]); i++) {
				REQUIRE(check_source(&run, &rng, wide[i], rng_range(&rng, 2, 9),
								i % 2 ? FILL_EXTREME : FILL_RANDOM, true),
						"wide");
			}
		}
	}
	printf("# %s: %ld pixels compared\n", run.name, run.compared);
	return CHECK(run.compared > 1000000, "compared %ld pixels", run.compared);
}

/* A model case: the ratio along both axes and the filter. */
struct model_case {
	int m, r;
	bool bilinear;
};

/* The reference and the fastest implementation against the model, on a
 * source of random premultiplied pixels (each colour at most its alpha). */
static bool test_model(const void *data) {
	const struct model_case *c = data;
	struct rng rng = { 0x30de1000u + c->m * 64 + c->r * 2 + c->bilinear };
	int w = 37, h = 23;
	struct image *source = image_create(w, h);
	REQUIRE(source != NULL, "no image");
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			uint32_t a = (uint32_t)rng_range(&rng, 0, 255);
			uint32_t pixel = a << 24;
			for (int s = 0; s < 24; s += 8) {
				pixel |= (uint32_t)rng_range(&rng, 0, (int)a) << s;
			}
			image_set(source, x, y, pixel);
		}
	}
	struct gridwl_axis_ratio ratio = { c->m, c->r };
	int dw = result_size(w, ratio, true), dh = result_size(h, ratio, true);
	struct resample_ratio k = { c->m, c->r, c->m, c->r };
	struct image *expect = resample_expect_ratio(source, dw, dh, &k,
			c->bilinear ? RESAMPLE_BILINEAR : RESAMPLE_NEAREST);
	struct gridwl_pixels pixels = {
		.data = source->pixels,
		.width = w,
		.height = h,
		.stride = w,
	};
	struct image *actual = image_create(dw, dh);
	// The model's bilinear weights are doubles, which can round a half
	// the other way: 1 per channel, as resample_tolerance allows.
	struct expected *model = expected_create(dw, dh, 0);
	bool ok = CHECK(expect != NULL && actual != NULL && model != NULL,
			"no image");
	if (ok) {
		expected_paste(model, expect, 0, 0, c->bilinear && c->m > c->r);
	}
	gridwl_rational_func funcs[] = {
		gridwl_reference_resample_rational,
		gridwl_resample_rational,
	};
	for (size_t f = 0; ok && f < 2; f++) {
		struct gridwl_rect all = { 0, 0, dw, dh };
		funcs[f](&pixels, ratio, ratio, c->bilinear, &all, actual->pixels, dw);
		struct expected_mismatch mismatch = { 0 };
		long differ = expected_compare(model, actual, &mismatch);
		ok = CHECK(differ == 0,
				"%s: %ld of %dx%d pixels differ from the model, the first "
				"(%d, %d) 0x%08x, not 0x%08x",
				f == 0 ? "reference" : "fastest", differ, dw, dh, mismatch.x,
				mismatch.y, mismatch.actual, mismatch.expected);
	}
	expected_destroy(model);
	image_destroy(actual);
	image_destroy(expect);
	image_destroy(source);
	return ok;
}

/*
 * The float division of rational_fast.h, as the vector code does it, for
 * every T up to GRIDWL_RATIONAL_FLOAT_MAX_TOTAL and every quotient: the
 * sums H on either side of each step, where H + floor(T / 2) is q T - 1
 * and q T. Random pixels rarely land there; a limit set too high fails
 * here.
 */
static bool test_float_division(const void *data) {
	long checked = 0;
	for (uint32_t total = 1; total <= GRIDWL_RATIONAL_FLOAT_MAX_TOTAL;
			total++) {
		float bias = (float)(total / 2) + 0.5f;
		float scale = 1.0f / (float)total;
		for (uint32_t q = 1; q <= 256; q++) {
			for (uint32_t below = 0; below <= 1; below++) {
				uint32_t sum = q * total - total / 2 - below;
				if (sum > 255 * total) {
					continue;
				}
				uint32_t want = (sum + total / 2) / total;
				uint32_t got = (uint32_t)(((float)sum + bias) * scale);
				REQUIRE(got == want, "T %u, H %u: %u, not %u", total, sum, got,
						want);
				checked++;
			}
		}
	}
	printf("# %ld quotients\n", checked);
	return true;
}

static bool pass(const void *data) {
	return true;
}

int main(void) {
	struct check_suite suite = { 0 };
	static const enum gridwl_kernel_isa isas[] = {
		GRIDWL_ISA_SSE2,
		GRIDWL_ISA_AVX2,
	};
	static const char *const isa_names[] = {
		[GRIDWL_ISA_SSE2] = "sse2",
		[GRIDWL_ISA_AVX2] = "avx2",
	};
	for (size_t i = 0; i < sizeof(isas) / sizeof(isas[0]); i++) {
		char name[128];
		if (gridwl_rational_for_isa(isas[i]) == NULL) {
			// A TAP skip: this build or this CPU lacks the ISA.
			snprintf(name, sizeof(name),
					"%s rational # SKIP not in this build or not on this CPU",
					isa_names[isas[i]]);
			check_run(&suite, name, pass, NULL);
			continue;
		}
		snprintf(name, sizeof(name), "%s rational equals the reference",
				isa_names[isas[i]]);
		check_run(&suite, name, test_fast, &isas[i]);
	}
	check_run(&suite, "float division exact up to the limit",
			test_float_division, NULL);
	static const struct model_case models[] = {
		{ 3, 2, false },
		{ 3, 2, true },
		{ 5, 4, true },
		{ 3, 4, false },
		{ 7, 8, true },
	};
	for (size_t i = 0; i < sizeof(models) / sizeof(models[0]); i++) {
		char name[128];
		snprintf(name, sizeof(name),
				"%d:%d %s: reference and fastest equal "
				"the model",
				models[i].m, models[i].r,
				models[i].m < models[i].r  ? "area" :
						models[i].bilinear ? "bilinear" :
											 "nearest");
		check_run(&suite, name, test_model, &models[i]);
	}
	return check_finish(&suite);
}
