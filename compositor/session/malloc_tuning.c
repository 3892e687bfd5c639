#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/util/log.h>
#include "compositor/session/malloc_tuning.h"

/*
 * glibc raises its mmap threshold to the size of every mmapped chunk that is
 * freed (up to 32 MiB), so once one output-sized buffer is freed the next
 * ones are carved from the heap, and as outputs, scales and windows come and
 * go the heap is left in fragments that malloc_trim returns only at times:
 * over an hour of bench/soak, RSS wandered between 33 and 47 MiB with no
 * leak (bench/README.md). Setting the threshold turns that adjustment off,
 * so large buffers are mapped and unmapped whole and RSS follows what is in
 * use. The cost is an mmap per large buffer, which the frame path does not
 * make: buffers are allocated per commit or per output, not per frame.
 */
#define GRIDWL_MMAP_THRESHOLD (128 * 1024)

void gridwl_malloc_tuning_init(void) {
	const char *tunables = getenv("GLIBC_TUNABLES");
	if (tunables != NULL &&
			strstr(tunables, "glibc.malloc.mmap_threshold") != NULL) {
		return; // the user's choice
	}
	if (mallopt(M_MMAP_THRESHOLD, GRIDWL_MMAP_THRESHOLD) != 1) {
		wlr_log(WLR_INFO, "Could not set malloc's mmap threshold");
	}
}
