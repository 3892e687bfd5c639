#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-outputs.h"
#include "harness.h"
#include "resample-fixture.h"
#include "screenshots.h"

/*
 * Every buffer scale {1, 2, 3, 4} on every output scale {1, 2, 3, 4} with both
 * filters, compared pixel by pixel with resample_expect.h: exact for 1:1,
 * nearest and box, within 1 per channel where bilinear interpolation is
 * involved. One gridwl per output scale; the filter is switched with
 * gridctl and the buffer scale with the client's "scale" command between
 * cases, first with a fullscreen window (the whole output is the surface),
 * then with a window at an odd logical position, so the background around
 * it and the surface's own edges (bilinear clamps to the buffer, not to the
 * screen) are checked too. Last, a run-time filter change must repaint the
 * output, as grim sees it, with the new filter.
 */

#define WINDOW_WIDTH 200
#define WINDOW_HEIGHT 100

static const int buffer_scales[] = { 1, 2, 3, 4 };
static const char *const patterns[] = { "coords", "checker" };
static const enum resample_filter filters[] = {
	RESAMPLE_NEAREST,
	RESAMPLE_BILINEAR,
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

struct shot {
	const char *pattern;
	int x, y, width, height; // logical
	int buffer_scale, output_scale;
	enum resample_filter filter;
	bool fullscreen;
	const char *tool; // "gridctl" or "grim"
	const char *tag; // tells apart shots of the same case, may be NULL
};

static void shot_name(const struct shot *s, char *name, size_t size) {
	snprintf(name, size, "resample-o%d-b%d-%s-%s-%s-%s%s%s", s->output_scale,
			s->buffer_scale, s->pattern, resample_filter_name(s->filter),
			s->fullscreen ? "fullscreen" : "window", s->tool, s->tag ? "-" : "",
			s->tag ? s->tag : "");
}

/* Takes a screenshot and checks it against the expectation; *out (may be
 * NULL) keeps the screenshot. */
static bool check_shot(struct harness *h, const struct shot *s,
		struct image **out) {
	struct pattern pattern;
	REQUIRE(pattern_parse(s->pattern, &pattern), "bad pattern %s", s->pattern);
	char name[128];
	shot_name(s, name, sizeof(name));
	struct image *image = strcmp(s->tool, "grim") == 0 ?
			screenshot_grim(h, RS_OUTPUT, name) :
			screenshot_gridctl(h, RS_OUTPUT, name);
	REQUIRE(image != NULL, "%s: no screenshot", name);
	struct expected *e = rs_expect_window(&pattern, s->x, s->y, s->width,
			s->height, s->buffer_scale, s->output_scale, s->filter);
	bool ok = CHECK(e != NULL, "no expectation") &&
			CHECK_EXPECTED(image, e, name);
	expected_destroy(e);
	if (out != NULL) {
		*out = image;
	} else {
		image_destroy(image);
	}
	return ok;
}

/* A test that cannot tell the filters apart proves nothing about them: the
 * checkerboard, magnified, must look different with each, and the filter
 * must not matter where nothing is magnified. */
static bool check_filters_differ(int buffer_scale, int output_scale) {
	struct pattern pattern;
	REQUIRE(pattern_parse("checker", &pattern), "no checker");
	struct image *buffer = resample_pattern_buffer(&pattern,
			WINDOW_WIDTH * buffer_scale, WINDOW_HEIGHT * buffer_scale);
	REQUIRE(buffer != NULL, "no memory");
	struct image *nearest = resample_expect(buffer, buffer_scale, output_scale,
			RESAMPLE_NEAREST);
	struct image *bilinear = resample_expect(buffer, buffer_scale, output_scale,
			RESAMPLE_BILINEAR);
	long differ = nearest && bilinear ?
			image_count_differences(nearest, bilinear) :
			-1;
	bool ok = resample_uses_filter(buffer_scale, output_scale) ?
			CHECK(differ > 0,
					"nearest and bilinear expectations should differ "
					"(%ld pixels do)",
					differ) :
			CHECK(differ == 0,
					"the filter should not matter (%ld pixels "
					"differ)",
					differ);
	image_destroy(bilinear);
	image_destroy(nearest);
	image_destroy(buffer);
	return ok;
}

/*
 * The cases of one output scale share one gridwl and one client at a time,
 * yet each is a TAP test of its own, so a report says which combinations
 * work. The session moves from case to case by the cheapest change: the
 * filter with gridctl, the buffer scale and pattern with client commands, a
 * new client only between fullscreen and windowed.
 */
struct matrix_case {
	enum {
		CASE_SHOT,
		CASE_FILTERS_DIFFER,
		CASE_END
	} kind;
	int output_scale, buffer_scale;
	const char *pattern;
	enum resample_filter filter;
	bool fullscreen;
};

static struct {
	struct harness *h;
	int output_scale;
	struct harness_client *client;
	bool fullscreen;
	int buffer_scale;
	const char *pattern;
	bool failed; // some case of this session failed: print gridwl's log
} session;

static void session_drop_client(void) {
	if (session.client != NULL) {
		if (!rs_quit(session.client)) {
			session.failed = true;
		}
		session.client = NULL;
	}
}

static bool session_command(const char *command) {
	if (client_command_synced(session.client, command)) {
		return true;
	}
	fprintf(stderr, "the client did not answer \"%s\"\n", command);
	// The next case starts a new one.
	harness_client_kill(session.client);
	session.client = NULL;
	return false;
}

/* Brings the session to the case's state. */
static bool session_enter(const struct matrix_case *mc) {
	if (session.h == NULL) {
		session.h = rs_start(mc->output_scale, NULL);
		session.output_scale = mc->output_scale;
		session.failed = false;
		REQUIRE(session.h != NULL, "gridwl did not start");
	}
	if (session.client != NULL && session.fullscreen != mc->fullscreen) {
		session_drop_client();
	}
	if (session.client == NULL) {
		int o = mc->output_scale;
		const char *app_id =
				mc->fullscreen ? "matrix-fullscreen" : "matrix-window";
		session.client = mc->fullscreen ?
				rs_spawn(session.h, app_id, mc->pattern, mc->buffer_scale,
						RS_OUTPUT, RS_MODE_WIDTH / o, RS_MODE_HEIGHT / o) :
				// Opaque: the windowed cases cover the path where a
				// committing XRGB surface is resampled into the frame.
				rs_spawn_format(session.h, app_id, mc->pattern,
						mc->buffer_scale, NULL, WINDOW_WIDTH, WINDOW_HEIGHT,
						true);
		REQUIRE(session.client != NULL, "no client");
		session.fullscreen = mc->fullscreen;
		session.buffer_scale = mc->buffer_scale;
		session.pattern = mc->pattern;
		if (!mc->fullscreen &&
				rs_place(session.h, app_id, RS_WINDOW_X, RS_WINDOW_Y) <= 0) {
			session_drop_client();
			REQUIRE(false, "cannot place the window");
		}
	}
	char command[64];
	if (session.buffer_scale != mc->buffer_scale) {
		snprintf(command, sizeof(command), "scale %d", mc->buffer_scale);
		REQUIRE(session_command(command), "cannot change the buffer scale");
		session.buffer_scale = mc->buffer_scale;
	}
	if (strcmp(session.pattern, mc->pattern) != 0) {
		snprintf(command, sizeof(command), "pattern %s", mc->pattern);
		REQUIRE(session_command(command), "cannot change the pattern");
		session.pattern = mc->pattern;
	}
	return rs_set_filter(session.h, RS_OUTPUT, mc->filter);
}

static bool session_end(void) {
	REQUIRE(session.h != NULL, "no gridwl to stop");
	session_drop_client();
	if (session.failed) {
		harness_print_log(session.h);
	}
	// Whether the cases passed was reported by each; this one is about
	// gridwl's own exit.
	bool ok = harness_stop(session.h, true);
	session.h = NULL;
	return ok;
}

static bool run_matrix_case(const void *data) {
	const struct matrix_case *mc = data;
	if (mc->kind == CASE_FILTERS_DIFFER) {
		return check_filters_differ(mc->buffer_scale, mc->output_scale);
	}
	if (mc->kind == CASE_END) {
		return session_end();
	}
	bool ok = session_enter(mc);
	if (ok) {
		int o = mc->output_scale;
		struct shot s = {
			.pattern = mc->pattern,
			.x = mc->fullscreen ? 0 : RS_WINDOW_X,
			.y = mc->fullscreen ? 0 : RS_WINDOW_Y,
			.width = mc->fullscreen ? RS_MODE_WIDTH / o : WINDOW_WIDTH,
			.height = mc->fullscreen ? RS_MODE_HEIGHT / o : WINDOW_HEIGHT,
			.buffer_scale = mc->buffer_scale,
			.output_scale = o,
			.filter = mc->filter,
			.fullscreen = mc->fullscreen,
			.tool = "gridctl",
		};
		ok = check_shot(session.h, &s, NULL);
	}
	if (!ok) {
		session.failed = true;
	}
	return ok;
}

static bool check_filter_field(struct harness *h, const char *app_id,
		enum resample_filter want) {
	struct json_object *output = gridctl_output(h, RS_OUTPUT);
	bool ok = CHECK(output != NULL, "no output " RS_OUTPUT) &&
			CHECK_JSON_STRING(output, "filter", resample_filter_name(want));
	json_object_put(output);
	char *filter = rs_window_filter(h, app_id);
	ok = CHECK(filter != NULL &&
						 strcmp(filter, resample_filter_name(want)) == 0,
				 "window %s should have filter %s, has %s", app_id,
				 resample_filter_name(want), filter ? filter : "(none)") &&
			ok;
	free(filter);
	return ok;
}

/* Both screenshot paths: gridctl composes afresh, grim copies the frame the
 * output last committed, which only shows the new filter if the change
 * damaged the output and dropped what was resampled with the old one. */
static bool check_filter_now(struct harness *h, struct shot *s,
		struct image **grim) {
	s->tool = "gridctl";
	bool ok = check_shot(h, s, NULL);
	s->tool = "grim";
	return check_shot(h, s, grim) && ok;
}

static bool run_filter_switch(const void *data) {
	const int output_scale = 2;
	// Bilinear from the command line first, so that path is covered too.
	struct harness *h = rs_start(output_scale, "bilinear");
	REQUIRE(h != NULL, "gridwl did not start");
	struct harness_client *c = rs_spawn_at(h, "switch", "checker", 1,
			WINDOW_WIDTH, WINDOW_HEIGHT, RS_WINDOW_X, RS_WINDOW_Y);
	bool ok = c != NULL;
	struct shot s = {
		.pattern = "checker",
		.x = RS_WINDOW_X,
		.y = RS_WINDOW_Y,
		.width = WINDOW_WIDTH,
		.height = WINDOW_HEIGHT,
		.buffer_scale = 1,
		.output_scale = output_scale,
		.filter = RESAMPLE_BILINEAR,
	};
	struct image *first = NULL, *second = NULL, *third = NULL;
	if (ok) {
		s.tag = "switch1";
		ok = check_filter_field(h, "switch", RESAMPLE_BILINEAR);
		ok = check_filter_now(h, &s, &first) && ok;

		ok = rs_set_filter(h, RS_OUTPUT, RESAMPLE_NEAREST) && ok;
		ok = check_filter_field(h, "switch", RESAMPLE_NEAREST) && ok;
		s.filter = RESAMPLE_NEAREST;
		s.tag = "switch2";
		ok = check_filter_now(h, &s, &second) && ok;

		ok = rs_set_filter(h, RS_OUTPUT, RESAMPLE_BILINEAR) && ok;
		ok = check_filter_field(h, "switch", RESAMPLE_BILINEAR) && ok;
		s.filter = RESAMPLE_BILINEAR;
		s.tag = "switch3";
		ok = check_filter_now(h, &s, &third) && ok;
	}
	if (first != NULL && second != NULL && third != NULL) {
		long changed = image_count_differences(first, second);
		ok = CHECK(changed > 0, "switching to nearest changed %ld pixels",
					 changed) &&
				ok;
		long back = image_count_differences(first, third);
		ok = CHECK(back == 0,
					 "switching back to bilinear should give the "
					 "first picture again; %ld pixels differ",
					 back) &&
				ok;
	}
	image_destroy(first);
	image_destroy(second);
	image_destroy(third);
	if (c != NULL) {
		ok = rs_quit(c) && ok;
	}
	return harness_stop(h, ok);
}

static void case_name(const struct matrix_case *mc, char *name, size_t size) {
	switch (mc->kind) {
	case CASE_FILTERS_DIFFER:
		snprintf(name, size,
				"output scale %d, buffer scale %d: the "
				"expectations %s the filters apart",
				mc->output_scale, mc->buffer_scale,
				resample_uses_filter(mc->buffer_scale, mc->output_scale) ?
						"tell" :
						"need not tell");
		break;
	case CASE_END:
		snprintf(name, size, "output scale %d: gridwl exits cleanly",
				mc->output_scale);
		break;
	case CASE_SHOT:
		snprintf(name, size, "output scale %d, buffer scale %d, %s, %s, %s",
				mc->output_scale, mc->buffer_scale, mc->pattern,
				resample_filter_name(mc->filter),
				mc->fullscreen ? "fullscreen, ARGB8888" :
								 "XRGB8888 window at an odd position");
		break;
	}
}

int main(void) {
	static const int output_scales[] = { 1, 2, 3, 4 };
	// Per output scale: fullscreen b x pattern x filter, windowed b x
	// filter, the self-checks, and the end of the session.
	enum {
		PER_SCALE = 4 * 2 * 2 + 4 * 2 + 4 + 1
	};
	static struct matrix_case cases[COUNT(output_scales) * PER_SCALE];
	size_t n = 0;
	for (size_t o = 0; o < COUNT(output_scales); o++) {
		int os = output_scales[o];
		for (size_t b = 0; b < COUNT(buffer_scales); b++) {
			for (size_t p = 0; p < COUNT(patterns); p++) {
				for (size_t f = 0; f < COUNT(filters); f++) {
					cases[n++] = (struct matrix_case){ CASE_SHOT, os,
						buffer_scales[b], patterns[p], filters[f], true };
				}
			}
		}
		for (size_t b = 0; b < COUNT(buffer_scales); b++) {
			for (size_t f = 0; f < COUNT(filters); f++) {
				cases[n++] = (struct matrix_case){ CASE_SHOT, os,
					buffer_scales[b], "checker", filters[f], false };
			}
		}
		for (size_t b = 0; b < COUNT(buffer_scales); b++) {
			cases[n++] = (struct matrix_case){ .kind = CASE_FILTERS_DIFFER,
				.output_scale = os,
				.buffer_scale = buffer_scales[b] };
		}
		cases[n++] =
				(struct matrix_case){ .kind = CASE_END, .output_scale = os };
	}
	struct check_suite suite = { 0 };
	for (size_t i = 0; i < n; i++) {
		char name[160];
		case_name(&cases[i], name, sizeof(name));
		check_run(&suite, name, run_matrix_case, &cases[i]);
	}
	check_run(&suite,
			"changing an output's filter at run time repaints "
			"with the new filter",
			run_filter_switch, NULL);
	return check_finish(&suite);
}
