#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "layout-expect.h"
#include "resample-fixture.h"
#include "screenshots.h"

static bool get_int(struct json_object *obj, const char *path, int *value) {
	struct json_object *member = json_path(obj, path, json_type_int);
	if (member == NULL) {
		return false;
	}
	*value = json_object_get_int(member);
	return true;
}

static bool read_output(struct json_object *obj, struct layout_output *out) {
	struct json_object *name = json_path(obj, "name", json_type_string);
	struct json_object *filter = json_path(obj, "filter", json_type_string);
	if (name == NULL || filter == NULL || !get_int(obj, "x", &out->x) ||
			!get_int(obj, "y", &out->y) ||
			!get_int(obj, "width", &out->width) ||
			!get_int(obj, "height", &out->height) ||
			!get_int(obj, "scale", &out->scale) || out->scale < 1) {
		return false;
	}
	snprintf(out->name, sizeof(out->name), "%s", json_object_get_string(name));
	const char *f = json_object_get_string(filter);
	if (strcmp(f, "nearest") == 0) {
		out->filter = RESAMPLE_NEAREST;
	} else if (strcmp(f, "bilinear") == 0) {
		out->filter = RESAMPLE_BILINEAR;
	} else {
		return false;
	}
	return true;
}

bool layout_read(struct harness *h, struct layout *layout) {
	*layout = (struct layout){ 0 };
	struct json_object *reply = harness_gridctl_ok(h, "outputs", NULL);
	REQUIRE(reply != NULL, "gridctl outputs failed");
	struct json_object *list = json_path(reply, "outputs", json_type_array);
	bool ok = CHECK(list != NULL, "no outputs array: %s",
			json_object_to_json_string(reply));
	size_t n = list != NULL ? json_object_array_length(list) : 0;
	for (size_t i = 0; ok && i < n; i++) {
		struct json_object *obj = json_object_array_get_idx(list, i);
		struct json_object *enabled =
				json_path(obj, "enabled", json_type_boolean);
		if (enabled != NULL && !json_object_get_boolean(enabled)) {
			continue;
		}
		ok = CHECK(layout->count < LAYOUT_MAX_OUTPUTS, "too many outputs") &&
				CHECK(read_output(obj, &layout->outputs[layout->count]),
						"cannot read output %s",
						json_object_to_json_string(obj));
		layout->count += ok;
	}
	json_object_put(reply);
	return ok;
}

const struct layout_output *layout_find(const struct layout *layout,
		const char *name) {
	for (size_t i = 0; i < layout->count; i++) {
		if (strcmp(layout->outputs[i].name, name) == 0) {
			return &layout->outputs[i];
		}
	}
	return NULL;
}

bool layout_overlap(const struct layout_output *output,
		const struct layout_window *window, int *x, int *y, int *width,
		int *height) {
	int x1 = window->x > output->x ? window->x : output->x;
	int y1 = window->y > output->y ? window->y : output->y;
	int wx2 = window->x + window->width, ox2 = output->x + output->width;
	int wy2 = window->y + window->height, oy2 = output->y + output->height;
	int x2 = wx2 < ox2 ? wx2 : ox2;
	int y2 = wy2 < oy2 ? wy2 : oy2;
	if (x2 <= x1 || y2 <= y1) {
		return false;
	}
	*x = x1;
	*y = y1;
	*width = x2 - x1;
	*height = y2 - y1;
	return true;
}

struct expected *layout_expect_output(const struct layout_output *output,
		const struct layout_window *windows, size_t count) {
	int s = output->scale;
	struct expected *e =
			expected_create(output->width * s, output->height * s, BACKGROUND);
	REQUIRE(e != NULL, "no memory for the expectation of %s", output->name);
	for (size_t i = 0; i < count; i++) {
		const struct layout_window *w = &windows[i];
		// The whole window is resampled, and the output shows the part
		// that falls on it: bilinear clamps at the surface's edges,
		// never at the output's.
		if (!rs_expect_add(e, w->buffer, &w->pattern, w->x - output->x,
					w->y - output->y, w->width, w->height, w->buffer_scale, s,
					output->filter)) {
			expected_destroy(e);
			return NULL;
		}
	}
	return e;
}

/* Pastes src magnified k times by replication, tolerances included, at
 * (x, y) of dst, clipped. */
static void paste_replicated(struct expected *dst, const struct expected *src,
		int k, int x, int y) {
	const struct image *si = src->image;
	struct image *di = dst->image;
	for (int dy = 0; dy < si->height * k; dy++) {
		int ty = y + dy;
		if (ty < 0 || ty >= di->height) {
			continue;
		}
		for (int dx = 0; dx < si->width * k; dx++) {
			int tx = x + dx;
			if (tx < 0 || tx >= di->width) {
				continue;
			}
			size_t from =
					(size_t)(dy / k) * (size_t)si->width + (size_t)(dx / k);
			size_t to = (size_t)ty * (size_t)di->width + (size_t)tx;
			di->pixels[to] = si->pixels[from];
			dst->tolerance[to] = src->tolerance[from];
		}
	}
}

struct expected *layout_expect_whole(const struct layout *layout,
		const struct layout_window *windows, size_t count) {
	REQUIRE(layout->count > 0, "no output to expect anything of");
	int x1 = layout->outputs[0].x, y1 = layout->outputs[0].y;
	int x2 = x1, y2 = y1, max_scale = 1;
	for (size_t i = 0; i < layout->count; i++) {
		const struct layout_output *o = &layout->outputs[i];
		x1 = o->x < x1 ? o->x : x1;
		y1 = o->y < y1 ? o->y : y1;
		x2 = o->x + o->width > x2 ? o->x + o->width : x2;
		y2 = o->y + o->height > y2 ? o->y + o->height : y2;
		max_scale = o->scale > max_scale ? o->scale : max_scale;
	}
	struct expected *e = expected_create((x2 - x1) * max_scale,
			(y2 - y1) * max_scale, LAYOUT_UNCOVERED);
	REQUIRE(e != NULL, "no memory for the whole-layout expectation");
	for (size_t i = 0; i < layout->count; i++) {
		const struct layout_output *o = &layout->outputs[i];
		struct expected *part = layout_expect_output(o, windows, count);
		if (part == NULL || max_scale % o->scale != 0) {
			CHECK(part != NULL, "no expectation for %s", o->name);
			CHECK(max_scale % o->scale == 0,
					"scale %d of %s does not "
					"divide the largest, %d: replication is undefined",
					o->scale, o->name, max_scale);
			expected_destroy(part);
			expected_destroy(e);
			return NULL;
		}
		paste_replicated(e, part, max_scale / o->scale, (o->x - x1) * max_scale,
				(o->y - y1) * max_scale);
		expected_destroy(part);
	}
	return e;
}

void layout_coords_decode(uint32_t pixel, int *bx, int *by) {
	uint32_t r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff;
	uint32_t b = pixel & 0xff;
	*bx = (int)(r | (b >> 4) << 8);
	*by = (int)(g | (b & 0xf) << 8);
}

bool layout_check_corners(const struct image *shot,
		const struct layout_output *output, const struct layout_window *window,
		const char *name, long *checked) {
	int s = output->scale, b = window->buffer_scale;
	bool single_source =
			b == s || (s % b == 0 && output->filter == RESAMPLE_NEAREST);
	int lx, ly, lw, lh;
	if (window->pattern.kind != PATTERN_COORDS || window->buffer != NULL ||
			!single_source ||
			!layout_overlap(output, window, &lx, &ly, &lw, &lh)) {
		return true;
	}
	REQUIRE(shot->width == output->width * s &&
					shot->height == output->height * s,
			"%s: screenshot is %dx%d, "
			"%s is %dx%d at scale %d",
			name, shot->width, shot->height, output->name, output->width,
			output->height, s);
	// Physical pixels of the output, first and last of the window's part.
	int px[2] = { (lx - output->x) * s, (lx + lw - output->x) * s - 1 };
	int py[2] = { (ly - output->y) * s, (ly + lh - output->y) * s - 1 };
	bool ok = true;
	for (int j = 0; j < 2; j++) {
		for (int i = 0; i < 2; i++) {
			// The same physical pixel counted from the window's corner,
			// then down to the buffer pixel it shows.
			int wx = px[i] + (output->x - window->x) * s;
			int wy = py[j] + (output->y - window->y) * s;
			int want_x = wx * b / s, want_y = wy * b / s;
			int got_x, got_y;
			uint32_t pixel = image_get(shot, px[i], py[j]);
			layout_coords_decode(pixel, &got_x, &got_y);
			ok = CHECK(got_x == want_x && got_y == want_y,
						 "%s: physical pixel %d,%d of %s (logical %d,%d of the "
						 "window) should show buffer pixel %d,%d, shows %d,%d "
						 "(0x%08x)",
						 name, px[i], py[j], output->name, wx / s, wy / s,
						 want_x, want_y, got_x, got_y, pixel) &&
					ok;
			*checked += 1;
		}
	}
	return ok;
}

bool layout_window_read(struct harness *h, const char *app_id,
		struct layout_window *window) {
	struct json_object *obj =
			harness_wait_window_app_id(h, app_id, HARNESS_TIMEOUT_MS);
	REQUIRE(obj != NULL, "no window %s", app_id);
	bool ok = CHECK(get_int(obj, "x", &window->x) &&
					get_int(obj, "y", &window->y) &&
					get_int(obj, "width", &window->width) &&
					get_int(obj, "height", &window->height),
			"window %s has no box: %s", app_id,
			json_object_to_json_string(obj));
	json_object_put(obj);
	return ok;
}
