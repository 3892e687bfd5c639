#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/config.h"
#include "config-parse-checks.h"

/* "output NAME adaptive-sync off|on|auto": each value, unset until a line
 * gives it, merged like the other keys, and every bad value refused with
 * FILE:LINE (from a file) or gridctl's prefix, leaving the config as it
 * was. Whether an output can take it is the compositor's to say. */

static void test_values(void) {
	static const struct {
		const char *value;
		enum gridwl_adaptive_sync setting;
	} cases[] = {
		{ "off", GRIDWL_ADAPTIVE_SYNC_OFF },
		{ "on", GRIDWL_ADAPTIVE_SYNC_ON },
		{ "auto", GRIDWL_ADAPTIVE_SYNC_AUTO },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct gridwl_config *config = gridwl_config_create();
		char line[64];
		snprintf(line, sizeof(line), "output DP-1 adaptive-sync %s",
				cases[i].value);
		parse_ok(config, line);
		struct gridwl_output_config *oc = first_output(config);
		CHECK(oc->has_adaptive_sync && oc->adaptive_sync == cases[i].setting);
		CHECK(strcmp(gridwl_adaptive_sync_name(oc->adaptive_sync),
					  cases[i].value) == 0);
		gridwl_config_destroy(config);
	}

	// With other keys, the later adaptive-sync on a line winning.
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config,
			"output DP-1 mode 2560x1440@165 adaptive-sync on scale 2 "
			"adaptive-sync auto");
	struct gridwl_output_config *oc = first_output(config);
	CHECK(oc->adaptive_sync == GRIDWL_ADAPTIVE_SYNC_AUTO &&
			oc->scale120 == 240 && oc->refresh_mhz == 165000);
	gridwl_config_destroy(config);

	// Unset by default: a line without it leaves an earlier one's.
	config = gridwl_config_create();
	parse_ok(config, "output DP-1 scale 1");
	CHECK(!first_output(config)->has_adaptive_sync);
	parse_ok(config, "output * adaptive-sync auto");
	parse_ok(config, "output DP-1 mode 1920x1080");
	oc = gridwl_config_output_for(config, "DP-1");
	CHECK(oc->has_adaptive_sync &&
			oc->adaptive_sync == GRIDWL_ADAPTIVE_SYNC_AUTO);
	gridwl_output_config_destroy(oc);
	// A line naming the output wins over "*", whatever their order.
	parse_ok(config, "output DP-1 adaptive-sync off");
	parse_ok(config, "output * adaptive-sync on");
	oc = gridwl_config_output_for(config, "DP-1");
	CHECK(oc->adaptive_sync == GRIDWL_ADAPTIVE_SYNC_OFF);
	gridwl_output_config_destroy(oc);
	oc = gridwl_config_output_for(config, "HDMI-A-1");
	CHECK(oc->adaptive_sync == GRIDWL_ADAPTIVE_SYNC_ON);
	gridwl_output_config_destroy(oc);
	gridwl_config_destroy(config);

	// Merging: set wins, unset leaves it.
	struct gridwl_output_config *dst = gridwl_output_config_create("A");
	struct gridwl_output_config *src = gridwl_output_config_create("A");
	src->has_adaptive_sync = true;
	src->adaptive_sync = GRIDWL_ADAPTIVE_SYNC_ON;
	gridwl_output_config_merge(dst, src);
	CHECK(dst->has_adaptive_sync &&
			dst->adaptive_sync == GRIDWL_ADAPTIVE_SYNC_ON);
	src->has_adaptive_sync = false;
	src->adaptive_sync = GRIDWL_ADAPTIVE_SYNC_OFF;
	gridwl_output_config_merge(dst, src);
	CHECK(dst->adaptive_sync == GRIDWL_ADAPTIVE_SYNC_ON);
	gridwl_output_config_destroy(src);
	gridwl_output_config_destroy(dst);
}

static void test_errors(void) {
	parse_error("output DP-1 adaptive-sync",
			"missing value for 'adaptive-sync'");
	parse_error("output DP-1 adaptive-sync yes",
			"adaptive-sync must be on, off or auto, got 'yes'");
	parse_error("output DP-1 adaptive-sync ON",
			"adaptive-sync must be on, off or auto, got 'ON'");
	parse_error("output DP-1 adaptive-sync 1",
			"adaptive-sync must be on, off or auto, got '1'");
	parse_error("output DP-1 adaptive-sync fullscreen",
			"adaptive-sync must be on, off or auto, got 'fullscreen'");
	// sway's spelling of the key is not gridwl's.
	parse_error("output DP-1 adaptive_sync on",
			"unknown output key 'adaptive_sync'");

	// In a file: FILE:LINE, and nothing of the file is taken.
	char *path = write_temp_str("output DP-1 adaptive-sync auto\n"
								"# the monitor's VRR range is 48-165 Hz\n"
								"output DP-2 adaptive-sync vrr\n");
	struct gridwl_config *config = gridwl_config_create();
	char *file_error = NULL;
	CHECK(!gridwl_config_load(config, path, &file_error));
	char want[256];
	snprintf(want, sizeof(want),
			"%s:3: adaptive-sync must be on, off or auto, got 'vrr'", path);
	CHECK_MSG(strcmp(file_error, want) == 0, file_error);
	CHECK(wl_list_empty(&config->outputs));
	free(file_error);
	gridwl_config_destroy(config);
	remove_temp(path);

	// As gridctl output words: a bad value leaves the config as it was.
	struct gridwl_output_config *oc = gridwl_output_config_create("DP-1");
	char *good[] = { "adaptive-sync", "auto" };
	char *error = NULL;
	CHECK(gridwl_output_config_parse_words(oc, 2, good, "gridctl", &error));
	char *bad[] = { "adaptive-sync", "off", "scale", "2", "adaptive-sync",
		"maybe" };
	CHECK(!gridwl_output_config_parse_words(oc, 6, bad, "gridctl", &error));
	CHECK_MSG(strcmp(error,
					  "gridctl: adaptive-sync must be on, off or auto, "
					  "got 'maybe'") == 0,
			error);
	free(error);
	CHECK(oc->adaptive_sync == GRIDWL_ADAPTIVE_SYNC_AUTO && !oc->has_scale);
	gridwl_output_config_destroy(oc);
}

/* The key is in the table the man-pages test reads. */
static void test_key_listed(void) {
	bool found = false;
	for (size_t i = 0; gridwl_output_config_key(i) != NULL; i++) {
		found = found ||
				strcmp(gridwl_output_config_key(i), "adaptive-sync") == 0;
	}
	CHECK(found);
}

int main(void) {
	test_values();
	test_errors();
	test_key_listed();
	printf("adaptive-sync config: all tests passed\n");
	return 0;
}
