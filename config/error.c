#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/config.h"
#include "config/error.h"

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

bool gridwl_config_error(char **error, const char *where, const char *fmt,
		...) {
	if (error == NULL) {
		return false;
	}
	*error = NULL;

	va_list args;
	va_start(args, fmt);
	int len = vsnprintf(NULL, 0, fmt, args);
	va_end(args);
	if (len < 0) {
		return false;
	}

	size_t prefix_len = where != NULL ? strlen(where) + 2 : 0;
	char *buf = malloc(prefix_len + (size_t)len + 1);
	if (buf == NULL) {
		return false;
	}
	if (where != NULL) {
		memcpy(buf, where, prefix_len - 2);
		memcpy(buf + prefix_len - 2, ": ", 2);
	}

	va_start(args, fmt);
	vsnprintf(buf + prefix_len, (size_t)len + 1, fmt, args);
	va_end(args);

	*error = buf;
	return false;
}
