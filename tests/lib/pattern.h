#ifndef GRIDWL_TESTS_PATTERN_H
#define GRIDWL_TESTS_PATTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Test patterns that are a pure function of the buffer pixel and the buffer
 * size, so a test can compute what every pixel of a screenshot must be
 * without having to trust the client that drew it. All colours are opaque
 * ARGB8888, 0xffRRGGBB, and none of them is the compositor's background
 * 0xff333333, so an uncovered pixel can never pass for part of a pattern.
 */

enum pattern_kind {
	// 1-buffer-pixel checkerboard: catches any scaling or half-pixel shift
	PATTERN_CHECKER,
	// 1-px lines every 8 buffer pixels plus a border on the last row and
	// column: catches cropping and misplaced edges
	PATTERN_GRID,
	// every pixel encodes its own coordinates: a mismatch says where the
	// pixel came from
	PATTERN_COORDS,
	PATTERN_SOLID,
};

struct pattern {
	enum pattern_kind kind;
	uint32_t colour; // PATTERN_SOLID only, 0xffRRGGBB
};

#define PATTERN_CHECKER_EVEN 0xffe0e0e0u
#define PATTERN_CHECKER_ODD 0xff102040u
#define PATTERN_GRID_LINE 0xfff0f0f0u
#define PATTERN_GRID_BACKGROUND 0xff204060u

uint32_t pattern_pixel(const struct pattern *pattern, int bx, int by, int bw,
		int bh);

/* "checker", "grid", "coords" or "solid:RRGGBB" (hex); the solid colour is
 * made opaque. Returns false on anything else. */
bool pattern_parse(const char *text, struct pattern *pattern);
/* The inverse of pattern_parse, into buf; returns buf. */
const char *pattern_format(const struct pattern *pattern, char *buf,
		size_t size);

/* Name <-> kind, for the kinds that take no parameter and "solid". */
const char *pattern_kind_name(enum pattern_kind kind);
bool pattern_kind_from_name(const char *name, enum pattern_kind *kind);

#endif
