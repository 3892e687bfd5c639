#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wlr/types/wlr_keyboard.h>
#include "config-parse-checks.h"
#include "config/config.h"

/* bind KEYS inhibit-escape ACTION: the one binding that runs while a
 * surface inhibits shortcuts, and the FILE:LINE errors of its misuse. */

static void test_flag(void) {
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config, "bind Mod4+Escape inhibit-escape exec echo out");
	parse_ok(config, "bind Mod4+Return exec foot");
	struct gridwl_binding *escape = gridwl_config_find_binding(config,
			WLR_MODIFIER_LOGO, XKB_KEY_Escape);
	CHECK(escape != NULL && escape->inhibit_escape);
	CHECK(escape->action == GRIDWL_ACTION_EXEC);
	CHECK(strcmp(escape->command, "echo out") == 0);
	struct gridwl_binding *plain = gridwl_config_find_binding(config,
			WLR_MODIFIER_LOGO, XKB_KEY_Return);
	CHECK(plain != NULL && !plain->inhibit_escape);
	// The same chord again may keep the flag (it replaces the binding),
	// or drop it, which frees the flag for another chord.
	parse_ok(config, "bind Mod4+Escape inhibit-escape close");
	parse_ok(config, "bind Mod4+Escape close");
	parse_ok(config, "bind Mod4+Shift+Escape inhibit-escape exit");
	CHECK(wl_list_length(&config->bindings) == 3);
	gridwl_config_destroy(config);

	// The flag is no action, and goes once, after the keys.
	parse_error("bind Mod4+x inhibit-escape", "bind needs an action");
	parse_error("bind Mod4+x inhibit-escape inhibit-escape close",
			"inhibit-escape is given twice");
	parse_error("bind inhibit-escape Mod4+x close",
			"inhibit-escape goes after the keys");
	parse_error("bind Mod4+x inhibit-escaped close",
			"unknown action 'inhibit-escaped'");
	parse_error("bind Mod4+x close inhibit-escape", "close takes no arguments");
}

static void test_second_escape(void) {
	const char text[] = "bind Mod4+Escape inhibit-escape close\n"
						"bind Mod4+Return exec foot\n"
						"bind Ctrl+Alt+Escape inhibit-escape exit\n";
	char path[] = "/tmp/gridwl-escape-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	CHECK(write(fd, text, sizeof(text) - 1) == (ssize_t)(sizeof(text) - 1));
	CHECK(close(fd) == 0);
	struct gridwl_config *config = gridwl_config_create();
	char *error = NULL;
	CHECK(!gridwl_config_load(config, path, &error));
	char want[256];
	snprintf(want, sizeof(want),
			"%s:3: only one binding can be inhibit-escape, and %s:1 has it",
			path, path);
	CHECK_MSG(error != NULL && strcmp(error, want) == 0, error);
	// A file that fails adds nothing.
	CHECK(wl_list_empty(&config->bindings));
	free(error);
	gridwl_config_destroy(config);
	unlink(path);
}

int main(void) {
	test_flag();
	test_second_escape();
	printf("inhibit-escape: all tests passed\n");
	return 0;
}
