#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/config.h"
#include "config/transform.h"
#include "config-parse-checks.h"
#include "output-key-checks.h"

/* "output NAME transform T": each of the eight names to wl_output's value
 * and back, unset until a line gives it, merged like the other keys, and
 * every bad value refused with FILE:LINE (from a file) or gridctl's
 * prefix, leaving the config as it was. */

#define WANT_NAMES \
	"transform must be normal, 90, 180, 270, flipped, flipped-90, " \
	"flipped-180 or flipped-270, got "

static const struct output_key_value values[] = {
	{ "normal", WL_OUTPUT_TRANSFORM_NORMAL },
	{ "90", WL_OUTPUT_TRANSFORM_90 },
	{ "180", WL_OUTPUT_TRANSFORM_180 },
	{ "270", WL_OUTPUT_TRANSFORM_270 },
	{ "flipped", WL_OUTPUT_TRANSFORM_FLIPPED },
	{ "flipped-90", WL_OUTPUT_TRANSFORM_FLIPPED_90 },
	{ "flipped-180", WL_OUTPUT_TRANSFORM_FLIPPED_180 },
	{ "flipped-270", WL_OUTPUT_TRANSFORM_FLIPPED_270 },
};

static bool get(const struct gridwl_output_config *oc, int *setting) {
	*setting = (int)oc->transform;
	return oc->has_transform;
}

static void set(struct gridwl_output_config *oc, bool has, int setting) {
	oc->has_transform = has;
	oc->transform = (enum wl_output_transform)setting;
}

static const char *name(int setting) {
	return gridwl_transform_name((enum wl_output_transform)setting);
}

static const struct output_key transform = {
	.key = "transform",
	.values = values,
	.count = sizeof(values) / sizeof(values[0]),
	.get = get,
	.set = set,
	.name = name,
	.refusal = WANT_NAMES,
};

static void test_values(void) {
	check_output_key_values(&transform);
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
	check_output_key_merge(&transform, WL_OUTPUT_TRANSFORM_FLIPPED_90,
			WL_OUTPUT_TRANSFORM_NORMAL);
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
	check_output_key_file(&transform, "90", "# the portrait monitor", "45");
	// As gridctl output words: a bad value leaves the config as it was.
	check_output_key_words(&transform, "90", "180", "sideways");
}

int main(void) {
	test_values();
	test_errors();
	// The key is in the table the man-pages test reads.
	check_output_key_listed(&transform);
	printf("transform config: all tests passed\n");
	return 0;
}
