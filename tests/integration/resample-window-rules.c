#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * Window rules choose the filter: "window app_id=REGEX filter F" in the
 * config wins over the output's filter, also after the output's filter
 * changes at run time. gridctl windows says which filter is in effect, and
 * the pixels of each window show it. The regex is POSIX extended and, as
 * in sway's criteria, finds a match anywhere in the app_id unless anchored;
 * that part is a case of its own, so a report tells it apart from rules
 * not working at all.
 */

#define OUTPUT_SCALE 2
#define WINDOW_WIDTH 100
#define WINDOW_HEIGHT 60
#define MAX_WINDOWS 4

struct rule_window {
	const char *app_id;
	int x, y;
	// Its rule's filter, or -1 when no rule matches and the output's
	// applies.
	int rule;
};

struct rules_case {
	const char *title; // the case's
	const char *name; // the artifacts'

	const char *rules; // config lines
	enum resample_filter output_filter; // in the config
	struct rule_window windows[MAX_WINDOWS + 1]; // up to app_id NULL
};

static enum resample_filter filter_of(const struct rule_window *w,
		enum resample_filter output_filter) {
	return w->rule < 0 ? output_filter : (enum resample_filter)w->rule;
}

/* gridctl windows and the screenshot, with the output's filter now. */
static bool check_rules(struct harness *h, const struct rules_case *rc,
		enum resample_filter output_filter, const char *name) {
	struct pattern checker;
	pattern_parse("checker", &checker);
	struct expected *e =
			expected_create(RS_MODE_WIDTH, RS_MODE_HEIGHT, BACKGROUND);
	REQUIRE(e != NULL, "no memory");
	bool ok = true;
	for (const struct rule_window *w = rc->windows; w->app_id; w++) {
		enum resample_filter filter = filter_of(w, output_filter);
		char *shown = rs_window_filter(h, w->app_id);
		ok = CHECK(shown != NULL &&
							 strcmp(shown, resample_filter_name(filter)) == 0,
					 "%s: window %s should have filter %s, has %s", name,
					 w->app_id, resample_filter_name(filter),
					 shown ? shown : "(none)") &&
				ok;
		free(shown);
		ok = rs_expect_add(e, NULL, &checker, w->x, w->y, WINDOW_WIDTH,
					 WINDOW_HEIGHT, 1, OUTPUT_SCALE, filter) &&
				ok;
	}
	struct image *image = screenshot_gridctl(h, RS_OUTPUT, name);
	ok = CHECK(image != NULL, "no screenshot") &&
			CHECK_EXPECTED(image, e, name) && ok;
	image_destroy(image);
	expected_destroy(e);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	const struct rules_case *rc = data;
	struct harness_client *clients[MAX_WINDOWS] = { 0 };
	bool ok = true;
	for (size_t i = 0; ok && rc->windows[i].app_id != NULL; i++) {
		const struct rule_window *w = &rc->windows[i];
		clients[i] = rs_spawn_at(h, w->app_id, "checker", 1, WINDOW_WIDTH,
				WINDOW_HEIGHT, w->x, w->y);
		ok = clients[i] != NULL;
	}
	char name[96];
	snprintf(name, sizeof(name), "rules-%s-output-%s", rc->name,
			resample_filter_name(rc->output_filter));
	ok = ok && check_rules(h, rc, rc->output_filter, name);

	// The output's filter changes; the rules still win.
	enum resample_filter other = rc->output_filter == RESAMPLE_NEAREST ?
			RESAMPLE_BILINEAR :
			RESAMPLE_NEAREST;
	snprintf(name, sizeof(name), "rules-%s-output-%s-then-%s", rc->name,
			resample_filter_name(rc->output_filter),
			resample_filter_name(other));
	ok = ok && rs_set_filter(h, RS_OUTPUT, other) &&
			check_rules(h, rc, other, name);

	for (size_t i = 0; i < MAX_WINDOWS; i++) {
		if (clients[i] != NULL) {
			ok = rs_quit(clients[i]) && ok;
		}
	}
	return ok;
}

static bool run(const void *data) {
	const struct rules_case *rc = data;
	char config[2048];
	int n = snprintf(config, sizeof(config),
			"output " RS_OUTPUT " mode %dx%d scale %d filter %s\n%s",
			RS_MODE_WIDTH, RS_MODE_HEIGHT, OUTPUT_SCALE,
			resample_filter_name(rc->output_filter), rc->rules);
	REQUIRE(n > 0 && (size_t)n < sizeof(config), "the rules are too long");
	return run_gridwl_config(config, NULL, body, rc);
}

#define ANCHORED_RULES \
	"window app_id=^crisp$ filter nearest\n" \
	"window app_id=^smooth.* filter bilinear\n"

/* Windows at odd logical positions, side by side on the 480x360 logical
 * output; the one no rule matches follows the output. */
#define ANCHORED_WINDOWS \
	{ \
		{ "crisp", 7, 9, RESAMPLE_NEAREST }, \
		{ "smoothie", 121, 9, RESAMPLE_BILINEAR }, \
		{ "other", 235, 9, -1 }, \
		{ NULL, 0, 0, 0 }, \
	}

int main(void) {
	static const struct rules_case cases[] = {
		{ "anchored rules: window rules on an output with filter bilinear in "
		  "the config, then the other at run time",
				"anchored", ANCHORED_RULES, RESAMPLE_BILINEAR,
				ANCHORED_WINDOWS },
		{ "anchored rules: window rules on an output with filter nearest in "
		  "the config, then the other at run time",
				"anchored", ANCHORED_RULES, RESAMPLE_NEAREST,
				ANCHORED_WINDOWS },
		// Unanchored, "sharp" finds a match inside "unsharpened" too,
		// but not in "blunt", which keeps the output's filter.
		{ "unanchored rules match anywhere in the app_id: window rules on an "
		  "output with filter bilinear in the config, then the other at run "
		  "time",
				"search", "window app_id=sharp filter nearest\n",
				RESAMPLE_BILINEAR,
				{
						{ "sharp", 7, 9, RESAMPLE_NEAREST },
						{ "unsharpened", 121, 9, RESAMPLE_NEAREST },
						{ "blunt", 235, 135, -1 },
						{ NULL, 0, 0, 0 },
				} },
	};
	return CHECK_MAIN_TABLE(cases, run);
}
