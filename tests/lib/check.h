#ifndef GRIDWL_TESTS_CHECK_H
#define GRIDWL_TESTS_CHECK_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "image.h"
#include "pattern.h"

/*
 * Checks for the integration tests. Each reports where it failed and why and
 * evaluates to false, so tests are plain functions returning bool:
 *
 *	REQUIRE(h != NULL, "gridwl did not start");
 *	ok = CHECK(x == 3, "x is %d", x) && ok;
 *
 * REQUIRE returns false from the enclosing function; CHECK does not, for
 * checks after which the test can usefully go on.
 */

bool check_report(const char *file, int line, const char *cond, const char *fmt,
		...) __attribute__((format(printf, 4, 5)));

#define CHECK(cond, ...) \
	((cond) ? true : check_report(__FILE__, __LINE__, #cond, __VA_ARGS__))
#define REQUIRE(cond, ...) \
	do { \
		if (!(cond)) { \
			check_report(__FILE__, __LINE__, #cond, __VA_ARGS__); \
			return false; \
		} \
	} while (0)

/* A member of obj by dotted path ("mode.width"), of the given type; NULL
 * when absent or of another type, or when obj is NULL (so lookups chain
 * without a test of their own). */
struct json_object *json_path(struct json_object *obj, const char *path,
		enum json_type type);

bool check_json_int_at(const char *file, int line, struct json_object *obj,
		const char *path, int64_t want);
bool check_json_string_at(const char *file, int line, struct json_object *obj,
		const char *path, const char *want);
bool check_json_bool_at(const char *file, int line, struct json_object *obj,
		const char *path, bool want);
bool check_json_type_at(const char *file, int line, struct json_object *obj,
		const char *path, enum json_type type);

#define CHECK_JSON_INT(obj, path, want) \
	check_json_int_at(__FILE__, __LINE__, (obj), (path), (want))
#define CHECK_JSON_STRING(obj, path, want) \
	check_json_string_at(__FILE__, __LINE__, (obj), (path), (want))
#define CHECK_JSON_BOOL(obj, path, want) \
	check_json_bool_at(__FILE__, __LINE__, (obj), (path), (want))
#define CHECK_JSON_TYPE(obj, path, type) \
	check_json_type_at(__FILE__, __LINE__, (obj), (path), (type))

/* The integers x, y, width and height of obj (a window's or an output's
 * box in gridctl's replies), each checked and reported. */
bool check_json_box_at(const char *file, int line, struct json_object *obj,
		int64_t x, int64_t y, int64_t width, int64_t height);
#define CHECK_JSON_BOX(obj, x, y, width, height) \
	check_json_box_at(__FILE__, __LINE__, (obj), (x), (y), (width), (height))

/* Whether the member of obj at path is the string want; false when it is
 * absent or of another type. For harness_wait_gridctl's predicates. */
bool json_string_is(struct json_object *obj, const char *path,
		const char *want);

/* The element of array whose member key is the string value, or NULL (also
 * when array is NULL or no array). */
struct json_object *json_array_find(struct json_object *array, const char *key,
		const char *value);

/* The index of the string value in array, or -1. */
int json_array_find_string(struct json_object *array, const char *value);

/* Compares region of image against the pattern as drawn into a buffer of
 * bw x bh pixels whose pixel (0, 0) is the region's top-left. On a mismatch
 * reports the first one and the count, and saves the image and a diff under
 * name in the artifacts directory. */
bool check_pattern_at(const char *file, int line, const struct image *image,
		struct image_region region, const struct pattern *pattern, int bw,
		int bh, const char *name);
#define CHECK_PATTERN(image, region, pattern, bw, bh, name) \
	check_pattern_at(__FILE__, __LINE__, (image), (region), (pattern), (bw), \
			(bh), (name))

/* The number of pixels of the region that differ from the pattern, -1 when
 * the region is not within the image; reports nothing, for polling. */
long pattern_mismatches(const struct image *image, struct image_region region,
		const struct pattern *pattern, int bw, int bh);

/* Compares a region against one colour, the same way. */
bool check_solid_at(const char *file, int line, const struct image *image,
		struct image_region region, uint32_t colour, const char *name);
#define CHECK_SOLID(image, region, colour, name) \
	check_solid_at(__FILE__, __LINE__, (image), (region), (colour), (name))

/* Where failure artifacts go: $GRIDWL_TEST_ARTIFACTS, else the working
 * directory. Saves image there as NAME.png and reports the path. */
void check_save_artifact(const struct image *image, const char *name);

/* The tests of one program, reported as TAP (meson's protocol: 'tap'). */
struct check_suite {
	int run, failed;
};

/* Runs one test case; data is passed on to it. */
void check_run(struct check_suite *suite, const char *name,
		bool (*test)(const void *data), const void *data);
/* A table of cases for one check_run: check is called on each (size bytes
 * apart), every one of them, and the test passes when all do. */
struct check_cases {
	const void *cases;
	size_t size, count;
	bool (*check)(const void *c);
};
/* The test of a struct check_cases, for check_run. */
bool check_cases(const void *data);
#define CHECK_CASES(table, check) \
	(&(const struct check_cases){ (table), sizeof((table)[0]), \
			sizeof(table) / sizeof((table)[0]), (check) })

/* Reports a case that cannot run here, with the reason, as a TAP skip. */
void check_skip(struct check_suite *suite, const char *name,
		const char *reason);
/* Prints the plan; returns the exit status for main. */
int check_finish(struct check_suite *suite);
/* The whole of main for a program of one case: check_run, check_finish. */
int check_main(const char *name, bool (*test)(const void *data),
		const void *data);
/* The main of a program whose cases are a table: count structs of size
 * bytes from cases, each one's first member its name (a const char *),
 * each run by test with the struct as its data. */
int check_main_table(const void *cases, size_t count, size_t size,
		bool (*test)(const void *data));
#define CHECK_MAIN_TABLE(cases, test) \
	check_main_table((cases), sizeof(cases) / sizeof((cases)[0]), \
			sizeof((cases)[0]), (test))

#endif
