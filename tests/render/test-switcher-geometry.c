#include "check.h"
#include "render/switcher_draw.h"

/*
 * The window switcher's list shape (render/switcher_draw.c), logical
 * pixels: its width at most GRIDWL_SWITCHER_WIDTH and the room given, a
 * row the title bars' height each, and when not every row fits the ones
 * shown scrolled so that the highlighted one is among them.
 */

static const int frame = GRIDWL_SWITCHER_BORDER + GRIDWL_SWITCHER_PADDING;

static bool rows_fit(const void *data) {
	struct gridwl_decoration_style style = { .measured_title_height = 20 };
	struct gridwl_switcher_geometry g;
	bool ok = CHECK(gridwl_switcher_measure(&style, 3, 1, 1000, 1000, &g),
			"three rows in 1000x1000");
	ok = CHECK(g.width == GRIDWL_SWITCHER_WIDTH && g.row_height == 20 &&
						 g.height == 2 * frame + 3 * 20 && g.first == 0 &&
						 g.shown == 3,
				 "%dx%d, rows %zu+%zu", g.width, g.height, g.first, g.shown) &&
			ok;
	struct wlr_box row = gridwl_switcher_row_box(&g, 1);
	ok = CHECK(row.x == frame && row.y == frame + 20 &&
						 row.width == g.width - 2 * frame && row.height == 20,
				 "row 1 at %d,%d %dx%d", row.x, row.y, row.width, row.height) &&
			ok;
	// Narrower room: narrower list.
	ok = CHECK(gridwl_switcher_measure(&style, 3, 1, 300, 1000, &g) &&
						 g.width == 300,
				 "not 300 wide in 300") &&
			ok;
	// Nothing to list, or not one row of room: no list.
	ok = CHECK(!gridwl_switcher_measure(&style, 0, 0, 1000, 1000, &g),
				 "a list of nothing") &&
			ok;
	ok = CHECK(!gridwl_switcher_measure(&style, 3, 0, 1000, 2 * frame + 19, &g),
				 "a list with no room for a row") &&
			ok;
	return ok;
}

static bool rows_scroll(const void *data) {
	struct gridwl_decoration_style style = { .measured_title_height = 20 };
	struct gridwl_switcher_geometry g;
	// Room for 4 of 10 rows.
	int room = 2 * frame + 4 * 20 + 5;
	bool ok = CHECK(gridwl_switcher_measure(&style, 10, 2, 1000, room, &g) &&
					g.shown == 4 && g.first == 0 &&
					g.height == 2 * frame + 4 * 20,
			"highlight 2: rows %zu+%zu", g.first, g.shown);
	ok = CHECK(gridwl_switcher_measure(&style, 10, 7, 1000, room, &g) &&
						 g.shown == 4 && g.first == 4,
				 "highlight 7: rows %zu+%zu", g.first, g.shown) &&
			ok;
	// The highlighted row is the last one shown, at the bottom.
	struct wlr_box row = gridwl_switcher_row_box(&g, 7);
	ok = CHECK(row.y == frame + 3 * 20, "row 7 at y %d", row.y) && ok;
	ok = CHECK(gridwl_switcher_measure(&style, 10, 9, 1000, room, &g) &&
						 g.first == 6,
				 "highlight 9: rows %zu+%zu", g.first, g.shown) &&
			ok;
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "the list's rows fit its room", rows_fit, NULL);
	check_run(&suite, "rows beyond the room scroll to the highlight",
			rows_scroll, NULL);
	return check_finish(&suite);
}
