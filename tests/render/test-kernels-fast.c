#include <stdio.h>
#include "check.h"
#include "kernel-util.h"
#include "render/kernels/resample.h"

/*
 * The fast kernels against the reference, bit for bit: every k, every
 * operation, source widths 1..40 (none of them or all of them a multiple
 * of a vector) and some wider than the kernels' column chunks, odd heights,
 * images of random bytes and of only 0 and 255, rectangles touching every
 * edge and corner, single pixels, whole rows and columns, and the whole
 * image. Every rectangle is compared against the same area of the whole
 * reference image, so it also shows that partial rectangles are the whole
 * computation cut out. The destination is surrounded by guard pixels that
 * must stay untouched; sources are separate allocations whose last row
 * ends the allocation, so reading past it trips the sanitizer.
 */

// 5: past the vector loops' factors, where the nearest magnifiers hand
// whole rectangles, wider than their 64-column chunks, to the edge code.
static const int ks[] = { 2, 3, 4, 5 };

struct fast_case {
	enum gridwl_kernel_isa isa;
	enum op op;
};

struct run {
	const struct gridwl_kernels *fast;
	enum op op;
	int k;
	const struct gridwl_pixels *src;
	const struct buf *want; // the whole reference result
	long compared;
};

/* The fast kernel's pixels of a rectangle (kernel-util.h's fill). */
static void fill_rect(const void *data, const struct gridwl_rect *rect,
		uint32_t *dst, int dst_stride) {
	const struct run *run = data;
	op_run(run->fast, run->op, run->src, run->k, rect, dst, dst_stride);
}

static bool check_rect(struct run *run, struct gridwl_rect r) {
	char what[96];
	snprintf(what, sizeof(what), "%s %s k=%d source %dx%d", run->fast->name,
			op_name(run->op), run->k, run->src->width, run->src->height);
	return check_guarded(fill_rect, run, run->want, r, what, &run->compared);
}

static bool check_rects(struct run *run, struct rng *rng, int w, int h) {
	struct gridwl_rect rects[KERNEL_RECTS];
	int n = kernel_rects(rng, w, h, rects);
	for (int i = 0; i < n; i++) {
		REQUIRE(check_rect(run, rects[i]), "rect %d of %d", i, n);
	}
	return true;
}

/* One source image: the whole reference result, then the rectangles. */
static bool check_source(struct run *run, struct rng *rng, int w, int h,
		enum fill fill, bool narrow_rects) {
	const struct gridwl_kernels *ref =
			gridwl_kernels_for_isa(GRIDWL_ISA_REFERENCE);
	struct buf src = buf_create(w, h, rng_range(rng, 0, 1) * 5);
	buf_fill(&src, rng, fill);
	struct gridwl_pixels pixels = buf_pixels(&src);
	int rw, rh;
	op_result_size(run->op, run->k, w, h, &rw, &rh);
	struct buf want = buf_create(rw, rh, 0);
	struct gridwl_rect all = { 0, 0, rw, rh };
	op_run(ref, run->op, &pixels, run->k, &all, want.data, want.stride);
	run->src = &pixels;
	run->want = &want;
	bool ok = check_rects(run, rng, rw, rh);
	// Rectangles 1..40 wide at every phase of the source pixels and
	// the vector groups, at both ends.
	for (int width = 1; ok && narrow_rects && width <= 40 && width <= rw;
			width++) {
		for (int phase = 0; ok && phase < 2 * run->k + 1; phase++) {
			int x = phase <= rw - width ? phase : 0;
			int y = rng_range(rng, 0, rh - 1);
			int height = rng_range(rng, 1, rh - y);
			ok = check_rect(run, (struct gridwl_rect){ x, y, width, height });
			x = rw - width - phase >= 0 ? rw - width - phase : 0;
			ok = ok && check_rect(run, (struct gridwl_rect){ x, 0, width, rh });
		}
	}
	run->src = NULL;
	run->want = NULL;
	buf_destroy(&want);
	buf_destroy(&src);
	return ok;
}

static bool test_fast(const void *data) {
	const struct fast_case *c = data;
	struct run run = {
		.fast = gridwl_kernels_for_isa(c->isa),
		.op = c->op,
	};
	REQUIRE(run.fast != NULL, "no kernels");
	// The same images on every run, different per operation.
	struct rng rng = { 0x5eed0000u + c->isa * 16 + c->op };
	static const int heights[] = { 1, 2, 3, 5 };
	// Wider than the 256-pixel column chunks, around their multiples.
	static const int wide[] = { 255, 256, 257, 258, 300, 513, 520 };
	for (size_t ki = 0; ki < sizeof(ks) / sizeof(ks[0]); ki++) {
		run.k = ks[ki];
		// Box sources are k times the result size.
		int m = c->op == OP_BOX ? run.k : 1;
		for (int w = 1; w <= 40; w++) {
			for (size_t hi = 0; hi < 4; hi++) {
				int h = heights[hi];
				REQUIRE(check_source(&run, &rng, w * m, h * m, FILL_RANDOM,
								false),
						"random");
				REQUIRE(check_source(&run, &rng, w * m, h * m, FILL_EXTREME,
								false),
						"0 and 255");
			}
		}
		REQUIRE(check_source(&run, &rng, 64 * m, 4 * m, FILL_RANDOM, true),
				"narrow rectangles");
		REQUIRE(check_source(&run, &rng, 33 * m, 7 * m, FILL_WHITE, true),
				"white");
		for (size_t wi = 0; wi < sizeof(wide) / sizeof(wide[0]); wi++) {
			REQUIRE(check_source(&run, &rng, wide[wi] * m, 3 * m, FILL_RANDOM,
							false),
					"wide");
		}
		REQUIRE(check_source(&run, &rng, 1920 / 4 * m, 9 * m, FILL_EXTREME,
						false),
				"wide, 0 and 255");
	}
	printf("# %s %s: %ld pixels compared\n", run.fast->name, op_name(c->op),
			run.compared);
	return CHECK(run.compared > 300000, "compared %ld pixels", run.compared);
}

static bool pass(const void *data) {
	return true;
}

int main(void) {
	struct check_suite suite = { 0 };
	static const struct fast_case cases[] = {
		{ GRIDWL_ISA_SSE2, OP_NEAREST },
		{ GRIDWL_ISA_SSE2, OP_BILINEAR },
		{ GRIDWL_ISA_SSE2, OP_BOX },
		{ GRIDWL_ISA_AVX2, OP_NEAREST },
		{ GRIDWL_ISA_AVX2, OP_BILINEAR },
		{ GRIDWL_ISA_AVX2, OP_BOX },
	};
	static const char *const isa_names[] = {
		[GRIDWL_ISA_REFERENCE] = "reference",
		[GRIDWL_ISA_SSE2] = "sse2",
		[GRIDWL_ISA_AVX2] = "avx2",
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char name[128];
		if (gridwl_kernels_for_isa(cases[i].isa) == NULL) {
			// A TAP skip: this build or this CPU lacks the ISA.
			snprintf(name, sizeof(name),
					"%s %s # SKIP not in this build "
					"or not on this CPU",
					isa_names[cases[i].isa], op_name(cases[i].op));
			check_run(&suite, name, pass, NULL);
			continue;
		}
		snprintf(name, sizeof(name), "%s %s equals the reference",
				isa_names[cases[i].isa], op_name(cases[i].op));
		check_run(&suite, name, test_fast, &cases[i]);
	}
	return check_finish(&suite);
}
