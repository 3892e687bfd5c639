#include <string.h>
#include "config-parse-checks.h"

/* "workspace N name NAME", the window rule's "workspace N" and "sticky",
 * and the workspace actions of bind lines. */

static void test_names(void) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	parse_ok(config, "workspace 3 name mail");
	parse_ok(config, "workspace 10 name \"chat and music\"  ");
	CHECK(strcmp(config->workspace_names[2], "mail") == 0);
	CHECK(strcmp(config->workspace_names[9], "chat and music") == 0);
	CHECK(config->workspace_names[0] == NULL);
	// A later line for the same workspace renames it.
	parse_ok(config, "workspace 3 name post");
	CHECK(strcmp(config->workspace_names[2], "post") == 0);
	gridwl_config_destroy(config);

	parse_error("workspace 0 name x", "workspace wants a number from 1 to 10");
	parse_error("workspace 11 name x", "got '11'");
	parse_error("workspace 03 name x", "got '03'");
	parse_error("workspace mail", "got 'mail'");
	parse_error("workspace 3", "workspace wants 'workspace N name NAME'");
	parse_error("workspace 3 label x", "workspace wants 'workspace N name");
	parse_error("workspace 3 name", "workspace wants 'workspace N name");
	parse_error("workspace 3 name \"\"", "workspace name is empty");
	parse_error("workspace 3 name two words", "has blanks: quote it");
	parse_error("workspace 3 name \"open", "unbalanced quote");
	parse_error("workspace 3 name 4", "is taken by the workspace action");
	parse_error("workspace 3 name next", "is taken by the workspace action");

	config = gridwl_config_create();
	CHECK(config != NULL);
	parse_ok(config, "workspace 2 name web");
	char *error = NULL;
	CHECK(!gridwl_config_parse_line(config, "workspace 5 name web", WHERE,
			&error));
	CHECK_MSG(strstr(error, "is workspace 2's already") != NULL, error);
	free(error);
	gridwl_config_destroy(config);
}

static void test_rules(void) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	parse_ok(config, "window app_id=^mail$ workspace 3");
	parse_ok(config, "window app_id=^mail$ title=Compose sticky");
	struct gridwl_window_identity mail = { .app_id = "mail", .title = "Inbox" };
	struct gridwl_window_identity compose = { .app_id = "mail",
		.title = "Compose" };
	struct gridwl_window_identity other = { .app_id = "foot" };
	bool sticky;
	CHECK(gridwl_config_window_workspace(config, &mail, &sticky) == 3 &&
			!sticky);
	CHECK(gridwl_config_window_workspace(config, &compose, &sticky) == 3 &&
			sticky);
	CHECK(gridwl_config_window_workspace(config, &other, &sticky) == 0 &&
			!sticky);
	gridwl_config_destroy(config);

	parse_error("window app_id=x workspace 11",
			"workspace in a window rule wants a number from 1 to 10");
	parse_error("window app_id=x workspace", "got ''");
	parse_error("window app_id=x workspace mail", "got 'mail'");
}

static void test_actions(void) {
	const char *good[] = { "workspace 1", "workspace 10", "workspace next",
		"workspace prev", "workspace back-and-forth", "workspace mail",
		"move-to-workspace 4", "move-to-workspace mail", "sticky" };
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		struct gridwl_binding binding = { 0 };
		char *error = NULL;
		CHECK_MSG(gridwl_binding_parse_action(&binding, good[i], WHERE, &error),
				error);
		free(binding.argument);
	}
	parse_error("bind Mod4+1 workspace 0", "workspace takes a number from 1");
	parse_error("bind Mod4+1 workspace 11", "got '11'");
	parse_error("bind Mod4+1 workspace", "workspace takes one word");
	parse_error("bind Mod4+1 move-to-workspace 1 2", "takes one word");
	parse_error("bind Mod4+s sticky on", "sticky takes no arguments");
}

int main(void) {
	test_names();
	test_rules();
	test_actions();
	printf("workspace config: all tests passed\n");
	return 0;
}
