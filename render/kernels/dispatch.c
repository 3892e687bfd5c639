#include <stddef.h>
#include "render/kernels/kernels.h"

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
