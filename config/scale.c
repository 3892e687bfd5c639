#include <stdint.h>
#include <stdio.h>
#include "config/config.h"
#include "config/scale.h"

#define MAX_DECIMALS 9

static bool is_digit(char c) {
	return c >= '0' && c <= '9';
}

bool gridwl_scale_parse(const char *text, int *scale120, bool *exact) {
	// The value is whole + numerator / denominator, kept exact in
	// integers so that 1.1 is 132/120 and not a float's idea of it.
	const char *s = text;
	int64_t whole = 0;
	if (!is_digit(*s)) {
		return false;
	}
	for (; is_digit(*s); s++) {
		whole = whole * 10 + (*s - '0');
		if (whole > GRIDWL_SCALE_MAX) {
			return false;
		}
	}
	int64_t numerator = 0, denominator = 1;
	if (*s == '.') {
		s++;
		if (!is_digit(*s)) {
			return false;
		}
		for (int decimals = 0; is_digit(*s); s++, decimals++) {
			if (decimals == MAX_DECIMALS) {
				return false;
			}
			numerator = numerator * 10 + (*s - '0');
			denominator *= 10;
		}
	}
	if (*s != '\0') {
		return false;
	}
	int64_t total = whole * denominator + numerator;
	if (total < GRIDWL_SCALE_MIN * denominator ||
			total > GRIDWL_SCALE_MAX * denominator) {
		return false;
	}
	int64_t twice = total * GRIDWL_SCALE120_ONE * 2;
	*scale120 = (int)((twice + denominator) / (2 * denominator));
	*exact = (total * GRIDWL_SCALE120_ONE) % denominator == 0;
	return true;
}

void gridwl_scale_format(int scale120, char text[GRIDWL_SCALE_TEXT_MAX]) {
	if (gridwl_scale_is_integer(scale120)) {
		snprintf(text, GRIDWL_SCALE_TEXT_MAX, "%d",
				scale120 / GRIDWL_SCALE120_ONE);
		return;
	}
	// Six decimals tell every 120th apart (they are 0.0083 apart).
	snprintf(text, GRIDWL_SCALE_TEXT_MAX, "%.6g",
			(double)scale120 / GRIDWL_SCALE120_ONE);
}
