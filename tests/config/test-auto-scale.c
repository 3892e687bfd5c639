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

static bool test_common_panels(const void *data) {
	// A 14" 2880x1800 laptop panel, 243 DPI: 2 (1440x900 logical).
	bool ok = chooses(2880, 1800, 300, 190, true, 2, false);
	// A 24" 1080p monitor, 92 DPI: 1.
	ok = chooses(1920, 1080, 530, 300, false, 1, false) && ok;
	// A 27" 4K monitor, 162 DPI: 2 (1920x1080 logical).
	ok = chooses(3840, 2160, 600, 340, false, 2, false) && ok;
	// A 32" 4K, 138 DPI: 1, as on sway.
	ok = chooses(3840, 2160, 700, 390, false, 1, false) && ok;
	// A 14" 1920x1200 laptop, 162 DPI: 1 (2 on a desk, seen from further).
	ok = chooses(1920, 1200, 300, 190, true, 1, false) && ok;
	ok = chooses(1920, 1200, 300, 190, false, 1, true) && ok;
	// A 13" 2256x1504 laptop, 201 DPI: 2, 1128 logical.
	ok = chooses(2256, 1504, 285, 190, true, 2, false) && ok;
	// A 15.6" 4K laptop, 282 DPI: 2 (2.3 x 125), 1920 logical.
	ok = chooses(3840, 2160, 345, 194, true, 2, false) && ok;
	return ok;
}

static bool test_thresholds(const void *data) {
	// On a monitor, 2 from 144 DPI (1.5 x 96): a 2560x1440 of 460x259 mm
	// is 139 DPI, one of 440x248 mm 148 DPI.
	bool ok = chooses(2560, 1440, 460, 259, false, 1, false);
	ok = chooses(2560, 1440, 440, 248, false, 2, false) && ok;
	// 4 at most: a 5120x2880 of 150x85 mm (867 DPI) gets 4, 1280 wide.
	ok = chooses(5120, 2880, 150, 85, false, 4, false) && ok;
	return ok;
}

static bool test_capped(const void *data) {
	// 244 DPI asks for 3, which would leave 640 logical pixels; 2 would
	// leave 960: 1.
	bool ok = chooses(1920, 1080, 200, 113, false, 1, true);
	// A desktop-distance 2880x1800 at 243 DPI asks for 3: 960 wide, so 2.
	ok = chooses(2880, 1800, 300, 190, false, 2, true) && ok;
	// The longer side counts: a portrait mode gets what landscape gets.
	ok = chooses(1800, 2880, 190, 300, false, 2, true) && ok;
	return ok;
}

static bool test_unknown_size(const void *data) {
	// No size, a size below a centimetre, aspect ratios in place of a size.
	bool ok = chooses(3840, 2160, 0, 0, false, 0, false);
	ok = chooses(3840, 2160, 600, 0, false, 0, false) && ok;
	ok = chooses(3840, 2160, 9, 5, false, 0, false) && ok;
	ok = chooses(3840, 2160, 160, 90, false, 0, false) && ok;
	ok = chooses(3840, 2400, 160, 100, false, 0, false) && ok;
	ok = chooses(0, 0, 600, 340, false, 0, false) && ok;
	return ok;
}

static bool test_laptop_names(const void *data) {
	bool ok = CHECK(gridwl_auto_scale_is_laptop_name("eDP-1"), "eDP-1");
	ok = CHECK(gridwl_auto_scale_is_laptop_name("LVDS-1"), "LVDS-1") && ok;
	ok = CHECK(gridwl_auto_scale_is_laptop_name("DSI-2"), "DSI-2") && ok;
	ok = CHECK(!gridwl_auto_scale_is_laptop_name("DP-1"), "DP-1") && ok;
	ok = CHECK(!gridwl_auto_scale_is_laptop_name("HDMI-A-1"), "HDMI-A-1") && ok;
	ok = CHECK(!gridwl_auto_scale_is_laptop_name("HEADLESS-1"), "HEADLESS-1") &&
			ok;
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "common panels", test_common_panels, NULL);
	check_run(&suite, "thresholds", test_thresholds, NULL);
	check_run(&suite, "capped at 1024 logical", test_capped, NULL);
	check_run(&suite, "unknown size", test_unknown_size, NULL);
	check_run(&suite, "laptop names", test_laptop_names, NULL);
	return check_finish(&suite);
}
