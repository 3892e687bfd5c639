#include <string.h>
#include "config-parse-checks.h"

bool starts_with(const char *s, const char *prefix) {
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

void parse_ok(struct gridwl_config *config, const char *line) {
	char *error = NULL;
	bool ok = gridwl_config_parse_line(config, line, WHERE, &error);
	if (!ok) {
		fprintf(stderr, "line '%s' was refused: %s\n", line,
				error != NULL ? error : "(null)");
		exit(1);
	}
	CHECK(error == NULL);
}

void parse_error(const char *line, const char *want) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	char *error = NULL;
	bool ok = gridwl_config_parse_line(config, line, WHERE, &error);
	if (ok || error == NULL || !starts_with(error, WHERE ": ") ||
			strstr(error, want) == NULL) {
		fprintf(stderr,
				"line '%s': expected an error containing '%s', "
				"got %s\n",
				line, want,
				ok                    ? "success" :
						error != NULL ? error :
										"(null)");
		exit(1);
	}
	// A failed line adds nothing.
	CHECK(wl_list_empty(&config->outputs));
	CHECK(wl_list_empty(&config->bindings));
	CHECK(wl_list_empty(&config->execs));
	CHECK(wl_list_empty(&config->window_rules));
	free(error);
	gridwl_config_destroy(config);
}
