#include <string.h>
#include "config-parse-checks.h"

/* "decorations", "decoration font", "decoration colors" and the window
 * rule's "decorations server|none". */

static void test_decorations(void) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	CHECK(config->decorations == -1);
	parse_ok(config, "decorations client");
	CHECK(config->decorations == GRIDWL_DECORATIONS_CLIENT);
	parse_ok(config, "decorations server  ");
	CHECK(config->decorations == GRIDWL_DECORATIONS_SERVER);
	gridwl_config_destroy(config);

	parse_error("decorations", "decorations wants server or client, got ''");
	parse_error("decorations none", "got 'none'");
	parse_error("decorations server extra", "got 'server extra'");
}

static void test_font(void) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	CHECK(config->decoration_font == NULL);
	parse_ok(config, "decoration font \"DejaVu Sans Bold 11\"");
	CHECK(strcmp(config->decoration_font, "DejaVu Sans Bold 11") == 0);
	parse_ok(config, "decoration font Monospace 9");
	CHECK(strcmp(config->decoration_font, "Monospace 9") == 0);
	gridwl_config_destroy(config);

	parse_error("decoration font", "decoration font wants a Pango font");
	parse_error("decoration font \"\"", "decoration font wants a Pango font");
	parse_error("decoration font \"Sans 10", "unbalanced quote");
	parse_error("decoration size 10", "decoration wants font or colors");
	parse_error("decoration", "decoration wants font or colors");
}

static void test_colors(void) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	CHECK(!config->has_decoration_colors);
	parse_ok(config, "decoration colors #102030 #FFFFFF #405060 #a0b0c0");
	CHECK(config->has_decoration_colors);
	CHECK(config->decoration_colors.focused_bg == 0x102030);
	CHECK(config->decoration_colors.focused_text == 0xffffff);
	CHECK(config->decoration_colors.unfocused_bg == 0x405060);
	CHECK(config->decoration_colors.unfocused_text == 0xa0b0c0);
	gridwl_config_destroy(config);

	parse_error("decoration colors #102030 #ffffff #405060",
			"decoration colors wants FOCUSED_BG FOCUSED_TEXT");
	parse_error("decoration colors #102030 #ffffff #405060 #a0b0c0 #000000",
			"decoration colors wants FOCUSED_BG FOCUSED_TEXT");
	parse_error("decoration colors #102030 #ffffff #405060 a0b0c0",
			"'a0b0c0' is not #rrggbb");
	parse_error("decoration colors #102030 #fff #405060 #a0b0c0",
			"'#fff' is not #rrggbb");
	parse_error("decoration colors #10203g #ffffff #405060 #a0b0c0",
			"'#10203g' is not #rrggbb");
}

static void check_rule(struct gridwl_config *config, const char *app_id,
		bool want_found, enum gridwl_decoration_mode want) {
	struct gridwl_window_identity window = { .app_id = app_id };
	enum gridwl_decoration_mode mode = GRIDWL_DECORATIONS_SERVER;
	bool found = gridwl_config_window_decorations(config, &window, &mode);
	if (found != want_found || (found && mode != want)) {
		fprintf(stderr, "window app_id=%s: wrong decorations rule\n", app_id);
		exit(1);
	}
}

static void test_rules(void) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	parse_ok(config, "window app_id=^mpv$ decorations none");
	parse_ok(config, "window app_id=^mpv$ filter bilinear");
	parse_ok(config, "window app_id=^foot decorations server");
	parse_ok(config, "window app_id=^foot-x decorations none filter nearest");
	check_rule(config, "mpv", true, GRIDWL_DECORATIONS_CLIENT);
	check_rule(config, "foot", true, GRIDWL_DECORATIONS_SERVER);
	// Later lines win.
	check_rule(config, "foot-x", true, GRIDWL_DECORATIONS_CLIENT);
	check_rule(config, "other", false, GRIDWL_DECORATIONS_SERVER);
	// A filter-only rule says nothing of decorations, and the other way.
	struct gridwl_window_identity mpv = { .app_id = "mpv" };
	enum gridwl_filter filter;
	CHECK(gridwl_config_window_filter(config, &mpv, &filter) &&
			filter == GRIDWL_FILTER_BILINEAR);
	struct gridwl_window_identity foot = { .app_id = "foot" };
	CHECK(!gridwl_config_window_filter(config, &foot, &filter));
	gridwl_config_destroy(config);

	parse_error("window app_id=foot decorations",
			"decorations must be server "
			"or none, got ''");
	parse_error("window app_id=foot decorations client",
			"decorations must be server or none, got 'client'");
	parse_error("window app_id=foot", "needs an action");
}

static void test_load_keeps_old(void) {
	// A bad line leaves the running config as it was, and says where.
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	char *good = write_temp_str("decorations client\n"
								"decoration font \"Serif 12\"\n");
	char *error = NULL;
	CHECK_MSG(gridwl_config_load(config, good, &error), error);
	CHECK(config->decorations == GRIDWL_DECORATIONS_CLIENT);
	CHECK(strcmp(config->decoration_font, "Serif 12") == 0);
	char *bad = write_temp_str("decoration font \"Sans 8\"\n"
							   "decoration colors #000000 #ffffff\n");
	CHECK(!gridwl_config_load(config, bad, &error));
	char want[4096];
	snprintf(want, sizeof(want), "%s:2: decoration colors wants", bad);
	CHECK_MSG(starts_with(error, want), error);
	free(error);
	CHECK(strcmp(config->decoration_font, "Serif 12") == 0);
	CHECK(!config->has_decoration_colors);
	remove_temp(good);
	remove_temp(bad);
	gridwl_config_destroy(config);
}

int main(void) {
	test_decorations();
	test_font();
	test_colors();
	test_rules();
	test_load_keeps_old();
	printf("decoration config: all tests passed\n");
	return 0;
}
