#ifndef GRIDWL_TESTS_CONFIG_OUTPUT_KEY_CHECKS_H
#define GRIDWL_TESTS_CONFIG_OUTPUT_KEY_CHECKS_H

#include <stdbool.h>
#include <stddef.h>
#include "config/config.h"

/*
 * The checks every output key of a closed set of values gets (transform,
 * adaptive-sync): each value parsed and named back, merged like the other
 * keys, a bad value refused with FILE:LINE from a file and with gridctl's
 * prefix from gridctl's words (leaving the config as it was), and the key
 * in the table the man-pages test reads. What is particular to a key (its
 * bad spellings, the lines it shares) stays in its own test.
 */

struct output_key_value {
	const char *value; // as written in a config line
	int setting; // what the parser stores
};

struct output_key {
	const char *key; // "transform"
	const struct output_key_value *values;
	size_t count;
	/* Whether oc has the key, and its setting into *setting. */
	bool (*get)(const struct gridwl_output_config *oc, int *setting);
	void (*set)(struct gridwl_output_config *oc, bool has, int setting);
	const char *(*name)(int setting);
	/* The error for a bad value, up to the quoted value. */
	const char *refusal;
};

/* Each value on a line of its own: set, and named back as written. */
void check_output_key_values(const struct output_key *k);
/* A merge takes a set value (first) and leaves it for an unset one. */
void check_output_key_merge(const struct output_key *k, int first, int other);
/* A file with good (a value) on line 1, comment on line 2 and bad on line
 * 3 fails at FILE:3 and adds no output. */
void check_output_key_file(const struct output_key *k, const char *good,
		const char *comment, const char *bad);
/* gridctl's words: KEY good is taken; KEY other scale 2 KEY bad is
 * refused with gridctl's prefix and leaves good, and no scale. */
void check_output_key_words(const struct output_key *k, const char *good,
		const char *other, const char *bad);
/* The key is in gridwl_output_config_key's table. */
void check_output_key_listed(const struct output_key *k);

#endif
