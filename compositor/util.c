#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "compositor/util.h"

void gridwl_set_error(char **error, const char *fmt, ...) {
	if (error == NULL) {
		return;
	}
	va_list args;
	va_start(args, fmt);
	char *message = NULL;
	if (vasprintf(&message, fmt, args) < 0) {
		message = NULL;
	}
	va_end(args);
	*error = message;
}

uint32_t gridwl_now_msec(void) {
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint32_t)(now.tv_sec * 1000 + now.tv_nsec / 1000000);
}
