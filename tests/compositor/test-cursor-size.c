#include <stdbool.h>
#include "check.h"
#include "input/cursor_theme.h"

/*
 * input/cursor_theme.c's rule for the theme size an output shows, without
 * a server: the smallest size the theme has of at least the cursor size
 * times the output's scale, else its largest. The cursor-theme-scale
 * integration test checks that the chosen image is what is drawn.
 */

/* Adwaita's sizes (Debian 13's adwaita-icon-theme), out of order as a
 * theme file's table of contents may list them. */
static const int adwaita[] = { 48, 24, 96, 30, 72, 36 };
#define ADWAITA_COUNT (int)(sizeof(adwaita) / sizeof(adwaita[0]))

static bool picks(const int *sizes, int count, int size, int scale120, int want,
		bool want_too_small) {
	bool too_small = !want_too_small;
	int got = gridwl_cursor_theme_pick_size(sizes, count, size, scale120,
			&too_small);
	return CHECK(got == want && too_small == want_too_small,
			"size %d at %d/120 among %d sizes: %d%s, want %d%s", size, scale120,
			count, got, too_small ? " (too small)" : "", want,
			want_too_small ? " (too small)" : "");
}

static bool test_at_or_above(const void *data) {
	bool ok = picks(adwaita, ADWAITA_COUNT, 24, 120, 24, false);
	ok = picks(adwaita, ADWAITA_COUNT, 24, 150, 30, false) && ok; // 30
	// 31.2: 36, though 30 is nearer (wlroots' loader would take 30).
	ok = picks(adwaita, ADWAITA_COUNT, 24, 156, 36, false) && ok;
	ok = picks(adwaita, ADWAITA_COUNT, 24, 180, 36, false) && ok; // 36
	// 42, halfway between 36 and 48: 48.
	ok = picks(adwaita, ADWAITA_COUNT, 24, 210, 48, false) && ok;
	ok = picks(adwaita, ADWAITA_COUNT, 24, 240, 48, false) && ok;
	ok = picks(adwaita, ADWAITA_COUNT, 24, 241, 72, false) && ok; // 48.2
	ok = picks(adwaita, ADWAITA_COUNT, 24, 480, 96, false) && ok;
	ok = picks(adwaita, ADWAITA_COUNT, 32, 120, 36, false) && ok;
	return ok;
}

static bool test_largest(const void *data) {
	// 48 x 3 = 144: the theme's largest, 96, drawn as it is.
	bool ok = picks(adwaita, ADWAITA_COUNT, 48, 360, 96, true);
	ok = picks(adwaita, ADWAITA_COUNT, 24, 481, 96, true) && ok;
	return ok;
}

static bool test_unknown_sizes(const void *data) {
	// No file found (wlroots' built-in theme): size x scale rounded up.
	bool ok = picks(NULL, 0, 24, 156, 32, false);
	ok = picks(NULL, 0, 24, 180, 36, false) && ok;
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "the smallest size at or above size x scale",
			test_at_or_above, NULL);
	check_run(&suite, "the largest when none is that large", test_largest,
			NULL);
	check_run(&suite, "size x scale when the sizes are unknown",
			test_unknown_sizes, NULL);
	return check_finish(&suite);
}
