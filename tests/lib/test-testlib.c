#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "harness.h"
#include "image.h"
#include "pattern.h"

/*
 * The test library's own tests: the integration tests are only as good as
 * the patterns they compare against, the PNG loader and the process
 * plumbing, so those are checked here without any compositor.
 */

static bool test_patterns(const void *data) {
	struct pattern coords = { .kind = PATTERN_COORDS };
	bool ok = CHECK(pattern_pixel(&coords, 0x123, 0x456, 4096, 4096) ==
					0xff235614u,
			"coords at 0x123,0x456 is 0x%08x",
			pattern_pixel(&coords, 0x123, 0x456, 4096, 4096));
	ok = CHECK(pattern_pixel(&coords, 0, 0, 1, 1) == 0xff000000u,
				 "coords at 0,0") &&
			ok;

	struct pattern checker = { .kind = PATTERN_CHECKER };
	uint32_t c00 = pattern_pixel(&checker, 0, 0, 10, 10);
	uint32_t c10 = pattern_pixel(&checker, 1, 0, 10, 10);
	ok = CHECK(c00 != c10, "checker neighbours are equal") && ok;
	ok = CHECK(pattern_pixel(&checker, 1, 1, 10, 10) == c00 &&
						 pattern_pixel(&checker, 0, 1, 10, 10) == c10,
				 "checker period") &&
			ok;
	// An inverted pixel (the client's damage command) must not be the
	// other checker colour, or a shifted damage rectangle would pass.
	ok = CHECK((c00 ^ 0xffffffu) != c10, "checker inverse") && ok;

	struct pattern grid = { .kind = PATTERN_GRID };
	ok = CHECK(pattern_pixel(&grid, 8, 3, 20, 20) == PATTERN_GRID_LINE &&
						 pattern_pixel(&grid, 3, 16, 20, 20) ==
								 PATTERN_GRID_LINE &&
						 pattern_pixel(&grid, 19, 3, 20, 20) ==
								 PATTERN_GRID_LINE &&
						 pattern_pixel(&grid, 3, 3, 20, 20) ==
								 PATTERN_GRID_BACKGROUND,
				 "grid lines") &&
			ok;

	struct pattern p;
	char buf[32];
	ok = CHECK(pattern_parse("solid:1a2B3c", &p) && p.kind == PATTERN_SOLID &&
						 pattern_pixel(&p, 5, 5, 10, 10) == 0xff1a2b3cu &&
						 strcmp(pattern_format(&p, buf, sizeof(buf)),
								 "solid:1a2b3c") == 0,
				 "solid parses") &&
			ok;
	ok = CHECK(pattern_parse("grid", &p) && p.kind == PATTERN_GRID,
				 "grid parses") &&
			ok;
	const char *bad[] = { "solid", "solid:12345", "solid:1234567",
		"solid:zzzzzz", "bogus", "", NULL };
	for (size_t i = 0; bad[i] != NULL; i++) {
		ok = CHECK(!pattern_parse(bad[i], &p), "\"%s\" parses", bad[i]) && ok;
	}
	return ok;
}

static bool write_rgb_png(const char *path, int width, int height) {
	png_image png = {
		.version = PNG_IMAGE_VERSION,
		.width = (png_uint_32)width,
		.height = (png_uint_32)height,
		.format = PNG_FORMAT_RGB,
	};
	unsigned char *rgb = malloc((size_t)width * (size_t)height * 3);
	if (rgb == NULL) {
		return false;
	}
	for (int i = 0; i < width * height; i++) {
		rgb[i * 3] = (unsigned char)i;
		rgb[i * 3 + 1] = 0x80;
		rgb[i * 3 + 2] = 0xfe;
	}
	bool ok = png_image_write_to_file(&png, path, 0, rgb, 0, NULL) != 0;
	free(rgb);
	return ok;
}

static uint32_t expect_coords(void *data, int rx, int ry) {
	struct pattern coords = { .kind = PATTERN_COORDS };
	return pattern_pixel(&coords, rx, ry, 300, 20);
}

static bool test_images(const void *data) {
	char *dir = harness_mkdtemp();
	REQUIRE(dir != NULL, "no temporary dir");
	char path[4200];
	snprintf(path, sizeof(path), "%s/a.png", dir);

	struct image *image = image_create(300, 20);
	REQUIRE(image != NULL, "image_create");
	struct pattern coords = { .kind = PATTERN_COORDS };
	for (int y = 0; y < 20; y++) {
		for (int x = 0; x < 300; x++) {
			image_set(image, x, y, pattern_pixel(&coords, x, y, 300, 20));
		}
	}
	image_set(image, 7, 3, 0x80010203u); // alpha survives
	bool ok = CHECK(image_save_png(image, path), "save");
	struct image *loaded = image_load_png(path);
	ok = CHECK(loaded != NULL && loaded->width == 300 && loaded->height == 20 &&
						 memcmp(loaded->pixels, image->pixels, 300 * 20 * 4) ==
								 0,
				 "RGBA round trip") &&
			ok;

	// One wrong pixel is found, counted and located.
	struct image_mismatch m;
	struct image_region all = { 0, 0, 300, 20 };
	long count =
			loaded ? image_compare(loaded, all, expect_coords, NULL, &m) : 0;
	ok = CHECK(count == 1 && m.x == 7 && m.y == 3 && m.actual == 0x80010203u &&
						 m.expected == pattern_pixel(&coords, 7, 3, 300, 20),
				 "compare: count %ld at %d,%d", count, m.x, m.y) &&
			ok;
	struct image_region part = { 10, 5, 100, 10 };
	ok = CHECK(loaded && pattern_mismatches(loaded, part, &coords, 300, 20) > 0,
				 "a region is compared from its own origin") &&
			ok;
	struct image_region outside = { 250, 0, 100, 20 };
	ok = CHECK(loaded &&
						 image_compare(loaded, outside, expect_coords, NULL,
								 NULL) == -1,
				 "a region outside the image is refused") &&
			ok;
	image_destroy(loaded);
	image_destroy(image);

	snprintf(path, sizeof(path), "%s/rgb.png", dir);
	ok = CHECK(write_rgb_png(path, 5, 2), "write RGB PNG") && ok;
	loaded = image_load_png(path);
	ok = CHECK(loaded != NULL && loaded->width == 5 && loaded->height == 2 &&
						 image_get(loaded, 3, 1) == 0xff0880feu,
				 "RGB load: 0x%08x", loaded ? image_get(loaded, 3, 1) : 0) &&
			ok;
	image_destroy(loaded);

	snprintf(path, sizeof(path), "%s/not.png", dir);
	FILE *f = fopen(path, "w");
	if (f != NULL) {
		fputs("not a png", f);
		fclose(f);
	}
	ok = CHECK(image_load_png(path) == NULL, "garbage loads") && ok;
	harness_remove_tree(dir);
	free(dir);
	return ok;
}

static bool test_processes(const void *data) {
	const char *echo[] = { "sh", "-c", "echo hello; echo world; exit 3", NULL };
	char *out = NULL;
	bool ok = CHECK(harness_run(NULL, echo, 5000, &out) == 3, "exit code");
	ok = CHECK(out != NULL && strcmp(out, "hello\nworld\n") == 0,
				 "output \"%s\"", out ? out : "") &&
			ok;
	free(out);

	const char *killed[] = { "sh", "-c", "kill -9 $$", NULL };
	ok = CHECK(harness_run(NULL, killed, 5000, NULL) == 128 + 9,
				 "killed by SIGKILL") &&
			ok;

	const char *reader[] = {
		"sh",
		"-c",
		"echo start; read x; echo got $x; echo partial | tr -d '\\n'",
		NULL,
	};
	struct harness_client *c = harness_spawn(NULL, "reader", reader);
	REQUIRE(c != NULL, "spawn");
	char *line = harness_client_wait_line(c, "start", 5000);
	ok = CHECK(line && strcmp(line, "start") == 0, "first line") && ok;
	free(line);
	// Nothing more comes until it is sent something.
	ok = CHECK(harness_client_next_line(c, 100) == NULL, "timeout") && ok;
	ok = CHECK(harness_client_send(c, "abc %d", 7), "send") && ok;
	line = harness_client_wait_line(c, "got", 5000);
	ok = CHECK(line && strcmp(line, "got abc 7") == 0, "reply \"%s\"",
				 line ? line : "") &&
			ok;
	free(line);
	line = harness_client_next_line(c, 5000);
	ok = CHECK(line && strcmp(line, "partial") == 0,
				 "an unterminated last line still counts") &&
			ok;
	free(line);
	ok = CHECK(harness_client_wait_exit(c, 5000) == 0, "exit 0") && ok;
	ok = CHECK(harness_client_wait_line(c, "x", 100) == NULL, "eof") && ok;
	harness_client_kill(c);

	const char *sleeper[] = { "sleep", "30", NULL };
	c = harness_spawn(NULL, "sleeper", sleeper);
	REQUIRE(c != NULL, "spawn");
	ok = CHECK(harness_client_running(c), "running") && ok;
	ok = CHECK(harness_client_wait_exit(c, 50) == -1, "still running") && ok;
	int64_t start = harness_now_ms();
	harness_client_kill(c);
	ok = CHECK(harness_now_ms() - start < 1500, "SIGTERM is enough") && ok;
	return ok;
}

/* json_string_is, which the tests' gridctl predicates rest on. */
static bool test_json(const void *data) {
	struct json_object *reply = json_tokener_parse(
			"{\"mode\": {\"name\": \"1280x720\", \"width\": 1280},"
			" \"state\": \"applied\", \"none\": null}");
	REQUIRE(reply != NULL, "no JSON");
	bool ok = CHECK(json_string_is(reply, "state", "applied"), "top level");
	ok = CHECK(json_string_is(reply, "mode.name", "1280x720"), "dotted") && ok;
	ok = CHECK(!json_string_is(reply, "state", "applie"), "a prefix") && ok;
	ok = CHECK(!json_string_is(reply, "state", "applied "), "longer") && ok;
	ok = CHECK(!json_string_is(reply, "mode.width", "1280"), "an int") && ok;
	ok = CHECK(!json_string_is(reply, "none", "null"), "null") && ok;
	ok = CHECK(!json_string_is(reply, "absent", "x"), "absent") && ok;
	ok = CHECK(!json_string_is(NULL, "state", "applied"), "no object") && ok;
	json_object_put(reply);
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "patterns", test_patterns, NULL);
	check_run(&suite, "images", test_images, NULL);
	check_run(&suite, "processes", test_processes, NULL);
	check_run(&suite, "json", test_json, NULL);
	return check_finish(&suite);
}
