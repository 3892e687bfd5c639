#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wlr/types/wlr_keyboard.h>
#include "config/config.h"
#include "config/default_commands.h"
#include "config-parse-checks.h"

/*
 * The shipped default config (config/default.config, argv[1]), the choice
 * between the user's and the system's file, and --check-config's parse that
 * goes on past bad lines.
 */

static char *temp_dir(void) {
	const char *tmp = getenv("TMPDIR");
	char *dir = malloc(4096);
	CHECK(dir != NULL);
	snprintf(dir, 4096, "%s/gridwl-check-XXXXXX",
			tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
	CHECK(mkdtemp(dir) != NULL);
	return dir;
}

static char *join(const char *dir, const char *name) {
	size_t size = strlen(dir) + strlen(name) + 2;
	char *path = malloc(size);
	CHECK(path != NULL);
	snprintf(path, size, "%s/%s", dir, name);
	return path;
}

static void write_file(const char *path, const char *contents) {
	FILE *f = fopen(path, "w");
	CHECK(f != NULL);
	CHECK(fputs(contents, f) >= 0);
	CHECK(fclose(f) == 0);
}

static bool has_binding(struct gridwl_config *config, uint32_t modifiers,
		xkb_keysym_t keysym, enum gridwl_binding_action action,
		const char *command) {
	struct gridwl_binding *binding =
			gridwl_config_find_binding(config, modifiers, keysym);
	return binding != NULL && binding->action == action &&
			(command == NULL ? binding->command == NULL :
							   binding->command != NULL &&
									strcmp(binding->command, command) == 0);
}

/* As shipped, the default config must leave gridwl as it is with no config
 * at all: nothing set, and exactly the built-in bindings (input/bindings.c
 * and the README list them), since any bind line replaces those. */
static void test_default_config(const char *path) {
	struct gridwl_config *config = gridwl_config_create();
	char *error = NULL;
	CHECK_MSG(gridwl_config_load(config, path, &error), error);
	CHECK(wl_list_empty(&config->outputs));
	CHECK(wl_list_empty(&config->execs));
	CHECK(wl_list_empty(&config->window_rules));
	CHECK(config->cursor_theme == NULL && config->cursor_size == 0);
	CHECK(config->xwayland == -1);
	CHECK(wl_list_length(&config->bindings) == 49);
	CHECK(has_binding(config, WLR_MODIFIER_LOGO, XKB_KEY_Return,
			GRIDWL_ACTION_EXEC, "foot"));
	CHECK(has_binding(config, WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT, XKB_KEY_q,
			GRIDWL_ACTION_CLOSE, NULL));
	CHECK(has_binding(config, WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT, XKB_KEY_e,
			GRIDWL_ACTION_EXIT, NULL));
	CHECK(has_binding(config, WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT, XKB_KEY_c,
			GRIDWL_ACTION_RELOAD, NULL));
	static const struct {
		uint32_t modifiers;
		xkb_keysym_t keysym;
		enum gridwl_binding_action action;
		const char *argument;
	} windows[] = {
		{ WLR_MODIFIER_ALT, XKB_KEY_Tab, GRIDWL_ACTION_SWITCHER, "next" },
		{ WLR_MODIFIER_ALT | WLR_MODIFIER_SHIFT, XKB_KEY_ISO_Left_Tab,
				GRIDWL_ACTION_SWITCHER, "prev" },
		{ WLR_MODIFIER_LOGO, XKB_KEY_f, GRIDWL_ACTION_FULLSCREEN, NULL },
		{ WLR_MODIFIER_LOGO, XKB_KEY_m, GRIDWL_ACTION_MAXIMIZE, NULL },
		{ WLR_MODIFIER_LOGO, XKB_KEY_c, GRIDWL_ACTION_CENTER, NULL },
		{ WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT, XKB_KEY_Left,
				GRIDWL_ACTION_MOVE_TO_OUTPUT, "left" },
		{ WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT, XKB_KEY_Right,
				GRIDWL_ACTION_MOVE_TO_OUTPUT, "right" },
		{ WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT, XKB_KEY_Up,
				GRIDWL_ACTION_MOVE_TO_OUTPUT, "up" },
		{ WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT, XKB_KEY_Down,
				GRIDWL_ACTION_MOVE_TO_OUTPUT, "down" },
		{ WLR_MODIFIER_LOGO, XKB_KEY_h, GRIDWL_ACTION_MINIMIZE, NULL },
		{ WLR_MODIFIER_LOGO, XKB_KEY_Left, GRIDWL_ACTION_SNAP, "left" },
		{ WLR_MODIFIER_LOGO, XKB_KEY_Right, GRIDWL_ACTION_SNAP, "right" },
		{ WLR_MODIFIER_LOGO, XKB_KEY_Up, GRIDWL_ACTION_SNAP, "up" },
		{ WLR_MODIFIER_LOGO, XKB_KEY_Down, GRIDWL_ACTION_SNAP, "down" },
		{ WLR_MODIFIER_LOGO, XKB_KEY_F7, GRIDWL_ACTION_MOVE_MODE, NULL },
		{ WLR_MODIFIER_LOGO, XKB_KEY_F8, GRIDWL_ACTION_RESIZE_MODE, NULL },
	};
	for (size_t i = 0; i < sizeof(windows) / sizeof(windows[0]); i++) {
		struct gridwl_binding *binding = gridwl_config_find_binding(config,
				windows[i].modifiers, windows[i].keysym);
		CHECK(binding != NULL && binding->action == windows[i].action &&
				(windows[i].argument == NULL ?
								binding->argument == NULL :
								strcmp(binding->argument,
										windows[i].argument) == 0));
	}
	// A laptop's keys: all but Print also under a lock.
	static const struct {
		xkb_keysym_t keysym;
		const char *command;
		bool locked;
	} laptop[] = {
		{ XKB_KEY_XF86AudioRaiseVolume, GRIDWL_VOLUME_UP, true },
		{ XKB_KEY_XF86AudioLowerVolume, GRIDWL_VOLUME_DOWN, true },
		{ XKB_KEY_XF86AudioMute, GRIDWL_VOLUME_MUTE, true },
		{ XKB_KEY_XF86AudioMicMute, GRIDWL_MIC_MUTE, true },
		{ XKB_KEY_XF86MonBrightnessUp, GRIDWL_BRIGHTNESS_UP, true },
		{ XKB_KEY_XF86MonBrightnessDown, GRIDWL_BRIGHTNESS_DOWN, true },
		{ XKB_KEY_Print, GRIDWL_SCREENSHOT, false },
	};
	for (size_t i = 0; i < sizeof(laptop) / sizeof(laptop[0]); i++) {
		CHECK(has_binding(config, 0, laptop[i].keysym, GRIDWL_ACTION_EXEC,
				laptop[i].command));
		CHECK(gridwl_config_find_binding(config, 0, laptop[i].keysym)->locked ==
				laptop[i].locked);
	}
	// The lid, as input/bindings.c's built-in switch bindings.
	CHECK(wl_list_length(&config->switch_bindings) == 2);
	for (int on = 0; on < 2; on++) {
		struct gridwl_binding *lid = gridwl_config_find_switch_binding(config,
				GRIDWL_SWITCH_LID, on);
		CHECK(lid != NULL && lid->locked &&
				lid->action == GRIDWL_ACTION_OUTPUT &&
				strcmp(lid->argument,
						on ? "internal disable" : "internal enable") == 0);
	}
	// Mod4+1..0 and Mod4+Shift+1..0: workspaces 1 to 10.
	for (int n = 1; n <= GRIDWL_WORKSPACE_COUNT; n++) {
		char number[4];
		snprintf(number, sizeof(number), "%d", n);
		xkb_keysym_t key = XKB_KEY_0 + n % 10;
		struct gridwl_binding *show =
				gridwl_config_find_binding(config, WLR_MODIFIER_LOGO, key);
		struct gridwl_binding *move = gridwl_config_find_binding(config,
				WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT, key);
		CHECK(show != NULL && show->action == GRIDWL_ACTION_WORKSPACE &&
				strcmp(show->argument, number) == 0);
		CHECK(move != NULL && move->action == GRIDWL_ACTION_MOVE_TO_WORKSPACE &&
				strcmp(move->argument, number) == 0);
	}
	CHECK(has_binding(config, WLR_MODIFIER_LOGO | WLR_MODIFIER_CTRL,
			XKB_KEY_Left, GRIDWL_ACTION_WORKSPACE, NULL));
	CHECK(has_binding(config, WLR_MODIFIER_LOGO | WLR_MODIFIER_CTRL,
			XKB_KEY_Right, GRIDWL_ACTION_WORKSPACE, NULL));
	gridwl_config_destroy(config);
}

/* Its commented-out examples are meant to be uncommented: every one must
 * parse. */
static void test_default_config_examples(const char *path) {
	FILE *f = fopen(path, "r");
	CHECK(f != NULL);
	struct gridwl_config *config = gridwl_config_create();
	char line[1024];
	int examples = 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		// Examples are "#keyword ..."; prose is "# ...".
		if (line[0] != '#' || line[1] == ' ' || line[1] == '#' ||
				line[1] == '\n') {
			continue;
		}
		char *error = NULL;
		CHECK_MSG(gridwl_config_parse_line(config, line + 1, "example", &error),
				error);
		examples++;
	}
	fclose(f);
	CHECK(examples >= 10);
	CHECK(wl_list_length(&config->outputs) >= 2);
	CHECK(wl_list_length(&config->window_rules) >= 2);
	CHECK(wl_list_length(&config->inputs) >= 3);
	gridwl_config_destroy(config);
}

static void test_pick(void) {
	char *dir = temp_dir();
	char *user = join(dir, "user");
	char *system = join(dir, "system");

	CHECK(gridwl_config_pick(user, system) == NULL);
	CHECK(gridwl_config_pick(NULL, NULL) == NULL);
	write_file(system, "");
	CHECK(gridwl_config_pick(user, system) == system);
	// No home at all: still the system's.
	CHECK(gridwl_config_pick(NULL, system) == system);
	write_file(user, "");
	CHECK(gridwl_config_pick(user, system) == user);
	CHECK(gridwl_config_pick(user, NULL) == user);
	// A user's file wins even when it is empty or unreadable: it is theirs,
	// and gridwl says what is wrong with it rather than ignore it.
	CHECK(chmod(user, 0) == 0);
	CHECK(gridwl_config_pick(user, system) == user);

	CHECK(unlink(user) == 0 && unlink(system) == 0 && rmdir(dir) == 0);
	free(user);
	free(system);
	free(dir);
}

struct reports {
	char *lines[8];
	int count;
};

static void collect(const char *error, void *data) {
	struct reports *reports = data;
	CHECK(reports->count < 8);
	reports->lines[reports->count] = strdup(error);
	CHECK(reports->lines[reports->count] != NULL);
	reports->count++;
}

static void reports_finish(struct reports *reports) {
	for (int i = 0; i < reports->count; i++) {
		free(reports->lines[i]);
	}
	reports->count = 0;
}

static bool report_is(struct reports *reports, int i, const char *path,
		int line, const char *message) {
	char want[4096];
	snprintf(want, sizeof(want), "%s:%d: %s", path, line, message);
	if (i >= reports->count || strcmp(reports->lines[i], want) != 0) {
		fprintf(stderr, "report %d: want '%s', got '%s'\n", i, want,
				i < reports->count ? reports->lines[i] : "(none)");
		return false;
	}
	return true;
}

/* Every bad line is reported with its own FILE:LINE, also past the first,
 * while good lines around them are parsed as usual. */
static void test_check(void) {
	char *dir = temp_dir();
	char *path = join(dir, "config");
	struct reports reports = { 0 };

	write_file(path,
			"output HEADLESS-1 scale 2\n"
			"# a comment\n"
			"output HEADLESS-1 scale 0.5\n"
			"bind Mod4+Return exec foot\n"
			"frobnicate\n"
			"bind Hyper+q close\n"
			"window app_id=^foot$ filter bilinear\n");
	CHECK(gridwl_config_check(path, collect, &reports) == 3);
	CHECK(reports.count == 3);
	CHECK(report_is(&reports, 0, path, 3,
			"scale must be auto or a number from 1 to 4 (1.25, 1.5, 2...), "
			"got '0.5'"));
	CHECK(report_is(&reports, 1, path, 5, "unknown command 'frobnicate'"));
	CHECK(report_is(&reports, 2, path, 6, "unknown modifier 'Hyper'"));
	reports_finish(&reports);

	// The same file through gridwl_config_load stops at the first error.
	struct gridwl_config *config = gridwl_config_create();
	char *error = NULL;
	CHECK(!gridwl_config_load(config, path, &error));
	CHECK(error != NULL && strstr(error, ":3: scale must") != NULL);
	free(error);
	gridwl_config_destroy(config);

	write_file(path, "output * filter bilinear\nexec foot\n");
	CHECK(gridwl_config_check(path, collect, &reports) == 0);
	CHECK(reports.count == 0);

	CHECK(unlink(path) == 0);
	CHECK(gridwl_config_check(path, collect, &reports) == 1);
	char want[4096];
	snprintf(want, sizeof(want), "%s: No such file or directory", path);
	CHECK(reports.count == 1 && strcmp(reports.lines[0], want) == 0);
	reports_finish(&reports);

	CHECK(rmdir(dir) == 0);
	free(path);
	free(dir);
}

int main(int argc, char *argv[]) {
	if (argc != 2) {
		fprintf(stderr, "usage: %s DEFAULT-CONFIG\n", argv[0]);
		return 1;
	}
	test_default_config(argv[1]);
	test_default_config_examples(argv[1]);
	test_pick();
	test_check();
	printf("config check: all tests passed\n");
	return 0;
}
