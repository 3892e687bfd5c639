#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config-parse-checks.h"
#include "output-key-checks.h"

/* The setting of a value the key takes; exits when it takes no such. */
static int setting_of(const struct output_key *k, const char *value) {
	for (size_t i = 0; i < k->count; i++) {
		if (strcmp(k->values[i].value, value) == 0) {
			return k->values[i].setting;
		}
	}
	fprintf(stderr, "%s takes no value '%s'\n", k->key, value);
	exit(1);
}

void check_output_key_values(const struct output_key *k) {
	for (size_t i = 0; i < k->count; i++) {
		struct gridwl_config *config = gridwl_config_create();
		char line[64];
		snprintf(line, sizeof(line), "output DP-1 %s %s", k->key,
				k->values[i].value);
		parse_ok(config, line);
		int setting = -1;
		CHECK(k->get(first_output(config), &setting) &&
				setting == k->values[i].setting);
		CHECK(strcmp(k->name(setting), k->values[i].value) == 0);
		gridwl_config_destroy(config);
	}
}

void check_output_key_merge(const struct output_key *k, int first, int other) {
	struct gridwl_output_config *dst = gridwl_output_config_create("A");
	struct gridwl_output_config *src = gridwl_output_config_create("A");
	k->set(src, true, first);
	gridwl_output_config_merge(dst, src);
	int setting = -1;
	CHECK(k->get(dst, &setting) && setting == first);
	k->set(src, false, other);
	gridwl_output_config_merge(dst, src);
	k->get(dst, &setting);
	CHECK(setting == first);
	gridwl_output_config_destroy(src);
	gridwl_output_config_destroy(dst);
}

void check_output_key_file(const struct output_key *k, const char *good,
		const char *comment, const char *bad) {
	char text[256];
	snprintf(text, sizeof(text), "output DP-1 %s %s\n%s\noutput DP-2 %s %s\n",
			k->key, good, comment, k->key, bad);
	char want[512];
	snprintf(want, sizeof(want), "%s'%s'", k->refusal, bad);
	load_refused(text, 3, want);
}

void check_output_key_words(const struct output_key *k, const char *good,
		const char *other, const char *bad) {
	struct gridwl_output_config *oc = gridwl_output_config_create("DP-1");
	char *good_words[] = { (char *)k->key, (char *)good };
	char *error = NULL;
	CHECK(gridwl_output_config_parse_words(oc, 2, good_words, "gridctl",
			&error));
	char *bad_words[] = { (char *)k->key, (char *)other, "scale", "2",
		(char *)k->key, (char *)bad };
	CHECK(!gridwl_output_config_parse_words(oc, 6, bad_words, "gridctl",
			&error));
	char want[256];
	snprintf(want, sizeof(want), "gridctl: %s'%s'", k->refusal, bad);
	CHECK_MSG(strcmp(error, want) == 0, error);
	free(error);
	int setting = -1;
	k->get(oc, &setting);
	CHECK(setting == setting_of(k, good) && !oc->has_scale);
	gridwl_output_config_destroy(oc);
}

void check_output_key_listed(const struct output_key *k) {
	bool found = false;
	for (size_t i = 0; gridwl_output_config_key(i) != NULL; i++) {
		found = found || strcmp(gridwl_output_config_key(i), k->key) == 0;
	}
	CHECK(found);
}
