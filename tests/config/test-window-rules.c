#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "config-parse-checks.h"

static enum gridwl_filter filter_for(struct gridwl_config *config,
		const char *app_id, const char *title, const char *x11_class,
		bool *found) {
	struct gridwl_window_identity window = {
		.app_id = app_id,
		.title = title,
		.x11_class = x11_class,
	};
	enum gridwl_filter filter = GRIDWL_FILTER_NEAREST;
	*found = gridwl_config_window_filter(config, &window, &filter);
	return filter;
}

static void check_filter(struct gridwl_config *config, const char *app_id,
		const char *title, const char *x11_class, bool want_found,
		enum gridwl_filter want) {
	bool found;
	enum gridwl_filter filter =
			filter_for(config, app_id, title, x11_class, &found);
	if (found != want_found || (found && filter != want)) {
		fprintf(stderr,
				"window app_id=%s title=%s class=%s: expected %s, "
				"got %s\n",
				app_id ? app_id : "(none)", title ? title : "(none)",
				x11_class ? x11_class : "(none)",
				want_found ? gridwl_filter_name(want) : "no rule",
				found ? gridwl_filter_name(filter) : "no rule");
		exit(1);
	}
}

static void test_parse_fields(void) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	parse_ok(config, "window app_id=^foot$ filter bilinear");
	parse_ok(config, "window title=\"a \\\"quoted\\\" title\" filter nearest");
	parse_ok(config, "window class=^XTerm$ app_id=x filter bilinear");
	CHECK(wl_list_length(&config->window_rules) == 3);

	struct gridwl_window_rule *rule =
			wl_container_of(config->window_rules.next, rule, link);
	CHECK(strcmp(rule->app_id.pattern, "^foot$") == 0);
	CHECK(rule->title.pattern == NULL && rule->x11_class.pattern == NULL);
	CHECK(rule->has_filter && rule->filter == GRIDWL_FILTER_BILINEAR);

	rule = wl_container_of(rule->link.next, rule, link);
	CHECK(strcmp(rule->title.pattern, "a \"quoted\" title") == 0);
	CHECK(rule->filter == GRIDWL_FILTER_NEAREST);

	rule = wl_container_of(rule->link.next, rule, link);
	CHECK(strcmp(rule->x11_class.pattern, "^XTerm$") == 0);
	CHECK(strcmp(rule->app_id.pattern, "x") == 0);
	gridwl_config_destroy(config);
}

static void test_errors(void) {
	parse_error("window", "needs a criterion");
	parse_error("window filter bilinear", "needs a criterion");
	parse_error("window app_id=foot", "needs an action");
	parse_error("window app_id=foot filter", "missing value for 'filter'");
	parse_error("window app_id=foot filter linear",
			"filter must be nearest or bilinear, got 'linear'");
	parse_error("window app_id=( filter bilinear", "invalid regex for app_id");
	parse_error("window name=foot filter bilinear",
			"unknown window criterion 'name'");
	parse_error("window app_id=a app_id=b filter bilinear",
			"criterion 'app_id' given twice");
	parse_error("window app_id=\"foot filter bilinear", "unterminated quote");
	parse_error("window app_id=foot scale 2",
			"unknown window rule word 'scale'");
	parse_error("window app_id=foot size 0x5",
			"size must be WxH (logical pixels, 1 to 16384), got '0x5'");
	parse_error("window app_id=foot size 640", "size must be WxH");
	parse_error("window app_id=foot position 1,x",
			"position must be X,Y (logical pixels), got '1,x'");
	parse_error("window app_id=foot output", "missing value for 'output'");
	parse_error("window app_id=foot floating enable",
			"unknown window rule word 'enable'");
}

static void test_placement(void) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	parse_ok(config, "window app_id=^foot$ output DP-1 position -5,20");
	parse_ok(config, "window app_id=foot size 300x200 center always-on-top");
	parse_ok(config, "window app_id=^foot$ output eDP-1");
	parse_ok(config, "window app_id=^mpv$ floating");
	struct gridwl_window_identity foot = { .app_id = "foot" };
	struct gridwl_window_placement p;
	gridwl_config_window_placement(config, &foot, &p);
	// Word by word, the last line naming one wins.
	CHECK(p.output != NULL && strcmp(p.output, "eDP-1") == 0);
	CHECK(p.has_position && p.x == -5 && p.y == 20);
	CHECK(p.has_size && p.width == 300 && p.height == 200);
	CHECK(p.center && p.always_on_top && !p.floating);
	struct gridwl_window_identity other = { .app_id = "footclient" };
	gridwl_config_window_placement(config, &other, &p);
	CHECK(p.output == NULL && !p.has_position && p.has_size && p.center);
	// floating is a word alone, and only for the windows it matches.
	struct gridwl_window_identity mpv = { .app_id = "mpv" };
	gridwl_config_window_placement(config, &mpv, &p);
	CHECK(p.floating && !p.has_size && !p.center);
	gridwl_config_destroy(config);
}

static void test_matching(void) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	parse_ok(config, "window app_id=^smooth filter bilinear");
	parse_ok(config, "window app_id=^smooth-but-crisp$ filter nearest");
	parse_ok(config, "window app_id=term title=vim filter bilinear");
	parse_ok(config, "window class=^XTerm$ filter bilinear");

	// Search semantics, as in sway: ^ and $ anchor, nothing else does.
	check_filter(config, "smooth", NULL, NULL, true, GRIDWL_FILTER_BILINEAR);
	check_filter(config, "smoothie", NULL, NULL, true, GRIDWL_FILTER_BILINEAR);
	check_filter(config, "not-smooth", NULL, NULL, false, 0);
	// The later line wins.
	check_filter(config, "smooth-but-crisp", NULL, NULL, true,
			GRIDWL_FILTER_NEAREST);
	// Every criterion of a rule must match.
	check_filter(config, "xterm", "vim notes", NULL, true,
			GRIDWL_FILTER_BILINEAR);
	check_filter(config, "xterm", "emacs", NULL, false, 0);
	check_filter(config, "xterm", NULL, NULL, false, 0);
	// class is only an X11 window's; a missing field never matches.
	check_filter(config, NULL, NULL, "XTerm", true, GRIDWL_FILTER_BILINEAR);
	check_filter(config, "XTerm", NULL, NULL, false, 0);
	check_filter(config, NULL, NULL, NULL, false, 0);
	gridwl_config_destroy(config);
}

static void test_load(void) {
	char path[] = "/tmp/gridwl-rules-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	const char text[] = "output * filter nearest\n"
						"window app_id=^a$ filter bilinear\n"
						"window app_id=[z filter bilinear\n";
	CHECK(write(fd, text, sizeof(text) - 1) == (ssize_t)(sizeof(text) - 1));
	close(fd);

	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	char *error = NULL;
	CHECK(!gridwl_config_load(config, path, &error));
	char want[64];
	snprintf(want, sizeof(want), "%s:3: invalid regex for app_id '[z'", path);
	CHECK_MSG(error != NULL && starts_with(error, want), error);
	// A file with an error adds none of its lines.
	CHECK(wl_list_empty(&config->window_rules));
	free(error);

	fd = open(path, O_WRONLY | O_TRUNC);
	CHECK(fd >= 0);
	const char good[] = "window app_id=^a$ filter bilinear\n";
	CHECK(write(fd, good, sizeof(good) - 1) == (ssize_t)(sizeof(good) - 1));
	close(fd);
	error = NULL;
	CHECK_MSG(gridwl_config_load(config, path, &error), error);
	CHECK(wl_list_length(&config->window_rules) == 1);
	check_filter(config, "a", NULL, NULL, true, GRIDWL_FILTER_BILINEAR);
	unlink(path);
	gridwl_config_destroy(config);
}

int main(void) {
	test_parse_fields();
	test_errors();
	test_placement();
	test_matching();
	test_load();
	printf("window rules: all tests passed\n");
	return 0;
}
