#include <stddef.h>
#include "render/kernels/kernels.h"
#include "render/kernels/rational_fast.h"

const struct gridwl_kernels *gridwl_kernels_for_isa(
		enum gridwl_kernel_isa isa) {
	switch (isa) {
	case GRIDWL_ISA_REFERENCE:
		return &gridwl_kernels_reference;
#if defined(__x86_64__)
	case GRIDWL_ISA_SSE2:
		// Part of x86-64 itself: every CPU this build runs on has it.
		return &gridwl_kernels_sse2;
	case GRIDWL_ISA_AVX2:
		// Asked every time rather than remembered: the check is a few
		// loads from what libgcc read at start-up, and remembering would
		// take mutable global state. __builtin_cpu_supports also checks
		// that the OS saves the YMM registers.
		__builtin_cpu_init();
		return __builtin_cpu_supports("avx2") ? &gridwl_kernels_avx2 : NULL;
#else
	case GRIDWL_ISA_SSE2:
	case GRIDWL_ISA_AVX2:
		return NULL;
#endif
	}
	return NULL;
}

const struct gridwl_kernels *gridwl_kernels_best(void) {
	static const enum gridwl_kernel_isa fastest_first[] = {
		GRIDWL_ISA_AVX2,
		GRIDWL_ISA_SSE2,
		GRIDWL_ISA_REFERENCE,
	};
	for (size_t i = 0; i < sizeof(fastest_first) / sizeof(fastest_first[0]);
			i++) {
		const struct gridwl_kernels *kernels =
				gridwl_kernels_for_isa(fastest_first[i]);
		if (kernels != NULL) {
			return kernels;
		}
	}
	return &gridwl_kernels_reference;
}

gridwl_rational_func gridwl_rational_for_isa(enum gridwl_kernel_isa isa) {
	static const gridwl_rational_func by_isa[] = {
		[GRIDWL_ISA_REFERENCE] = gridwl_reference_resample_rational,
#if defined(__x86_64__)
		[GRIDWL_ISA_SSE2] = gridwl_sse2_resample_rational,
		[GRIDWL_ISA_AVX2] = gridwl_avx2_resample_rational,
#endif
	};
	// What the integer kernels have, this build and this CPU have.
	return gridwl_kernels_for_isa(isa) != NULL ? by_isa[isa] : NULL;
}

void gridwl_resample_rational(const struct gridwl_pixels *src,
		struct gridwl_axis_ratio x_ratio, struct gridwl_axis_ratio y_ratio,
		bool bilinear, const struct gridwl_rect *rect, uint32_t *dst,
		int dst_stride) {
	gridwl_rational_func resample =
			gridwl_rational_for_isa(gridwl_kernels_best()->isa);
	resample(src, x_ratio, y_ratio, bilinear, rect, dst, dst_stride);
}
