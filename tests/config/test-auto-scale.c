#include <stdio.h>
#include "check.h"
#include "config/auto_scale.h"

/*
 * config/auto_scale.c's rule on its own: the scale an output with no
 * configured one gets from its EDID size. The integration test auto-scale
 * checks that the compositor applies it.
 */

static bool chooses(int width, int height, int wmm, int hmm, bool laptop,
		int want, bool want_capped) {
	struct gridwl_auto_scale got =
			gridwl_auto_scale_choose(width, height, wmm, hmm, laptop);
	return CHECK(got.scale == want && got.capped == want_capped,
			"%dx%d of %dx%d mm%s: scale %d%s (%d DPI), want %d%s", width,
			height, wmm, hmm, laptop ? " (laptop)" : "", got.scale,
			got.capped ? " capped" : "", got.dpi, want,
			want_capped ? " capped" : "");
}

/* An output's mode and EDID size in mm, whether it is a laptop's panel, and
 * the scale it must get, capped or not. */
struct choice {
	int width, height, wmm, hmm;
	bool laptop;
	int want;
	bool want_capped;
};

static bool check_choice(const void *data) {
	const struct choice *c = data;
	return chooses(c->width, c->height, c->wmm, c->hmm, c->laptop, c->want,
			c->want_capped);
}

static const struct choice common_panels[] = {
	// A 14" 2880x1800 laptop panel, 243 DPI: 2 (1440x900 logical).
	{ 2880, 1800, 300, 190, true, 2, false },
	// A 24" 1080p monitor, 92 DPI: 1.
	{ 1920, 1080, 530, 300, false, 1, false },
	// A 27" 4K monitor, 162 DPI: 2 (1920x1080 logical).
	{ 3840, 2160, 600, 340, false, 2, false },
	// A 32" 4K, 138 DPI: 1, as on sway.
	{ 3840, 2160, 700, 390, false, 1, false },
	// A 14" 1920x1200 laptop, 162 DPI: 1 (2 on a desk, seen from further).
	{ 1920, 1200, 300, 190, true, 1, false },
	{ 1920, 1200, 300, 190, false, 1, true },
	// A 13" 2256x1504 laptop, 201 DPI: 2, 1128 logical.
	{ 2256, 1504, 285, 190, true, 2, false },
	// A 15.6" 4K laptop, 282 DPI: 2 (2.3 x 125), 1920 logical.
	{ 3840, 2160, 345, 194, true, 2, false },
};

static const struct choice thresholds[] = {
	// On a monitor, 2 from 144 DPI (1.5 x 96): a 2560x1440 of 460x259 mm
	// is 139 DPI, one of 440x248 mm 148 DPI.
	{ 2560, 1440, 460, 259, false, 1, false },
	{ 2560, 1440, 440, 248, false, 2, false },
	// 4 at most: a 5120x2880 of 150x85 mm (867 DPI) gets 4, 1280 wide.
	{ 5120, 2880, 150, 85, false, 4, false },
};

static const struct choice capped[] = {
	// 244 DPI asks for 3, which would leave 640 logical pixels; 2 would
	// leave 960: 1.
	{ 1920, 1080, 200, 113, false, 1, true },
	// A desktop-distance 2880x1800 at 243 DPI asks for 3: 960 wide, so 2.
	{ 2880, 1800, 300, 190, false, 2, true },
	// The longer side counts: a portrait mode gets what landscape gets.
	{ 1800, 2880, 190, 300, false, 2, true },
};

// No size, a size below a centimetre, aspect ratios in place of a size.
static const struct choice unknown_size[] = {
	{ 3840, 2160, 0, 0, false, 0, false },
	{ 3840, 2160, 600, 0, false, 0, false },
	{ 3840, 2160, 9, 5, false, 0, false },
	{ 3840, 2160, 160, 90, false, 0, false },
	{ 3840, 2400, 160, 100, false, 0, false },
	{ 0, 0, 600, 340, false, 0, false },
};

struct laptop_name {
	const char *name;
	bool laptop;
};

static const struct laptop_name laptop_names[] = {
	{ "eDP-1", true },
	{ "LVDS-1", true },
	{ "DSI-2", true },
	{ "DP-1", false },
	{ "HDMI-A-1", false },
	{ "HEADLESS-1", false },
};

static bool check_laptop_name(const void *data) {
	const struct laptop_name *n = data;
	return CHECK(gridwl_auto_scale_is_laptop_name(n->name) == n->laptop, "%s",
			n->name);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "common panels", check_cases,
			CHECK_CASES(common_panels, check_choice));
	check_run(&suite, "thresholds", check_cases,
			CHECK_CASES(thresholds, check_choice));
	check_run(&suite, "capped at 1024 logical", check_cases,
			CHECK_CASES(capped, check_choice));
	check_run(&suite, "unknown size", check_cases,
			CHECK_CASES(unknown_size, check_choice));
	check_run(&suite, "laptop names", check_cases,
			CHECK_CASES(laptop_names, check_laptop_name));
	return check_finish(&suite);
}
