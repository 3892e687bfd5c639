#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/config.h"
#include "config-parse-checks.h"

/* "position right-of|left-of|above|below OTHER [ALIGN]": parsed, merged
 * against absolute positions, placed, and refused with FILE:LINE when it
 * names no earlier output or makes a cycle. */
static void test_relative_positions(void) {
	struct gridwl_config *config = gridwl_config_create();
	parse_ok(config, "output A mode 640x480");
	parse_ok(config, "output B scale 2 position right-of A center");
	struct gridwl_output_config *b = gridwl_config_find_output(config, "B");
	CHECK(b != NULL && b->relation == GRIDWL_RELATION_RIGHT_OF &&
			b->align == GRIDWL_ALIGN_CENTER &&
			strcmp(b->relative_to, "A") == 0 && !b->has_position &&
			b->has_scale && b->scale120 == 2 * 120);
	// The default alignment, and a later absolute position winning.
	parse_ok(config, "output C position below B");
	struct gridwl_output_config *c = gridwl_config_find_output(config, "C");
	CHECK(c->relation == GRIDWL_RELATION_BELOW &&
			c->align == GRIDWL_ALIGN_START);
	parse_ok(config, "output C position 10,20");
	CHECK(c->relation == GRIDWL_RELATION_NONE && c->has_position &&
			c->x == 10 && c->y == 20);
	parse_ok(config, "output C position above B right");
	CHECK(c->relation == GRIDWL_RELATION_ABOVE &&
			c->align == GRIDWL_ALIGN_END && !c->has_position);

	// Placement against a 640x480 output at 100,50, of a 320x240 one.
	static const struct {
		const char *words;
		int x, y;
	} places[] = {
		{ "right-of A top", 740, 50 },
		{ "right-of A center", 740, 170 },
		{ "right-of A bottom", 740, 290 },
		{ "left-of A", -220, 50 },
		{ "above A center", 260, -190 },
		{ "below A right", 420, 530 },
	};
	for (size_t i = 0; i < sizeof(places) / sizeof(places[0]); i++) {
		char line[128];
		snprintf(line, sizeof(line), "output D position %s", places[i].words);
		parse_ok(config, line);
		struct gridwl_output_config *d = gridwl_config_find_output(config, "D");
		int x, y;
		gridwl_output_config_place(d, 100, 50, 640, 480, 320, 240, &x, &y);
		if (x != places[i].x || y != places[i].y) {
			fprintf(stderr, "%s: placed at %d,%d, want %d,%d\n",
					places[i].words, x, y, places[i].x, places[i].y);
			exit(1);
		}
	}
	gridwl_config_destroy(config);

	// Window actions from the keyboard take their word.
	parse_error("bind Mod4+x focus sideways", "focus takes next or prev");
	parse_error("bind Mod4+x focus", "focus takes one word");
	parse_error("bind Mod4+x fullscreen now", "fullscreen takes no arguments");
	parse_error("bind Mod4+x move-to-output", "move-to-output takes one word");
	parse_ok(config = gridwl_config_create(),
			"bind Mod4+Shift+Right move-to-output DP-1");
	struct gridwl_binding *moving = only_binding(config);
	CHECK(moving->action == GRIDWL_ACTION_MOVE_TO_OUTPUT &&
			strcmp(moving->argument, "DP-1") == 0);
	gridwl_config_destroy(config);

	parse_error("output B position right-of", "needs the name of another");
	parse_error("output B position right-of Z", "no output line before it");
	parse_error("output A position above A", "cannot be placed above itself");
	parse_error("output * position below A", "output * cannot be placed");

	// A cycle, found where it closes.
	load_refused("output A mode 640x480\n"
				 "output B position right-of A\n"
				 "output A position below B\n",
			3, "output A placed against B makes a cycle");
}

int main(void) {
	test_relative_positions();
	printf("output relations and window actions: all tests passed\n");
	return 0;
}
