#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/config.h"
#include "config/transform.h"
#include "config-parse-checks.h"

/* "output NAME transform T": each of the eight names to wl_output's value
 * and back, unset until a line gives it, merged like the other keys, and
 * every bad value refused with FILE:LINE (from a file) or gridctl's
 * prefix, leaving the config as it was. */

#define WANT_NAMES \
	"transform must be normal, 90, 180, 270, flipped, flipped-90, " \
	"flipped-180 or flipped-270, got "

static void test_values(void) {
	static const struct {
		const char *value;
		enum wl_output_transform transform;
	} cases[] = {
		{ "normal", WL_OUTPUT_TRANSFORM_NORMAL },
		{ "90", WL_OUTPUT_TRANSFORM_90 },
		{ "180", WL_OUTPUT_TRANSFORM_180 },
		{ "270", WL_OUTPUT_TRANSFORM_270 },
		{ "flipped", WL_OUTPUT_TRANSFORM_FLIPPED },
		{ "flipped-90", WL_OUTPUT_TRANSFORM_FLIPPED_90 },
		{ "flipped-180", WL_OUTPUT_TRANSFORM_FLIPPED_180 },
		{ "flipped-270", WL_OUTPUT_TRANSFORM_FLIPPED_270 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct gridwl_config *config = gridwl_config_create();
		char line[64];
		snprintf(line, sizeof(line), "output DP-1 transform %s",
				cases[i].value);
		parse_ok(config, line);
		struct gridwl_output_config *oc = first_output(config);
		CHECK(oc->has_transform && oc->transform == cases[i].transform);
		CHECK(strcmp(gridwl_transform_name(oc->transform), cases[i].value) ==
				0);
		gridwl_config_destroy(config);
	}
	CHECK(strcmp(gridwl_transform_name((enum wl_output_transform)8),
				  "unknown") == 0);

	// Unset by default; a line naming the output wins over "*".
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config, "output DP-1 scale 2");
	CHECK(!first_output(config)->has_transform);
	parse_ok(config, "output * transform 180");
	parse_ok(config, "output DP-1 transform 270 mode 2560x1440");
	struct gridwl_output_config *oc = gridwl_config_output_for(config, "DP-1");
	CHECK(oc->has_transform && oc->transform == WL_OUTPUT_TRANSFORM_270 &&
			oc->scale120 == 240 && oc->width == 2560);
	gridwl_output_config_destroy(oc);
	oc = gridwl_config_output_for(config, "HDMI-A-1");
	CHECK(oc->has_transform && oc->transform == WL_OUTPUT_TRANSFORM_180);
	gridwl_output_config_destroy(oc);
	gridwl_config_destroy(config);

	// Merging: set wins, unset leaves it.
	struct gridwl_output_config *dst = gridwl_output_config_create("A");
	struct gridwl_output_config *src = gridwl_output_config_create("A");
	src->has_transform = true;
	src->transform = WL_OUTPUT_TRANSFORM_FLIPPED_90;
	gridwl_output_config_merge(dst, src);
	CHECK(dst->has_transform &&
			dst->transform == WL_OUTPUT_TRANSFORM_FLIPPED_90);
	src->has_transform = false;
	src->transform = WL_OUTPUT_TRANSFORM_NORMAL;
	gridwl_output_config_merge(dst, src);
	CHECK(dst->transform == WL_OUTPUT_TRANSFORM_FLIPPED_90);
	gridwl_output_config_destroy(src);
	gridwl_output_config_destroy(dst);
}

static void test_errors(void) {
	parse_error("output DP-1 transform", "missing value for 'transform'");
	const char *bad[] = { "45", "-90", "360", "Normal", "flipped90",
		"flipped_90", "rotate-90", "0" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char line[64], want[128];
		snprintf(line, sizeof(line), "output DP-1 transform %s", bad[i]);
		snprintf(want, sizeof(want), WANT_NAMES "'%s'", bad[i]);
		parse_error(line, want);
	}

	// In a file: FILE:LINE, and nothing of the file is taken.
	char *path = write_temp_str("output DP-1 transform 90\n"
								"# the portrait monitor\n"
								"output DP-2 transform 45\n");
	struct gridwl_config *config = gridwl_config_create();
	char *file_error = NULL;
	CHECK(!gridwl_config_load(config, path, &file_error));
	char want[256];
	snprintf(want, sizeof(want), "%s:3: " WANT_NAMES "'45'", path);
	CHECK_MSG(strcmp(file_error, want) == 0, file_error);
	CHECK(wl_list_empty(&config->outputs));
	free(file_error);
	gridwl_config_destroy(config);
	remove_temp(path);

	// As gridctl output words: a bad value leaves the config as it was.
	struct gridwl_output_config *oc = gridwl_output_config_create("DP-1");
	char *good[] = { "transform", "90" };
	char *error = NULL;
	CHECK(gridwl_output_config_parse_words(oc, 2, good, "gridctl", &error));
	char *words[] = { "transform", "180", "scale", "2", "transform",
		"sideways" };
	CHECK(!gridwl_output_config_parse_words(oc, 6, words, "gridctl", &error));
	CHECK_MSG(strcmp(error, "gridctl: " WANT_NAMES "'sideways'") == 0, error);
	free(error);
	CHECK(oc->transform == WL_OUTPUT_TRANSFORM_90 && !oc->has_scale);
	gridwl_output_config_destroy(oc);
}

/* The key is in the table the man-pages test reads. */
static void test_key_listed(void) {
	bool found = false;
	for (size_t i = 0; gridwl_output_config_key(i) != NULL; i++) {
		found = found || strcmp(gridwl_output_config_key(i), "transform") == 0;
	}
	CHECK(found);
}

int main(void) {
	test_values();
	test_errors();
	test_key_listed();
	printf("transform config: all tests passed\n");
	return 0;
}
