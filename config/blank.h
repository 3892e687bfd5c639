#ifndef GRIDWL_CONFIG_BLANK_H
#define GRIDWL_CONFIG_BLANK_H

#include <stdbool.h>

/* What separates the words of a config line, for every parser of
 * config/. */
static inline bool gridwl_config_is_blank(char c) {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static inline const char *gridwl_config_skip_blanks(const char *s) {
	while (gridwl_config_is_blank(*s)) {
		s++;
	}
	return s;
}

#endif
