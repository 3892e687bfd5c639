#ifndef GRIDWL_CONFIG_ERROR_H
#define GRIDWL_CONFIG_ERROR_H

/* Sets *error (when error is not NULL) to a malloc'd formatted message:
 * how every part of gridwl, the lowest (config/, render/) included, says
 * what went wrong to whoever asked. */
void gridwl_set_error(char **error, const char *fmt, ...)
		__attribute__((format(printf, 2, 3)));

#endif
