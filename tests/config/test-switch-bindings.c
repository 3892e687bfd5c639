#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_keyboard.h>
#include "config-parse-checks.h"
#include "config/config.h"

/* bindswitch lines, the --locked flag of bind and bindswitch, and the
 * output action, with the FILE:LINE errors of their misuse. */

static struct gridwl_binding *only_switch_binding(
		struct gridwl_config *config) {
	CHECK(wl_list_length(&config->switch_bindings) == 1);
	struct gridwl_binding *binding;
	return wl_container_of(config->switch_bindings.next, binding, link);
}

static void test_bindswitch(void) {
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config, "bindswitch lid:on output eDP-1 disable");
	struct gridwl_binding *lid = only_switch_binding(config);
	CHECK(lid->switch_type == GRIDWL_SWITCH_LID && lid->switch_on);
	CHECK(!lid->locked);
	CHECK(lid->action == GRIDWL_ACTION_OUTPUT);
	CHECK(strcmp(lid->argument, "eDP-1 disable") == 0);
	// The same switch and state again replaces it; no bind line comes of
	// either.
	parse_ok(config, "bindswitch  --locked  lid:on output internal disable");
	lid = only_switch_binding(config);
	CHECK(lid->locked && strcmp(lid->argument, "internal disable") == 0);
	CHECK(wl_list_empty(&config->bindings));
	parse_ok(config, "bindswitch lid:off output internal enable scale 2");
	parse_ok(config, "bindswitch tablet:on exec squeekboard");
	parse_ok(config, "bindswitch tablet:off exec pkill squeekboard");
	CHECK(wl_list_length(&config->switch_bindings) == 4);
	struct gridwl_binding *tablet = gridwl_config_find_switch_binding(config,
			GRIDWL_SWITCH_TABLET, false);
	CHECK(tablet != NULL && tablet->action == GRIDWL_ACTION_EXEC &&
			strcmp(tablet->command, "pkill squeekboard") == 0);
	CHECK(gridwl_config_find_switch_binding(config, GRIDWL_SWITCH_LID, false)
					->action == GRIDWL_ACTION_OUTPUT);
	gridwl_config_destroy(config);

	parse_error("bindswitch", "bindswitch needs a switch and an action");
	parse_error("bindswitch --locked", "bindswitch needs a switch");
	parse_error("bindswitch lid exec true",
			"unknown switch or state 'lid': bindswitch takes lid:on, lid:off, "
			"tablet:on or tablet:off");
	parse_error("bindswitch lid:closed exec true",
			"unknown switch or state 'lid:closed'");
	parse_error("bindswitch Lid:on exec true", "unknown switch or state");
	parse_error("bindswitch lid:on", "bind needs an action");
	parse_error("bindswitch lid:on suspend", "unknown action 'suspend'");
	parse_error("bindswitch --lock lid:on exec true",
			"unknown flag '--lock': bindswitch knows --locked");
	parse_error("bindswitch --locked --locked lid:on exec true",
			"--locked is given twice");
}

static void test_locked(void) {
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config, "bind --locked XF86AudioMute exec wpctl set-mute x");
	struct gridwl_binding *mute = only_binding(config);
	CHECK(mute->locked && mute->modifiers == 0);
	CHECK(mute->keysym == XKB_KEY_XF86AudioMute);
	parse_ok(config, "bind Mod4+Return exec foot");
	parse_ok(config, "bind --locked Mod4+space xkb-switch-layout next");
	parse_ok(config, "bind --locked Mod4+Shift+c reload");
	parse_ok(config, "bind --locked Mod4+Shift+e exit");
	parse_ok(config, "bind --locked Mod4+p output * power off");
	parse_ok(config, "bind --locked Mod4+Escape inhibit-escape exec true");
	struct gridwl_binding *plain = gridwl_config_find_binding(config,
			WLR_MODIFIER_LOGO, XKB_KEY_Return);
	CHECK(plain != NULL && !plain->locked);
	struct gridwl_binding *escape = gridwl_config_find_binding(config,
			WLR_MODIFIER_LOGO, XKB_KEY_Escape);
	CHECK(escape != NULL && escape->locked && escape->inhibit_escape);
	gridwl_config_destroy(config);

	// Window actions under a lock make no sense: the lock hides windows.
	const char *const window_actions[] = { "close", "focus next", "fullscreen",
		"maximize", "center", "move-to-output left", "switcher next", NULL };
	for (size_t i = 0; window_actions[i] != NULL; i++) {
		char line[128], want[128];
		snprintf(line, sizeof(line), "bind --locked Mod4+x %s",
				window_actions[i]);
		snprintf(want, sizeof(want), "bind --locked %.*s makes no sense",
				(int)strcspn(window_actions[i], " "), window_actions[i]);
		parse_error(line, want);
		snprintf(line, sizeof(line), "bindswitch --locked lid:on %s",
				window_actions[i]);
		snprintf(want, sizeof(want), "bindswitch --locked %.*s makes no sense",
				(int)strcspn(window_actions[i], " "), window_actions[i]);
		parse_error(line, want);
	}
	parse_error("bind --locked Mod4+x close",
			"a locked session hides the windows and takes no commands for "
			"them (--locked suits exec, output, xkb-switch-layout, reload and "
			"exit)");
	// The flag goes before the keys, as in sway.
	parse_error("bind Mod4+x --locked exec true", "unknown action '--locked'");
	parse_error("bind --repeat Mod4+x exec true",
			"unknown flag '--repeat': bind knows --locked");
	parse_error("bind --locked", "bind needs keys and an action");
}

static void test_output_action(void) {
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config, "bind Mod4+o output HEADLESS-1 scale 2 position 0,0");
	CHECK(strcmp(only_binding(config)->argument,
				  "HEADLESS-1 scale 2 position 0,0") == 0);
	gridwl_config_destroy(config);
	// A file's line ends in blanks and a newline, which are not the
	// output's.
	config = gridwl_config_create();
	parse_ok(config, "bind Mod4+o output HEADLESS-1 disable \t\n");
	CHECK(strcmp(only_binding(config)->argument, "HEADLESS-1 disable") == 0);
	gridwl_config_destroy(config);
	parse_error("bind Mod4+o output",
			"output takes an output's name (or internal) and what to set");
	parse_error("bind Mod4+o output internal",
			"output takes an output's name (or internal) and what to set");
	parse_error("bind Mod4+o output internal scale 9", "scale");
	parse_error("bindswitch lid:on output internal off", "off");
}

int main(void) {
	test_bindswitch();
	test_locked();
	test_output_action();
	printf("switch-bindings: all tests passed\n");
	return 0;
}
