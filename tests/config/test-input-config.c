#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/config.h"
#include "config/input_config.h"
#include "config-parse-checks.h"

/* input lines: identifiers, values and their ranges, keys that do not fit
 * a type, keymaps checked by compiling them, and merging. */
int main(void) {
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config, "input * repeat_rate 40");
	parse_ok(config, "input type:keyboard xkb_layout us,de");
	parse_ok(config, "input type:keyboard xkb_variant ,nodeadkeys");
	parse_ok(config,
			"input 1267:12377:ELAN_Touchpad tap enabled "
			"natural_scroll enabled pointer_accel -0.5 scroll_button "
			"BTN_MIDDLE");
	parse_ok(config,
			"input type:touch map_to_output eDP-1 "
			"calibration_matrix 0 1 0 -1 0 1");

	// A device gets "*", its type's line, then its own, merged.
	struct gridwl_input_config *merged = gridwl_input_config_create("x");
	gridwl_config_input_merge_for(merged, config, "0:0:kb",
			GRIDWL_INPUT_TYPE_KEYBOARD);
	const struct gridwl_input_setting *s = merged->settings;
	CHECK(s[GRIDWL_INPUT_REPEAT_RATE].set &&
			s[GRIDWL_INPUT_REPEAT_RATE].choice == 40);
	CHECK(strcmp(s[GRIDWL_INPUT_XKB_LAYOUT].text, "us,de") == 0);
	CHECK(strcmp(s[GRIDWL_INPUT_XKB_VARIANT].text, ",nodeadkeys") == 0);
	CHECK(!s[GRIDWL_INPUT_TAP].set);
	gridwl_input_config_destroy(merged);
	merged = gridwl_input_config_create("x");
	gridwl_config_input_merge_for(merged, config, "1267:12377:ELAN_Touchpad",
			GRIDWL_INPUT_TYPE_TOUCHPAD);
	s = merged->settings;
	CHECK(s[GRIDWL_INPUT_TAP].choice == GRIDWL_INPUT_ENABLED);
	CHECK(s[GRIDWL_INPUT_POINTER_ACCEL].number == -0.5);
	CHECK(s[GRIDWL_INPUT_SCROLL_BUTTON].choice == 0x112);
	CHECK(!s[GRIDWL_INPUT_XKB_LAYOUT].set);
	gridwl_input_config_destroy(merged);
	struct gridwl_input_config *touch =
			gridwl_config_find_input(config, "type:touch");
	CHECK(touch != NULL &&
			strcmp(touch->settings[GRIDWL_INPUT_MAP_TO_OUTPUT].text, "eDP-1") ==
					0 &&
			touch->settings[GRIDWL_INPUT_CALIBRATION_MATRIX].matrix[3] == -1);
	// A later line for the same identifier merges, later keys winning.
	parse_ok(config, "input * repeat_rate 30 repeat_delay 200");
	struct gridwl_input_config *every = gridwl_config_find_input(config, "*");
	CHECK(every->settings[GRIDWL_INPUT_REPEAT_RATE].choice == 30 &&
			every->settings[GRIDWL_INPUT_REPEAT_DELAY].choice == 200);
	gridwl_config_destroy(config);

	parse_error("input type:keyboard xkb_layout xx-nonexistent",
			"no keymap for input type:keyboard");
	parse_error("input * pointer_accel 2",
			"pointer_accel must be a number from -1 to 1, got '2'");
	parse_error("input * pointer_accel nan", "pointer_accel must be");
	parse_error("input type:pointer tap enabled",
			"tap does not apply to devices of type pointer");
	parse_error("input type:keyboard natural_scroll enabled",
			"natural_scroll does not apply to devices of type keyboard");
	parse_error("input type:mouse tap enabled", "unknown input type 'mouse'");
	parse_error("input Logitech tap enabled", "is not *, type:TYPE or");
	parse_error("input * tap maybe",
			"tap must be disabled or enabled, got 'maybe'");
	parse_error("input * repeat_rate 2.5", "repeat_rate must be an integer");
	parse_error("input * repeat_delay -1", "repeat_delay must be an integer");
	parse_error("input * frobnicate 1", "unknown input key 'frobnicate'");
	parse_error("input * tap", "tap needs a value");
	parse_error("input *", "input * needs a KEY and a VALUE");
	parse_error("input * calibration_matrix 1 0 0 0 1",
			"calibration_matrix needs six numbers");
	parse_error("input * scroll_button BTN_NOPE", "scroll_button must be");
	parse_error("input * map_to_output *", "map_to_output needs an output");
	parse_error("bind Mod4+space xkb-switch-layout sideways",
			"xkb-switch-layout takes next, prev or a layout's index");
	parse_error("bind Mod4+space xkb-switch-layout 4",
			"xkb-switch-layout takes next, prev or a layout's index");
	config = gridwl_config_create();
	parse_ok(config, "bind Mod4+space xkb-switch-layout 1");
	CHECK(only_binding(config)->action == GRIDWL_ACTION_XKB_SWITCH_LAYOUT &&
			strcmp(only_binding(config)->argument, "1") == 0);
	gridwl_config_destroy(config);
	return 0;
}
