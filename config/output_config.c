#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/blank.h"
#include "config/config.h"
#include "config/scale.h"
#include "config/transform.h"

#define MAX_MODE_SIZE 16384
/* No real mode comes near this; the bound keeps millihertz well inside int. */
#define MAX_REFRESH_HZ 1000
/* Far beyond any layout, yet x + width cannot overflow an int. */
#define MAX_POSITION 1000000

static bool is_digit(char c) {
	return c >= '0' && c <= '9';
}

const char *gridwl_filter_name(enum gridwl_filter filter) {
	switch (filter) {
	case GRIDWL_FILTER_NEAREST:
		return "nearest";
	case GRIDWL_FILTER_BILINEAR:
		return "bilinear";
	}
	return "unknown";
}

const char *gridwl_adaptive_sync_name(enum gridwl_adaptive_sync setting) {
	switch (setting) {
	case GRIDWL_ADAPTIVE_SYNC_OFF:
		return "off";
	case GRIDWL_ADAPTIVE_SYNC_ON:
		return "on";
	case GRIDWL_ADAPTIVE_SYNC_AUTO:
		return "auto";
	}
	return "unknown";
}

struct gridwl_output_config *gridwl_output_config_create(const char *name) {
	struct gridwl_output_config *oc = calloc(1, sizeof(*oc));
	if (oc == NULL) {
		return NULL;
	}
	oc->name = strdup(name);
	if (oc->name == NULL) {
		free(oc);
		return NULL;
	}
	wl_list_init(&oc->link);
	oc->enabled = -1;
	oc->power = -1;
	return oc;
}

void gridwl_output_config_destroy(struct gridwl_output_config *oc) {
	if (oc == NULL) {
		return;
	}
	free(oc->name);
	free(oc);
}

void gridwl_output_config_merge(struct gridwl_output_config *dst,
		const struct gridwl_output_config *src) {
	if (src->has_mode) {
		dst->has_mode = true;
		dst->width = src->width;
		dst->height = src->height;
		dst->refresh_mhz = src->refresh_mhz;
	}
	if (src->has_scale) {
		dst->has_scale = true;
		dst->scale120 = src->scale120;
		dst->scale_rounded = src->scale_rounded;
	}
	if (src->has_position) {
		dst->has_position = true;
		dst->x = src->x;
		dst->y = src->y;
		dst->relation = GRIDWL_RELATION_NONE;
	}
	if (src->relation != GRIDWL_RELATION_NONE) {
		dst->has_position = false;
		dst->relation = src->relation;
		dst->align = src->align;
		memcpy(dst->relative_to, src->relative_to, sizeof(dst->relative_to));
	}
	if (src->has_filter) {
		dst->has_filter = true;
		dst->filter = src->filter;
	}
	if (src->enabled != -1) {
		dst->enabled = src->enabled;
	}
	if (src->power != -1) {
		dst->power = src->power;
	}
	if (src->has_adaptive_sync) {
		dst->has_adaptive_sync = true;
		dst->adaptive_sync = src->adaptive_sync;
	}
	if (src->has_transform) {
		dst->has_transform = true;
		dst->transform = src->transform;
	}
}

/*
 * Reads a run of decimal digits at *s and advances past it. Done by hand
 * rather than with strtol so that signs, blanks and overflow are refused
 * instead of being quietly accepted or clamped.
 */
static bool read_digits(const char **s, long max, long *value) {
	const char *p = *s;
	if (!is_digit(*p)) {
		return false;
	}
	long v = 0;
	for (; is_digit(*p); p++) {
		int digit = *p - '0';
		// Written so that v * 10 + digit > max cannot overflow.
		if (digit > max || v > (max - digit) / 10) {
			return false;
		}
		v = v * 10 + digit;
	}
	*s = p;
	*value = v;
	return true;
}

static bool read_int(const char **s, long min, long max, long *value) {
	bool negative = **s == '-';
	const char *p = negative ? *s + 1 : *s;
	long v;
	if (!read_digits(&p, negative ? -min : max, &v)) {
		return false;
	}
	*value = negative ? -v : v;
	*s = p;
	return *value >= min && *value <= max;
}

/* "HZ" or "HZ.FRACTION", rounded to the nearest millihertz. */
static bool parse_refresh(const char *s, int *mhz) {
	long hz;
	if (!read_digits(&s, MAX_REFRESH_HZ, &hz)) {
		return false;
	}
	long millis = 0;
	if (*s == '.') {
		s++;
		if (!is_digit(*s)) {
			return false;
		}
		long scale = 100;
		for (; is_digit(*s); s++) {
			if (scale > 0) {
				millis += (*s - '0') * scale;
				scale /= 10;
			} else if (scale == 0) {
				// Only the first digit past millihertz decides rounding.
				if (*s >= '5') {
					millis++;
				}
				scale = -1;
			}
		}
	}
	if (*s != '\0') {
		return false;
	}
	long total = hz * 1000 + millis;
	if (total <= 0 || total > (long)MAX_REFRESH_HZ * 1000) {
		return false;
	}
	*mhz = (int)total;
	return true;
}

static bool parse_mode(struct gridwl_output_config *oc, const char *value,
		const char *where, char **error) {
	const char *s = value;
	long width, height;
	if (!read_digits(&s, MAX_MODE_SIZE, &width) || *s != 'x') {
		goto bad_size;
	}
	s++;
	if (!read_digits(&s, MAX_MODE_SIZE, &height)) {
		goto bad_size;
	}
	if (width < 1 || height < 1 || (*s != '\0' && *s != '@')) {
		goto bad_size;
	}
	int refresh_mhz = 0;
	if (*s == '@' && !parse_refresh(s + 1, &refresh_mhz)) {
		return gridwl_config_error(error, where,
				"mode refresh rate must be a positive number of Hz "
				"up to %d, got '%s'",
				MAX_REFRESH_HZ, value);
	}
	oc->has_mode = true;
	oc->width = (int)width;
	oc->height = (int)height;
	oc->refresh_mhz = refresh_mhz;
	return true;

bad_size:
	return gridwl_config_error(error, where,
			"mode must be WIDTHxHEIGHT[@HZ] with sizes from 1 to %d, got '%s'",
			MAX_MODE_SIZE, value);
}

static bool parse_scale(struct gridwl_output_config *oc, const char *value,
		const char *where, char **error) {
	int scale120 = GRIDWL_SCALE120_AUTO;
	bool exact = true;
	if (strcmp(value, "auto") != 0 &&
			!gridwl_scale_parse(value, &scale120, &exact)) {
		return gridwl_config_error(error, where,
				"scale must be auto or a number from %d to %d (1.25, 1.5, "
				"2...), got '%s'",
				GRIDWL_SCALE_MIN, GRIDWL_SCALE_MAX, value);
	}
	oc->has_scale = true;
	oc->scale120 = scale120;
	oc->scale_rounded = !exact;
	return true;
}

static bool parse_position(struct gridwl_output_config *oc, const char *value,
		const char *where, char **error) {
	const char *s = value;
	long x, y;
	if (!read_int(&s, -MAX_POSITION, MAX_POSITION, &x) || *s != ',') {
		goto bad;
	}
	s++;
	if (!read_int(&s, -MAX_POSITION, MAX_POSITION, &y) || *s != '\0') {
		goto bad;
	}
	oc->has_position = true;
	oc->x = (int)x;
	oc->y = (int)y;
	oc->relation = GRIDWL_RELATION_NONE;
	return true;

bad:
	return gridwl_config_error(error, where,
			"position must be X,Y with integers from %d to %d, got '%s'",
			-MAX_POSITION, MAX_POSITION, value);
}

static bool parse_filter(struct gridwl_output_config *oc, const char *value,
		const char *where, char **error) {
	if (strcmp(value, "nearest") == 0) {
		oc->filter = GRIDWL_FILTER_NEAREST;
	} else if (strcmp(value, "bilinear") == 0) {
		oc->filter = GRIDWL_FILTER_BILINEAR;
	} else {
		return gridwl_config_error(error, where,
				"filter must be nearest or bilinear, got '%s'", value);
	}
	oc->has_filter = true;
	return true;
}

static bool parse_on_off(struct gridwl_output_config *oc, const char *key,
		const char *value, const char *where, char **error) {
	if (strcmp(value, "on") == 0) {
		oc->power = 1;
	} else if (strcmp(value, "off") == 0) {
		oc->power = 0;
	} else {
		return gridwl_config_error(error, where,
				"%s must be on or off, got '%s'", key, value);
	}
	return true;
}

static bool parse_power(struct gridwl_output_config *oc, const char *value,
		const char *where, char **error) {
	return parse_on_off(oc, "power", value, where, error);
}

/* sway 1.7's name for it, which swayidle configs copied from sway use. */
static bool parse_dpms(struct gridwl_output_config *oc, const char *value,
		const char *where, char **error) {
	return parse_on_off(oc, "dpms", value, where, error);
}

static bool parse_adaptive_sync(struct gridwl_output_config *oc,
		const char *value, const char *where, char **error) {
	static const enum gridwl_adaptive_sync settings[] = {
		GRIDWL_ADAPTIVE_SYNC_OFF,
		GRIDWL_ADAPTIVE_SYNC_ON,
		GRIDWL_ADAPTIVE_SYNC_AUTO,
	};
	for (size_t i = 0; i < sizeof(settings) / sizeof(settings[0]); i++) {
		if (strcmp(value, gridwl_adaptive_sync_name(settings[i])) == 0) {
			oc->has_adaptive_sync = true;
			oc->adaptive_sync = settings[i];
			return true;
		}
	}
	return gridwl_config_error(error, where,
			"adaptive-sync must be on, off or auto, got '%s'", value);
}

static bool parse_transform(struct gridwl_output_config *oc, const char *value,
		const char *where, char **error) {
	if (!gridwl_transform_parse(value, &oc->transform)) {
		return gridwl_config_error(error, where,
				"transform must be normal, 90, 180, 270, flipped, flipped-90, "
				"flipped-180 or flipped-270, got '%s'",
				value);
	}
	oc->has_transform = true;
	return true;
}

static const struct {
	const char *name;
	enum gridwl_output_relation relation;
	// The alignments it takes, start, centre, end.
	const char *align[3];
} relations[] = {
	{ "right-of", GRIDWL_RELATION_RIGHT_OF, { "top", "center", "bottom" } },
	{ "left-of", GRIDWL_RELATION_LEFT_OF, { "top", "center", "bottom" } },
	{ "above", GRIDWL_RELATION_ABOVE, { "left", "center", "right" } },
	{ "below", GRIDWL_RELATION_BELOW, { "left", "center", "right" } },
};

/* "position RELATION OTHER [ALIGN]" from argv[*i] ("position") on; *i is
 * left on the last word used. False when argv[*i + 1] is no relation,
 * with *error unset; on a bad OTHER or ALIGN, false and *error. */
static bool parse_relative_position(struct gridwl_output_config *oc, int argc,
		char **argv, int *i, const char *where, char **error) {
	size_t r = 0;
	for (; r < sizeof(relations) / sizeof(relations[0]); r++) {
		if (*i + 1 < argc && strcmp(argv[*i + 1], relations[r].name) == 0) {
			break;
		}
	}
	if (r == sizeof(relations) / sizeof(relations[0])) {
		return false;
	}
	if (*i + 2 >= argc) {
		return gridwl_config_error(error, where,
				"position %s needs the name of another output",
				relations[r].name);
	}
	if (strcmp(oc->name, "*") == 0) {
		return gridwl_config_error(error, where,
				"output * cannot be placed %s one output", relations[r].name);
	}
	const char *other = argv[*i + 2];
	if (strlen(other) >= GRIDWL_OUTPUT_NAME_MAX || strcmp(other, "*") == 0) {
		return gridwl_config_error(error, where,
				"position %s needs the name of another output, got '%s'",
				relations[r].name, other);
	}
	if (strcmp(other, oc->name) == 0) {
		return gridwl_config_error(error, where,
				"output %s cannot be placed %s itself", oc->name,
				relations[r].name);
	}
	oc->align = GRIDWL_ALIGN_START;
	int used = 2;
	if (*i + 3 < argc) {
		for (int a = 0; a < 3; a++) {
			if (strcmp(argv[*i + 3], relations[r].align[a]) == 0) {
				oc->align = (enum gridwl_output_align)a;
				used = 3;
			}
		}
	}
	oc->relation = relations[r].relation;
	snprintf(oc->relative_to, sizeof(oc->relative_to), "%s", other);
	oc->has_position = false;
	*i += used;
	return true;
}

void gridwl_output_config_place(const struct gridwl_output_config *oc,
		int other_x, int other_y, int other_width, int other_height, int width,
		int height, int *x, int *y) {
	bool beside = oc->relation == GRIDWL_RELATION_RIGHT_OF ||
			oc->relation == GRIDWL_RELATION_LEFT_OF;
	// Along the shared edge.
	int start = beside ? other_y : other_x;
	int room = beside ? other_height - height : other_width - width;
	int along = oc->align == GRIDWL_ALIGN_START ? start :
			oc->align == GRIDWL_ALIGN_CENTER    ? start + room / 2 :
												  start + room;
	switch (oc->relation) {
	case GRIDWL_RELATION_RIGHT_OF:
		*x = other_x + other_width;
		*y = along;
		break;
	case GRIDWL_RELATION_LEFT_OF:
		*x = other_x - width;
		*y = along;
		break;
	case GRIDWL_RELATION_ABOVE:
		*x = along;
		*y = other_y - height;
		break;
	case GRIDWL_RELATION_BELOW:
		*x = along;
		*y = other_y + other_height;
		break;
	case GRIDWL_RELATION_NONE:
		*x = oc->x;
		*y = oc->y;
		break;
	}
}

bool gridwl_output_config_check_relation(const struct gridwl_config *config,
		const struct gridwl_output_config *oc, const char *where,
		char **error) {
	if (oc->relation == GRIDWL_RELATION_NONE) {
		return true;
	}
	if (gridwl_config_find_output(config, oc->relative_to) == NULL) {
		return gridwl_config_error(error, where,
				"output %s is placed against %s, which no output line "
				"before it names",
				oc->name, oc->relative_to);
	}
	// Follows the chain from the other output; a chain longer than the
	// number of lines has a cycle of its own, already refused.
	const char *next = oc->relative_to;
	int steps = wl_list_length(&config->outputs) + 1;
	while (steps-- > 0) {
		if (strcmp(next, oc->name) == 0) {
			return gridwl_config_error(error, where,
					"output %s placed against %s makes a cycle of relative "
					"positions",
					oc->name, oc->relative_to);
		}
		const struct gridwl_output_config *line =
				gridwl_config_find_output(config, next);
		if (line == NULL || line->relation == GRIDWL_RELATION_NONE) {
			return true;
		}
		next = line->relative_to;
	}
	return true;
}

typedef bool (*value_parser)(struct gridwl_output_config *oc, const char *value,
		const char *where, char **error);

static const struct {
	const char *key;
	value_parser parse;
} value_keys[] = {
	{ "mode", parse_mode },
	{ "scale", parse_scale },
	{ "position", parse_position },
	{ "filter", parse_filter },
	{ "power", parse_power },
	{ "dpms", parse_dpms },
	{ "adaptive-sync", parse_adaptive_sync },
	{ "transform", parse_transform },
};

// Keys that take no value.
static const struct {
	const char *key;
	int enabled;
} flag_keys[] = {
	{ "enable", 1 },
	{ "disable", 0 },
};

const char *gridwl_output_config_key(size_t index) {
	size_t values = sizeof(value_keys) / sizeof(value_keys[0]);
	if (index < values) {
		return value_keys[index].key;
	}
	index -= values;
	return index < sizeof(flag_keys) / sizeof(flag_keys[0]) ?
			flag_keys[index].key :
			NULL;
}

bool gridwl_output_config_parse_words(struct gridwl_output_config *oc, int argc,
		char **argv, const char *where, char **error) {
	// Parse into a copy so that a bad word leaves oc as it was.
	struct gridwl_output_config parsed = *oc;

	for (int i = 0; i < argc; i++) {
		const char *key = argv[i];
		bool is_flag = false;
		for (size_t j = 0; j < sizeof(flag_keys) / sizeof(flag_keys[0]); j++) {
			if (strcmp(key, flag_keys[j].key) == 0) {
				parsed.enabled = flag_keys[j].enabled;
				is_flag = true;
				break;
			}
		}
		if (is_flag) {
			continue;
		}
		char *relation_error = NULL;
		if (strcmp(key, "position") == 0) {
			if (parse_relative_position(&parsed, argc, argv, &i, where,
						&relation_error)) {
				continue;
			}
			if (relation_error != NULL) {
				*error = relation_error;
				return false;
			}
		}

		value_parser parse = NULL;
		for (size_t j = 0; j < sizeof(value_keys) / sizeof(value_keys[0]);
				j++) {
			if (strcmp(key, value_keys[j].key) == 0) {
				parse = value_keys[j].parse;
				break;
			}
		}
		if (parse == NULL) {
			return gridwl_config_error(error, where, "unknown output key '%s'",
					key);
		}
		if (i + 1 >= argc) {
			return gridwl_config_error(error, where, "missing value for '%s'",
					key);
		}
		if (!parse(&parsed, argv[++i], where, error)) {
			return false;
		}
	}

	*oc = parsed;
	return true;
}

/* Splits buf in place into its blank separated words; argv is malloc'd. */
static char **split_words(char *buf, int *argc) {
	size_t count = 0;
	for (const char *p = buf; *p != '\0'; p++) {
		if (!gridwl_config_is_blank(*p) &&
				(p == buf || gridwl_config_is_blank(p[-1]))) {
			count++;
		}
	}
	// argv is handed on with an int count.
	if (count >= INT_MAX) {
		return NULL;
	}

	char **argv = calloc(count + 1, sizeof(*argv));
	if (argv == NULL) {
		return NULL;
	}
	size_t n = 0;
	char *p = buf;
	while (n < count) {
		while (gridwl_config_is_blank(*p)) {
			p++;
		}
		argv[n++] = p;
		while (*p != '\0' && !gridwl_config_is_blank(*p)) {
			p++;
		}
		if (*p != '\0') {
			*p++ = '\0';
		}
	}
	*argc = (int)count;
	return argv;
}

struct gridwl_output_config *gridwl_output_config_parse(const char *text,
		const char *where, char **error) {
	char *buf = strdup(text);
	if (buf == NULL) {
		gridwl_config_error(error, where, "out of memory");
		return NULL;
	}
	int argc = 0;
	char **argv = split_words(buf, &argc);
	if (argv == NULL) {
		gridwl_config_error(error, where, "out of memory");
		free(buf);
		return NULL;
	}

	struct gridwl_output_config *oc = NULL;
	if (argc == 0) {
		gridwl_config_error(error, where, "output needs a name");
		goto out;
	}
	oc = gridwl_output_config_create(argv[0]);
	if (oc == NULL) {
		gridwl_config_error(error, where, "out of memory");
		goto out;
	}
	if (!gridwl_output_config_parse_words(oc, argc - 1, argv + 1, where,
				error)) {
		gridwl_output_config_destroy(oc);
		oc = NULL;
	}

out:
	free(argv);
	free(buf);
	return oc;
}

struct gridwl_output_config *gridwl_config_find_output(
		const struct gridwl_config *config, const char *name) {
	struct gridwl_output_config *oc;
	wl_list_for_each(oc, &config->outputs, link) {
		if (strcmp(oc->name, name) == 0) {
			return oc;
		}
	}
	return NULL;
}

void gridwl_config_add_output(struct gridwl_config *config,
		struct gridwl_output_config *oc) {
	struct gridwl_output_config *existing =
			gridwl_config_find_output(config, oc->name);
	if (existing != NULL) {
		gridwl_output_config_merge(existing, oc);
		gridwl_output_config_destroy(oc);
		return;
	}
	wl_list_insert(config->outputs.prev, &oc->link);
}

static void merge_named(struct gridwl_output_config *dst,
		const struct gridwl_config *config, const char *name) {
	// add_output keeps one line a name, but lists built by hand may not.
	const struct gridwl_output_config *oc;
	wl_list_for_each(oc, &config->outputs, link) {
		if (strcmp(oc->name, name) == 0) {
			gridwl_output_config_merge(dst, oc);
		}
	}
}

struct gridwl_output_config *gridwl_config_output_for(
		const struct gridwl_config *config, const char *name) {
	struct gridwl_output_config *result = gridwl_output_config_create(name);
	if (result == NULL) {
		return NULL;
	}
	merge_named(result, config, "*");
	if (strcmp(name, "*") != 0) {
		merge_named(result, config, name);
	}
	return result;
}
