#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "gridctl/util.h"

char *gridctl_format(const char *fmt, ...) {
	va_list args;
	va_start(args, fmt);
	int len = vsnprintf(NULL, 0, fmt, args);
	va_end(args);
	if (len < 0) {
		return NULL;
	}
	char *str = malloc((size_t)len + 1);
	if (str == NULL) {
		return NULL;
	}
	va_start(args, fmt);
	vsnprintf(str, (size_t)len + 1, fmt, args);
	va_end(args);
	return str;
}
