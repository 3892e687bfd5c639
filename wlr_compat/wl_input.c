#include <math.h>
#include <wlr/backend/wayland.h>
#include <wlr/types/wlr_input_device.h>
#include "wlr_compat/wlr_compat.h"

/* wlroots gave surface / physical, where surface is the host's
 * surface-local position in host logical pixels (a wl_fixed_t, so it is
 * recovered exactly) and physical the output's size in nested physical
 * pixels, of which one host logical pixel holds host_scale. wlr_cursor
 * multiplies what comes out by the output's logical size, and must get the
 * nested logical position surface * host_scale * logical / physical to the
 * last bit (where that is a double), so that the nested pixel found is the
 * one under the host's pointer. */
static double exact_position(double normal, int physical, int logical,
		int host_scale) {
	if (physical <= 0 || logical <= 0) {
		return normal;
	}
	double surface = round(normal * physical * 256.0) / 256.0;
	double target = surface * host_scale * logical / physical;
	double fixed = target / logical;
	if (fixed * logical < target) {
		fixed = nextafter(fixed, INFINITY);
	} else if (fixed * logical > target) {
		fixed = nextafter(fixed, -INFINITY);
	}
	return fixed;
}

void gridwl_compat_wl_absolute_position(struct wlr_input_device *device,
		int physical_width, int physical_height, int logical_width,
		int logical_height, int host_scale, double *x, double *y) {
	if (!wlr_input_device_is_wl(device)) {
		return;
	}
	*x = exact_position(*x, physical_width, logical_width, host_scale);
	*y = exact_position(*y, physical_height, logical_height, host_scale);
}
