#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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
