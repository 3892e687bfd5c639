#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "check.h"

bool check_report(const char *file, int line, const char *cond, const char *fmt,
		...) {
	fprintf(stderr, "%s:%d: check failed: %s: ", file, line, cond);
	va_list args;
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fprintf(stderr, "\n");
	return false;
}

struct json_object *json_path(struct json_object *obj, const char *path,
		enum json_type type) {
	char key[256];
	const char *p = path;
	while (obj != NULL) {
		const char *dot = strchr(p, '.');
		size_t n = dot ? (size_t)(dot - p) : strlen(p);
		if (n >= sizeof(key) || !json_object_is_type(obj, json_type_object)) {
			return NULL;
		}
		memcpy(key, p, n);
		key[n] = '\0';
		struct json_object *member;
		if (!json_object_object_get_ex(obj, key, &member)) {
			return NULL;
		}
		if (dot == NULL) {
			return json_object_is_type(member, type) ? member : NULL;
		}
		obj = member;
		p = dot + 1;
	}
	return NULL;
}

static bool report_member(const char *file, int line, struct json_object *obj,
		const char *path, const char *want) {
	fprintf(stderr, "%s:%d: check failed: \"%s\" should be %s in %s\n", file,
			line, path, want,
			obj ? json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PLAIN) :
				  "(null)");
	return false;
}

bool check_json_int_at(const char *file, int line, struct json_object *obj,
		const char *path, int64_t want) {
	struct json_object *member = json_path(obj, path, json_type_int);
	if (member != NULL && json_object_get_int64(member) == want) {
		return true;
	}
	char text[64];
	snprintf(text, sizeof(text), "the integer %lld", (long long)want);
	return report_member(file, line, obj, path, text);
}

bool check_json_box_at(const char *file, int line, struct json_object *obj,
		int64_t x, int64_t y, int64_t width, int64_t height) {
	bool ok = check_json_int_at(file, line, obj, "x", x);
	ok = check_json_int_at(file, line, obj, "y", y) && ok;
	ok = check_json_int_at(file, line, obj, "width", width) && ok;
	return check_json_int_at(file, line, obj, "height", height) && ok;
}

bool check_json_string_at(const char *file, int line, struct json_object *obj,
		const char *path, const char *want) {
	struct json_object *member = json_path(obj, path, json_type_string);
	if (member != NULL && strcmp(json_object_get_string(member), want) == 0) {
		return true;
	}
	char text[512];
	snprintf(text, sizeof(text), "the string \"%s\"", want);
	return report_member(file, line, obj, path, text);
}

bool check_json_bool_at(const char *file, int line, struct json_object *obj,
		const char *path, bool want) {
	struct json_object *member = json_path(obj, path, json_type_boolean);
	if (member != NULL && json_object_get_boolean(member) == want) {
		return true;
	}
	return report_member(file, line, obj, path, want ? "true" : "false");
}

bool check_json_type_at(const char *file, int line, struct json_object *obj,
		const char *path, enum json_type type) {
	if (json_path(obj, path, type) != NULL) {
		return true;
	}
	char text[64];
	snprintf(text, sizeof(text), "of type %s", json_type_to_name(type));
	return report_member(file, line, obj, path, text);
}

bool json_string_is(struct json_object *obj, const char *path,
		const char *want) {
	struct json_object *value = json_path(obj, path, json_type_string);
	return value != NULL && strcmp(json_object_get_string(value), want) == 0;
}

struct json_object *json_array_find(struct json_object *array, const char *key,
		const char *value) {
	if (array == NULL || !json_object_is_type(array, json_type_array)) {
		return NULL;
	}
	size_t n = json_object_array_length(array);
	for (size_t i = 0; i < n; i++) {
		struct json_object *item = json_object_array_get_idx(array, i);
		struct json_object *member = json_path(item, key, json_type_string);
		if (member != NULL &&
				strcmp(json_object_get_string(member), value) == 0) {
			return item;
		}
	}
	return NULL;
}

int json_array_find_string(struct json_object *array, const char *value) {
	if (array == NULL || !json_object_is_type(array, json_type_array)) {
		return -1;
	}
	size_t n = json_object_array_length(array);
	for (size_t i = 0; i < n; i++) {
		struct json_object *item = json_object_array_get_idx(array, i);
		if (json_object_is_type(item, json_type_string) &&
				strcmp(json_object_get_string(item), value) == 0) {
			return (int)i;
		}
	}
	return -1;
}

void check_save_artifact(const struct image *image, const char *name) {
	const char *dir = getenv("GRIDWL_TEST_ARTIFACTS");
	if (dir == NULL || dir[0] == '\0') {
		dir = ".";
	}
	if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
		fprintf(stderr, "cannot create %s: %s\n", dir, strerror(errno));
		return;
	}
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s.png", dir, name);
	if (image_save_png(image, path)) {
		fprintf(stderr, "saved %s\n", path);
	}
}

struct pattern_expect {
	const struct pattern *pattern;
	int bw, bh;
};

static uint32_t expect_pattern(void *data, int rx, int ry) {
	struct pattern_expect *e = data;
	return pattern_pixel(e->pattern, rx, ry, e->bw, e->bh);
}

static uint32_t expect_solid(void *data, int rx, int ry) {
	return *(const uint32_t *)data;
}

static bool check_region(const char *file, int line, const struct image *image,
		struct image_region region, image_expect_func expect, void *data,
		const char *what, const char *name) {
	struct image_mismatch m;
	long count = image_compare(image, region, expect, data, &m);
	if (count == 0) {
		return true;
	}
	if (count < 0) {
		fprintf(stderr,
				"%s:%d: check failed: region %dx%d at %d,%d is not "
				"within the %dx%d image %s\n",
				file, line, region.width, region.height, region.x, region.y,
				image->width, image->height, name);
		return false;
	}
	fprintf(stderr,
			"%s:%d: check failed: %s: %ld of %ld pixels of the "
			"%dx%d region at %d,%d differ; first at image %d,%d (region %d,%d): "
			"expected 0x%08x, got 0x%08x\n",
			file, line, name, count, (long)region.width * region.height,
			region.width, region.height, region.x, region.y, m.x, m.y,
			m.x - region.x, m.y - region.y, m.expected, m.actual);
	char artifact[512];
	snprintf(artifact, sizeof(artifact), "%s-actual", name);
	check_save_artifact(image, artifact);
	struct image *diff = image_diff(image, region, expect, data);
	if (diff != NULL) {
		snprintf(artifact, sizeof(artifact), "%s-diff-%s", name, what);
		check_save_artifact(diff, artifact);
		image_destroy(diff);
	}
	return false;
}

bool check_pattern_at(const char *file, int line, const struct image *image,
		struct image_region region, const struct pattern *pattern, int bw,
		int bh, const char *name) {
	struct pattern_expect e = { .pattern = pattern, .bw = bw, .bh = bh };
	char what[64];
	return check_region(file, line, image, region, expect_pattern, &e,
			pattern_format(pattern, what, sizeof(what)), name);
}

long pattern_mismatches(const struct image *image, struct image_region region,
		const struct pattern *pattern, int bw, int bh) {
	struct pattern_expect e = { .pattern = pattern, .bw = bw, .bh = bh };
	return image_compare(image, region, expect_pattern, &e, NULL);
}

bool check_solid_at(const char *file, int line, const struct image *image,
		struct image_region region, uint32_t colour, const char *name) {
	return check_region(file, line, image, region, expect_solid, &colour,
			"solid", name);
}

void check_run(struct check_suite *suite, const char *name,
		bool (*test)(const void *data), const void *data) {
	fprintf(stderr, "# ---- %s\n", name);
	bool ok = test(data);
	suite->run++;
	if (!ok) {
		suite->failed++;
	}
	fflush(stderr);
	printf("%s %d - %s\n", ok ? "ok" : "not ok", suite->run, name);
	fflush(stdout);
}

bool check_cases(const void *data) {
	const struct check_cases *cases = data;
	bool ok = true;
	for (size_t i = 0; i < cases->count; i++) {
		ok = cases->check((const char *)cases->cases + i * cases->size) && ok;
	}
	return ok;
}

void check_skip(struct check_suite *suite, const char *name,
		const char *reason) {
	suite->run++;
	printf("ok %d - %s # SKIP %s\n", suite->run, name, reason);
	fflush(stdout);
}

int check_finish(struct check_suite *suite) {
	printf("1..%d\n", suite->run);
	fflush(stdout);
	return suite->failed == 0 && suite->run > 0 ? 0 : 1;
}

int check_main(const char *name, bool (*test)(const void *data),
		const void *data) {
	struct check_suite suite = { 0 };
	check_run(&suite, name, test, data);
	return check_finish(&suite);
}

int check_main_table(const void *cases, size_t count, size_t size,
		bool (*test)(const void *data)) {
	struct check_suite suite = { 0 };
	for (size_t i = 0; i < count; i++) {
		const void *c = (const char *)cases + i * size;
		// A struct's address is its first member's.
		check_run(&suite, *(const char *const *)c, test, c);
	}
	return check_finish(&suite);
}
