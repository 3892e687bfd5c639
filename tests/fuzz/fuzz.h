#ifndef GRIDWL_TESTS_FUZZ_H
#define GRIDWL_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * Each fuzz-*.c defines the libFuzzer entry point. Built with clang and
 * -fsanitize=fuzzer it is a fuzzer; linked with replay.c it is a unit test
 * that runs the committed corpus through the same function.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An invariant the parser must keep whatever the input: abort, so that
 * libFuzzer saves the input and the replay test fails. */
#define FUZZ_ASSERT(cond) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "%s:%d: fuzz invariant failed: %s\n", __FILE__, \
					__LINE__, #cond); \
			abort(); \
		} \
	} while (0)

#endif
