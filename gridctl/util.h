#ifndef GRIDWL_GRIDCTL_UTIL_H
#define GRIDWL_GRIDCTL_UTIL_H

/* A newly allocated formatted string, or NULL when out of memory. */
char *gridctl_format(const char *fmt, ...)
		__attribute__((format(printf, 1, 2)));

#endif
