#include <stdarg.h>
#include <stdio.h>
#include "client-emit.h"

void client_emit(const char *fmt, ...) {
	va_list args;
	va_start(args, fmt);
	vprintf(fmt, args);
	va_end(args);
	putchar('\n');
	fflush(stdout);
}
