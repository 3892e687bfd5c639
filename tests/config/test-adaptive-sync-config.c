#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/config.h"
#include "config-parse-checks.h"
#include "output-key-checks.h"

/* "output NAME adaptive-sync off|on|auto": each value, unset until a line
 * gives it, merged like the other keys, and every bad value refused with
 * FILE:LINE (from a file) or gridctl's prefix, leaving the config as it
 * was. Whether an output can take it is the compositor's to say. */

static const struct output_key_value values[] = {
	{ "off", GRIDWL_ADAPTIVE_SYNC_OFF },
	{ "on", GRIDWL_ADAPTIVE_SYNC_ON },
	{ "auto", GRIDWL_ADAPTIVE_SYNC_AUTO },
};

static bool get(const struct gridwl_output_config *oc, int *setting) {
	*setting = (int)oc->adaptive_sync;
	return oc->has_adaptive_sync;
}

static void set(struct gridwl_output_config *oc, bool has, int setting) {
	oc->has_adaptive_sync = has;
	oc->adaptive_sync = (enum gridwl_adaptive_sync)setting;
}

static const char *name(int setting) {
	return gridwl_adaptive_sync_name((enum gridwl_adaptive_sync)setting);
}

static const struct output_key adaptive_sync = {
	.key = "adaptive-sync",
	.values = values,
	.count = sizeof(values) / sizeof(values[0]),
	.get = get,
	.set = set,
	.name = name,
	.refusal = "adaptive-sync must be on, off or auto, got ",
};

static void test_values(void) {
	check_output_key_values(&adaptive_sync);

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
	check_output_key_merge(&adaptive_sync, GRIDWL_ADAPTIVE_SYNC_ON,
			GRIDWL_ADAPTIVE_SYNC_OFF);
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
	check_output_key_file(&adaptive_sync, "auto",
			"# the monitor's VRR range is 48-165 Hz", "vrr");
	// As gridctl output words: a bad value leaves the config as it was.
	check_output_key_words(&adaptive_sync, "auto", "off", "maybe");
}

int main(void) {
	test_values();
	test_errors();
	// The key is in the table the man-pages test reads.
	check_output_key_listed(&adaptive_sync);
	printf("adaptive-sync config: all tests passed\n");
	return 0;
}
