#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pattern.h"

static const char *const kind_names[] = {
	[PATTERN_CHECKER] = "checker",
	[PATTERN_GRID] = "grid",
	[PATTERN_COORDS] = "coords",
	[PATTERN_SOLID] = "solid",
};

#define KIND_COUNT (sizeof(kind_names) / sizeof(kind_names[0]))

static uint32_t coords_pixel(int bx, int by) {
	uint32_t r = (uint32_t)bx & 0xff;
	uint32_t g = (uint32_t)by & 0xff;
	// The high nibbles keep coordinates up to 4095 distinct, enough for
	// any output the tests use.
	uint32_t b =
			((((uint32_t)bx >> 8) & 0xf) << 4) | (((uint32_t)by >> 8) & 0xf);
	return 0xff000000u | r << 16 | g << 8 | b;
}

uint32_t pattern_pixel(const struct pattern *pattern, int bx, int by, int bw,
		int bh) {
	switch (pattern->kind) {
	case PATTERN_CHECKER:
		return ((bx + by) & 1) ? PATTERN_CHECKER_ODD : PATTERN_CHECKER_EVEN;
	case PATTERN_GRID:
		if (bx % 8 == 0 || by % 8 == 0 || bx == bw - 1 || by == bh - 1) {
			return PATTERN_GRID_LINE;
		}
		return PATTERN_GRID_BACKGROUND;
	case PATTERN_COORDS:
		return coords_pixel(bx, by);
	case PATTERN_SOLID:
		return 0xff000000u | pattern->colour;
	}
	abort();
}

const char *pattern_kind_name(enum pattern_kind kind) {
	if ((size_t)kind >= KIND_COUNT) {
		return NULL;
	}
	return kind_names[kind];
}

bool pattern_kind_from_name(const char *name, enum pattern_kind *kind) {
	for (size_t i = 0; i < KIND_COUNT; i++) {
		if (strcmp(name, kind_names[i]) == 0) {
			*kind = (enum pattern_kind)i;
			return true;
		}
	}
	return false;
}

static bool parse_rgb(const char *hex, uint32_t *colour) {
	if (strlen(hex) != 6 || strspn(hex, "0123456789abcdefABCDEF") != 6) {
		return false;
	}
	*colour = 0xff000000u | (uint32_t)strtoul(hex, NULL, 16);
	return true;
}

bool pattern_parse(const char *text, struct pattern *pattern) {
	const char *prefix = "solid:";
	if (strncmp(text, prefix, strlen(prefix)) == 0) {
		uint32_t colour;
		if (!parse_rgb(text + strlen(prefix), &colour)) {
			return false;
		}
		*pattern = (struct pattern){ .kind = PATTERN_SOLID, .colour = colour };
		return true;
	}
	enum pattern_kind kind;
	// Plain "solid" has no colour to give it.
	if (!pattern_kind_from_name(text, &kind) || kind == PATTERN_SOLID) {
		return false;
	}
	*pattern = (struct pattern){ .kind = kind };
	return true;
}

const char *pattern_format(const struct pattern *pattern, char *buf,
		size_t size) {
	if (pattern->kind == PATTERN_SOLID) {
		snprintf(buf, size, "solid:%06x",
				(unsigned)(pattern->colour & 0xffffff));
	} else {
		snprintf(buf, size, "%s", pattern_kind_name(pattern->kind));
	}
	return buf;
}
