#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wlr/types/wlr_keyboard.h>
#include "config/config.h"
#include "config/scale.h"
#include "config-parse-checks.h"
#include "config-parser-scales.h"

static void test_output_keys(void) {
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config,
			"output DP-1 mode 1920x1080@59.94 scale 2 "
			"position -1920,-10 filter nearest disable");
	struct gridwl_output_config *oc = first_output(config);
	CHECK(strcmp(oc->name, "DP-1") == 0);
	CHECK(oc->has_mode && oc->width == 1920 && oc->height == 1080);
	CHECK(oc->refresh_mhz == 59940);
	CHECK(oc->has_scale && oc->scale120 == 2 * 120);
	CHECK(oc->has_position && oc->x == -1920 && oc->y == -10);
	CHECK(oc->has_filter && oc->filter == GRIDWL_FILTER_NEAREST);
	CHECK(oc->enabled == 0);
	gridwl_config_destroy(config);

	// Keys in another order, tabs between words, enable.
	config = gridwl_config_create();
	parse_ok(config,
			"  output\tHDMI-A-1 enable\tfilter bilinear "
			"position 0,1080 mode 16384x16384 scale 4  ");
	oc = first_output(config);
	CHECK(strcmp(oc->name, "HDMI-A-1") == 0);
	CHECK(oc->enabled == 1);
	CHECK(oc->has_filter && oc->filter == GRIDWL_FILTER_BILINEAR);
	CHECK(oc->has_position && oc->x == 0 && oc->y == 1080);
	CHECK(oc->width == 16384 && oc->height == 16384);
	CHECK(oc->refresh_mhz == 0);
	CHECK(oc->scale120 == 4 * 120);
	gridwl_config_destroy(config);

	// A name alone is a valid line that sets nothing.
	config = gridwl_config_create();
	parse_ok(config, "output eDP-1");
	oc = first_output(config);
	CHECK(strcmp(oc->name, "eDP-1") == 0);
	CHECK(!oc->has_mode && !oc->has_scale && !oc->has_position);
	CHECK(!oc->has_filter && oc->enabled == -1);
	gridwl_config_destroy(config);

	// Later keys on the same line win.
	config = gridwl_config_create();
	parse_ok(config, "output X scale 1 scale 3 enable disable");
	oc = first_output(config);
	CHECK(oc->scale120 == 3 * 120 && oc->enabled == 0);
	gridwl_config_destroy(config);
}

static void test_power(void) {
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config, "output DP-1 power off");
	struct gridwl_output_config *oc = first_output(config);
	CHECK(oc->power == 0 && oc->enabled == -1);
	gridwl_config_destroy(config);

	// sway 1.7's spelling means the same; the later key on a line wins.
	config = gridwl_config_create();
	parse_ok(config, "output DP-1 scale 2 dpms off power on");
	oc = first_output(config);
	CHECK(oc->power == 1 && oc->scale120 == 2 * 120);
	gridwl_config_destroy(config);
	config = gridwl_config_create();
	parse_ok(config, "output * dpms off");
	CHECK(first_output(config)->power == 0);
	gridwl_config_destroy(config);

	// Not given: unset, so an earlier line's power stays.
	config = gridwl_config_create();
	parse_ok(config, "output eDP-1");
	CHECK(first_output(config)->power == -1);
	parse_ok(config, "output * power off");
	parse_ok(config, "output eDP-1 scale 2");
	oc = gridwl_config_output_for(config, "eDP-1");
	CHECK(oc->power == 0 && oc->scale120 == 2 * 120);
	gridwl_output_config_destroy(oc);
	parse_ok(config, "output eDP-1 dpms on");
	oc = gridwl_config_output_for(config, "eDP-1");
	CHECK(oc->power == 1);
	gridwl_output_config_destroy(oc);
	gridwl_config_destroy(config);

	// Merging: set wins, unset leaves it.
	struct gridwl_output_config *dst = gridwl_output_config_create("A");
	struct gridwl_output_config *src = gridwl_output_config_create("A");
	CHECK(dst->power == -1);
	src->power = 0;
	gridwl_output_config_merge(dst, src);
	CHECK(dst->power == 0);
	src->power = -1;
	gridwl_output_config_merge(dst, src);
	CHECK(dst->power == 0);
	gridwl_output_config_destroy(src);
	gridwl_output_config_destroy(dst);

	parse_error("output DP-1 power", "missing value for 'power'");
	parse_error("output DP-1 dpms", "missing value for 'dpms'");
	parse_error("output DP-1 power standby",
			"power must be on or off, got 'standby'");
	parse_error("output DP-1 dpms 0", "dpms must be on or off, got '0'");
	parse_error("output DP-1 power ON", "power must be on or off, got 'ON'");
	parse_error("output DP-1 power off extra", "unknown output key 'extra'");

	// In a file, a bad value names the file and line, and nothing of the
	// file is taken.
	load_refused("output DP-1 power off\n"
				 "# swayidle turns it on again\n"
				 "output DP-2 dpms standby\n",
			3, "dpms must be on or off, got 'standby'");

	// As gridctl output words: a bad value leaves the config as it was.
	oc = gridwl_output_config_create("HEADLESS-2");
	char *off[] = { "power", "off" };
	char *error = NULL;
	CHECK(gridwl_output_config_parse_words(oc, 2, off, "gridctl", &error));
	CHECK(oc->power == 0);
	char *bad[] = { "dpms", "on", "power", "maybe" };
	CHECK(!gridwl_output_config_parse_words(oc, 4, bad, "gridctl", &error));
	CHECK_MSG(strcmp(error,
					  "gridctl: power must be on or off, "
					  "got 'maybe'") == 0,
			error);
	free(error);
	CHECK(oc->power == 0);
	gridwl_output_config_destroy(oc);
}

static void check_refresh(const char *mode, int width, int height, int mhz) {
	struct gridwl_output_config *oc = gridwl_output_config_create("X");
	char *argv[] = { "mode", (char *)mode };
	char *error = NULL;
	bool ok = gridwl_output_config_parse_words(oc, 2, argv, WHERE, &error);
	if (!ok || oc->width != width || oc->height != height ||
			oc->refresh_mhz != mhz) {
		fprintf(stderr,
				"mode '%s': expected %dx%d@%d mHz, got %s "
				"%dx%d@%d\n",
				mode, width, height, mhz, ok ? "" : error, oc->width,
				oc->height, oc->refresh_mhz);
		exit(1);
	}
	gridwl_output_config_destroy(oc);
}

static void test_refresh(void) {
	check_refresh("2560x1440", 2560, 1440, 0);
	check_refresh("1920x1080@60", 1920, 1080, 60000);
	check_refresh("1920x1080@59.94", 1920, 1080, 59940);
	check_refresh("1920x1080@59.940", 1920, 1080, 59940);
	check_refresh("1920x1080@144.0004", 1920, 1080, 144000);
	check_refresh("1920x1080@144.0005", 1920, 1080, 144001);
	check_refresh("1920x1080@59.9995", 1920, 1080, 60000);
	check_refresh("1920x1080@59.99949999", 1920, 1080, 59999);
	check_refresh("1x1@0.001", 1, 1, 1);
	check_refresh("640x480@1000", 640, 480, 1000000);
}

/* Each of values, the one word after key, refused with an error naming
 * want, and no mode taken. */
static void refuses(const char *key, const char *const *values, size_t count,
		const char *want) {
	for (size_t i = 0; i < count; i++) {
		struct gridwl_output_config *oc = gridwl_output_config_create("X");
		char *argv[] = { (char *)key, (char *)values[i] };
		char *error = NULL;
		CHECK(!gridwl_output_config_parse_words(oc, 2, argv, WHERE, &error));
		CHECK_MSG(strstr(error, want) != NULL, error);
		CHECK(!oc->has_mode);
		free(error);
		gridwl_output_config_destroy(oc);
	}
}
#define REFUSES(key, values, want) \
	refuses((key), (values), sizeof(values) / sizeof((values)[0]), (want))

static void test_output_errors(void) {
	parse_error("output", "output needs a name");
	parse_error("output   ", "output needs a name");
	parse_error("output DP-1 foo 3", "unknown output key 'foo'");
	parse_error("output DP-1 scale 2 Scale 2", "'Scale'");
	parse_error("output DP-1 scale", "missing value for 'scale'");
	parse_error("output DP-1 mode", "missing value for 'mode'");
	parse_error("output DP-1 position", "missing value for 'position'");
	parse_error("output DP-1 filter", "missing value for 'filter'");
	parse_error("output DP-1 filter linear",
			"filter must be nearest or "
			"bilinear, got 'linear'");

	static const char *bad_modes[] = {
		"0x100",
		"100x0",
		"16385x100",
		"100x16385",
		"100x",
		"x100",
		"100",
		"1920X1080",
		"-1x5",
		"+1x5",
		"1920x1080x3",
		"1920x1080 ",
		"99999999999999999999x1",
	};
	REFUSES("mode", bad_modes, "mode must be");

	static const char *bad_refresh[] = {
		"1x1@",
		"1x1@0",
		"1x1@0.0",
		"1x1@0.0004",
		"1x1@abc",
		"1x1@60.",
		"1x1@.5",
		"1x1@-60",
		"1x1@60Hz",
		"1x1@1000.0005",
		"1x1@1001",
		"1x1@60@60",
	};
	REFUSES("mode", bad_refresh, "refresh");

	static const char *bad_positions[] = {
		"1,",
		",1",
		"1",
		"a,b",
		"1,2,3",
		"--1,2",
		"+1,2",
		"1, 2",
		"1000001,0",
		"0,-1000001",
		"1.5,2",
		"",
	};
	REFUSES("position", bad_positions, "position must be");

	// The extremes are still fine.
	struct gridwl_output_config *oc = gridwl_output_config_create("X");
	char *argv[] = { "position", "-1000000,1000000" };
	CHECK(gridwl_output_config_parse_words(oc, 2, argv, WHERE, NULL));
	CHECK(oc->x == -1000000 && oc->y == 1000000);
	gridwl_output_config_destroy(oc);
}

static void test_output_for(void) {
	struct gridwl_config *config = gridwl_config_create();

	// Nothing configured: everything unset, but a config all the same.
	struct gridwl_output_config *oc = gridwl_config_output_for(config, "DP-1");
	CHECK(oc != NULL && strcmp(oc->name, "DP-1") == 0);
	CHECK(!oc->has_mode && !oc->has_scale && !oc->has_position);
	CHECK(!oc->has_filter && oc->enabled == -1);
	gridwl_output_config_destroy(oc);

	// The specific line comes before the later '*' line in the file and
	// still wins.
	parse_ok(config, "output * scale 2 filter nearest");
	parse_ok(config, "output DP-1 scale 3");
	parse_ok(config, "output * position 0,0 mode 800x600@75");
	parse_ok(config, "output HDMI-A-1 disable");
	parse_ok(config, "output * scale 1");

	oc = gridwl_config_output_for(config, "DP-1");
	CHECK(strcmp(oc->name, "DP-1") == 0);
	CHECK(oc->has_scale && oc->scale120 == 3 * 120);
	CHECK(oc->has_filter && oc->filter == GRIDWL_FILTER_NEAREST);
	CHECK(oc->has_position && oc->x == 0 && oc->y == 0);
	CHECK(oc->has_mode && oc->width == 800 && oc->refresh_mhz == 75000);
	CHECK(oc->enabled == -1);
	// A fresh object, not one of the config's own.
	CHECK(oc != gridwl_config_find_output(config, "DP-1"));
	gridwl_output_config_destroy(oc);

	oc = gridwl_config_output_for(config, "HDMI-A-1");
	CHECK(oc->scale120 == 1 * 120 && oc->enabled == 0);
	gridwl_output_config_destroy(oc);

	oc = gridwl_config_output_for(config, "Virtual-1");
	CHECK(oc->has_scale && oc->scale120 == 1 * 120 && oc->has_mode);
	CHECK(oc->enabled == -1);
	gridwl_output_config_destroy(oc);

	CHECK(gridwl_config_find_output(config, "Virtual-1") == NULL);
	CHECK(gridwl_config_find_output(config, "*") != NULL);
	gridwl_config_destroy(config);
}

static void test_duplicate_outputs(void) {
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config, "output DP-1 scale 2");
	parse_ok(config, "output DP-2 scale 1");
	parse_ok(config, "output DP-1 position 10,20");
	parse_ok(config, "output DP-1 scale 3 disable");
	CHECK(wl_list_length(&config->outputs) == 2);
	struct gridwl_output_config *oc = first_output(config);
	CHECK(strcmp(oc->name, "DP-1") == 0);
	CHECK(oc->scale120 == 3 * 120 && oc->x == 10 && oc->y == 20 &&
			oc->enabled == 0);
	CHECK(oc == gridwl_config_find_output(config, "DP-1"));
	gridwl_config_destroy(config);
}

static void test_merge_and_create(void) {
	struct gridwl_output_config *dst = gridwl_output_config_create("A");
	CHECK(strcmp(dst->name, "A") == 0 && dst->enabled == -1);
	CHECK(!dst->has_mode && !dst->has_scale && !dst->has_position &&
			!dst->has_filter);

	char *dst_words[] = { "mode", "640x480@60", "scale", "2", "enable" };
	CHECK(gridwl_output_config_parse_words(dst, 5, dst_words, WHERE, NULL));
	struct gridwl_output_config *src = gridwl_output_config_create("B");
	char *src_words[] = { "mode", "800x600", "position", "5,6" };
	CHECK(gridwl_output_config_parse_words(src, 4, src_words, WHERE, NULL));

	gridwl_output_config_merge(dst, src);
	CHECK(strcmp(dst->name, "A") == 0);
	// The mode goes as a whole: no 60 Hz left over from before.
	CHECK(dst->width == 800 && dst->height == 600 && dst->refresh_mhz == 0);
	CHECK(dst->scale120 == 2 * 120 && dst->x == 5 && dst->y == 6);
	CHECK(dst->enabled == 1 && !dst->has_filter);
	gridwl_output_config_destroy(src);
	gridwl_output_config_destroy(dst);

	CHECK(strcmp(gridwl_filter_name(GRIDWL_FILTER_NEAREST), "nearest") == 0);
	CHECK(strcmp(gridwl_filter_name(GRIDWL_FILTER_BILINEAR), "bilinear") == 0);
}

static void test_parse_words(void) {
	struct gridwl_output_config *oc = gridwl_output_config_create("DP-1");
	char *words[] = { "scale", "2", "filter", "bilinear" };
	char *error = NULL;
	CHECK(gridwl_output_config_parse_words(oc, 4, words, "gridctl", &error));
	CHECK(error == NULL);
	CHECK(oc->has_scale && oc->scale120 == 2 * 120);
	CHECK(oc->has_filter && oc->filter == GRIDWL_FILTER_BILINEAR);
	CHECK(!oc->has_mode && !oc->has_position && oc->enabled == -1);

	char *missing[] = { "scale" };
	CHECK(!gridwl_output_config_parse_words(oc, 1, missing, "gridctl", &error));
	CHECK_MSG(strcmp(error, "gridctl: missing value for 'scale'") == 0, error);
	free(error);

	// A bad word anywhere leaves every field as it was.
	char *partly_bad[] = { "scale", "3", "mode", "1x1", "bogus" };
	CHECK(!gridwl_output_config_parse_words(oc, 5, partly_bad, "gridctl",
			&error));
	CHECK_MSG(strstr(error, "'bogus'") != NULL, error);
	CHECK(oc->scale120 == 2 * 120 && !oc->has_mode);
	free(error);

	CHECK(gridwl_output_config_parse_words(oc, 0, NULL, "gridctl", &error));
	gridwl_output_config_destroy(oc);

	// The output parser on its own: name first, surrounding blanks ignored.
	oc = gridwl_output_config_parse("  DP-3\t scale 4 ", WHERE, &error);
	CHECK(oc != NULL && strcmp(oc->name, "DP-3") == 0 &&
			oc->scale120 == 4 * 120);
	gridwl_output_config_destroy(oc);
	CHECK(gridwl_output_config_parse("", WHERE, &error) == NULL);
	CHECK_MSG(strcmp(error, "test: output needs a name") == 0, error);
	free(error);
}

static void test_bindings(void) {
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config, "bind Mod4+Return exec foot");
	struct gridwl_binding *binding = only_binding(config);
	CHECK(binding->modifiers == WLR_MODIFIER_LOGO);
	CHECK(binding->keysym == XKB_KEY_Return);
	CHECK(binding->action == GRIDWL_ACTION_EXEC);
	CHECK(strcmp(binding->command, "foot") == 0);

	// Same keys, spelt differently: replaces rather than adds.
	parse_ok(config, "bind super+RETURN exec  foot  --server  ");
	binding = only_binding(config);
	CHECK(strcmp(binding->command, "foot  --server") == 0);
	gridwl_config_destroy(config);

	config = gridwl_config_create();
	parse_ok(config, "bind Mod4+Shift+q close");
	parse_ok(config, "bind Mod4+Shift+e exit");
	parse_ok(config, "bind logo+SHIFT+Q reload");
	parse_ok(config, "bind cTrL+alt+Control+MOD1+Delete exit");
	parse_ok(config, "bind Mod2+Mod3+Mod5+F1 close");
	parse_ok(config, "bind Escape exit");
	CHECK(wl_list_length(&config->bindings) == 5);

	// Mod4+Shift+q was replaced in place by logo+SHIFT+Q.
	binding = gridwl_config_find_binding(config,
			WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT, XKB_KEY_q);
	CHECK(binding != NULL && binding->action == GRIDWL_ACTION_RELOAD);
	CHECK(binding->command == NULL);
	struct gridwl_binding *first;
	first = wl_container_of(config->bindings.next, first, link);
	CHECK(first == binding);

	binding = gridwl_config_find_binding(config,
			WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT, XKB_KEY_e);
	CHECK(binding != NULL && binding->action == GRIDWL_ACTION_EXIT);
	binding = gridwl_config_find_binding(config,
			WLR_MODIFIER_CTRL | WLR_MODIFIER_ALT, XKB_KEY_Delete);
	CHECK(binding != NULL && binding->action == GRIDWL_ACTION_EXIT);
	binding = gridwl_config_find_binding(config,
			WLR_MODIFIER_MOD2 | WLR_MODIFIER_MOD3 | WLR_MODIFIER_MOD5,
			XKB_KEY_F1);
	CHECK(binding != NULL && binding->action == GRIDWL_ACTION_CLOSE);
	binding = gridwl_config_find_binding(config, 0, XKB_KEY_Escape);
	CHECK(binding != NULL);
	CHECK(gridwl_config_find_binding(config, WLR_MODIFIER_LOGO, XKB_KEY_q) ==
			NULL);
	gridwl_config_destroy(config);

	parse_error("bind Mod4+NotAKey close", "unknown key 'NotAKey'");
	parse_error("bind Hyper+x close", "unknown modifier 'Hyper'");
	parse_error("bind Caps+x close", "unknown modifier 'Caps'");
	parse_error("bind Mod4+x frobnicate", "unknown action 'frobnicate'");
	parse_error("bind Mod4+x Close", "unknown action 'Close'");
	parse_error("bind Mod4+x", "bind needs an action");
	parse_error("bind", "bind needs keys and an action");
	parse_error("bind   ", "bind needs keys and an action");
	parse_error("bind Mod4+ close", "needs a key");
	parse_error("bind Mod4++x close", "empty modifier");
	parse_error("bind +x close", "empty modifier");
	parse_error("bind Mod4+x exec", "exec needs a command");
	parse_error("bind Mod4+x exec   \t", "exec needs a command");
	parse_error("bind Mod4+x close now", "close takes no arguments");
	parse_error("bind Mod4+x exit now", "exit takes no arguments");
}

static void test_execs(void) {
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config, "exec swaybg -i \"$HOME/bg.png\"");
	parse_ok(config, "\texec   mako  # not a comment  ");
	CHECK(wl_list_length(&config->execs) == 2);
	struct gridwl_exec *exec;
	exec = wl_container_of(config->execs.next, exec, link);
	CHECK(strcmp(exec->command, "swaybg -i \"$HOME/bg.png\"") == 0);
	exec = wl_container_of(exec->link.next, exec, link);
	CHECK(strcmp(exec->command, "mako  # not a comment") == 0);
	gridwl_config_destroy(config);

	parse_error("exec", "exec needs a command");
	parse_error("exec  \t ", "exec needs a command");
	parse_error("execfoo", "unknown command 'execfoo'");
}

static void test_comments_and_unknown(void) {
	struct gridwl_config *config = gridwl_config_create();
	static const char *ignored[] = {
		"",
		"   ",
		"\t",
		"\n",
		"\r\n",
		"# comment",
		"   # indented",
		"#output DP-1 scale 9",
		"\t#bind nothing",
	};
	for (size_t i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++) {
		parse_ok(config, ignored[i]);
	}
	CHECK(wl_list_empty(&config->outputs));
	CHECK(wl_list_empty(&config->bindings));
	CHECK(wl_list_empty(&config->execs));

	char *error = NULL;
	CHECK(!gridwl_config_parse_line(config, "foo bar baz", "cfg:3", &error));
	CHECK_MSG(strcmp(error, "cfg:3: unknown command 'foo'") == 0, error);
	free(error);
	gridwl_config_destroy(config);

	parse_error("Output DP-1", "unknown command 'Output'");
	parse_error("output# DP-1", "unknown command 'output#'");
	parse_error("  set $mod Mod4", "unknown command 'set'");

	// Callers that do not want the message may pass NULL.
	config = gridwl_config_create();
	CHECK(!gridwl_config_parse_line(config, "foo", WHERE, NULL));
	gridwl_config_destroy(config);

	CHECK(!gridwl_config_error(&error, NULL, "plain %d", 1));
	CHECK(strcmp(error, "plain 1") == 0);
	free(error);
}

static void test_unreadable(void) {
	struct gridwl_config *config = gridwl_config_create();
	char *error = NULL;
	const char *missing = "/nonexistent/gridwl/config";
	CHECK(!gridwl_config_load(config, missing, &error));
	CHECK_MSG(
			strcmp(error,
					"/nonexistent/gridwl/config: No such file or directory") ==
					0,
			error);
	free(error);

	// A directory opens but cannot be read.
	CHECK(!gridwl_config_load(config, "/", &error));
	CHECK_MSG(strcmp(error, "/: Is a directory") == 0, error);
	free(error);

	CHECK(config->path == NULL);
	CHECK(wl_list_empty(&config->outputs));
	gridwl_config_destroy(config);
}

static void test_load_and_atomicity(void) {
	char *good = write_temp_str("# first file\n"
								"output DP-1 scale 2\n"
								"bind Mod4+Return exec foot\n"
								"exec mako\n");
	char *bad = write_temp_str("output DP-1 scale 3\n"
							   "output DP-2 enable\n"
							   "bind Mod4+Return exec alacritty\n"
							   "exec waybar\n"
							   "frobnicate\n");
	char *more = write_temp_str("output DP-1 position 1,2\r\n"
								"bind Mod4+Return exec alacritty\r\n"
								"exec waybar\r\n"
								"output DP-2 disable");

	struct gridwl_config *config = gridwl_config_create();
	char *error = NULL;
	CHECK_MSG(gridwl_config_load(config, good, &error), error);
	CHECK(strcmp(config->path, good) == 0);
	CHECK(wl_list_length(&config->outputs) == 1);
	CHECK(wl_list_length(&config->execs) == 1);

	CHECK(!gridwl_config_load(config, bad, &error));
	char prefix[128];
	snprintf(prefix, sizeof(prefix), "%s:5: unknown command 'frobnicate'", bad);
	CHECK_MSG(strcmp(error, prefix) == 0, error);
	free(error);
	// Nothing of the bad file got in, not even its good lines.
	CHECK(strcmp(config->path, good) == 0);
	CHECK(wl_list_length(&config->outputs) == 1);
	CHECK(first_output(config)->scale120 == 2 * 120);
	CHECK(strcmp(only_binding(config)->command, "foot") == 0);
	CHECK(wl_list_length(&config->execs) == 1);

	// A second good file appends, merging outputs and replacing bindings.
	CHECK_MSG(gridwl_config_load(config, more, &error), error);
	CHECK(strcmp(config->path, more) == 0);
	CHECK(wl_list_length(&config->outputs) == 2);
	struct gridwl_output_config *oc = first_output(config);
	CHECK(oc->scale120 == 2 * 120 && oc->x == 1 && oc->y == 2);
	oc = gridwl_config_find_output(config, "DP-2");
	CHECK(oc != NULL && oc->enabled == 0);
	CHECK(strcmp(only_binding(config)->command, "alacritty") == 0);
	CHECK(wl_list_length(&config->execs) == 2);
	struct gridwl_exec *exec;
	exec = wl_container_of(config->execs.prev, exec, link);
	CHECK(strcmp(exec->command, "waybar") == 0);
	gridwl_config_destroy(config);

	remove_temp(good);
	remove_temp(bad);
	remove_temp(more);
}

static void test_awkward_files(void) {
	// A NUL would hide the rest of its line from the parser.
	static const char with_nul[] = "exec ok\nexec rm\0 -rf x\n";
	char *path = write_temp(with_nul, sizeof(with_nul) - 1);
	struct gridwl_config *config = gridwl_config_create();
	char *error = NULL;
	CHECK(!gridwl_config_load(config, path, &error));
	char want[128];
	snprintf(want, sizeof(want), "%s:2: line contains a NUL byte", path);
	CHECK_MSG(strcmp(error, want) == 0, error);
	CHECK(wl_list_empty(&config->execs));
	free(error);
	remove_temp(path);

	// A line far longer than any fixed buffer.
	size_t len = 200000;
	char *long_line = malloc(len + 8);
	CHECK(long_line != NULL);
	memcpy(long_line, "exec ", 5);
	memset(long_line + 5, 'a', len);
	memcpy(long_line + 5 + len, "\n", 2);
	path = write_temp_str(long_line);
	CHECK_MSG(gridwl_config_load(config, path, &error), error);
	struct gridwl_exec *exec;
	exec = wl_container_of(config->execs.next, exec, link);
	CHECK(strlen(exec->command) == len);
	free(long_line);
	remove_temp(path);

	// An empty file is a valid, empty config.
	path = write_temp("", 0);
	CHECK_MSG(gridwl_config_load(config, path, &error), error);
	CHECK(strcmp(config->path, path) == 0);
	remove_temp(path);
	gridwl_config_destroy(config);
}

static void check_default_path(const char *xdg, const char *home,
		const char *want) {
	if (xdg != NULL) {
		setenv("XDG_CONFIG_HOME", xdg, 1);
	} else {
		unsetenv("XDG_CONFIG_HOME");
	}
	if (home != NULL) {
		setenv("HOME", home, 1);
	} else {
		unsetenv("HOME");
	}
	char *path = gridwl_config_default_path();
	if (want == NULL ? path != NULL : path == NULL || strcmp(path, want)) {
		fprintf(stderr,
				"default path with XDG_CONFIG_HOME=%s HOME=%s: "
				"expected %s, got %s\n",
				xdg ? xdg : "(unset)", home ? home : "(unset)",
				want ? want : "NULL", path ? path : "NULL");
		exit(1);
	}
	free(path);
}

static void test_default_path(void) {
	check_default_path("/xdg", "/home/u", "/xdg/gridwl/config");
	check_default_path(NULL, "/home/u", "/home/u/.config/gridwl/config");
	check_default_path("", "/home/u", "/home/u/.config/gridwl/config");
	check_default_path("relative", "/home/u", "/home/u/.config/gridwl/config");
	check_default_path("/xdg", NULL, "/xdg/gridwl/config");
	check_default_path(NULL, NULL, NULL);
	check_default_path(NULL, "", NULL);
}

static void test_cursor(void) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	CHECK(config->cursor_theme == NULL && config->cursor_size == 0);
	parse_ok(config, "cursor Adwaita 24");
	CHECK(strcmp(config->cursor_theme, "Adwaita") == 0);
	CHECK(config->cursor_size == 24);
	parse_ok(config, "cursor DMZ-White 48");
	CHECK(strcmp(config->cursor_theme, "DMZ-White") == 0);
	CHECK(config->cursor_size == 48);
	gridwl_config_destroy(config);

	parse_error("cursor", "cursor wants THEME SIZE");
	parse_error("cursor Adwaita", "cursor wants THEME SIZE");
	parse_error("cursor Adwaita 24 extra", "cursor wants THEME SIZE");
	parse_error("cursor Adwaita 0",
			"cursor size must be an integer from 1 "
			"to 256, got '0'");
	parse_error("cursor Adwaita 257", "got '257'");
	parse_error("cursor Adwaita 2x", "got '2x'");
}

static void test_xwayland(void) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	CHECK(config->xwayland == -1);
	parse_ok(config, "xwayland disable");
	CHECK(config->xwayland == 0);
	parse_ok(config, "xwayland   enable");
	CHECK(config->xwayland == 1);
	CHECK(config->xwayland_scale == -1);
	parse_ok(config, "xwayland scale 3");
	CHECK(config->xwayland_scale == 3);
	CHECK(config->xwayland == 1);
	parse_ok(config, "xwayland scale  auto ");
	CHECK(config->xwayland_scale == 0);
	gridwl_config_destroy(config);

	parse_error("xwayland", "xwayland wants enable, disable or scale, got ''");
	parse_error("xwayland on", "got 'on'");
	parse_error("xwayland enable extra", "got 'enable extra'");
	parse_error("xwayland scale 5",
			"xwayland scale wants auto, 1, 2, 3 or 4, got '5'");
	parse_error("xwayland scale 1.5", "got '1.5'");
	parse_error("xwayland scale 0", "got '0'");
	parse_error("xwayland scale", "got 'scale'");
}

int main(void) {
	test_output_keys();
	test_power();
	test_refresh();
	test_output_errors();
	test_config_scales();
	test_output_for();
	test_duplicate_outputs();
	test_merge_and_create();
	test_parse_words();
	test_bindings();
	test_execs();
	test_comments_and_unknown();
	test_unreadable();
	test_load_and_atomicity();
	test_awkward_files();
	test_default_path();
	test_cursor();
	test_xwayland();
	printf("config parser: all tests passed\n");
	return 0;
}
