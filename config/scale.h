#ifndef GRIDWL_CONFIG_SCALE_H
#define GRIDWL_CONFIG_SCALE_H

#include <stdbool.h>
#include <stdint.h>
#include "config/config.h"

/*
 * An output's scale, in 120ths: what wp_fractional_scale_v1 can express,
 * and so the finest scale a client can draw for exactly. 1.5 is 180. An
 * integer scale N is 120 N and behaves as integer scales always have.
 */
#define GRIDWL_SCALE120_ONE 120
#define GRIDWL_SCALE120_MIN (GRIDWL_SCALE_MIN * GRIDWL_SCALE120_ONE)
#define GRIDWL_SCALE120_MAX (GRIDWL_SCALE_MAX * GRIDWL_SCALE120_ONE)

/* "scale auto": chosen from the panel's size (config/auto_scale.h). */
#define GRIDWL_SCALE120_AUTO 0

/* A number was configured, which wins over the automatic choice. */
static inline bool gridwl_output_config_has_fixed_scale(
		const struct gridwl_output_config *oc) {
	return oc->has_scale && oc->scale120 != GRIDWL_SCALE120_AUTO;
}

/* Longest text gridwl_scale_format writes, with its NUL. */
#define GRIDWL_SCALE_TEXT_MAX 16

/* "N" or "N.FRACTION" (up to nine decimals), from 1 to 4, to the nearest
 * 120th (halves up); *exact says whether text was a multiple of 1/120.
 * False for anything else: signs, blanks, exponents, 0, above 4. */
bool gridwl_scale_parse(const char *text, int *scale120, bool *exact);

/* "2", "1.5", "1.333333": a decimal that parses back to scale120. */
void gridwl_scale_format(int scale120, char text[GRIDWL_SCALE_TEXT_MAX]);

/* a / b rounded down and up, for any sign of a (C's / truncates towards
 * zero, which is wrong for positions left of or above an origin); b > 0. */
static inline int64_t gridwl_floor_div(int64_t a, int64_t b) {
	int64_t q = a / b;
	return a % b != 0 && a < 0 ? q - 1 : q;
}

static inline int64_t gridwl_ceil_div(int64_t a, int64_t b) {
	int64_t q = a / b;
	return a % b != 0 && a > 0 ? q + 1 : q;
}

/* The integer scale clients without wp_fractional_scale_v1 draw at:
 * rounded up, as wl_output.scale and preferred_buffer_scale say. */
static inline int gridwl_scale_ceil(int scale120) {
	return (int)gridwl_ceil_div(scale120, GRIDWL_SCALE120_ONE);
}

/* A logical position or length in device pixels at scale120, rounded to
 * the nearest (halves up, also below zero). Every size and every top-left
 * corner gridwl draws at a fractional scale is made this way, so a window
 * of logical width w covers round(w x scale) device pixels wherever it is:
 * what a wp_fractional_scale_v1 client's buffer has. */
static inline int64_t gridwl_scale_round(int64_t logical, int scale120) {
	return gridwl_floor_div(logical * scale120 * 2 + GRIDWL_SCALE120_ONE,
			2 * GRIDWL_SCALE120_ONE);
}

static inline bool gridwl_scale_is_integer(int scale120) {
	return scale120 % GRIDWL_SCALE120_ONE == 0;
}

#endif
