#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/config.h"
#include "config/scale.h"
#include "config-parse-checks.h"
#include "config-parser-scales.h"

/* config-parser's scale cases: what an output's scale may be written as,
 * and what is refused. */

static const char *bad_scales[] = { "0", "5", "two", "2x", "4.01", "0.5", "1.",
	".5", "1e0", "1.0000000001", "1,5" };

static void test_bad_scales(void) {
	parse_error("output DP-1 scale 0.75",
			"scale must be auto or a number from 1 to 4 (1.25, 1.5, 2...), got '0.75'");
	for (size_t i = 0; i < sizeof(bad_scales) / sizeof(bad_scales[0]); i++) {
		char line[64];
		snprintf(line, sizeof(line), "output DP-1 scale %s", bad_scales[i]);
		parse_error(line, "scale");
		char want[64];
		snprintf(want, sizeof(want), "got '%s'", bad_scales[i]);
		parse_error(line, want);
	}
	parse_error("output DP-1 scale -1", "scale");
	parse_error("output DP-1 scale +2", "scale");
	parse_error("output DP-1 scale 1.5.0", "scale");

	// Each bad scale, loaded from a file, names the file and line 6.
	for (size_t i = 0; i < sizeof(bad_scales) / sizeof(bad_scales[0]); i++) {
		char contents[256];
		snprintf(contents, sizeof(contents),
				"# outputs\n"
				"output * scale 2\n"
				"\n"
				"bind Mod4+Return exec foot\n"
				"   output DP-2 position 0,0\n"
				"output DP-1 mode 800x600 scale %s\n"
				"exec never-reached\n",
				bad_scales[i]);
		load_refused(contents, 6, "scale");
	}
}

/* Fractional scales, kept in 120ths: exact where the text is a multiple
 * of 1/120, else the nearest with the rounding flagged. */
static void test_fractional_scales(void) {
	const struct {
		const char *text;
		int scale120;
		bool rounded;
	} cases[] = {
		{ "1", 120, false },
		{ "2.0", 240, false },
		{ "1.5", 180, false },
		{ "1.25", 150, false },
		{ "1.75", 210, false },
		{ "1.3", 156, false },
		{ "4", 480, false },
		{ "1.33", 160, true },
		{ "1.333333", 160, true },
		{ "1.004", 120, true },
		{ "1.00417", 121, true },
		{ "3.999", 480, true },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *argv[] = { "scale", (char *)cases[i].text };
		struct gridwl_output_config *oc = gridwl_output_config_create("X");
		CHECK_MSG(gridwl_output_config_parse_words(oc, 2, argv, WHERE, NULL),
				cases[i].text);
		CHECK_MSG(oc->has_scale && oc->scale120 == cases[i].scale120 &&
						oc->scale_rounded == cases[i].rounded,
				cases[i].text);
		gridwl_output_config_destroy(oc);
	}
	// What is reported parses back to the same 120th.
	for (int scale120 = GRIDWL_SCALE120_MIN; scale120 <= GRIDWL_SCALE120_MAX;
			scale120++) {
		char text[GRIDWL_SCALE_TEXT_MAX];
		gridwl_scale_format(scale120, text);
		int back;
		bool exact;
		CHECK_MSG(gridwl_scale_parse(text, &back, &exact) && back == scale120,
				text);
	}
	char text[GRIDWL_SCALE_TEXT_MAX];
	gridwl_scale_format(180, text);
	CHECK(strcmp(text, "1.5") == 0);
	gridwl_scale_format(240, text);
	CHECK(strcmp(text, "2") == 0);
	CHECK(gridwl_scale_ceil(121) == 2 && gridwl_scale_ceil(240) == 2 &&
			gridwl_scale_ceil(241) == 3);
}

/* Division rounded down and up on both sides of zero, as positions left of
 * or above an output's origin need, and the rounding built on it. */
static void test_scale_division(void) {
	static const struct {
		int64_t a, b, floor, ceil;
	} cases[] = {
		{ 0, 120, 0, 0 },
		{ 1, 120, 0, 1 },
		{ 119, 120, 0, 1 },
		{ 120, 120, 1, 1 },
		{ 121, 120, 1, 2 },
		{ -1, 120, -1, 0 },
		{ -119, 120, -1, 0 },
		{ -120, 120, -1, -1 },
		{ -121, 120, -2, -1 },
		{ -360, 240, -2, -1 },
		{ INT64_C(-3000000000), 7, INT64_C(-428571429), INT64_C(-428571428) },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CHECK(gridwl_floor_div(cases[i].a, cases[i].b) == cases[i].floor);
		CHECK(gridwl_ceil_div(cases[i].a, cases[i].b) == cases[i].ceil);
	}
	// At 1.5: -1 is -1.5 device pixels, halves up to -1; -3 is -4.5, -4.
	CHECK(gridwl_scale_round(-1, 180) == -1);
	CHECK(gridwl_scale_round(-3, 180) == -4);
	CHECK(gridwl_scale_round(-2, 180) == -3);
	CHECK(gridwl_scale_round(1, 180) == 2);
	// At 1.25: -1 is -1.25, to -1; -3 is -3.75, to -4.
	CHECK(gridwl_scale_round(-1, 150) == -1);
	CHECK(gridwl_scale_round(-3, 150) == -4);
	CHECK(gridwl_scale_ceil(120) == 1 && gridwl_scale_ceil(180) == 2);
}

/* "scale auto" asks for what no scale gives, and is undone by a later
 * number, as a number is by a later "scale auto". */
static void test_scale_auto(void) {
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config, "output * scale 2");
	parse_ok(config, "output eDP-1 scale auto");
	struct gridwl_output_config *oc = gridwl_config_output_for(config, "eDP-1");
	CHECK(oc->has_scale && oc->scale120 == GRIDWL_SCALE120_AUTO);
	CHECK(!gridwl_output_config_has_fixed_scale(oc) && !oc->scale_rounded);
	// gridctl output eDP-1 scale 1.5, then scale auto again.
	struct gridwl_output_config *line = gridwl_output_config_create("eDP-1");
	char *number[] = { "scale", "1.5" };
	CHECK(gridwl_output_config_parse_words(line, 2, number, WHERE, NULL));
	gridwl_output_config_merge(oc, line);
	CHECK(gridwl_output_config_has_fixed_scale(oc) && oc->scale120 == 180);
	char *again[] = { "scale", "auto" };
	CHECK(gridwl_output_config_parse_words(line, 2, again, WHERE, NULL));
	gridwl_output_config_merge(oc, line);
	CHECK(!gridwl_output_config_has_fixed_scale(oc));
	gridwl_output_config_destroy(line);
	gridwl_output_config_destroy(oc);
	oc = gridwl_config_output_for(config, "DP-1");
	CHECK(gridwl_output_config_has_fixed_scale(oc) && oc->scale120 == 240);
	gridwl_output_config_destroy(oc);
	// Only the word itself.
	parse_error("output DP-1 scale Auto",
			"scale must be auto or a number from 1 to 4 (1.25, 1.5, 2...), "
			"got 'Auto'");
	gridwl_config_destroy(config);
}

void test_config_scales(void) {
	test_bad_scales();
	test_fractional_scales();
	test_scale_division();
	test_scale_auto();
}
