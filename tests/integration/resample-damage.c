#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "resample-fixture.h"
#include "screenshots.h"

/*
 * Resampling follows the damage: a client that redraws a 7x5 rectangle of
 * its scale-1 buffer on a scale-2 output changes exactly the output pixels
 * the expectation says, and the kernels compute exactly the damage's
 * destination pixels (gridctl stats "resample_pixels"); an unchanged window
 * costs nothing. And resampled copies ("resample_cache_bytes",
 * "resample_cache_entries") exist only while a window needs one.
 */

#define OUTPUT_SCALE 2
#define WINDOW_WIDTH 200
#define WINDOW_HEIGHT 100
#define SECOND_OUTPUT "HEADLESS-2"
#define SECOND_WIDTH 640
#define SECOND_HEIGHT 480

struct rect {
	int x, y, width, height;
};

/* Destination pixels the kernels must compute for a damaged rectangle of a
 * bw x bh buffer magnified by k: the rectangle times k for nearest; for
 * bilinear, which reads one neighbour each way, the rectangle grown by one
 * source pixel on each side and clipped to the buffer, times k. */
static int64_t damage_cost(struct rect d, int bw, int bh, int k,
		enum resample_filter filter) {
	int grow = filter == RESAMPLE_BILINEAR ? 1 : 0;
	int x0 = d.x - grow < 0 ? 0 : d.x - grow;
	int y0 = d.y - grow < 0 ? 0 : d.y - grow;
	int x1 = d.x + d.width + grow > bw ? bw : d.x + d.width + grow;
	int y1 = d.y + d.height + grow > bh ? bh : d.y + d.height + grow;
	return (int64_t)(x1 - x0) * k * (int64_t)(y1 - y0) * k;
}

static struct expected *expect_buffer(const struct image *buffer,
		enum resample_filter filter) {
	struct expected *e =
			expected_create(RS_MODE_WIDTH, RS_MODE_HEIGHT, BACKGROUND);
	if (e != NULL &&
			!rs_expect_add(e, buffer, NULL, RS_WINDOW_X, RS_WINDOW_Y,
					WINDOW_WIDTH, WINDOW_HEIGHT, 1, OUTPUT_SCALE, filter)) {
		expected_destroy(e);
		e = NULL;
	}
	return e;
}

/* After the window is shown and the counter settled: requests that change
 * nothing, some time and a screenshot must not resample anything. */
static bool check_idle(struct harness *h, const struct image *shown,
		const char *name) {
	int64_t before, after;
	REQUIRE(rs_stat_settled(h, "resample_pixels", &before),
			"no settled resample_pixels");
	bool ok = CHECK(before > 0,
			"showing a scale-1 window on a scale-2 "
			"output computed %lld pixels",
			(long long)before);
	for (int i = 0; i < 3; i++) {
		struct json_object *reply = harness_gridctl_ok(h, "windows", NULL);
		json_object_put(reply);
		reply = harness_gridctl_ok(h, "outputs", NULL);
		json_object_put(reply);
	}
	harness_sleep_ms(300);
	struct image *image = screenshot_gridctl(h, RS_OUTPUT, name);
	ok = CHECK(image != NULL, "no screenshot") && ok;
	if (image != NULL) {
		long changed = image_count_differences(shown, image);
		ok = CHECK(changed == 0,
					 "%s: %ld pixels changed with nothing "
					 "changed",
					 name, changed) &&
				ok;
	}
	image_destroy(image);
	ok = rs_stat(h, "resample_pixels", &after) && ok;
	ok = CHECK(after == before,
				 "an unchanged window was resampled again: "
				 "resample_pixels went from %lld to %lld",
				 (long long)before, (long long)after) &&
			ok;
	return ok;
}

/* Damages d, waits for the frame, and checks pixels and cost. *shown is
 * the screenshot before and becomes the one after. */
static bool check_damage(struct harness *h, struct harness_client *c,
		struct image *buffer, struct image **shown, enum resample_filter filter,
		bool opaque, struct rect d, const char *name) {
	struct expected *before = expect_buffer(buffer, filter);
	REQUIRE(before != NULL, "no expectation");
	int64_t pixels0 = 0, pixels1 = 0;
	int64_t frames0 = rs_output_frames(h, RS_OUTPUT);
	bool counted = rs_stat_settled(h, "resample_pixels", &pixels0);

	char command[64];
	snprintf(command, sizeof(command), "damage %d %d %d %d", d.x, d.y, d.width,
			d.height);
	struct lines lines, answers;
	bool ok = CHECK(harness_client_send(c, "%s", command) &&
					client_sync_lines(c, &lines),
			"client: %s", command);
	const char *const prefixes[] = { "damaged ", "error ", NULL };
	lines_filter(&lines, prefixes, &answers);
	char answer[80];
	snprintf(answer, sizeof(answer), "damaged %d %d %d %d", d.x, d.y, d.width,
			d.height);
	const char *const want[] = { answer, NULL };
	ok = CHECK_LINES(&answers, want, "the client's answer to damage") && ok;
	lines_free(&answers);
	lines_free(&lines);

	// The damage reaches the screen with the output's next frame.
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	int64_t frames = frames0;
	while (frames == frames0 && frames >= 0 && harness_now_ms() < deadline) {
		harness_sleep_ms(20);
		frames = rs_output_frames(h, RS_OUTPUT);
	}
	ok = CHECK(frames > frames0, "the damage composed no frame") && ok;

	resample_invert_rect(buffer, d.x, d.y, d.width, d.height);
	struct expected *after = expect_buffer(buffer, filter);
	struct image *image = screenshot_gridctl(h, RS_OUTPUT, name);
	ok = CHECK(after != NULL && image != NULL, "no screenshot") &&
			CHECK_EXPECTED(image, after, name) && ok;

	if (after != NULL && image != NULL) {
		long want_changed =
				image_count_differences(before->image, after->image);
		long changed = image_count_differences(*shown, image);
		ok = CHECK(want_changed > 0,
					 "the expectation says nothing "
					 "changes") &&
				ok;
		ok = CHECK(changed == want_changed,
					 "%s: %ld pixels changed, the "
					 "expectation says %ld",
					 name, changed, want_changed) &&
				ok;
	}

	counted = counted && rs_stat_settled(h, "resample_pixels", &pixels1);
	int64_t want_cost =
			damage_cost(d, WINDOW_WIDTH, WINDOW_HEIGHT, OUTPUT_SCALE, filter);
	ok = CHECK(counted,
				 "%s: no resample_pixels to check the cost of the "
				 "damage against (want %lld)",
				 name, (long long)want_cost) &&
			ok;
	if (counted && !opaque) {
		ok = CHECK(pixels1 - pixels0 == want_cost,
					 "%s: resample_pixels "
					 "grew by %lld for the damage, want %lld",
					 name, (long long)(pixels1 - pixels0),
					 (long long)want_cost) &&
				ok;
	} else if (counted) {
		// An opaque window that commits is resampled into each frame it
		// changes (the damage, and the previous frame's on a buffer two
		// frames old), then once into its copy when a frame finds it
		// unchanged: more than the damage, but a small multiple of it.
		int64_t grown = pixels1 - pixels0;
		ok = CHECK(grown >= 2 * want_cost && grown <= 4 * want_cost,
					 "%s: resample_pixels grew by %lld for an opaque window's "
					 "damage, want from %lld to %lld",
					 name, (long long)grown, (long long)(2 * want_cost),
					 (long long)(4 * want_cost)) &&
				ok;
	}

	if (image != NULL) {
		image_destroy(*shown);
		*shown = image;
	}
	expected_destroy(after);
	expected_destroy(before);
	return ok;
}

struct partial_case {
	const char *name;
	enum resample_filter filter;
	bool opaque;
};

static bool run_partial(const void *data) {
	const struct partial_case *pc = data;
	enum resample_filter filter = pc->filter;
	const char *filter_name = pc->opaque ?
			(filter == RESAMPLE_BILINEAR ? "bilinear-xrgb" : "nearest-xrgb") :
			resample_filter_name(filter);
	struct harness *h = rs_start(OUTPUT_SCALE, resample_filter_name(filter));
	REQUIRE(h != NULL, "gridwl did not start");
	struct pattern checker;
	pattern_parse("checker", &checker);
	struct image *buffer =
			resample_pattern_buffer(&checker, WINDOW_WIDTH, WINDOW_HEIGHT);
	struct harness_client *c = rs_spawn_format(h, "damage", "checker", 1, NULL,
			WINDOW_WIDTH, WINDOW_HEIGHT, pc->opaque);
	bool ok = CHECK(buffer != NULL && c != NULL, "no client") &&
			CHECK(rs_place(h, "damage", RS_WINDOW_X, RS_WINDOW_Y) > 0,
					"cannot place the window");
	struct image *shown = NULL;
	char name[96];
	if (ok) {
		snprintf(name, sizeof(name), "damage-%s-before", filter_name);
		shown = screenshot_gridctl(h, RS_OUTPUT, name);
		struct expected *e = expect_buffer(buffer, filter);
		ok = CHECK(shown != NULL && e != NULL, "no screenshot") &&
				CHECK_EXPECTED(shown, e, name);
		expected_destroy(e);
	}
	if (ok) {
		snprintf(name, sizeof(name), "damage-%s-idle", filter_name);
		ok = check_idle(h, shown, name);
		// Away from the edges, then against a corner, where bilinear's
		// neighbours are clipped to the buffer.
		const struct rect inside = { 50, 40, 7, 5 };
		const struct rect corner = { 0, 0, 7, 5 };
		ok = CHECK(damage_cost(inside, WINDOW_WIDTH, WINDOW_HEIGHT,
						   OUTPUT_SCALE, filter) ==
							 (filter == RESAMPLE_BILINEAR ? 18 * 14 : 14 * 10),
					 "the cost of a 7x5 damage") &&
				ok;
		snprintf(name, sizeof(name), "damage-%s-inside", filter_name);
		ok = check_damage(h, c, buffer, &shown, filter, pc->opaque, inside,
					 name) &&
				ok;
		snprintf(name, sizeof(name), "damage-%s-corner", filter_name);
		ok = check_damage(h, c, buffer, &shown, filter, pc->opaque, corner,
					 name) &&
				ok;
		snprintf(name, sizeof(name), "damage-%s-idle-after", filter_name);
		ok = check_idle(h, shown, name) && ok;
	}
	image_destroy(shown);
	image_destroy(buffer);
	if (c != NULL) {
		ok = rs_quit(c) && ok;
	}
	return harness_stop(h, ok);
}

struct stat_is {
	const char *field;
	int64_t value;
};

static bool stat_is(struct json_object *reply, void *data) {
	const struct stat_is *want = data;
	struct json_object *member = json_path(reply, want->field, json_type_int);
	return member != NULL && json_object_get_int64(member) == want->value;
}

static bool wait_stat(struct harness *h, const char *field, int64_t value) {
	struct stat_is want = { field, value };
	char why[128];
	snprintf(why, sizeof(why), "stats \"%s\" to be %lld", field,
			(long long)value);
	const char *args[] = { "stats", NULL };
	struct json_object *reply = harness_wait_gridctl(h, args, stat_is, &want,
			HARNESS_TIMEOUT_MS, why);
	json_object_put(reply);
	return reply != NULL;
}

static struct harness *start_two_outputs(void) {
	char first[128], second[128];
	snprintf(first, sizeof(first), RS_OUTPUT " mode %dx%d scale %d",
			RS_MODE_WIDTH, RS_MODE_HEIGHT, OUTPUT_SCALE);
	snprintf(second, sizeof(second), SECOND_OUTPUT " mode %dx%d scale 1",
			SECOND_WIDTH, SECOND_HEIGHT);
	const char *args[] = { "-o", first, "-o", second, NULL };
	return harness_start(args);
}

/* A screenshot of output whose region at logical (x, y) must be the
 * scale-1 checker pattern at 1:1, which makes sure it has been composed. */
static bool check_plain(struct harness *h, const char *output, int x, int y,
		int width, int height, const char *name) {
	struct pattern checker;
	pattern_parse("checker", &checker);
	struct image *image = screenshot_gridctl(h, output, name);
	REQUIRE(image != NULL, "no screenshot of %s", output);
	struct image_region region = { x, y, width, height };
	bool ok = CHECK_PATTERN(image, region, &checker, width, height, name);
	image_destroy(image);
	return ok;
}

static bool check_cache(struct harness *h, int64_t bytes, int64_t entries,
		const char *when) {
	int64_t b = -1, e = -1;
	bool ok = rs_stat(h, "resample_cache_bytes", &b);
	ok = rs_stat(h, "resample_cache_entries", &e) && ok;
	if (bytes == 0) {
		ok = CHECK(b == 0, "%s: resample_cache_bytes is %lld, want 0", when,
					 (long long)b) &&
				ok;
	} else {
		ok = CHECK(b > 0, "%s: resample_cache_bytes is %lld, want > 0", when,
					 (long long)b) &&
				ok;
	}
	ok = CHECK(e == entries,
				 "%s: resample_cache_entries is %lld, want "
				 "%lld",
				 when, (long long)e, (long long)entries) &&
			ok;
	return ok;
}

static bool run_cache(const void *data) {
	struct harness *h = start_two_outputs();
	REQUIRE(h != NULL, "gridwl did not start");
	// A scale-1 buffer on the scale-1 output needs no resampled copy.
	struct harness_client *plain = rs_spawn(h, "plain", "checker", 1,
			SECOND_OUTPUT, SECOND_WIDTH, SECOND_HEIGHT);
	bool ok = CHECK(plain != NULL, "no client") &&
			check_plain(h, SECOND_OUTPUT, 0, 0, SECOND_WIDTH, SECOND_HEIGHT,
					"cache-plain");
	int64_t pixels = -1;
	ok = ok && check_cache(h, 0, 0, "a scale-1 window on a scale-1 output") &&
			rs_stat(h, "resample_pixels", &pixels);
	ok = ok &&
			CHECK(pixels == 0, "1:1 content computed %lld pixels",
					(long long)pixels);

	// One on the scale-2 output does, and only while it exists.
	struct harness_client *magnified = ok ?
			rs_spawn_at(h, "magnified", "checker", 1, WINDOW_WIDTH,
					WINDOW_HEIGHT, RS_WINDOW_X, RS_WINDOW_Y) :
			NULL;
	ok = ok && magnified != NULL;
	if (ok) {
		struct image *image =
				screenshot_gridctl(h, RS_OUTPUT, "cache-magnified");
		ok = CHECK(image != NULL, "no screenshot");
		image_destroy(image);
		ok = check_cache(h, 1, 1, "a scale-1 window on a scale-2 output") && ok;
	}
	if (magnified != NULL) {
		ok = rs_quit(magnified) && ok;
		ok = CHECK(wait_stat(h, "resample_cache_bytes", 0),
					 "resampled copies outlive their client") &&
				ok;
		ok = check_cache(h, 0, 0, "after the client quit") && ok;
	}
	if (plain != NULL) {
		ok = rs_quit(plain) && ok;
	}
	return harness_stop(h, ok);
}

static bool has_outputs(struct json_object *window, void *data) {
	const char *const names[] = { data, NULL };
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	return app_id != NULL &&
			strcmp(json_object_get_string(app_id), "mover") == 0 &&
			window_outputs_are(window, names);
}

static bool run_cache_move(const void *data) {
	struct harness *h = start_two_outputs();
	REQUIRE(h != NULL, "gridwl did not start");
	struct harness_client *c = rs_spawn_at(h, "mover", "checker", 1,
			WINDOW_WIDTH, WINDOW_HEIGHT, RS_WINDOW_X, RS_WINDOW_Y);
	bool ok = c != NULL;
	if (ok) {
		struct image *image = screenshot_gridctl(h, RS_OUTPUT, "move-before");
		image_destroy(image);
		ok = check_cache(h, 1, 1, "on the scale-2 output");
	}
	// Entirely onto the scale-1 output, which starts at logical x 480.
	int x = RS_MODE_WIDTH / OUTPUT_SCALE + RS_WINDOW_X;
	ok = ok &&
			CHECK(rs_place(h, "mover", x, RS_WINDOW_Y) > 0,
					"cannot move the window");
	if (ok) {
		struct json_object *window = harness_wait_window(h, has_outputs,
				SECOND_OUTPUT, HARNESS_TIMEOUT_MS,
				"the window on " SECOND_OUTPUT " only");
		ok = CHECK(window != NULL, "the window did not move");
		json_object_put(window);
		ok = check_plain(h, SECOND_OUTPUT, RS_WINDOW_X, RS_WINDOW_Y,
					 WINDOW_WIDTH, WINDOW_HEIGHT, "move-after") &&
				ok;
		ok = CHECK(wait_stat(h, "resample_cache_bytes", 0),
					 "the copy for "
					 "scale 2 outlives the window's leaving the scale-2 output") &&
				ok;
		ok = check_cache(h, 0, 0, "on the scale-1 output only") && ok;
	}
	if (c != NULL) {
		ok = rs_quit(c) && ok;
	}
	return harness_stop(h, ok);
}

int main(void) {
	static const struct partial_case cases[] = {
		{ "a 7x5 damage of a scale-1 ARGB8888 window on a scale-2 output, "
		  "nearest: pixels and cost",
				RESAMPLE_NEAREST, false },
		{ "a 7x5 damage of a scale-1 ARGB8888 window on a scale-2 output, "
		  "bilinear: pixels and cost",
				RESAMPLE_BILINEAR, false },
		{ "a 7x5 damage of a scale-1 XRGB8888 window on a scale-2 output, "
		  "nearest: pixels and cost",
				RESAMPLE_NEAREST, true },
		{ "a 7x5 damage of a scale-1 XRGB8888 window on a scale-2 output, "
		  "bilinear: pixels and cost",
				RESAMPLE_BILINEAR, true },
	};
	struct check_suite suite = { 0 };
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		check_run(&suite, cases[i].name, run_partial, &cases[i]);
	}
	check_run(&suite, "resampled copies exist only while a window needs one",
			run_cache, NULL);
	check_run(&suite,
			"a window moved onto a scale-1 output drops its "
			"resampled copy",
			run_cache_move, NULL);
	return check_finish(&suite);
}
