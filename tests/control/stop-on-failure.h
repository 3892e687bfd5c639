#ifndef GRIDWL_TESTS_CONTROL_STOP_ON_FAILURE_H
#define GRIDWL_TESTS_CONTROL_STOP_ON_FAILURE_H

#include <stdio.h>
#include <stdlib.h>

/* The control unit tests stop at the first failed check. */
#define CHECK(cond) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
					#cond); \
			exit(1); \
		} \
	} while (0)

#endif
